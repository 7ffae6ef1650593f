/* Counter-based generator: chained splitmix64 finalisers over (seed, index,
 * counter). Each absorption step is a bijection of 64-bit words, so for a
 * fixed (seed, index) distinct counters give distinct outputs, and the final
 * double round decorrelates neighbouring counters (splitmix64's own argument:
 * a strong finaliser over a Weyl-like input passes BigCrush). */
#include "rng.h"

#include <math.h>

#define GOLDEN 0x9e3779b97f4a7c15ull
/* Mark the counters that normals draw their two uniforms from, keeping them
 * apart from each other and from eig_rng_uniform's. */
#define NORMAL_FIRST 0x8000000000000000ull
#define NORMAL_SECOND 0xc000000000000000ull

static uint64_t mix64(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

uint64_t eig_rng_u64(uint64_t seed, uint64_t index, uint64_t counter)
{
    uint64_t h = mix64(seed ^ 0x243f6a8885a308d3ull); /* key from seed */
    h = mix64(h + GOLDEN + index);
    h = mix64(h ^ counter);
    return mix64(h + GOLDEN);
}

static double bits_to_unit(uint64_t u) { return (double)(u >> 11) * 0x1.0p-53; }

double eig_rng_uniform(uint64_t seed, uint64_t index, uint64_t counter)
{
    return bits_to_unit(eig_rng_u64(seed, index, counter));
}

double eig_rng_normal(uint64_t seed, uint64_t index, uint64_t counter)
{
    uint64_t a = eig_rng_u64(seed, index, counter | NORMAL_FIRST);
    uint64_t b = eig_rng_u64(seed, index, counter | NORMAL_SECOND);
    double u1 = ((double)(a >> 11) + 1.0) * 0x1.0p-53; /* (0, 1]: log stays finite */
    double u2 = bits_to_unit(b);
    return sqrt(-2.0 * log(u1)) * cos(6.283185307179586476925 * u2);
}

/* Counter-based random numbers for the generator families.
 *
 * Every draw is a pure function of (seed, matrix index, counter): there is no
 * sequential state, so matrix i can be produced by any rank, in any order,
 * and always comes out bit-identical. The counter carries a stream number in
 * bits 48..61 (eig_rng_counter) so that separate purposes inside one
 * matrix (entries, imaginary parts, noise, ...) never share draws.
 *
 * One source for host and device (EIG_HD, as solvers/): io/families.c and
 * the GPU generator (gpu/generate_gpu.cu) compile these same lines.
 * Chained splitmix64 finalisers over (seed, index, counter): each absorption
 * step is a bijection of 64-bit words, so for a fixed (seed, index) distinct
 * counters give distinct outputs, and the final double round decorrelates
 * neighbouring counters (splitmix64's own argument: a strong finaliser over a
 * Weyl-like input passes BigCrush). The integer part and the uniforms are
 * exact on both sides; normals go through log and cos, which the host's libm
 * and CUDA round differently in the last bits (docs/format.md). */
#ifndef EIG_RNG_H
#define EIG_RNG_H

#include <stdint.h>

#include "eig_hd.h"

#define EIG_RNG_GOLDEN 0x9e3779b97f4a7c15ull
/* Mark the counters that normals draw their two uniforms from, keeping them
 * apart from each other and from eig_rng_uniform's. */
#define EIG_RNG_NORMAL_FIRST 0x8000000000000000ull
#define EIG_RNG_NORMAL_SECOND 0xc000000000000000ull

/* Counter for element k (< 2^48) of stream `stream` (< 2^14; bits 62-63 are
 * reserved for eig_rng_normal). */
EIG_HD uint64_t eig_rng_counter(unsigned stream, uint64_t k)
{
    return ((uint64_t)(stream & 0x3fffu) << 48) | (k & 0xffffffffffffull);
}

EIG_HD uint64_t eig_rng_mix64(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* 64 well-mixed bits. */
EIG_HD uint64_t eig_rng_u64(uint64_t seed, uint64_t index, uint64_t counter)
{
    uint64_t h = eig_rng_mix64(seed ^ 0x243f6a8885a308d3ull); /* key from seed */
    h = eig_rng_mix64(h + EIG_RNG_GOLDEN + index);
    h = eig_rng_mix64(h ^ counter);
    return eig_rng_mix64(h + EIG_RNG_GOLDEN);
}

/* Uniform in [0, 1), 53 random bits (exact: an integer times 2^-53). */
EIG_HD double eig_rng_uniform(uint64_t seed, uint64_t index, uint64_t counter)
{
    return (double)(eig_rng_u64(seed, index, counter) >> 11) * 0x1.0p-53;
}

/* Standard normal N(0, 1) (Box–Muller). Independent of eig_rng_uniform at the
 * same counter. */
EIG_HD double eig_rng_normal(uint64_t seed, uint64_t index, uint64_t counter)
{
    uint64_t a = eig_rng_u64(seed, index, counter | EIG_RNG_NORMAL_FIRST);
    uint64_t b = eig_rng_u64(seed, index, counter | EIG_RNG_NORMAL_SECOND);
    double u1 = ((double)(a >> 11) + 1.0) * 0x1.0p-53; /* (0, 1]: log stays finite */
    double u2 = (double)(b >> 11) * 0x1.0p-53;
    return sqrt(-2.0 * log(u1)) * cos(6.283185307179586476925 * u2);
}

#endif

/* Counter-based random numbers for the generator families.
 *
 * Every draw is a pure function of (seed, matrix index, counter): there is no
 * sequential state, so matrix i can be produced by any rank, in any order,
 * and always comes out bit-identical. The counter carries a stream number in
 * bits 48..61 (eig_rng_counter) so that separate purposes inside one
 * matrix (entries, imaginary parts, noise, ...) never share draws. */
#ifndef EIG_RNG_H
#define EIG_RNG_H

#include <stdint.h>

/* Counter for element k (< 2^48) of stream `stream` (< 2^14; bits 62-63 are
 * reserved for eig_rng_normal). */
static inline uint64_t eig_rng_counter(unsigned stream, uint64_t k)
{
    return ((uint64_t)(stream & 0x3fffu) << 48) | (k & 0xffffffffffffull);
}

/* 64 well-mixed bits. */
uint64_t eig_rng_u64(uint64_t seed, uint64_t index, uint64_t counter);
/* Uniform in [0, 1), 53 random bits. */
double eig_rng_uniform(uint64_t seed, uint64_t index, uint64_t counter);
/* Standard normal N(0, 1) (Box–Muller). Independent of eig_rng_uniform at the
 * same counter. */
double eig_rng_normal(uint64_t seed, uint64_t index, uint64_t counter);

#endif

/* Shared test helpers: fresh random inputs with a printed seed, eigenvalue
 * multiset matching, pass/fail bookkeeping. */
#ifndef EIG_TESTUTIL_H
#define EIG_TESTUTIL_H

#include <stdint.h>
#include <stdio.h>

/* Seed for this run: $EIG_TEST_SEED if set, else drawn from the clock. Printed
 * once so a failure can be replayed. */
uint64_t eig_test_seed(const char *test_name);

/* A small, fast generator for test inputs (xoshiro256**). */
typedef struct { uint64_t s[4]; } eig_test_rng;
void eig_test_rng_init(eig_test_rng *r, uint64_t seed);
uint64_t eig_test_next(eig_test_rng *r);
double eig_test_uniform(eig_test_rng *r);  /* [0, 1) */
double eig_test_normal(eig_test_rng *r);   /* N(0, 1) */

/* Matches computed complex eigenvalues (cr, ci) to reference ones (rr, ri) as
 * multisets (greedy nearest, unused first) and returns the largest distance.
 * Returns +Inf when any value is NaN. */
double eig_test_match_complex(int n, const double *cr, const double *ci, const double *rr,
                              const double *ri);
/* Same for real eigenvalues: sorts copies of both and returns max |c - r|. */
double eig_test_match_real(int n, const double *c, const double *r);

/* Bookkeeping: eig_test_expect records a failure with a message; the test
 * program ends with `return eig_test_summary();` which prints
 * "N passed, N failed" and returns 0 or 1. */
void eig_test_expect(int ok, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
int eig_test_summary(void);

#endif

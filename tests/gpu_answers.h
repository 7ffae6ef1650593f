/* Helpers of the GPU tests that compare whole answers bit for bit: random
 * symmetric or Hermitian batches in either precision, a solve on a named
 * kernel with the knobs the caller has set in the environment, and the
 * comparison of two answers. */
#ifndef EIG_TEST_GPU_ANSWERS_H
#define EIG_TEST_GPU_ANSWERS_H

#include <stddef.h>
#include <stdint.h>

#include "eigsweep.h"
#include "testutil.h"

/* One case of such a test: random A = A^H of this kind, precision and
 * order, solved with vectors by the QL method's kernels */
typedef struct {
    eig_kind kind;
    eig_precision precision;
    int n;
    const char *name;
} eig_test_batch_case;

/* The case's parameters: tridiag-ql with vectors */
eig_solve_params eig_test_case_params(const eig_test_batch_case *c);
/* A test's main(): exits 77 without a CUDA device, else runs every case
 * with one generator seeded for `test_name` and returns the summary */
int eig_test_run_gpu_cases(const char *test_name, const eig_test_batch_case *cases, size_t count,
                           void (*run)(const eig_test_batch_case *, eig_test_rng *));

/* A batch's outputs (malloc'd; eig_test_answer_free) */
typedef struct {
    void *val, *vec;
    int8_t *st;
    int32_t *it;
} eig_test_answer;

/* setenv, or unsetenv where value is NULL (the kernels read their knobs per call) */
void eig_test_set_env(const char *name, const char *value);
/* Bytes of one real of p's precision */
size_t eig_test_real_size(const eig_solve_params *p);
/* count matrices A = A^H (p->kind symmetric or Hermitian) of N(0, 1)
 * entries, interleaved (re, im) for Hermitian, in double */
double *eig_test_random_hermitian(eig_test_rng *rng, const eig_solve_params *p, int n, eig_idx count);
/* a itself in double, or a float copy of its `reals` entries in single */
void *eig_test_in_precision(const eig_solve_params *p, double *a, size_t reals);
/* eig_gpu_solve_batch on `kernel`; the answer is allocated even on failure */
int eig_test_gpu_answer(const char *kernel, const eig_solve_params *p, int n, eig_idx count, const void *a,
                        eig_test_answer *out);
/* x must equal ref bit for bit (values, vectors, status, iterations) */
void eig_test_expect_same_answer(const eig_solve_params *p, int n, eig_idx count, const char *name,
                                 const char *what, const eig_test_answer *ref, const eig_test_answer *x);
void eig_test_answer_free(eig_test_answer *x);

#endif

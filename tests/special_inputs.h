/* Batches of special matrices (issue 19), shared by the CPU test
 * (test_special_inputs.c: against LAPACK) and the GPU test
 * (test_gpu_batch.c: every kernel against the CPU):
 *  - rank one: c * ones(n,n) and, Hermitian, c * u u^H with |u_i| = 1 (F12:
 *    tridiag-ql did not converge and bisection called them invalid);
 *  - NaN/Inf in one triangle only, or on the diagonal (F11: Jacobi read
 *    only the lower triangle), each between matrices that must solve fine;
 *  - eigenvalues beyond the largest float (they came back as +-Inf with
 *    status ok), next to matrices whose eigenvalues just fit.
 * Each batch comes with the status every matrix must get. Fresh random
 * constants, phases and neighbours from the caller's generator.
 * Header-only (static functions): each test program includes it once. */
#ifndef EIG_SPECIAL_INPUTS_H
#define EIG_SPECIAL_INPUTS_H

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "eigsweep.h"
#include "testutil.h"

enum { SPECIAL_RANK_ONE, SPECIAL_NONFINITE, SPECIAL_OVERFLOW, SPECIAL_COUNT };
static const char *const special_names[SPECIAL_COUNT] = {"rank-one", "nan-inf", "overflow"};

/* count matrices in the solver input layout of p (in double: the caller
 * rounds to float for single) and the status each must get. */
typedef struct {
    eig_idx count;
    double *a;
    int8_t *expect;
} special_batch;

static void special_free(special_batch *b)
{
    free(b->a), free(b->expect);
    b->a = 0, b->expect = 0, b->count = 0;
}

static int special_zc(const eig_solve_params *p) { return p->kind == EIG_KIND_HERMITIAN ? 2 : 1; }

/* Element (i, j), component c, of a full-storage matrix. */
static double *special_el(const eig_solve_params *p, int n, double *a, int i, int j, int c)
{
    return &a[((size_t)i * n + j) * special_zc(p) + c];
}

/* A random matrix that solves fine: symmetric (also for general input:
 * real, well-conditioned eigenvalues), Hermitian, or a tridiagonal's d, e. */
static void special_good(const eig_solve_params *p, int n, double *a, eig_test_rng *r)
{
    if (p->kind == EIG_KIND_TRIDIAGONAL) {
        for (int k = 0; k < 2 * n - 1; k++) a[k] = eig_test_normal(r);
        return;
    }
    for (int i = 0; i < n; i++)
        for (int j = 0; j <= i; j++) {
            double re = eig_test_normal(r), im = i == j ? 0 : eig_test_normal(r);
            *special_el(p, n, a, i, j, 0) = *special_el(p, n, a, j, i, 0) = re;
            if (special_zc(p) == 2) *special_el(p, n, a, i, j, 1) = im, *special_el(p, n, a, j, i, 1) = -im;
        }
}

/* c * ones(n,n); Hermitian with phases: c * u u^H, u_i = exp(i theta_i)
 * (entry (i,j) = c exp(i (theta_i - theta_j)), rank one, eigenvalues n c
 * and 0); tridiagonal: d = e = c. */
static void special_constant(const eig_solve_params *p, int n, double *a, double c, int phases, eig_test_rng *r)
{
    if (p->kind == EIG_KIND_TRIDIAGONAL) {
        for (int k = 0; k < 2 * n - 1; k++) a[k] = c;
        return;
    }
    const double two_pi = 6.283185307179586;
    double *th = malloc(sizeof(double) * (size_t)n);
    for (int i = 0; i < n; i++) th[i] = phases ? two_pi * eig_test_uniform(r) : 0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            *special_el(p, n, a, i, j, 0) = i == j ? c : c * cos(th[i] - th[j]);
            if (special_zc(p) == 2) *special_el(p, n, a, i, j, 1) = i == j ? 0 : c * sin(th[i] - th[j]);
        }
    free(th);
}

/* A random constant: both signs, magnitude classes from 1e-250 to 1e250
 * (single: 1e-30 to 1e30), integers. */
static double special_random_constant(int k, int single, eig_test_rng *r)
{
    const double span = single ? 30 : 250, sign = eig_test_uniform(r) < 0.5 ? -1 : 1;
    switch (k % 4) {
    case 0: return sign * (0.5 + 1.5 * eig_test_uniform(r));
    case 1: return sign * pow(10.0, -6 + 12 * eig_test_uniform(r));
    case 2: return sign * pow(10.0, -span + 2 * span * eig_test_uniform(r));
    default: return sign * (double)(1 + (int)(9 * eig_test_uniform(r)));
    }
}

/* NaN or Inf at a random place: where 0 above the diagonal, 1 below, 2 on
 * it (tridiagonal: 0 and 1 an off-diagonal entry, 2 a diagonal one);
 * component c (Hermitian: 1 the imaginary part). The mirror entry keeps its
 * number. */
static void special_poison(const eig_solve_params *p, int n, double *a, int where, int c, double bad, eig_test_rng *r)
{
    if (n == 1) where = 2;
    if (p->kind == EIG_KIND_TRIDIAGONAL) {
        int k = (int)(eig_test_uniform(r) * (where == 2 ? n : n - 1));
        a[where == 2 ? k : n + k] = bad;
        return;
    }
    int i = (int)(eig_test_uniform(r) * n), j = (int)(eig_test_uniform(r) * n);
    if (where < 2) {
        while (i == j) j = (int)(eig_test_uniform(r) * n);
        if ((where == 0) != (i < j)) { int t = i; i = j; j = t; }
    } else {
        j = i;
    }
    *special_el(p, n, a, i, j, c) = bad;
}

/* The batch of kind `which` for p's kind and precision, order n. */
static special_batch special_make(int which, const eig_solve_params *p, int n, eig_test_rng *r)
{
    const int single = p->precision == EIG_PREC_SINGLE, herm = p->kind == EIG_KIND_HERMITIAN;
    const int tri = p->kind == EIG_KIND_TRIDIAGONAL;
    const size_t len = (size_t)eig_layout_of(p, n).input;
    const double big = single ? FLT_MAX : DBL_MAX;
    special_batch b = {0, 0, 0};
    const int cap = 32;
    b.a = calloc((size_t)cap * len, sizeof(double));
    b.expect = calloc((size_t)cap, 1);
#define NEXT(st) (b.expect[b.count] = (int8_t)(st), b.a + (size_t)b.count++ * len)
    if (which == SPECIAL_RANK_ONE) {
        special_constant(p, n, NEXT(0), 0.0, 0, r);
        for (int k = 0; k < 8; k++) special_constant(p, n, NEXT(0), special_random_constant(k, single, r), herm && k % 2, r);
    } else if (which == SPECIAL_NONFINITE) {
        const double bads[3] = {NAN, INFINITY, -INFINITY};
        special_good(p, n, NEXT(0), r);
        for (int where = 0; where < 3; where++)
            for (int v = 0; v < 3; v++) {
                double *m = NEXT(2);
                special_good(p, n, m, r);
                special_poison(p, n, m, where, 0, bads[v], r);
                special_good(p, n, NEXT(0), r);
            }
        if (herm && n > 1) /* the imaginary part, above and below */
            for (int where = 0; where < 2; where++) {
                double *m = NEXT(2);
                special_good(p, n, m, r);
                special_poison(p, n, m, where, 1, bads[where], r);
                special_good(p, n, NEXT(0), r);
            }
    } else {
        /* c ones(n,n) with c = 0.75 max: eigenvalue 0.75 n max, beyond the
         * largest float from n = 2 (tridiagonal d = e = c: 0.75 max (1 + 2
         * cos(pi / (n+1))) >= 1.5 max); with n c = max / 2 (tridiagonal
         * c = max / 4) the eigenvalues fit. */
        const int over = n > 1 ? 2 : 0;
        special_good(p, n, NEXT(0), r);
        special_constant(p, n, NEXT(over), 0.75 * big, 0, r);
        special_good(p, n, NEXT(0), r);
        double *m = NEXT(over);
        special_constant(p, n, m, 0.75 * big, herm, r);
        if (tri)
            for (int k = 0; k < n; k++) m[k] = -m[k]; /* -0.75 max (1 + 2 cos(pi / (n+1))) */
        else
            for (size_t k = 0; k < len; k++) m[k] = -m[k];
        special_constant(p, n, NEXT(0), (eig_test_uniform(r) < 0.5 ? -1 : 1) * (tri ? 0.25 * big : 0.5 * big / n), herm,
                         r);
        special_good(p, n, NEXT(0), r);
    }
#undef NEXT
    return b;
}

#endif

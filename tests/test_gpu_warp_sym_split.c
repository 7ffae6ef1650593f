/* warp-sym with vectors runs, for large enough jobs (matrices that fit a
 * block's shared memory: any job), as two kernels: the
 * reduction, then the rest from the d, e and scale it hands over
 * (gpu/kernel_warp_sym.cuh, warp_sym_split), each part built for its own
 * blocks an SM. The handoff moves values, not arithmetic, and the twins
 * for 2, 3 and 4 blocks an SM run the same code, so the kernel whole and
 * split, with any blocks an SM for either part, must give the same bits.
 * Fresh random symmetric and Hermitian matrices (double and single, orders
 * with a partial last column of lanes; symmetric n = 40 takes the QL path,
 * Hermitian n = 64 the back-transformation inside part 2, the others
 * divide and conquer and the back-transformation apart), some of them
 * with a NaN entry (the
 * failure must cross the handoff: status not OK, every output NaN), are
 * solved whole (EIG_WARP_SYM_SPLIT=0), then split by the rule's blocks an
 * SM and by forced ones (EIG_WARP_SYM_SPLIT_MINB, _MINB2, read per call);
 * values, vectors, status and iterations must equal the whole kernel's bit
 * for bit, and the other matrices must mostly converge. Every case is
 * split once more with part 1 in shared memory (EIG_SYM_RB=1): other sums,
 * so the same matrices must fail and the rest meet residual and
 * orthogonality bounds of 10 n eps ||A|| (checked on the whole kernel's
 * answer too). Exits 77 when no CUDA device is present. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "eig_error.h"
#include "gpu_answers.h"

#define SPLIT_COUNT 333
#define SPLIT_NAN_EVERY 41 /* matrices 0, 41, 82, ... get a NaN entry */

/* The knobs a solve runs with (NULL: unset); rb: EIG_SYM_RB, part 1 in a
 * block's shared memory (kernel_sym_reduce_block.cuh) */
typedef struct {
    const char *split, *minb1, *minb2, *rb;
} knobs;

static int solve(const eig_solve_params *p, int n, const void *a, const knobs *k, eig_test_answer *out)
{
    eig_test_set_env("EIG_WARP_SYM_SPLIT", k->split);
    eig_test_set_env("EIG_WARP_SYM_SPLIT_MINB", k->minb1);
    eig_test_set_env("EIG_WARP_SYM_SPLIT_MINB2", k->minb2);
    eig_test_set_env("EIG_SYM_RB", k->rb);
    int rc = eig_test_gpu_answer("warp-sym", p, n, SPLIT_COUNT, a, out);
    eig_test_set_env("EIG_WARP_SYM_SPLIT", NULL);
    eig_test_set_env("EIG_WARP_SYM_SPLIT_MINB", NULL);
    eig_test_set_env("EIG_WARP_SYM_SPLIT_MINB2", NULL);
    eig_test_set_env("EIG_SYM_RB", NULL);
    return rc;
}

static double real_at(const eig_solve_params *p, const void *x, size_t i)
{
    return p->precision == EIG_PREC_SINGLE ? ((const float *)x)[i] : ((const double *)x)[i];
}

/* Answers x of A = A^H (double; zc 2: complex, interleaved): for every
 * matrix that converged, ||A V - V diag(w)||_F and ||V^H V - I||_F within
 * 10 n eps ||A||_F (V row by row, eigenvector j in column j), values
 * ascending; returns the worst ratio to that bound. */
static double worst_residual(const eig_solve_params *p, int n, int zc, const double *a, const eig_test_answer *x)
{
    const double eps = p->precision == EIG_PREC_SINGLE ? 0x1p-24 : 0x1p-53, bound = 10.0 * n * eps;
    double worst = 0;
    for (eig_idx m = 0; m < SPLIT_COUNT; m++) {
        if (x->st[m] != 0) continue;
        const double *am = a + m * (eig_idx)n * n * zc;
        const size_t v0 = (size_t)(m * (eig_idx)n * n * zc), w0 = (size_t)(m * n);
#define V_(i, k, c) (zc == 2 || (c) == 0 ? real_at(p, x->vec, v0 + ((size_t)(i) * n + (size_t)(k)) * zc + (c)) : 0.0)
#define A_(i, j, c) (zc == 2 || (c) == 0 ? am[((size_t)(i) * n + (size_t)(j)) * zc + (c)] : 0.0)
        double an = 0, res = 0, orth = 0;
        for (size_t i = 0; i < (size_t)n * n * zc; i++) an += am[i] * am[i];
        for (int j = 0; j < n; j++) {
            const double wj = real_at(p, x->val, w0 + (size_t)j);
            if (j && wj < real_at(p, x->val, w0 + (size_t)j - 1)) return INFINITY; /* not ascending */
            for (int i = 0; i < n; i++) {
                double re = -wj * V_(i, j, 0), im = -wj * V_(i, j, 1);
                for (int k = 0; k < n; k++) {
                    re += A_(i, k, 0) * V_(k, j, 0) - A_(i, k, 1) * V_(k, j, 1);
                    im += A_(i, k, 0) * V_(k, j, 1) + A_(i, k, 1) * V_(k, j, 0);
                }
                res += re * re + im * im;
            }
            for (int q = 0; q <= j; q++) {
                double re = q == j ? -1.0 : 0.0, im = 0;
                for (int k = 0; k < n; k++) { /* conj(v_q) . v_j */
                    re += V_(k, q, 0) * V_(k, j, 0) + V_(k, q, 1) * V_(k, j, 1);
                    im += V_(k, q, 0) * V_(k, j, 1) - V_(k, q, 1) * V_(k, j, 0);
                }
                orth += (q == j ? 1.0 : 2.0) * (re * re + im * im);
            }
        }
#undef V_
#undef A_
        const double r = sqrt(res) / (bound * sqrt(an)), o = sqrt(orth) / bound;
        worst = r > worst ? r : worst;
        worst = o > worst ? o : worst;
    }
    return worst;
}

static int is_nan_at(const eig_solve_params *p, const void *x, size_t i)
{
    return p->precision == EIG_PREC_SINGLE ? isnan(((const float *)x)[i]) : isnan(((const double *)x)[i]);
}

/* The whole kernel's answer: poisoned matrices failed with every output
 * NaN, most of the others converged. */
static void check_reference(const eig_solve_params *p, const char *name, eig_layout l, const eig_test_answer *ref)
{
    int ok = 0, bad_failed = 0;
    for (eig_idx m = 0; m < SPLIT_COUNT; m++) {
        if (m % SPLIT_NAN_EVERY) {
            ok += ref->st[m] == 0;
            continue;
        }
        int all_nan = ref->st[m] != 0;
        for (eig_idx i = 0; i < l.values && all_nan; i++) all_nan = is_nan_at(p, ref->val, (size_t)(m * l.values + i));
        for (eig_idx i = 0; i < l.vectors && all_nan; i++)
            all_nan = is_nan_at(p, ref->vec, (size_t)(m * l.vectors + i));
        bad_failed += !all_nan;
    }
    eig_test_expect(ok > SPLIT_COUNT / 2, "%s: only %d of %d random matrices converged", name, ok, SPLIT_COUNT);
    eig_test_expect(!bad_failed, "%s: %d matrices with a NaN entry did not fail with NaN outputs", name, bad_failed);
}

static void run_case(const eig_test_batch_case *sc, eig_test_rng *rng)
{
    eig_solve_params p = eig_test_case_params(sc);
    const int n = sc->n, zc = sc->kind == EIG_KIND_HERMITIAN ? 2 : 1;
    const eig_layout l = eig_layout_of(&p, n);
    double *a = eig_test_random_hermitian(rng, &p, n, SPLIT_COUNT);
    for (eig_idx m = 0; m < SPLIT_COUNT; m += SPLIT_NAN_EVERY) { /* a NaN below the diagonal and its mirror */
        const int i = 1 + (int)(eig_test_uniform(rng) * (n - 1)), j = i - 1;
        double *am = a + m * l.input;
        am[((size_t)i * n + j) * zc] = am[((size_t)j * n + i) * zc] = NAN;
    }
    void *in = eig_test_in_precision(&p, a, (size_t)(l.input * SPLIT_COUNT));
    static const knobs whole = {"0", NULL, NULL, NULL};
    eig_test_answer ref;
    int rc = solve(&p, n, in, &whole, &ref);
    eig_test_expect(rc == 0, "%s, whole: %s", sc->name, rc ? eig_error_message() : "");
    if (rc == 0) {
        check_reference(&p, sc->name, l, &ref);
        /* part 1 in global memory: the same bits */
        static const knobs split[] = {
            {"1", NULL, NULL, "0"}, {"1", "2", "4", "0"}, {"1", "4", "2", "0"}, {"1", "3", "3", "0"}};
        for (size_t k = 0; k < sizeof split / sizeof split[0]; k++) {
            eig_test_answer x;
            char what[128];
            snprintf(what, sizeof what, "whole against split, blocks an SM %s / %s",
                     split[k].minb1 ? split[k].minb1 : "by the rule", split[k].minb2 ? split[k].minb2 : "by the rule");
            int rc_k = solve(&p, n, in, &split[k], &x);
            eig_test_expect(rc_k == 0, "%s, %s: %s", sc->name, what, rc_k ? eig_error_message() : "");
            if (rc_k == 0) eig_test_expect_same_answer(&p, n, SPLIT_COUNT, sc->name, what, &ref, &x);
            eig_test_answer_free(&x);
        }
        { /* part 1 in shared memory: its own sums, so answers as accurate, not the same bits */
            static const knobs rb = {"1", NULL, NULL, "1"};
            eig_test_answer x;
            int rc_k = solve(&p, n, in, &rb, &x);
            eig_test_expect(rc_k == 0, "%s, part 1 in shared memory: %s", sc->name, rc_k ? eig_error_message() : "");
            if (rc_k == 0) {
                int same_st = 1;
                for (eig_idx m = 0; m < SPLIT_COUNT; m++) same_st &= (x.st[m] == 0) == (ref.st[m] == 0);
                eig_test_expect(same_st, "%s, part 1 in shared memory: another matrix failed than whole", sc->name);
                check_reference(&p, sc->name, l, &x);
                const double wr = worst_residual(&p, n, zc, a, &ref), wx = worst_residual(&p, n, zc, a, &x);
                eig_test_expect(wr <= 1, "%s, whole: residual or orthogonality %.3g x 10 n eps", sc->name, wr);
                eig_test_expect(wx <= 1, "%s, part 1 in shared memory: residual or orthogonality %.3g x 10 n eps",
                                sc->name, wx);
            }
            eig_test_answer_free(&x);
        }
    }
    eig_test_answer_free(&ref);
    if (in != a) free(in);
    free(a);
}

int main(void)
{
    static const eig_test_batch_case cases[] = {
        {EIG_KIND_SYMMETRIC, EIG_PREC_DOUBLE, 40, "symmetric n = 40 (QL, not divide and conquer)"},
        {EIG_KIND_HERMITIAN, EIG_PREC_DOUBLE, 64, "Hermitian n = 64 (the back-transformation in the kernel)"},
        {EIG_KIND_SYMMETRIC, EIG_PREC_DOUBLE, 100, "symmetric n = 100"},
        {EIG_KIND_SYMMETRIC, EIG_PREC_DOUBLE, 137, "symmetric n = 137"},
        {EIG_KIND_HERMITIAN, EIG_PREC_DOUBLE, 70, "Hermitian n = 70"},
        {EIG_KIND_HERMITIAN, EIG_PREC_DOUBLE, 130, "Hermitian n = 130"},
        {EIG_KIND_SYMMETRIC, EIG_PREC_SINGLE, 120, "single symmetric n = 120"},
        {EIG_KIND_HERMITIAN, EIG_PREC_SINGLE, 97, "single Hermitian n = 97"},
    };
    return eig_test_run_gpu_cases("gpu_warp_sym_split", cases, sizeof cases / sizeof cases[0], run_case);
}

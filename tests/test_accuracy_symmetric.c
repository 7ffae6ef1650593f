/* Accuracy of the `symmetric` family against LAPACK (dsyevd/ssyevd for all
 * values, dsyevx/ssyevx for subsets): cyclic Jacobi and tridiagonalisation +
 * QL, each with and without vectors, and tridiagonalisation + bisection, in
 * double and single, over sizes 1..256 and matrix families chosen to stress
 * them. Fresh random inputs every run (seed printed).
 *
 * Measures (all ratios; thresholds below):
 *   values:  max_k |w_k - wref_k| / (n eps ||A||_2)             <= VAL_MAX
 *   vectors: ||A V - V diag(w)||_F / (n eps ||A||_2)            <= RES_MAX
 *            ||V^T V - I||_F / (n eps)                          <= ORTH_MAX
 * eps = unit roundoff of the precision under test; ||A||_2 = max |wref|.
 * The worst ratio of each family and method is printed (docs/accuracy.md). */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <lapacke.h>

#include "precision.h"
#include "testutil.h"

#define VAL_MAX 10.0
#define RES_MAX 50.0
#define ORTH_MAX 50.0

enum { P_DOUBLE, P_SINGLE, P_COUNT };
static const char *prec_names[P_COUNT] = {"double", "single"};
static double prec_eps(int p) { return p == P_DOUBLE ? DBL_EPSILON / 2 : FLT_EPSILON / 2; }

enum { M_JACOBI, M_JACOBI_V, M_QL, M_QL_V, M_BISECT, M_COUNT };
static const char *method_names[M_COUNT] = {"jacobi", "jacobi+vec", "tridiag-ql", "tridiag-ql+vec",
                                            "bisection"};
static int method_vectors(int m) { return m == M_JACOBI_V || m == M_QL_V; }

enum {
    F_RANDOM, F_CLUSTERED, F_REPEATED, F_GRADED, F_WILKINSON, F_ZERO, F_IDENTITY,
    F_DIAGONAL, F_TINY_OFF, F_HUGE, F_TINY, F_COUNT
};
static const char *family_names[F_COUNT] = {"random", "clustered", "repeated", "graded",
                                            "wilkinson", "zero", "identity", "diagonal",
                                            "tiny-offdiag", "huge", "tiny"};

enum { X_VAL, X_RES, X_ORTH, X_COUNT };
static double worst[P_COUNT][F_COUNT][M_COUNT][X_COUNT];
static double worst_subset[P_COUNT];
static eig_test_rng rng;

/* ---- matrix families (full symmetric, double; rounded to float for single) ---- */

/* Random orthogonal Q (n x n, row-major) from the QR of a Gaussian matrix. */
static void random_orthogonal(int n, double *q)
{
    double *tau = malloc(sizeof(double) * (size_t)n);
    for (int i = 0; i < n * n; i++) q[i] = eig_test_normal(&rng);
    LAPACKE_dgeqrf(LAPACK_ROW_MAJOR, n, n, q, n, tau);
    LAPACKE_dorgqr(LAPACK_ROW_MAJOR, n, n, n, q, n, tau);
    free(tau);
}

/* A = Q diag(lambda) Q^T, symmetrised exactly. */
static void with_spectrum(int n, const double *lambda, double *a)
{
    double *q = malloc(sizeof(double) * (size_t)n * n);
    random_orthogonal(n, q);
    for (int i = 0; i < n; i++)
        for (int j = 0; j <= i; j++) {
            double s = 0;
            for (int k = 0; k < n; k++) s += q[i * n + k] * lambda[k] * q[j * n + k];
            a[i * n + j] = a[j * n + i] = s;
        }
    free(q);
}

static void random_symmetric(int n, double *a, double scale)
{
    for (int i = 0; i < n; i++)
        for (int j = 0; j <= i; j++) a[i * n + j] = a[j * n + i] = scale * eig_test_normal(&rng);
}

static void make_family(int f, int prec, int n, double *a)
{
    double eps = prec_eps(prec);
    double *lambda = malloc(sizeof(double) * (size_t)n);
    memset(a, 0, sizeof(double) * (size_t)n * n);
    switch (f) {
    case F_RANDOM: random_symmetric(n, a, 1.0); break;
    case F_CLUSTERED: /* half the spectrum within a few hundred ulps of 1 */
        for (int k = 0; k < n; k++)
            lambda[k] = k < n / 2 ? 1.0 + k * 16 * eps : eig_test_normal(&rng);
        with_spectrum(n, lambda, a);
        break;
    case F_REPEATED: /* four distinct values, each repeated ~n/4 times */
        for (int k = 0; k < n; k++) lambda[k] = (double[]){-2.0, -1.0, 1.0, 3.0}[k % 4];
        with_spectrum(n, lambda, a);
        break;
    case F_GRADED: { /* D A D, D from 10^-g to 10^g: entries span 10^(+-2g) */
        double g = prec == P_DOUBLE ? 75.0 : 8.0;
        random_symmetric(n, a, 1.0);
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++) {
                double ti = n > 1 ? 2.0 * i / (n - 1) - 1 : 0, tj = n > 1 ? 2.0 * j / (n - 1) - 1 : 0;
                a[i * n + j] *= pow(10.0, g * ti) * pow(10.0, g * tj);
            }
        break;
    }
    case F_WILKINSON: /* W_n^+: diag |i - (n-1)/2|, off-diagonal 1; near-equal pairs */
        for (int i = 0; i < n; i++) {
            a[i * n + i] = fabs(i - (n - 1) / 2.0);
            if (i + 1 < n) a[i * n + i + 1] = a[(i + 1) * n + i] = 1.0;
        }
        break;
    case F_ZERO: break;
    case F_IDENTITY:
        for (int i = 0; i < n; i++) a[i * n + i] = 1.0;
        break;
    case F_DIAGONAL:
        for (int i = 0; i < n; i++) a[i * n + i] = eig_test_normal(&rng);
        break;
    case F_TINY_OFF:
        random_symmetric(n, a, 4 * eps);
        for (int i = 0; i < n; i++) a[i * n + i] = eig_test_normal(&rng);
        break;
    case F_HUGE: random_symmetric(n, a, prec == P_DOUBLE ? 1e300 : 1e35); break;
    case F_TINY: random_symmetric(n, a, prec == P_DOUBLE ? 1e-300 : 1e-35); break;
    }
    if (prec == P_SINGLE)
        for (int i = 0; i < n * n; i++) a[i] = (float)a[i];
    free(lambda);
}

/* ---- running a method in either precision (input in double, converted) ---- */

typedef struct {
    int status, nfound, iters;
} run_info;

/* Runs method m on the n x n matrix a (double, read only); w[n] and, for
 * vector methods, v[n*n] come back in double. sel/il/iu/vl/vu for bisection. */
static run_info run_method(int prec, int m, int n, const double *a, double *w, double *v, int cap,
                           int sel, int il, int iu, double vl, double vu)
{
    run_info r = {0, n, 0};
    size_t nn = (size_t)n * n + 1;
    int vec = method_vectors(m);
    int wk = n + 1;
    if (prec == P_DOUBLE) {
        wk += eig_sym_tridiag_bisect_work_d(n) + eig_sym_tridiag_ql_work_d(n, 1);
        double *ac = malloc(sizeof(double) * nn), *wc = malloc(sizeof(double) * (n + 1));
        double *vc = vec ? malloc(sizeof(double) * nn) : NULL, *work = malloc(sizeof(double) * wk);
        memcpy(ac, a, sizeof(double) * (size_t)n * n);
        if (m == M_JACOBI || m == M_JACOBI_V)
            r.status = eig_sym_jacobi_d(n, ac, 1, wc, 1, vc, 1, cap, &r.iters);
        else if (m == M_QL || m == M_QL_V)
            r.status = eig_sym_tridiag_ql_d(n, ac, 1, wc, 1, vc, 1, work, 1, cap, &r.iters);
        else
            r.status = eig_sym_tridiag_bisect_d(n, ac, 1, sel, il, iu, vl, vu, wc, 1, &r.nfound,
                                                work, 1, &r.iters);
        memcpy(w, wc, sizeof(double) * n);
        if (vec) memcpy(v, vc, sizeof(double) * (size_t)n * n);
        free(ac); free(wc); free(vc); free(work);
    } else {
        wk += eig_sym_tridiag_bisect_work_s(n) + eig_sym_tridiag_ql_work_s(n, 1);
        float *ac = malloc(sizeof(float) * nn), *wc = malloc(sizeof(float) * (n + 1));
        float *vc = vec ? malloc(sizeof(float) * nn) : NULL, *work = malloc(sizeof(float) * wk);
        for (int i = 0; i < n * n; i++) ac[i] = (float)a[i];
        if (m == M_JACOBI || m == M_JACOBI_V)
            r.status = eig_sym_jacobi_s(n, ac, 1, wc, 1, vc, 1, cap, &r.iters);
        else if (m == M_QL || m == M_QL_V)
            r.status = eig_sym_tridiag_ql_s(n, ac, 1, wc, 1, vc, 1, work, 1, cap, &r.iters);
        else
            r.status = eig_sym_tridiag_bisect_s(n, ac, 1, sel, il, iu, (float)vl, (float)vu, wc, 1,
                                                &r.nfound, work, 1, &r.iters);
        for (int k = 0; k < n; k++) w[k] = wc[k];
        if (vec)
            for (int i = 0; i < n * n; i++) v[i] = vc[i];
        free(ac); free(wc); free(vc); free(work);
    }
    return r;
}

/* Reference values ascending (LAPACK ?syevd, same precision as tested). */
static void reference_values(int prec, int n, const double *a, double *wref)
{
    if (prec == P_DOUBLE) {
        double *ac = malloc(sizeof(double) * (size_t)n * n);
        memcpy(ac, a, sizeof(double) * (size_t)n * n);
        int info = LAPACKE_dsyevd(LAPACK_ROW_MAJOR, 'N', 'L', n, ac, n, wref);
        if (info) { fprintf(stderr, "dsyevd info %d\n", info); exit(2); }
        free(ac);
    } else {
        float *ac = malloc(sizeof(float) * (size_t)n * n), *wf = malloc(sizeof(float) * n);
        for (int i = 0; i < n * n; i++) ac[i] = (float)a[i];
        int info = LAPACKE_ssyevd(LAPACK_ROW_MAJOR, 'N', 'L', n, ac, n, wf);
        if (info) { fprintf(stderr, "ssyevd info %d\n", info); exit(2); }
        for (int k = 0; k < n; k++) wref[k] = wf[k];
        free(ac); free(wf);
    }
}

/* ---- measures ---- */

static double ratio(double err, double unit)
{
    if (err == 0) return 0;
    if (!(err == err)) return INFINITY;
    return unit > 0 ? err / unit : INFINITY;
}

static double max_abs(int n, const double *x)
{
    double m = 0;
    for (int i = 0; i < n; i++) m = fmax(m, fabs(x[i]));
    return m;
}

/* ||A V - V diag(w)||_F / (n eps ||A||), computed on A, w scaled by the same
 * power of two (exact) so huge and tiny matrices measure like unit ones. */
static double residual_ratio(int n, const double *a, const double *w, const double *v,
                             double anorm, double eps)
{
    if (anorm == 0) return max_abs(n, w) == 0 ? 0 : INFINITY;
    int ex;
    frexp(anorm, &ex);
    double sum = 0;
    for (int i = 0; i < n; i++)
        for (int k = 0; k < n; k++) {
            double s = 0;
            for (int j = 0; j < n; j++) s += ldexp(a[i * n + j], -ex) * v[j * n + k];
            s -= v[i * n + k] * ldexp(w[k], -ex);
            sum += s * s;
        }
    return ratio(sqrt(sum), n * eps * ldexp(anorm, -ex));
}

static double orthogonality_ratio(int n, const double *v, double eps)
{
    double sum = 0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            double s = 0;
            for (int k = 0; k < n; k++) s += v[k * n + i] * v[k * n + j];
            s -= i == j;
            sum += s * s;
        }
    return ratio(sqrt(sum), n * eps);
}

static int ascending(int n, const double *w)
{
    for (int k = 0; k + 1 < n; k++)
        if (!(w[k] <= w[k + 1])) return 0;
    return 1;
}

static void note(double *slot, double x)
{
    if (!(x <= *slot)) *slot = x;
}

/* ---- the checks ---- */

static void check_all_values(int prec, int f, int n, const double *a, const double *wref)
{
    double eps = prec_eps(prec), anorm = max_abs(n, wref);
    double *w = malloc(sizeof(double) * (n + 1)), *v = malloc(sizeof(double) * ((size_t)n * n + 1));
    for (int m = 0; m < M_COUNT; m++) {
        /* Jacobi at n = 256 costs seconds per matrix: random family only */
        if ((m == M_JACOBI || m == M_JACOBI_V) && n > 128 && f != F_RANDOM && f != F_GRADED && f != F_REPEATED) continue;
        run_info r = run_method(prec, m, n, a, w, v, 0, 0, 0, 0, 0, 0);
        eig_test_expect(r.status == EIG_STATUS_OK, "%s %s %s n=%d: status %d", prec_names[prec],
                        family_names[f], method_names[m], n, r.status);
        eig_test_expect(ascending(n, w), "%s %s %s n=%d: values not ascending", prec_names[prec],
                        family_names[f], method_names[m], n);
        double err = 0;
        for (int k = 0; k < n; k++) err = fmax(err, fabs(w[k] - wref[k]));
        if (!ascending(n, w)) err = INFINITY;
        double rv = ratio(err, n * eps * anorm);
        note(&worst[prec][f][m][X_VAL], rv);
        eig_test_expect(rv <= VAL_MAX, "%s %s %s n=%d: value error ratio %.3g > %g",
                        prec_names[prec], family_names[f], method_names[m], n, rv, VAL_MAX);
        if (method_vectors(m)) {
            double rr = residual_ratio(n, a, w, v, anorm, eps), ro = orthogonality_ratio(n, v, eps);
            note(&worst[prec][f][m][X_RES], rr);
            note(&worst[prec][f][m][X_ORTH], ro);
            eig_test_expect(rr <= RES_MAX, "%s %s %s n=%d: residual ratio %.3g > %g",
                            prec_names[prec], family_names[f], method_names[m], n, rr, RES_MAX);
            eig_test_expect(ro <= ORTH_MAX, "%s %s %s n=%d: orthogonality ratio %.3g > %g",
                            prec_names[prec], family_names[f], method_names[m], n, ro, ORTH_MAX);
        }
    }
    free(w);
    free(v);
}

/* LAPACK ?syevx (range 'I' with 1-based il, iu, or 'V' with (vl, vu]). */
static int reference_subset(int prec, int n, const double *a, char range, double vl, double vu,
                            int il, int iu, double *wsel)
{
    int m = 0;
    int *ifail = malloc(sizeof(int) * (n + 1));
    if (prec == P_DOUBLE) {
        double *ac = malloc(sizeof(double) * (size_t)n * n), dz;
        memcpy(ac, a, sizeof(double) * (size_t)n * n);
        LAPACKE_dsyevx(LAPACK_ROW_MAJOR, 'N', range, 'L', n, ac, n, vl, vu, il + 1, iu + 1, 0.0, &m,
                       wsel, &dz, 1, ifail);
        free(ac);
    } else {
        float *ac = malloc(sizeof(float) * (size_t)n * n), *wf = malloc(sizeof(float) * (n + 1)), fz;
        for (int i = 0; i < n * n; i++) ac[i] = (float)a[i];
        LAPACKE_ssyevx(LAPACK_ROW_MAJOR, 'N', range, 'L', n, ac, n, (float)vl, (float)vu, il + 1,
                       iu + 1, 0.0f, &m, wf, &fz, 1, ifail);
        for (int k = 0; k < m; k++) wsel[k] = wf[k];
        free(ac); free(wf);
    }
    free(ifail);
    return m;
}

static void compare_subset(int prec, int n, const char *what, const run_info *r, const double *w,
                           int mref, const double *wref, double anorm)
{
    double eps = prec_eps(prec), err = 0;
    eig_test_expect(r->status == EIG_STATUS_OK && r->nfound == mref,
                    "%s bisection %s n=%d: status %d, found %d, LAPACK %d", prec_names[prec], what, n,
                    r->status, r->nfound, mref);
    int cnt = r->nfound < mref ? r->nfound : mref;
    for (int k = 0; k < cnt; k++) err = fmax(err, fabs(w[k] - wref[k]));
    for (int k = r->nfound; k < n; k++)
        eig_test_expect(isnan(w[k]), "%s bisection %s n=%d: unselected slot %d not NaN",
                        prec_names[prec], what, n, k);
    double rv = ratio(err, n * eps * anorm);
    note(&worst_subset[prec], rv);
    eig_test_expect(rv <= VAL_MAX, "%s bisection %s n=%d: value ratio %.3g", prec_names[prec], what,
                    n, rv);
}

/* Index and interval subsets of one matrix (interval ends put in the middle
 * of wide gaps so rounding can't change the counts). */
static void check_subsets(int prec, int n, const double *a, const double *wall)
{
    double anorm = max_abs(n, wall);
    double *w = malloc(sizeof(double) * (n + 1)), *wref = malloc(sizeof(double) * (n + 1));
    int il = (int)(eig_test_uniform(&rng) * n), iu = il + (int)(eig_test_uniform(&rng) * (n - il));
    run_info r = run_method(prec, M_BISECT, n, a, w, NULL, 0, EIG_SELECT_INDEX, il, iu, 0, 0);
    int m = reference_subset(prec, n, a, 'I', 0, 0, il, iu, wref);
    compare_subset(prec, n, "index", &r, w, m, wref, anorm);

    /* an interval (vl, vu]: ends at midpoints of random gaps wider than 1000
     * n eps ||A|| (or outside the spectrum) */
    double eps = prec_eps(prec), wide = 1000 * n * eps * anorm;
    int ngaps = 0, *gaps = malloc(sizeof(int) * (n + 1));
    gaps[ngaps++] = -1; /* below the spectrum */
    for (int g = 0; g + 1 < n; g++)
        if (wall[g + 1] - wall[g] > wide) gaps[ngaps++] = g;
    gaps[ngaps++] = n - 1; /* above it */
    int g1 = (int)(eig_test_uniform(&rng) * ngaps), g2 = (int)(eig_test_uniform(&rng) * ngaps);
    if (g1 > g2) { int t = g1; g1 = g2; g2 = t; }
    if (g1 == g2) {
        if (g2 < ngaps - 1) g2 = ngaps - 1;
        else g1 = 0;
    }
    /* g1 < g2 now, so vl is never above the spectrum nor vu below it */
    double pad = 1 + anorm;
    double vl = gaps[g1] < 0 ? wall[0] - pad : (wall[gaps[g1]] + wall[gaps[g1] + 1]) / 2;
    double vu = gaps[g2] >= n - 1 ? wall[n - 1] + pad : (wall[gaps[g2]] + wall[gaps[g2] + 1]) / 2;
    free(gaps);
    r = run_method(prec, M_BISECT, n, a, w, NULL, 0, EIG_SELECT_RANGE, 0, 0, vl, vu);
    m = reference_subset(prec, n, a, 'V', vl, vu, 0, 0, wref);
    compare_subset(prec, n, "interval", &r, w, m, wref, anorm);
    free(w);
    free(wref);
}

/* A tiny iteration cap must be reported as NOT_CONVERGED with NaN outputs. */
static void check_not_converged(int prec)
{
    int n = 64;
    double *a = malloc(sizeof(double) * n * n), *w = malloc(sizeof(double) * n),
           *v = malloc(sizeof(double) * n * n);
    make_family(F_RANDOM, prec, n, a);
    int ms[3] = {M_JACOBI_V, M_QL_V, M_QL};
    for (int t = 0; t < 3; t++) {
        run_info r = run_method(prec, ms[t], n, a, w, v, 1, 0, 0, 0, 0, 0);
        int all_nan = 1;
        for (int k = 0; k < n; k++) all_nan &= isnan(w[k]) != 0;
        if (method_vectors(ms[t]))
            for (int k = 0; k < n * n; k++) all_nan &= isnan(v[k]) != 0;
        eig_test_expect(r.status == EIG_STATUS_NOT_CONVERGED && all_nan,
                        "%s %s with cap 1: status %d (want %d), outputs all NaN: %d",
                        prec_names[prec], method_names[ms[t]], r.status, EIG_STATUS_NOT_CONVERGED,
                        all_nan);
    }
    free(a); free(w); free(v);
}

/* Interleaved batch (stride = batch size) with a NaN and an Inf matrix among
 * good ones: the bad ones report INVALID_INPUT with NaN outputs, the good
 * ones give bit for bit what a contiguous (stride 1) solve gives. */
#define BATCH 5
static void check_strided_batch(int prec, int n)
{
    size_t nn = (size_t)n * n;
    double *mats = malloc(sizeof(double) * nn * BATCH);
    for (int b = 0; b < BATCH; b++) make_family(F_RANDOM, prec, n, mats + b * nn);
    mats[1 * nn + 3 * n + 2] = NAN;
    mats[3 * nn + 0] = INFINITY;
    int bad[BATCH] = {0, 1, 0, 1, 0};
    for (int m = 0; m < M_COUNT; m++) {
        int vec = method_vectors(m), ok = 1;
        double *w1 = malloc(sizeof(double) * n), *v1 = malloc(sizeof(double) * nn);
        /* the batch, in the precision under test, element-interleaved */
        int wk = prec == P_DOUBLE ? eig_sym_tridiag_bisect_work_d(n) + eig_sym_tridiag_ql_work_d(n, 1)
                                  : eig_sym_tridiag_bisect_work_s(n) + eig_sym_tridiag_ql_work_s(n, 1);
        size_t es = prec == P_DOUBLE ? sizeof(double) : sizeof(float);
        char *A = malloc(es * nn * BATCH), *W = malloc(es * n * BATCH), *V = malloc(es * nn * BATCH),
             *WK = malloc(es * wk * BATCH);
        for (int b = 0; b < BATCH; b++)
            for (size_t i = 0; i < nn; i++) {
                if (prec == P_DOUBLE) ((double *)A)[i * BATCH + b] = mats[b * nn + i];
                else ((float *)A)[i * BATCH + b] = (float)mats[b * nn + i];
            }
        for (int b = 0; b < BATCH; b++) {
            int st, nf, it;
            if (prec == P_DOUBLE) {
                double *a = (double *)A + b, *w = (double *)W + b, *v = vec ? (double *)V + b : NULL,
                       *wkp = (double *)WK + b;
                if (m == M_JACOBI || m == M_JACOBI_V) st = eig_sym_jacobi_d(n, a, BATCH, w, BATCH, v, BATCH, 0, &it);
                else if (m == M_BISECT) st = eig_sym_tridiag_bisect_d(n, a, BATCH, 0, 0, 0, 0, 0, w, BATCH, &nf, wkp, BATCH, &it);
                else st = eig_sym_tridiag_ql_d(n, a, BATCH, w, BATCH, v, BATCH, wkp, BATCH, 0, &it);
            } else {
                float *a = (float *)A + b, *w = (float *)W + b, *v = vec ? (float *)V + b : NULL,
                      *wkp = (float *)WK + b;
                if (m == M_JACOBI || m == M_JACOBI_V) st = eig_sym_jacobi_s(n, a, BATCH, w, BATCH, v, BATCH, 0, &it);
                else if (m == M_BISECT) st = eig_sym_tridiag_bisect_s(n, a, BATCH, 0, 0, 0, 0, 0, w, BATCH, &nf, wkp, BATCH, &it);
                else st = eig_sym_tridiag_ql_s(n, a, BATCH, w, BATCH, v, BATCH, wkp, BATCH, 0, &it);
            }
            double wb[300], vb1;
            run_info r1 = {0, 0, 0};
            if (!bad[b]) r1 = run_method(prec, m, n, mats + b * nn, w1, v1, 0, 0, 0, 0, 0, 0);
            int want = bad[b] ? EIG_STATUS_INVALID_INPUT : EIG_STATUS_OK;
            ok &= st == want && r1.status == EIG_STATUS_OK;
            for (int k = 0; k < n; k++) {
                wb[k] = prec == P_DOUBLE ? ((double *)W)[k * BATCH + b] : ((float *)W)[k * BATCH + b];
                ok &= bad[b] ? isnan(wb[k]) != 0 : wb[k] == w1[k];
            }
            if (vec)
                for (size_t i = 0; i < nn; i++) {
                    vb1 = prec == P_DOUBLE ? ((double *)V)[i * BATCH + b] : ((float *)V)[i * BATCH + b];
                    ok &= bad[b] ? isnan(vb1) != 0 : vb1 == v1[i];
                }
        }
        eig_test_expect(ok, "%s %s strided batch n=%d: statuses or outputs differ from contiguous solves",
                        prec_names[prec], method_names[m], n);
        free(w1); free(v1); free(A); free(W); free(V); free(WK);
    }
    free(mats);
}

static void print_table(void)
{
    printf("\nworst ratios: value err/(n eps ||A||), residual/(n eps ||A||), ||V^T V - I||/(n eps)\n");
    for (int p = 0; p < P_COUNT; p++) {
        printf("%s (thresholds %g / %g / %g)\n%-14s", prec_names[p], VAL_MAX, RES_MAX, ORTH_MAX, "family");
        for (int m = 0; m < M_COUNT; m++) printf(" | %-22s", method_names[m]);
        printf("\n");
        for (int f = 0; f < F_COUNT; f++) {
            printf("%-14s", family_names[f]);
            for (int m = 0; m < M_COUNT; m++) {
                char cell[64];
                if (method_vectors(m))
                    snprintf(cell, sizeof cell, "%.2f/%.2f/%.2f", worst[p][f][m][X_VAL],
                             worst[p][f][m][X_RES], worst[p][f][m][X_ORTH]);
                else
                    snprintf(cell, sizeof cell, "%.2f", worst[p][f][m][X_VAL]);
                printf(" | %-22s", cell);
            }
            printf("\n");
        }
        printf("bisection subsets (index and interval vs ?syevx): worst value ratio %.2f\n\n",
               worst_subset[p]);
    }
}

int main(void)
{
    eig_test_rng_init(&rng, eig_test_seed("test_accuracy_symmetric"));
    static const int sizes[] = {1, 2, 3, 4, 5, 8, 16, 17, 31, 32, 33, 64, 128, 256};
    int nsizes = (int)(sizeof sizes / sizeof sizes[0]);
    clock_t t0 = clock();
    for (int p = 0; p < P_COUNT; p++) {
        for (int si = 0; si < nsizes; si++) {
            int n = sizes[si];
            int reps = n <= 8 ? 4 : n <= 33 ? 2 : 1;
            double *a = malloc(sizeof(double) * (size_t)n * n), *wref = malloc(sizeof(double) * n);
            for (int f = 0; f < F_COUNT; f++)
                for (int rep = 0; rep < reps; rep++) {
                    make_family(f, p, n, a);
                    reference_values(p, n, a, wref);
                    check_all_values(p, f, n, a, wref);
                    if ((f == F_RANDOM || f == F_REPEATED || f == F_GRADED || f == F_WILKINSON) && n <= 128)
                        check_subsets(p, n, a, wref);
                }
            free(a);
            free(wref);
        }
        check_not_converged(p);
        check_strided_batch(p, 8);
        check_strided_batch(p, 17);
    }
    print_table();
    printf("cpu time %.1f s\n", (double)(clock() - t0) / CLOCKS_PER_SEC);
    return eig_test_summary();
}

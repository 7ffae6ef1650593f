/* Accuracy of the `hermitian` family against LAPACK (zheevd/cheevd for all
 * values, zheevx/cheevx for subsets): complex Householder tridiagonalisation,
 * unitary diagonal scaling to a real tridiagonal, then QL (with and without
 * vectors) or bisection; and cyclic Jacobi (eig_herm_jacobi, with and without
 * vectors), in complex double and complex single, sizes 1..256.
 * Fresh random inputs every run (seed printed).
 *
 * Complex n x n matrices are 2 n^2 reals, (re, im) pairs, row-major.
 * Measures (ratios; thresholds below):
 *   values:  max_k |w_k - wref_k| / (n eps ||A||_2)             <= VAL_MAX
 *   vectors: ||A V - V diag(w)||_F / (n eps ||A||_2)            <= RES_MAX
 *            ||V^H V - I||_F / (n eps)                          <= ORTH_MAX
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
static const char *prec_names[P_COUNT] = {"complex double", "complex single"};
static double prec_eps(int p) { return p == P_DOUBLE ? DBL_EPSILON / 2 : FLT_EPSILON / 2; }

enum { M_QL, M_QL_V, M_BISECT, M_JACOBI, M_JACOBI_V, M_COUNT };
static const char *method_names[M_COUNT] = {"tridiag-ql", "tridiag-ql+vec", "bisection", "jacobi", "jacobi+vec"};
static int method_vectors(int m) { return m == M_QL_V || m == M_JACOBI_V; }
static int method_jacobi(int m) { return m == M_JACOBI || m == M_JACOBI_V; }

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

/* element (i,j) of a complex n x n matrix stored as (re, im) doubles */
#define RE(a, n, i, j) (a)[2 * ((size_t)(i) * (n) + (j))]
#define IM(a, n, i, j) (a)[2 * ((size_t)(i) * (n) + (j)) + 1]

/* ---- matrix families (Hermitian, full storage, double; rounded for single) ---- */

static void random_unitary(int n, double *q)
{
    lapack_complex_double *tau = malloc(sizeof(lapack_complex_double) * (size_t)n);
    for (int i = 0; i < 2 * n * n; i++) q[i] = eig_test_normal(&rng);
    LAPACKE_zgeqrf(LAPACK_ROW_MAJOR, n, n, (lapack_complex_double *)q, n, tau);
    LAPACKE_zungqr(LAPACK_ROW_MAJOR, n, n, n, (lapack_complex_double *)q, n, tau);
    free(tau);
}

/* A = Q diag(lambda) Q^H */
static void with_spectrum(int n, const double *lambda, double *a)
{
    double *q = malloc(sizeof(double) * 2 * (size_t)n * n);
    random_unitary(n, q);
    for (int i = 0; i < n; i++)
        for (int j = 0; j <= i; j++) {
            double sr = 0, si = 0;
            for (int k = 0; k < n; k++) { /* q_ik lambda_k conj(q_jk) */
                double ar = RE(q, n, i, k), ai = IM(q, n, i, k), br = RE(q, n, j, k), bi = IM(q, n, j, k);
                sr += lambda[k] * (ar * br + ai * bi);
                si += lambda[k] * (ai * br - ar * bi);
            }
            RE(a, n, i, j) = sr;
            IM(a, n, i, j) = i == j ? 0 : si;
            RE(a, n, j, i) = sr;
            IM(a, n, j, i) = i == j ? 0 : -si;
        }
    free(q);
}

static void random_hermitian(int n, double *a, double scale)
{
    for (int i = 0; i < n; i++)
        for (int j = 0; j <= i; j++) {
            double re = scale * eig_test_normal(&rng), im = i == j ? 0 : scale * eig_test_normal(&rng);
            RE(a, n, i, j) = RE(a, n, j, i) = re;
            IM(a, n, i, j) = im;
            IM(a, n, j, i) = -im;
        }
}

static void make_family(int f, int prec, int n, double *a)
{
    double eps = prec_eps(prec);
    double *lambda = malloc(sizeof(double) * (size_t)n);
    memset(a, 0, sizeof(double) * 2 * (size_t)n * n);
    switch (f) {
    case F_RANDOM: random_hermitian(n, a, 1.0); break;
    case F_CLUSTERED:
        for (int k = 0; k < n; k++)
            lambda[k] = k < n / 2 ? 1.0 + k * 16 * eps : eig_test_normal(&rng);
        with_spectrum(n, lambda, a);
        break;
    case F_REPEATED:
        for (int k = 0; k < n; k++) lambda[k] = (double[]){-2.0, -1.0, 1.0, 3.0}[k % 4];
        with_spectrum(n, lambda, a);
        break;
    case F_GRADED: {
        double g = prec == P_DOUBLE ? 75.0 : 8.0;
        random_hermitian(n, a, 1.0);
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++) {
                double ti = n > 1 ? 2.0 * i / (n - 1) - 1 : 0, tj = n > 1 ? 2.0 * j / (n - 1) - 1 : 0;
                double s = pow(10.0, g * ti) * pow(10.0, g * tj);
                RE(a, n, i, j) *= s;
                IM(a, n, i, j) *= s;
            }
        break;
    }
    case F_WILKINSON: /* W_n^+ with random phases on the off-diagonal: exercises D */
        for (int i = 0; i < n; i++) {
            RE(a, n, i, i) = fabs(i - (n - 1) / 2.0);
            if (i + 1 < n) {
                double ph = 6.283185307179586 * eig_test_uniform(&rng);
                RE(a, n, i + 1, i) = RE(a, n, i, i + 1) = cos(ph);
                IM(a, n, i + 1, i) = sin(ph);
                IM(a, n, i, i + 1) = -sin(ph);
            }
        }
        break;
    case F_ZERO: break;
    case F_IDENTITY:
        for (int i = 0; i < n; i++) RE(a, n, i, i) = 1.0;
        break;
    case F_DIAGONAL:
        for (int i = 0; i < n; i++) RE(a, n, i, i) = eig_test_normal(&rng);
        break;
    case F_TINY_OFF:
        random_hermitian(n, a, 4 * eps);
        for (int i = 0; i < n; i++) RE(a, n, i, i) = eig_test_normal(&rng);
        break;
    case F_HUGE: random_hermitian(n, a, prec == P_DOUBLE ? 1e300 : 1e35); break;
    case F_TINY: random_hermitian(n, a, prec == P_DOUBLE ? 1e-300 : 1e-35); break;
    }
    if (prec == P_SINGLE)
        for (int i = 0; i < 2 * n * n; i++) a[i] = (float)a[i];
    free(lambda);
}

/* ---- running a method in either precision ---- */

typedef struct {
    int status, nfound, iters;
} run_info;

static run_info run_method(int prec, int m, int n, const double *a, double *w, double *v, int cap,
                           int sel, int il, int iu, double vl, double vu)
{
    run_info r = {0, n, 0};
    size_t nn2 = 2 * (size_t)n * n + 1;
    int vec = method_vectors(m), wk = n + 1;
    if (prec == P_DOUBLE) {
        wk += eig_herm_tridiag_bisect_work_d(n) + eig_herm_tridiag_ql_work_d(n, 1) + eig_herm_jacobi_work_d(n);
        double *ac = malloc(sizeof(double) * nn2), *wc = malloc(sizeof(double) * (n + 1));
        double *vc = vec ? malloc(sizeof(double) * nn2) : NULL, *work = malloc(sizeof(double) * wk);
        memcpy(ac, a, sizeof(double) * 2 * (size_t)n * n);
        if (m == M_BISECT)
            r.status = eig_herm_tridiag_bisect_d(n, ac, 1, sel, il, iu, vl, vu, wc, 1, &r.nfound,
                                                 work, 1, &r.iters);
        else if (method_jacobi(m))
            r.status = eig_herm_jacobi_d(n, ac, 1, wc, 1, vc, 1, work, 1, cap, &r.iters);
        else
            r.status = eig_herm_tridiag_ql_d(n, ac, 1, wc, 1, vc, 1, work, 1, cap, &r.iters);
        memcpy(w, wc, sizeof(double) * n);
        if (vec) memcpy(v, vc, sizeof(double) * 2 * (size_t)n * n);
        free(ac); free(wc); free(vc); free(work);
    } else {
        wk += eig_herm_tridiag_bisect_work_s(n) + eig_herm_tridiag_ql_work_s(n, 1) + eig_herm_jacobi_work_s(n);
        float *ac = malloc(sizeof(float) * nn2), *wc = malloc(sizeof(float) * (n + 1));
        float *vc = vec ? malloc(sizeof(float) * nn2) : NULL, *work = malloc(sizeof(float) * wk);
        for (int i = 0; i < 2 * n * n; i++) ac[i] = (float)a[i];
        if (m == M_BISECT)
            r.status = eig_herm_tridiag_bisect_s(n, ac, 1, sel, il, iu, (float)vl, (float)vu, wc, 1,
                                                 &r.nfound, work, 1, &r.iters);
        else if (method_jacobi(m))
            r.status = eig_herm_jacobi_s(n, ac, 1, wc, 1, vc, 1, work, 1, cap, &r.iters);
        else
            r.status = eig_herm_tridiag_ql_s(n, ac, 1, wc, 1, vc, 1, work, 1, cap, &r.iters);
        for (int k = 0; k < n; k++) w[k] = wc[k];
        if (vec)
            for (int i = 0; i < 2 * n * n; i++) v[i] = vc[i];
        free(ac); free(wc); free(vc); free(work);
    }
    return r;
}

static void reference_values(int prec, int n, const double *a, double *wref)
{
    if (prec == P_DOUBLE) {
        double *ac = malloc(sizeof(double) * 2 * (size_t)n * n);
        memcpy(ac, a, sizeof(double) * 2 * (size_t)n * n);
        int info = LAPACKE_zheevd(LAPACK_ROW_MAJOR, 'N', 'L', n, (lapack_complex_double *)ac, n, wref);
        if (info) { fprintf(stderr, "zheevd info %d\n", info); exit(2); }
        free(ac);
    } else {
        float *ac = malloc(sizeof(float) * 2 * (size_t)n * n), *wf = malloc(sizeof(float) * n);
        for (int i = 0; i < 2 * n * n; i++) ac[i] = (float)a[i];
        int info = LAPACKE_cheevd(LAPACK_ROW_MAJOR, 'N', 'L', n, (lapack_complex_float *)ac, n, wf);
        if (info) { fprintf(stderr, "cheevd info %d\n", info); exit(2); }
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

/* ||A V - V diag(w)||_F / (n eps ||A||) on A, w scaled by a power of two */
static double residual_ratio(int n, const double *a, const double *w, const double *v,
                             double anorm, double eps)
{
    if (anorm == 0) return max_abs(n, w) == 0 ? 0 : INFINITY;
    int ex;
    frexp(anorm, &ex);
    double sum = 0;
    for (int i = 0; i < n; i++)
        for (int k = 0; k < n; k++) {
            double sr = 0, si = 0;
            for (int j = 0; j < n; j++) {
                double ar = ldexp(RE(a, n, i, j), -ex), ai = ldexp(IM(a, n, i, j), -ex);
                double vr = RE(v, n, j, k), vi = IM(v, n, j, k);
                sr += ar * vr - ai * vi;
                si += ar * vi + ai * vr;
            }
            sr -= RE(v, n, i, k) * ldexp(w[k], -ex);
            si -= IM(v, n, i, k) * ldexp(w[k], -ex);
            sum += sr * sr + si * si;
        }
    return ratio(sqrt(sum), n * eps * ldexp(anorm, -ex));
}

static double orthogonality_ratio(int n, const double *v, double eps)
{
    double sum = 0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            double sr = 0, si = 0;
            for (int k = 0; k < n; k++) { /* conj(v_ki) v_kj */
                double ar = RE(v, n, k, i), ai = IM(v, n, k, i), br = RE(v, n, k, j), bi = IM(v, n, k, j);
                sr += ar * br + ai * bi;
                si += ar * bi - ai * br;
            }
            sr -= i == j;
            sum += sr * sr + si * si;
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
    double *w = malloc(sizeof(double) * (n + 1)), *v = malloc(sizeof(double) * (2 * (size_t)n * n + 1));
    for (int m = 0; m < M_COUNT; m++) {
        if (method_jacobi(m) && n > 128) continue; /* ~10 sweeps of 6 n^3 flops: too slow for CI above */
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

/* LAPACK ?heevx (range 'I' with 1-based il, iu, or 'V' with (vl, vu]). */
static int reference_subset(int prec, int n, const double *a, char range, double vl, double vu,
                            int il, int iu, double *wsel)
{
    int m = 0;
    int *ifail = malloc(sizeof(int) * (n + 1));
    if (prec == P_DOUBLE) {
        double *ac = malloc(sizeof(double) * 2 * (size_t)n * n);
        lapack_complex_double dz;
        memcpy(ac, a, sizeof(double) * 2 * (size_t)n * n);
        LAPACKE_zheevx(LAPACK_ROW_MAJOR, 'N', range, 'L', n, (lapack_complex_double *)ac, n, vl, vu,
                       il + 1, iu + 1, 0.0, &m, wsel, &dz, 1, ifail);
        free(ac);
    } else {
        float *ac = malloc(sizeof(float) * 2 * (size_t)n * n), *wf = malloc(sizeof(float) * (n + 1));
        lapack_complex_float fz;
        for (int i = 0; i < 2 * n * n; i++) ac[i] = (float)a[i];
        LAPACKE_cheevx(LAPACK_ROW_MAJOR, 'N', range, 'L', n, (lapack_complex_float *)ac, n, (float)vl,
                       (float)vu, il + 1, iu + 1, 0.0f, &m, wf, &fz, 1, ifail);
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

/* Index and interval subsets; interval ends at midpoints of gaps wider than
 * 1000 n eps ||A|| (or outside the spectrum) so rounding can't change counts. */
static void check_subsets(int prec, int n, const double *a, const double *wall)
{
    double anorm = max_abs(n, wall), eps = prec_eps(prec);
    double *w = malloc(sizeof(double) * (n + 1)), *wref = malloc(sizeof(double) * (n + 1));
    int il = (int)(eig_test_uniform(&rng) * n), iu = il + (int)(eig_test_uniform(&rng) * (n - il));
    run_info r = run_method(prec, M_BISECT, n, a, w, NULL, 0, EIG_SELECT_INDEX, il, iu, 0, 0);
    int m = reference_subset(prec, n, a, 'I', 0, 0, il, iu, wref);
    compare_subset(prec, n, "index", &r, w, m, wref, anorm);

    double wide = 1000 * n * eps * anorm;
    int ngaps = 0, *gaps = malloc(sizeof(int) * (n + 1));
    gaps[ngaps++] = -1;
    for (int g = 0; g + 1 < n; g++)
        if (wall[g + 1] - wall[g] > wide) gaps[ngaps++] = g;
    gaps[ngaps++] = n - 1;
    int g1 = (int)(eig_test_uniform(&rng) * ngaps), g2 = (int)(eig_test_uniform(&rng) * ngaps);
    if (g1 > g2) { int t = g1; g1 = g2; g2 = t; }
    if (g1 == g2) {
        if (g2 < ngaps - 1) g2 = ngaps - 1;
        else g1 = 0;
    }
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

static void check_not_converged(int prec)
{
    int n = 64;
    double *a = malloc(sizeof(double) * 2 * n * n), *w = malloc(sizeof(double) * n),
           *v = malloc(sizeof(double) * 2 * n * n);
    make_family(F_RANDOM, prec, n, a);
    for (int m = 0; m < M_COUNT; m++) {
        if (m == M_BISECT) continue;
        run_info r = run_method(prec, m, n, a, w, v, 1, 0, 0, 0, 0, 0);
        int all_nan = 1;
        for (int k = 0; k < n; k++) all_nan &= isnan(w[k]) != 0;
        if (method_vectors(m))
            for (int k = 0; k < 2 * n * n; k++) all_nan &= isnan(v[k]) != 0;
        eig_test_expect(r.status == EIG_STATUS_NOT_CONVERGED && all_nan,
                        "%s %s with max_iter_factor 1: status %d (want %d), outputs all NaN: %d",
                        prec_names[prec], method_names[m], r.status, EIG_STATUS_NOT_CONVERGED, all_nan);
    }
    free(a); free(w); free(v);
}

/* Interleaved batch (stride = batch size) with NaN and Inf matrices among good
 * ones: bad ones INVALID_INPUT with NaN outputs, good ones bit for bit equal
 * to contiguous solves. */
#define BATCH 5
static void check_strided_batch(int prec, int n)
{
    size_t nn2 = 2 * (size_t)n * n;
    double *mats = malloc(sizeof(double) * nn2 * BATCH);
    for (int b = 0; b < BATCH; b++) make_family(F_RANDOM, prec, n, mats + b * nn2);
    mats[1 * nn2 + 2 * (3 * n + 2) + 1] = NAN;  /* an imaginary part */
    mats[3 * nn2 + 2 * (n - 1) * n] = INFINITY; /* a real part in the lower triangle */
    int bad[BATCH] = {0, 1, 0, 1, 0};
    for (int m = 0; m < M_COUNT; m++) {
        int vec = method_vectors(m), ok = 1;
        double *w1 = malloc(sizeof(double) * n), *v1 = malloc(sizeof(double) * nn2);
        int wk = prec == P_DOUBLE
                     ? eig_herm_tridiag_bisect_work_d(n) + eig_herm_tridiag_ql_work_d(n, 1) + eig_herm_jacobi_work_d(n)
                     : eig_herm_tridiag_bisect_work_s(n) + eig_herm_tridiag_ql_work_s(n, 1) + eig_herm_jacobi_work_s(n);
        size_t es = prec == P_DOUBLE ? sizeof(double) : sizeof(float);
        char *A = malloc(es * nn2 * BATCH), *W = malloc(es * n * BATCH), *V = malloc(es * nn2 * BATCH),
             *WK = malloc(es * wk * BATCH);
        for (int b = 0; b < BATCH; b++)
            for (size_t i = 0; i < nn2; i++) {
                if (prec == P_DOUBLE) ((double *)A)[i * BATCH + b] = mats[b * nn2 + i];
                else ((float *)A)[i * BATCH + b] = (float)mats[b * nn2 + i];
            }
        for (int b = 0; b < BATCH; b++) {
            int st, nf, it;
            if (prec == P_DOUBLE) {
                double *a = (double *)A + b, *w = (double *)W + b, *v = vec ? (double *)V + b : NULL,
                       *wkp = (double *)WK + b;
                if (m == M_BISECT) st = eig_herm_tridiag_bisect_d(n, a, BATCH, 0, 0, 0, 0, 0, w, BATCH, &nf, wkp, BATCH, &it);
                else if (method_jacobi(m)) st = eig_herm_jacobi_d(n, a, BATCH, w, BATCH, v, BATCH, wkp, BATCH, 0, &it);
                else st = eig_herm_tridiag_ql_d(n, a, BATCH, w, BATCH, v, BATCH, wkp, BATCH, 0, &it);
            } else {
                float *a = (float *)A + b, *w = (float *)W + b, *v = vec ? (float *)V + b : NULL,
                      *wkp = (float *)WK + b;
                if (m == M_BISECT) st = eig_herm_tridiag_bisect_s(n, a, BATCH, 0, 0, 0, 0, 0, w, BATCH, &nf, wkp, BATCH, &it);
                else if (method_jacobi(m)) st = eig_herm_jacobi_s(n, a, BATCH, w, BATCH, v, BATCH, wkp, BATCH, 0, &it);
                else st = eig_herm_tridiag_ql_s(n, a, BATCH, w, BATCH, v, BATCH, wkp, BATCH, 0, &it);
            }
            run_info r1 = {0, 0, 0};
            if (!bad[b]) r1 = run_method(prec, m, n, mats + b * nn2, w1, v1, 0, 0, 0, 0, 0, 0);
            int want = bad[b] ? EIG_STATUS_INVALID_INPUT : EIG_STATUS_OK;
            ok &= st == want && r1.status == EIG_STATUS_OK;
            for (int k = 0; k < n; k++) {
                double x = prec == P_DOUBLE ? ((double *)W)[k * BATCH + b] : ((float *)W)[k * BATCH + b];
                ok &= bad[b] ? isnan(x) != 0 : x == w1[k];
            }
            if (vec)
                for (size_t i = 0; i < nn2; i++) {
                    double x = prec == P_DOUBLE ? ((double *)V)[i * BATCH + b] : ((float *)V)[i * BATCH + b];
                    ok &= bad[b] ? isnan(x) != 0 : x == v1[i];
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
    printf("\nworst ratios: value err/(n eps ||A||), residual/(n eps ||A||), ||V^H V - I||/(n eps)\n");
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
        printf("bisection subsets (index and interval vs ?heevx): worst value ratio %.2f\n\n",
               worst_subset[p]);
    }
}

int main(void)
{
    eig_test_rng_init(&rng, eig_test_seed("test_accuracy_hermitian"));
    static const int sizes[] = {1, 2, 3, 4, 5, 8, 16, 17, 31, 32, 33, 64, 128, 256};
    int nsizes = (int)(sizeof sizes / sizeof sizes[0]);
    clock_t t0 = clock();
    for (int p = 0; p < P_COUNT; p++) {
        for (int si = 0; si < nsizes; si++) {
            int n = sizes[si];
            int reps = n <= 8 ? 4 : n <= 33 ? 2 : 1;
            double *a = malloc(sizeof(double) * 2 * (size_t)n * n), *wref = malloc(sizeof(double) * n);
            for (int f = 0; f < F_COUNT; f++) {
                for (int rep = 0; rep < reps; rep++) {
                    make_family(f, p, n, a);
                    reference_values(p, n, a, wref);
                    check_all_values(p, f, n, a, wref);
                    if ((f == F_RANDOM || f == F_REPEATED || f == F_GRADED || f == F_WILKINSON) && n <= 128)
                        check_subsets(p, n, a, wref);
                }
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

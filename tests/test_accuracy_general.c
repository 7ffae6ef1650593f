/* Accuracy of the general (real non-symmetric) eigenvalue solver, both
 * precisions, against LAPACK's xGEEVX on freshly drawn inputs, plus hard
 * families with known answers, the documented output order, exact conjugate
 * pairs, invalid input, strided batches and the iteration cap.
 *
 * Tolerances (eps = machine epsilon of the precision, 2^-52 or 2^-23):
 *   condition-aware: |lambda_j - ref_j| <= C * n * eps * ||A_bal||_1 / s_j, with
 *     s_j = RCONDE(j) and ||A_bal||_1 = ABNRM from xGEEVX (balanced matrix).
 *     Both solvers are backward stable on the balanced matrix, so first-order
 *     perturbation theory bounds each one's error by ~eps*||A_bal||/s_j; the
 *     factor n absorbs the growth of the backward error with n, C the rest.
 *   plain (printed for docs/accuracy.md): |lambda - ref| / (n * eps * ||A||_F).
 * Defective eigenvalues (Jordan blocks) move by delta^(1/k) under a
 * perturbation delta, so they are checked against (n*eps*||A||_F)^(1/k). */
#include <float.h>
#include <lapacke.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "precision.h"
#include "testutil.h"

#define C_BOUND 50.0   /* constant of the condition-aware bound */
#define C_JORDAN 10.0  /* constant of the Jordan-block bound */

enum { PREC_D = 0, PREC_S = 1 };
static const char *prec_name[2] = {"double", "single"};
static double prec_eps(int prec) { return prec == PREC_D ? DBL_EPSILON : FLT_EPSILON; }

static eig_test_rng rng;

/* ---- per-family statistics (printed at the end) ---- */
#define MAX_FAMILIES 32
typedef struct {
    char name[48];
    double worst_plain; /* max dist / (n eps ||A||_F) */
    double worst_cond;  /* max dist * s_j / (n eps ||A_bal||_1) */
    int cases;
} family_stats;
static family_stats families[MAX_FAMILIES];
static int n_families;

static family_stats *family(const char *name, int prec)
{
    char full[48];
    snprintf(full, sizeof full, "%s/%s", name, prec_name[prec]);
    for (int k = 0; k < n_families; k++)
        if (!strcmp(families[k].name, full)) return &families[k];
    family_stats *f = &families[n_families++];
    memset(f, 0, sizeof *f);
    snprintf(f->name, sizeof f->name, "%s", full);
    return f;
}

static void note(family_stats *f, double plain, double cond)
{
    if (!(plain <= f->worst_plain)) f->worst_plain = plain;
    if (!(cond <= f->worst_cond)) f->worst_cond = cond;
}

/* ---- helpers ---- */
static double *alloc_d(size_t count) { return calloc(count ? count : 1, sizeof(double)); }

static void round_entries(int prec, size_t count, double *A)
{
    if (prec == PREC_S)
        for (size_t k = 0; k < count; k++) A[k] = (float)A[k];
}
static void round_to_prec(int prec, int n, double *A) { round_entries(prec, (size_t)n * n, A); }

static double frobenius(int n, const double *A)
{
    double s = 0, scale = 0;
    for (int k = 0; k < n * n; k++) scale = fmax(scale, fabs(A[k]));
    if (scale == 0) return 0;
    for (int k = 0; k < n * n; k++) s += (A[k] / scale) * (A[k] / scale);
    return scale * sqrt(s);
}

/* Our solver on a copy of A (row-major, contiguous); results in double. */
static int solve_ours(int prec, int n, const double *A, double *wr, double *wi, int factor,
                      int *iters)
{
    int st;
    if (prec == PREC_D) {
        double *a = alloc_d((size_t)n * n);
        memcpy(a, A, sizeof(double) * n * n);
        st = eig_general_eigvals_d(n, a, 1, wr, wi, 1, factor, iters);
        free(a);
    } else {
        float *a = calloc((size_t)n * n + 1, sizeof(float));
        float *r = calloc((size_t)n + 1, sizeof(float)), *i = calloc((size_t)n + 1, sizeof(float));
        for (int k = 0; k < n * n; k++) a[k] = (float)A[k];
        st = eig_general_eigvals_s(n, a, 1, r, i, 1, factor, iters);
        for (int k = 0; k < n; k++) { wr[k] = r[k]; wi[k] = i[k]; }
        free(a); free(r); free(i);
    }
    return st;
}

/* xGEEVX reference: eigenvalues, reciprocal condition numbers RCONDE and the
 * 1-norm of the balanced matrix. */
static void reference(int prec, int n, const double *A, double *wr, double *wi, double *rcond,
                      double *abnrm)
{
    lapack_int ilo, ihi, info;
    if (prec == PREC_D) {
        double *a = alloc_d((size_t)n * n), *vl = alloc_d((size_t)n * n), *vr = alloc_d((size_t)n * n);
        double *scale = alloc_d(n), *rcondv = alloc_d(n);
        memcpy(a, A, sizeof(double) * n * n);
        info = LAPACKE_dgeevx(LAPACK_ROW_MAJOR, 'B', 'V', 'V', 'E', n, a, n, wr, wi, vl, n, vr, n,
                              &ilo, &ihi, scale, abnrm, rcond, rcondv);
        free(a); free(vl); free(vr); free(scale); free(rcondv);
    } else {
        size_t nn = (size_t)n * n + 1;
        float *a = calloc(nn, 4), *vl = calloc(nn, 4), *vr = calloc(nn, 4);
        float *r = calloc(n + 1, 4), *i = calloc(n + 1, 4), *rc = calloc(n + 1, 4);
        float *scale = calloc(n + 1, 4), *rcondv = calloc(n + 1, 4), ab;
        for (int k = 0; k < n * n; k++) a[k] = (float)A[k];
        info = LAPACKE_sgeevx(LAPACK_ROW_MAJOR, 'B', 'V', 'V', 'E', n, a, n, r, i, vl, n, vr, n,
                              &ilo, &ihi, scale, &ab, rc, rcondv);
        for (int k = 0; k < n; k++) { wr[k] = r[k]; wi[k] = i[k]; rcond[k] = rc[k]; }
        *abnrm = ab;
        free(a); free(vl); free(vr); free(r); free(i); free(rc); free(scale); free(rcondv);
    }
    eig_test_expect(info == 0, "reference xgeevx failed (info %d, n %d)", (int)info, n);
}

/* Greedy matching: each reference value, best conditioned first, takes the
 * nearest unused computed value. dist[j] = distance for reference j. */
static void match(int n, const double *cr, const double *ci, const double *rr, const double *ri,
                  const double *rcond, double *dist)
{
    char *used = calloc(n + 1, 1), *done = calloc(n + 1, 1);
    for (int step = 0; step < n; step++) {
        int j = -1;
        for (int k = 0; k < n; k++)
            if (!done[k] && (j < 0 || rcond[k] > rcond[j])) j = k;
        done[j] = 1;
        int best = -1;
        double bd = INFINITY;
        for (int k = 0; k < n; k++) {
            if (used[k]) continue;
            double d = hypot(cr[k] - rr[j], ci[k] - ri[j]);
            if (isnan(d)) d = INFINITY;
            if (best < 0 || d < bd) { bd = d; best = k; }
        }
        used[best] = 1;
        dist[j] = bd;
    }
    free(used); free(done);
}

/* The documented order, and conjugate pairs adjacent (+im, -im) with
 * bitwise-equal real parts and negated imaginary parts. */
static int order_ok(int n, const double *wr, const double *wi)
{
    for (int k = 0; k < n; k++) {
        if (wi[k] > 0 && !(k + 1 < n && wr[k + 1] == wr[k] && wi[k + 1] == -wi[k])) return 0;
        if (wi[k] < 0 && !(k > 0 && wr[k - 1] == wr[k] && wi[k - 1] == -wi[k])) return 0;
    }
    for (int k = 0; k + 1 < n; k++) {
        double ar = wr[k], ai = wi[k], br = wr[k + 1], bi = wi[k + 1];
        if (ar < br) continue;
        if (ar > br) return 0;
        if (fabs(ai) < fabs(bi)) continue;
        if (fabs(ai) > fabs(bi)) return 0;
        if (ai < bi) return 0;
    }
    return 1;
}

/* Common checks on one solve: status ok, iteration count within the default
 * cap, order and conjugacy. */
static void check_shape(const char *what, int prec, int n, int st, int iters, const double *wr,
                        const double *wi)
{
    eig_test_expect(st == EIG_STATUS_OK, "%s %s n=%d: status %d", what, prec_name[prec], n, st);
    eig_test_expect(iters >= 0 && iters <= 30 * n, "%s %s n=%d: %d iterations", what,
                    prec_name[prec], n, iters);
    eig_test_expect(order_ok(n, wr, wi), "%s %s n=%d: eigenvalues out of documented order",
                    what, prec_name[prec], n);
}

/* Solve A with ours and xGEEVX and apply the condition-aware bound to every
 * eigenvalue, and the plain bound (C n eps ||A||_F) to the well-conditioned
 * ones: s_j >= 0.1, or, if plain_below > -inf, real part >= plain_below. */
static void check_vs_reference(const char *fam, int prec, int n, const double *A,
                               double plain_below)
{
    double *wr = alloc_d(n), *wi = alloc_d(n), *rr = alloc_d(n), *ri = alloc_d(n);
    double *rc = alloc_d(n), *dist = alloc_d(n), abnrm;
    int iters;
    int st = solve_ours(prec, n, A, wr, wi, 0, &iters);
    check_shape(fam, prec, n, st, iters, wr, wi);
    reference(prec, n, A, rr, ri, rc, &abnrm);
    match(n, wr, wi, rr, ri, rc, dist);
    const double eps = prec_eps(prec), fro = frobenius(n, A);
    double worst_cond = 0, worst_plain = 0;
    for (int j = 0; j < n; j++) {
        double unit = n * eps * abnrm;
        double cond_ratio = unit > 0 ? dist[j] * rc[j] / unit : (dist[j] == 0 ? 0 : INFINITY);
        double plain = fro > 0 ? dist[j] / (n * eps * fro) : (dist[j] == 0 ? 0 : INFINITY);
        if (!(cond_ratio <= worst_cond)) worst_cond = cond_ratio;
        if (!(plain <= worst_plain)) worst_plain = plain;
        /* plain bound: on well-conditioned eigenvalues (s_j >= 0.1), or on
         * those with real part >= plain_below when that is given */
        int plain_applies = plain_below == -INFINITY ? rc[j] >= 0.1 : rr[j] >= plain_below;
        if (plain_applies)
            eig_test_expect(plain <= C_BOUND, "%s %s n=%d: eigenvalue %g%+gi off by %.3g (plain ratio %.3g)",
                            fam, prec_name[prec], n, rr[j], ri[j], dist[j], plain);
    }
    eig_test_expect(worst_cond <= C_BOUND, "%s %s n=%d: condition-aware ratio %.3g > %g", fam,
                    prec_name[prec], n, worst_cond, C_BOUND);
    family_stats *f = family(fam, prec);
    note(f, worst_plain, worst_cond);
    f->cases++;
    free(wr); free(wi); free(rr); free(ri); free(rc); free(dist);
}

static void fill_normal(int n, double *A)
{
    for (int k = 0; k < n * n; k++) A[k] = eig_test_normal(&rng);
}

/* ---- families ---- */

static void test_random(int prec)
{
    for (int n = 1; n <= 64; n++)
        for (int rep = 0; rep < 5; rep++) {
            double *A = alloc_d((size_t)n * n);
            fill_normal(n, A);
            round_to_prec(prec, n, A);
            check_vs_reference("random", prec, n, A, -INFINITY);
            free(A);
        }
    const int big[] = {128, 128, 128, 256, 256};
    for (int t = 0; t < 5; t++) {
        int n = big[t];
        double *A = alloc_d((size_t)n * n);
        fill_normal(n, A);
        round_to_prec(prec, n, A);
        check_vs_reference("random", prec, n, A, -INFINITY);
        free(A);
    }
}

/* Matrices whose eigenvalues are exactly their diagonal: zero, identity,
 * diagonal, upper triangular. Balancing isolates every entry, so the result
 * must be the diagonal exactly, sorted. */
static int cmp_double(const void *x, const void *y)
{
    double a = *(const double *)x, b = *(const double *)y;
    return (a > b) - (a < b);
}

static void test_exact_diagonal(int prec)
{
    const char *names[] = {"zero", "identity", "diagonal", "triangular"};
    const int sizes[] = {1, 2, 5, 17, 40};
    for (int kind = 0; kind < 4; kind++)
        for (int t = 0; t < 5; t++) {
            int n = sizes[t], iters;
            double *A = alloc_d((size_t)n * n), *wr = alloc_d(n), *wi = alloc_d(n), *d = alloc_d(n);
            for (int i = 0; i < n; i++)
                for (int j = 0; j < n; j++) {
                    double v = 0;
                    if (kind == 1 && i == j) v = 1;
                    if (kind == 2 && i == j) v = eig_test_normal(&rng);
                    if (kind == 3 && j >= i) v = eig_test_normal(&rng);
                    A[i * n + j] = v;
                }
            round_to_prec(prec, n, A);
            for (int i = 0; i < n; i++) d[i] = A[i * n + i];
            qsort(d, n, sizeof(double), cmp_double);
            int st = solve_ours(prec, n, A, wr, wi, 0, &iters);
            check_shape(names[kind], prec, n, st, iters, wr, wi);
            int exact = 1;
            for (int i = 0; i < n; i++) exact &= wr[i] == d[i] && wi[i] == 0;
            eig_test_expect(exact, "%s %s n=%d: eigenvalues are not exactly the diagonal",
                            names[kind], prec_name[prec], n);
            family_stats *f = family(names[kind], prec);
            note(f, exact ? 0 : INFINITY, exact ? 0 : INFINITY);
            f->cases++;
            free(A); free(wr); free(wi); free(d);
        }
}

static void test_hessenberg(int prec)
{
    const int sizes[] = {3, 8, 20, 50};
    for (int t = 0; t < 4; t++) {
        int n = sizes[t];
        double *A = alloc_d((size_t)n * n);
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++) A[i * n + j] = j >= i - 1 ? eig_test_normal(&rng) : 0;
        round_to_prec(prec, n, A);
        check_vs_reference("hessenberg", prec, n, A, -INFINITY);
        free(A);
    }
}

/* Subdiagonal entries scaled by 10^-e, e drawn from a list reaching the
 * bottom of the range: exercises the deflation test. */
static void test_tiny_subdiagonal(int prec)
{
    const double ed[] = {0, 8, 16, 30, 100, 200, 300}, es[] = {0, 4, 8, 15, 30};
    const int sizes[] = {4, 12, 30};
    for (int t = 0; t < 3; t++)
        for (int rep = 0; rep < 3; rep++) {
            int n = sizes[t];
            double *A = alloc_d((size_t)n * n);
            for (int i = 0; i < n; i++)
                for (int j = 0; j < n; j++) {
                    double v = j >= i - 1 ? eig_test_normal(&rng) : 0;
                    if (j == i - 1) {
                        int k = (int)(eig_test_uniform(&rng) * (prec == PREC_D ? 7 : 5));
                        v *= pow(10, -(prec == PREC_D ? ed[k] : es[k]));
                    }
                    A[i * n + j] = v;
                }
            round_to_prec(prec, n, A);
            check_vs_reference("tiny_subdiag", prec, n, A, -INFINITY);
            free(A);
        }
}

/* Frank matrix: F(i,j) = n+1-max(i,j) (1-based) for j >= i-1. Its small
 * eigenvalues are ill conditioned, the large ones (>= 1) well conditioned:
 * large ones get the plain bound too. */
static void test_frank(int prec)
{
    const int sd[] = {6, 10, 12}, ss[] = {4, 6, 8};
    for (int t = 0; t < 3; t++) {
        int n = prec == PREC_D ? sd[t] : ss[t];
        double *A = alloc_d((size_t)n * n);
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++) A[i * n + j] = j >= i - 1 ? n - (i > j ? i : j) : 0;
        check_vs_reference("frank", prec, n, A, 1.0);
        free(A);
    }
}

/* Companion matrix of Wilkinson's polynomial prod_{i=1..m} (x - i). For the
 * degrees used every coefficient is an integer below 2^53 (2^24 in single),
 * so the matrix is exact and its eigenvalues are exactly 1..m: compare to the
 * truth with the condition-aware bound (RCONDE of this matrix). */
static void test_wilkinson(int prec)
{
    const int md[] = {10, 13, 15}, ms[] = {5, 7, 9};
    for (int t = 0; t < 3; t++) {
        int m = prec == PREC_D ? md[t] : ms[t], iters;
        double c[32] = {1}; /* c[k] = coefficient of x^(m-k) */
        for (int r = 1; r <= m; r++)
            for (int k = r; k >= 1; k--) c[k] -= r * c[k - 1];
        double limit = prec == PREC_D ? 0x1p53 : 0x1p24;
        for (int k = 0; k <= m; k++)
            eig_test_expect(fabs(c[k]) < limit, "wilkinson m=%d: coefficient not exact", m);
        double *A = alloc_d((size_t)m * m), *wr = alloc_d(m), *wi = alloc_d(m);
        double *rr = alloc_d(m), *ri = alloc_d(m), *rc = alloc_d(m), *dist = alloc_d(m), abnrm;
        double *truth = alloc_d(m), *zero = alloc_d(m), *trc = alloc_d(m);
        for (int j = 0; j < m; j++) A[j] = -c[j + 1];
        for (int i = 1; i < m; i++) A[i * m + i - 1] = 1;
        int st = solve_ours(prec, m, A, wr, wi, 0, &iters);
        check_shape("wilkinson", prec, m, st, iters, wr, wi);
        reference(prec, m, A, rr, ri, rc, &abnrm);
        for (int j = 0; j < m; j++) { /* rcond of root j+1 = that of the reference nearest it */
            int best = 0;
            for (int k = 1; k < m; k++)
                if (hypot(rr[k] - (j + 1), ri[k]) < hypot(rr[best] - (j + 1), ri[best])) best = k;
            truth[j] = j + 1;
            trc[j] = rc[best];
        }
        match(m, wr, wi, truth, zero, trc, dist);
        memcpy(rc, trc, sizeof(double) * m);
        double worst = 0, worst_plain = 0;
        const double eps = prec_eps(prec), fro = frobenius(m, A);
        for (int j = 0; j < m; j++) {
            worst = fmax(worst, dist[j] * rc[j] / (m * eps * abnrm));
            worst_plain = fmax(worst_plain, dist[j] / (m * eps * fro));
        }
        if (isnan(worst)) worst = INFINITY;
        eig_test_expect(worst <= C_BOUND, "wilkinson %s m=%d: condition-aware ratio vs truth %.3g",
                        prec_name[prec], m, worst);
        family_stats *f = family("wilkinson", prec);
        note(f, worst_plain, worst);
        f->cases++;
        free(A); free(wr); free(wi); free(rr); free(ri); free(rc); free(dist);
        free(truth); free(zero); free(trc);
    }
}

/* Random orthogonal similarity: Q = H_1 ... H_n with random Householder
 * reflectors, applied as A <- H A H for each. */
static void orthogonal_similarity(int n, double *A)
{
    double *v = alloc_d(n), *w = alloc_d(n);
    for (int r = 0; r < n; r++) {
        double nn = 0;
        for (int i = 0; i < n; i++) { v[i] = eig_test_normal(&rng); nn += v[i] * v[i]; }
        for (int i = 0; i < n; i++) v[i] /= sqrt(nn);
        for (int j = 0; j < n; j++) { /* A <- (I - 2vv^T) A */
            double s = 0;
            for (int i = 0; i < n; i++) s += v[i] * A[i * n + j];
            for (int i = 0; i < n; i++) A[i * n + j] -= 2 * s * v[i];
        }
        for (int i = 0; i < n; i++) { /* A <- A (I - 2vv^T) */
            double s = 0;
            for (int j = 0; j < n; j++) s += A[i * n + j] * v[j];
            w[i] = s;
        }
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++) A[i * n + j] -= 2 * w[i] * v[j];
    }
    free(v); free(w);
}

/* Jordan block J_k(lambda) plus a few well separated simple eigenvalues,
 * hidden by an orthogonal similarity. The defective eigenvalue splits into k
 * values at distance ~ delta^(1/k); the bound is C_JORDAN*(n eps ||A||_F)^(1/k)
 * against the exact eigenvalues, and LAPACK must meet it as well (a fair bound). */
static void test_jordan(int prec)
{
    const int ks[] = {2, 3, 4, 6};
    for (int t = 0; t < 4; t++) {
        int k = ks[t], extra = 3, n = k + extra, iters;
        double *A = alloc_d((size_t)n * n), *wr = alloc_d(n), *wi = alloc_d(n);
        double *tr = alloc_d(n), *ti = alloc_d(n), *one = alloc_d(n), *dist = alloc_d(n);
        double *rr = alloc_d(n), *ri = alloc_d(n), *rc = alloc_d(n), abnrm;
        double lambda = eig_test_normal(&rng);
        for (int i = 0; i < n; i++) {
            one[i] = 1;
            tr[i] = i < k ? lambda : lambda + 2 + 2 * (i - k) + eig_test_uniform(&rng);
            A[i * n + i] = tr[i];
            if (i + 1 < k) A[i * n + i + 1] = 1;
        }
        orthogonal_similarity(n, A);
        round_to_prec(prec, n, A);
        const double eps = prec_eps(prec), fro = frobenius(n, A);
        const double unit = pow(n * eps * fro, 1.0 / k);
        int st = solve_ours(prec, n, A, wr, wi, 0, &iters);
        check_shape("jordan", prec, n, st, iters, wr, wi);
        match(n, wr, wi, tr, ti, one, dist);
        double worst = 0;
        for (int j = 0; j < n; j++) worst = fmax(worst, dist[j] / unit);
        if (isnan(worst)) worst = INFINITY;
        eig_test_expect(worst <= C_JORDAN, "jordan %s k=%d: ratio %.3g > %g", prec_name[prec], k,
                        worst, C_JORDAN);
        reference(prec, n, A, rr, ri, rc, &abnrm);
        match(n, rr, ri, tr, ti, one, dist);
        double worst_ref = 0;
        for (int j = 0; j < n; j++) worst_ref = fmax(worst_ref, dist[j] / unit);
        eig_test_expect(worst_ref <= C_JORDAN, "jordan %s k=%d: LAPACK itself misses the bound (%.3g)",
                        prec_name[prec], k, worst_ref);
        family_stats *f = family("jordan", prec);
        note(f, worst, worst); /* both columns: ratio to (n eps ||A||_F)^(1/k) */
        f->cases++;
        free(A); free(wr); free(wi); free(tr); free(ti); free(one); free(dist);
        free(rr); free(ri); free(rc);
    }
}

/* Graded: B = D A D^-1, D = diag(10^e_i), e_i spanning [-75, 75] (entries of
 * B span about 1e-150 .. 1e150; single: [-7, 7]). Eigenvalues of B are those
 * of A; rounding B is an entrywise relative perturbation of A. Compared with
 * the reference on A, condition-aware on A. */
static void test_graded(int prec)
{
    const int sizes[] = {4, 8, 16, 32};
    const double span = prec == PREC_D ? 75 : 7;
    for (int t = 0; t < 4; t++) {
        int n = sizes[t], iters;
        double *A = alloc_d((size_t)n * n), *B = alloc_d((size_t)n * n), *e = alloc_d(n);
        double *wr = alloc_d(n), *wi = alloc_d(n), *rr = alloc_d(n), *ri = alloc_d(n);
        double *rc = alloc_d(n), *dist = alloc_d(n), abnrm;
        fill_normal(n, A);
        round_to_prec(prec, n, A);
        for (int i = 0; i < n; i++) e[i] = -span + 2 * span * i / (n - 1);
        /* shuffle the grading so it is not simply along the diagonal */
        for (int i = n - 1; i > 0; i--) {
            int j = (int)(eig_test_uniform(&rng) * (i + 1));
            double x = e[i]; e[i] = e[j]; e[j] = x;
        }
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++) B[i * n + j] = A[i * n + j] * pow(10, e[i] - e[j]);
        round_to_prec(prec, n, B);
        int st = solve_ours(prec, n, B, wr, wi, 0, &iters);
        check_shape("graded", prec, n, st, iters, wr, wi);
        reference(prec, n, A, rr, ri, rc, &abnrm);
        match(n, wr, wi, rr, ri, rc, dist);
        const double eps = prec_eps(prec), fro = frobenius(n, A);
        double worst = 0, worst_plain = 0;
        for (int j = 0; j < n; j++) {
            worst = fmax(worst, dist[j] * rc[j] / (n * eps * abnrm));
            worst_plain = fmax(worst_plain, dist[j] / (n * eps * fro));
        }
        if (isnan(worst)) worst = INFINITY;
        eig_test_expect(worst <= C_BOUND, "graded %s n=%d: condition-aware ratio %.3g",
                        prec_name[prec], n, worst);
        family_stats *f = family("graded", prec);
        note(f, worst_plain, worst);
        f->cases++;
        free(A); free(B); free(e); free(wr); free(wi); free(rr); free(ri); free(rc); free(dist);
    }
}

/* Huge and tiny scale: s*A with s = 1e300 / 1e-300 (single: 1e30 / 1e-30);
 * eigenvalues are s times those of A. */
static void test_scaled(int prec)
{
    const double sd[] = {1e300, 1e-300}, ss[] = {1e30, 1e-30};
    const int sizes[] = {2, 7, 25};
    for (int si = 0; si < 2; si++)
        for (int t = 0; t < 3; t++) {
            int n = sizes[t], iters;
            double s = prec == PREC_D ? sd[si] : ss[si];
            double *A = alloc_d((size_t)n * n), *B = alloc_d((size_t)n * n);
            double *wr = alloc_d(n), *wi = alloc_d(n), *rr = alloc_d(n), *ri = alloc_d(n);
            double *rc = alloc_d(n), *dist = alloc_d(n), abnrm;
            fill_normal(n, A);
            round_to_prec(prec, n, A);
            for (int k = 0; k < n * n; k++) B[k] = A[k] * s;
            round_to_prec(prec, n, B);
            int st = solve_ours(prec, n, B, wr, wi, 0, &iters);
            check_shape(si ? "tiny_scale" : "huge_scale", prec, n, st, iters, wr, wi);
            for (int k = 0; k < n; k++) { wr[k] /= s; wi[k] /= s; }
            reference(prec, n, A, rr, ri, rc, &abnrm);
            match(n, wr, wi, rr, ri, rc, dist);
            const double eps = prec_eps(prec), fro = frobenius(n, A);
            double worst = 0, worst_plain = 0;
            for (int j = 0; j < n; j++) {
                worst = fmax(worst, dist[j] * rc[j] / (n * eps * abnrm));
                worst_plain = fmax(worst_plain, dist[j] / (n * eps * fro));
            }
            if (isnan(worst)) worst = INFINITY;
            eig_test_expect(worst <= C_BOUND, "scaled %s s=%g n=%d: condition-aware ratio %.3g",
                            prec_name[prec], s, n, worst);
            family_stats *f = family(si ? "tiny_scale" : "huge_scale", prec);
            note(f, worst_plain, worst);
            f->cases++;
            free(A); free(B); free(wr); free(wi); free(rr); free(ri); free(rc); free(dist);
        }
}

/* Interleaved batch of `count` n×n matrices (element stride = count): solves
 * each with stride `count` in place. Results come back de-interleaved. */
static void solve_interleaved(int prec, int n, int count, const double *mats, double *wr,
                              double *wi, int *status)
{
    size_t nn = (size_t)n * n;
    int iters;
    if (prec == PREC_D) {
        double *a = alloc_d(nn * count), *r = alloc_d((size_t)n * count), *i = alloc_d((size_t)n * count);
        for (int b = 0; b < count; b++)
            for (size_t k = 0; k < nn; k++) a[k * count + b] = mats[b * nn + k];
        for (int b = 0; b < count; b++)
            status[b] = eig_general_eigvals_d(n, a + b, count, r + b, i + b, count, 0, &iters);
        for (int b = 0; b < count; b++)
            for (int k = 0; k < n; k++) { wr[b * n + k] = r[k * count + b]; wi[b * n + k] = i[k * count + b]; }
        free(a); free(r); free(i);
    } else {
        float *a = calloc(nn * count + 1, 4), *r = calloc((size_t)n * count + 1, 4);
        float *i = calloc((size_t)n * count + 1, 4);
        for (int b = 0; b < count; b++)
            for (size_t k = 0; k < nn; k++) a[k * count + b] = (float)mats[b * nn + k];
        for (int b = 0; b < count; b++)
            status[b] = eig_general_eigvals_s(n, a + b, count, r + b, i + b, count, 0, &iters);
        for (int b = 0; b < count; b++)
            for (int k = 0; k < n; k++) { wr[b * n + k] = r[k * count + b]; wi[b * n + k] = i[k * count + b]; }
        free(a); free(r); free(i);
    }
}

/* Strided batches: each matrix's result must equal (bitwise) its contiguous
 * solve, which is itself checked against the reference. */
static void test_strided(int prec)
{
    const int sizes[] = {3, 10, 33}, count = 4;
    for (int t = 0; t < 3; t++) {
        int n = sizes[t], iters, status[4];
        size_t nn = (size_t)n * n;
        double *mats = alloc_d(nn * count), *wr = alloc_d((size_t)n * count), *wi = alloc_d((size_t)n * count);
        double *cr = alloc_d(n), *ci = alloc_d(n);
        for (size_t k = 0; k < nn * count; k++) mats[k] = eig_test_normal(&rng);
        round_entries(prec, nn * count, mats);
        solve_interleaved(prec, n, count, mats, wr, wi, status);
        for (int b = 0; b < count; b++) {
            eig_test_expect(status[b] == EIG_STATUS_OK, "strided %s n=%d: status %d",
                            prec_name[prec], n, status[b]);
            solve_ours(prec, n, mats + b * nn, cr, ci, 0, &iters);
            eig_test_expect(!memcmp(cr, wr + b * n, sizeof(double) * n) &&
                                !memcmp(ci, wi + b * n, sizeof(double) * n),
                            "strided %s n=%d matrix %d: differs from the contiguous solve",
                            prec_name[prec], n, b);
            check_vs_reference("strided", prec, n, mats + b * nn, -INFINITY);
        }
        free(mats); free(wr); free(wi); free(cr); free(ci);
    }
}

/* Batch of 3 interleaved with stride 3: [NaN inside, good, Inf inside]. The
 * bad ones report invalid input with NaN eigenvalues; the good one is
 * untouched by its neighbours. */
static void test_invalid(int prec)
{
    const int sizes[] = {1, 4, 9};
    for (int t = 0; t < 3; t++) {
        int n = sizes[t], status[3], iters;
        size_t nn = (size_t)n * n;
        double *mats = alloc_d(3 * nn), *wr = alloc_d(3 * (size_t)n), *wi = alloc_d(3 * (size_t)n);
        double *cr = alloc_d(n), *ci = alloc_d(n);
        for (size_t k = 0; k < 3 * nn; k++) mats[k] = eig_test_normal(&rng);
        round_entries(prec, 3 * nn, mats);
        mats[0 * nn + (size_t)(eig_test_uniform(&rng) * nn)] = NAN;
        mats[2 * nn + (size_t)(eig_test_uniform(&rng) * nn)] = eig_test_uniform(&rng) < 0.5 ? INFINITY : -INFINITY;
        solve_interleaved(prec, n, 3, mats, wr, wi, status);
        for (int b = 0; b < 3; b += 2) {
            int all_nan = 1;
            for (int k = 0; k < n; k++) all_nan &= isnan(wr[b * n + k]) && isnan(wi[b * n + k]);
            eig_test_expect(status[b] == EIG_STATUS_INVALID_INPUT && all_nan,
                            "invalid %s n=%d matrix %d: status %d, all NaN %d", prec_name[prec], n,
                            b, status[b], all_nan);
        }
        eig_test_expect(status[1] == EIG_STATUS_OK, "invalid %s n=%d: good neighbour status %d",
                        prec_name[prec], n, status[1]);
        solve_ours(prec, n, mats + nn, cr, ci, 0, &iters);
        eig_test_expect(!memcmp(cr, wr + n, sizeof(double) * n) && !memcmp(ci, wi + n, sizeof(double) * n),
                        "invalid %s n=%d: good neighbour differs from its contiguous solve",
                        prec_name[prec], n);
        check_vs_reference("invalid_neighbour", prec, n, mats + nn, -INFINITY);
        free(mats); free(wr); free(wi); free(cr); free(ci);
    }
}

/* Iteration cap. The cyclic shift matrix (a permutation) defeats standard
 * shifts: only the exceptional shift after 10 sweeps makes progress, so a
 * cap of 1*n sweeps must end in NOT_CONVERGED with all-NaN output, while the
 * default cap converges to the n-th roots of unity. A random matrix under a
 * cap of 1*n is either not converged (all NaN) or right within the cap. */
static void test_not_converged(int prec)
{
    const int sizes[] = {4, 7};
    for (int t = 0; t < 2; t++) {
        int n = sizes[t], iters;
        double *A = alloc_d((size_t)n * n), *wr = alloc_d(n), *wi = alloc_d(n);
        double *tr = alloc_d(n), *ti = alloc_d(n), *one = alloc_d(n), *dist = alloc_d(n);
        for (int i = 0; i < n; i++) A[i * n + (i + n - 1) % n] = 1;
        int st = solve_ours(prec, n, A, wr, wi, 1, &iters);
        int all_nan = 1;
        for (int k = 0; k < n; k++) all_nan &= isnan(wr[k]) && isnan(wi[k]);
        eig_test_expect(st == EIG_STATUS_NOT_CONVERGED && all_nan,
                        "cyclic %s n=%d cap 1n: status %d (iters %d), all NaN %d", prec_name[prec], n,
                        st, iters, all_nan);
        st = solve_ours(prec, n, A, wr, wi, 0, &iters);
        check_shape("cyclic", prec, n, st, iters, wr, wi);
        eig_test_expect(iters > 10, "cyclic %s n=%d: %d iterations, expected an exceptional shift",
                        prec_name[prec], n, iters);
        for (int k = 0; k < n; k++) {
            one[k] = 1;
            tr[k] = cos(2 * M_PI * k / n);
            ti[k] = sin(2 * M_PI * k / n);
        }
        match(n, wr, wi, tr, ti, one, dist);
        double worst = 0; /* normal matrix: every eigenvalue perfectly conditioned */
        for (int k = 0; k < n; k++) worst = fmax(worst, dist[k] / (n * prec_eps(prec) * sqrt(n)));
        if (isnan(worst)) worst = INFINITY;
        eig_test_expect(worst <= C_BOUND, "cyclic %s n=%d: ratio %.3g", prec_name[prec], n, worst);
        family_stats *f = family("cyclic", prec);
        note(f, worst, worst);
        f->cases++;
        free(A); free(wr); free(wi); free(tr); free(ti); free(one); free(dist);
    }
    int n = 40, iters, not_conv = 0;
    for (int rep = 0; rep < 3; rep++) {
        double *A = alloc_d((size_t)n * n), *wr = alloc_d(n), *wi = alloc_d(n);
        double *rr = alloc_d(n), *ri = alloc_d(n), *rc = alloc_d(n), *dist = alloc_d(n), abnrm;
        fill_normal(n, A);
        round_to_prec(prec, n, A);
        int st = solve_ours(prec, n, A, wr, wi, 1, &iters);
        if (st == EIG_STATUS_NOT_CONVERGED) {
            not_conv++;
            int all_nan = 1;
            for (int k = 0; k < n; k++) all_nan &= isnan(wr[k]) && isnan(wi[k]);
            eig_test_expect(all_nan && iters == n, "capped %s: not converged but output not NaN (iters %d)",
                            prec_name[prec], iters);
        } else {
            eig_test_expect(st == EIG_STATUS_OK && iters <= n, "capped %s: status %d iters %d",
                            prec_name[prec], st, iters);
            reference(prec, n, A, rr, ri, rc, &abnrm);
            match(n, wr, wi, rr, ri, rc, dist);
            double worst = 0;
            for (int j = 0; j < n; j++) worst = fmax(worst, dist[j] * rc[j] / (n * prec_eps(prec) * abnrm));
            if (isnan(worst)) worst = INFINITY;
            eig_test_expect(worst <= C_BOUND, "capped %s: converged within cap but wrong (%.3g)",
                            prec_name[prec], worst);
        }
        free(A); free(wr); free(wi); free(rr); free(ri); free(rc); free(dist);
    }
    printf("  random n=%d with cap 1*n (%s): %d of 3 not converged\n", n, prec_name[prec], not_conv);
}

int main(void)
{
    eig_test_rng_init(&rng, eig_test_seed("accuracy_general"));
    for (int prec = 0; prec < 2; prec++) {
        test_random(prec);
        test_exact_diagonal(prec);
        test_hessenberg(prec);
        test_tiny_subdiagonal(prec);
        test_frank(prec);
        test_wilkinson(prec);
        test_jordan(prec);
        test_graded(prec);
        test_scaled(prec);
        test_strided(prec);
        test_invalid(prec);
        test_not_converged(prec);
    }
    printf("worst ratios per family (plain: dist/(n eps ||A||_F); cond: dist*s_j/(n eps ||A_bal||_1);\n"
           "jordan: dist/(n eps ||A||_F)^(1/k); cyclic: dist/(n eps sqrt(n))); bound C = %g (jordan %g)\n",
           C_BOUND, C_JORDAN);
    printf("  %-28s %6s %12s %12s\n", "family", "cases", "plain", "cond");
    for (int k = 0; k < n_families; k++)
        printf("  %-28s %6d %12.3g %12.3g\n", families[k].name, families[k].cases,
               families[k].worst_plain, families[k].worst_cond);
    return eig_test_summary();
}

/* Accuracy of the tridiagonal bisection solver (eig_tridiag_bisect_d/_s).
 *
 * Fresh random tridiagonals each run (seed printed) in several families, both
 * precisions, n from 1 to 1024. Oracles:
 *  - LAPACKE_dsterf (QR, double) for accuracy: every eigenvalue within
 *    C_ACC * n * eps * ||T||_inf (safmin for the zero matrix);
 *  - LAPACKE_{d,s}stebz (bisection, same precision) for the selections 'A',
 *    'I', 'V': same counts, values within the same bound;
 *  - the closed form 2 - 2 cos(k pi / (n+1)) for the (-1, 2, -1) family.
 * The references run on a copy scaled by a power of two to max entry ~1
 * (exact), so LAPACK's e^2 cannot overflow on the huge-scale family. Single
 * precision inputs are rounded to float first, so both sides see one matrix.
 * Diagonal matrices (zero, identity, random diagonal) must come out exact.
 * Also: invalid input (NaN/Inf) inside an interleaved batch, strided
 * batches equal to contiguous calls bit for bit, selection edge cases.
 * Prints the worst error ratio per family and precision (docs/accuracy.md). */
#include <float.h>
#include <lapacke.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "precision.h"
#include "testutil.h"

/* |lambda - lambda_ref| <= C_ACC * n * eps * ||T||  (eps = unit roundoff). */
#define C_ACC 4.0

enum { SEL_ALL = 0, SEL_INDEX = 1, SEL_RANGE = 2 };
enum { P_DOUBLE = 0, P_SINGLE = 1, NPREC = 2 };
static const char *prec_name[NPREC] = {"double", "single"};

typedef enum {
    F_UNIFORM, F_TOEPLITZ, F_GEOMETRIC, F_WILK_SQRTEPS, F_WILK_TINY, F_ZERO, F_IDENTITY,
    F_DIAGONAL, F_TINY_OFFDIAG, F_HUGE, F_TINY_SCALE, NFAM
} family;
static const char *fam_name[NFAM] = {
    "uniform", "toeplitz(-1,2,-1)", "geometric", "wilkinson21-glued-sqrteps",
    "wilkinson21-glued-tiny", "zero", "identity", "diagonal", "tiny-offdiag", "huge-scale",
    "tiny-scale"};

static const int sizes[] = {1, 2, 3, 4, 5, 8, 16, 17, 31, 32, 33, 64, 128, 256, 1024};
#define NSIZES ((int)(sizeof sizes / sizeof sizes[0]))

static double worst_ref[NPREC][NFAM];   /* vs dsterf, in units of n eps ||T|| */
static double worst_ref_no_n[NPREC][NFAM]; /* vs dsterf, in units of eps ||T|| */
static double worst_stebz[NPREC][NFAM]; /* vs stebz (A, I, V) */
static double worst_formula[NPREC];     /* toeplitz vs closed form */
static long long total_iters[NPREC][NFAM]; /* steps of the 'all' calls */

static double unit_roundoff(int p) { return p == P_SINGLE ? FLT_EPSILON / 2 : DBL_EPSILON / 2; }
static double safmin_of(int p) { return p == P_SINGLE ? FLT_MIN : DBL_MIN; }

/* ---- inputs ---- */

static double uniform_pm1(eig_test_rng *r) { return 2.0 * eig_test_uniform(r) - 1.0; }

static void wilkinson_glued(int n, double glue, double *d, double *e)
{
    for (int k = 0; k < n; k++) d[k] = fabs((double)(k % 21) - 10.0);
    for (int k = 0; k + 1 < n; k++) e[k] = (k % 21 == 20) ? glue : 1.0;
}

static void make_family(family f, int p, int n, eig_test_rng *r, double *d, double *e)
{
    int single = p == P_SINGLE;
    for (int k = 0; k < n; k++) d[k] = 0;
    for (int k = 0; k + 1 < n; k++) e[k] = 0;
    switch (f) {
    case F_UNIFORM:
        for (int k = 0; k < n; k++) d[k] = uniform_pm1(r);
        for (int k = 0; k + 1 < n; k++) e[k] = uniform_pm1(r);
        break;
    case F_TOEPLITZ:
        for (int k = 0; k < n; k++) d[k] = 2;
        for (int k = 0; k + 1 < n; k++) e[k] = -1;
        break;
    case F_GEOMETRIC: { /* magnitudes 10^[-span, span], random signs */
        double span = single ? 6 : 15;
        for (int k = 0; k < n; k++) d[k] = copysign(pow(10, span * uniform_pm1(r)), uniform_pm1(r));
        for (int k = 0; k + 1 < n; k++) e[k] = copysign(pow(10, span * uniform_pm1(r)), uniform_pm1(r));
        break;
    }
    case F_WILK_SQRTEPS: wilkinson_glued(n, sqrt(unit_roundoff(p)), d, e); break;
    case F_WILK_TINY: wilkinson_glued(n, single ? 1e-6 : 1e-14, d, e); break;
    case F_ZERO: break;
    case F_IDENTITY:
        for (int k = 0; k < n; k++) d[k] = 1;
        break;
    case F_DIAGONAL:
        for (int k = 0; k < n; k++) d[k] = uniform_pm1(r);
        break;
    case F_TINY_OFFDIAG:
        for (int k = 0; k < n; k++) d[k] = uniform_pm1(r);
        for (int k = 0; k + 1 < n; k++) e[k] = (single ? 1e-36 : 1e-300) * uniform_pm1(r);
        break;
    case F_HUGE:
    case F_TINY_SCALE: {
        double scale = f == F_HUGE ? (single ? 1e36 : 1e300) : (single ? 1e-36 : 1e-300);
        for (int k = 0; k < n; k++) d[k] = scale * uniform_pm1(r);
        for (int k = 0; k + 1 < n; k++) e[k] = scale * uniform_pm1(r);
        break;
    }
    default: break;
    }
    if (single) { /* the matrix both sides see */
        for (int k = 0; k < n; k++) d[k] = (float)d[k];
        for (int k = 0; k + 1 < n; k++) e[k] = (float)e[k];
    }
}

static double inf_norm(int n, const double *d, const double *e)
{
    double m = 0;
    for (int k = 0; k < n; k++) {
        double s = fabs(d[k]) + (k > 0 ? fabs(e[k - 1]) : 0) + (k + 1 < n ? fabs(e[k]) : 0);
        if (s > m) m = s;
    }
    return m;
}

/* Power of two bringing the largest entry near 1 (exact scaling). */
static double ref_scale(int n, const double *d, const double *e)
{
    double m = 0;
    for (int k = 0; k < n; k++) m = fmax(m, fabs(d[k]));
    for (int k = 0; k + 1 < n; k++) m = fmax(m, fabs(e[k]));
    if (m == 0) return 1;
    int ex;
    frexp(m, &ex);
    return ldexp(1.0, -ex);
}

/* ---- the solver under test, through double arrays ---- */

typedef struct {
    int status, nfound, iters;
} bis_result;

static bis_result run_bisect(int p, int n, const double *d, const double *e, int sel, int il, int iu,
                             double vl, double vu, double *w)
{
    bis_result r;
    if (p == P_DOUBLE) {
        double *work = malloc(sizeof(double) * (size_t)eig_tridiag_bisect_work_d(n));
        r.status = eig_tridiag_bisect_d(n, d, 1, e, 1, sel, il, iu, vl, vu, w, 1, &r.nfound, work, 1,
                                        &r.iters);
        free(work);
        return r;
    }
    float *buf = calloc((size_t)(3 * n + eig_tridiag_bisect_work_s(n)), sizeof(float));
    float *df = buf, *ef = buf + n, *wf = buf + 2 * n, *work = buf + 3 * n;
    for (int k = 0; k < n; k++) df[k] = (float)d[k];
    for (int k = 0; k + 1 < n; k++) ef[k] = (float)e[k];
    r.status = eig_tridiag_bisect_s(n, df, 1, ef, 1, sel, il, iu, (float)vl, (float)vu, wf, 1,
                                    &r.nfound, work, 1, &r.iters);
    for (int k = 0; k < n; k++) w[k] = wf[k];
    free(buf);
    return r;
}

/* ---- references ---- */

/* All eigenvalues in double by dsterf (ascending), on a scaled copy. */
static void ref_sterf(int n, const double *d, const double *e, double *w)
{
    double s = ref_scale(n, d, e), *ec = malloc(sizeof(double) * (size_t)(n + 1));
    for (int k = 0; k < n; k++) w[k] = d[k] * s;
    for (int k = 0; k + 1 < n; k++) ec[k] = e[k] * s;
    int info = LAPACKE_dsterf(n, w, ec);
    eig_test_expect(info == 0, "dsterf info %d", info);
    for (int k = 0; k < n; k++) w[k] /= s;
    free(ec);
}

/* LAPACK bisection in the precision under test with abstol = 2 safmin (as
 * ours). il, iu 0-based. Returns the count m. */
static int ref_stebz(int p, char range, int n, const double *d, const double *e, double vl,
                     double vu, int il, int iu, double *w)
{
    double s = ref_scale(n, d, e);
    lapack_int m = 0, nsplit = 0, info;
    lapack_int *iblock = malloc(sizeof(lapack_int) * (size_t)(2 * n + 1)), *isplit = iblock + n;
    if (p == P_DOUBLE) {
        double *dc = malloc(sizeof(double) * (size_t)(2 * n + 1)), *ec = dc + n;
        for (int k = 0; k < n; k++) dc[k] = d[k] * s;
        for (int k = 0; k + 1 < n; k++) ec[k] = e[k] * s;
        info = LAPACKE_dstebz(range, 'E', n, vl * s, vu * s, il + 1, iu + 1, 2 * DBL_MIN, dc, ec, &m,
                              &nsplit, w, iblock, isplit);
        free(dc);
    } else {
        float *dc = malloc(sizeof(float) * (size_t)(3 * n + 1)), *ec = dc + n, *wf = dc + 2 * n;
        for (int k = 0; k < n; k++) dc[k] = (float)(d[k] * s);
        for (int k = 0; k + 1 < n; k++) ec[k] = (float)(e[k] * s);
        info = LAPACKE_sstebz(range, 'E', n, (float)(vl * s), (float)(vu * s), il + 1, iu + 1,
                              2 * FLT_MIN, dc, ec, &m, &nsplit, wf, iblock, isplit);
        for (int k = 0; k < m; k++) w[k] = wf[k];
        free(dc);
    }
    eig_test_expect(info == 0, "%cstebz range %c n=%d info %d", p ? 's' : 'd', range, n, (int)info);
    for (int k = 0; k < m; k++) w[k] /= s;
    free(iblock);
    return (int)m;
}

/* ---- checks ---- */

/* Largest |a_k - b_k| over k < m in units of the tolerance unit; Inf on NaN. */
static double max_ratio(int m, const double *a, const double *b, double unit)
{
    double worst = 0;
    for (int k = 0; k < m; k++) {
        double r = fabs(a[k] - b[k]) / unit;
        if (!(r <= worst)) worst = isnan(r) ? INFINITY : r;
    }
    return worst;
}

static int ascending_then_nan(int n, int m, const double *w)
{
    for (int k = 1; k < m; k++)
        if (!(w[k - 1] <= w[k])) return 0;
    for (int k = m; k < n; k++)
        if (!isnan(w[k])) return 0;
    return 1;
}

/* A value of vl or vu well inside a gap of the reference spectrum: gap g lies
 * below ref[g] (g = 0: below all, g = n: above all). */
static double point_in_gap(int n, const double *ref, int g, double norm)
{
    double pad = norm > 0 ? norm : 1;
    if (g == 0) return ref[0] - 0.5 * pad;
    if (g == n) return ref[n - 1] + 0.5 * pad;
    return 0.5 * (ref[g - 1] + ref[g]);
}

static int gap_is_wide(int n, const double *ref, int g, double unit)
{
    if (g == 0 || g == n) return 1;
    return ref[g] - ref[g - 1] > 1e3 * unit;
}

static void check_one(family f, int p, int n, eig_test_rng *rng)
{
    double *d = malloc(sizeof(double) * (size_t)(6 * n + 2));
    double *e = d + n, *w = e + n, *ref = w + n, *wl = ref + n, *wsub = wl + n;
    make_family(f, p, n, rng, d, e);
    double eps = unit_roundoff(p), norm = inf_norm(n, d, e);
    /* The zero matrix has no scale: there the unit is bisection's absolute floor. */
    double unit = norm > 0 ? n * eps * norm : safmin_of(p);
    const char *pn = prec_name[p], *fn = fam_name[f];

    ref_sterf(n, d, e, ref);
    bis_result r = run_bisect(p, n, d, e, SEL_ALL, 0, 0, 0, 0, w);
    total_iters[p][f] += r.iters;
    eig_test_expect(r.status == EIG_STATUS_OK && r.nfound == n, "%s %s n=%d all: status %d nfound %d", pn,
                    fn, n, r.status, r.nfound);
    eig_test_expect(ascending_then_nan(n, r.nfound, w), "%s %s n=%d all: not ascending", pn, fn, n);
    double ra = max_ratio(n, w, ref, unit);
    worst_ref[p][f] = fmax(worst_ref[p][f], ra);
    worst_ref_no_n[p][f] = fmax(worst_ref_no_n[p][f], norm > 0 ? ra * n : ra);
    eig_test_expect(ra <= C_ACC, "%s %s n=%d vs dsterf: ratio %.3g > %g", pn, fn, n, ra, C_ACC);

    if (f == F_DIAGONAL || f == F_IDENTITY || f == F_ZERO) { /* dsterf returns sorted d exactly */
        int exact = 1;
        for (int k = 0; k < n; k++) exact &= w[k] == ref[k];
        eig_test_expect(exact, "%s %s n=%d: eigenvalues of a diagonal matrix not exact", pn, fn, n);
    }
    if (f == F_TOEPLITZ) {
        for (int k = 0; k < n; k++) wl[k] = (double)(2.0L - 2.0L * cosl((k + 1) * 3.14159265358979323846264338327950288L / (n + 1)));
        double rf = max_ratio(n, w, wl, unit);
        worst_formula[p] = fmax(worst_formula[p], rf);
        eig_test_expect(rf <= C_ACC, "%s toeplitz n=%d vs formula: ratio %.3g", pn, n, rf);
    }

    /* 'A' against stebz */
    int m = ref_stebz(p, 'A', n, d, e, 0, 0, 0, 0, wl);
    eig_test_expect(m == n, "%s %s n=%d stebz A found %d", pn, fn, n, m);
    double rs = max_ratio(m < n ? m : n, w, wl, unit);

    /* 'I': a random index range */
    int il = (int)(eig_test_uniform(rng) * n), iu = il + (int)(eig_test_uniform(rng) * (n - il));
    m = ref_stebz(p, 'I', n, d, e, 0, 0, il, iu, wl);
    r = run_bisect(p, n, d, e, SEL_INDEX, il, iu, 0, 0, wsub);
    eig_test_expect(r.status == EIG_STATUS_OK && r.nfound == iu - il + 1 && m == r.nfound,
                    "%s %s n=%d index %d..%d: status %d nfound %d stebz %d", pn, fn, n, il, iu, r.status,
                    r.nfound, m);
    eig_test_expect(ascending_then_nan(n, r.nfound, wsub), "%s %s n=%d index: order/NaN", pn, fn, n);
    rs = fmax(rs, max_ratio(m < r.nfound ? m : r.nfound, wsub, wl, unit));
    rs = fmax(rs, max_ratio(r.nfound, wsub, ref + il, unit));

    /* 'V': an interval with ends inside wide gaps, so the count is unambiguous */
    int ga = (int)(eig_test_uniform(rng) * (n + 1)), gb = ga + (int)(eig_test_uniform(rng) * (n + 1 - ga));
    while (!gap_is_wide(n, ref, ga, unit)) ga--;
    while (!gap_is_wide(n, ref, gb, unit)) gb++;
    double vl = point_in_gap(n, ref, ga, norm), vu = point_in_gap(n, ref, gb, norm);
    if (ga == gb) vu = ga < n ? vl + 0.5 * (ref[ga] - vl) : vl + (norm > 0 ? norm : 1); /* empty */
    int expect = gb - ga;
    m = ref_stebz(p, 'V', n, d, e, vl, vu, 0, 0, wl);
    r = run_bisect(p, n, d, e, SEL_RANGE, 0, 0, vl, vu, wsub);
    eig_test_expect(r.status == EIG_STATUS_OK && r.nfound == expect && m == expect,
                    "%s %s n=%d range (%.17g, %.17g]: status %d nfound %d stebz %d expected %d", pn, fn, n,
                    vl, vu, r.status, r.nfound, m, expect);
    eig_test_expect(ascending_then_nan(n, r.nfound, wsub), "%s %s n=%d range: order/NaN", pn, fn, n);
    rs = fmax(rs, max_ratio(m < r.nfound ? m : r.nfound, wsub, wl, unit));
    if (r.nfound == expect) rs = fmax(rs, max_ratio(r.nfound, wsub, ref + ga, unit));
    worst_stebz[p][f] = fmax(worst_stebz[p][f], rs);
    eig_test_expect(rs <= C_ACC, "%s %s n=%d subsets vs stebz/dsterf: ratio %.3g > %g", pn, fn, n, rs, C_ACC);
    free(d);
}

/* ---- strided batches and invalid input (typed, per precision) ---- */

#define DEFINE_BATCH_CHECK(T, SUF, NAME)                                                              \
    static void batch_check_##SUF(int n, eig_test_rng *rng)                                         \
    {                                                                                                \
        enum { B = 5, BAD_D = 1, BAD_E = 3 };                                                        \
        int nw = eig_tridiag_bisect_work_##SUF(n);                                                   \
        T *d = malloc(sizeof(T) * (size_t)B * n), *e = malloc(sizeof(T) * (size_t)B * n);            \
        T *w = malloc(sizeof(T) * (size_t)B * n), *work = malloc(sizeof(T) * (size_t)B * nw);        \
        T *d1 = malloc(sizeof(T) * n), *e1 = malloc(sizeof(T) * n), *w1 = malloc(sizeof(T) * n);     \
        T *work1 = malloc(sizeof(T) * nw);                                                           \
        for (int i = 0; i < B * n; i++) {                                                            \
            d[i] = (T)uniform_pm1(rng);                                                              \
            e[i] = (T)uniform_pm1(rng);                                                              \
        }                                                                                            \
        if (n > 1) e[(n / 2 - 1) * B + BAD_E] = (T)INFINITY;                                        \
        d[(n - 1) * B + BAD_D] = (T)NAN;                                                             \
        for (int b = 0; b < B; b++) {                                                                \
            int nf, it, st;                                                                          \
            int sel = b % 3, il = n / 4, iu = n - 1 - n / 4;                                         \
            T vl = (T)-0.5, vu = (T)0.7;                                                             \
            st = eig_tridiag_bisect_##SUF(n, d + b, B, e + b, B, sel, il, iu, vl, vu, w + b, B, &nf,   \
                                          work + b, B, &it);                                         \
            for (int k = 0; k < n; k++) {                                                            \
                d1[k] = d[k * B + b];                                                                \
                e1[k] = e[k * B + b];                                                                \
            }                                                                                        \
            int nf1, it1;                                                                            \
            int st1 = eig_tridiag_bisect_##SUF(n, d1, 1, e1, 1, sel, il, iu, vl, vu, w1, 1, &nf1,      \
                                               work1, 1, &it1);                                      \
            int bad = b == BAD_D || (b == BAD_E && n > 1);                                           \
            int same = st == st1 && nf == nf1 && it == it1;                                          \
            for (int k = 0; k < n; k++)                                                              \
                same &= memcmp(&w[k * B + b], &w1[k], sizeof(T)) == 0;                               \
            eig_test_expect(same, "%s stride %d n=%d matrix %d: differs from contiguous", NAME, B, n, \
                            b);                                                                      \
            if (bad) {                                                                               \
                int allnan = 1;                                                                      \
                for (int k = 0; k < n; k++) allnan &= isnan(w[k * B + b]);                           \
                eig_test_expect(st == EIG_STATUS_INVALID_INPUT && nf == 0 && allnan,                 \
                                "%s n=%d matrix %d with NaN/Inf: status %d nfound %d", NAME, n, b, st,  \
                                nf);                                                                 \
            } else {                                                                                 \
                eig_test_expect(st == EIG_STATUS_OK, "%s n=%d neighbour %d of a bad matrix: status %d", \
                                NAME, n, b, st);                                                     \
            }                                                                                        \
        }                                                                                            \
        free(d); free(e); free(w); free(work); free(d1); free(e1); free(w1); free(work1);            \
    }

DEFINE_BATCH_CHECK(double, d, "double")
DEFINE_BATCH_CHECK(float, s, "single")

/* The exposed Sturm count agrees with dsterf at points inside the gaps. */
static void sturm_count_check(eig_test_rng *rng)
{
    enum { N = 33 };
    double d[N], e[N], e2[N], ref[N];
    double pivmin = DBL_MIN;
    for (int k = 0; k < N; k++) d[k] = uniform_pm1(rng), e[k] = uniform_pm1(rng);
    for (int k = 0; k + 1 < N; k++) e2[k] = e[k] * e[k], pivmin = fmax(pivmin, DBL_MIN * e2[k]);
    ref_sterf(N, d, e, ref);
    for (int g = 0; g <= N; g++) {
        double x = point_in_gap(N, ref, g, inf_norm(N, d, e));
        if (!gap_is_wide(N, ref, g, N * DBL_EPSILON * inf_norm(N, d, e))) continue;
        int c = eig_sturm_count_d(N, d, 1, e2, 1, pivmin, x);
        eig_test_expect(c == g, "sturm count at %.17g: %d, expected %d", x, c, g);
    }
}

/* Selection edge cases: bad arguments are invalid input; an interval
 * covering everything equals 'all'; an interval outside finds nothing. */
static void selection_edges(eig_test_rng *rng)
{
    enum { N = 12 };
    double d[N], e[N], w[N], wa[N], work[4 * N + 4];
    for (int k = 0; k < N; k++) d[k] = uniform_pm1(rng), e[k] = uniform_pm1(rng);
    int nf, it, st;
    st = eig_tridiag_bisect_d(N, d, 1, e, 1, SEL_INDEX, 3, N, 0, 0, w, 1, &nf, work, 1, &it);
    eig_test_expect(st == EIG_STATUS_INVALID_INPUT && nf == 0, "iu = n accepted (status %d)", st);
    st = eig_tridiag_bisect_d(N, d, 1, e, 1, SEL_INDEX, 5, 4, 0, 0, w, 1, &nf, work, 1, &it);
    eig_test_expect(st == EIG_STATUS_INVALID_INPUT && nf == 0, "il > iu accepted (status %d)", st);
    st = eig_tridiag_bisect_d(N, d, 1, e, 1, SEL_RANGE, 0, 0, 1.0, 1.0, w, 1, &nf, work, 1, &it);
    eig_test_expect(st == EIG_STATUS_INVALID_INPUT, "vl == vu accepted (status %d)", st);
    st = eig_tridiag_bisect_d(N, d, 1, e, 1, SEL_RANGE, 0, 0, NAN, 1.0, w, 1, &nf, work, 1, &it);
    eig_test_expect(st == EIG_STATUS_INVALID_INPUT, "vl = NaN accepted (status %d)", st);
    st = eig_tridiag_bisect_d(N, d, 1, e, 1, 7, 0, 0, 0, 0, w, 1, &nf, work, 1, &it);
    eig_test_expect(st == EIG_STATUS_INVALID_INPUT, "sel = 7 accepted (status %d)", st);
    eig_tridiag_bisect_d(N, d, 1, e, 1, SEL_ALL, 0, 0, 0, 0, wa, 1, &nf, work, 1, &it);
    st = eig_tridiag_bisect_d(N, d, 1, e, 1, SEL_RANGE, 0, 0, -INFINITY, INFINITY, w, 1, &nf, work, 1, &it);
    eig_test_expect(st == EIG_STATUS_OK && nf == N && memcmp(w, wa, sizeof w) == 0,
                    "range (-inf, inf] differs from all (nfound %d)", nf);
    st = eig_tridiag_bisect_d(N, d, 1, e, 1, SEL_RANGE, 0, 0, 10.0, 20.0, w, 1, &nf, work, 1, &it);
    eig_test_expect(st == EIG_STATUS_OK && nf == 0 && isnan(w[0]), "range above the spectrum found %d", nf);
    /* n = 0 is a no-op */
    st = eig_tridiag_bisect_d(0, d, 1, e, 1, SEL_ALL, 0, 0, 0, 0, w, 1, &nf, work, 1, &it);
    eig_test_expect(st == EIG_STATUS_OK && nf == 0, "n = 0: status %d nfound %d", st, nf);
}

int main(void)
{
    eig_test_rng rng;
    eig_test_rng_init(&rng, eig_test_seed("accuracy_tridiagonal"));

    for (int p = 0; p < NPREC; p++)
        for (int f = 0; f < NFAM; f++)
            for (int s = 0; s < NSIZES; s++) check_one((family)f, p, sizes[s], &rng);
    for (int s = 0; s < NSIZES; s++) {
        if (sizes[s] > 256) continue;
        batch_check_d(sizes[s], &rng);
        batch_check_s(sizes[s], &rng);
    }
    selection_edges(&rng);
    sturm_count_check(&rng);

    printf("worst |lambda - ref| / (n eps ||T||_inf), C = %g\n", C_ACC);
    printf("(column 'eps||T||': the same vs dsterf without the factor n)\n");
    printf("%-28s %-7s %12s %12s %12s %10s\n", "family", "prec", "vs dsterf", "vs stebz", "eps||T||",
           "steps/eig");
    for (int p = 0; p < NPREC; p++)
        for (int f = 0; f < NFAM; f++) {
            long long nsum = 0;
            for (int s = 0; s < NSIZES; s++) nsum += sizes[s];
            printf("%-28s %-7s %12.3g %12.3g %12.3g %10.1f\n", fam_name[f], prec_name[p], worst_ref[p][f],
                   worst_stebz[p][f], worst_ref_no_n[p][f], (double)total_iters[p][f] / (double)nsum);
        }
    for (int p = 0; p < NPREC; p++)
        printf("toeplitz(-1,2,-1) vs 2-2cos(k pi/(n+1)), %s: %.3g\n", prec_name[p], worst_formula[p]);
    return eig_test_summary();
}

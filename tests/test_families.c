/* Generator families (io/families.c, io/families_impl.h) and the counter-based RNG (io/rng.h):
 * determinism by global index, exact symmetry, the documented structure of
 * each family, and the properties the solvers' tests rely on (radar PSD,
 * control sweep crossing from stable to unstable), with LAPACKE as oracle. */
#include <lapacke.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "eig_error.h"
#include "families.h"
#include "families_impl.h"
#include "rng.h"
#include "testutil.h"

#define MAX_N 48

static eig_test_rng trng;

static int rand_int(int lo, int hi) { return lo + (int)(eig_test_next(&trng) % (uint64_t)(hi - lo + 1)); }

/* Doubles one matrix of family f and order n occupies. */
static size_t matrix_len(const eig_family *f, int n)
{
    switch (f->kind) {
    case EIG_KIND_HERMITIAN: return 2 * (size_t)n * n;
    case EIG_KIND_TRIDIAGONAL: return 2 * (size_t)n - 1;
    default: return (size_t)n * n;
    }
}

static double *fill_new(const eig_family *f, int n, uint64_t seed, eig_idx index, eig_idx count)
{
    double *a = malloc(sizeof(double) * matrix_len(f, n));
    int rc = eig_family_fill(f, n, seed, index, count, a);
    eig_test_expect(rc == 0, "%s n=%d index=%lld: fill failed (%d: %s)", f->name, n,
                    (long long)index, rc, eig_error_message());
    return a;
}

static const eig_family *family(const char *name)
{
    const eig_family *f = eig_family_find(name);
    eig_test_expect(f != NULL, "family %s missing", name);
    if (!f) exit(eig_test_summary() | 1);
    return f;
}

/* ---- RNG ---- */

static void test_rng(uint64_t seed)
{
    const int N = 200000;
    double sum_u = 0, sum_z = 0, sum_z2 = 0, sum_uz = 0, in_range = 1;
    for (int k = 0; k < N; k++) {
        double u = eig_rng_uniform(seed, 5, eig_rng_counter(0, k));
        double z = eig_rng_normal(seed, 5, eig_rng_counter(0, k));
        if (!(u >= 0 && u < 1) || !isfinite(z)) in_range = 0;
        sum_u += u, sum_z += z, sum_z2 += z * z, sum_uz += (u - 0.5) * z;
    }
    eig_test_expect(in_range, "rng: uniform outside [0,1) or normal not finite");
    double mean_u = sum_u / N, mean_z = sum_z / N, var_z = sum_z2 / N - mean_z * mean_z;
    /* 6-sigma bands: the uniform mean has sd sqrt(1/12/N), the normal mean
     * sd 1/sqrt(N), its variance sd sqrt(2/N); corr(u, z) sd ~ 1/sqrt(N). */
    eig_test_expect(fabs(mean_u - 0.5) < 6 * sqrt(1.0 / 12 / N), "rng: uniform mean %g", mean_u);
    eig_test_expect(fabs(mean_z) < 6 / sqrt(N), "rng: normal mean %g", mean_z);
    eig_test_expect(fabs(var_z - 1) < 6 * sqrt(2.0 / N), "rng: normal variance %g", var_z);
    double corr = (sum_uz / N) / sqrt(1.0 / 12);
    eig_test_expect(fabs(corr) < 6 / sqrt(N), "rng: uniform and normal at one counter correlate (%g)",
                    corr);

    /* Pure function; neighbours in every coordinate differ. */
    uint64_t a = eig_rng_u64(seed, 7, 11);
    eig_test_expect(a == eig_rng_u64(seed, 7, 11), "rng: not deterministic");
    eig_test_expect(a != eig_rng_u64(seed + 1, 7, 11) && a != eig_rng_u64(seed, 8, 11) &&
                        a != eig_rng_u64(seed, 7, 12) &&
                        a != eig_rng_u64(seed, 7, eig_rng_counter(1, 11)),
                    "rng: neighbouring (seed, index, counter) collide");
}

/* ---- every family: determinism and index independence ---- */

static void test_determinism(const eig_family *f, uint64_t seed)
{
    const int K = 7;
    int n = rand_int(1, MAX_N);
    eig_idx count = 1000 + rand_int(0, 1000);
    size_t len = matrix_len(f, n);
    double *in_order = malloc(sizeof(double) * len * K), *again = malloc(sizeof(double) * len);
    eig_idx idx[7];
    for (int k = 0; k < K; k++) idx[k] = (eig_idx)(eig_test_next(&trng) % (uint64_t)count);
    idx[1] = idx[0] == count - 1 ? idx[0] - 1 : idx[0] + 1; /* a neighbour too */
    for (int k = 0; k < K; k++) {
        int rc = eig_family_fill(f, n, seed, idx[k], count, in_order + len * k);
        eig_test_expect(rc == 0, "%s n=%d: fill failed: %s", f->name, n, eig_error_message());
    }
    int finite = 1;
    for (size_t i = 0; i < len * K; i++) finite &= isfinite(in_order[i]) != 0;
    eig_test_expect(finite, "%s n=%d: non-finite entries", f->name, n);

    for (int k = K - 1; k >= 0; k--) { /* out of order, after other matrices */
        eig_family_fill(f, n, seed, idx[k], count, again);
        eig_test_expect(memcmp(again, in_order + len * k, sizeof(double) * len) == 0,
                        "%s n=%d index=%lld: differs when produced out of order", f->name, n,
                        (long long)idx[k]);
    }

    /* Different indices (and seeds) give different matrices, except where the
     * family is documented to ignore them. */
    int index_free = strcmp(f->name, "tridiag-121") == 0;
    int seed_free = index_free || strcmp(f->name, "control") == 0;
    /* wilkinson-glued varies only through its glue, absent below 22. */
    int varies = strcmp(f->name, "wilkinson-glued") != 0 || n > 21;
    int same = memcmp(in_order, in_order + len, sizeof(double) * len) == 0;
    if (index_free)
        eig_test_expect(same, "%s: indices %lld and %lld differ", f->name, (long long)idx[0],
                        (long long)idx[1]);
    else if (varies)
        eig_test_expect(!same, "%s n=%d: indices %lld and %lld give the same matrix", f->name, n,
                        (long long)idx[0], (long long)idx[1]);
    eig_family_fill(f, n, seed ^ 0x5deece66dull, idx[0], count, again);
    int same_seed = memcmp(again, in_order, sizeof(double) * len) == 0;
    if (seed_free)
        eig_test_expect(same_seed, "%s: depends on the seed", f->name);
    else if (varies)
        eig_test_expect(!same_seed, "%s n=%d: another seed gives the same matrix", f->name, n);
    free(in_order);
    free(again);
}

static void test_bad_arguments(const eig_family *f)
{
    double out[4 * 4 * 2];
    int bad_n[3] = {0, -3, 4097};
    for (int k = 0; k < 3; k++) {
        eig_error_clear();
        int rc = eig_family_fill(f, bad_n[k], 1, 0, 1, out);
        const char *msg = eig_error_message();
        char nstr[32];
        snprintf(nstr, sizeof nstr, "n = %d", bad_n[k]);
        eig_test_expect(rc == EIG_ERR_USAGE && strstr(msg, f->name) && strstr(msg, nstr),
                        "%s: n=%d gave rc %d, message '%s'", f->name, bad_n[k], rc, msg);
    }
    eig_error_clear();
    eig_test_expect(eig_family_fill(f, 4, 1, 5, 5, out) != 0 &&
                        eig_family_fill(f, 4, 1, -1, 5, out) != 0,
                    "%s: index outside [0, count) accepted", f->name);
    eig_error_clear();
}

/* ---- the GPU's decomposition, compiled for the host ----
 * The GPU generator (gpu/generate_gpu.cu) computes every entry on its own
 * with eig_fam_element (radar: eig_fam_radar with a block as its team). On
 * the host the same function must give the bytes eig_family_fill gives, for
 * every family, order and precision (the float conversion is the same cast on
 * both sides): what is left between host and device is only how each
 * compiler rounds (docs/format.md). */
static void test_element_wise(const eig_family *f, uint64_t seed)
{
    int fam = eig_family_id(f);
    eig_test_expect(fam >= 0 && fam < EIG_FAM_COUNT, "%s: no family number", f->name);
    if (fam == EIG_FAM_RADAR || fam < 0) return;
    int sizes[4] = {1, 2, rand_int(3, 21), rand_int(22, MAX_N)};
    for (int s = 0; s < 4; s++) {
        int n = sizes[s];
        eig_idx count = 1 + rand_int(0, 3000), index = (eig_idx)(eig_test_next(&trng) % (uint64_t)count);
        size_t len = matrix_len(f, n);
        double *a = fill_new(f, n, seed, index, count);
        int same = 1;
        for (size_t k = 0; k < len; k++) {
            double e = eig_fam_element(fam, n, seed, (uint64_t)index, count, (eig_idx)k);
            same &= memcmp(&e, &a[k], sizeof e) == 0; /* bits: -0.0 is not 0.0 */
        }
        eig_test_expect(same, "%s n=%d index=%lld of %lld: entry by entry differs from eig_family_fill", f->name, n,
                        (long long)index, (long long)count);
        free(a);
    }
}

/* ---- the bit stream files were written with ----
 * FNV-1a 64 of eig_family_fill's bytes for fixed cases, taken from the
 * generator before it moved into families_impl.h (commit 1a3783c, same
 * families.c and rng.c as b007591; Debian 12's glibc 2.36 libm): files written by
 * `generate --backend cpu` stay byte-identical. The families drawn through
 * log, cos, sin or pow also depend on the C library's libm: a mismatch in
 * only those, on another libm, is the library's doing (docs/format.md). */
static uint64_t fnv1a(const void *p, size_t bytes)
{
    uint64_t h = 0xcbf29ce484222325ull;
    for (size_t k = 0; k < bytes; k++) h = (h ^ ((const unsigned char *)p)[k]) * 0x100000001b3ull;
    return h;
}

static void test_golden(void)
{
    static const struct {
        const char *family;
        int n;
        eig_idx index, count;
        uint64_t fnv;
    } golden[] = {
        {"random-general", 7, 3, 10, 0xaadc63a85a91dfd9ull},
        {"random-symmetric", 9, 5, 10, 0x3811773a2d54e46bull},
        {"random-hermitian", 6, 7, 10, 0xb53607a26670c730ull},
        {"tridiag-121", 5, 0, 1, 0x7af2129bbaef4645ull},
        {"tridiag-uniform", 11, 9, 10, 0xa44bd603ed3936c4ull},
        {"tridiag-geometric", 13, 2, 10, 0x977108cfd1957b94ull},
        {"wilkinson-glued", 44, 4, 10, 0x57ae468f9f82270aull},
        {"control", 9, 17, 64, 0xc34060d78a655227ull},
        {"radar", 8, 1, 10, 0x6332611844b6aa1cull},
    };
    for (size_t c = 0; c < sizeof golden / sizeof golden[0]; c++) {
        const eig_family *f = family(golden[c].family);
        double *a = fill_new(f, golden[c].n, 20261124, golden[c].index, golden[c].count);
        uint64_t h = fnv1a(a, sizeof(double) * matrix_len(f, golden[c].n));
        eig_test_expect(h == golden[c].fnv, "%s n=%d index=%lld: bytes changed (FNV-1a %016llx, was %016llx)",
                        golden[c].family, golden[c].n, (long long)golden[c].index, (unsigned long long)h,
                        (unsigned long long)golden[c].fnv);
        free(a);
    }
}

/* ---- dense random families ---- */

static void test_symmetric(uint64_t seed)
{
    const eig_family *f = family("random-symmetric");
    int n = rand_int(2, MAX_N), exact = 1;
    double *a = fill_new(f, n, seed, rand_int(0, 99), 100);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) exact &= a[i * n + j] == a[j * n + i];
    eig_test_expect(exact, "random-symmetric n=%d: not exactly symmetric", n);
    free(a);
}

static void test_hermitian(const char *name, uint64_t seed, int n)
{
    const eig_family *f = family(name);
    int exact = 1;
    double *h = fill_new(f, n, seed, rand_int(0, 99), 100);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            const double *hij = h + 2 * (i * n + j), *hji = h + 2 * (j * n + i);
            exact &= hij[0] == hji[0] && hij[1] == -hji[1];
            if (i == j) exact &= hij[1] == 0.0;
        }
    eig_test_expect(exact, "%s n=%d: not exactly Hermitian", name, n);
    free(h);
}

/* Entry statistics of random-general over many matrices: N(0,1). */
static void test_general_statistics(uint64_t seed)
{
    const eig_family *f = family("random-general");
    const int n = 20, M = 200;
    double sum = 0, sum2 = 0, inside = 0;
    for (int m = 0; m < M; m++) {
        double *a = fill_new(f, n, seed, m, M);
        for (int k = 0; k < n * n; k++) {
            sum += a[k], sum2 += a[k] * a[k];
            inside += fabs(a[k]) < 1.0;
        }
        free(a);
    }
    double N = (double)n * n * M, mean = sum / N, var = sum2 / N - mean * mean, p = inside / N;
    eig_test_expect(fabs(mean) < 6 / sqrt(N) && fabs(var - 1) < 6 * sqrt(2 / N),
                    "random-general: entry mean %g, variance %g (want 0, 1)", mean, var);
    const double p1 = 0.682689492137086; /* P(|Z| < 1) */
    eig_test_expect(fabs(p - p1) < 6 * sqrt(p1 * (1 - p1) / N),
                    "random-general: P(|a| < 1) = %g, want %g", p, p1);
}

/* ---- tridiagonal families ---- */

static void test_tridiag_121(void)
{
    const eig_family *f = family("tridiag-121");
    int n = rand_int(1, MAX_N), values_ok = 1;
    double *t = fill_new(f, n, 0, 0, 1);
    for (int k = 0; k < n; k++) values_ok &= t[k] == 2.0;
    for (int k = 0; k < n - 1; k++) values_ok &= t[n + k] == -1.0;
    eig_test_expect(values_ok, "tridiag-121 n=%d: entries not 2 / -1", n);
    double d[MAX_N], e[MAX_N], want[MAX_N];
    memcpy(d, t, sizeof(double) * n);
    memcpy(e, t + n, sizeof(double) * (n - 1));
    int info = LAPACKE_dstev(LAPACK_COL_MAJOR, 'N', n, d, e, NULL, 1);
    for (int k = 1; k <= n; k++) want[k - 1] = 2 - 2 * cos(k * M_PI / (n + 1));
    double err = eig_test_match_real(n, d, want);
    printf("tridiag-121 n=%d: max |lambda - (2-2cos(k pi/(n+1)))| = %.3g\n", n, err);
    eig_test_expect(info == 0 && err < 1e-14 * 4 * n, "tridiag-121 n=%d: eigenvalues off by %g",
                    n, err);
    free(t);
}

static void test_tridiag_uniform(uint64_t seed)
{
    const eig_family *f = family("tridiag-uniform");
    const int n = 40, M = 300;
    double sum = 0, sum2 = 0;
    int in_range = 1;
    for (int m = 0; m < M; m++) {
        double *t = fill_new(f, n, seed, m, M);
        for (int k = 0; k < 2 * n - 1; k++) {
            in_range &= t[k] >= -1.0 && t[k] <= 1.0;
            sum += t[k], sum2 += t[k] * t[k];
        }
        free(t);
    }
    double N = (2.0 * n - 1) * M, mean = sum / N, var = sum2 / N - mean * mean;
    eig_test_expect(in_range, "tridiag-uniform: entry outside [-1, 1]");
    /* Var(U[-1,1]) = 1/3; the variance estimate has sd sqrt(4/45/N). */
    eig_test_expect(fabs(mean) < 6 * sqrt(1.0 / 3 / N) && fabs(var - 1.0 / 3) < 6 * sqrt(4.0 / 45 / N),
                    "tridiag-uniform: mean %g, variance %g (want 0, 1/3)", mean, var);
}

static void test_tridiag_geometric(uint64_t seed)
{
    const eig_family *f = family("tridiag-geometric");
    int n = rand_int(20, MAX_N), graded = 1, neg = 0, pos = 0;
    double *t = fill_new(f, n, seed, 3, 10);
    for (int k = 0; k < 2 * n - 1; k++) {
        double where = k < n ? k : k - n + 0.5;
        double scaled = fabs(t[k]) / pow(10.0, -12.0 * where / n);
        graded &= scaled >= 1.0 * (1 - 1e-15) && scaled < 2.0 * (1 + 1e-15);
        neg += t[k] < 0, pos += t[k] > 0;
    }
    eig_test_expect(graded, "tridiag-geometric n=%d: magnitudes not 10^(-12k/n) * [1,2)", n);
    eig_test_expect(neg > 0 && pos > 0, "tridiag-geometric n=%d: signs not mixed (%d-, %d+)", n,
                    neg, pos);
    double span = fabs(t[0]) / fabs(t[n - 1]);
    eig_test_expect(span > 1e10, "tridiag-geometric n=%d: diagonal spans only %g", n, span);
    free(t);
}

static void test_wilkinson_glued(uint64_t seed)
{
    const eig_family *f = family("wilkinson-glued");
    int sizes[3] = {21, 3 * 21, rand_int(22, 4 * 21)};
    for (int s = 0; s < 3; s++) {
        int n = sizes[s], ok = 1;
        double *t = fill_new(f, n, seed, s, 3), glue = -1;
        for (int k = 0; k < n; k++) ok &= t[k] == fabs(10.0 - k % 21);
        for (int k = 0; k < n - 1; k++) {
            if ((k + 1) % 21 == 0) {
                ok &= t[n + k] >= 1e-14 && t[n + k] < 2e-14 && (glue < 0 || t[n + k] == glue);
                glue = t[n + k];
            } else {
                ok &= t[n + k] == 1.0;
            }
        }
        eig_test_expect(ok, "wilkinson-glued n=%d: not W21+ blocks glued by one delta in [1e-14, 2e-14)",
                        n);
        if (n == 3 * 21) { /* three nearly copies of W21+'s spectrum: tight clusters */
            double d[3 * 21], e[3 * 21];
            memcpy(d, t, sizeof d);
            memcpy(e, t + n, sizeof(double) * (n - 1));
            LAPACKE_dstev(LAPACK_COL_MAJOR, 'N', n, d, e, NULL, 1);
            double top_gap = d[n - 1] - d[n - 3]; /* the largest, thrice */
            eig_test_expect(top_gap < 1e-10, "wilkinson-glued: top cluster width %g", top_gap);
        }
        free(t);
    }
}

/* ---- control: the gain sweep crosses the stability boundary ---- */

static double max_real_eig(int n, const double *a)
{
    double w[MAX_N * MAX_N], wr[MAX_N], wi[MAX_N], mx = -INFINITY;
    memcpy(w, a, sizeof(double) * n * n);
    int info = LAPACKE_dgeev(LAPACK_ROW_MAJOR, 'N', 'N', n, w, n, wr, wi, NULL, 1, NULL, 1);
    eig_test_expect(info == 0, "dgeev failed (%d)", info);
    for (int k = 0; k < n; k++) mx = fmax(mx, wr[k]);
    return mx;
}

static void test_control(void)
{
    const eig_family *f = family("control");
    const int g = 6;
    int n = rand_int(6, 30), stable = 0, unstable = 0;
    eig_idx count = (eig_idx)g * g * g;
    for (eig_idx i = 0; i < count; i++) {
        double *a = fill_new(f, n, 0, i, count);
        double re = max_real_eig(n, a);
        stable += re < 0, unstable += re > 0;
        free(a);
    }
    printf("control n=%d, %lld-point grid: %d stable, %d unstable\n", n, (long long)count, stable,
           unstable);
    eig_test_expect(stable > 0 && unstable > 0,
                    "control n=%d: sweep does not cross (%d stable, %d unstable)", n, stable,
                    unstable);
    /* The documented corners: all gains at kmin unstable; k1 = k2 = kmax,
     * k3 = kmin (passive loop) stable. */
    double *lo = fill_new(f, n, 0, 0, count);
    double *hi = fill_new(f, n, 0, (eig_idx)(g - 1) * g * g + (eig_idx)(g - 1) * g, count);
    eig_test_expect(max_real_eig(n, lo) > 0, "control n=%d: kmin corner stable", n);
    eig_test_expect(max_real_eig(n, hi) < 0, "control n=%d: passive corner unstable", n);

    /* Only B K C changes across the grid: at most 3 entries differ. */
    int m = n / 2, diff = 0, outside = 0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            if (lo[i * n + j] != hi[i * n + j]) {
                diff++;
                outside += !((i == m && j == m) || (i == 2 * m - 1 && j == 2 * m - 1) ||
                             (i == m && j == m - 1));
            }
    eig_test_expect(diff > 0 && diff <= 3 && outside == 0,
                    "control n=%d: %d entries change across the grid, %d outside B K C", n, diff,
                    outside);
    free(lo);
    free(hi);

    /* The grid side is ceil(count^(1/3)): count 9 and 27 share g = 3, count 8
     * has g = 2 (k3 of index 1 is then kmax, not the middle). */
    double *c9 = fill_new(f, n, 0, 1, 9), *c27 = fill_new(f, n, 0, 1, 27),
           *c8 = fill_new(f, n, 0, 1, 8);
    eig_test_expect(memcmp(c9, c27, sizeof(double) * n * n) == 0 &&
                        memcmp(c8, c27, sizeof(double) * n * n) != 0,
                    "control: grid side not ceil(count^(1/3))");
    free(c9), free(c27), free(c8);

    /* Small and odd orders, and a single-point grid, still work. */
    for (int small = 1; small <= 5; small++) free(fill_new(f, small, 0, 0, 1));
}

/* ---- radar: sample covariance is Hermitian positive semidefinite ---- */

static void test_radar(uint64_t seed, double *worst_ratio)
{
    const eig_family *f = family("radar");
    int n = rand_int(8, 32);
    test_hermitian("radar", seed, n);
    for (int rep = 0; rep < 4; rep++) {
        double *r = fill_new(f, n, seed, rep, 4), w[32];
        lapack_complex_double *z = malloc(sizeof(lapack_complex_double) * n * n);
        memcpy(z, r, sizeof(double) * 2 * n * n);
        int info = LAPACKE_zheev(LAPACK_ROW_MAJOR, 'N', 'U', n, z, n, w);
        double ratio = w[0] / w[n - 1];
        if (ratio < *worst_ratio) *worst_ratio = ratio;
        eig_test_expect(info == 0 && w[0] >= -1e-10 * w[n - 1],
                        "radar n=%d: min eigenvalue %g vs max %g", n, w[0], w[n - 1]);
        /* 3 sources at >= 10 dB over unit noise on n sensors: the top
         * eigenvalue is about n * power; the noise eigenvalues average near 1. */
        double noise = 0;
        for (int k = 0; k < n - 3; k++) noise += w[k];
        noise /= n - 3;
        eig_test_expect(w[n - 1] > 2.0 * n && noise > 0.3 && noise < 1.7,
                        "radar n=%d: top eigenvalue %g, mean noise eigenvalue %g", n, w[n - 1],
                        noise);
        free(z);
        free(r);
    }
}

int main(void)
{
    uint64_t seed = eig_test_seed("unit_families");
    eig_test_rng_init(&trng, seed);

    int nf = 0;
    const eig_family *table = eig_family_table(&nf);
    const char *expected[] = {"random-general", "random-symmetric", "random-hermitian",
                              "tridiag-121",    "tridiag-uniform",  "tridiag-geometric",
                              "wilkinson-glued", "control",         "radar"};
    const eig_kind kinds[] = {EIG_KIND_GENERAL,     EIG_KIND_SYMMETRIC,   EIG_KIND_HERMITIAN,
                              EIG_KIND_TRIDIAGONAL, EIG_KIND_TRIDIAGONAL, EIG_KIND_TRIDIAGONAL,
                              EIG_KIND_TRIDIAGONAL, EIG_KIND_GENERAL,     EIG_KIND_HERMITIAN};
    for (int k = 0; k < 9; k++) {
        const eig_family *f = eig_family_find(expected[k]);
        eig_test_expect(f && f->kind == kinds[k] && f->summary && *f->summary,
                        "family %s missing or wrong kind", expected[k]);
    }
    eig_test_expect(eig_family_find("no-such-family") == NULL && eig_family_find(NULL) == NULL,
                    "unknown family found");

    test_rng(eig_test_next(&trng));
    for (int k = 0; k < nf; k++) {
        for (int rep = 0; rep < 3; rep++) test_determinism(&table[k], eig_test_next(&trng));
        test_bad_arguments(&table[k]);
        test_element_wise(&table[k], eig_test_next(&trng));
    }
    test_golden();
    test_symmetric(eig_test_next(&trng));
    test_hermitian("random-hermitian", eig_test_next(&trng), rand_int(1, MAX_N));
    test_general_statistics(eig_test_next(&trng));
    test_tridiag_121();
    test_tridiag_uniform(eig_test_next(&trng));
    test_tridiag_geometric(eig_test_next(&trng));
    test_wilkinson_glued(eig_test_next(&trng));
    test_control();
    double worst_ratio = INFINITY;
    for (int rep = 0; rep < 3; rep++) test_radar(eig_test_next(&trng), &worst_ratio);
    printf("radar: smallest min/max eigenvalue ratio %.3g\n", worst_ratio);

    /* The largest order is accepted. */
    double *big = malloc(sizeof(double) * (2 * 4096 - 1));
    eig_test_expect(eig_family_fill(family("tridiag-uniform"), 4096, seed, 0, 1, big) == 0,
                    "n = 4096 rejected");
    free(big);
    return eig_test_summary();
}

/* The GPU backend against the CPU backend: every family and method, both
 * precisions, with and without vectors, subsets by index and by range, sizes
 * around every switch of the kernel table, every GPU kernel that applies
 * (forced through cfg.kernel) and the automatic choice, several stream and
 * sub-chunk splits. Fresh random inputs every run (seed printed), plus hard
 * matrices in every batch: zero, identity, NaN, Inf, tiny and huge scale,
 * repeated eigenvalues, graded.
 *
 * Checks per matrix:
 *  - status equal to the CPU's (NaN/Inf -> invalid input, same on both);
 *  - every output written: GPU outputs are poisoned with a sentinel first;
 *  - values within TOL_VALUES * n * eps * ||A||_F of the CPU's (GPU code is
 *    the same solvers/ source, but FMA contraction and the cooperative
 *    kernels round differently, so not bit-exact); NaN exactly where the CPU
 *    has NaN (unused subset slots, failed matrices);
 *  - vectors: ||A v_k - w_k v_k|| <= TOL_VECTORS * n * eps * ||A||_F and
 *    |V^H V - I| <= TOL_VECTORS * n * eps; all NaN for a failed matrix.
 * Then issue 19's special batches (tests/special_inputs.h: rank-one
 * matrices, NaN/Inf above or below the diagonal or on it, eigenvalues
 * beyond the largest float) through every kernel that applies and the
 * automatic choice (method auto too, as the GPU resolves it): each matrix
 * must get the status the batch expects (the CPU's, which
 * test_special_inputs checks against LAPACK), values and vectors as above.
 * Exits 77 (CTest: skipped) when no CUDA device is present. */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "batch_gpu.h"
#include "eigsweep.h"
#include "special_inputs.h"
#include "testutil.h"

#define TOL_VALUES 100.0
#define TOL_VALUES_GENERAL 1000.0 /* non-normal: eigenvalue condition numbers */
#define TOL_VECTORS 100.0
#define SENTINEL 12345.678
#define STATUS_SENTINEL 99
#define ITERS_SENTINEL (-12345)

static eig_test_rng rng;
static double worst_ratio; /* largest error / tolerance seen, printed at the end */

typedef struct {
    const char *name;
    eig_kind kind;
    eig_method method;
    int vectors;
    eig_select select;
} gpu_case;

static const gpu_case cases[] = {
    {"general francis", EIG_KIND_GENERAL, EIG_METHOD_FRANCIS, 0, EIG_SELECT_ALL},
    {"symmetric jacobi", EIG_KIND_SYMMETRIC, EIG_METHOD_JACOBI, 0, EIG_SELECT_ALL},
    {"symmetric jacobi+vectors", EIG_KIND_SYMMETRIC, EIG_METHOD_JACOBI, 1, EIG_SELECT_ALL},
    {"symmetric tridiag-ql", EIG_KIND_SYMMETRIC, EIG_METHOD_TRIDIAG_QL, 0, EIG_SELECT_ALL},
    {"symmetric tridiag-ql+vectors", EIG_KIND_SYMMETRIC, EIG_METHOD_TRIDIAG_QL, 1, EIG_SELECT_ALL},
    {"symmetric bisection", EIG_KIND_SYMMETRIC, EIG_METHOD_BISECTION, 0, EIG_SELECT_ALL},
    {"symmetric bisection index", EIG_KIND_SYMMETRIC, EIG_METHOD_BISECTION, 0, EIG_SELECT_INDEX},
    {"hermitian jacobi", EIG_KIND_HERMITIAN, EIG_METHOD_JACOBI, 0, EIG_SELECT_ALL},
    {"hermitian jacobi+vectors", EIG_KIND_HERMITIAN, EIG_METHOD_JACOBI, 1, EIG_SELECT_ALL},
    {"hermitian tridiag-ql", EIG_KIND_HERMITIAN, EIG_METHOD_TRIDIAG_QL, 0, EIG_SELECT_ALL},
    {"hermitian tridiag-ql+vectors", EIG_KIND_HERMITIAN, EIG_METHOD_TRIDIAG_QL, 1, EIG_SELECT_ALL},
    {"hermitian bisection", EIG_KIND_HERMITIAN, EIG_METHOD_BISECTION, 0, EIG_SELECT_ALL},
    {"hermitian bisection range", EIG_KIND_HERMITIAN, EIG_METHOD_BISECTION, 0, EIG_SELECT_RANGE},
    {"tridiagonal bisection", EIG_KIND_TRIDIAGONAL, EIG_METHOD_BISECTION, 0, EIG_SELECT_ALL},
    {"tridiagonal bisection index", EIG_KIND_TRIDIAGONAL, EIG_METHOD_BISECTION, 0, EIG_SELECT_INDEX},
    {"tridiagonal bisection range", EIG_KIND_TRIDIAGONAL, EIG_METHOD_BISECTION, 0, EIG_SELECT_RANGE},
};

/* Around every switch of the kernel table (warp-tridiag from 5/6, 8/9,
 * 10/11, 15/16, 16/17, 24/25, 32/33, warp-tridiag's group size 48/49 and
 * shared A 64/65) plus the edges. */
/* 160: block-tridiag's 256-thread blocks (above n = 128) */
static const int sizes[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 15, 16, 17, 24, 25, 31, 32, 33, 48, 49, 64, 65, 128, 160};
/* the kernels whose build depends on the job's size (large_job) */
static const char *const large_kernels[] = {"warp-sym", "block-tridiag"};

/* NULL: the automatic choice; the others are forced when they apply. */
static const char *kernels[] = {NULL, "thread-global", "thread-shared", "warp-jacobi", "eigval-thread",
                                "warp-general", "block-tridiag", "warp-tridiag", "warp-sym", "block-jacobi"};

enum { HARD_ZERO, HARD_IDENTITY, HARD_NAN, HARD_INF, HARD_TINY, HARD_HUGE, HARD_REPEATED, HARD_GRADED, HARD_COUNT };

/* ---- inputs (built in double, rounded for single) ---- */

/* Element (i,j) of matrix m's input, as reals: re at [0], im at [1] (complex). */
static void fill_random(const eig_solve_params *p, int n, double *a)
{
    int zc = p->kind == EIG_KIND_HERMITIAN ? 2 : 1;
    if (p->kind == EIG_KIND_TRIDIAGONAL) {
        for (int k = 0; k < 2 * n - 1; k++) a[k] = eig_test_normal(&rng);
        return;
    }
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            for (int c = 0; c < zc; c++) a[((size_t)i * n + j) * zc + c] = eig_test_normal(&rng);
    if (p->kind == EIG_KIND_GENERAL) return;
    for (int i = 0; i < n; i++) /* symmetric / Hermitian: mirror the lower triangle */
        for (int j = 0; j <= i; j++) {
            a[((size_t)j * n + i) * zc] = a[((size_t)i * n + j) * zc];
            if (zc == 2) a[((size_t)j * n + i) * zc + 1] = i == j ? 0 : -a[((size_t)i * n + j) * zc + 1];
        }
}

/* Overwrites a random matrix with hard case h (keeping symmetry). */
static void make_hard(const eig_solve_params *p, int n, int h, int single, double *a, size_t len)
{
    int zc = p->kind == EIG_KIND_HERMITIAN ? 2 : 1, tri = p->kind == EIG_KIND_TRIDIAGONAL;
    /* index of the (n-1, 0) element: in the lower triangle, read by every family */
    size_t corner = tri ? (size_t)(n - 1) : (size_t)(n - 1) * n * zc;
    switch (h) {
    case HARD_ZERO: memset(a, 0, sizeof(double) * len); break;
    case HARD_IDENTITY:
    case HARD_REPEATED:
        memset(a, 0, sizeof(double) * len);
        for (int i = 0; i < n; i++) {
            double d = h == HARD_IDENTITY ? 1.0 : (double)(1 + (i % 2));
            if (tri) a[i] = d;
            else a[((size_t)i * n + i) * zc] = d;
        }
        break;
    case HARD_NAN: a[corner] = NAN; break;
    case HARD_INF: a[corner] = INFINITY; break;
    case HARD_TINY:
    case HARD_HUGE: {
        double s = h == HARD_TINY ? (single ? 1e-30 : 1e-300) : (single ? 1e30 : 1e300);
        for (size_t k = 0; k < len; k++) a[k] *= s;
        break;
    }
    case HARD_GRADED:
        if (tri) {
            for (int i = 0; i < n; i++) a[i] *= ldexp(1.0, -2 * i);
            for (int i = 0; i + 1 < n; i++) a[n + i] *= ldexp(1.0, -2 * i - 1);
        } else {
            for (int i = 0; i < n; i++)
                for (int j = 0; j < n; j++)
                    for (int c = 0; c < zc; c++) a[((size_t)i * n + j) * zc + c] *= ldexp(1.0, -(i + j));
        }
        break;
    default: break;
    }
}

/* Frobenius norm of one input matrix (for the tolerances), scaled by the
 * largest entry so that 1e-300-sized matrices do not underflow to 0. */
static double input_norm(const eig_solve_params *p, int n, const double *a)
{
    size_t len = p->kind == EIG_KIND_TRIDIAGONAL ? (size_t)(2 * n - 1)
                 : (size_t)n * n * (p->kind == EIG_KIND_HERMITIAN ? 2 : 1);
    double big = 0, s = 0;
    for (size_t k = 0; k < len; k++) big = fabs(a[k]) > big ? fabs(a[k]) : big;
    if (big == 0 || !isfinite(big)) return big;
    for (size_t k = 0; k < len; k++) {
        /* tridiagonal: off-diagonals count twice */
        double x = a[k] / big, w = p->kind == EIG_KIND_TRIDIAGONAL && k >= (size_t)n ? 2 : 1;
        s += w * x * x;
    }
    return big * sqrt(s);
}

/* ---- checks ---- */

/* Largest |A v_k - w_k v_k| and |V^H V - I| of one symmetric (zc = 1) or
 * Hermitian (zc = 2) matrix with full-storage input a. */
static void vector_errors(int n, int zc, const double *a, const double *w, const double *v, double *res,
                          double *orth)
{
    *res = 0, *orth = 0;
#define V_(i, k, c) v[((size_t)(i) * n + (k)) * zc + (c)]
#define A_(i, j, c) a[((size_t)(i) * n + (j)) * zc + (c)]
    for (int k = 0; k < n; k++)
        for (int i = 0; i < n; i++) {
            double re = -w[k] * V_(i, k, 0), im = zc == 2 ? -w[k] * V_(i, k, 1) : 0;
            for (int j = 0; j < n; j++) {
                double ar = A_(i, j, 0), ai = zc == 2 ? A_(i, j, 1) : 0;
                double vr = V_(j, k, 0), vi = zc == 2 ? V_(j, k, 1) : 0;
                re += ar * vr - ai * vi;
                im += ar * vi + ai * vr;
            }
            double e = hypot(re, im);
            if (!(e <= *res)) *res = e; /* NaN sticks */
        }
    for (int k = 0; k < n; k++)
        for (int l = 0; l < n; l++) {
            double re = k == l ? -1.0 : 0.0, im = 0;
            for (int i = 0; i < n; i++) {
                double xr = V_(i, k, 0), xi = zc == 2 ? V_(i, k, 1) : 0;
                double yr = V_(i, l, 0), yi = zc == 2 ? V_(i, l, 1) : 0;
                re += xr * yr + xi * yi; /* conj(x) y */
                im += xr * yi - xi * yr;
            }
            double e = hypot(re, im);
            if (!(e <= *orth)) *orth = e;
        }
#undef V_
#undef A_
}

static int all_nan(const double *x, size_t len)
{
    for (size_t k = 0; k < len; k++)
        if (!isnan(x[k])) return 0;
    return 1;
}

/* Values of one matrix: NaN exactly where the CPU has NaN, the rest within tol
 * (as multisets: general pairs by nearest match, real ones sorted). */
static double value_error(const eig_solve_params *p, int n, const double *g, const double *c)
{
    int nv = p->kind == EIG_KIND_GENERAL ? 2 * n : n;
    for (int k = 0; k < nv; k++)
        if (isnan(g[k]) != isnan(c[k]) || g[k] == SENTINEL) return INFINITY;
    if (p->kind == EIG_KIND_GENERAL) {
        if (isnan(c[0])) return 0;
        double gr[256], gi[256], cr[256], ci[256];
        for (int k = 0; k < n; k++) gr[k] = g[2 * k], gi[k] = g[2 * k + 1], cr[k] = c[2 * k], ci[k] = c[2 * k + 1];
        return eig_test_match_complex(n, gr, gi, cr, ci);
    }
    int found = 0;
    while (found < n && !isnan(c[found])) found++;
    double err = 0;
    for (int k = 0; k < found; k++) { /* both ascending: compare in order */
        double e = fabs(g[k] - c[k]);
        if (!(e <= err)) err = e;
    }
    return err;
}

/* ---- one batch through both backends ---- */

typedef struct {
    int streams;
    eig_idx chunk;
    eig_idx job; /* eig_gpu_config.job_matrices: 0, or the batch as part of a job this large */
    eig_idx count; /* matrices in the batch: 0, the size's default */
} split;

static void to_precision(int single, const double *src, void *dst, size_t len)
{
    if (single)
        for (size_t k = 0; k < len; k++) ((float *)dst)[k] = (float)src[k];
    else
        memcpy(dst, src, sizeof(double) * len);
}

static void from_precision(int single, const void *src, double *dst, size_t len)
{
    if (single)
        for (size_t k = 0; k < len; k++) dst[k] = ((const float *)src)[k];
    else
        memcpy(dst, src, sizeof(double) * len);
}

static void pick_subset(eig_solve_params *p, int n)
{
    if (p->select == EIG_SELECT_INDEX) {
        p->il = (int)(eig_test_uniform(&rng) * n);
        p->iu = p->il + (int)(eig_test_uniform(&rng) * (n - p->il));
    } else if (p->select == EIG_SELECT_RANGE) {
        /* random N(0,1) entries: spectra within a few sqrt(n) of 0 */
        double r = sqrt((double)n);
        p->vl = -r * eig_test_uniform(&rng);
        p->vu = r * eig_test_uniform(&rng);
    }
}

static int run_case(const gpu_case *gc, int single, int n, const char *kernel, split sp)
{
    eig_solve_params p;
    memset(&p, 0, sizeof p);
    p.kind = gc->kind, p.method = gc->method, p.vectors = gc->vectors, p.select = gc->select;
    p.precision = single ? EIG_PREC_SINGLE : EIG_PREC_DOUBLE;
    pick_subset(&p, n);
    if (kernel && !eig_gpu_kernel_applies(kernel, &p, n)) return 0;
    /* EIG_TEST_GPU_ONLY=NAME: only the batches forcing that kernel */
    const char *only = getenv("EIG_TEST_GPU_ONLY");
    if (only && *only && (!kernel || strcmp(kernel, only))) return 0;
    eig_idx count = n <= 16 ? 300 : n <= 33 ? 120 : n <= 64 ? 40 : 12;
    if (getenv("EIG_TEST_GPU_QUICK")) count = count > 40 ? 40 : count;
    if (sp.count) count = sp.count;
    eig_layout l = eig_layout_of(&p, n);
    size_t es = single ? sizeof(float) : sizeof(double);
    int zc = gc->kind == EIG_KIND_HERMITIAN ? 2 : 1;
    double eps = single ? FLT_EPSILON / 2 : DBL_EPSILON / 2;

    double *a = malloc(sizeof(double) * (size_t)(l.input * count));
    for (eig_idx m = 0; m < count; m++) {
        fill_random(&p, n, a + m * l.input);
        if (m < HARD_COUNT) make_hard(&p, n, (int)m, single, a + m * l.input, (size_t)l.input);
    }
    /* the inputs as the solvers see them (rounded to single), for the checks */
    void *in = malloc(es * (size_t)(l.input * count)), *in_cpu = malloc(es * (size_t)(l.input * count));
    to_precision(single, a, in, (size_t)(l.input * count));
    from_precision(single, in, a, (size_t)(l.input * count));
    memcpy(in_cpu, in, es * (size_t)(l.input * count));

    size_t nval = (size_t)(l.values * count), nvec = (size_t)(l.vectors * count);
    void *val_c = malloc(es * nval), *val_g = malloc(es * nval);
    void *vec_c = nvec ? malloc(es * nvec) : NULL, *vec_g = nvec ? malloc(es * nvec) : NULL;
    int8_t *st_c = malloc((size_t)count), *st_g = malloc((size_t)count);
    int32_t *it_c = malloc(sizeof(int32_t) * (size_t)count), *it_g = malloc(sizeof(int32_t) * (size_t)count);
    /* poison every GPU output */
    double *poison = malloc(sizeof(double) * (nval > nvec ? nval : nvec));
    for (size_t k = 0; k < (nval > nvec ? nval : nvec); k++) poison[k] = SENTINEL;
    to_precision(single, poison, val_g, nval);
    if (nvec) to_precision(single, poison, vec_g, nvec);
    memset(st_g, STATUS_SENTINEL, (size_t)count);
    for (eig_idx m = 0; m < count; m++) it_g[m] = ITERS_SENTINEL;

    int rc_c = eig_cpu_solve_batch(&p, n, count, in_cpu, val_c, st_c, it_c, vec_c);
    eig_gpu_config cfg = {0, sp.streams, sp.chunk, 0, kernel, sp.job};
    int rc_g = eig_gpu_solve_batch(&cfg, &p, n, count, in, val_g, st_g, it_g, vec_g);
    char what[200];
    snprintf(what, sizeof what, "%s %s n=%d kernel=%s streams=%d chunk=%lld job=%lld count=%lld", gc->name,
             single ? "single" : "double", n, kernel ? kernel : "auto", sp.streams, (long long)sp.chunk,
             (long long)sp.job, (long long)count);
    eig_test_expect(rc_c == 0 && rc_g == 0, "%s: backend returned cpu %d gpu %d", what, rc_c, rc_g);

    double *vc = malloc(sizeof(double) * nval), *vg = malloc(sizeof(double) * nval);
    double *xg = nvec ? malloc(sizeof(double) * nvec) : NULL;
    from_precision(single, val_c, vc, nval);
    from_precision(single, val_g, vg, nval);
    if (nvec) from_precision(single, vec_g, xg, nvec);
    /* the input must be left as it was */
    double *a_after = malloc(sizeof(double) * (size_t)(l.input * count));
    from_precision(single, in, a_after, (size_t)(l.input * count));
    int input_kept = memcmp(a, a_after, sizeof(double) * (size_t)(l.input * count)) == 0;
    eig_test_expect(input_kept, "%s: GPU modified its input", what);

    int bad_status = 0, bad_iters = 0, bad_values = 0, bad_vectors = 0;
    double worst_here = 0, worst_res = 0, worst_orth = 0; /* vectors: in units of n eps (||A||) */
    for (eig_idx m = 0; m < count && rc_g == 0; m++) {
        if (st_g[m] != st_c[m]) {
            if (!bad_status++) fprintf(stderr, "  %s: matrix %lld status gpu %d cpu %d\n", what, (long long)m, st_g[m], st_c[m]);
            continue;
        }
        if (it_g[m] == ITERS_SENTINEL) bad_iters++;
        const double *am = a + m * l.input;
        double norm = input_norm(&p, n, am);
        double tol = (gc->kind == EIG_KIND_GENERAL ? TOL_VALUES_GENERAL : TOL_VALUES) * n * eps * norm;
        double err = value_error(&p, n, vg + m * l.values, vc + m * l.values);
        if (!(err <= tol) && !(err == 0)) {
            if (!bad_values++)
                fprintf(stderr, "  %s: matrix %lld values differ by %.3g (tol %.3g, status %d)\n", what, (long long)m, err, tol,
                        st_c[m]);
        } else if (tol > 0 && err / tol > worst_ratio) worst_ratio = err / tol;
        if (tol > 0 && err / tol > worst_here) worst_here = err / tol;
        if (!nvec) continue;
        const double *x = xg + m * l.vectors;
        if (st_c[m] != 0) {
            if (!all_nan(x, (size_t)l.vectors) && !bad_vectors++)
                fprintf(stderr, "  %s: matrix %lld failed but its vectors are not all NaN\n", what, (long long)m);
            continue;
        }
        double res, orth;
        vector_errors(n, zc, am, vg + m * l.values, x, &res, &orth);
        double rtol = TOL_VECTORS * n * eps * norm, otol = TOL_VECTORS * n * eps;
        if (norm > 0 && res / (n * eps * norm) > worst_res) worst_res = res / (n * eps * norm);
        if (orth / (n * eps) > worst_orth) worst_orth = orth / (n * eps);
        if (!(res <= rtol || res == 0) || !(orth <= otol)) {
            if (!bad_vectors++)
                fprintf(stderr, "  %s: matrix %lld residual %.3g (tol %.3g) orthogonality %.3g (tol %.3g)\n", what,
                        (long long)m, res, rtol, orth, otol);
        }
    }
    eig_test_expect(!bad_status, "%s: %d statuses differ from the CPU's", what, bad_status);
    eig_test_expect(!bad_iters, "%s: %d iteration counts never written", what, bad_iters);
    eig_test_expect(!bad_values, "%s: %d matrices' values differ from the CPU's (or were not written)", what, bad_values);
    eig_test_expect(!bad_vectors, "%s: %d matrices' vectors fail residual/orthogonality", what, bad_vectors);
    if (getenv("EIG_TEST_VERBOSE")) {
        printf("  %-70s worst err/tol %.3g", what, worst_here);
        if (nvec) printf(", residual %.3g n eps |A|, orthogonality %.3g n eps", worst_res, worst_orth);
        printf("\n");
    }
    free(a), free(a_after), free(in), free(in_cpu), free(val_c), free(val_g), free(vec_c), free(vec_g);
    free(st_c), free(st_g), free(it_c), free(it_g), free(poison), free(vc), free(vg), free(xg);
    return 1;
}

/* One special batch (tests/special_inputs.h) through the GPU with `kernel`
 * (NULL: the automatic choice) and the CPU: statuses as the batch expects
 * on both, values against the CPU's, vectors checked, failures all NaN.
 * method AUTO is resolved as the GPU backend resolves it. */
static int run_special(eig_kind kind, eig_method method, int vectors, int single, int n, const char *kernel, int which)
{
    eig_solve_params p;
    memset(&p, 0, sizeof p);
    p.kind = kind, p.method = method, p.vectors = vectors;
    p.precision = single ? EIG_PREC_SINGLE : EIG_PREC_DOUBLE;
    if (eig_method_resolve_gpu(&p, n) != 0) return 0;
    if (kernel && !eig_gpu_kernel_applies(kernel, &p, n)) return 0;
    const char *only = getenv("EIG_TEST_GPU_ONLY");
    if (only && *only && (!kernel || strcmp(kernel, only))) return 0;
    special_batch b = special_make(which, &p, n, &rng);
    eig_layout l = eig_layout_of(&p, n);
    const eig_idx count = b.count;
    const size_t es = single ? sizeof(float) : sizeof(double), nin = (size_t)(l.input * count);
    const size_t nval = (size_t)(l.values * count), nvec = (size_t)(l.vectors * count);
    const int zc = kind == EIG_KIND_HERMITIAN ? 2 : 1;
    const double eps = single ? FLT_EPSILON / 2 : DBL_EPSILON / 2;
    void *in = malloc(es * nin), *in_cpu = malloc(es * nin);
    to_precision(single, b.a, in, nin);
    from_precision(single, in, b.a, nin); /* the input as solved */
    memcpy(in_cpu, in, es * nin);
    void *val_c = malloc(es * nval), *val_g = malloc(es * nval);
    void *vec_c = nvec ? malloc(es * nvec) : NULL, *vec_g = nvec ? malloc(es * nvec) : NULL;
    int8_t *st_c = malloc((size_t)count), *st_g = malloc((size_t)count);
    int32_t *it_c = malloc(sizeof(int32_t) * (size_t)count), *it_g = malloc(sizeof(int32_t) * (size_t)count);
    memset(st_g, STATUS_SENTINEL, (size_t)count);
    int rc_c = eig_cpu_solve_batch(&p, n, count, in_cpu, val_c, st_c, it_c, vec_c);
    eig_gpu_config cfg = {0, 2, 0, 0, kernel, 0};
    int rc_g = eig_gpu_solve_batch(&cfg, &p, n, count, in, val_g, st_g, it_g, vec_g);
    char what[200];
    snprintf(what, sizeof what, "%s %s%s %s %s n=%d kernel=%s", special_names[which], eig_kind_name(kind),
             eig_method_name(p.method), vectors ? "+vectors" : "", single ? "single" : "double", n,
             kernel ? kernel : "auto");
    eig_test_expect(rc_c == 0 && rc_g == 0, "%s: backend returned cpu %d gpu %d", what, rc_c, rc_g);
    double *vc = malloc(sizeof(double) * nval), *vg = malloc(sizeof(double) * nval);
    double *xg = nvec ? malloc(sizeof(double) * nvec) : NULL;
    from_precision(single, val_c, vc, nval);
    from_precision(single, val_g, vg, nval);
    if (nvec) from_precision(single, vec_g, xg, nvec);
    int bad_status = 0, bad_values = 0, bad_vectors = 0;
    for (eig_idx m = 0; m < count && rc_c == 0 && rc_g == 0; m++) {
        if (st_g[m] != b.expect[m] || st_c[m] != b.expect[m]) {
            if (!bad_status++)
                fprintf(stderr, "  %s: matrix %lld status gpu %d cpu %d, expected %d\n", what, (long long)m, st_g[m],
                        st_c[m], b.expect[m]);
            continue;
        }
        const double *am = b.a + m * l.input, *x = xg ? xg + m * l.vectors : 0;
        if (b.expect[m] != 0) {
            if (!all_nan(vg + m * l.values, (size_t)l.values) || (x && !all_nan(x, (size_t)l.vectors)))
                if (!bad_values++) fprintf(stderr, "  %s: matrix %lld failed but not all its outputs are NaN\n", what, (long long)m);
            continue;
        }
        double norm = input_norm(&p, n, am);
        double tol = (kind == EIG_KIND_GENERAL ? TOL_VALUES_GENERAL : TOL_VALUES) * n * eps * norm;
        double err = value_error(&p, n, vg + m * l.values, vc + m * l.values);
        if (!(err <= tol) && !(err == 0)) {
            if (!bad_values++)
                fprintf(stderr, "  %s: matrix %lld values differ by %.3g (tol %.3g)\n", what, (long long)m, err, tol);
        } else if (tol > 0 && err / tol > worst_ratio) worst_ratio = err / tol;
        if (!x) continue;
        double res, orth;
        vector_errors(n, zc, am, vg + m * l.values, x, &res, &orth);
        double rtol = TOL_VECTORS * n * eps * norm, otol = TOL_VECTORS * n * eps;
        if (!(res <= rtol || res == 0) || !(orth <= otol))
            if (!bad_vectors++)
                fprintf(stderr, "  %s: matrix %lld residual %.3g (tol %.3g) orthogonality %.3g (tol %.3g)\n", what,
                        (long long)m, res, rtol, orth, otol);
    }
    eig_test_expect(!bad_status, "%s: %d statuses not as expected", what, bad_status);
    eig_test_expect(!bad_values, "%s: %d matrices' values off the CPU's (or failed ones not NaN)", what, bad_values);
    eig_test_expect(!bad_vectors, "%s: %d matrices' vectors fail residual/orthogonality", what, bad_vectors);
    free(in), free(in_cpu), free(val_c), free(val_g), free(vec_c), free(vec_g), free(st_c), free(st_g);
    free(it_c), free(it_g), free(vc), free(vg), free(xg);
    special_free(&b);
    return 1;
}

/* Every special batch, every method (and auto) of every kind, every kernel
 * that applies; the thread kernels only up to n = 64 (one thread per
 * matrix at n = 128 takes seconds). */
static int run_specials(int quick)
{
    /* The CPU test (test_special_inputs) covers every n; here the sizes where
     * the GPU's kernels change course, so the whole GPU label still fits a
     * device call (with 10 sizes this section alone ran over 6 minutes). */
    static const int special_sizes[] = {2, 5, 17, 48, 128, 200};
    static const struct {
        eig_kind kind;
        eig_method method;
        int vectors;
    } special_methods[] = {
        {EIG_KIND_SYMMETRIC, EIG_METHOD_JACOBI, 0},     {EIG_KIND_SYMMETRIC, EIG_METHOD_JACOBI, 1},
        {EIG_KIND_SYMMETRIC, EIG_METHOD_TRIDIAG_QL, 0}, {EIG_KIND_SYMMETRIC, EIG_METHOD_TRIDIAG_QL, 1},
        {EIG_KIND_SYMMETRIC, EIG_METHOD_BISECTION, 0},  {EIG_KIND_SYMMETRIC, EIG_METHOD_AUTO, 0},
        {EIG_KIND_SYMMETRIC, EIG_METHOD_AUTO, 1},       {EIG_KIND_HERMITIAN, EIG_METHOD_TRIDIAG_QL, 0},
        {EIG_KIND_HERMITIAN, EIG_METHOD_TRIDIAG_QL, 1}, {EIG_KIND_HERMITIAN, EIG_METHOD_BISECTION, 0},
        {EIG_KIND_HERMITIAN, EIG_METHOD_AUTO, 1},       {EIG_KIND_GENERAL, EIG_METHOD_FRANCIS, 0},
        {EIG_KIND_TRIDIAGONAL, EIG_METHOD_BISECTION, 0},
    };
    int ran = 0;
    for (size_t mc = 0; mc < sizeof special_methods / sizeof special_methods[0]; mc++)
        for (int single = 0; single <= 1; single++)
            for (size_t s = 0; s < sizeof special_sizes / sizeof special_sizes[0]; s++) {
                const int n = special_sizes[s];
                if ((quick == 1 && n != 2 && n != 17 && n != 48) || (quick >= 2 && n != 17)) continue;
                for (size_t k = 0; k < sizeof kernels / sizeof kernels[0]; k++) {
                    const char *kn = kernels[k];
                    if (n > 64 && kn && (!strcmp(kn, "thread-global") || !strcmp(kn, "thread-shared"))) continue;
                    for (int which = 0; which < SPECIAL_COUNT; which++)
                        ran += run_special(special_methods[mc].kind, special_methods[mc].method,
                                           special_methods[mc].vectors, single, n, kn, which);
                }
            }
    return ran;
}

int main(void)
{
    if (eig_gpu_device_count() == 0) {
        printf("no CUDA device: skipped\n");
        return 77;
    }
    eig_test_rng_init(&rng, eig_test_seed("gpu_batch"));
    /* EIG_TEST_GPU_QUICK=1: a few sizes, small batches; =2: n = 17 only
     * (compute-sanitizer runs). EIG_TEST_GPU_ONLY=NAME: one forced kernel. */
    int quick = getenv("EIG_TEST_GPU_QUICK") ? atoi(getenv("EIG_TEST_GPU_QUICK")) : 0;
    const split default_split = {4, 0, 0, 0}, odd_split = {3, 37, 0, 0}, one_stream = {1, 0, 0, 0};
    /* a job of many rounds of sub-chunks (of 100 matrices: the tuning knobs
     * below): general matrices in double (warp-general split in two) take
     * sub-chunks of sub/8, sub/4 and sub/2 first (gpu_batch's ramp), the
     * others whole ones. Every case in the full run; the quick pass (which
     * bench/device_run.sh also runs under the sanitizers) takes 1,001
     * general matrices in double only, the quick pass of n = 17 alone none */
    const split long_batch = {4, 0, 0, quick ? 1001 : 3001};
    /* a small batch as part of a large job: the builds for full GPUs
     * (warp-sym's for 4 blocks an SM; its twins for 3 and 2 take small
     * jobs; block-tridiag's for 3 blocks), which small jobs never launch */
    const split large_job = {4, 0, 1000000, 0};
    int ran = 0;
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++)
        for (int single = 0; single <= 1; single++)
            for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
                int n = sizes[s];
                if ((quick == 1 && n != 1 && n != 5 && n != 17 && n != 32) || (quick >= 2 && n != 17)) continue;
                /* n = 128 on one thread per matrix takes seconds per batch: automatic kernel only */
                for (size_t k = 0; k < (n >= 128 ? 1 : sizeof kernels / sizeof kernels[0]); k++)
                    ran += run_case(&cases[c], single, n, kernels[k], default_split);
                /* ... and the cooperative tridiag-ql kernels, fast at any n
                 * (warp-tridiag with 128-lane teams for vectors) */
                if (n >= 128) ran += run_case(&cases[c], single, n, "block-tridiag", default_split);
                if (n >= 128) ran += run_case(&cases[c], single, n, "warp-tridiag", default_split);
                if (n >= 128) ran += run_case(&cases[c], single, n, "warp-sym", default_split);
                /* n = 17, 32, 48, 65: block-tridiag's teams of n rounded up to warps (a small
                 * job takes 128 threads a matrix) with divide and conquer's leaves of 8 / 16 / 32 */
                if (n == 17 || n == 32 || n == 48 || n == 65 || n == 128 || n == 160)
                    for (size_t k = 0; k < sizeof large_kernels / sizeof large_kernels[0]; k++)
                        ran += run_case(&cases[c], single, n, large_kernels[k], large_job);
                /* warp-sym: a partial last column of lanes and of reflector blocks, and its largest n */
                if (n == 160 || (quick == 1 && n == 32)) /* (values and vectors; the quick run too) */
                    for (int x = 97; x <= 256; x += 159) ran += run_case(&cases[c], single, x, "warp-sym", default_split);
                /* Hermitian warp-sym (vectors): each lane-column count (2, 4, 8) with a partial last column
                 * of lanes, and compact-WY blocks of 4 and of 2 not dividing its n - 1 reflectors */
                if (n == 160 && cases[c].kind == EIG_KIND_HERMITIAN && quick != 1) {
                    static const int hx[] = {34, 63, 100, 127, 129, 192, 200, 255};
                    for (size_t h = 0; h < sizeof hx / sizeof hx[0]; h++)
                        ran += run_case(&cases[c], single, hx[h], "warp-sym", default_split);
                }
                /* sub-chunks that do not divide the batch, streams reused */
                if (n <= 33) ran += run_case(&cases[c], single, n, NULL, odd_split);
                if (n == 5) ran += run_case(&cases[c], single, n, NULL, one_stream);
                if (n == 17 && quick < 2 && (!quick || (cases[c].kind == EIG_KIND_GENERAL && !single))) {
                    setenv("EIG_GPU_SUB_BYTES", "1", 1), setenv("EIG_GPU_SUB_MIN", "100", 1);
                    ran += run_case(&cases[c], single, n, NULL, long_batch);
                    unsetenv("EIG_GPU_SUB_BYTES"), unsetenv("EIG_GPU_SUB_MIN");
                }
            }
    /* Above the shared-memory limit (n > 159 double, > 225 single)
     * warp-general keeps the matrix in global memory; the automatic choice
     * takes it for a small batch. */
    for (int single = 0; single <= 1 && quick < 2; single++) {
        const int n = single ? 230 : 170;
        ran += run_case(&cases[0], single, n, "warp-general", default_split);
        ran += run_case(&cases[0], single, n, NULL, odd_split);
    }
    ran += run_specials(quick);
    /* A forced kernel that does not apply is refused, not silently replaced. */
    eig_solve_params p;
    memset(&p, 0, sizeof p);
    p.kind = EIG_KIND_GENERAL, p.method = EIG_METHOD_FRANCIS;
    eig_gpu_config cfg = {0, 2, 0, 0, "warp-jacobi", 0};
    double in[4] = {1, 2, 3, 4}, val[4];
    int8_t st;
    int32_t it;
    eig_test_expect(eig_gpu_solve_batch(&cfg, &p, 2, 1, in, val, &st, &it, NULL) != 0,
                    "--kernel warp-jacobi accepted for a general matrix");
    /* warp-sym takes Hermitian matrices with vectors only */
    p.kind = EIG_KIND_HERMITIAN, p.method = EIG_METHOD_TRIDIAG_QL;
    eig_test_expect(!eig_gpu_kernel_applies("warp-sym", &p, 64), "warp-sym applies to Hermitian values only");
    p.vectors = 1;
    eig_test_expect(eig_gpu_kernel_applies("warp-sym", &p, 64), "warp-sym refuses Hermitian with vectors");
    p.kind = EIG_KIND_GENERAL, p.method = EIG_METHOD_FRANCIS, p.vectors = 0;
    cfg.kernel = "no-such-kernel";
    eig_test_expect(eig_gpu_solve_batch(&cfg, &p, 2, 1, in, val, &st, &it, NULL) != 0, "unknown kernel accepted");
    printf("%d batches compared; worst error/tolerance over passing batches %.3g\n", ran, worst_ratio);
    eig_gpu_release(); /* leaves nothing for compute-sanitizer's leak check */
    return eig_test_summary();
}

/* Issue 19, F11 and F12 and eigenvalue overflow, on the CPU backend
 * (eig_cpu_solve_batch), every method of every kind, with and without
 * vectors, double and single, n in {1, 2, 5, 16, 17, 32, 48, 64, 128, 200}:
 *  - rank-one matrices c * ones(n,n) and c * u u^H (random constants of both
 *    signs and many magnitudes, c = 0, random phases): status ok, values
 *    against LAPACK within 10 n eps ||A||_2 (||A||_2 = max |lambda|),
 *    vectors with residual ||A V - V diag(w)||_F / (n eps ||A||_2) and
 *    orthogonality ||V^H V - I||_F / (n eps) at most 50
 *    (docs/accuracy.md's bounds);
 *  - NaN, +Inf, -Inf above the diagonal only, below only, on it (Hermitian:
 *    also in an imaginary part): status invalid_input with NaN values and
 *    vectors, while every neighbour in the same batch solves as above;
 *  - eigenvalues beyond the largest float: invalid_input, NaN values, and
 *    neighbours whose eigenvalues just fit: ok;
 *  - the structure check (io/validate.c) rejects NaN or Inf facing a number
 *    and passes NaN facing NaN.
 * The oracle is LAPACK in double on the input as solved (rounded to float
 * for single). Fresh random inputs every run (seed printed). */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lapacke.h>

#include "eig_error.h"
#include "special_inputs.h"
#include "testutil.h"
#include "validate.h"

#define VAL_MAX 10.0
#define RES_MAX 50.0
#define ORTH_MAX 50.0

static eig_test_rng rng;
static double worst_val, worst_res, worst_orth;

typedef struct {
    const char *name;
    eig_kind kind;
    eig_method method;
    int vectors;
} method_case;

static const method_case methods[] = {
    {"symmetric jacobi", EIG_KIND_SYMMETRIC, EIG_METHOD_JACOBI, 0},
    {"symmetric jacobi+vectors", EIG_KIND_SYMMETRIC, EIG_METHOD_JACOBI, 1},
    {"symmetric tridiag-ql", EIG_KIND_SYMMETRIC, EIG_METHOD_TRIDIAG_QL, 0},
    {"symmetric tridiag-ql+vectors", EIG_KIND_SYMMETRIC, EIG_METHOD_TRIDIAG_QL, 1},
    {"symmetric bisection", EIG_KIND_SYMMETRIC, EIG_METHOD_BISECTION, 0},
    {"symmetric auto", EIG_KIND_SYMMETRIC, EIG_METHOD_AUTO, 0},
    {"symmetric auto+vectors", EIG_KIND_SYMMETRIC, EIG_METHOD_AUTO, 1},
    {"hermitian jacobi", EIG_KIND_HERMITIAN, EIG_METHOD_JACOBI, 0},
    {"hermitian jacobi+vectors", EIG_KIND_HERMITIAN, EIG_METHOD_JACOBI, 1},
    {"hermitian tridiag-ql", EIG_KIND_HERMITIAN, EIG_METHOD_TRIDIAG_QL, 0},
    {"hermitian tridiag-ql+vectors", EIG_KIND_HERMITIAN, EIG_METHOD_TRIDIAG_QL, 1},
    {"hermitian bisection", EIG_KIND_HERMITIAN, EIG_METHOD_BISECTION, 0},
    {"hermitian auto", EIG_KIND_HERMITIAN, EIG_METHOD_AUTO, 0},
    {"hermitian auto+vectors", EIG_KIND_HERMITIAN, EIG_METHOD_AUTO, 1},
    {"general francis", EIG_KIND_GENERAL, EIG_METHOD_FRANCIS, 0},
    {"tridiagonal bisection", EIG_KIND_TRIDIAGONAL, EIG_METHOD_BISECTION, 0},
};

static const int sizes[] = {1, 2, 5, 16, 17, 32, 48, 64, 128, 200};

/* ---- the oracle ---- */

/* Eigenvalues of one input matrix by LAPACK in double: ascending in w for
 * the real kinds, (wr, wi) for general. */
static void reference(const eig_solve_params *p, int n, const double *a, double *wr, double *wi)
{
    size_t len = (size_t)eig_layout_of(p, n).input;
    double *c = malloc(sizeof(double) * (len + 1)), *e = 0;
    memcpy(c, a, sizeof(double) * len);
    int info = 0;
    switch (p->kind) {
    case EIG_KIND_SYMMETRIC: info = LAPACKE_dsyevd(LAPACK_ROW_MAJOR, 'N', 'L', n, c, n, wr); break;
    case EIG_KIND_HERMITIAN:
        info = LAPACKE_zheevd(LAPACK_ROW_MAJOR, 'N', 'L', n, (lapack_complex_double *)c, n, wr);
        break;
    case EIG_KIND_GENERAL: info = LAPACKE_dgeev(LAPACK_ROW_MAJOR, 'N', 'N', n, c, n, wr, wi, 0, 1, 0, 1); break;
    default:
        e = c + n;
        info = LAPACKE_dsterf(n, c, e);
        memcpy(wr, c, sizeof(double) * n);
        break;
    }
    if (info) {
        fprintf(stderr, "LAPACK oracle failed (info %d, kind %s, n %d)\n", info, eig_kind_name(p->kind), n);
        exit(2);
    }
    free(c);
}

/* ||A V - V diag(w)||_F / s and ||V^H V - I||_F, A and w divided by s
 * first (entries near the largest float would overflow the sums). */
static void vector_errors(int n, int zc, const double *a, const double *w, const double *v, double s, double *res,
                          double *orth)
{
    const size_t len = (size_t)n * n * zc;
    double *as = malloc(sizeof(double) * len);
    for (size_t k = 0; k < len; k++) as[k] = a[k] / s;
#define V_(i, k, c) v[((size_t)(i) * n + (k)) * zc + (c)]
#define A_(i, j, c) as[((size_t)(i) * n + (j)) * zc + (c)]
    double r2 = 0, o2 = 0;
    for (int k = 0; k < n; k++) {
        const double wk = w[k] / s;
        for (int i = 0; i < n; i++) {
            double re = -wk * V_(i, k, 0), im = zc == 2 ? -wk * V_(i, k, 1) : 0;
            for (int j = 0; j < n; j++) {
                double ar = A_(i, j, 0), ai = zc == 2 ? A_(i, j, 1) : 0;
                double vr = V_(j, k, 0), vi = zc == 2 ? V_(j, k, 1) : 0;
                re += ar * vr - ai * vi;
                im += ar * vi + ai * vr;
            }
            r2 += re * re + im * im;
        }
    }
    for (int k = 0; k < n; k++)
        for (int l = 0; l < n; l++) {
            double re = k == l ? -1.0 : 0.0, im = 0;
            for (int i = 0; i < n; i++) {
                double xr = V_(i, k, 0), xi = zc == 2 ? V_(i, k, 1) : 0;
                double yr = V_(i, l, 0), yi = zc == 2 ? V_(i, l, 1) : 0;
                re += xr * yr + xi * yi;
                im += xr * yi - xi * yr;
            }
            o2 += re * re + im * im;
        }
    *res = sqrt(r2), *orth = sqrt(o2);
    free(as);
#undef V_
#undef A_
}

static int all_nan(const double *x, size_t len)
{
    for (size_t k = 0; k < len; k++)
        if (!isnan(x[k])) return 0;
    return 1;
}

/* ---- one batch ---- */

/* Solves batch b with method mc (auto resolved as the driver does) and
 * checks every matrix against its expected status and the oracle. */
static void run_batch(const method_case *mc, int single, int n, int which)
{
    eig_solve_params p;
    memset(&p, 0, sizeof p);
    p.kind = mc->kind, p.method = mc->method, p.vectors = mc->vectors;
    p.precision = single ? EIG_PREC_SINGLE : EIG_PREC_DOUBLE;
    if (eig_method_resolve(&p, n) != 0) {
        eig_test_expect(0, "%s n=%d: eig_method_resolve refused: %s", mc->name, n, eig_error_message());
        eig_error_clear();
        return;
    }
    special_batch b = special_make(which, &p, n, &rng);
    eig_layout l = eig_layout_of(&p, n);
    const eig_idx count = b.count;
    const size_t nin = (size_t)(l.input * count), nval = (size_t)(l.values * count), nvec = (size_t)(l.vectors * count);
    const size_t es = single ? sizeof(float) : sizeof(double);
    const double eps = single ? FLT_EPSILON / 2 : DBL_EPSILON / 2;
    const int zc = p.kind == EIG_KIND_HERMITIAN ? 2 : 1;
    /* the input as solved (single: rounded), kept for the checks */
    void *in = malloc(es * nin), *val = malloc(es * nval), *vec = nvec ? malloc(es * nvec) : NULL;
    for (size_t k = 0; k < nin; k++) {
        if (single) ((float *)in)[k] = (float)b.a[k], b.a[k] = ((float *)in)[k];
        else ((double *)in)[k] = b.a[k];
    }
    int8_t *st = malloc((size_t)count);
    int32_t *it = malloc(sizeof(int32_t) * (size_t)count);
    int rc = eig_cpu_solve_batch(&p, n, count, in, val, st, it, vec);
    char what[200];
    snprintf(what, sizeof what, "%s (%s) %s %s n=%d", mc->name, eig_method_name(p.method), single ? "single" : "double",
             special_names[which], n);
    eig_test_expect(rc == 0, "%s: eig_cpu_solve_batch returned %d", what, rc);
    double *w = malloc(sizeof(double) * nval), *v = nvec ? malloc(sizeof(double) * nvec) : NULL;
    for (size_t k = 0; k < nval; k++) w[k] = single ? ((float *)val)[k] : ((double *)val)[k];
    for (size_t k = 0; k < nvec; k++) v[k] = single ? ((float *)vec)[k] : ((double *)vec)[k];
    double *wr = malloc(sizeof(double) * n), *wi = malloc(sizeof(double) * n);
    double *cr = malloc(sizeof(double) * n), *ci = malloc(sizeof(double) * n);
    int bad_status = 0, bad_nan = 0, bad_val = 0, bad_vec = 0;
    for (eig_idx m = 0; m < count && rc == 0; m++) {
        const double *am = b.a + m * l.input, *wm = w + m * l.values, *vm = v ? v + m * l.vectors : 0;
        if (st[m] != b.expect[m]) {
            if (!bad_status++)
                fprintf(stderr, "  %s: matrix %lld status %d, expected %d\n", what, (long long)m, st[m], b.expect[m]);
            continue;
        }
        if (b.expect[m] != 0) { /* never a value that looks like an answer */
            if (!all_nan(wm, (size_t)l.values) || (vm && !all_nan(vm, (size_t)l.vectors))) {
                if (!bad_nan++) fprintf(stderr, "  %s: matrix %lld failed but not all its outputs are NaN\n", what, (long long)m);
            }
            continue;
        }
        reference(&p, n, am, wr, wi);
        double anorm = 0, err;
        for (int k = 0; k < n; k++) anorm = fmax(anorm, p.kind == EIG_KIND_GENERAL ? hypot(wr[k], wi[k]) : fabs(wr[k]));
        if (p.kind == EIG_KIND_GENERAL) {
            for (int k = 0; k < n; k++) cr[k] = wm[2 * k], ci[k] = wm[2 * k + 1];
            err = eig_test_match_complex(n, cr, ci, wr, wi);
        } else {
            err = eig_test_match_real(n, wm, wr);
        }
        double ratio = anorm > 0 ? err / (n * eps * anorm) : (err == 0 ? 0 : INFINITY);
        if (!(ratio <= VAL_MAX)) {
            if (!bad_val++)
                fprintf(stderr, "  %s: matrix %lld values off by %.3g = %.3g n eps ||A|| (||A|| = %.3g)\n", what,
                        (long long)m, err, ratio, anorm);
        } else if (ratio > worst_val) worst_val = ratio;
        if (!vm) continue;
        double res, orth;
        vector_errors(n, zc, am, wm, vm, anorm > 0 ? anorm : 1, &res, &orth);
        double rr = anorm > 0 ? res / (n * eps) : (res == 0 ? 0 : INFINITY), orr = orth / (n * eps);
        if (!(rr <= RES_MAX) || !(orr <= ORTH_MAX)) {
            if (!bad_vec++)
                fprintf(stderr, "  %s: matrix %lld residual %.3g, orthogonality %.3g (n eps units)\n", what, (long long)m,
                        rr, orr);
        } else {
            worst_res = fmax(worst_res, rr), worst_orth = fmax(worst_orth, orr);
        }
    }
    eig_test_expect(!bad_status, "%s: %d statuses not as expected", what, bad_status);
    eig_test_expect(!bad_nan, "%s: %d failed matrices with outputs that are not NaN", what, bad_nan);
    eig_test_expect(!bad_val, "%s: %d matrices' values off LAPACK's", what, bad_val);
    eig_test_expect(!bad_vec, "%s: %d matrices' vectors off", what, bad_vec);
    free(in), free(val), free(vec), free(st), free(it), free(w), free(v), free(wr), free(wi), free(cr), free(ci);
    special_free(&b);
}

/* ---- the structure check ---- */

/* A random symmetric / Hermitian 4 x 4 with bad at (i, j) and mirror at
 * (j, i) (component c) must pass (want_ok) or be refused naming the entry. */
static void check_structure(eig_kind kind, int single, int i, int j, int c, double bad, double mirror, int want_ok)
{
    eig_solve_params p;
    memset(&p, 0, sizeof p);
    p.kind = kind, p.precision = single ? EIG_PREC_SINGLE : EIG_PREC_DOUBLE;
    const int n = 4, zc = kind == EIG_KIND_HERMITIAN ? 2 : 1;
    double a[32];
    special_good(&p, n, a, &rng);
    a[((size_t)i * n + j) * zc + c] = bad;
    a[((size_t)j * n + i) * zc + c] = mirror;
    float af[32];
    for (int k = 0; k < n * n * zc; k++) af[k] = (float)a[k];
    eig_error_clear();
    int rc = eig_validate_structure("t.h5", "matrices", kind, p.precision, n, single ? (void *)af : (void *)a, 7, 1);
    char where[32];
    snprintf(where, sizeof where, "(%d,%d)", i < j ? i : j, i < j ? j : i);
    if (want_ok)
        eig_test_expect(rc == 0, "structure check, %s %s: %g at (%d,%d) facing %g refused: %s", eig_kind_name(kind),
                        single ? "single" : "double", bad, i, j, mirror, eig_error_message());
    else
        eig_test_expect(rc == EIG_ERR_INPUT && strstr(eig_error_message(), "matrix 7 is not") &&
                            strstr(eig_error_message(), where),
                        "structure check, %s %s: %g at (%d,%d) facing %g: rc %d, message '%s'", eig_kind_name(kind),
                        single ? "single" : "double", bad, i, j, mirror, rc, eig_error_message());
    eig_error_clear();
}

static void structure_checks(void)
{
    for (int k = EIG_KIND_SYMMETRIC; k <= EIG_KIND_HERMITIAN; k++)
        for (int single = 0; single <= 1; single++) {
            const eig_kind kind = (eig_kind)k;
            check_structure(kind, single, 0, 2, 0, NAN, 0.5, 0);           /* NaN above, a number below */
            check_structure(kind, single, 3, 1, 0, NAN, -2.0, 0);          /* NaN below, a number above */
            check_structure(kind, single, 1, 3, 0, INFINITY, 0.5, 0);      /* Inf facing a number */
            check_structure(kind, single, 1, 3, 0, INFINITY, -INFINITY, 0); /* Inf facing -Inf */
            check_structure(kind, single, 2, 0, 0, NAN, NAN, 1);           /* NaN facing NaN: per-matrix status */
            check_structure(kind, single, 2, 0, 0, INFINITY, INFINITY, 1); /* the same infinity */
            check_structure(kind, single, 2, 2, 0, NAN, NAN, 1);           /* NaN on the diagonal */
            if (kind == EIG_KIND_HERMITIAN) {
                check_structure(kind, single, 0, 1, 1, NAN, 0.25, 0);       /* NaN imaginary part facing a number */
                check_structure(kind, single, 0, 1, 1, INFINITY, INFINITY, 0); /* Inf facing Inf: conj wants -Inf */
                check_structure(kind, single, 0, 1, 1, INFINITY, -INFINITY, 1);
            }
        }
}

int main(void)
{
    eig_test_rng_init(&rng, eig_test_seed("special_inputs"));
    int batches = 0;
    for (size_t mc = 0; mc < sizeof methods / sizeof methods[0]; mc++)
        for (int single = 0; single <= 1; single++)
            for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
                for (int which = 0; which < SPECIAL_COUNT; which++) {
                    /* rank one at every n (F12 depends on n); NaN/Inf and
                     * overflow (which do not) up to n = 64, where the random
                     * neighbours cost little: seconds in all */
                    if (sizes[s] > 64 && which != SPECIAL_RANK_ONE) continue;
                    run_batch(&methods[mc], single, sizes[s], which);
                    batches++;
                }
    structure_checks();
    printf("%d batches; worst ratios: values %.3g (bound %g), residual %.3g (%g), orthogonality %.3g (%g)\n", batches,
           worst_val, VAL_MAX, worst_res, RES_MAX, worst_orth, ORTH_MAX);
    return eig_test_summary();
}

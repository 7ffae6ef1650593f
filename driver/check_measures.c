#include "check_measures.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "eig_error.h"

#ifdef EIGSWEEP_HAVE_LAPACKE
#include <lapacke.h>
#endif

/* OpenBLAS's own switch, when the LAPACK linked is OpenBLAS (weak: absent
 * from reference LAPACK, and from builds without LAPACKE). */
extern void openblas_set_num_threads(int) __attribute__((weak));

int eig_check_have_lapack(void)
{
#ifdef EIGSWEEP_HAVE_LAPACKE
    return 1;
#else
    return 0;
#endif
}

const char *eig_check_oracle(eig_kind kind)
{
    if (!eig_check_have_lapack()) return "none";
    switch (kind) {
    case EIG_KIND_GENERAL: return "dgeevx";
    case EIG_KIND_SYMMETRIC: return "dsyevd";
    case EIG_KIND_HERMITIAN: return "zheevd";
    default: return "dsterf";
    }
}

void eig_check_single_threaded_blas(void)
{
    if (openblas_set_num_threads) openblas_set_num_threads(1);
}

/* num / den, where a NaN or infinite error is infinitely bad and an exact
 * answer is 0 even for the zero matrix. */
static double ratio(double num, double den)
{
    if (!isfinite(num)) return INFINITY;
    if (num == 0) return 0;
    return den > 0 ? num / den : INFINITY;
}

/* ‖x‖₂ of len reals, scaled so that entries near 1e300 do not overflow. */
static double norm2(const double *x, size_t len, size_t stride)
{
    double big = 0, sum = 0;
    for (size_t i = 0; i < len; i++) {
        double v = fabs(x[i * stride]);
        if (!(v <= big)) big = v; /* NaN propagates */
    }
    if (big == 0 || !isfinite(big)) return big;
    for (size_t i = 0; i < len; i++) {
        double v = x[i * stride] / big;
        sum += v * v;
    }
    return big * sqrt(sum);
}

static double frobenius(const eig_check_setup *s, const double *a)
{
    size_t n = (size_t)s->n;
    if (s->kind == EIG_KIND_TRIDIAGONAL) {
        double d = norm2(a, n, 1), e = n > 1 ? norm2(a + n, n - 1, 1) : 0;
        return hypot(d, sqrt(2.0) * e);
    }
    return norm2(a, (s->kind == EIG_KIND_HERMITIAN ? 2 : 1) * n * n, 1);
}

static double trace(const eig_check_setup *s, const double *a)
{
    int n = s->n;
    double t = 0;
    for (int i = 0; i < n; i++)
        t += s->kind == EIG_KIND_TRIDIAGONAL ? a[i]
             : s->kind == EIG_KIND_HERMITIAN ? a[2 * ((size_t)i * n + i)]
                                              : a[(size_t)i * n + i];
    return t;
}

/* LAPACK's eigenvalues, ascending, of a real-spectrum kind; 0 or LAPACK's info. */
static int reference_real(const eig_check_setup *s, const double *a, double *mu)
{
#ifdef EIGSWEEP_HAVE_LAPACKE
    int n = s->n;
    size_t reals = s->kind == EIG_KIND_TRIDIAGONAL ? (size_t)(2 * n - 1)
                   : s->kind == EIG_KIND_HERMITIAN ? 2 * (size_t)n * n
                                                    : (size_t)n * n;
    double *copy = malloc(sizeof(double) * (reals + 1));
    if (!copy) return -1;
    memcpy(copy, a, sizeof(double) * reals);
    int info;
    if (s->kind == EIG_KIND_TRIDIAGONAL) {
        info = LAPACKE_dsterf(n, copy, copy + n);
        memcpy(mu, copy, sizeof(double) * (size_t)n);
    } else if (s->kind == EIG_KIND_HERMITIAN) {
        info = LAPACKE_zheevd(LAPACK_ROW_MAJOR, 'N', 'L', n, (lapack_complex_double *)copy, n, mu);
    } else {
        info = LAPACKE_dsyevd(LAPACK_ROW_MAJOR, 'N', 'L', n, copy, n, mu);
    }
    free(copy);
    return info;
#else
    (void)s, (void)a, (void)mu;
    return -1;
#endif
}

/* LAPACK's eigenvalues of a general matrix with their reciprocal condition
 * numbers s_k and the 1-norm of the balanced matrix; 0 or LAPACK's info. */
static int reference_general(int n, const double *a, double *wr, double *wi, double *rcond, double *abnrm)
{
#ifdef EIGSWEEP_HAVE_LAPACKE
    size_t nn = (size_t)n * n;
    double *copy = malloc(sizeof(double) * (4 * nn + 2 * (size_t)n + 1));
    if (!copy) return -1;
    double *vl = copy + nn, *vr = vl + nn, *scale = vr + nn, *rcondv = scale + n;
    memcpy(copy, a, sizeof(double) * nn);
    lapack_int ilo, ihi;
    int info = LAPACKE_dgeevx(LAPACK_ROW_MAJOR, 'B', 'V', 'V', 'E', n, copy, n, wr, wi, vl, n, vr, n, &ilo, &ihi,
                              scale, abnrm, rcond, rcondv);
    free(copy);
    return info;
#else
    (void)n, (void)a, (void)wr, (void)wi, (void)rcond, (void)abnrm;
    return -1;
#endif
}

/* max_j |λ_j − μ_{off+j}| over the m stored values. */
static double aligned_error(const double *lambda, int m, const double *mu, int off)
{
    double e = 0;
    for (int j = 0; j < m; j++) {
        double d = fabs(lambda[j] - mu[off + j]);
        if (!(d <= e)) e = d;
    }
    return e;
}

static int count_at_most(const double *mu, int n, double x)
{
    int c = 0;
    while (c < n && mu[c] <= x) c++;
    return c;
}

/* Real spectra: the m stored values (a subset comes first, ascending)
 * against LAPACK's, at the subset's place. */
static void values_real(const eig_check_setup *s, const double *lambda, int m, const double *mu, double anorm,
                        eig_check_result *out)
{
    int n = s->n;
    double unit = anorm * n * s->eps;
    int off = 0, fit = 0; /* fit: place the subset where it matches best */
    if (!s->select_known) {
        fit = m < n;
    } else if (s->select == EIG_SELECT_INDEX) {
        off = s->il;
        if (m != s->iu - s->il + 1 && !out->problem[0])
            snprintf(out->problem, sizeof out->problem, "holds %d eigenvalues where --select-index %d:%d asked for %d",
                     m, s->il, s->iu, s->iu - s->il + 1);
        if (off + m > n) fit = 1;
    } else if (s->select == EIG_SELECT_RANGE) {
        /* Eigenvalues within the tolerance of an end may fall either side. */
        double slack = s->tolerance * unit;
        int inner = count_at_most(mu, n, s->vu - slack) - count_at_most(mu, n, s->vl + slack);
        int outer = count_at_most(mu, n, s->vu + slack) - count_at_most(mu, n, s->vl - slack);
        if ((m < inner || m > outer) && !out->problem[0])
            snprintf(out->problem, sizeof out->problem,
                     "holds %d eigenvalues in (%.17g, %.17g] where LAPACK finds %d", m, s->vl, s->vu,
                     count_at_most(mu, n, s->vu) - count_at_most(mu, n, s->vl));
        fit = 1;
    } else if (m < n && !out->problem[0]) {
        snprintf(out->problem, sizeof out->problem, "eigenvalue %d is NaN although the status is ok", m);
    }
    double err;
    if (fit) {
        err = INFINITY;
        for (int o = 0; o + m <= n; o++) {
            double e = aligned_error(lambda, m, mu, o);
            if (e < err) err = e;
        }
    } else {
        err = aligned_error(lambda, m, mu, off);
    }
    out->value[EIG_CHECK_VALUES] = ratio(err, unit);
}

/* General: every stored eigenvalue to its nearest LAPACK one and every LAPACK
 * one to its nearest stored one (a lost eigenvalue shows), each distance
 * weighted by the condition s_k of LAPACK's eigenvalue, as the accuracy
 * tests do (docs/accuracy.md): an ill-conditioned eigenvalue is only
 * determined to eps·‖A‖/s_k, by LAPACK as by us. */
static void values_general(const eig_check_setup *s, const double *lambda, const double *wr, const double *wi,
                           const double *rcond, double abnrm, eig_check_result *out)
{
    int n = s->n;
    double worst = 0;
    for (int pass = 0; pass < 2; pass++) {
        for (int j = 0; j < n; j++) {
            double best = INFINITY;
            int at = 0;
            for (int k = 0; k < n; k++) {
                double d = pass == 0 ? hypot(lambda[2 * j] - wr[k], lambda[2 * j + 1] - wi[k])
                                     : hypot(lambda[2 * k] - wr[j], lambda[2 * k + 1] - wi[j]);
                if (d < best) best = d, at = k;
            }
            double w = (pass == 0 ? rcond[at] : rcond[j]) * best;
            if (!(w <= worst)) worst = w;
        }
    }
    out->value[EIG_CHECK_VALUES] = ratio(worst, abnrm * n * s->eps);
}

/* max_k ‖A v_k − λ_k v_k‖₂ and ‖VᴴV − I‖_max; real or complex (re, im). */
static int vector_measures(const eig_check_setup *s, const double *a, const double *lambda, const double *v,
                           double anorm, eig_check_result *out)
{
    int n = s->n, c = s->kind == EIG_KIND_HERMITIAN;
    double *r = malloc(sizeof(double) * 2 * (size_t)n);
    if (!r) return EIG_ERR_RESOURCE;
    double res = 0, orth = 0;
    for (int k = 0; k < n; k++) {
        for (int i = 0; i < n; i++) {
            double re = 0, im = 0;
            for (int j = 0; j < n; j++) {
                if (c) {
                    double ar = a[2 * ((size_t)i * n + j)], ai = a[2 * ((size_t)i * n + j) + 1];
                    double vr = v[2 * ((size_t)j * n + k)], vi = v[2 * ((size_t)j * n + k) + 1];
                    re += ar * vr - ai * vi, im += ar * vi + ai * vr;
                } else {
                    re += a[(size_t)i * n + j] * v[(size_t)j * n + k];
                }
            }
            if (c) {
                r[2 * i] = re - lambda[k] * v[2 * ((size_t)i * n + k)];
                r[2 * i + 1] = im - lambda[k] * v[2 * ((size_t)i * n + k) + 1];
            } else {
                r[2 * i] = re - lambda[k] * v[(size_t)i * n + k], r[2 * i + 1] = 0;
            }
        }
        double rk = norm2(r, 2 * (size_t)n, 1);
        if (!(rk <= res)) res = rk;
        for (int l = 0; l <= k; l++) { /* (VᴴV)_{lk} */
            double re = 0, im = 0;
            for (int i = 0; i < n; i++) {
                if (c) {
                    double xr = v[2 * ((size_t)i * n + l)], xi = v[2 * ((size_t)i * n + l) + 1];
                    double yr = v[2 * ((size_t)i * n + k)], yi = v[2 * ((size_t)i * n + k) + 1];
                    re += xr * yr + xi * yi, im += xr * yi - xi * yr;
                } else {
                    re += v[(size_t)i * n + l] * v[(size_t)i * n + k];
                }
            }
            double d = hypot(re - (l == k), im);
            if (!(d <= orth)) orth = d;
        }
    }
    free(r);
    out->value[EIG_CHECK_RESIDUAL] = ratio(res, anorm * n * s->eps);
    out->value[EIG_CHECK_ORTHO] = ratio(orth, n * s->eps);
    if ((!isfinite(res) || !isfinite(orth)) && !out->problem[0])
        snprintf(out->problem, sizeof out->problem, "its eigenvectors hold NaN or Inf although the status is ok");
    return 0;
}

/* The matrix the solvers see: symmetric and Hermitian ones are read from
 * their lower triangle (solvers/tridiag_reduce_impl.h, jacobi_impl.h), so a
 * file whose triangles differ by rounding is measured as it was solved. */
static void mirror_lower(const eig_check_setup *s, double *a)
{
    int n = s->n;
    if (s->kind == EIG_KIND_SYMMETRIC) {
        for (int i = 0; i < n; i++)
            for (int j = i + 1; j < n; j++) a[(size_t)i * n + j] = a[(size_t)j * n + i];
    } else if (s->kind == EIG_KIND_HERMITIAN) {
        for (int i = 0; i < n; i++) {
            a[2 * ((size_t)i * n + i) + 1] = 0;
            for (int j = i + 1; j < n; j++) {
                a[2 * ((size_t)i * n + j)] = a[2 * ((size_t)j * n + i)];
                a[2 * ((size_t)i * n + j) + 1] = -a[2 * ((size_t)j * n + i) + 1];
            }
        }
    }
}

int eig_check_matrix(const eig_check_setup *s, double *a, const double *values, const double *vectors,
                     eig_check_result *out)
{
    int n = s->n;
    mirror_lower(s, a);
    for (int i = 0; i < EIG_CHECK_MEASURES; i++) out->value[i] = NAN;
    out->problem[0] = '\0';
    int general = s->kind == EIG_KIND_GENERAL;
    /* Stored values present: a subset is the leading run, the rest NaN. */
    int m = 0;
    while (m < n && !isnan(values[general ? 2 * m : m]) && !(general && isnan(values[2 * m + 1]))) m++;
    for (int j = m; j < n; j++)
        if (!isnan(values[general ? 2 * j : j]) && !out->problem[0])
            snprintf(out->problem, sizeof out->problem, "eigenvalue %d is NaN but eigenvalue %d after it is not", m, j);
    if (general && m < n && !out->problem[0])
        snprintf(out->problem, sizeof out->problem, "eigenvalue %d is NaN although the status is ok", m);

    double fro = frobenius(s, a), anorm = fro;
    double *work = malloc(sizeof(double) * (4 * (size_t)n + 1));
    if (!work) return EIG_ERR_RESOURCE;
    if (eig_check_have_lapack() && general) {
        double abnrm = 0, *wr = work, *wi = wr + n, *rcond = wi + n;
        if (reference_general(n, a, wr, wi, rcond, &abnrm) == 0 && m == n)
            values_general(s, values, wr, wi, rcond, abnrm, out);
    } else if (eig_check_have_lapack()) {
        double *mu = work;
        if (reference_real(s, a, mu) == 0) {
            /* ‖A‖₂ of a symmetric matrix is its largest |eigenvalue|. */
            anorm = n > 0 ? fmax(fabs(mu[0]), fabs(mu[n - 1])) : 0;
            values_real(s, values, m, mu, anorm, out);
        }
    } else if (m == n) {
        /* Without LAPACK: the sum of the eigenvalues is the trace. */
        double sre = 0, sim = 0;
        for (int j = 0; j < n; j++) sre += values[general ? 2 * j : j], sim += general ? values[2 * j + 1] : 0;
        out->value[EIG_CHECK_TRACE] = ratio(hypot(trace(s, a) - sre, sim), fro * n * s->eps);
    }
    free(work);
    if (s->vectors && vectors && m == n) EIG_CALL(vector_measures(s, a, values, vectors, anorm, out));
    return 0;
}

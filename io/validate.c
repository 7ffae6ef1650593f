#include "validate.h"

#include <float.h>
#include <math.h>
#include <stdio.h>

#include "eig_error.h"

/* Entry (i,j) of matrix m as double: real part, and imaginary part when complex. */
static double entry(const void *buf, int single, int cplx, int n, eig_idx m, int i, int j, int imag)
{
    eig_idx k = (m * n + i) * (eig_idx)n + j;
    if (cplx) k = 2 * k + imag;
    else if (imag) return 0;
    return single ? (double)((const float *)buf)[k] : ((const double *)buf)[k];
}

/* Entry re (+ im i when complex) as text, into out. */
static const char *describe(char *out, size_t len, double re, double im, int cplx)
{
    if (cplx) snprintf(out, len, "%g%+gi", re, im);
    else snprintf(out, len, "%g", re);
    return out;
}

/* 1 when x and y, one of them NaN or infinite, stand for the same entry:
 * both NaN, or the same infinity. (Such a matrix is then solved as
 * invalid_input, per matrix; a NaN or Inf facing a number, or -Inf facing
 * +Inf, breaks the claimed structure like any other mismatch.) */
static int same_nonfinite(double x, double y) { return (isnan(x) && isnan(y)) || x == y; }

/* The first entry of matrix m that breaks the claimed structure, if any. */
typedef struct {
    int bad, i, j;
    double ar, ai, br, bi, dr, di, tol;
} mismatch;

static mismatch check_matrix(const void *buf, int single, int cplx, int n, eig_idx m, double eps)
{
    mismatch r = {0};
    double amax = 0; /* over the finite entries: an Inf must not make the tolerance infinite */
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            double re = fabs(entry(buf, single, cplx, n, m, i, j, 0)), im = fabs(entry(buf, single, cplx, n, m, i, j, 1));
            if (re > amax && re <= DBL_MAX) amax = re;
            if (im > amax && im <= DBL_MAX) amax = im;
        }
    double tol = 100.0 * n * eps * amax;
    for (int i = 0; i < n; i++)
        for (int j = 0; j <= i; j++) {
            double ar = entry(buf, single, cplx, n, m, i, j, 0), br = entry(buf, single, cplx, n, m, j, i, 0);
            double ai = entry(buf, single, cplx, n, m, i, j, 1), bi = -entry(buf, single, cplx, n, m, j, i, 1);
            double dr = ar - br, di = ai - bi;
            if (fabs(dr) <= tol && fabs(di) <= tol) continue;
            /* NaN differences land here too (NaN <= tol is false) */
            if (isnan(dr) || isnan(di)) {
                int same = (isnan(dr) ? same_nonfinite(ar, br) : fabs(dr) <= tol) &&
                           (isnan(di) ? same_nonfinite(ai, bi) : fabs(di) <= tol);
                if (same) continue;
            }
            return (mismatch){1, i, j, ar, ai, br, bi, dr, di, tol};
        }
    return r;
}

int eig_validate_structure(const char *path, const char *dataset, eig_kind kind, eig_precision precision, int n,
                           const void *buf, eig_idx start, eig_idx count)
{
    if (kind != EIG_KIND_SYMMETRIC && kind != EIG_KIND_HERMITIAN) return 0;
    int single = precision == EIG_PREC_SINGLE, cplx = kind == EIG_KIND_HERMITIAN;
    double eps = single ? FLT_EPSILON : DBL_EPSILON;
    /* On all the rank's cores (it runs for every chunk read); the first
     * failing matrix is the one reported, whatever the thread count. */
    eig_idx m = count;
#pragma omp parallel for schedule(static) reduction(min : m)
    for (eig_idx k = 0; k < count; k++)
        if (k < m && check_matrix(buf, single, cplx, n, k, eps).bad) m = k;
    if (m == count) return 0;
    mismatch x = check_matrix(buf, single, cplx, n, m, eps);
    int i = x.i, j = x.j;
    if (!isfinite(x.ar) || !isfinite(x.br) || !isfinite(x.ai) || !isfinite(x.bi)) {
        char a[64], b[64];
        if (i == j) /* only a Hermitian diagonal's imaginary part gets here */
            return EIG_ERROR(EIG_ERR_INPUT,
                             "%s: %s is marked %s, but matrix %lld is not: entry (%d,%d) has imaginary "
                             "part %g (a Hermitian diagonal is real); fix the data or its kind "
                             "attribute, or pass --trust-kind",
                             path, dataset, eig_kind_name(kind), (long long)(start + m), i, i, x.ai);
        return EIG_ERROR(EIG_ERR_INPUT,
                         "%s: %s is marked %s, but matrix %lld is not: entry (%d,%d) is %s but (%d,%d) "
                         "is %s; fix the data or its kind attribute, or pass --trust-kind",
                         path, dataset, eig_kind_name(kind), (long long)(start + m), i, j,
                         describe(a, sizeof a, x.ar, x.ai, cplx), j, i, describe(b, sizeof b, x.br, -x.bi, cplx));
    }
    return EIG_ERROR(EIG_ERR_INPUT,
                     "%s: %s is marked %s, but matrix %lld is not: entries (%d,%d) and (%d,%d) differ by "
                     "%.3g (tolerance %.3g); fix the data or its kind attribute, or pass --trust-kind",
                     path, dataset, eig_kind_name(kind), (long long)(start + m), i, j, j, i, hypot(x.dr, x.di),
                     x.tol);
}

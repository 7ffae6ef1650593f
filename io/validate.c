#include "validate.h"

#include <float.h>
#include <math.h>

#include "eig_error.h"

/* Entry (i,j) of matrix m as double: real part, and imaginary part when complex. */
static double entry(const void *buf, int single, int cplx, int n, eig_idx m, int i, int j, int imag)
{
    eig_idx k = (m * n + i) * (eig_idx)n + j;
    if (cplx) k = 2 * k + imag;
    else if (imag) return 0;
    return single ? (double)((const float *)buf)[k] : ((const double *)buf)[k];
}

int eig_validate_structure(const char *path, const char *dataset, eig_kind kind, eig_precision precision, int n,
                           const void *buf, eig_idx start, eig_idx count)
{
    if (kind != EIG_KIND_SYMMETRIC && kind != EIG_KIND_HERMITIAN) return 0;
    int single = precision == EIG_PREC_SINGLE, cplx = kind == EIG_KIND_HERMITIAN;
    double eps = single ? FLT_EPSILON : DBL_EPSILON;
    for (eig_idx m = 0; m < count; m++) {
        double amax = 0;
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++) {
                double re = fabs(entry(buf, single, cplx, n, m, i, j, 0)), im = fabs(entry(buf, single, cplx, n, m, i, j, 1));
                if (re > amax) amax = re;
                if (im > amax) amax = im;
            }
        if (!isfinite(amax)) continue; /* reported per matrix as invalid_input */
        double tol = 100.0 * n * eps * amax;
        for (int i = 0; i < n; i++)
            for (int j = 0; j <= i; j++) {
                double dr = entry(buf, single, cplx, n, m, i, j, 0) - entry(buf, single, cplx, n, m, j, i, 0);
                double di = entry(buf, single, cplx, n, m, i, j, 1) + entry(buf, single, cplx, n, m, j, i, 1);
                if (fabs(dr) > tol || fabs(di) > tol)
                    return EIG_ERROR(EIG_ERR_INPUT,
                                     "%s: %s is marked %s, but matrix %lld is not: entries (%d,%d) and (%d,%d) differ by "
                                     "%.3g (tolerance %.3g); fix the data or its kind attribute, or pass --trust-kind",
                                     path, dataset, eig_kind_name(kind), (long long)(start + m), i, j, j, i,
                                     hypot(dr, di), tol);
            }
    }
    return 0;
}

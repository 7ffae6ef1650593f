/* Implicit QL/QR iteration with Wilkinson shift on a real symmetric
 * tridiagonal matrix (d, e), optionally accumulating the rotations into the
 * columns of Z (as LAPACK dsteqr). Also the shared helpers of the symmetric
 * family: the accurate 2x2 rotation (Rutishauser), the column sort, the
 * power-of-two scaling and NaN fills. Precision-generic body: no include guard.
 *
 * Z layout: n x n row-major with `zc` reals per element (1 real, 2 complex
 * re,im), element (i,j) component c at z[((i*n+j)*zc + c)*zs]. The rotations
 * are real, so a complex Z (Hermitian family: Z = Q*D) is rotated component
 * by component. */

/* Rotation that diagonalises [[app, apq], [apq, aqq]] (Rutishauser): with
 * theta = (aqq - app) / (2 apq) and t = sign(theta) / (|theta| + sqrt(theta^2 + 1)),
 * the new diagonal is app - t apq, aqq + t apq. t is the smaller root, so the
 * rotation angle is at most pi/4 (what makes cyclic Jacobi converge). */
EIG_HD void EIG_FN(eig_sym2x2_rotation)(eig_real app, eig_real apq, eig_real aqq, eig_real *c,
                                        eig_real *s, eig_real *t)
{
    eig_real theta = (aqq - app) / (2 * apq);
    eig_real tt;
    /* theta^2 would overflow: t ~ 1/(2 theta) to full accuracy */
    if (EIG_FABS(theta) > 1 / EIG_EPS)
        tt = 1 / (2 * theta);
    else
        tt = EIG_COPYSIGN(EIG_ONE, theta) / (EIG_FABS(theta) + EIG_HYPOT(theta, EIG_ONE));
    *t = tt;
    *c = 1 / EIG_SQRT(1 + tt * tt);
    *s = tt * (*c);
}

/* Columns p, q of Z  <-  (c zp - s zq, s zp + c zq). */
EIG_HD void EIG_FN(eig_rotate_columns)(int n, eig_real *z, eig_idx zs, int zc, int p, int q,
                                       eig_real c, eig_real s)
{
    for (int i = 0; i < n; i++)
        for (int k = 0; k < zc; k++) {
            eig_idx ip = ((eig_idx)(i * n + p) * zc + k) * zs;
            eig_idx iq = ((eig_idx)(i * n + q) * zc + k) * zs;
            eig_real zp = z[ip], zq = z[iq];
            z[ip] = c * zp - s * zq;
            z[iq] = s * zp + c * zq;
        }
}

/* Selection sort of w ascending, swapping the columns of Z along (n swaps at
 * most, the cheapest in data movement). */
EIG_HD void EIG_FN(eig_sort_ascending)(int n, eig_real *w, eig_idx ws, eig_real *z, eig_idx zs,
                                       int zc)
{
    for (int i = 0; i < n - 1; i++) {
        int kmin = i;
        for (int k = i + 1; k < n; k++)
            if (w[k * ws] < w[kmin * ws]) kmin = k;
        if (kmin == i) continue;
        eig_real tmp = w[i * ws];
        w[i * ws] = w[kmin * ws];
        w[kmin * ws] = tmp;
        if (!z) continue;
        for (int r = 0; r < n; r++)
            for (int k = 0; k < zc; k++) {
                eig_idx a = ((eig_idx)(r * n + i) * zc + k) * zs;
                eig_idx b = ((eig_idx)(r * n + kmin) * zc + k) * zs;
                eig_real t2 = z[a];
                z[a] = z[b];
                z[b] = t2;
            }
    }
}

/* Failure contract: every output slot NaN, so a bad matrix can't pass as data. */
EIG_HD void EIG_FN(eig_fill_nan)(eig_idx count, eig_real *x, eig_idx xs)
{
    eig_real nan = EIG_ZERO / EIG_ZERO;
    if (!x) return;
    for (eig_idx i = 0; i < count; i++) x[i * xs] = nan;
}

/* Power of two that brings max-abs `anrm` into [rmin, rmax] = sqrt(smlnum),
 * sqrt(bignum) as LAPACK dsyev does (1 when already inside): the factorisation
 * then neither overflows nor loses accuracy to underflow, and scaling by 2^k
 * is exact. */
EIG_HD eig_real EIG_FN(eig_safe_scale)(eig_real anrm)
{
    eig_real smlnum = EIG_SAFMIN / EIG_EPS;
    eig_real rmin = EIG_SQRT(smlnum), rmax = EIG_SQRT(1 / smlnum);
    eig_real sigma = EIG_ONE;
    if (anrm == 0) return sigma;
    if (anrm < rmin) {
        while (anrm * sigma < rmin) sigma *= 2;
    } else if (anrm > rmax) {
        while (anrm * sigma > rmax) sigma *= (eig_real)0.5;
    }
    return sigma;
}

/* Position p (0 = the end that converges first) of the block [lo, hi] walked
 * in direction dir: +1 is QL (converges at lo), -1 is QR (converges at hi).
 * One QL body serves both directions: QR on T is QL on the reversed matrix. */
EIG_HD eig_idx EIG_FN(eig_ql_at)(int lo, int hi, int dir, int p)
{
    return dir > 0 ? lo + p : hi - p;
}
/* index in e of the coupling between positions p and p+1 */
EIG_HD eig_idx EIG_FN(eig_ql_eat)(int lo, int hi, int dir, int p)
{
    return dir > 0 ? lo + p : hi - p - 1;
}

/* dsteqr's splitting test: |e| <= eps sqrt|d_j d_j+1| (relative to the
 * neighbouring diagonal, so graded matrices keep their small eigenvalues), or
 * e below sqrt(safmin) (a zero eigenvalue drives d and e to 0 together, and
 * then only an absolute floor ends the iteration; the block scaling below
 * keeps that floor far under eps ||T||). */
EIG_HD int EIG_FN(eig_ql_negligible)(eig_real e, eig_real dj, eig_real dj1)
{
    eig_real ae = EIG_FABS(e);
    return ae <= EIG_EPS * EIG_SQRT(EIG_FABS(dj)) * EIG_SQRT(EIG_FABS(dj1)) ||
           ae <= EIG_SQRT(EIG_SAFMIN);
}

/* Scales the block d[lo..hi], e[lo..hi-1] by a power of two (exact) that
 * brings its largest entry into [ssfmin, ssfmax] = [sqrt(safmin)/eps^2,
 * sqrt(1/safmin)/3] as dsteqr does; returns the factor (1: left alone). */
EIG_HD eig_real EIG_FN(eig_ql_scale_block)(eig_real *d, eig_idx ds, eig_real *e, eig_idx es, int lo,
                                           int hi)
{
    eig_real big = 0, sigma = EIG_ONE;
    eig_real ssfmin = EIG_SQRT(EIG_SAFMIN) / (EIG_EPS * EIG_EPS);
    eig_real ssfmax = EIG_SQRT(1 / EIG_SAFMIN) / 3;
    for (int i = lo; i <= hi; i++) {
        if (EIG_FABS(d[i * ds]) > big) big = EIG_FABS(d[i * ds]);
        if (i < hi && EIG_FABS(e[i * es]) > big) big = EIG_FABS(e[i * es]);
    }
    if (big == 0) return sigma;
    while (big * sigma < ssfmin) sigma *= 2;
    while (big * sigma > ssfmax) sigma *= (eig_real)0.5;
    if (sigma != EIG_ONE)
        for (int i = lo; i <= hi; i++) {
            d[i * ds] *= sigma;
            if (i < hi) e[i * es] *= sigma;
        }
    return sigma;
}

/* Implicit QL (or QR, chosen per block like dsteqr: QL when the bottom is the
 * larger end) with Wilkinson shift on T = tridiag(e, d, e).
 * d[n] diagonal, e[n-1] off-diagonal (destroyed). On return d holds the
 * eigenvalues ascending and, when z != NULL, Z <- Z * (rotations) with its
 * columns sorted along, so Z = I gives T's eigenvectors and Z = Q gives A's.
 * Iteration cap: max_iter_factor * n QL sweeps in total (<= 0: 30, dsteqr's
 * MAXIT). Each unreduced block is scaled into a safe range first.
 * Returns EIG_STATUS_OK or EIG_STATUS_NOT_CONVERGED (d, e left as they are). */
EIG_HD int EIG_FN(eig_tridiag_ql)(int n, eig_real *d, eig_idx ds, eig_real *e, eig_idx es,
                                  eig_real *z, eig_idx zs, int zc, int max_iter_factor, int *iters)
{
    int maxit = (max_iter_factor > 0 ? max_iter_factor : 30) * n;
    int it = 0;
    int lo = 0;
    if (iters) *iters = 0;
    while (lo < n) {
        /* the unreduced block [lo, hi] */
        int hi = lo;
        while (hi < n - 1) {
            if (EIG_FN(eig_ql_negligible)(e[hi * es], d[hi * ds], d[(hi + 1) * ds])) {
                e[hi * es] = 0;
                break;
            }
            hi++;
        }
        if (hi == lo) { lo++; continue; }
        eig_real sigma = EIG_FN(eig_ql_scale_block)(d, ds, e, es, lo, hi);
        int dir = EIG_FABS(d[hi * ds]) >= EIG_FABS(d[lo * ds]) ? 1 : -1;
#define EIG_D(p) d[EIG_FN(eig_ql_at)(lo, hi, dir, (p)) * ds]
#define EIG_E(p) e[EIG_FN(eig_ql_eat)(lo, hi, dir, (p)) * es]
        int top = 0, end = hi - lo;
        while (top <= end) {
            int m = top;
            while (m < end) {
                if (EIG_FN(eig_ql_negligible)(EIG_E(m), EIG_D(m), EIG_D(m + 1))) {
                    EIG_E(m) = 0;
                    break;
                }
                m++;
            }
            if (m == top) { top++; continue; }
            if (m == top + 1) {
                /* a 2x2 block: diagonalise it directly, no iteration needed */
                eig_real c, s, t;
                eig_real app = EIG_D(top), apq = EIG_E(top), aqq = EIG_D(top + 1);
                EIG_FN(eig_sym2x2_rotation)(app, apq, aqq, &c, &s, &t);
                EIG_D(top) = app - t * apq;
                EIG_D(top + 1) = aqq + t * apq;
                EIG_E(top) = 0;
                if (z)
                    EIG_FN(eig_rotate_columns)(n, z, zs, zc, (int)EIG_FN(eig_ql_at)(lo, hi, dir, top),
                                               (int)EIG_FN(eig_ql_at)(lo, hi, dir, top + 1), c, s);
                top += 2;
                continue;
            }
            if (it >= maxit) {
                if (iters) *iters = it;
                return EIG_STATUS_NOT_CONVERGED;
            }
            it++;
            /* Wilkinson shift: the eigenvalue of the leading 2x2 nearer D(top) */
            eig_real g = (EIG_D(top + 1) - EIG_D(top)) / (2 * EIG_E(top));
            eig_real r = EIG_HYPOT(g, EIG_ONE);
            g = EIG_D(m) - EIG_D(top) + EIG_E(top) / (g + EIG_COPYSIGN(r, g));
            eig_real s = 1, c = 1, p = 0;
            int underflow = 0;
            /* chase the bulge from the far end m back to top */
            for (int i = m - 1; i >= top; i--) {
                eig_real f = s * EIG_E(i), b = c * EIG_E(i);
                r = EIG_HYPOT(f, g);
                if (i + 1 < m) EIG_E(i + 1) = r;
                if (r == 0) { /* underflow: T split here, restart on the pieces */
                    EIG_D(i + 1) -= p;
                    underflow = 1;
                    break;
                }
                s = f / r;
                c = g / r;
                g = EIG_D(i + 1) - p;
                r = (EIG_D(i) - g) * s + 2 * c * b;
                p = s * r;
                EIG_D(i + 1) = g + p;
                g = c * r - b;
                if (z) {
                    /* positions (i, i+1) -> columns; the rotation acts as
                     * (z_i, z_i+1) <- (c z_i - s z_i+1, s z_i + c z_i+1) */
                    EIG_FN(eig_rotate_columns)(n, z, zs, zc, (int)EIG_FN(eig_ql_at)(lo, hi, dir, i),
                                               (int)EIG_FN(eig_ql_at)(lo, hi, dir, i + 1), c, s);
                }
            }
            if (!underflow) {
                EIG_D(top) -= p;
                EIG_E(top) = g;
            }
        }
#undef EIG_D
#undef EIG_E
        if (sigma != EIG_ONE)
            for (int i = lo; i <= hi; i++) d[i * ds] /= sigma;
        lo = hi + 1;
    }
    if (iters) *iters = it;
    EIG_FN(eig_sort_ascending)(n, d, ds, z, zs, zc);
    return EIG_STATUS_OK;
}

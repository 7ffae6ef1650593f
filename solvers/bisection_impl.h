/* Eigenvalues of a real symmetric tridiagonal matrix by bisection on Sturm
 * counts (the `tridiagonal` family; also the back end of bisection for
 * `symmetric` and `hermitian` after tridiagonalisation).
 *
 * Facts used (LAPACK dstebz/dlaebz; Demmel, Dhillon & Ren 1995; Volkov &
 * Demmel 2007):
 *  - Count(x) = number of negative pivots of the LDL^T factorisation of T - xI
 *    = number of eigenvalues <= x. A pivot smaller than pivmin in magnitude is
 *    replaced by -pivmin, so nothing divides by zero and e2/q stays finite.
 *  - Counts need not be monotone in x in floating point; every bisection keeps
 *    a bracket [lo, hi] with counts (clo, chi) and clamps each new count into
 *    [clo, chi], so brackets stay nested and the results stay ordered.
 *  - Off-diagonals with e_k^2 <= ulp^2 |d_k d_k+1| + safmin are set to zero: T
 *    splits into independent blocks (an O(ulp ||T||) perturbation).
 *  - The matrix is scaled by a power of two (exact) so its largest entry is
 *    about 1: e_k^2 neither overflows (entries near 1e300) nor underflows for
 *    entries that matter.
 *  - Bisection runs to full precision: until lo and hi are adjacent floats
 *    (about 2 steps past dstebz's relative 2 ulp), or, near zero, until the
 *    bracket is below abstol = max(2 safmin, pivmin) (LAPACK's recommended
 *    abstol, for high relative accuracy where the matrix determines it).
 *  - Eigenvalue j is found by bisecting a bracket with count(lo) <= j <
 *    count(hi). Every count evaluated is also an upper bound for the indices
 *    below it, so clusters cost almost nothing after their first member.
 *  - Once the bracket holds eigenvalue j alone (count(lo) = j, count(hi) =
 *    j + 1), the points are chosen by Newton's method on det(T - xI) where
 *    it converges (det/det' = 1 / sum of q_k'/q_k, from the same pivots),
 *    a few ulps past the root once its step is that small, so that the
 *    bracket closes from both sides; every point still only narrows the
 *    bracket by its count, and the result is still the bracket's upper end
 *    at adjacent floats, as bisection's (these counts make their pivots
 *    with a reciprocal, e2 (1/q), so a result may differ from the plain
 *    division's by a rounding where a pivot is near zero), in a quarter of
 *    the counts on random spectra (H100, n = 128: 51 counts an eigenvalue
 *    before, 11.6 after).
 *
 * Workspace (strided by wks): [0, n) scaled diagonal, [n, 2n) scaled e^2,
 * [2n, 3n) upper bound per index, [3n, 4n) count at that bound. */

#ifndef EIG_BISECTION_ONCE
#define EIG_BISECTION_ONCE
/* Selection codes, equal to enum eig_select in include/eigsweep.h. */
#define EIG_BISECT_ALL 0
#define EIG_BISECT_INDEX 1
#define EIG_BISECT_RANGE 2
#endif

/* Number of eigenvalues <= x of the tridiagonal with diagonal d and squared
 * off-diagonal e2 (e2[k] couples rows k and k+1). Needs pivmin > 0 with
 * e2[k] / pivmin finite. */
EIG_HD int EIG_FN(eig_sturm_count)(int n, const eig_real *d, eig_idx ds, const eig_real *e2,
                                   eig_idx e2s, eig_real pivmin, eig_real x)
{
    int count = 0;
    eig_real q = d[0] - x;
    for (int k = 0;; k++) {
        if (EIG_FABS(q) < pivmin) q = -pivmin; /* a zero pivot counts as negative */
        if (q < EIG_ZERO) count++;
        if (k + 1 >= n) break;
        q = (d[(eig_idx)(k + 1) * ds] - x) - e2[(eig_idx)k * e2s] / q;
    }
    return count;
}

/* eig_sturm_count at x, and in *dlog the derivative of log|det(T - xI)|,
 * the sum of q_k'/q_k over the pivots (q_k' = -1 + e2_{k-1} q_{k-1}' /
 * q_{k-1}^2): Newton's step for the eigenvalue nearest x is -1 / *dlog.
 * The count's pivots as there, made with one reciprocal a row (so a count
 * may differ from eig_sturm_count's in the last bit of a pivot near zero;
 * the callers clamp counts into their bracket). *dlog may overflow: the
 * caller then bisects. */
EIG_HD int EIG_FN(eig_sturm_count_newton)(int n, const eig_real *d, eig_idx ds, const eig_real *e2, eig_idx e2s,
                                          eig_real pivmin, eig_real x, eig_real *dlog)
{
    int count = 0;
    eig_real q = d[0] - x, dq = -EIG_ONE, sum = EIG_ZERO;
    for (int k = 0;; k++) {
        if (EIG_FABS(q) < pivmin) q = -pivmin;
        if (q < EIG_ZERO) count++;
        const eig_real r = EIG_ONE / q;
        sum += dq * r;
        if (k + 1 >= n) break;
        const eig_real t = e2[(eig_idx)k * e2s] * r;
        q = (d[(eig_idx)(k + 1) * ds] - x) - t;
        dq = t * (dq * r) - EIG_ONE;
    }
    *dlog = sum;
    return count;
}

/* Reals of workspace eig_tridiag_bisect needs for order n. */
EIG_HD int EIG_FN(eig_tridiag_bisect_work)(int n) { return 4 * (n > 0 ? n : 1); }

EIG_HD eig_real EIG_FN(eig_bisect_nan)(void) { return (eig_real)NAN; }

EIG_HD eig_real EIG_FN(eig_bisect_max)(eig_real a, eig_real b) { return a > b ? a : b; }

EIG_HD int EIG_FN(eig_bisect_all_finite)(int n, const eig_real *d, eig_idx ds, const eig_real *e,
                                         eig_idx es)
{
    int ok = 1;
    for (int k = 0; k < n; k++) ok &= EIG_ISFINITE(d[(eig_idx)k * ds]) ? 1 : 0;
    for (int k = 0; k + 1 < n; k++) ok &= EIG_ISFINITE(e[(eig_idx)k * es]) ? 1 : 0;
    return ok;
}

/* Power of two s such that s * max|entry| lies in [0.5, 1); 1 for the zero
 * matrix. Multiplying by s is exact (up to underflow of negligible entries). */
EIG_HD eig_real EIG_FN(eig_bisect_scale)(int n, const eig_real *d, eig_idx ds, const eig_real *e,
                                         eig_idx es)
{
    eig_real m = EIG_ZERO;
    for (int k = 0; k < n; k++) m = EIG_FN(eig_bisect_max)(m, EIG_FABS(d[(eig_idx)k * ds]));
    for (int k = 0; k + 1 < n; k++) m = EIG_FN(eig_bisect_max)(m, EIG_FABS(e[(eig_idx)k * es]));
    eig_real s = EIG_ONE;
    if (m == EIG_ZERO) return s;
    const eig_real big = (eig_real)4294967296.0, small = EIG_ONE / big; /* 2^32, 2^-32 */
    while (m * s >= big) s *= small;
    while (m * s >= EIG_ONE) s *= (eig_real)0.5;
    /* A subnormal largest entry cannot reach 0.5 with a finite s: stop early. */
    while (m * s < small && s < EIG_RMAX * small * small) s *= big;
    while (m * s < (eig_real)0.5 && s < EIG_RMAX * small) s *= (eig_real)2.0;
    return s;
}

/* Scaled diagonal and squared off-diagonals into the workspace, negligible
 * couplings zeroed (dstebz's splitting test). Returns max(1, max e2). */
EIG_HD eig_real EIG_FN(eig_bisect_prepare)(int n, const eig_real *d, eig_idx ds, const eig_real *e,
                                           eig_idx es, eig_real s, eig_real *sd, eig_real *e2,
                                           eig_idx wks)
{
    const eig_real ulp = (eig_real)2.0 * EIG_EPS;
    eig_real e2max = EIG_ONE;
    for (int k = 0; k < n; k++) sd[(eig_idx)k * wks] = d[(eig_idx)k * ds] * s;
    for (int k = 0; k + 1 < n; k++) {
        eig_real ek = e[(eig_idx)k * es] * s;
        eig_real sq = ek * ek;
        eig_real dd = EIG_FABS(sd[(eig_idx)k * wks]) * EIG_FABS(sd[(eig_idx)(k + 1) * wks]);
        if (sq <= ulp * ulp * dd + EIG_SAFMIN) sq = EIG_ZERO;
        e2[(eig_idx)k * wks] = sq;
        e2max = EIG_FN(eig_bisect_max)(e2max, sq);
    }
    return e2max;
}

/* 1 when one of the nf values w[k*ws], unscaled by 1/s, came out beyond the
 * largest float (entries near it: s < 1). Such a matrix gets invalid input
 * (solvers/unscale_impl.h says why). */
EIG_HD int EIG_FN(eig_bisect_overflowed)(int nf, const eig_real *w, eig_idx ws, eig_real s)
{
    if (!(s < EIG_ONE)) return 0;
    int over = 0;
    for (int k = 0; k < nf; k++) over |= !EIG_ISFINITE(w[(eig_idx)k * ws]);
    return over;
}

/* Gershgorin interval of the scaled matrix, widened (as dstebz) so the counts
 * at its ends are safely 0 and n despite rounding. */
EIG_HD void EIG_FN(eig_bisect_gershgorin)(int n, const eig_real *sd, const eig_real *e2, eig_idx wks,
                                          eig_real pivmin, eig_real *gl, eig_real *gu)
{
    eig_real lo = sd[0], hi = sd[0], eprev = EIG_ZERO;
    for (int k = 0; k < n; k++) {
        eig_real enext = k + 1 < n ? EIG_SQRT(e2[(eig_idx)k * wks]) : EIG_ZERO;
        eig_real r = eprev + enext, dk = sd[(eig_idx)k * wks];
        if (dk - r < lo) lo = dk - r;
        if (dk + r > hi) hi = dk + r;
        eprev = enext;
    }
    eig_real tnorm = EIG_FN(eig_bisect_max)(EIG_FABS(lo), EIG_FABS(hi));
    eig_real widen = (eig_real)2.1 * ((eig_real)n * (eig_real)2.0 * EIG_EPS * tnorm +
                                      (eig_real)2.0 * pivmin);
    *gl = lo - widen;
    *gu = hi + widen;
}

/* Upper bound of the bisection steps per eigenvalue: enough to walk the whole
 * exponent range and the mantissa (a safety cap only). */
EIG_HD int EIG_FN(eig_bisect_step_cap)(void) { return sizeof(eig_real) == 8 ? 2304 : 384; }

/* Eigenvalue j of the scaled matrix (diagonal sd, squared off-diagonal e2,
 * both strided by ts) from a bracket lo < hi with counts clo <= j < chi:
 * the bracket narrowed to adjacent floats (hi is then the smallest float
 * whose count passes j: exact for a diagonal matrix), or down to the
 * absolute floor near zero, where walking the exponent range would take
 * 1000 steps. The points: midpoints, and Newton's once j is alone in the
 * bracket (see the top of the file). ub, ubc (NULL: none kept): upper
 * bounds of indices j..jb and their counts (strided by wks), moved where a
 * count bounds them. *steps += the counts made. Returns 1 when the step
 * cap was hit, else 0. */
EIG_HD int EIG_FN(eig_bisect_bracket)(int n, const eig_real *sd, const eig_real *e2, eig_idx ts, eig_real pivmin,
                                      eig_real abstol, int j, int jb, eig_real *ub, eig_real *ubc, eig_idx wks,
                                      eig_real *lo_, int *clo_, eig_real *hi_, int *chi_, int *steps_)
{
    const int cap = EIG_FN(eig_bisect_step_cap)();
    eig_real lo = *lo_, hi = *hi_, xg = EIG_ZERO, dxold = hi - lo;
    int clo = *clo_, chi = *chi_, steps = 0, guess = 0, capped = 0;
    while (hi - lo > abstol) {
        eig_real mid = lo + (hi - lo) * (eig_real)0.5;
        if (mid <= lo || mid >= hi) break;
        if (steps >= cap) { capped = 1; break; }
        steps++;
        /* j alone in the bracket: Newton's point where it lies inside */
        const int alone = clo == j && chi == j + 1;
        const eig_real x = guess && xg > lo && xg < hi ? xg : mid;
        /* the count with Newton's sum every time (a team's members take
         * the same path: no divergence between the two) */
        eig_real dlog = EIG_ZERO;
        int c = EIG_FN(eig_sturm_count_newton)(n, sd, ts, e2, ts, pivmin, x, &dlog);
        c = c < clo ? clo : (c > chi ? chi : c); /* monotonicity adjustment */
        if (c > j) {
            /* x bounds eigenvalues j..c-1 from above; ub is nondecreasing
             * in the index and >= hi > x from j on, so all of them move
             * (up to jb: slots above are not read here, and in a team,
             * eig_tridiag_bisect_team_member, they are another member's). */
            for (int k = j; ub && k < c && k <= jb; k++) {
                ub[(eig_idx)k * wks] = x;
                ubc[(eig_idx)k * wks] = (eig_real)c;
            }
            hi = x;
            chi = c;
        } else {
            lo = x;
            clo = c;
        }
        /* the next point: Newton's while its steps at least halve (else
         * bisection), pushed a few ulps past the root once that close */
        guess = 0;
        if (alone && EIG_ISFINITE(dlog) && dlog != EIG_ZERO) {
            eig_real dx = -EIG_ONE / dlog;
            const eig_real tiny = (eig_real)4.0 * EIG_EPS * EIG_FABS(x) + abstol;
            if ((eig_real)2.0 * EIG_FABS(dx) <= dxold) {
                dxold = EIG_FABS(dx);
                if (EIG_FABS(dx) < tiny) dx = dx < EIG_ZERO ? -tiny : tiny;
                xg = x + dx, guess = 1;
            } else {
                dxold = hi - lo;
            }
        }
    }
    *lo_ = lo, *clo_ = clo, *hi_ = hi, *chi_ = chi, *steps_ += steps;
    return capped;
}

/* Eigenvalues with indices ja..jb of the scaled matrix, given a bracket [L, U]
 * with count(L) = cL <= ja and count(U) = cU > jb. Writes them (unscaled by
 * 1/s) ascending into w. Returns 0, or 1 when the step cap was hit. */
EIG_HD int EIG_FN(eig_bisect_indices)(int n, const eig_real *sd, const eig_real *e2, eig_real *ub,
                                      eig_real *ubc, eig_idx wks, eig_real pivmin, eig_real abstol,
                                      int ja, int jb, eig_real L, int cL, eig_real U, int cU,
                                      eig_real s, eig_real *w, eig_idx ws, int *iters)
{
    int capped = 0;
    for (int j = ja; j <= jb; j++) {
        ub[(eig_idx)j * wks] = U;
        ubc[(eig_idx)j * wks] = (eig_real)cU;
    }
    eig_real lo = L, prev = L;
    int clo = cL;
    for (int j = ja; j <= jb; j++) {
        eig_real hi = ub[(eig_idx)j * wks];
        int chi = (int)ubc[(eig_idx)j * wks];
        capped |= EIG_FN(eig_bisect_bracket)(n, sd, e2, wks, pivmin, abstol, j, jb, ub, ubc, wks, &lo, &clo, &hi,
                                             &chi, iters);
        /* hi, not the midpoint: it is within one float (or abstol) anyway, and
         * it is exact where the count is (a zero or diagonal block). */
        eig_real x = hi;
        if (j > ja && x < prev) x = prev; /* keep the output ascending */
        prev = x;
        w[(eig_idx)(j - ja) * ws] = x / s;
        /* The next index starts above this one's bracket when hi separates them. */
        if (chi == j + 1) {
            lo = hi;
            clo = chi;
        }
    }
    return capped;
}

/* Eigenvalues of the symmetric tridiagonal T with diagonal d[k*ds] (k < n) and
 * off-diagonal e[k*es] (k < n-1).
 * sel: EIG_SELECT_ALL (0); EIG_SELECT_INDEX (1): eigenvalues il..iu, 0-based
 * inclusive, ascending order (0 <= il <= iu < n, else invalid input);
 * EIG_SELECT_RANGE (2): eigenvalues in (vl, vu] (vl < vu, may be infinite).
 * Writes the selected eigenvalues ascending into w[k*ws], k < *nfound; slots
 * *nfound..n-1 get NaN. work: eig_tridiag_bisect_work(n) reals strided by wks.
 * *iters: bisection steps (Sturm counts) performed.
 * Returns EIG_STATUS_OK; EIG_STATUS_INVALID_INPUT for NaN/Inf in d or e, a
 * bad selection or an eigenvalue beyond the largest float (all w NaN,
 * *nfound = 0); EIG_STATUS_NOT_CONVERGED if the
 * safety cap on steps was hit (values still written). */
EIG_HD int EIG_FN(eig_tridiag_bisect)(int n, const eig_real *d, eig_idx ds, const eig_real *e,
                                      eig_idx es, int sel, int il, int iu, eig_real vl, eig_real vu,
                                      eig_real *w, eig_idx ws, int *nfound, eig_real *work,
                                      eig_idx wks, int *iters)
{
    *nfound = 0;
    *iters = 0;
    if (n <= 0) return EIG_STATUS_OK;
    for (int k = 0; k < n; k++) w[(eig_idx)k * ws] = EIG_FN(eig_bisect_nan)();

    int bad_select = sel == EIG_BISECT_INDEX ? (il < 0 || iu >= n || il > iu)
                     : sel == EIG_BISECT_RANGE ? !(vl < vu) /* also catches NaN */
                     : sel != EIG_BISECT_ALL;
    if (bad_select || !EIG_FN(eig_bisect_all_finite)(n, d, ds, e, es)) return EIG_STATUS_INVALID_INPUT;

    eig_real *sd = work, *e2 = work + (eig_idx)n * wks;
    eig_real *ub = work + 2 * (eig_idx)n * wks, *ubc = work + 3 * (eig_idx)n * wks;
    eig_real s = EIG_FN(eig_bisect_scale)(n, d, ds, e, es);
    eig_real e2max = EIG_FN(eig_bisect_prepare)(n, d, ds, e, es, s, sd, e2, wks);
    eig_real pivmin = EIG_SAFMIN * e2max;
    eig_real abstol = EIG_FN(eig_bisect_max)((eig_real)2.0 * EIG_SAFMIN, pivmin);
    eig_real gl, gu;
    EIG_FN(eig_bisect_gershgorin)(n, sd, e2, wks, pivmin, &gl, &gu);

    int ja = 0, jb = n - 1, cL = 0, cU = n;
    eig_real L = gl, U = gu;
    if (sel == EIG_BISECT_INDEX) {
        ja = il;
        jb = iu;
    } else if (sel == EIG_BISECT_RANGE) {
        eig_real a = vl * s, b = vu * s; /* infinities stay infinite */
        if (a > gl) {
            L = a;
            cL = EIG_FN(eig_sturm_count)(n, sd, wks, e2, wks, pivmin, a);
            ++*iters;
        }
        if (b < gu) {
            U = b;
            cU = EIG_FN(eig_sturm_count)(n, sd, wks, e2, wks, pivmin, b);
            ++*iters;
        }
        if (L > U) L = U;      /* interval outside the spectrum: nothing found */
        if (cU < cL) cU = cL;  /* monotonicity adjustment */
        ja = cL;
        jb = cU - 1;
    }
    if (jb < ja) return EIG_STATUS_OK;
    int steps = 0;
    int capped = EIG_FN(eig_bisect_indices)(n, sd, e2, ub, ubc, wks, pivmin, abstol, ja, jb, L, cL,
                                            U, cU, s, w, ws, &steps);
    *iters += steps;
    if (EIG_FN(eig_bisect_overflowed)(jb - ja + 1, w, ws, s)) {
        for (int k = 0; k < n; k++) w[(eig_idx)k * ws] = EIG_FN(eig_bisect_nan)();
        return EIG_STATUS_INVALID_INPUT;
    }
    *nfound = jb - ja + 1;
    return capped ? EIG_STATUS_NOT_CONVERGED : EIG_STATUS_OK;
}

/* ---- All eigenvalues by a team, each member bisecting its own indices ----
 * (values only in the warp-sym kernel, where the 32 lanes would otherwise
 * wait on one lane's QL.) The leader prepares the scaled tridiagonal
 * (eig_tridiag_bisect_team_setup, in work: sd, e2, ub, ubc as above); after
 * a team sync member r of s bisects the contiguous indices
 * [r n / s, (r + 1) n / s) from the widened Gershgorin interval
 * (eig_tridiag_bisect_team_member), independently of the other members:
 * ub and ubc are per index and a member touches only its own. With s = 1
 * this is eig_tridiag_bisect of the whole spectrum. */

/* Leader: NaN/Inf check, scale s (returned in *s), sd and e2 into work
 * (stride 1). Returns EIG_STATUS_OK or EIG_STATUS_INVALID_INPUT. */
EIG_HD int EIG_FN(eig_tridiag_bisect_team_setup)(int n, const eig_real *d, const eig_real *e, eig_real *work,
                                                 eig_real *s)
{
    *s = EIG_ONE;
    if (n <= 0) return EIG_STATUS_OK;
    if (!EIG_FN(eig_bisect_all_finite)(n, d, 1, e, 1)) return EIG_STATUS_INVALID_INPUT;
    *s = EIG_FN(eig_bisect_scale)(n, d, 1, e, 1);
    (void)EIG_FN(eig_bisect_prepare)(n, d, 1, e, 1, *s, work, work + n, 1);
    return EIG_STATUS_OK;
}

/* Member rank of size: its indices' eigenvalues of the prepared matrix
 * (work, scale s), unscaled by 1/s, into w[j] (w: all n slots, the
 * member writes only its own). *steps: its bisection steps. Returns 1 when
 * the step cap was hit, else 0. */
EIG_HD int EIG_FN(eig_tridiag_bisect_team_member)(int rank, int size, int n, eig_real *work, eig_real s,
                                                  eig_real *w, int *steps)
{
    *steps = 0;
    const int ja = (int)((long)rank * n / size), jb = (int)((long)(rank + 1) * n / size) - 1;
    if (n <= 0 || jb < ja) return 0;
    const eig_real *sd = work, *e2 = work + n;
    eig_real e2max = EIG_ONE;
    for (int k = 0; k + 1 < n; k++) e2max = EIG_FN(eig_bisect_max)(e2max, e2[k]);
    const eig_real pivmin = EIG_SAFMIN * e2max;
    const eig_real abstol = EIG_FN(eig_bisect_max)((eig_real)2.0 * EIG_SAFMIN, pivmin);
    eig_real gl, gu;
    EIG_FN(eig_bisect_gershgorin)(n, sd, e2, 1, pivmin, &gl, &gu);
    return EIG_FN(eig_bisect_indices)(n, sd, e2, work + 2 * n, work + 3 * n, 1, pivmin, abstol, ja, jb, gl, 0, gu,
                                      n, s, w + ja, 1, steps);
}

/* After the members (and a team sync), by one: values ascending across the
 * members' boundaries (counts that are not monotone in floating point may
 * put a member's last value a rounding above the next one's first), then
 * unscaled by 1/sigma (the dense matrix's scale). Returns EIG_STATUS_OK, or
 * EIG_STATUS_INVALID_INPUT when a value came out beyond the largest float
 * (the caller fills NaN). */
EIG_HD int EIG_FN(eig_tridiag_bisect_team_finish)(int n, eig_real *w, eig_real sigma)
{
    int over = 0;
    for (int k = 1; k < n; k++)
        if (w[k] < w[k - 1]) w[k] = w[k - 1];
    for (int k = 0; k < n; k++) {
        w[k] /= sigma;
        over |= !EIG_ISFINITE(w[k]);
    }
    return over ? EIG_STATUS_INVALID_INPUT : EIG_STATUS_OK;
}

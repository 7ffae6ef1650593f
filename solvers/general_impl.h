/* general family: eigenvalues of a real non-symmetric n×n matrix.
 *
 * Pipeline (the LAPACK dgeev path, eigenvalues only):
 *   1. reject NaN/Inf input;
 *   2. scale by a power of two into [smlnum, bignum] (dgeev does this, so
 *      squares and products in the steps below cannot overflow/underflow);
 *   3. balance (dgebal 'B'): permute to isolate eigenvalues, then scale
 *      rows/columns of the remaining window by powers of two;
 *   4. Householder reduction of the window to upper Hessenberg form (dgehd2);
 *   5. implicit double-shift Francis QR on the window (dlahqr): Ahues–Tisseur
 *      deflation test, every sweep from the top of its block (dlaqr5's choice,
 *      not dlahqr's search for two small subdiagonals), exceptional shifts after
 *      10 and 20 iterations without deflation, 2×2 blocks standardised as in
 *      dlanv2 so conjugate pairs are exact conjugates with equal real parts.
 * Only the active window is updated: without Schur vectors nothing outside it
 * influences the eigenvalues.
 *
 * Workspace: none beyond a (destroyed), wr and wi.
 *
 * Teams (eig_team, solvers/eig_hd.h): the *_team entry point lets the
 * threads of a cooperative GPU kernel share one matrix (in shared memory,
 * rows `rs` apart). Independent loops are dealt out over the team (the
 * Hessenberg left update over columns, its right update over rows, the
 * Francis reflectors' row update over columns and column update over rows,
 * scaling, swaps and balancing over rows/columns); scalar control (deflation
 * search, shifts, bulge start, the 3-element reflectors) runs redundantly on
 * every member from identical data, so every member takes the same branches;
 * a scalar write (subdiagonal entries, eigenvalues, the sort) is the
 * leader's (in double the bulge's column is written by each row's owner
 * in the column update); eig_team_sync() separates a phase's writes from the next phase's
 * reads (and reads from the writes that follow them). Every element's
 * arithmetic is that of the serial loop, so a team of one (the CPU and the
 * thread-per-matrix kernels) runs exactly the serial code.
 *
 * Output order: ascending by real part; equal real parts by ascending |imag|;
 * then positive imaginary part first. So each conjugate pair is adjacent
 * (+im, -im) and a real eigenvalue precedes pairs with the same real part.
 *
 * Iteration cap: max_iter_factor * n Francis sweeps over the whole matrix
 * (0 → 30, LAPACK's itmax factor). Past it: EIG_STATUS_NOT_CONVERGED and all
 * outputs NaN, never a partial result. */

#ifndef EIG_GENERAL_ONCE
#define EIG_GENERAL_ONCE
#define EIG_GEN_KEXSH 10 /* iterations without deflation before an exceptional shift */
/* Band storage (EIG_GEN_BAND, solvers/general_band_impl.h): row i keeps
 * columns max(0, i-3) .. n-1 only: the Hessenberg matrix plus the two
 * diagonals below it that the Francis bulge fills (nothing else is read or
 * written once the matrix is Hessenberg). Row i's column j lies at
 * EIG_GEN_BAND_ROW(i, n) + j: i n less the (i-3)(i-2)/2 entries left out
 * before it, plus 3, which is one product for every row (no branch for
 * rows 0-3; it leaves two entries unused after row 0 and one after row 1,
 * and i (2n + 5 - i) is always even). */
#define EIG_GEN_BAND_ROW(i, n) (((int)(i) * (2 * (int)(n) + 5 - (int)(i))) >> 1)
/* Whether the column update writes the bulge's column k-1 (rows
 * k..k+nr-1): beta above zeros, in every step after the first (double;
 * the single-precision loop has its leader write it). */
#define EIG_GEN_BCOL_NONE 0
#define EIG_GEN_BCOL_SET 1
/* Columns (rows) a member takes per trip of the bulge's row (column)
 * update: two in double (j and j + size: a team of 16 makes one trip up to
 * n = 32, and the second's addresses are a constant offset from the
 * first's), one in single, where the kernels are bound by registers: two
 * took single n = 40 / 48 / 64 (100,000 matrices, host to host, H200,
 * 2026-11-29) from 42.8 / 63.6 / 122.4 ms to 44.4 / 68.1 / 126.6. */
#define EIG_GEN_PER_TRIP (EIG_IS_DOUBLE ? 2 : 1)
#endif
/* element (i,j) of the matrix a: columns as apart, rows rs apart (n*as
 * when the matrix is stored densely); in band storage (as = 1, rs = n) at
 * (EIG_GEN_BAND_ROW(i, n) + j) as, in int arithmetic (a band matrix is one
 * matrix, never interleaved in a batch: its offsets fit an int; 64-bit
 * products there made the split kernel's QR phase 39% more instructions
 * than the whole dense kernel, and the branch of a per-row cut 35% more
 * than the dense QR phase: Nsight Compute, n = 30, 2026-11-29) */
#undef EIG_GEN_A
#undef EIG_GEN_ROW_AT
#undef EIG_GEN_ROW_AFTER
#undef EIG_GEN_IN_PLACE
#if defined(EIG_GEN_BAND) && EIG_GEN_BAND
/* In band storage the QR phase keeps its eigenvalues in the matrix
 * (eig_gen_qr_next_sweep, eig_gen_sort_in_place): wr and wi are written
 * once, sorted, at the end (on the GPU straight into the output), and the
 * QR kernel's shared memory holds the band alone. */
#define EIG_GEN_IN_PLACE 1
#define EIG_GEN_A(i, j) a[(EIG_GEN_BAND_ROW(i, rs) + (int)(j)) * (int)as]
#define EIG_GEN_ROW_AT(p, j) (p)[(int)(j) * (int)as]
/* &EIG_GEN_A(i + 1, 0) from p = &EIG_GEN_A(i, 0): EIG_GEN_BAND_ROW(i + 1, n)
 * - EIG_GEN_BAND_ROW(i, n) = n + 2 - i (tests/test_general_band.c holds
 * the band's results to the dense ones bit for bit) */
#define EIG_GEN_ROW_AFTER(p, i) ((p) + ((int)rs + 2 - (int)(i)) * (int)as)
#else
#define EIG_GEN_IN_PLACE 0
#define EIG_GEN_A(i, j) a[(eig_idx)(i) * rs + (eig_idx)(j) * as]
#define EIG_GEN_ROW_AT(p, j) (p)[(eig_idx)(j) * as] /* element j of the row that starts at p */
#define EIG_GEN_ROW_AFTER(p, i) ((p) + rs)
#endif

/* One entry into a 2-norm with a running scale (dnrm2): scale*sqrt(ssq) is
 * the norm so far; no overflow for entries near the largest double, no
 * underflow to zero for tiny ones. */
EIG_HD void EIG_FN(eig_gen_nrm2_add)(eig_real x, eig_real *scale, eig_real *ssq)
{
    eig_real ax = EIG_FABS(x);
    if (ax == EIG_ZERO) return;
    if (*scale < ax) {
        eig_real r = *scale / ax;
        *ssq = EIG_ONE + *ssq * r * r;
        *scale = ax;
    } else {
        eig_real r = ax / *scale;
        *ssq += r * r;
    }
}

/* 2-norm of a strided vector (dnrm2). */
EIG_HD eig_real EIG_FN(eig_gen_nrm2)(int len, const eig_real *x, eig_idx inc)
{
    eig_real scale = EIG_ZERO, ssq = EIG_ONE;
    for (int k = 0; k < len; k++) EIG_FN(eig_gen_nrm2_add)(x[k * inc], &scale, &ssq);
    return scale * EIG_SQRT(ssq);
}

EIG_HD eig_real EIG_FN(eig_gen_max)(eig_real x, eig_real y) { return x > y ? x : y; }
EIG_HD eig_real EIG_FN(eig_gen_min)(eig_real x, eig_real y) { return x < y ? x : y; }

/* Reductions (norms, maxima, the finiteness check) over a team: a warp team
 * on the GPU splits the loop and combines its members' partial results with
 * shuffles in a butterfly, each step commutative, so every member ends with
 * the same bits; any other team runs the whole loop on every member (a team
 * of one: the serial loop). eig_gen_red_team says which. */
EIG_HD eig_team EIG_FN(eig_gen_red_team)(eig_team t)
{
#ifdef __CUDA_ARCH__
    if (t.size > 1 && !t.block) return t;
#else
    (void)t;
#endif
    const eig_team solo = EIG_TEAM_SOLO_INIT;
    return solo;
}

EIG_HD eig_real EIG_FN(eig_gen_red_max)(eig_team r, eig_real x) /* x >= 0 */
{
#ifdef __CUDA_ARCH__
    for (int o = r.size / 2; o > 0; o /= 2) x = EIG_FN(eig_gen_max)(x, __shfl_xor_sync(r.mask, x, o));
#else
    (void)r;
#endif
    return x;
}

/* x summed over the team's members, the same bits on every member (each
 * butterfly step adds a and b, and a + b = b + a) */
EIG_HD eig_real EIG_FN(eig_gen_red_sum)(eig_team r, eig_real x)
{
#ifdef __CUDA_ARCH__
    for (int o = r.size / 2; o > 0; o /= 2) x += __shfl_xor_sync(r.mask, x, o);
#else
    (void)r;
#endif
    return x;
}

EIG_HD int EIG_FN(eig_gen_red_any)(eig_team r, int x)
{
#ifdef __CUDA_ARCH__
    if (r.size > 1) return __any_sync(r.mask, x) != 0;
#else
    (void)r;
#endif
    return x;
}

/* Sum of squares of a strided vector the team t shares, unscaled (a
 * team of one: in order). */
EIG_HD eig_real EIG_FN(eig_gen_team_sumsq)(eig_team t, int len, const eig_real *x, eig_idx inc)
{
    const eig_team r = EIG_FN(eig_gen_red_team)(t);
    eig_real s = EIG_ZERO;
    EIG_TEAM_FOR(r, k, 0, len - 1) s += x[k * inc] * x[k * inc];
    return EIG_FN(eig_gen_red_sum)(r, s);
}

/* 2-norm of a strided vector the team t shares, given its unscaled sum of
 * squares `plain` (eig_gen_team_sumsq): its square root where that sum is
 * safe (no division per entry: a third of the Hessenberg reduction's
 * reflectors at n = 30), else dnrm2's scaled loop (a team of one:
 * eig_gen_nrm2). */
EIG_HD eig_real EIG_FN(eig_gen_team_nrm2_from)(eig_team t, eig_real plain, int len, const eig_real *x, eig_idx inc)
{
    if (EIG_SUMSQ_SAFE(plain)) return EIG_SQRT(plain);
    const eig_team r = EIG_FN(eig_gen_red_team)(t);
    if (r.size == 1) return EIG_FN(eig_gen_nrm2)(len, x, inc);
    eig_real scale = EIG_ZERO, ssq = EIG_ONE;
    EIG_TEAM_FOR(r, k, 0, len - 1) EIG_FN(eig_gen_nrm2_add)(x[k * inc], &scale, &ssq);
#ifdef __CUDA_ARCH__
    for (int o = r.size / 2; o > 0; o /= 2) {
        const eig_real s2 = __shfl_xor_sync(r.mask, scale, o), q2 = __shfl_xor_sync(r.mask, ssq, o);
        /* the pair with the larger scale absorbs the other (the same sum on both partners) */
        eig_real bs = scale, bq = ssq, ss = s2, sq = q2;
        if (s2 > scale) bs = s2, bq = q2, ss = scale, sq = ssq;
        if (ss > EIG_ZERO) {
            const eig_real q = ss / bs;
            bq = bq + sq * q * q;
        }
        scale = bs;
        ssq = bq;
    }
#endif
    return scale * EIG_SQRT(ssq);
}

/* 2-norm of a strided vector the team t shares (eig_gen_team_nrm2_from) */
EIG_HD eig_real EIG_FN(eig_gen_team_nrm2)(eig_team t, int len, const eig_real *x, eig_idx inc)
{
    return EIG_FN(eig_gen_team_nrm2_from)(t, EIG_FN(eig_gen_team_sumsq)(t, len, x, inc), len, x, inc);
}

EIG_HD void EIG_FN(eig_gen_fill_nan)(eig_team t, int n, eig_real *wr, eig_real *wi, eig_idx ws)
{
    EIG_TEAM_FOR(t, k, 0, n - 1) {
        wr[k * ws] = (eig_real)NAN;
        wi[k * ws] = (eig_real)NAN;
    }
}

/* dgeev's two looks at the input in one pass: returns whether every entry
 * of a is finite, and *amax = max |a_ij| (meaningful when they are). */
EIG_HD int EIG_FN(eig_gen_finite_max)(eig_team t, int n, const eig_real *a, eig_idx as, eig_idx rs, eig_real *amax)
{
    const eig_team r = EIG_FN(eig_gen_red_team)(t);
    int bad = 0;
    eig_real m = EIG_ZERO;
    EIG_TEAM_FOR(r, i, 0, n - 1)
        for (int j = 0; j < n; j++) {
            const eig_real x = EIG_GEN_A(i, j);
            bad |= !EIG_ISFINITE(x);
            m = EIG_FN(eig_gen_max)(m, EIG_FABS(x));
        }
    *amax = EIG_FN(eig_gen_red_max)(r, m);
    return !EIG_FN(eig_gen_red_any)(r, bad);
}

/* Multiplies a, whose largest |a_ij| is anrm, by a power of two so that
 * its largest entry lies in [smlnum, bignum] (dgeev's range). Powers of
 * two keep the scaling exact. Returns the factor. */
EIG_HD eig_real EIG_FN(eig_gen_scale_into_range)(eig_team t, int n, eig_real *a, eig_idx as, eig_idx rs, eig_real anrm)
{
    const eig_real smlnum = EIG_SQRT(EIG_SAFMIN) / (2 * EIG_EPS);
    const eig_real bignum = EIG_ONE / smlnum;
    eig_real f = EIG_ONE;
    if (anrm == EIG_ZERO) return f;
    while (anrm * f > bignum) f *= (eig_real)0.5;
    while (anrm * f < smlnum) f *= (eig_real)2;
    if (f != EIG_ONE) {
        eig_team_sync(t); /* every member has read a */
        EIG_TEAM_FOR(t, i, 0, n - 1)
            for (int j = 0; j < n; j++) EIG_GEN_A(i, j) *= f;
        eig_team_sync(t);
    }
    return f;
}

/* Symmetric permutation exchanging indices p and q (rows and columns). */
EIG_HD void EIG_FN(eig_gen_swap)(eig_team t, int n, eig_real *a, eig_idx as, eig_idx rs, int p, int q)
{
    if (p == q) return;
    eig_team_sync(t);
    EIG_TEAM_FOR(t, j, 0, n - 1) {
        eig_real x = EIG_GEN_A(p, j);
        EIG_GEN_A(p, j) = EIG_GEN_A(q, j);
        EIG_GEN_A(q, j) = x;
    }
    eig_team_sync(t);
    EIG_TEAM_FOR(t, i, 0, n - 1) {
        eig_real x = EIG_GEN_A(i, p);
        EIG_GEN_A(i, p) = EIG_GEN_A(i, q);
        EIG_GEN_A(i, q) = x;
    }
    eig_team_sync(t);
}

/* dgebal's isolation tests: row r has no nonzero off-diagonal entry in
 * columns 0..hi; column c none in rows lo..hi. */
EIG_HD_INLINE int EIG_FN(eig_gen_row_isolated)(const eig_real *a, eig_idx as, eig_idx rs, int r, int hi)
{
    for (int j = 0; j <= hi; j++)
        if (j != r && EIG_GEN_A(r, j) != EIG_ZERO) return 0;
    return 1;
}

EIG_HD_INLINE int EIG_FN(eig_gen_col_isolated)(const eig_real *a, eig_idx as, eig_idx rs, int c, int lo, int hi)
{
    for (int i = lo; i <= hi; i++)
        if (i != c && EIG_GEN_A(i, c) != EIG_ZERO) return 0;
    return 1;
}

/* The highest isolated row r <= hi (rows = 1) or the lowest isolated
 * column c in lo..hi (rows = 0), or -1. A warp team tests `size` of them
 * at once, the lowest rank that finds one holding the serial scan's
 * answer (every member tested ~2 entries of each of n rows and columns
 * in turn, a chain of dependent shared loads: ~3 % of the reduction
 * kernel's stall samples at n = 30). */
EIG_HD int EIG_FN(eig_gen_find_isolated)(eig_team t, const eig_real *a, eig_idx as, eig_idx rs, int rows, int lo,
                                         int hi)
{
#ifdef __CUDA_ARCH__
    if (t.size > 1 && !t.block) {
        for (int base = 0; base <= hi - lo; base += t.size) {
            const int q = rows ? hi - base - t.rank : lo + base + t.rank;
            const int ok = base + t.rank <= hi - lo && (rows ? EIG_FN(eig_gen_row_isolated)(a, as, rs, q, hi)
                                                             : EIG_FN(eig_gen_col_isolated)(a, as, rs, q, lo, hi));
            const int r = eig_team_first_rank(t, ok);
            if (r >= 0) return rows ? hi - base - r : lo + base + r;
        }
        return -1;
    }
#else
    (void)t;
#endif
    for (int base = 0; base <= hi - lo; base++) {
        const int q = rows ? hi - base : lo + base;
        if (rows ? EIG_FN(eig_gen_row_isolated)(a, as, rs, q, hi) : EIG_FN(eig_gen_col_isolated)(a, as, rs, q, lo, hi))
            return q;
    }
    return -1;
}

/* dgebal's permutation step: a row whose off-diagonal part inside the window
 * is zero goes to the bottom, a column whose off-diagonal part is zero goes
 * to the top; their diagonal entries are eigenvalues. Leaves the matrix block
 * upper triangular with the coupled part in rows/cols [*ilo, *ihi]. */
EIG_HD void EIG_FN(eig_gen_permute)(eig_team t, int n, eig_real *a, eig_idx as, eig_idx rs, int *ilo, int *ihi)
{
    int lo = 0, hi = n - 1, q;
    while (hi > 0 && (q = EIG_FN(eig_gen_find_isolated)(t, a, as, rs, 1, 0, hi)) >= 0) {
        EIG_FN(eig_gen_swap)(t, n, a, as, rs, q, hi);
        hi--;
    }
    while (lo < hi && (q = EIG_FN(eig_gen_find_isolated)(t, a, as, rs, 0, lo, hi)) >= 0) {
        EIG_FN(eig_gen_swap)(t, n, a, as, rs, q, lo);
        lo++;
    }
    *ilo = lo;
    *ihi = hi;
}

/* Whether balancing cannot act on an index whose column and row have the
 * sums of squares c2 and r2: both safe and within a factor of 4 with a
 * margin far above their roundings, so the norms are within 2 and neither
 * scaling loop would run (no square roots, no largest entries: most
 * columns of most matrices). */
EIG_HD_INLINE int EIG_FN(eig_gen_balance_idle)(eig_real c2, eig_real r2)
{
    const eig_real near = (eig_real)4 * (EIG_ONE - (eig_real)1024 * EIG_EPS);
    return EIG_SUMSQ_SAFE(c2) && EIG_SUMSQ_SAFE(r2) && c2 >= r2 / near && r2 >= c2 / near;
}

/* A warp team's look ahead over indices i0..i0+size-1 of a balancing
 * pass: the member of rank r sums the squares of column and row i0 + r
 * alone, in the serial loop's order, and the ballot's bit r says whether
 * the pass must look at that index (eig_gen_balance_idle fails). The pass
 * then goes by the others without a team reduction: two per index, each a
 * chain of shuffles, had been ~17 % of the reduction kernel's stall
 * samples at n = 30, and random matrices need none of them. (Every other
 * team: all bits, the per-index sums as before.) */
EIG_HD unsigned EIG_FN(eig_gen_balance_look)(eig_team t, const eig_real *a, eig_idx as, eig_idx rs, int ilo,
                                             int ihi, int i0)
{
#ifdef __CUDA_ARCH__
    if (t.size > 1 && !t.block) {
        const int i = i0 + t.rank;
        int look = 0;
        if (i <= ihi) {
            eig_real c2 = EIG_ZERO, r2 = EIG_ZERO;
            for (int k = ilo; k <= ihi; k++) {
                const eig_real c = EIG_GEN_A(k, i), r = EIG_GEN_A(i, k);
                c2 += c * c;
                r2 += r * r;
            }
            look = !EIG_FN(eig_gen_balance_idle)(c2, r2);
        }
        return eig_team_ballot(t, look);
    }
#else
    (void)a, (void)as, (void)rs, (void)ilo, (void)ihi, (void)i0;
#endif
    return t.size >= 32 ? ~0u : (1u << t.size) - 1u;
}

/* dgebal's scaling step on the window: multiply column i by f and row i by
 * 1/f (f a power of two) until row and column norms are within a factor of 2,
 * accepting a change only when it shrinks their sum by 5%. The range guards
 * keep every entry finite and normal. No scale factors are kept: eigenvalues
 * do not need them. */
EIG_HD void EIG_FN(eig_gen_balance_scale)(eig_team t, int n, eig_real *a, eig_idx as, eig_idx rs, int ilo, int ihi)
{
    const eig_real sfmin1 = EIG_SAFMIN / (2 * EIG_EPS);
    const eig_real sfmin2 = 2 * sfmin1, sfmax2 = EIG_ONE / sfmin2;
    const int w = ihi - ilo + 1;
    const eig_team rt = EIG_FN(eig_gen_red_team)(t);
    /* a warp team on a matrix in shared memory: eig_gen_balance_look
     * (in global memory its row sums would not coalesce) */
    const int ahead = rt.size > 1 && eig_in_shared(a);
    int changed = 1;
    (void)n;
    while (changed) {
        changed = 0;
        unsigned look = 0;
        int base = ilo - t.size; /* look's bit r: index base + r */
        for (int i = ilo; i <= ihi; i++) {
            /* the look ahead holds until the pass scales an index (its
             * row and column enter every other index's sums) */
            if (ahead && !changed) {
                if (i >= base + t.size) {
                    base = i;
                    look = EIG_FN(eig_gen_balance_look)(t, a, as, rs, ilo, ihi, base);
                }
                if (!((look >> (i - base)) & 1u)) continue;
            }
            const eig_real c2 = EIG_FN(eig_gen_team_sumsq)(t, w, &EIG_GEN_A(ilo, i), rs);
            const eig_real r2 = EIG_FN(eig_gen_team_sumsq)(t, w, &EIG_GEN_A(i, ilo), as);
            if (EIG_FN(eig_gen_balance_idle)(c2, r2)) continue;
            eig_real c = EIG_FN(eig_gen_team_nrm2_from)(t, c2, w, &EIG_GEN_A(ilo, i), rs);
            eig_real r = EIG_FN(eig_gen_team_nrm2_from)(t, r2, w, &EIG_GEN_A(i, ilo), as);
            if (c == EIG_ZERO || r == EIG_ZERO) continue;
            /* the largest entries only guard the loops below: none runs
             * when the norms are within a factor of 2 (c and r are the
             * same on every member) */
            if (c >= r / 2 && c / 2 < r) continue;
            eig_real ca = EIG_ZERO, ra = EIG_ZERO;
            EIG_TEAM_FOR(rt, k, ilo, ihi) {
                ca = EIG_FN(eig_gen_max)(ca, EIG_FABS(EIG_GEN_A(k, i)));
                ra = EIG_FN(eig_gen_max)(ra, EIG_FABS(EIG_GEN_A(i, k)));
            }
            ca = EIG_FN(eig_gen_red_max)(rt, ca);
            ra = EIG_FN(eig_gen_red_max)(rt, ra);
            const eig_real s = c + r;
            eig_real f = EIG_ONE, g = r / 2;
            while (c < g && EIG_FN(eig_gen_max)(f, EIG_FN(eig_gen_max)(c, ca)) < sfmax2 &&
                   EIG_FN(eig_gen_min)(r, EIG_FN(eig_gen_min)(g, ra)) > sfmin2) {
                f *= 2; c *= 2; ca *= 2; r /= 2; g /= 2; ra /= 2;
            }
            g = c / 2;
            while (g >= r && EIG_FN(eig_gen_max)(r, ra) < sfmax2 &&
                   EIG_FN(eig_gen_min)(EIG_FN(eig_gen_min)(f, c), EIG_FN(eig_gen_min)(g, ca)) > sfmin2) {
                f /= 2; c /= 2; g /= 2; ca /= 2; r *= 2; ra *= 2;
            }
            if (c + r >= (eig_real)0.95 * s) continue;
            const eig_real finv = EIG_ONE / f;
            eig_team_sync(t); /* every member has read row and column i */
            EIG_TEAM_FOR(t, k, ilo, ihi) {
                EIG_GEN_A(i, k) *= finv;
                EIG_GEN_A(k, i) *= f;
            }
            eig_team_sync(t);
            changed = 1;
        }
    }
}

/* Householder reflector (dlarfg): given alpha and x (len-1 entries, stride
 * inc), finds tau, beta, v with (I - tau [1;v][1;v]^T) [alpha;x] = [beta;0].
 * Overwrites alpha with beta and x with v; returns tau (0: identity). Rescales
 * when beta would lose accuracy to underflow. Team t shares alpha and x (a
 * member's private vector: a team of one); every member returns tau. */
EIG_HD eig_real EIG_FN(eig_gen_reflector)(eig_team t, int len, eig_real *alpha, eig_real *x, eig_idx inc)
{
    if (len <= 1) return EIG_ZERO;
    {
        /* The norm as one square root of the sum of squares (correctly
         * rounded except on the GPU in double, EIG_SQRT_NORMAL) instead of
         * dnrm2's scaled loop (a division per entry)
         * and dlapy2, where that sum is safe (EIG_SUMSQ_SAFE: no
         * overflow, underflow's loss below a rounding) (the Francis step's
         * reflectors of 2 and 3 entries, one per bulge step on a serial
         * chain, and the Hessenberg reduction's); tau and v equal LAPACK's
         * up to a few roundings (below). */
        eig_real al = *alpha, x0 = x[0], x1 = len == 3 ? x[inc] : EIG_ZERO;
        eig_real s2 = len <= 3 ? x0 * x0 + x1 * x1 : EIG_FN(eig_gen_team_sumsq)(t, len - 1, x, inc);
        eig_real a2 = al * al + s2;
        /* (the bound: in double, q below stays a normal number for the
         * GPU's reciprocal, which flushes subnormals; unreachable after
         * eig_gen_scale_into_range) */
        /* (EIG_SUMSQ_SAFE(s2)'s upper bound follows from a2's: a2 >= s2;
         * a NaN s2 fails the first test, a NaN alpha the second) */
        if (s2 >= EIG_SAFMIN / (EIG_EPS * EIG_EPS) && a2 <= (EIG_IS_DOUBLE ? EIG_RMAX * EIG_EPS : EIG_RMAX / 4)) {
            /* tau = (beta - al) / beta and v's scale 1 / (al - beta) from
             * one division, q = 1 / (beta d) with d = al - beta (|al| +
             * |beta|: no cancellation; a2 <= |beta d| <= 2 a2: a normal
             * number, and so is q). The square root and the reciprocal
             * of a normal number in mid-range (EIG_SQRT_NORMAL,
             * EIG_RCP_NORMAL): on the GPU without the slow paths of
             * correct rounding, for this one is on the bulge step's
             * serial chain (n = 30: the two were 13 % of the QR phase's
             * instructions with them) */
            /* the signs where a product takes them for free (the GPU's
             * multiply negates an operand; -x as a result is an add) */
            const eig_real beta = EIG_COPYSIGN(EIG_SQRT_NORMAL(a2), -al);
            const eig_real d = al - beta, q = EIG_RCP_NORMAL(beta * d);
            const eig_real tau = d * (d * -q);
            const eig_real scal = beta * q;
            eig_team_sync(t); /* every member has read alpha and x */
            EIG_TEAM_FOR(t, k, 0, len - 2) x[k * inc] *= scal;
            if (EIG_TEAM_LEAD(t)) *alpha = beta;
            eig_team_sync(t);
            return tau;
        }
    }
    eig_real xnorm = EIG_FN(eig_gen_team_nrm2)(t, len - 1, x, inc);
    if (xnorm == EIG_ZERO) {
        eig_team_sync(t); /* x is read before the caller overwrites it */
        return EIG_ZERO;
    }
    eig_real al = *alpha;
    eig_real beta = -EIG_COPYSIGN(EIG_HYPOT(al, xnorm), al);
    const eig_real safmin = EIG_SAFMIN / (2 * EIG_EPS), rsafmn = EIG_ONE / safmin;
    int knt = 0;
    if (EIG_FABS(beta) < safmin) {
        do {
            knt++;
            beta *= rsafmn;
            al *= rsafmn;
        } while (EIG_FABS(beta) < safmin && knt < 20);
        eig_team_sync(t);
        EIG_TEAM_FOR(t, k, 0, len - 2)
            for (int r = 0; r < knt; r++) x[k * inc] *= rsafmn;
        eig_team_sync(t);
        xnorm = EIG_FN(eig_gen_team_nrm2)(t, len - 1, x, inc);
        beta = -EIG_COPYSIGN(EIG_HYPOT(al, xnorm), al);
    }
    const eig_real tau = (beta - al) / beta;
    const eig_real scal = EIG_ONE / (al - beta);
    eig_team_sync(t); /* every member has read alpha and x */
    EIG_TEAM_FOR(t, k, 0, len - 2) x[k * inc] *= scal;
    for (int k = 0; k < knt; k++) beta *= safmin;
    if (EIG_TEAM_LEAD(t)) *alpha = beta;
    eig_team_sync(t);
    return tau;
}

/* Householder reduction of the window [ilo, ihi] to upper Hessenberg form
 * (dgehd2), applied to the window only. Entries below the subdiagonal end up
 * zero (the reflector vectors are not kept). v and y at window indices are
 * scratch (the reflector, A v). Each step: the reflector from column k
 * (eig_gen_hess_reflector), then its two-sided update
 * (I - tau v v^T) A (I - tau v v^T), in one of two forms
 * (EIG_GEN_RANK2_FROM). In double a member takes two columns (rows), j
 * and j + size, a trip: two independent sums in one loop, each in the
 * order of one (where A is in global memory the chain of dependent loads
 * and multiply-adds was the time: H200, 2026-11-29, n = 192 / 256 200.4 /
 * 668.2 -> 165.1 / 416.6 ms). */

/* Step k's reflector (dlarfg) from rows k+1..ihi of column k: v at window
 * indices (v_(k+1) = 1), column k left as (beta, 0, ..., 0). Returns tau,
 * after a team sync. */
EIG_HD_INLINE eig_real EIG_FN(eig_gen_hess_reflector)(eig_team t, eig_real *a, eig_idx as, eig_idx rs, int k, int ihi,
                                                      eig_real *v, eig_idx ws)
{
    const eig_real tau = EIG_FN(eig_gen_reflector)(t, ihi - k, &EIG_GEN_A(k + 1, k), &EIG_GEN_A(k + 2, k), rs);
    if (EIG_TEAM_LEAD(t)) v[(k + 1) * ws] = EIG_ONE;
    EIG_TEAM_FOR(t, i, k + 2, ihi) {
        v[i * ws] = EIG_GEN_A(i, k);
        EIG_GEN_A(i, k) = EIG_ZERO;
    }
    eig_team_sync(t);
    return tau;
}

/* A member's two sums of a step: (v^T A)_j and (v^T A)_jb over rows
 * k+1..ihi (v_(k+1) = 1), and (A v)_i and (A v)_ib over columns
 * k+1..ihi, each in order; in single the second is not taken. */
EIG_HD_INLINE void EIG_FN(eig_gen_hess_col_dots)(const eig_real *a, eig_idx as, eig_idx rs, int k, int ihi, int j,
                                                 int jb, const eig_real *v, eig_idx ws, eig_real *wa, eig_real *wb)
{
    eig_real sa = EIG_GEN_A(k + 1, j), sb = EIG_GEN_A(k + 1, jb);
    for (int i = k + 2; i <= ihi; i++) {
        const eig_real vi = v[i * ws];
        sa += vi * EIG_GEN_A(i, j);
        if (EIG_GEN_PER_TRIP == 2) sb += vi * EIG_GEN_A(i, jb);
    }
    *wa = sa, *wb = sb;
}
EIG_HD_INLINE void EIG_FN(eig_gen_hess_row_dots)(const eig_real *a, eig_idx as, eig_idx rs, int k, int ihi, int i,
                                                 int ib, const eig_real *v, eig_idx ws, eig_real *sa, eig_real *sb)
{
    eig_real xa = EIG_ZERO, xb = EIG_ZERO;
    for (int j = k + 1; j <= ihi; j++) {
        const eig_real vj = v[j * ws];
        xa += EIG_GEN_A(i, j) * vj;
        if (EIG_GEN_PER_TRIP == 2) xb += EIG_GEN_A(ib, j) * vj;
    }
    *sa = xa, *sb = xb;
}

/* Step k's update from the left (rows k+1..ihi of columns k+1..ihi: w^T =
 * tau v^T A, A -= v w^T), then from the right (columns k+1..ihi of rows
 * ilo..ihi). The left update dealt out by columns (a member's w_j in a
 * register: no reduction, no scratch traffic), the right by rows.
 * The subtractions load four entries (and their v) before storing any:
 * the compiler cannot tell A's entries from v's, and kept every load
 * behind the store before it, a shared load's latency an entry (those
 * loops were ~40 % of the reduction kernel's stall samples at n = 30).
 * The same operations on the same values. H200, 2026-11-29, host to
 * host: n = 64 (100,000) 196.7 -> 185.6 ms, 30 92.5 -> 91.7. */
EIG_HD_INLINE void EIG_FN(eig_gen_hess_update_sided)(eig_team t, eig_real *a, eig_idx as, eig_idx rs, int ilo,
                                                     int ihi, int k, eig_real tau, const eig_real *v, eig_idx ws)
{
    for (int j = k + 1 + t.rank; j <= ihi; j += EIG_GEN_PER_TRIP * t.size) {
        const int two = EIG_GEN_PER_TRIP == 2 && j + t.size <= ihi, jb = two ? j + t.size : j;
        eig_real wa, wb;
        EIG_FN(eig_gen_hess_col_dots)(a, as, rs, k, ihi, j, jb, v, ws, &wa, &wb);
        wa *= tau, wb *= tau;
        EIG_GEN_A(k + 1, j) -= wa;
        if (two) EIG_GEN_A(k + 1, jb) -= wb;
        int i = k + 2;
        for (; i + 3 <= ihi; i += 4) { /* four rows' loads, then their stores */
            eig_real vv[4], xa[4], xb[4];
            EIG_UNROLL for (int u = 0; u < 4; u++) {
                vv[u] = v[(i + u) * ws];
                xa[u] = EIG_GEN_A(i + u, j);
                xb[u] = EIG_GEN_PER_TRIP == 2 ? EIG_GEN_A(i + u, jb) : EIG_ZERO; /* (single: one column a trip) */
            }
            EIG_UNROLL for (int u = 0; u < 4; u++) {
                EIG_GEN_A(i + u, j) = xa[u] - vv[u] * wa;
                if (two) EIG_GEN_A(i + u, jb) = xb[u] - vv[u] * wb;
            }
        }
        for (; i <= ihi; i++) {
            const eig_real vi = v[i * ws];
            EIG_GEN_A(i, j) -= vi * wa;
            if (two) EIG_GEN_A(i, jb) -= vi * wb;
        }
    }
    eig_team_sync(t);
    for (int i = ilo + t.rank; i <= ihi; i += EIG_GEN_PER_TRIP * t.size) {
        const int two = EIG_GEN_PER_TRIP == 2 && i + t.size <= ihi, ib = two ? i + t.size : i;
        eig_real sa, sb;
        EIG_FN(eig_gen_hess_row_dots)(a, as, rs, k, ihi, i, ib, v, ws, &sa, &sb);
        sa *= tau, sb *= tau;
        int j = k + 1;
        for (; j + 3 <= ihi; j += 4) { /* four columns' loads, then their stores */
            eig_real vv[4], xa[4], xb[4];
            EIG_UNROLL for (int u = 0; u < 4; u++) {
                vv[u] = v[(j + u) * ws];
                xa[u] = EIG_GEN_A(i, j + u);
                xb[u] = EIG_GEN_PER_TRIP == 2 ? EIG_GEN_A(ib, j + u) : EIG_ZERO;
            }
            EIG_UNROLL for (int u = 0; u < 4; u++) {
                EIG_GEN_A(i, j + u) = xa[u] - sa * vv[u];
                if (two) EIG_GEN_A(ib, j + u) = xb[u] - sb * vv[u];
            }
        }
        for (; j <= ihi; j++) {
            const eig_real vj = v[j * ws];
            EIG_GEN_A(i, j) -= sa * vj;
            if (two) EIG_GEN_A(ib, j) -= sb * vj;
        }
    }
    eig_team_sync(t);
}

/* Step k's update as one rank-2 update from products of the A before it
 * (as dsytd2 does for a symmetric A): with y = A v, w = A^T v and
 * gamma = v^T y,
 *     A -= v (tau w - tau^2 gamma v)^T + (tau y) v^T,
 * so A is read twice and written once instead of read and written twice.
 * y by rows (a member per row, into y), then w and the update by columns
 * (a member per column, w_j in a register). */
EIG_HD_INLINE void EIG_FN(eig_gen_hess_update_rank2)(eig_team t, eig_real *a, eig_idx as, eig_idx rs, int ilo,
                                                     int ihi, int k, eig_real tau, const eig_real *v, eig_real *y,
                                                     eig_idx ws)
{
    for (int i = ilo + t.rank; i <= ihi; i += EIG_GEN_PER_TRIP * t.size) {
        const int two = EIG_GEN_PER_TRIP == 2 && i + t.size <= ihi, ib = two ? i + t.size : i;
        eig_real sa, sb;
        EIG_FN(eig_gen_hess_row_dots)(a, as, rs, k, ihi, i, ib, v, ws, &sa, &sb);
        y[i * ws] = sa;
        if (two) y[ib * ws] = sb;
    }
    eig_team_sync(t);
    /* gamma = v^T y (rows k+1..ihi), the same bits on every member */
    const eig_team r = EIG_FN(eig_gen_red_team)(t);
    eig_real gamma = EIG_ZERO;
    EIG_TEAM_FOR(r, i, k + 1, ihi) gamma += v[i * ws] * y[i * ws];
    gamma = EIG_FN(eig_gen_red_sum)(r, gamma);
    const eig_real tg = tau * (tau * gamma);
    for (int j = k + 1 + t.rank; j <= ihi; j += EIG_GEN_PER_TRIP * t.size) {
        const int two = EIG_GEN_PER_TRIP == 2 && j + t.size <= ihi, jb = two ? j + t.size : j;
        eig_real wa, wb;
        EIG_FN(eig_gen_hess_col_dots)(a, as, rs, k, ihi, j, jb, v, ws, &wa, &wb);
        const eig_real vja = v[j * ws], vjb = v[jb * ws];
        const eig_real va = tau * vja, vb = tau * vjb; /* (tau y) v^T's column */
        wa = tau * wa - tg * vja, wb = tau * wb - tg * vjb;
        for (int i = ilo; i <= k; i++) { /* v_i = 0 */
            const eig_real yi = y[i * ws];
            EIG_GEN_A(i, j) -= yi * va;
            if (two) EIG_GEN_A(i, jb) -= yi * vb;
        }
        for (int i = k + 1; i <= ihi; i++) {
            const eig_real vi = v[i * ws], yi = y[i * ws];
            /* two multiply-adds in turn (the sum of both products first is
             * a product, a multiply-add and a subtraction) */
            EIG_GEN_A(i, j) = (EIG_GEN_A(i, j) - vi * wa) - yi * va;
            if (two) EIG_GEN_A(i, jb) = (EIG_GEN_A(i, jb) - vi * wb) - yi * vb;
        }
    }
    eig_team_sync(t);
}

/* Windows of this order and larger take the rank-2 update, in double: it
 * saves the left update's second pass over the lower part, but costs
 * gamma's reduction, y's loads and a second multiply-add an entry, which
 * lose at small orders. H200, 2026-11-29, host to host, ms, one-sided /
 * rank-2 at every order: n = 12 13.95 / 14.31, 20 36.40-36.63 /
 * 36.06-36.13, 30 99.4-99.5 / 100.8, 48 88.5-88.8 / 89.8-90.0, 64 208.5 /
 * 209.4-209.8, 96 (20,000) 225.6 / 216.5, 128 (20,000) 770.1 / 722.7,
 * 192 (500) 168.2 / 161.4, 256 (500) 426.7 / 392.4; from 80 on: 80
 * (20,000) 114.7 / 109.9. Single precision keeps the one-sided form:
 * with both forms compiled in, single's one kernel (n < 48) went 16.3 ->
 * 18.0 ms at n = 16 (and 69.4 -> 67.9 at n = 30; the split's n = 128
 * 303.9 -> 295.4): the largest change, and a loss. */
#ifndef EIG_GEN_RANK2_FROM
#define EIG_GEN_RANK2_FROM 80
#endif

EIG_HD void EIG_FN(eig_gen_hessenberg)(eig_team t, int n, eig_real *a, eig_idx as, eig_idx rs, int ilo, int ihi,
                                       eig_real *v, eig_real *y, eig_idx ws)
{
    (void)n;
    const int rank2 = EIG_IS_DOUBLE && ihi - ilo + 1 >= EIG_GEN_RANK2_FROM;
    for (int k = ilo; k <= ihi - 2; k++) {
        const eig_real tau = EIG_FN(eig_gen_hess_reflector)(t, a, as, rs, k, ihi, v, ws);
        if (tau == EIG_ZERO) continue;
        if (rank2)
            EIG_FN(eig_gen_hess_update_rank2)(t, a, as, rs, ilo, ihi, k, tau, v, y, ws);
        else
            EIG_FN(eig_gen_hess_update_sided)(t, a, as, rs, ilo, ihi, k, tau, v, ws);
    }
}

/* Eigenvalues of the 2×2 block [aa bb; cc dd] in standard form (dlanv2): either
 * real (block made upper triangular) or a complex pair with equal diagonal,
 * so the pair is returned as exact conjugates (rt1i > 0, rt2i = -rt1i). */
EIG_HD void EIG_FN(eig_gen_standardize_2x2)(eig_real aa, eig_real bb, eig_real cc, eig_real dd,
                                            eig_real *rt1r, eig_real *rt1i, eig_real *rt2r,
                                            eig_real *rt2i)
{
    const eig_real eps = 2 * EIG_EPS;
    eig_real a = aa, b = bb, c = cc, d = dd;
    if (c == EIG_ZERO) {
        /* already upper triangular */
    } else if (b == EIG_ZERO) {
        /* swap rows and columns */
        eig_real t = d;
        d = a;
        a = t;
        b = -c;
        c = EIG_ZERO;
    } else if (a - d == EIG_ZERO && (b > EIG_ZERO) != (c > EIG_ZERO)) {
        /* already standard complex form */
    } else {
        eig_real temp = a - d;
        eig_real p = temp / 2;
        const eig_real bcmax = EIG_FN(eig_gen_max)(EIG_FABS(b), EIG_FABS(c));
        const eig_real bcmis = EIG_FN(eig_gen_min)(EIG_FABS(b), EIG_FABS(c)) *
                               EIG_COPYSIGN(EIG_ONE, b) * EIG_COPYSIGN(EIG_ONE, c);
        eig_real scale = EIG_FN(eig_gen_max)(EIG_FABS(p), bcmax);
        eig_real z = (p / scale) * p + (bcmax / scale) * bcmis;
        if (z >= 4 * eps) {
            /* clearly real eigenvalues: make the block upper triangular */
            z = p + EIG_COPYSIGN(EIG_SQRT(scale) * EIG_SQRT(z), p);
            a = d + z;
            d = d - (bcmax / z) * bcmis;
            b = b - c;
            c = EIG_ZERO;
        } else {
            /* complex or nearly equal real eigenvalues: rotate to equal diagonal.
             * Powers of two bring sigma, temp near 1 so the rotation keeps full
             * precision (dlanv2's safmn2 = 2^floor(log2(safmin/eps)/2)). */
            const eig_real safmn2 = (eig_real)(sizeof(eig_real) == 8 ? 0x1p-485 : 0x1p-51);
            const eig_real safmx2 = EIG_ONE / safmn2;
            eig_real sigma = b + c;
            for (int count = 0; count < 20; count++) {
                scale = EIG_FN(eig_gen_max)(EIG_FABS(temp), EIG_FABS(sigma));
                if (scale >= safmx2) {
                    sigma *= safmn2;
                    temp *= safmn2;
                } else if (scale <= safmn2) {
                    sigma *= safmx2;
                    temp *= safmx2;
                } else {
                    break;
                }
            }
            p = temp / 2;
            eig_real tau = EIG_HYPOT(sigma, temp);
            const eig_real cs = EIG_SQRT((EIG_ONE + EIG_FABS(sigma) / tau) / 2);
            const eig_real sn = -(p / (tau * cs)) * EIG_COPYSIGN(EIG_ONE, sigma);
            /* [a b; c d] <- R^T [a b; c d] R with R = [cs -sn; sn cs] */
            const eig_real a1 = a * cs + b * sn, b1 = -a * sn + b * cs;
            const eig_real c1 = c * cs + d * sn, d1 = -c * sn + d * cs;
            a = a1 * cs + c1 * sn;
            b = b1 * cs + d1 * sn;
            c = -a1 * sn + c1 * cs;
            d = -b1 * sn + d1 * cs;
            temp = (a + d) / 2;
            a = temp;
            d = temp;
            if (c != EIG_ZERO) {
                if (b != EIG_ZERO) {
                    if ((b > EIG_ZERO) == (c > EIG_ZERO)) {
                        /* real eigenvalues after all: split to triangular */
                        const eig_real sab = EIG_SQRT(EIG_FABS(b)), sac = EIG_SQRT(EIG_FABS(c));
                        p = EIG_COPYSIGN(sab * sac, c);
                        a = temp + p;
                        d = temp - p;
                        b = b - c;
                        c = EIG_ZERO;
                    }
                } else {
                    b = -c;
                    c = EIG_ZERO;
                }
            }
        }
    }
    *rt1r = a;
    *rt2r = d;
    if (c == EIG_ZERO) {
        *rt1i = EIG_ZERO;
        *rt2i = EIG_ZERO;
    } else {
        *rt1i = EIG_SQRT(EIG_FABS(b)) * EIG_SQRT(EIG_FABS(c));
        *rt2i = -*rt1i;
    }
}

/* Whether the subdiagonal entry h(k,k-1) is negligible: dlahqr's test, relative to the
 * neighbouring diagonal, then the Ahues–Tisseur refinement, which accepts
 * only when the product of the off-diagonal pair is small against the
 * diagonal difference (avoids deflating too early on graded matrices). */
EIG_HD int EIG_FN(eig_gen_split_at)(const eig_real *a, eig_idx as, eig_idx rs, int ilo, int ihi, int k,
                                    eig_real smlnum, eig_real ulp)
{
    const eig_real hkk1 = EIG_FABS(EIG_GEN_A(k, k - 1));
    if (hkk1 <= smlnum) return 1;
    eig_real tst = EIG_FABS(EIG_GEN_A(k - 1, k - 1)) + EIG_FABS(EIG_GEN_A(k, k));
    if (tst == EIG_ZERO) {
        if (k - 2 >= ilo) tst += EIG_FABS(EIG_GEN_A(k - 1, k - 2));
        if (k + 1 <= ihi) tst += EIG_FABS(EIG_GEN_A(k + 1, k));
    }
    if (hkk1 <= ulp * tst) {
        const eig_real hk1k = EIG_FABS(EIG_GEN_A(k - 1, k));
        const eig_real ab = EIG_FN(eig_gen_max)(hkk1, hk1k), ba = EIG_FN(eig_gen_min)(hkk1, hk1k);
        const eig_real hkk = EIG_FABS(EIG_GEN_A(k, k));
        const eig_real diff = EIG_FABS(EIG_GEN_A(k - 1, k - 1) - EIG_GEN_A(k, k));
        const eig_real aa = EIG_FN(eig_gen_max)(hkk, diff), bb = EIG_FN(eig_gen_min)(hkk, diff);
        const eig_real s = aa + ab;
        if (ba * (ab / s) <= EIG_FN(eig_gen_max)(smlnum, ulp * (bb * (aa / s)))) return 1;
    }
    return 0;
}

/* Teams of at least this many lanes search for the split by vote (below;
 * the sweep's start was searched so too until every sweep started at the
 * top of its block); a team of one scans serially. H100, 2026-11-24,
 * 500,000 matrices, host to host, ms: serial scans / vote from 16 lanes /
 * vote from 2: n = 15 (8-lane teams) 43.7 / 52.5 / 45.0; 20 (8) 82.2 /
 * 94.6 / 82.1; 24 (8) - / 152.8 / 133.7; 25 (16) 158.5 / 148.9 / 150.1;
 * 30 (16) 262.1 / 238.6 / 239.6; 64 (32 lanes, 100,000) 670.8 / 502.8 /
 * 502.5; n = 128 (32 lanes, A in global memory, 20,000) 1350 / - /
 * 1369-1399. */
#ifndef EIG_GEN_VOTE_FROM
#define EIG_GEN_VOTE_FROM 2
#endif
/* Bottom-most k in lo+1..i where eig_gen_split_at holds, or lo. A team of
 * EIG_GEN_VOTE_FROM lanes or more tests `size` rows at once (the same k as
 * the serial scan: the lowest rank that finds one is the bottom-most): the
 * scan, run before every sweep, was ~6% of warp-general's time at n = 30
 * with every lane repeating it. */
EIG_HD int EIG_FN(eig_gen_find_split)(eig_team t, int n, const eig_real *a, eig_idx as, eig_idx rs, int ilo, int ihi,
                                      int lo, int i, eig_real smlnum, eig_real ulp)
{
    (void)n;
#ifdef __CUDA_ARCH__
    if (t.size >= EIG_GEN_VOTE_FROM && !t.block) {
        for (int base = i; base > lo; base -= t.size) {
            const int k = base - t.rank;
            const int r =
                eig_team_first_rank(t, k > lo && EIG_FN(eig_gen_split_at)(a, as, rs, ilo, ihi, k, smlnum, ulp));
            if (r >= 0) return base - r;
        }
        return lo;
    }
#else
    (void)t;
#endif
    for (int k = i; k > lo; k--)
        if (EIG_FN(eig_gen_split_at)(a, as, rs, ilo, ihi, k, smlnum, ulp)) return k;
    return lo;
}

/* 1/s for an s >= 0 the caller scales by: EIG_RCP_NORMAL (on the GPU in
 * double without the division's slow path; the division on the host)
 * where s and 1/s are normal numbers with a margin (at RMAX/4 the GPU's
 * seed for 1/s could fall below the smallest normal and flush to zero),
 * else the division. */
EIG_HD_INLINE eig_real EIG_FN(eig_gen_rcp)(eig_real s)
{
    return s >= 4 * EIG_SAFMIN && s <= EIG_RMAX / 8 ? EIG_RCP_NORMAL(s) : EIG_ONE / s;
}

/* Shifts for the next sweep on the active block [l, i]: the eigenvalues of
 * the trailing 2×2 (Wilkinson; of two real ones only the one nearer h(i,i),
 * used twice), or dlahqr's exceptional shifts when no deflation happened for
 * 10 (top of block) or 20 (bottom of block) sweeps. */
EIG_HD void EIG_FN(eig_gen_shifts)(int n, const eig_real *a, eig_idx as, eig_idx rs, int l, int i, int kdefl,
                                   eig_real *rt1r, eig_real *rt1i, eig_real *rt2r, eig_real *rt2i)
{
    (void)n;
    const eig_real dat1 = (eig_real)0.75, dat2 = (eig_real)-0.4375;
    eig_real h11, h12, h21, h22;
    if (kdefl % (2 * EIG_GEN_KEXSH) == 0) {
        const eig_real s = EIG_FABS(EIG_GEN_A(i, i - 1)) + EIG_FABS(EIG_GEN_A(i - 1, i - 2));
        h11 = dat1 * s + EIG_GEN_A(i, i);
        h12 = dat2 * s;
        h21 = s;
        h22 = h11;
    } else if (kdefl % EIG_GEN_KEXSH == 0) {
        const eig_real s = EIG_FABS(EIG_GEN_A(l + 1, l)) + EIG_FABS(EIG_GEN_A(l + 2, l + 1));
        h11 = dat1 * s + EIG_GEN_A(l, l);
        h12 = dat2 * s;
        h21 = s;
        h22 = h11;
    } else {
        h11 = EIG_GEN_A(i - 1, i - 1);
        h21 = EIG_GEN_A(i, i - 1);
        h12 = EIG_GEN_A(i - 1, i);
        h22 = EIG_GEN_A(i, i);
    }
    const eig_real s = EIG_FABS(h11) + EIG_FABS(h12) + EIG_FABS(h21) + EIG_FABS(h22);
    if (s == EIG_ZERO) {
        *rt1r = *rt1i = *rt2r = *rt2i = EIG_ZERO;
        return;
    }
    /* normalised by s so the discriminant cannot overflow; by the product
     * with 1/s (s >= |h21| > smlnum inside an unreduced block: 1/s finite),
     * one division instead of four a sweep */
    const eig_real sinv = EIG_FN(eig_gen_rcp)(s);
    h11 *= sinv; h21 *= sinv; h12 *= sinv; h22 *= sinv;
    const eig_real tr = (h11 + h22) / 2;
    const eig_real det = (h11 - tr) * (h22 - tr) - h12 * h21;
    const eig_real rtdisc = EIG_SQRT(EIG_FABS(det));
    if (det >= EIG_ZERO) {
        *rt1r = tr * s;
        *rt2r = *rt1r;
        *rt1i = rtdisc * s;
        *rt2i = -*rt1i;
    } else {
        const eig_real r1 = tr + rtdisc, r2 = tr - rtdisc;
        const eig_real pick = EIG_FABS(r1 - h22) <= EIG_FABS(r2 - h22) ? r1 : r2;
        *rt1r = pick * s;
        *rt2r = *rt1r;
        *rt1i = *rt2i = EIG_ZERO;
    }
}

/* The first column of (H - s1)(H - s2) from row m, scaled to unit 1-norm
 * (dlahqr's v for a sweep starting at m). Quotients by s as products with
 * 1/s: when dlahqr's search for the start ran it over the whole block
 * before every sweep, its six divisions were a fifth of warp-general's
 * time at n = 30 (Nsight Compute, docs/performance.md §1). 1/s is finite: s >= |h21| > smlnum inside an
 * unreduced block (eig_gen_francis deflates below it), and the second s is
 * inverted only above safmin. */
EIG_HD void EIG_FN(eig_gen_start_vector)(const eig_real *a, eig_idx as, eig_idx rs, int m, eig_real rt1r,
                                         eig_real rt1i, eig_real rt2r, eig_real rt2i, eig_real *v)
{
    const eig_real hmm = EIG_GEN_A(m, m), h21 = EIG_GEN_A(m + 1, m);
    eig_real s = EIG_FABS(hmm - rt2r) + EIG_FABS(rt2i) + EIG_FABS(h21);
    const eig_real inv = EIG_FN(eig_gen_rcp)(s), h21s = h21 * inv;
    v[0] = h21s * EIG_GEN_A(m, m + 1) + (hmm - rt1r) * ((hmm - rt2r) * inv) - rt1i * (rt2i * inv);
    v[1] = h21s * (hmm + EIG_GEN_A(m + 1, m + 1) - rt1r - rt2r);
    v[2] = h21s * EIG_GEN_A(m + 2, m + 1);
    s = EIG_FABS(v[0]) + EIG_FABS(v[1]) + EIG_FABS(v[2]);
    if (s > EIG_SAFMIN) {
        const eig_real inv2 = EIG_FN(eig_gen_rcp)(s);
        v[0] *= inv2, v[1] *= inv2, v[2] *= inv2;
    } else {
        v[0] /= s, v[1] /= s, v[2] /= s;
    }
}

/* The bulge step's reflector (v2, v3; tau t1, t2 = t1 v2, t3 = t1 v3) on
 * the entries x0, x1, x2 of one row or column (x2 only when nr = 3: the
 * block's last row has two). All three are read before any is written:
 * in band storage the compiler cannot tell that three rows' entries are
 * distinct, and read each again after every store. */
EIG_HD_INLINE void EIG_FN(eig_gen_reflect3)(eig_real *p0, eig_real *p1, eig_real *p2, int nr, eig_real v2,
                                            eig_real v3, eig_real t1, eig_real t2, eig_real t3)
{
    const eig_real x0 = *p0, x1 = *p1, x2 = nr == 3 ? *p2 : EIG_ZERO;
    eig_real s = x0 + v2 * x1;
    if (nr == 3) s += v3 * x2;
    *p0 = x0 - s * t1;
    *p1 = x1 - s * t2;
    if (nr == 3) *p2 = x2 - s * t3;
}

/* The reflector from the left on rows k..k+nr-1 (r0, r1, r2: their starts,
 * &EIG_GEN_A(k + r, 0)) over columns k..i, dealt out by columns
 * (EIG_GEN_PER_TRIP a member's trip). Both columns' six entries read
 * before any is written, here and in the column update, measured (H200,
 * 2026-11-29, host to host): teams of 16 lost (n = 30: the QR kernel's
 * launch of 50,000 1.75 -> 1.93 ms), teams of 32 won in global memory
 * and from n = 96 (256 × 500 397 -> 352 ms, 128 × 20,000 688 -> 657) but
 * lost at n = 40-64 under the QR kernel's register cap (40 × 100,000 50.2
 * -> 57.9, 48 81.3 -> 90.3, 64 185.4 -> 190.4): not taken. */
EIG_HD_INLINE void EIG_FN(eig_gen_bulge_rows)(eig_team t, eig_real *r0, eig_real *r1, eig_real *r2, eig_idx as,
                                              int i, int k, int nr, eig_real v2, eig_real v3, eig_real t1,
                                              eig_real t2, eig_real t3)
{
    for (int j = k + t.rank; j <= i; j += EIG_GEN_PER_TRIP * t.size) {
        EIG_FN(eig_gen_reflect3)(&EIG_GEN_ROW_AT(r0, j), &EIG_GEN_ROW_AT(r1, j), &EIG_GEN_ROW_AT(r2, j), nr, v2, v3,
                                 t1, t2, t3);
        const int j2 = j + t.size;
        if (EIG_GEN_PER_TRIP == 2 && j2 <= i)
            EIG_FN(eig_gen_reflect3)(&EIG_GEN_ROW_AT(r0, j2), &EIG_GEN_ROW_AT(r1, j2), &EIG_GEN_ROW_AT(r2, j2), nr,
                                     v2, v3, t1, t2, t3);
    }
}

/* Row j of the column update: columns k..k+nr-1, and the bulge's column
 * k-1 when row j is one of the bulge's and bcol says so. */
EIG_HD_INLINE void EIG_FN(eig_gen_bulge_col_row)(eig_real *a, eig_idx as, eig_idx rs, int j, int k, int nr, int bcol,
                                                 eig_real beta, eig_real v2, eig_real v3, eig_real t1, eig_real t2,
                                                 eig_real t3)
{
    eig_real *p = &EIG_GEN_A(j, k);
    EIG_FN(eig_gen_reflect3)(p, p + as, p + 2 * as, nr, v2, v3, t1, t2, t3);
    if (bcol == EIG_GEN_BCOL_SET && (unsigned)(j - k) < (unsigned)nr) p[-as] = j == k ? beta : EIG_ZERO;
}

/* ... and from the right to columns k..k+nr-1 of rows l..min(k+3, i),
 * dealt out by rows as above (k + 3 > i when nr = 2), with the bulge's
 * column (bcol) written by the owners of rows k..k+nr-1: no team loop and
 * no sync of its own (the three writes had been 7 % of the QR phase's
 * instructions at n = 30, then a pass of their own with most lanes idle;
 * by the leader after the loop, with the reflector's signs moved, 1.4 %
 * slower: H200, 2026-11-29). (Carrying a member's row starts through the
 * sweep, instead of this product a row, measured 3 % slower at n = 30:
 * more branches; H200, 2026-11-29.) */
EIG_HD_INLINE void EIG_FN(eig_gen_bulge_cols)(eig_team t, eig_real *a, eig_idx as, eig_idx rs, int l, int i, int k,
                                              int nr, int bcol, eig_real beta, eig_real v2, eig_real v3, eig_real t1,
                                              eig_real t2, eig_real t3)
{
    const int jend = (k + 3) < i ? (k + 3) : i;
    for (int j = l + t.rank; j <= jend; j += EIG_GEN_PER_TRIP * t.size) {
        EIG_FN(eig_gen_bulge_col_row)(a, as, rs, j, k, nr, bcol, beta, v2, v3, t1, t2, t3);
        const int j2 = j + t.size;
        if (EIG_GEN_PER_TRIP == 2 && j2 <= jend)
            EIG_FN(eig_gen_bulge_col_row)(a, as, rs, j2, k, nr, bcol, beta, v2, v3, t1, t2, t3);
    }
}

/* One step of the sweep on the block [l, i]: the bulge at
 * row k, in the shape nr (3, or 2 at the block's last row, k = i - 1) and
 * first (k = l: v the start vector), both constants at every call
 * (eig_gen_sweep_steps: no branch on them inside a step); r0, r1, r2: the
 * starts of rows k, k+1, k+2 (carried from step to step: in band storage
 * a row's start is a product). The reflector takes three entries (v[2] = 0
 * when nr = 2: the same tau and v as two). The members read column k-1 at
 * the step's start; after the sync that follows every member's reads, the
 * column update writes it, the owner of row j its entry (j, k-1). */
EIG_HD_INLINE void EIG_FN(eig_gen_bulge_step)(eig_team t, eig_real *a, eig_idx as, eig_idx rs, int l, int i, int k,
                                              const int nr, const int first, eig_real *v, eig_real *r0,
                                              eig_real *r1, eig_real *r2)
{
    const eig_team solo = EIG_TEAM_SOLO_INIT;
    if (!first) {
        v[0] = EIG_GEN_ROW_AT(r0, k - 1);
        v[1] = EIG_GEN_ROW_AT(r1, k - 1);
        v[2] = nr == 3 ? EIG_GEN_ROW_AT(r2, k - 1) : EIG_ZERO;
    }
    const eig_real t1 = EIG_FN(eig_gen_reflector)(solo, 3, &v[0], &v[1], 1);
    const eig_real v2 = v[1], t2 = t1 * v2;
    const eig_real v3 = v[2], t3 = t1 * v3;
    EIG_FN(eig_gen_bulge_rows)(t, r0, r1, r2, as, i, k, nr, v2, v3, t1, t2, t3);
    eig_team_sync(t);
    const int bcol = first ? EIG_GEN_BCOL_NONE : EIG_GEN_BCOL_SET;
    EIG_FN(eig_gen_bulge_cols)(t, a, as, rs, l, i, k, nr, bcol, v[0], v2, v3, t1, t2, t3);
    eig_team_sync(t);
}

/* The sweep's steps one at a time, the shape a run-time value
 * (eig_gen_sweep_steps in single precision). */
EIG_HD_INLINE void EIG_FN(eig_gen_bulge_loop)(eig_team t, eig_real *a, eig_idx as, eig_idx rs, int l, int i,
                                              eig_real *v)
{
    const eig_team solo = EIG_TEAM_SOLO_INIT;
    for (int k = l; k <= i - 1; k++) {
        const int nr = (i - k + 1) < 3 ? (i - k + 1) : 3;
        if (k > l)
            for (int r = 0; r < nr; r++) v[r] = EIG_GEN_A(k + r, k - 1);
        /* the length spelled out: the private v stays in registers on the GPU */
        const eig_real t1 = nr == 3 ? EIG_FN(eig_gen_reflector)(solo, 3, &v[0], &v[1], 1)
                                    : EIG_FN(eig_gen_reflector)(solo, 2, &v[0], &v[1], 1);
        const eig_real v2 = v[1], t2 = t1 * v2;
        const eig_real v3 = nr == 3 ? v[2] : EIG_ZERO, t3 = t1 * v3;
        eig_real *r0 = &EIG_GEN_A(k, 0), *r1 = EIG_GEN_ROW_AFTER(r0, k);
        EIG_FN(eig_gen_bulge_rows)(t, r0, r1, nr == 3 ? EIG_GEN_ROW_AFTER(r1, k + 1) : r1, as, i, k, nr, v2, v3, t1,
                                   t2, t3);
        eig_team_sync(t);
        if (EIG_TEAM_LEAD(t) && k > l) {
            EIG_GEN_A(k, k - 1) = v[0];
            EIG_GEN_A(k + 1, k - 1) = EIG_ZERO;
            if (k < i - 1) EIG_GEN_A(k + 2, k - 1) = EIG_ZERO;
        }
        EIG_FN(eig_gen_bulge_cols)(t, a, as, rs, l, i, k, nr, EIG_GEN_BCOL_NONE, EIG_ZERO, v2, v3, t1, t2, t3);
        eig_team_sync(t);
    }
}

/* The start vector of the sweep on the block [l, i], at its top (dlaqr5's
 * choice), made by every member (the same bits). dlahqr first looks down
 * the block for two consecutive small subdiagonals to start below them:
 * on the GPU that search (a start vector and a test for each candidate,
 * by vote) was ~7 % of the QR kernel's instructions at n = 30, and
 * starting at the top took no more sweeps (random-general 30 × 500,000:
 * 57.03 a matrix against 57.20; control 51.57 against 51.72). H200,
 * 2026-11-29, host to host, ms, the search / the top: n = 12 14.5 / 13.5,
 * 16 23.3 / 22.3, 30 97.0 / 92.5, control 30 98.4 / 94.1, 64 (100,000)
 * 199.3 / 196.9, single 30 71.1 / 61.3. */
EIG_HD void EIG_FN(eig_gen_sweep_start)(eig_team t, const eig_real *a, eig_idx as, eig_idx rs, int l, eig_real rt1r,
                                        eig_real rt1i, eig_real rt2r, eig_real rt2i, eig_real *v)
{
    EIG_FN(eig_gen_start_vector)(a, as, rs, l, rt1r, rt1i, rt2r, rt2i, v);
    eig_team_sync(t); /* every member has read rows l..l+2 before the first step's row update writes them */
}

/* The sweep's bulge steps down the block [l, i] (v: the start vector,
 * eig_gen_sweep_start). */
EIG_HD void EIG_FN(eig_gen_sweep_steps)(eig_team t, eig_real *a, eig_idx as, eig_idx rs, int l, int i, eig_real *v)
{
    if (EIG_IS_DOUBLE) {
        /* l <= i - 2: the first step has three entries, the last (k = i - 1)
         * two; three steps of constant shape, no branch on it inside one.
         * H200, 2026-11-29, 500,000 matrices, host to host: n = 16 / 30 / 32
         * 30.7 / 141.5 / 162.5 -> 28.9 / 133.2 / 152.4 ms (the branches were
         * 9 % of the QR kernel's stall cycles at n = 30) */
        eig_real *r0 = &EIG_GEN_A(l, 0), *r1 = EIG_GEN_ROW_AFTER(r0, l), *r2 = EIG_GEN_ROW_AFTER(r1, l + 1);
        EIG_FN(eig_gen_bulge_step)(t, a, as, rs, l, i, l, 3, 1, v, r0, r1, r2);
        for (int k = l + 1; k <= i - 2; k++) {
            r0 = r1, r1 = r2, r2 = EIG_GEN_ROW_AFTER(r2, k + 1);
            EIG_FN(eig_gen_bulge_step)(t, a, as, rs, l, i, k, 3, 0, v, r0, r1, r2);
        }
        EIG_FN(eig_gen_bulge_step)(t, a, as, rs, l, i, i - 1, 2, 0, v, r1, r2, r2);
    } else {
        /* single: one step in a loop, the leader writing the bulge's column.
         * The single kernels are bound by registers and lost to every other
         * form measured (three steps: 64 -> 72 registers, n = 16 / 25 / 30
         * 19.4 / 53.5 / 77.2 -> 21.4 / 63.4 / 78.4 ms; one step called with
         * run-time shapes: 20.2 / 57.0 / 83.2) */
        EIG_FN(eig_gen_bulge_loop)(t, a, as, rs, l, i, v);
    }
}

/* Where the Francis iteration on a window stands between sweeps: the
 * active block [l, i] (i < ilo: done), the sweeps since the last
 * deflation and the next sweep's start vector. With the work
 * between sweeps a function of its own (eig_gen_qr_next_sweep, then
 * eig_gen_sweep_steps) the general kernels spilled less and ran faster:
 * H200, 2026-11-29, 500,000 matrices, host to host, ms: n = 10 10.1 ->
 * 8.8, 30 134.6 -> 126.7, 32 154.1 -> 143.2 (but n = 16 29.9 -> 32.0,
 * 27.4 with the reflector's faster square root and reciprocal). */
typedef struct {
    int l, i, kdefl;
    eig_real v[3];
} EIG_FN(eig_gen_qr_pos);

/* Between sweeps on the window [ilo, ihi] (dlahqr): deflates from the
 * bottom, writing eigenvalues to wr/wi at their diagonal position (in band
 * storage into the matrix instead: EIG_GEN_IN_PLACE), until a
 * block needs a sweep; then takes its shifts and start vector (p->v).
 * Returns 1 (a sweep to run), 0 (the window is done) or -1 (the sweep
 * budget `cap` is spent). */
EIG_HD int EIG_FN(eig_gen_qr_next_sweep)(eig_team t, int n, eig_real *a, eig_idx as, eig_idx rs, int ilo, int ihi,
                                         eig_real *wr, eig_real *wi, eig_idx ws, long cap, long *sweeps,
                                         EIG_FN(eig_gen_qr_pos) *p)
{
    const eig_real ulp = 2 * EIG_EPS;
    const eig_real smlnum = EIG_SAFMIN * ((eig_real)(ihi - ilo + 1) / ulp);
    while (p->i >= ilo) {
        const int i = p->i;
        const int l = EIG_FN(eig_gen_find_split)(t, n, a, as, rs, ilo, ihi, p->l, i, smlnum, ulp);
        p->l = l;
        if (l > ilo) {
            eig_team_sync(t); /* every member has found l */
            if (EIG_TEAM_LEAD(t)) EIG_GEN_A(l, l - 1) = EIG_ZERO;
            eig_team_sync(t);
        }
        if (l < i - 1) { /* no 1×1 or 2×2 block split off: a sweep */
            if (*sweeps >= cap) return -1;
            (*sweeps)++;
            p->kdefl++;
            eig_real rt1r, rt1i, rt2r, rt2i;
            EIG_FN(eig_gen_shifts)(n, a, as, rs, l, i, p->kdefl, &rt1r, &rt1i, &rt2r, &rt2i);
            EIG_FN(eig_gen_sweep_start)(t, a, as, rs, l, rt1r, rt1i, rt2r, rt2i, p->v);
            return 1;
        }
        if (l == i) {
            /* in place: the eigenvalue is h(i,i), and h(i,i-1) is zero */
            if (!EIG_GEN_IN_PLACE && EIG_TEAM_LEAD(t)) {
                wr[i * ws] = EIG_GEN_A(i, i);
                wi[i * ws] = EIG_ZERO;
            }
        } else {
            eig_real r1, i1, r2, i2;
            EIG_FN(eig_gen_standardize_2x2)(EIG_GEN_A(i - 1, i - 1), EIG_GEN_A(i - 1, i),
                                            EIG_GEN_A(i, i - 1), EIG_GEN_A(i, i), &r1, &i1, &r2, &i2);
            if (EIG_GEN_IN_PLACE) {
                /* the block's real parts on its diagonal, i1 (>= 0; i2 = -i1)
                 * on its subdiagonal: no later sweep reads them */
                eig_team_sync(t); /* every member has read the block */
                if (EIG_TEAM_LEAD(t)) {
                    EIG_GEN_A(i - 1, i - 1) = r1;
                    EIG_GEN_A(i, i) = r2;
                    EIG_GEN_A(i, i - 1) = i1;
                }
            } else if (EIG_TEAM_LEAD(t)) {
                wr[(i - 1) * ws] = r1;
                wi[(i - 1) * ws] = i1;
                wr[i * ws] = r2;
                wi[i * ws] = i2;
            }
        }
        p->i = l - 1, p->l = ilo, p->kdefl = 0;
    }
    return 0;
}

/* Francis QR on the Hessenberg window [ilo, ihi] (dlahqr without Schur form):
 * deflates from the bottom, writing eigenvalues to wr/wi at their diagonal
 * position (in band storage into the matrix: EIG_GEN_IN_PLACE). Returns 0,
 * or -1 when the sweep budget `cap` is spent. */
EIG_HD int EIG_FN(eig_gen_francis)(eig_team t, int n, eig_real *a, eig_idx as, eig_idx rs, int ilo, int ihi,
                                   eig_real *wr, eig_real *wi, eig_idx ws, long cap, long *sweeps)
{
    EIG_FN(eig_gen_qr_pos) p = {ilo, ihi, 0, {EIG_ZERO, EIG_ZERO, EIG_ZERO}};
    int r;
    while ((r = EIG_FN(eig_gen_qr_next_sweep)(t, n, a, as, rs, ilo, ihi, wr, wi, ws, cap, sweeps, &p)) == 1)
        EIG_FN(eig_gen_sweep_steps)(t, a, as, rs, p.l, p.i, p.v);
    return r;
}

/* x precedes y in the documented order. */
EIG_HD int EIG_FN(eig_gen_before)(eig_real xr, eig_real xi, eig_real yr, eig_real yi)
{
    if (xr != yr) return xr < yr;
    if (EIG_FABS(xi) != EIG_FABS(yi)) return EIG_FABS(xi) < EIG_FABS(yi);
    return xi > yi;
}

/* Insertion sort into the documented order: stable and deterministic. */
EIG_HD void EIG_FN(eig_gen_sort)(int n, eig_real *wr, eig_real *wi, eig_idx ws)
{
    for (int k = 1; k < n; k++) {
        const eig_real xr = wr[k * ws], xi = wi[k * ws];
        int j = k - 1;
        while (j >= 0 && EIG_FN(eig_gen_before)(xr, xi, wr[j * ws], wi[j * ws])) {
            wr[(j + 1) * ws] = wr[j * ws];
            wi[(j + 1) * ws] = wi[j * ws];
            j--;
        }
        wr[(j + 1) * ws] = xr;
        wi[(j + 1) * ws] = xi;
    }
}

/* A matrix scaled down to solve (entries near the largest float) can have
 * eigenvalues beyond the largest float: scaled back they are +-Inf. Such a
 * matrix gets status invalid_input and NaN values, like one with an Inf
 * entry (docs/format.md); st is the solver's status, returned otherwise. A pass over the finished values, outside the team
 * solver: in it the check cost warp-general 4 % at n = 30 (docs/performance.md),
 * so warp-general runs this as a kernel of its own after the solve. */
EIG_HD int EIG_FN(eig_gen_overflowed)(int st, int n, eig_real *wr, eig_real *wi, eig_idx ws)
{
    if (st != EIG_STATUS_OK) return st;
    int bad = 0;
    for (int k = 0; k < n; k++) bad |= !EIG_ISFINITE(wr[k * ws]) || !EIG_ISFINITE(wi[k * ws]);
    if (!bad) return st;
    const eig_team solo = EIG_TEAM_SOLO_INIT;
    EIG_FN(eig_gen_fill_nan)(solo, n, wr, wi, ws);
    return EIG_STATUS_INVALID_INPUT;
}

/* The first half of eig_general_eigvals_team (steps 1-4 of the header):
 * finiteness check, scaling, balancing and the Hessenberg reduction of the
 * window [*ilo, *ihi]; eigenvalues isolated by the permutation are in
 * wr/wi (their window entries are scratch). *f: the scale factor. Returns
 * EIG_STATUS_OK (then eig_general_finish_team goes on from a, which may
 * have been moved to band storage in between: only the Hessenberg band is
 * read after this) or EIG_STATUS_INVALID_INPUT (wr/wi NaN), after a final
 * eig_team_sync(). */
EIG_HD int EIG_FN(eig_general_reduce_team)(eig_team t, int n, eig_real *a, eig_idx as, eig_idx rs, eig_real *wr,
                                           eig_real *wi, eig_idx ws, int *ilo_out, int *ihi_out, eig_real *f_out)
{
    *ilo_out = 0, *ihi_out = n - 1, *f_out = EIG_ONE;
    eig_real anrm;
    if (!EIG_FN(eig_gen_finite_max)(t, n, a, as, rs, &anrm)) {
        EIG_FN(eig_gen_fill_nan)(t, n, wr, wi, ws);
        eig_team_sync(t);
        return EIG_STATUS_INVALID_INPUT;
    }
    *f_out = EIG_FN(eig_gen_scale_into_range)(t, n, a, as, rs, anrm);
    int ilo, ihi;
    EIG_FN(eig_gen_permute)(t, n, a, as, rs, &ilo, &ihi);
    /* isolated by the permutation: the diagonal entry is the eigenvalue */
    EIG_TEAM_FOR(t, k, 0, n - 1) {
        if (k >= ilo && k <= ihi && ilo < ihi) continue;
        wr[k * ws] = EIG_GEN_A(k, k);
        wi[k * ws] = EIG_ZERO;
    }
    if (ilo < ihi) {
        EIG_FN(eig_gen_balance_scale)(t, n, a, as, rs, ilo, ihi);
        EIG_FN(eig_gen_hessenberg)(t, n, a, as, rs, ilo, ihi, wr, wi, ws); /* wr, wi: scratch */
    }
    *ilo_out = ilo, *ihi_out = ihi;
    eig_team_sync(t);
    return EIG_STATUS_OK;
}

/* The team's sort (eig_gen_sort_team) from the n eigenvalues staged in
 * rows 0 and 1 of a, none a NaN: each member ranks its elements among all
 * of them and writes each to its place in wr/wi. Ends on a team sync. */
EIG_HD void EIG_FN(eig_gen_rank_staged)(eig_team t, int n, const eig_real *a, eig_idx as, eig_idx rs, eig_real *wr,
                                        eig_real *wi, eig_idx ws)
{
    EIG_TEAM_FOR(t, k, 0, n - 1) {
        const eig_real xr = EIG_GEN_A(0, k), xi = EIG_GEN_A(1, k);
        int rank = 0;
#ifdef __CUDA_ARCH__
#pragma unroll 1 /* double, n = 16 / 25: 33.7 / 97.0-98.3 ms unrolled, 32.0-32.2 / 95.5-96.6 not */
#endif
        for (int j = 0; j < n; j++) {
            const eig_real yr = EIG_GEN_A(0, j), yi = EIG_GEN_A(1, j);
            rank += j < k ? !EIG_FN(eig_gen_before)(xr, xi, yr, yi) : EIG_FN(eig_gen_before)(yr, yi, xr, xi);
        }
        wr[rank * ws] = xr;
        wi[rank * ws] = xi;
    }
    eig_team_sync(t);
}

/* Whether team t ranks its eigenvalues (eig_gen_rank_staged) rather than
 * having its leader sort them: eig_gen_sort_team says why. */
EIG_HD_INLINE int EIG_FN(eig_gen_team_ranks)(eig_team t, int n)
{
    return t.size > 1 && !t.block && n >= 2 && EIG_IS_DOUBLE;
}

/* eig_gen_sort by team t, in the same order: each member ranks its
 * elements among all of them (ties by index, as the insertion sort keeps
 * them) and writes each to its place, reading a copy in rows 0 and 1 of a
 * (free once the QR phase is done). The
 * leader's insertion sort was 6 % of warp-general's time at n = 30. A team
 * of one runs eig_gen_sort, and so do a block team, a team that holds a
 * NaN (the order is then not transitive), and a single-precision team: there the
 * team's sort took warp-general from 72 to 80 registers, fewer teams an
 * SM (n = 16 / 25 / 30 single: 20.4 / 61.5 / 82.8 -> 22.4 / 69.5 / 88.8
 * ms, H200, 2026-11-29). Ends on a team sync. */
EIG_HD void EIG_FN(eig_gen_sort_team)(eig_team t, int n, eig_real *a, eig_idx as, eig_idx rs, eig_real *wr,
                                      eig_real *wi, eig_idx ws)
{
    if (!EIG_FN(eig_gen_team_ranks)(t, n)) {
        if (EIG_TEAM_LEAD(t)) EIG_FN(eig_gen_sort)(n, wr, wi, ws);
        eig_team_sync(t);
        return;
    }
    int has_nan = 0; /* a NaN breaks the order's transitivity: ranks would collide (the leader's sort then) */
    EIG_TEAM_FOR(t, k, 0, n - 1) {
        const eig_real xr = wr[k * ws], xi = wi[k * ws];
        EIG_GEN_A(0, k) = xr;
        EIG_GEN_A(1, k) = xi;
        has_nan |= xr != xr || xi != xi;
    }
    if (EIG_FN(eig_gen_red_any)(t, has_nan)) { /* wr, wi untouched so far: the leader sorts them */
        eig_team_sync(t);
        if (EIG_TEAM_LEAD(t)) EIG_FN(eig_gen_sort)(n, wr, wi, ws);
        eig_team_sync(t);
        return;
    }
    eig_team_sync(t);
    EIG_FN(eig_gen_rank_staged)(t, n, a, as, rs, wr, wi, ws);
}

#if EIG_GEN_IN_PLACE
/* Eigenvalue k as the QR phase left it in place (eig_gen_qr_next_sweep):
 * the real part h(k,k); the imaginary part +h(k+1,k) for the first of a
 * pair, -h(k,k-1) for the second, else zero (every other subdiagonal entry
 * is zero, of either sign: set so where a deflation split the block, or
 * by the permutation's structure at and outside [ilo, ihi]'s edges). */
EIG_HD_INLINE void EIG_FN(eig_gen_in_place_value)(const eig_real *a, eig_idx as, eig_idx rs, int n, int k,
                                                  eig_real *xr, eig_real *xi)
{
    const eig_real below = k + 1 < n ? EIG_GEN_A(k + 1, k) : EIG_ZERO, above = k > 0 ? EIG_GEN_A(k, k - 1) : EIG_ZERO;
    *xr = EIG_GEN_A(k, k);
    *xi = below != EIG_ZERO ? below : above != EIG_ZERO ? -above : EIG_ZERO;
}

/* The eigenvalues left in place, unscaled by 1/f, into wr/wi in the
 * documented order: staged in rows 0 and 1 (eigenvalues 0 and 1, whose
 * entries those rows hold, read first by every member), then ranked as
 * eig_gen_sort_team ranks them; where that one has the leader sort, the
 * leader sorts the staged rows. The same values in the same order as the
 * dense storage's wr/wi. Ends on a team sync. */
EIG_HD void EIG_FN(eig_gen_sort_in_place)(eig_team t, int n, eig_real *a, eig_idx as, eig_idx rs, eig_real f,
                                          eig_real *wr, eig_real *wi, eig_idx ws)
{
    const eig_real finv = EIG_ONE / f;
    if (n < 2) { /* a band of order 1 is one entry: no rows to stage in */
        if (n == 1 && EIG_TEAM_LEAD(t)) {
            eig_real xr, xi;
            EIG_FN(eig_gen_in_place_value)(a, as, rs, n, 0, &xr, &xi);
            if (f != EIG_ONE) xr *= finv, xi *= finv;
            wr[0] = xr, wi[0] = xi;
        }
        eig_team_sync(t);
        return;
    }
    eig_real r0, i0, r1, i1;
    EIG_FN(eig_gen_in_place_value)(a, as, rs, n, 0, &r0, &i0);
    EIG_FN(eig_gen_in_place_value)(a, as, rs, n, 1, &r1, &i1);
    eig_team_sync(t);
    int has_nan = 0; /* (as eig_gen_sort_team) */
    EIG_TEAM_FOR(t, k, 0, n - 1) {
        eig_real xr = k ? r1 : r0, xi = k ? i1 : i0;
        if (k >= 2) EIG_FN(eig_gen_in_place_value)(a, as, rs, n, k, &xr, &xi);
        if (f != EIG_ONE) xr *= finv, xi *= finv;
        EIG_GEN_A(0, k) = xr;
        EIG_GEN_A(1, k) = xi;
        has_nan |= xr != xr || xi != xi;
    }
    const int leader_sorts = !EIG_FN(eig_gen_team_ranks)(t, n) || EIG_FN(eig_gen_red_any)(t, has_nan);
    eig_team_sync(t);
    if (!leader_sorts) {
        EIG_FN(eig_gen_rank_staged)(t, n, a, as, rs, wr, wi, ws);
        return;
    }
    if (EIG_TEAM_LEAD(t)) EIG_FN(eig_gen_sort)(n, &EIG_GEN_A(0, 0), &EIG_GEN_A(1, 0), as);
    eig_team_sync(t);
    EIG_TEAM_FOR(t, k, 0, n - 1) {
        wr[k * ws] = EIG_GEN_A(0, k);
        wi[k * ws] = EIG_GEN_A(1, k);
    }
    eig_team_sync(t);
}
#endif

/* The second half: Francis QR on the Hessenberg window [ilo, ihi] of a
 * (eig_general_reduce_team's output, in dense storage or, compiled with
 * EIG_GEN_BAND, in band storage), unscaling by 1/f and the sort. Returns as
 * eig_general_eigvals_team. */
EIG_HD int EIG_FN(eig_general_finish_team)(eig_team t, int n, eig_real *a, eig_idx as, eig_idx rs, eig_real *wr,
                                           eig_real *wi, eig_idx ws, int ilo, int ihi, eig_real f,
                                           int max_iter_factor, int *iters)
{
    long sweeps = 0;
    if (ilo < ihi) {
        const long cap = (long)(max_iter_factor > 0 ? max_iter_factor : 30) * n;
        if (EIG_FN(eig_gen_francis)(t, n, a, as, rs, ilo, ihi, wr, wi, ws, cap, &sweeps) != 0) {
            *iters = (int)sweeps;
            eig_team_sync(t);
            EIG_FN(eig_gen_fill_nan)(t, n, wr, wi, ws);
            eig_team_sync(t);
            return EIG_STATUS_NOT_CONVERGED;
        }
    }
    *iters = (int)sweeps;
    eig_team_sync(t); /* the eigenvalues written by other members */
#if EIG_GEN_IN_PLACE
    EIG_FN(eig_gen_sort_in_place)(t, n, a, as, rs, f, wr, wi, ws);
#else
    if (f != EIG_ONE) {
        const eig_real finv = EIG_ONE / f;
        EIG_TEAM_FOR(t, k, 0, n - 1) {
            wr[k * ws] *= finv;
            wi[k * ws] *= finv;
        }
        eig_team_sync(t);
    }
    EIG_FN(eig_gen_sort_team)(t, n, a, as, rs, wr, wi, ws);
#endif
    return EIG_STATUS_OK;
}

/* Eigenvalues of the real n×n matrix a (destroyed) by team t: element (i,j)
 * at a[i*rs + j*as]. Writes wr[k*ws], wi[k*ws], k<n, in the documented order
 * (wr and wi also serve as scratch; they must be memory the team shares). *iters =
 * total QR iterations (every member's copy). Returns as eig_general_eigvals,
 * to every member, after a final eig_team_sync(). */
EIG_HD int EIG_FN(eig_general_eigvals_team)(eig_team t, int n, eig_real *a, eig_idx as, eig_idx rs, eig_real *wr,
                                            eig_real *wi, eig_idx ws, int max_iter_factor, int *iters)
{
    *iters = 0;
    if (n <= 0) return EIG_STATUS_OK;
    int ilo, ihi;
    eig_real f;
    const int st = EIG_FN(eig_general_reduce_team)(t, n, a, as, rs, wr, wi, ws, &ilo, &ihi, &f);
    if (st != EIG_STATUS_OK) return st;
    return EIG_FN(eig_general_finish_team)(t, n, a, as, rs, wr, wi, ws, ilo, ihi, f, max_iter_factor, iters);
}

/* Eigenvalues of the real n×n matrix a (destroyed). Element (i,j) at a[(i*n+j)*as].
 * Writes wr[k*ws], wi[k*ws], k<n, in the documented order. *iters = total QR iterations.
 * max_iter_factor: cap = max_iter_factor * n iterations in total (0 → 30, like LAPACK's itmax).
 * Returns EIG_STATUS_OK, EIG_STATUS_NOT_CONVERGED (then all wr/wi set to NaN),
 * or EIG_STATUS_INVALID_INPUT (any NaN/Inf entry; wr/wi set to NaN, nothing else done; or
 * an eigenvalue's real or imaginary part beyond the largest float: wr/wi NaN). */
EIG_HD int EIG_FN(eig_general_eigvals)(int n, eig_real *a, eig_idx as, eig_real *wr, eig_real *wi,
                                       eig_idx ws, int max_iter_factor, int *iters)
{
    const eig_team solo = EIG_TEAM_SOLO_INIT;
    const int st = EIG_FN(eig_general_eigvals_team)(solo, n, a, as, (eig_idx)n * as, wr, wi, ws, max_iter_factor, iters);
    return EIG_FN(eig_gen_overflowed)(st, n, wr, wi, ws);
}

/* Householder tridiagonalisation for block teams whose A is in global
 * memory (block-tridiag): the reflectors of eig_sym_tridiag_reduce_team and
 * eig_herm_tridiag_reduce_team (dsytd2 / zhetd2, lower), with the trailing
 * block kept whole, both triangles, so that every access of a warp is to
 * consecutive entries of one row:
 *  - A u: a member per column i, summing conj(A(j, i)) u_j down the rows;
 *  - the rank-2 update: a member per column, all walking the rows in step.
 *    When a step follows, its reflector is made first (from column k + 1,
 *    updated a member a row), and the update's pass also sums that step's
 *    A u from the entries it writes: one pass over the block a step;
 *  - where the team has two or four members a column, they split its rows
 *    (eig_square_split: the last steps, or every step of a small n).
 *    H200, 2026-11-28, block-tridiag, 132 matrices (one an SM), cycles a
 *    matrix, reduction before / after: Hermitian n = 32 (128 threads)
 *    0.257 M / 0.242 M, n = 64 (128) 0.768 M / 0.633 M, n = 128 (256
 *    threads after, 128 before) 2.59 M / 2.03 M, symmetric n = 128 1.47 M
 *    / 1.31 M; V = Q D Z (eig_bt_pairs_fused_team) Hermitian n = 64
 *    0.335 M / 0.280 M, n = 128 1.35 M / 1.14 M, symmetric n = 128 1.16 M
 *    / 0.99 M (docs/performance.md, "Rows split").
 * The lower-triangle forms read row i by member i and walked each column
 * from its own diagonal down, a cache line per member on every access, in
 * two passes a step. H100, 2026-11-26 18:34 UTC, block-tridiag,
 * device-resident, before / after: Hermitian 180 x 128 reduction 5.7 M /
 * 2.7 M cycles a matrix, with vectors 6.67 / 4.82 ms, values 7.38 / 5.31;
 * symmetric 180 x 128 vectors 4.36 / 3.49; Hermitian 180 x 256 vectors
 * 58.5 / 39.8; symmetric 132 x 512 vectors 204.1 / 159.2
 * (docs/performance.md). The caller's upper triangle is ignored: it is
 * first overwritten with the (conjugated) mirror of the lower one. The
 * mirrored entries then take the same products summed in another order, so
 * the results differ from the lower-triangle forms' by rounding only.
 * Included from tridiag_reduce_impl.h (it needs the norm and reflector
 * helpers above that point). Block teams only (t.block, more than one
 * member; the split takes whole warps, ranks as lanes), with all of eig_tridiag_team_scratch(n): the reductions' slots,
 * then u and w for this step and the next (4 n reals, complex 8 n). */

/* Loads a member issues before it uses them: each batch of them waits out
 * one L2 round trip. */
#ifndef EIG_REDUCE_SQUARE_AHEAD
#define EIG_REDUCE_SQUARE_AHEAD 16
#endif

/* Members a column when a pass walks m columns: where the team has two or
 * four members for each, they split its rows (aligned lane groups, their
 * sums added by shuffles), so that a member's chain of loads is half or a
 * quarter as long; 1 on the host. */
EIG_HD_INLINE int EIG_FN(eig_square_split)(eig_team t, int m)
{
#ifdef __CUDA_ARCH__
    if (t.size % 32) return 1; /* the groups' shuffles need whole warps */
    return t.size >= 4 * m ? 4 : t.size >= 2 * m ? 2 : 1;
#else
    (void)t, (void)m;
    return 1;
#endif
}
/* x summed over each aligned group of h lanes (h = 1, 2, 4), the same sum
 * in every lane of the group: every lane of the warp calls it. */
EIG_HD_INLINE eig_real EIG_FN(eig_lane_group_sum)(eig_real x, int h)
{
#ifdef __CUDA_ARCH__
    for (int o = 1; o < h; o *= 2) x += __shfl_xor_sync(0xffffffffu, x, o);
#else
    (void)h;
#endif
    return x;
}
/* Part `part` of rows lo..n-1 split h ways: rows *ib..*ie-1 (none when
 * *ib >= *ie). */
EIG_HD_INLINE void EIG_FN(eig_square_rows)(int part, int h, int lo, int n, int *ib, int *ie)
{
    const int len = (n - lo + h - 1) / h;
    *ib = lo + part * len, *ie = *ib + len < n ? *ib + len : n;
}
/* Member rank's share of a pass over columns lo..n-1 split h ways
 * (eig_square_split > 1: one column a group, every member at most one):
 * its column *j and rows *ib..*ie-1; 0 when it has none. */
EIG_HD_INLINE int EIG_FN(eig_square_share)(int rank, int h, int lo, int n, int *j, int *ib, int *ie)
{
    *j = lo + rank / h;
    EIG_FN(eig_square_rows)(rank % h, h, lo, n, ib, ie);
    return rank < h * (n - lo);
}

/* Real: column j, rows ib..ie-1 of A22 -= u w^T + w u^T (w over p); with
 * sums, returns the sum of the new entries times un (step k + 1's A u). */
EIG_HD_INLINE eig_real EIG_FN(eig_sym_square_update)(int n, eig_real *a, eig_idx as, int j, int ib, int ie,
                                                     const eig_real *u, const eig_real *p, const eig_real *un,
                                                     int sums)
{
#define EIG_A(i, j) a[((eig_idx)(i) * n + (j)) * as]
#define EIG_AHEAD EIG_REDUCE_SQUARE_AHEAD
    const eig_real uj = u[j], wj = p[j];
    eig_real sum = 0;
    for (int i0 = ib; i0 < ie; i0 += EIG_AHEAD) {
        eig_real x[EIG_AHEAD];
        EIG_UNROLL
        for (int q = 0; q < EIG_AHEAD; q++) x[q] = EIG_A(i0 + q < ie ? i0 + q : ie - 1, j);
        EIG_UNROLL
        for (int q = 0; q < EIG_AHEAD; q++)
            if (i0 + q < ie) {
                const eig_real y = x[q] - (u[i0 + q] * wj + p[i0 + q] * uj);
                EIG_A(i0 + q, j) = y;
                if (sums) sum += y * un[i0 + q];
            }
    }
    return sum;
#undef EIG_A
#undef EIG_AHEAD
}
/* Real: the sum of A(j, i) u_i = A(i, j) u_i over rows ib..ie-1 (A u). */
EIG_HD_INLINE eig_real EIG_FN(eig_sym_square_dot)(int n, const eig_real *a, eig_idx as, int i, int ib, int ie,
                                                  const eig_real *u)
{
#define EIG_AHEAD EIG_REDUCE_SQUARE_AHEAD
    eig_real sum = 0;
    for (int j0 = ib; j0 < ie; j0 += EIG_AHEAD) {
        eig_real x[EIG_AHEAD];
        EIG_UNROLL
        for (int q = 0; q < EIG_AHEAD; q++) x[q] = a[((eig_idx)(j0 + q < ie ? j0 + q : ie - 1) * n + i) * as];
        EIG_UNROLL
        for (int q = 0; q < EIG_AHEAD; q++)
            if (j0 + q < ie) sum += x[q] * u[j0 + q];
    }
    return sum;
#undef EIG_AHEAD
}

EIG_HD void EIG_FN(eig_sym_tridiag_reduce_square_team)(eig_team t, int n, eig_real *a, eig_idx as, eig_real *d,
                                                       eig_idx ds, eig_real *e, eig_idx es, eig_real *tau,
                                                       eig_idx ts, eig_real *scr)
{
#define EIG_A(i, j) a[((eig_idx)(i) * n + (j)) * as]
    eig_real *red = scr, *buf = EIG_FN(eig_team_u_copy)(t, scr);
    eig_real *u = buf, *un = buf + n, *p = buf + 2 * n, *pn = buf + 3 * n; /* this step's and the next's */
    eig_team_sync(t); /* every member is done reading A (the prepare scan) before the mirror overwrites it */
    for (int r = 0; r < n; r++) /* the upper triangle <- the lower's mirror, a row at a time */
        for (int c = r + 1 + t.rank; c < n; c += t.size) EIG_A(r, c) = EIG_A(c, r);
    eig_team_sync(t);
    eig_real tk = 0, beta = 0;
    int ready = 0, have_p = 0; /* step k's reflector / its p made during step k - 1 */
    for (int k = 0; k + 2 < n; k++) {
        const int r0 = k + 1;
        if (!ready) {
            const eig_real xnorm = EIG_FN(eig_col_norm_team)(t, n, a, as, 1, k, r0 + 1, red);
            beta = EIG_A(r0, k), tk = 0, have_p = 0;
            if (xnorm >= EIG_FN(eig_reflector_floor)()) tk = EIG_FN(eig_sym_reflector_team)(t, n, a, as, k, xnorm, u, &beta);
        }
        ready = 0;
        eig_real tn = 0, bn = 0; /* step k + 1's tau and beta, when made here */
        if (tk != 0) {
            if (!have_p) { /* p = tau A22 u: member i sums column i down the rows */
                const int h = EIG_FN(eig_square_split)(t, n - r0);
                if (h == 1)
                    EIG_TEAM_FOR(t, i, r0, n - 1) p[i] = EIG_FN(eig_sym_square_dot)(n, a, as, i, r0, n, u) * tk;
                else {
                    int i, ib, ie;
                    const int mine = EIG_FN(eig_square_share)(t.rank, h, r0, n, &i, &ib, &ie);
                    const eig_real sum = EIG_FN(eig_lane_group_sum)(
                        mine ? EIG_FN(eig_sym_square_dot)(n, a, as, i, ib, ie, u) : EIG_ZERO, h);
                    if (mine && ib == r0) p[i] = sum * tk;
                    eig_team_sync(t); /* p_i was made by another member than the one that reads it next */
                }
            }
            eig_real pu = 0;
            EIG_TEAM_FOR(t, i, r0, n - 1) pu += p[i] * u[i];
            pu = EIG_FN(eig_team_reduce)(t, pu, 0, red);
            const eig_real gamma = tk * pu / 2; /* w = p - (tau/2)(p.u) u, over p */
            EIG_TEAM_FOR(t, i, r0, n - 1) p[i] -= gamma * u[i];
            eig_team_sync(t);
            /* A22 -= u w^T + w u^T. With a step after this one, column r0
             * first (a member a row), step k + 1's reflector from it, then
             * the rest, member j down column j (every member on the same
             * row), summing step k + 1's p_j from the entries it writes */
            const int next = k + 3 < n;
            if (next) {
                EIG_TEAM_FOR(t, i, r0, n - 1) EIG_A(i, r0) -= u[i] * p[r0] + p[i] * u[r0];
                eig_team_sync(t);
                const eig_real xnorm = EIG_FN(eig_col_norm_team)(t, n, a, as, 1, r0, r0 + 2, red);
                bn = EIG_A(r0 + 1, r0);
                if (xnorm >= EIG_FN(eig_reflector_floor)()) tn = EIG_FN(eig_sym_reflector_team)(t, n, a, as, r0, xnorm, un, &bn);
                ready = 1;
            }
            const int lo = next ? r0 + 1 : r0, sums = next && tn != 0, h = EIG_FN(eig_square_split)(t, n - lo);
            if (h == 1)
                EIG_TEAM_FOR(t, j, lo, n - 1) {
                    const eig_real sum = EIG_FN(eig_sym_square_update)(n, a, as, j, lo, n, u, p, un, sums);
                    if (sums) pn[j] = sum * tn;
                }
            else {
                int j, ib, ie;
                const int mine = EIG_FN(eig_square_share)(t.rank, h, lo, n, &j, &ib, &ie);
                const eig_real sum = EIG_FN(eig_lane_group_sum)(
                    mine ? EIG_FN(eig_sym_square_update)(n, a, as, j, ib, ie, u, p, un, sums) : EIG_ZERO, h);
                if (sums && mine && ib == lo) pn[j] = sum * tn;
            }
            have_p = sums;
            eig_team_sync(t);
        }
        if (EIG_TEAM_LEAD(t)) {
            if (tau) tau[k * ts] = tk;
            d[k * ds] = EIG_A(k, k);
            e[k * es] = beta;
        }
        if (ready) { /* step k + 1 takes the reflector and p made here */
            eig_real *x = u;
            u = un, un = x, x = p, p = pn, pn = x;
            tk = tn, beta = bn;
        }
    }
    EIG_FN(eig_sym_tridiag_last_team)(t, n, a, as, d, ds, e, es);
#undef EIG_A
}

/* Complex: EIG_REDUCE_SQUARE_AHEAD entries of column c from row r0 down
 * into xr, xi (rows past ie - 1 read row ie - 1 again: the batch's loads
 * all issue before any is used). */
EIG_HD_INLINE void EIG_FN(eig_herm_square_load)(int n, const eig_real *a, eig_idx as, int c, int r0, int ie,
                                                eig_real *xr, eig_real *xi)
{
    EIG_UNROLL
    for (int q = 0; q < EIG_REDUCE_SQUARE_AHEAD; q++) {
        const eig_idx x = 2 * ((eig_idx)(r0 + q < ie ? r0 + q : ie - 1) * n + c);
        xr[q] = a[x * as], xi[q] = a[(x + 1) * as];
    }
}
/* Complex: column j, rows ib..ie-1 of A22 -= u w^H + w u^H (w over p; the
 * diagonal's imaginary part left as it is, never read); with sums, step
 * k + 1's sum of A(j, i) un_i = conj(A(i, j)) un_i in *sr, *si. */
EIG_HD_INLINE void EIG_FN(eig_herm_square_update)(int n, eig_real *a, eig_idx as, int j, int ib, int ie,
                                                  const eig_real *u, const eig_real *p, const eig_real *un, int sums,
                                                  eig_real *sr_out, eig_real *si_out)
{
#define EIG_RE(i, j) a[(2 * ((eig_idx)(i) * n + (j))) * as]
#define EIG_IM(i, j) a[(2 * ((eig_idx)(i) * n + (j)) + 1) * as]
#define EIG_AHEAD EIG_REDUCE_SQUARE_AHEAD
    const eig_real ujr = u[2 * j], uji = u[2 * j + 1], wjr = p[2 * j], wji = p[2 * j + 1];
    eig_real sr = 0, si = 0;
    for (int i0 = ib; i0 < ie; i0 += EIG_AHEAD) {
        eig_real xr[EIG_AHEAD], xi[EIG_AHEAD];
        EIG_FN(eig_herm_square_load)(n, a, as, j, i0, ie, xr, xi);
        EIG_UNROLL
        for (int q = 0; q < EIG_AHEAD; q++) {
            const int i = i0 + q;
            if (i < ie) {
                const eig_real ur = u[2 * i], ui = u[2 * i + 1], wr = p[2 * i], wi = p[2 * i + 1];
                const eig_real yr = xr[q] - (ur * wjr + ui * wji + wr * ujr + wi * uji);
                const eig_real yi = i == j ? xi[q] : xi[q] - (ui * wjr - ur * wji + wi * ujr - wr * uji);
                EIG_RE(i, j) = yr;
                if (i != j) EIG_IM(i, j) = yi;
                if (sums) {
                    const eig_real vr = un[2 * i], vi = un[2 * i + 1], hi = i == j ? EIG_ZERO : -yi;
                    sr += yr * vr - hi * vi;
                    si += yr * vi + hi * vr;
                }
            }
        }
    }
    *sr_out = sr, *si_out = si;
#undef EIG_RE
#undef EIG_IM
#undef EIG_AHEAD
}
/* Complex: the sum of A(i, j) u_j = conj(A(j, i)) u_j over rows j = ib..ie-1
 * of column i (A u) in *sr, *si. */
EIG_HD_INLINE void EIG_FN(eig_herm_square_dot)(int n, const eig_real *a, eig_idx as, int i, int ib, int ie,
                                               const eig_real *u, eig_real *sr_out, eig_real *si_out)
{
#define EIG_AHEAD EIG_REDUCE_SQUARE_AHEAD
    eig_real sr = 0, si = 0;
    for (int j0 = ib; j0 < ie; j0 += EIG_AHEAD) {
        eig_real xr[EIG_AHEAD], xi[EIG_AHEAD];
        EIG_FN(eig_herm_square_load)(n, a, as, i, j0, ie, xr, xi);
        EIG_UNROLL
        for (int q = 0; q < EIG_AHEAD; q++) {
            const int j = j0 + q;
            if (j < ie) {
                const eig_real ur = u[2 * j], ui = u[2 * j + 1];
                const eig_real hi = j == i ? EIG_ZERO : -xi[q]; /* Im A(i, j); the diagonal is real */
                sr += xr[q] * ur - hi * ui;
                si += xr[q] * ui + hi * ur;
            }
        }
    }
    *sr_out = sr, *si_out = si;
#undef EIG_AHEAD
}

EIG_HD void EIG_FN(eig_herm_tridiag_reduce_square_team)(eig_team t, int n, eig_real *a, eig_idx as, eig_real *d,
                                                        eig_idx ds, eig_real *e, eig_idx es, eig_real *tau,
                                                        eig_idx ts, eig_real *scr)
{
#define EIG_RE(i, j) a[(2 * ((eig_idx)(i) * n + (j))) * as]
#define EIG_IM(i, j) a[(2 * ((eig_idx)(i) * n + (j)) + 1) * as]
    eig_real *red = scr, *buf = EIG_FN(eig_team_u_copy)(t, scr);
    /* u, then w over p, as (re, im) pairs: this step's and the next's */
    eig_real *u = buf, *un = buf + 2 * n, *p = buf + 4 * n, *pn = buf + 6 * n;
    eig_team_sync(t); /* every member is done reading A (the prepare scan) before the mirror overwrites it */
    for (int r = 0; r < n; r++) /* the upper triangle <- the lower's conjugated mirror */
        for (int c = r + 1 + t.rank; c < n; c += t.size) {
            EIG_RE(r, c) = EIG_RE(c, r);
            EIG_IM(r, c) = -EIG_IM(c, r);
        }
    eig_team_sync(t);
    eig_real tk = 0, br = 0, bi = 0;
    int ready = 0, have_p = 0; /* step k's reflector / its p made during step k - 1 */
    for (int k = 0; k + 2 < n; k++) {
        const int r0 = k + 1;
        if (!ready) {
            const eig_real xnorm = EIG_FN(eig_col_norm_team)(t, n, a, as, 2, k, r0 + 1, red);
            br = EIG_RE(r0, k), bi = EIG_IM(r0, k), tk = 0, have_p = 0;
            if (xnorm >= EIG_FN(eig_reflector_floor)())
                tk = EIG_FN(eig_herm_reflector_team)(t, n, a, as, k, xnorm, u, &br, &bi);
        }
        ready = 0;
        eig_real tn = 0, bnr = 0, bni = 0; /* step k + 1's tau and beta, when made here */
        if (tk != 0) {
            if (!have_p) { /* p = tau A22 u: member i sums A(i, j) u_j = conj(A(j, i)) u_j down column i */
                const int h = EIG_FN(eig_square_split)(t, n - r0);
                eig_real sr, si;
                if (h == 1)
                    EIG_TEAM_FOR(t, i, r0, n - 1) {
                        EIG_FN(eig_herm_square_dot)(n, a, as, i, r0, n, u, &sr, &si);
                        p[2 * i] = sr * tk, p[2 * i + 1] = si * tk;
                    }
                else {
                    int i, ib, ie;
                    const int mine = EIG_FN(eig_square_share)(t.rank, h, r0, n, &i, &ib, &ie);
                    sr = si = 0;
                    if (mine) EIG_FN(eig_herm_square_dot)(n, a, as, i, ib, ie, u, &sr, &si);
                    sr = EIG_FN(eig_lane_group_sum)(sr, h), si = EIG_FN(eig_lane_group_sum)(si, h);
                    if (mine && ib == r0) p[2 * i] = sr * tk, p[2 * i + 1] = si * tk;
                    eig_team_sync(t); /* p_i was made by another member than the one that reads it next */
                }
            }
            eig_real pu = 0; /* Re(p^H u) */
            EIG_TEAM_FOR(t, i, r0, n - 1) pu += p[2 * i] * u[2 * i] + p[2 * i + 1] * u[2 * i + 1];
            pu = EIG_FN(eig_team_reduce)(t, pu, 0, red);
            const eig_real gamma = tk * pu / 2; /* w = p - (tau/2)(p^H u) u, over p */
            EIG_TEAM_FOR(t, i, r0, n - 1) {
                p[2 * i] -= gamma * u[2 * i];
                p[2 * i + 1] -= gamma * u[2 * i + 1];
            }
            eig_team_sync(t);
            /* A22 -= u w^H + w u^H, entry (i, j) from u_i, w_i (ur, ui, wr,
             * wi) and u_j, w_j (ujr, uji, wjr, wji); the diagonal's imaginary
             * part is left as it is (never read); column r0 first when a
             * step follows, as in the real form above. */
#define EIG_UPDATE_RE (ur * wjr + ui * wji + wr * ujr + wi * uji)
#define EIG_UPDATE_IM (ui * wjr - ur * wji + wi * ujr - wr * uji)
            const int next = k + 3 < n;
            if (next) {
                const eig_real ujr = u[2 * r0], uji = u[2 * r0 + 1], wjr = p[2 * r0], wji = p[2 * r0 + 1];
                EIG_TEAM_FOR(t, i, r0, n - 1) {
                    const eig_real ur = u[2 * i], ui = u[2 * i + 1], wr = p[2 * i], wi = p[2 * i + 1];
                    EIG_RE(i, r0) -= EIG_UPDATE_RE;
                    if (i != r0) EIG_IM(i, r0) -= EIG_UPDATE_IM;
                }
                eig_team_sync(t);
                const eig_real xnorm = EIG_FN(eig_col_norm_team)(t, n, a, as, 2, r0, r0 + 2, red);
                bnr = EIG_RE(r0 + 1, r0), bni = EIG_IM(r0 + 1, r0);
                if (xnorm >= EIG_FN(eig_reflector_floor)())
                    tn = EIG_FN(eig_herm_reflector_team)(t, n, a, as, r0, xnorm, un, &bnr, &bni);
                ready = 1;
            }
            const int lo = next ? r0 + 1 : r0, sums = next && tn != 0, h = EIG_FN(eig_square_split)(t, n - lo);
            eig_real sr, si;
            if (h == 1)
                EIG_TEAM_FOR(t, j, lo, n - 1) {
                    EIG_FN(eig_herm_square_update)(n, a, as, j, lo, n, u, p, un, sums, &sr, &si);
                    if (sums) pn[2 * j] = sr * tn, pn[2 * j + 1] = si * tn;
                }
            else {
                int j, ib, ie;
                const int mine = EIG_FN(eig_square_share)(t.rank, h, lo, n, &j, &ib, &ie);
                sr = si = 0;
                if (mine) EIG_FN(eig_herm_square_update)(n, a, as, j, ib, ie, u, p, un, sums, &sr, &si);
                sr = EIG_FN(eig_lane_group_sum)(sr, h), si = EIG_FN(eig_lane_group_sum)(si, h);
                if (sums && mine && ib == lo) pn[2 * j] = sr * tn, pn[2 * j + 1] = si * tn;
            }
#undef EIG_UPDATE_RE
#undef EIG_UPDATE_IM
            have_p = sums;
            eig_team_sync(t);
        }
        if (EIG_TEAM_LEAD(t)) {
            if (tau) tau[k * ts] = tk;
            d[k * ds] = EIG_RE(k, k);
            e[2 * (eig_idx)k * es] = br;
            e[(2 * (eig_idx)k + 1) * es] = bi;
        }
        if (ready) { /* step k + 1 takes the reflector and p made here */
            eig_real *x = u;
            u = un, un = x, x = p, p = pn, pn = x;
            tk = tn, br = bnr, bi = bni;
        }
    }
    EIG_FN(eig_herm_tridiag_last_team)(t, n, a, as, d, ds, e, es);
#undef EIG_RE
#undef EIG_IM
}

/* Householder tridiagonalisation for block teams whose A is in global
 * memory (block-tridiag): the reflectors of eig_sym_tridiag_reduce_team and
 * eig_herm_tridiag_reduce_team (dsytd2 / zhetd2, lower), with the trailing
 * block kept whole, both triangles, so that every access of a warp is to
 * consecutive entries of one row:
 *  - A u: a member per column i, summing conj(A(j, i)) u_j down the rows;
 *  - the rank-2 update: a member per column, all walking the rows in step.
 *    When a step follows, its reflector is made first (from column k + 1,
 *    updated a member a row), and the update's pass also sums that step's
 *    A u from the entries it writes: one pass over the block a step.
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
 * member), with all of eig_tridiag_team_scratch(n): the reductions' slots,
 * then u and w for this step and the next (4 n reals, complex 8 n). */

/* Loads a member issues before it uses them: each batch of them waits out
 * one L2 round trip. */
#ifndef EIG_REDUCE_SQUARE_AHEAD
#define EIG_REDUCE_SQUARE_AHEAD 16
#endif

EIG_HD void EIG_FN(eig_sym_tridiag_reduce_square_team)(eig_team t, int n, eig_real *a, eig_idx as, eig_real *d,
                                                       eig_idx ds, eig_real *e, eig_idx es, eig_real *tau,
                                                       eig_idx ts, eig_real *scr)
{
#define EIG_A(i, j) a[((eig_idx)(i) * n + (j)) * as]
#define EIG_AHEAD EIG_REDUCE_SQUARE_AHEAD
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
            if (!have_p) /* p = tau A22 u: member i sums column i down the rows */
                EIG_TEAM_FOR(t, i, r0, n - 1) {
                    eig_real sum = 0;
                    for (int j0 = r0; j0 < n; j0 += EIG_AHEAD) {
                        eig_real x[EIG_AHEAD];
                        EIG_UNROLL
                        for (int q = 0; q < EIG_AHEAD; q++) x[q] = EIG_A(j0 + q < n ? j0 + q : n - 1, i);
                        EIG_UNROLL
                        for (int q = 0; q < EIG_AHEAD; q++)
                            if (j0 + q < n) sum += x[q] * u[j0 + q];
                    }
                    p[i] = sum * tk;
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
            const int lo = next ? r0 + 1 : r0, sums = next && tn != 0;
            EIG_TEAM_FOR(t, j, lo, n - 1) {
                const eig_real uj = u[j], wj = p[j];
                eig_real sum = 0;
                for (int i0 = lo; i0 < n; i0 += EIG_AHEAD) {
                    eig_real x[EIG_AHEAD];
                    EIG_UNROLL
                    for (int q = 0; q < EIG_AHEAD; q++) x[q] = EIG_A(i0 + q < n ? i0 + q : n - 1, j);
                    EIG_UNROLL
                    for (int q = 0; q < EIG_AHEAD; q++)
                        if (i0 + q < n) {
                            const eig_real y = x[q] - (u[i0 + q] * wj + p[i0 + q] * uj);
                            EIG_A(i0 + q, j) = y;
                            if (sums) sum += y * un[i0 + q];
                        }
                }
                if (sums) pn[j] = sum * tn;
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
#undef EIG_AHEAD
}

EIG_HD void EIG_FN(eig_herm_tridiag_reduce_square_team)(eig_team t, int n, eig_real *a, eig_idx as, eig_real *d,
                                                        eig_idx ds, eig_real *e, eig_idx es, eig_real *tau,
                                                        eig_idx ts, eig_real *scr)
{
#define EIG_RE(i, j) a[(2 * ((eig_idx)(i) * n + (j))) * as]
#define EIG_IM(i, j) a[(2 * ((eig_idx)(i) * n + (j)) + 1) * as]
#define EIG_AHEAD EIG_REDUCE_SQUARE_AHEAD
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
            if (!have_p) /* p = tau A22 u: member i sums A(i, j) u_j = conj(A(j, i)) u_j down column i */
                EIG_TEAM_FOR(t, i, r0, n - 1) {
                    eig_real sr = 0, si = 0;
                    for (int j0 = r0; j0 < n; j0 += EIG_AHEAD) {
                        eig_real xr[EIG_AHEAD], xi[EIG_AHEAD];
                        EIG_UNROLL
                        for (int q = 0; q < EIG_AHEAD; q++) {
                            const int j = j0 + q < n ? j0 + q : n - 1;
                            xr[q] = EIG_RE(j, i), xi[q] = EIG_IM(j, i);
                        }
                        EIG_UNROLL
                        for (int q = 0; q < EIG_AHEAD; q++) {
                            const int j = j0 + q;
                            if (j < n) {
                                const eig_real ur = u[2 * j], ui = u[2 * j + 1];
                                const eig_real hi = j == i ? EIG_ZERO : -xi[q]; /* Im A(i, j); the diagonal is real */
                                sr += xr[q] * ur - hi * ui;
                                si += xr[q] * ui + hi * ur;
                            }
                        }
                    }
                    p[2 * i] = sr * tk, p[2 * i + 1] = si * tk;
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
            const int lo = next ? r0 + 1 : r0, sums = next && tn != 0;
            EIG_TEAM_FOR(t, j, lo, n - 1) {
                const eig_real ujr = u[2 * j], uji = u[2 * j + 1], wjr = p[2 * j], wji = p[2 * j + 1];
                eig_real sr = 0, si = 0;
                for (int i0 = lo; i0 < n; i0 += EIG_AHEAD) {
                    eig_real xr[EIG_AHEAD], xi[EIG_AHEAD];
                    EIG_UNROLL
                    for (int q = 0; q < EIG_AHEAD; q++) {
                        const int i = i0 + q < n ? i0 + q : n - 1;
                        xr[q] = EIG_RE(i, j), xi[q] = EIG_IM(i, j);
                    }
                    EIG_UNROLL
                    for (int q = 0; q < EIG_AHEAD; q++) {
                        const int i = i0 + q;
                        if (i < n) {
                            const eig_real ur = u[2 * i], ui = u[2 * i + 1], wr = p[2 * i], wi = p[2 * i + 1];
                            const eig_real yr = xr[q] - EIG_UPDATE_RE;
                            const eig_real yi = i == j ? xi[q] : xi[q] - EIG_UPDATE_IM;
                            EIG_RE(i, j) = yr;
                            if (i != j) EIG_IM(i, j) = yi;
                            if (sums) { /* step k + 1's A(j, i) u_i = conj(A(i, j)) u_i */
                                const eig_real vr = un[2 * i], vi = un[2 * i + 1], hi = i == j ? EIG_ZERO : -yi;
                                sr += yr * vr - hi * vi;
                                si += yr * vi + hi * vr;
                            }
                        }
                    }
                }
                if (sums) pn[2 * j] = sr * tn, pn[2 * j + 1] = si * tn;
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
#undef EIG_AHEAD
}

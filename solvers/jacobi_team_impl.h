/* Cyclic Jacobi a round at a time on a team, for complex Hermitian and real
 * symmetric matrices: the CPU's Hermitian Jacobi (a team of one) and the
 * GPU's block-jacobi kernel run this one source. The round-robin order and
 * the thresholds are jacobi_impl.h's. Precision-generic body: no include
 * guard. */

/* The n'/2 rotations of a round touch disjoint index pairs, and each one's
 * angle depends only on its own 2x2 diagonal block, which no other rotation
 * of the round changes. So a round is computed as a whole: every 2x2 block
 * (I, J) of A becomes J_I^H A_IJ J_J and every row of V its two entries of
 * pair J times J_J, each block and row by one member of the team. The
 * member that computes the entry a_pq of a pair of the next round also
 * decides that pair's rotation (from a_pq and the two new diagonal
 * entries, which it derives from the diagonal's old copy and the round's
 * rotations): one barrier a round. Hence two sets of rotation records and
 * two copies of the diagonal, taking turns; A's own diagonal keeps the
 * input's (the eigenvalues come from the copies). On the host, a team of one, the same loops run in order.
 * With a_pq = r u (r = |a_pq|, |u| = 1) the rotation is J = diag(1, conj
 * u) R, R the real rotation of [[a_pp, r], [r, a_qq]] (Rutishauser's form
 * as eig_sym2x2_rotation, with one reciprocal of r); real matrices have
 * u = +-1. Both triangles of A are kept (A(j, i) = conj A(i, j)), rows lda
 * elements apart; element (i, j), component c at x[((i ld + j) zc + c) xs]. */
#define EIG_JAC(x, ld, xs, zc, i, j, c) (x)[(((eig_idx)(i) * (ld) + (j)) * (zc) + (c)) * (xs)]

/* A pair's rotation record: its indices, what to do (0 nothing, 1 set a_pq
 * to zero, 2 rotate), s, tau = s / (1 + c), the diagonal's shift t r, u. */
#ifndef EIG_JACOBI_RECORD_ONCE
#define EIG_JACOBI_RECORD_ONCE
enum { EIG_JR_P, EIG_JR_Q, EIG_JR_ACT, EIG_JR_S, EIG_JR_TAU, EIG_JR_SHIFT, EIG_JR_UR, EIG_JR_UI, EIG_JR_REC };
#endif

/* The index that meets a in round r (eig_round_robin_pair's circle), and
 * the slot k of its pair. */
EIG_HD_INLINE int EIG_FN(eig_round_robin_partner)(int np, int r, int a)
{
    const int m = np - 1;
    if (a == m) return r;
    if (a == r) return m;
    const int b = 2 * r - a; /* in (-m, 2m): its residue mod m without a division */
    return b < 0 ? b + m : b >= m ? b - m : b;
}

EIG_HD_INLINE int EIG_FN(eig_round_robin_slot)(int np, int r, int a)
{
    const int m = np - 1; /* odd */
    if (a == m || a == r) return 0;
    const int d = a - r < 0 ? a - r + m : a - r;
    return d <= m / 2 ? d : m - d;
}

/* Writes the record of pair (p, q) (rec: EIG_JR_REC reals, stride rs)
 * from a_pp, a_qq and a_pq = (hr, hi); returns 1 when it rotates. The
 * thresholds of eig_jacobi_sweep. */
EIG_HD_INLINE int EIG_FN(eig_jacobi_rotation)(int zc, int p, int q, eig_real app, eig_real aqq, eig_real hr,
                                              eig_real hi, eig_real thresh, eig_real *x, eig_idx rs)
{
    int act = 0;
    eig_real s = 0, tau = 0, shift = 0, ur = 1, ui = 0;
    const eig_real r2 = hr * hr + hi * hi;
    /* |a_pq|: the square root of the sum unless the squares may underflow */
    const eig_real rr = zc == 1 ? EIG_FABS(hr) : r2 >= EIG_SAFMIN / EIG_EPS ? EIG_SQRT(r2) : EIG_HYPOT(hr, hi);
    if (rr == 0) act = 0;
    else if (rr <= EIG_EPS * EIG_SQRT(EIG_FABS(app)) * EIG_SQRT(EIG_FABS(aqq)) || rr < EIG_SAFMIN) act = 1;
    else if (rr < thresh) act = 0;
    else {
        const eig_real inv = 1 / rr, theta = (aqq - app) * ((eig_real)0.5 * inv);
        const eig_real t = EIG_FABS(theta) > 1 / EIG_EPS /* theta^2 would overflow */
                               ? (eig_real)0.5 / theta
                               : EIG_COPYSIGN(EIG_ONE, theta) / (EIG_FABS(theta) + EIG_SQRT(theta * theta + 1));
        const eig_real c = EIG_RSQRT(1 + t * t);
        s = t * c, tau = s / (1 + c), shift = t * rr, act = 2;
        /* u = a_pq / r; a real a_pq gets exactly +-1 (hr * (1 / |hr|) is not
         * exactly 1 for about a sixth of values: a column scaled by 1 + ulp
         * each time, and V's orthogonality ~5x worse) */
        if (hi == 0) ur = EIG_COPYSIGN(EIG_ONE, hr), ui = 0;
        else ur = hr * inv, ui = hi * inv;
    }
    x[EIG_JR_P * rs] = (eig_real)p, x[EIG_JR_Q * rs] = (eig_real)q, x[EIG_JR_ACT * rs] = (eig_real)act;
    x[EIG_JR_S * rs] = s, x[EIG_JR_TAU * rs] = tau, x[EIG_JR_SHIFT * rs] = shift;
    x[EIG_JR_UR * rs] = ur, x[EIG_JR_UI * rs] = ui;
    return act == 2;
}

/* (xp, xq) <- (xp - s (y + tau xp), y + s (xp - tau y)) with y = u xq
 * (ui negated by the caller for conj u): c xp - s y, s xp + c y. */
EIG_HD_INLINE void EIG_FN(eig_jacobi_pair_update)(int zc, eig_real *xp, eig_real *xq, eig_real s, eig_real tau,
                                                  eig_real ur, eig_real ui)
{
    eig_real y[2];
    y[0] = zc == 2 ? ur * xq[0] - ui * xq[1] : ur * xq[0];
    y[1] = zc == 2 ? ur * xq[1] + ui * xq[0] : EIG_ZERO;
    EIG_UNROLL for (int c = 0; c < zc; c++) {
        eig_real g = xp[c];
        xp[c] = g - s * (y[c] + tau * g);
        xq[c] = y[c] + s * (g - tau * y[c]);
    }
}

/* a's diagonal entry after its pair's rotation (ri) of this round. */
EIG_HD_INLINE eig_real EIG_FN(eig_jacobi_new_diag)(const eig_real *d, eig_idx ds, int a, const eig_real *ri, eig_idx rs)
{
    const eig_real x = d[a * ds];
    if ((int)ri[EIG_JR_ACT * rs] != 2) return x;
    return a == (int)ri[EIG_JR_P * rs] ? x - ri[EIG_JR_SHIFT * rs] : x + ri[EIG_JR_SHIFT * rs];
}

/* Block (I, J) of A, I != J: rows of pair I, columns of pair J, and its
 * mirror, become J_I^H A_IJ J_J. An entry of it that pairs its row and
 * column in round r + 1 (r < np - 2) gets that pair's record in nx
 * (d: this round's diagonal). Returns the rotations it decided. */
EIG_HD_INLINE int EIG_FN(eig_jacobi_block)(int n, int zc, eig_real *a, eig_idx as, int lda, const eig_real *d,
                                           eig_idx ds, const eig_real *ri, const eig_real *rj, eig_idx rs, int np,
                                           int r, eig_real thresh, eig_real *nx)
{
    const int acti = (int)ri[EIG_JR_ACT * rs], actj = (int)rj[EIG_JR_ACT * rs];
    const int row[2] = {(int)ri[EIG_JR_P * rs], (int)ri[EIG_JR_Q * rs]};
    const int col[2] = {(int)rj[EIG_JR_P * rs], (int)rj[EIG_JR_Q * rs]};
    eig_real x[2][2][2] = {{{0, 0}, {0, 0}}, {{0, 0}, {0, 0}}}; /* [row][column][component] */
    EIG_UNROLL for (int u = 0; u < 2; u++)
        EIG_UNROLL for (int w = 0; w < 2; w++)
            if (row[u] < n && col[w] < n)
                EIG_UNROLL for (int c = 0; c < zc; c++) x[u][w][c] = EIG_JAC(a, lda, as, zc, row[u], col[w], c);
    if (actj == 2) /* A J_J: each row's two columns, conj u */
        EIG_UNROLL for (int u = 0; u < 2; u++)
            EIG_FN(eig_jacobi_pair_update)(zc, x[u][0], x[u][1], rj[EIG_JR_S * rs], rj[EIG_JR_TAU * rs],
                                           rj[EIG_JR_UR * rs], -rj[EIG_JR_UI * rs]);
    if (acti == 2) /* J_I^H A: each column's two rows, u */
        EIG_UNROLL for (int w = 0; w < 2; w++) {
            eig_real xp[2] = {x[0][w][0], x[0][w][1]}, xq[2] = {x[1][w][0], x[1][w][1]};
            EIG_FN(eig_jacobi_pair_update)(zc, xp, xq, ri[EIG_JR_S * rs], ri[EIG_JR_TAU * rs], ri[EIG_JR_UR * rs],
                                           ri[EIG_JR_UI * rs]);
            EIG_UNROLL for (int c = 0; c < 2; c++) x[0][w][c] = xp[c], x[1][w][c] = xq[c];
        }
    /* the entries that pair their row and column in round r + 1 (at most
     * one a row): gathered first, so that the decision below is one copy
     * of its code however the loops unroll */
    int nfound = 0, fu0 = 0, fw0 = 0, fu1 = 0, fw1 = 0; /* scalars: registers on the GPU */
    EIG_UNROLL for (int u = 0; u < 2; u++) {
        if (row[u] >= n) continue;
        const int mate = r + 1 < np - 1 ? EIG_FN(eig_round_robin_partner)(np, r + 1, row[u]) : -1;
        EIG_UNROLL for (int w = 0; w < 2; w++) {
            if (col[w] >= n) continue;
            if (acti == 2 || actj == 2)
                EIG_UNROLL for (int c = 0; c < zc; c++) {
                    EIG_JAC(a, lda, as, zc, row[u], col[w], c) = x[u][w][c];
                    EIG_JAC(a, lda, as, zc, col[w], row[u], c) = c ? -x[u][w][c] : x[u][w][c];
                }
            if (mate == col[w]) {
                if (nfound) fu1 = u, fw1 = w;
                else fu0 = u, fw0 = w;
                nfound++;
            }
        }
    }
    eig_real fx[2][2]; /* the found entries' values, by constant indices */
    EIG_UNROLL for (int c = 0; c < 2; c++) {
        fx[0][c] = fu0 ? (fw0 ? x[1][1][c] : x[1][0][c]) : (fw0 ? x[0][1][c] : x[0][0][c]);
        fx[1][c] = fu1 ? (fw1 ? x[1][1][c] : x[1][0][c]) : (fw1 ? x[0][1][c] : x[0][0][c]);
    }
    int rotated = 0;
#ifdef __CUDA_ARCH__
#pragma unroll 1
#endif
    for (int f = 0; f < nfound; f++) {
        /* (row, column) is a pair of round r + 1: its rotation, a_pq in
         * the orientation eig_round_robin_pair gives it */
        const int ru = (f ? fu1 : fu0) ? row[1] : row[0], cw = (f ? fw1 : fw0) ? col[1] : col[0];
        int p, q;
        const int k = EIG_FN(eig_round_robin_slot)(np, r + 1, ru);
        EIG_FN(eig_round_robin_pair)(np, r + 1, k, &p, &q);
        const eig_real hr = f ? fx[1][0] : fx[0][0], hi0 = f ? fx[1][1] : fx[0][1];
        const eig_real hi = zc == 2 ? (p == ru ? hi0 : -hi0) : EIG_ZERO;
        const eig_real dr = EIG_FN(eig_jacobi_new_diag)(d, ds, ru, ri, rs);
        const eig_real dc = EIG_FN(eig_jacobi_new_diag)(d, ds, cw, rj, rs);
        rotated += EIG_FN(eig_jacobi_rotation)(zc, p, q, p == ru ? dr : dc, p == ru ? dc : dr, hr, hi, thresh,
                                               nx + (eig_idx)k * EIG_JR_REC * rs, rs);
    }
    return rotated;
}

/* Diagonal block of a pair: its new diagonal into dn (from d), a_pq and
 * a_qp zero once rotated (or negligible). */
EIG_HD_INLINE void EIG_FN(eig_jacobi_diag)(int n, int zc, eig_real *a, eig_idx as, int lda, const eig_real *d,
                                           eig_real *dn, eig_idx ds, const eig_real *ri, eig_idx rs)
{
    const int act = (int)ri[EIG_JR_ACT * rs], p = (int)ri[EIG_JR_P * rs], q = (int)ri[EIG_JR_Q * rs];
    if (p < n) dn[p * ds] = EIG_FN(eig_jacobi_new_diag)(d, ds, p, ri, rs);
    if (q < n) dn[q * ds] = EIG_FN(eig_jacobi_new_diag)(d, ds, q, ri, rs);
    if (act != 0)
        for (int c = 0; c < zc; c++) EIG_JAC(a, lda, as, zc, p, q, c) = 0, EIG_JAC(a, lda, as, zc, q, p, c) = 0;
}

/* Row i of V times J_J (pair J's two columns). */
EIG_HD_INLINE void EIG_FN(eig_jacobi_v_row)(int zc, eig_real *v, eig_idx vs, int ldv, int i, const eig_real *rj,
                                            eig_idx rs)
{
    if ((int)rj[EIG_JR_ACT * rs] != 2) return;
    const int p = (int)rj[EIG_JR_P * rs], q = (int)rj[EIG_JR_Q * rs];
    eig_real xp[2] = {0, 0}, xq[2] = {0, 0};
    for (int c = 0; c < zc; c++) xp[c] = EIG_JAC(v, ldv, vs, zc, i, p, c), xq[c] = EIG_JAC(v, ldv, vs, zc, i, q, c);
    EIG_FN(eig_jacobi_pair_update)(zc, xp, xq, rj[EIG_JR_S * rs], rj[EIG_JR_TAU * rs], rj[EIG_JR_UR * rs],
                                   -rj[EIG_JR_UI * rs]);
    for (int c = 0; c < zc; c++) EIG_JAC(v, ldv, vs, zc, i, p, c) = xp[c], EIG_JAC(v, ldv, vs, zc, i, q, c) = xq[c];
}

/* Off-diagonal sum of squares (A's upper triangle doubled), the total
 * with the diagonal d, and the off-diagonal sum of moduli (eig_jacobi_norms);
 * every member gets them. */
EIG_HD void EIG_FN(eig_jacobi_norms_team)(eig_team t, int n, int zc, const eig_real *a, eig_idx as, int lda,
                                          const eig_real *d, eig_idx ds, eig_real *red, eig_real *off2, eig_real *fro2,
                                          eig_real *offsum)
{
    eig_real o = 0, f = 0, sa = 0;
    EIG_TEAM_FOR(t, idx, 0, n * n - 1) {
        const int i = idx / n, j = idx - i * n;
        if (j < i) continue;
        if (j == i) {
            f += d[i * ds] * d[i * ds];
            continue;
        }
        eig_real xr = EIG_JAC(a, lda, as, zc, i, j, 0), xi = zc == 2 ? EIG_JAC(a, lda, as, zc, i, j, 1) : EIG_ZERO;
        eig_real x2 = xr * xr + xi * xi;
        o += 2 * x2, sa += EIG_SQRT(x2);
    }
    *off2 = EIG_FN(eig_team_reduce)(t, o, 0, red);
    *fro2 = EIG_FN(eig_team_reduce)(t, f, 0, red) + *off2;
    *offsum = EIG_FN(eig_team_reduce)(t, sa, 0, red);
}

/* Team scratch of eig_jacobi_team (reals): two sets of (n + 1) / 2 rotation
 * records, two copies of the diagonal. */
EIG_HD int EIG_FN(eig_jacobi_team_scratch)(int n) { return 2 * ((n + 1) / 2) * EIG_JR_REC + 2 * n; }

/* Eigenvalues (ascending, w) and, when v, orthonormal eigenvectors (columns
 * of v, rows ldv elements apart) of the Hermitian (zc = 2) or symmetric
 * matrix whose lower triangle is in a (rows lda elements apart; all of a is
 * overwritten). Every entry checked (NaN/Inf: invalid input), the
 * power-of-two scaling of eig_dense_prepare, the imaginary parts of the
 * diagonal taken as zero, the sweeps, thresholds and convergence test of
 * eig_sym_jacobi. scr: eig_jacobi_team_scratch reals (stride rs), red: 32
 * reals of team scratch (block teams). *sweeps = sweeps performed. */
EIG_HD_INLINE int EIG_FN(eig_jacobi_team)(eig_team t, int n, int zc, eig_real *a, eig_idx as, int lda, eig_real *w,
                                   eig_idx ws, eig_real *v, eig_idx vs, int ldv, eig_real *scr, eig_idx rs,
                                   eig_real *red, int max_sweeps, int *sweeps)
{
    const int np = n + (n & 1), npairs = np / 2, cap = max_sweeps > 0 ? max_sweeps : 30;
    /* blocks (I, J), J <= I, folded into (P2 / 2) rows of P2 + 1 (row k and row P2 - 1 - k) */
    const int P2 = npairs + (npairs & 1), nblocks = P2 / 2 * (P2 + 1);
    eig_real *rec = scr, *nrec = scr + (eig_idx)npairs * EIG_JR_REC * rs;
    eig_real *d = nrec + (eig_idx)npairs * EIG_JR_REC * rs, *dn = d + (eig_idx)n * rs;
    /* this member's first block and V row items and its steps (the loops below divide nothing) */
    const int fr0 = t.rank / (P2 + 1), fc0 = t.rank % (P2 + 1), fr_step = t.size / (P2 + 1),
              fc_step = t.size % (P2 + 1);
    const int vj0 = n ? t.rank / n : 0, vi0 = n ? t.rank % n : 0, vj_step = n ? t.size / n : 0,
              vi_step = n ? t.size % n : 0;
    int done = 0, st = EIG_STATUS_NOT_CONVERGED;
    *sweeps = 0;
    eig_real big = 0;
    int bad = 0;
    EIG_TEAM_FOR(t, idx, 0, n * n - 1) {
        const int i = idx / n, j = idx - i * n;
        for (int c = 0; c < zc; c++) {
            eig_real x = EIG_JAC(a, lda, as, zc, i, j, c);
            if (!EIG_ISFINITE(x)) bad = 1;
            else if (EIG_FABS(x) > big) big = EIG_FABS(x);
        }
    }
    big = EIG_FN(eig_team_reduce)(t, bad ? (eig_real)INFINITY : big, 1, red);
    const eig_real sigma = big <= EIG_RMAX ? EIG_FN(eig_safe_scale)(big) : EIG_ONE;
    if (!(big <= EIG_RMAX)) {
        st = EIG_STATUS_INVALID_INPUT;
        goto fail;
    }
    /* the lower triangle, scaled, mirrored (each member writes only the
     * mirrors of the entries it reads); the diagonal's real parts to d */
    EIG_TEAM_FOR(t, idx, 0, n * n - 1) {
        const int i = idx / n, j = idx - i * n;
        if (j > i) continue;
        eig_real x[2] = {EIG_JAC(a, lda, as, zc, i, j, 0) * sigma,
                         zc == 2 ? EIG_JAC(a, lda, as, zc, i, j, 1) * sigma : 0};
        if (i == j) x[1] = 0, d[i * rs] = x[0];
        for (int c = 0; c < zc; c++) {
            EIG_JAC(a, lda, as, zc, i, j, c) = x[c];
            EIG_JAC(a, lda, as, zc, j, i, c) = c ? -x[c] : x[c];
        }
    }
    if (v)
        EIG_TEAM_FOR(t, idx, 0, n * n - 1)
            for (int c = 0; c < zc; c++)
                EIG_JAC(v, ldv, vs, zc, idx / n, idx % n, c) = (c == 0 && idx / n == idx % n) ? EIG_ONE : EIG_ZERO;
    eig_team_sync(t);
    for (;;) {
        eig_real off2, fro2, offsum;
        EIG_FN(eig_jacobi_norms_team)(t, n, zc, a, as, lda, d, rs, red, &off2, &fro2, &offsum);
        if (off2 <= EIG_EPS * EIG_EPS * fro2) { st = EIG_STATUS_OK; break; }
        if (done >= cap) break;
        const eig_real thresh = done < 3 ? (eig_real)0.2 * offsum / ((eig_real)n * n) : EIG_ZERO;
        int mine = 0; /* rotations this member decided */
        EIG_TEAM_FOR(t, k, 0, npairs - 1) { /* round 0's rotations; each round decides the next one's */
            int p, q;
            EIG_FN(eig_round_robin_pair)(np, 0, k, &p, &q);
            const int real = p < n && q < n;
            mine += EIG_FN(eig_jacobi_rotation)(zc, p, q, real ? d[p * rs] : 0, real ? d[q * rs] : 0,
                                                real ? EIG_JAC(a, lda, as, zc, p, q, 0) : 0,
                                                real && zc == 2 ? EIG_JAC(a, lda, as, zc, p, q, 1) : 0, thresh,
                                                rec + (eig_idx)k * EIG_JR_REC * rs, rs);
        }
        eig_team_sync(t);
        for (int r = 0; r < np - 1; r++) {
            /* item = fr (P2 + 1) + fc, stepped without a division */
            for (int item = t.rank, fr = fr0, fc = fc0; item < nblocks;
                 item += t.size, fr += fr_step, fc += fc_step, fr += fc > P2, fc -= fc > P2 ? P2 + 1 : 0) {
                const int bi = fc <= fr ? fr : P2 - 1 - fr, bj = fc <= fr ? fc : fc - fr - 1;
                if (bi >= npairs) continue; /* the fold's padding row (odd pair count) */
                const eig_real *ri = rec + (eig_idx)bi * EIG_JR_REC * rs, *rj = rec + (eig_idx)bj * EIG_JR_REC * rs;
                if (bi == bj) EIG_FN(eig_jacobi_diag)(n, zc, a, as, lda, d, dn, rs, ri, rs);
                else mine += EIG_FN(eig_jacobi_block)(n, zc, a, as, lda, d, rs, ri, rj, rs, np, r, thresh, nrec);
            }
            /* odd n: the next round's pair of the missing index rotates nothing */
            if ((n & 1) && r + 1 < np - 1 && EIG_TEAM_LEAD(t))
                (void)EIG_FN(eig_jacobi_rotation)(zc, np - 1, r + 1, 0, 0, 0, 0, thresh, nrec, rs);
            if (v) /* item = J n + i, stepped likewise */
                for (int item = t.rank, vj = vj0, vi = vi0; item < npairs * n;
                     item += t.size, vj += vj_step, vi += vi_step, vj += vi >= n, vi -= vi >= n ? n : 0)
                    EIG_FN(eig_jacobi_v_row)(zc, v, vs, ldv, vi, rec + (eig_idx)vj * EIG_JR_REC * rs, rs);
            eig_team_sync(t);
            eig_real *x = rec; /* the next round's records and diagonal */
            rec = nrec, nrec = x, x = d, d = dn, dn = x;
        }
        done++;
        const eig_real rotations = EIG_FN(eig_team_reduce)(t, (eig_real)mine, 0, red);
        if (rotations == 0 && thresh == 0) { st = EIG_STATUS_OK; break; }
    }
    *sweeps = done;
    if (st == EIG_STATUS_OK && EIG_FN(eig_unscale_overflows)(n, d, rs, sigma))
        st = EIG_STATUS_INVALID_INPUT; /* an eigenvalue beyond the largest float */
    if (st != EIG_STATUS_OK) goto fail;
    EIG_TEAM_FOR(t, k, 0, n - 1) w[k * ws] = d[k * rs] / sigma;
    eig_team_sync(t);
    EIG_FN(eig_sort_ascending_team)(t, n, w, ws, v, (eig_idx)ldv * zc * vs, (eig_idx)zc * vs, vs, zc);
    return EIG_STATUS_OK;
fail:
    eig_team_sync(t);
    EIG_TEAM_FOR(t, k, 0, n - 1) w[k * ws] = EIG_ZERO / EIG_ZERO;
    if (v)
        EIG_TEAM_FOR(t, idx, 0, n * n - 1)
            for (int c = 0; c < zc; c++) EIG_JAC(v, ldv, vs, zc, idx / n, idx % n, c) = EIG_ZERO / EIG_ZERO;
    eig_team_sync(t);
    return st;
}

/* Complex Hermitian eigenvalues and vectors by cyclic Jacobi, on the host
 * or one thread: the team solver with a team of one. work: its scratch
 * (eig_herm_jacobi_work reals, stride wks). */
EIG_HD int EIG_FN(eig_herm_jacobi_work)(int n) { return EIG_FN(eig_jacobi_team_scratch)(n); }

EIG_HD int EIG_FN(eig_herm_jacobi)(int n, eig_real *a, eig_idx as, eig_real *w, eig_idx ws, eig_real *v, eig_idx vs,
                                   eig_real *work, eig_idx wks, int max_sweeps, int *sweeps)
{
    eig_team solo = EIG_TEAM_SOLO_INIT;
    int done = 0;
    if (n < 0 || !a) { /* the failure contract: every output NaN */
        if (sweeps) *sweeps = 0;
        if (n > 0) {
            EIG_FN(eig_fill_nan)(n, w, ws);
            EIG_FN(eig_fill_nan)(2 * (eig_idx)n * n, v, vs);
        }
        return EIG_STATUS_INVALID_INPUT;
    }
    int st = EIG_FN(eig_jacobi_team)(solo, n, 2, a, as, n, w, ws, v, vs, n, work, wks, 0, max_sweeps, &done);
    if (sweeps) *sweeps = done;
    return st;
}
#undef EIG_JAC

/* The eigenvectors of a dense symmetric or Hermitian matrix from those of
 * its tridiagonal: V = Q D Z, Q = H_0 ... H_{n-3} the reduction's
 * reflectors (left in A below the subdiagonal, tau apart), D the unitary
 * diagonal of eig_herm_realify (identity for the real family), Z real.
 * zc = 1 (real) or 2 (complex: V's and A's entries are re, im pairs).
 * Precision-generic body, included from tridiag_reduce_impl.h after the
 * forming of Q that it falls back on. */

/* Entry (i, j), component c, of the row-major n x n matrix m (stride s). */
#define EIG_BT_EL(m, s, i, j, c) (m)[((((eig_idx)(i) * n + (j)) * zc) + (c)) * (s)]

/* The vectors of pair (k, k - 1) into u and w (re, im a row, rows k..n-1):
 * u = u_k (u_k = 0, then 1, then A's column k), w = u_{k-1} (1, then
 * column k - 1; zero when k = 0: H_0 alone). Returns c = w^H u in *cr, *ci
 * (every member); ends on a team sync. */
EIG_HD void EIG_FN(eig_bt_pair_vectors_team)(eig_team t, int n, int zc, const eig_real *a, eig_idx as, int k,
                                             eig_real *u, eig_real *w, eig_real *red, eig_real *cr, eig_real *ci)
{
    EIG_TEAM_FOR(t, i, k, n - 1) {
        u[2 * i] = i == k ? EIG_ZERO : i == k + 1 ? EIG_ONE : EIG_BT_EL(a, as, i, k, 0);
        u[2 * i + 1] = i <= k + 1 || zc == 1 ? EIG_ZERO : EIG_BT_EL(a, as, i, k, 1);
        w[2 * i] = k < 1 ? EIG_ZERO : i == k ? EIG_ONE : EIG_BT_EL(a, as, i, k - 1, 0);
        w[2 * i + 1] = k < 1 || i == k || zc == 1 ? EIG_ZERO : EIG_BT_EL(a, as, i, k - 1, 1);
    }
    eig_team_sync(t);
    eig_real sr = 0, si = 0;
    EIG_TEAM_FOR(t, i, k + 1, n - 1) {
        sr += w[2 * i] * u[2 * i] + w[2 * i + 1] * u[2 * i + 1];
        si += w[2 * i] * u[2 * i + 1] - w[2 * i + 1] * u[2 * i];
    }
    *cr = EIG_FN(eig_team_reduce)(t, sr, 0, red);
    *ci = EIG_FN(eig_team_reduce)(t, si, 0, red);
}

/* V <- Q V by pairs of reflectors (k, k - 1), k = n - 3, n - 5, ..., each
 * V_j -= s1 u + s2 w with s1 = tau_k u^H V_j, s2 = tau_{k-1} (w^H V_j -
 * s1 w^H u), as eig_herm_form_q_pair_team (a zero tau makes its half a
 * no-op). A member per column (t.size >= n; h members splitting its rows
 * where the team has two or four a column, their sums added by shuffles:
 * eig_square_split), and one pass over V a pair:
 * the pass that updates rows k.. also sums the next pair's u^H V_j and
 * w^H V_j from the entries it writes (rows k - 2, k - 1, which this pair
 * leaves alone, read first, by part 0: with h = 1 the sums keep their
 * order). The next pair's vectors are made before the pass, into the
 * other half of the scratch. Forming Q passed over V twice a reflector
 * pair, the dots and then the update. Block teams of whole warps with all
 * of eig_tridiag_team_scratch(n). h is a constant in each of
 * eig_bt_pairs_fused_team's calls: with h a variable the unsplit pass
 * (128 threads at n = 128) took 1.53 M cycles a matrix instead of 1.35 M
 * (H200, 2026-11-28). */
EIG_HD_INLINE void EIG_FN(eig_bt_pairs_fused_h)(eig_team t, int n, int zc, const eig_real *a, eig_idx as,
                                                const eig_real *tau, eig_idx ts, eig_real *v, eig_idx vs,
                                                eig_real *scr, const int h)
{
#define EIG_AHEAD EIG_REDUCE_SQUARE_AHEAD
    eig_real *red = scr, *buf = EIG_FN(eig_team_u_copy)(t, scr);
    eig_real *u = buf, *w = buf + 2 * n, *un = buf + 4 * n, *wn = buf + 6 * n;
    const int j = t.rank / h, part = t.rank % h, mine = t.rank < h * n; /* h members a column */
    int k = n - 3, ib, ie;
    eig_real cr, ci, ar = 0, ai = 0, br = 0, bi = 0; /* c = w^H u; u^H V_j, w^H V_j */
    EIG_FN(eig_bt_pair_vectors_team)(t, n, zc, a, as, k, u, w, red, &cr, &ci);
    EIG_FN(eig_square_rows)(part, h, k, n, &ib, &ie); /* this member's rows of k..n-1 */
    if (mine)
        for (int i = ib; i < ie; i++) {
            const eig_real xr = EIG_BT_EL(v, vs, i, j, 0), xi = zc == 2 ? EIG_BT_EL(v, vs, i, j, 1) : EIG_ZERO;
            ar += u[2 * i] * xr + u[2 * i + 1] * xi, ai += u[2 * i] * xi - u[2 * i + 1] * xr;
            br += w[2 * i] * xr + w[2 * i + 1] * xi, bi += w[2 * i] * xi - w[2 * i + 1] * xr;
        }
    ar = EIG_FN(eig_lane_group_sum)(ar, h), ai = EIG_FN(eig_lane_group_sum)(ai, h);
    br = EIG_FN(eig_lane_group_sum)(br, h), bi = EIG_FN(eig_lane_group_sum)(bi, h);
    for (;;) {
        const eig_real tk = tau[k * ts], tk1 = k >= 1 ? tau[(k - 1) * ts] : EIG_ZERO;
        const eig_real s1r = tk * ar, s1i = tk * ai;
        const eig_real s2r = tk1 * (br - (s1r * cr - s1i * ci)), s2i = tk1 * (bi - (s1r * ci + s1i * cr));
        const int kn = k - 2, next = kn >= 0;
        eig_real cnr = 0, cni = 0, anr = 0, ani = 0, bnr = 0, bni = 0;
        if (next) EIG_FN(eig_bt_pair_vectors_team)(t, n, zc, a, as, kn, un, wn, red, &cnr, &cni);
        EIG_FN(eig_square_rows)(part, h, k, n, &ib, &ie);
        if (mine) {
            if (next && part == 0) /* rows kn, kn + 1: not this pair's */
                for (int i = kn; i < k; i++) {
                    const eig_real xr = EIG_BT_EL(v, vs, i, j, 0), xi = zc == 2 ? EIG_BT_EL(v, vs, i, j, 1) : EIG_ZERO;
                    anr += un[2 * i] * xr + un[2 * i + 1] * xi, ani += un[2 * i] * xi - un[2 * i + 1] * xr;
                    bnr += wn[2 * i] * xr + wn[2 * i + 1] * xi, bni += wn[2 * i] * xi - wn[2 * i + 1] * xr;
                }
            for (int i0 = ib; i0 < ie; i0 += EIG_AHEAD) {
                eig_real xr[EIG_AHEAD], xi[EIG_AHEAD];
                EIG_UNROLL
                for (int q = 0; q < EIG_AHEAD; q++) {
                    const int i = i0 + q < ie ? i0 + q : ie - 1;
                    xr[q] = EIG_BT_EL(v, vs, i, j, 0), xi[q] = zc == 2 ? EIG_BT_EL(v, vs, i, j, 1) : EIG_ZERO;
                }
                EIG_UNROLL
                for (int q = 0; q < EIG_AHEAD; q++) {
                    const int i = i0 + q;
                    if (i < ie) {
                        const eig_real ur = u[2 * i], ui = u[2 * i + 1], wr = w[2 * i], wi = w[2 * i + 1];
                        const eig_real yr = xr[q] - ((s1r * ur - s1i * ui) + (s2r * wr - s2i * wi));
                        const eig_real yi = xi[q] - ((s1r * ui + s1i * ur) + (s2r * wi + s2i * wr));
                        EIG_BT_EL(v, vs, i, j, 0) = yr;
                        if (zc == 2) EIG_BT_EL(v, vs, i, j, 1) = yi;
                        if (next) {
                            const eig_real pr = un[2 * i], pi = un[2 * i + 1], qr = wn[2 * i], qi = wn[2 * i + 1];
                            anr += pr * yr + pi * yi, ani += pr * yi - pi * yr;
                            bnr += qr * yr + qi * yi, bni += qr * yi - qi * yr;
                        }
                    }
                }
            }
        }
        if (next) {
            anr = EIG_FN(eig_lane_group_sum)(anr, h), ani = EIG_FN(eig_lane_group_sum)(ani, h);
            bnr = EIG_FN(eig_lane_group_sum)(bnr, h), bni = EIG_FN(eig_lane_group_sum)(bni, h);
        }
        eig_team_sync(t); /* all are done with u and w before they take the pair after next */
        if (!next) break;
        eig_real *x = u;
        u = un, un = x, x = w, w = wn, wn = x;
        k = kn, cr = cnr, ci = cni, ar = anr, ai = ani, br = bnr, bi = bni;
    }
#undef EIG_AHEAD
}
EIG_HD void EIG_FN(eig_bt_pairs_fused_team)(eig_team t, int n, int zc, const eig_real *a, eig_idx as,
                                            const eig_real *tau, eig_idx ts, eig_real *v, eig_idx vs, eig_real *scr)
{
    if (n < 3) return;
    const int h = EIG_FN(eig_square_split)(t, n);
    if (h == 1) EIG_FN(eig_bt_pairs_fused_h)(t, n, zc, a, as, tau, ts, v, vs, scr, 1);
    else if (h == 2) EIG_FN(eig_bt_pairs_fused_h)(t, n, zc, a, as, tau, ts, v, vs, scr, 2);
    else EIG_FN(eig_bt_pairs_fused_h)(t, n, zc, a, as, tau, ts, v, vs, scr, 4);
}

/* V <- Q D Z for the tridiagonal's eigenvectors Z (real, element (k, j) at
 * z[k zr + j zk]) and D's phases at ph (stride phs; NULL: D = I): V = D Z
 * first, then the reflectors applied to it, over all n columns. Forming Q
 * from the identity and then multiplying by Z took two passes of n^3; this
 * is one, on the same chain of steps (a member, or two or four, a column), and for a block
 * team of at least n members the steps themselves pass over V once
 * (eig_bt_pairs_fused_team), else as forming Q applies them (pairs, with
 * the team scratch). Block-tridiag, device-resident, Hermitian 180 x 128
 * with vectors, cycles a matrix: Q, V D and V Z 2.21 M; V = Q D Z by
 * forming Q's steps 1.45 M (H200, 2026-11-26 18:43 UTC); fused 1.26 M
 * (H100, 18:52; docs/performance.md). ph may lie in V (it is read first). */
EIG_HD void EIG_FN(eig_back_transform_team)(eig_team t, int n, int zc, const eig_real *a, eig_idx as,
                                            const eig_real *tau, eig_idx ts, eig_real *v, eig_idx vs, const eig_real *z,
                                            eig_idx zr, eig_idx zk, const eig_real *ph, eig_idx phs, eig_real *scr)
{
    eig_real *d = EIG_FN(eig_team_u_copy)(t, scr); /* D's phases, before the reflectors use the scratch */
    if (ph) {
        EIG_TEAM_FOR(t, j, 0, 2 * n - 1) d[j] = ph[j * phs];
        eig_team_sync(t);
    }
    for (eig_idx x = t.rank; x < (eig_idx)n * n; x += t.size) { /* V = D Z, each member a column's run of rows */
        const int i = (int)(x % n), j = (int)(x / n);
        const eig_real zij = z[i * zr + j * zk];
        EIG_BT_EL(v, vs, i, j, 0) = ph ? d[2 * i] * zij : zij;
        if (zc == 2) EIG_BT_EL(v, vs, i, j, 1) = ph ? d[2 * i + 1] * zij : EIG_ZERO;
    }
    eig_team_sync(t);
    if (t.block && t.size >= n && scr) EIG_FN(eig_bt_pairs_fused_team)(t, n, zc, a, as, tau, ts, v, vs, scr);
    else if (zc == 1) EIG_FN(eig_sym_form_q_team)(t, n, a, as, tau, ts, v, vs, scr, 1, 1);
    else EIG_FN(eig_herm_form_q_team)(t, n, a, as, tau, ts, v, vs, scr, 1, 1);
}
#undef EIG_BT_EL

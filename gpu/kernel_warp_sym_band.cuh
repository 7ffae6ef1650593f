/* ---- warp-sym, values only: the tridiagonal in two stages (band, then chase) ----
 * The one-stage reduction (warp_sym_reduce) streams the trailing block from
 * L2/DRAM once for every reflector: n passes a matrix, each a chain of
 * memory round trips (H100, 10,000 x 128: 11 MB of DRAM reads a matrix for
 * a 128 KB matrix, the DRAM at a third of its rate). Values need no Q, so
 * here the matrix goes first to a band of half-width NB, a panel of NB
 * columns at a time, with one pass over the trailing block a panel; then
 * the band, in shared memory, to tridiagonal by Givens rotations chased
 * down the band (Schwarz's algorithm, as LAPACK's dsbtrd). Both stages are
 * orthogonal similarities: the eigenvalues are those of A to the same
 * backward error as the one-stage reduction.
 *
 * Stage 1, panel p (rows s = p NB .. s + NB - 1, the part right of the
 * band: columns s + NB ..):
 *   - the panel's rows get the previous panel's update (A -= V W^T + W V^T);
 *   - their NB x NB diagonal block goes to the band (A's lower triangle);
 *   - an LQ of the rows' right part (dgeqrf's reflectors on the transpose:
 *     lane = column, the rows in registers) gives V (shared memory, one
 *     row per reflector, unit entry at s + NB + q) and the triangle R that
 *     joins the band below the diagonal block;
 *   - one pass over the trailing block (rows and columns s + NB ..) applies
 *     the previous panel's update and makes X = A22 V from the updated
 *     entries (a lane's columns two at a time, ROWS rows' loads ahead);
 *   - T as dlarft (after the pass, which does not use it);
 *   - W = X T - V (T^T V^T X T) / 2, so that Q^T A22 Q = A22 - V W^T - W V^T
 *     (Q = I - V T V^T), into the panel's rows right of the band (free
 *     once the rows are in V); its update waits for the next panel's pass.
 * The storage is the full square, both triangles (the lower one mirrored
 * first), so the panel is read as rows and the pass is coalesced.
 * H100, 2026-11-26 (docs/performance.md, "Values through a band"), 10,000
 * x 128: DRAM reads 5.4 -> 1.7 MB a matrix, the reduction 14.7 M -> 7.4 M
 * cycles a matrix and the chase 2.1 M; values only 50.96 -> 40.17 ms.
 * Per precision body, included from kernel_warp_sym.cuh. */
#ifndef EIG_WARP_SYM_BAND_ONCE
#define EIG_WARP_SYM_BAND_ONCE
/* The band's half-width (reflectors a panel) and the rows a pass loads
 * ahead. */
#define EIG_WARP_SYM_BAND_NB 4
#define EIG_WARP_SYM_BAND_ROWS 4
/* Rotations of the chase's sweep that starts at plane p0: ceil((n - 1 - p0) / NB). */
template <int NB> __device__ __forceinline__ int warp_sym_chase_len(int n, int p0) { return (n - 2 - p0 + NB) / NB; }
__device__ __forceinline__ double ws_rhypot(double x, double y) { return rhypot(x, y); }
__device__ __forceinline__ float ws_rhypot(float x, float y) { return rhypotf(x, y); }
__device__ __forceinline__ double ws_fma(double x, double y, double z) { return fma(x, y, z); }
__device__ __forceinline__ float ws_fma(float x, float y, float z) { return fmaf(x, y, z); }
/* Whole-warp sums of K values at once (their shuffles interleave). */
template <int K, typename T> __device__ __forceinline__ void ws_sum_k(T (&v)[K])
{
    EIG_UNROLL
    for (int off = 16; off; off >>= 1)
        EIG_UNROLL
        for (int k = 0; k < K; k++) v[k] += __shfl_xor_sync(0xffffffffu, v[k], off);
}
#endif

/* 2-norm over the warp of x (a lane's entries, zero where out of range):
 * eig_col_norm_team's rule (the plain sum of squares when it can be
 * trusted, else scaled by the largest entry). */
template <int COLS>
__device__ __forceinline__ eig_real EIG_FN(ws_norm)(const eig_team &t, const eig_real (&x)[COLS])
{
    eig_real sum = 0, big = 0;
    EIG_UNROLL
    for (int c = 0; c < COLS; c++) sum += x[c] * x[c];
    sum = EIG_FN(eig_team_reduce)(t, sum, 0, 0);
    if (EIG_SUMSQ_SAFE(sum)) return EIG_SQRT(sum);
    EIG_UNROLL
    for (int c = 0; c < COLS; c++) big = EIG_FABS(x[c]) > big ? EIG_FABS(x[c]) : big;
    big = EIG_FN(eig_team_reduce)(t, big, 1, 0);
    if (big == 0) return 0;
    sum = 0;
    EIG_UNROLL
    for (int c = 0; c < COLS; c++) sum += (x[c] / big) * (x[c] / big);
    return big * EIG_SQRT(EIG_FN(eig_team_reduce)(t, sum, 0, 0));
}

/* The pass of panel s (rows s..s + NB - 1; see the top): the trailing
 * block's rows and columns r0 = s + NB.. get the pending panel's update
 * (PEND; its V as warp_sym_band_reduce keeps it, its W in rows so + k),
 * and X = A22 U (U: this panel's V, vn) goes to rows s + k, which the pass
 * does not read (the lanes read each other's X after the caller's sync).
 * A lane's columns two at a time, ROWS rows' loads ahead. The loop is
 * written for few instructions a row (H100 SASS before: 423 a group of
 * four rows, a third of them 64-bit index arithmetic and zeroing selects;
 * now 295): row pointers stepped by n; a lane whose column is out of
 * range reads a column the pass does not write instead of a guarded load
 * (its own column left of r0, or column r0 - 1 past n: finite entries of
 * A, read and never stored; such a lane's X is not written); the update
 * as two fused multiply-adds a reflector; an instance of its own for the
 * first panel, which has nothing pending; the column pairs' loop not
 * unrolled (unrolling it spilled their registers into the row loop).
 * H100, 2026-11-26 13:41 (docs/performance.md, "Values through the band:
 * the pass, the chase, the copy"), values only, 10,000 x 96 / 128: 18.02
 * -> 15.99 / 31.11 -> 29.43 ms; n = 192, 256 unchanged within 1 %. */
template <int COLS, int NB, int VS, int PEND>
__device__ __forceinline__ void EIG_FN(warp_sym_band_pass)(int lane, int n, eig_real *a, int s, int so,
                                                            const eig_real *vn, const eig_real *vo)
{
    constexpr int ROWS = EIG_WARP_SYM_BAND_ROWS;
    const int r0 = s + NB;
    const eig_real *wrow = a + (eig_idx)so * n; /* the pending W's rows so + k */
#pragma unroll 1
    for (int c0 = 0; c0 < COLS; c0 += 2) {
        if (32 * c0 >= n || 32 * (c0 + 2) <= r0) continue; /* uniform */
        int jj[2], jc[2], ok[2];
        eig_real vj[NB][2], wj[NB][2], xs[NB][2];
        EIG_UNROLL
        for (int cc = 0; cc < 2; cc++) {
            jj[cc] = lane + 32 * (c0 + cc);
            ok[cc] = jj[cc] >= r0 && jj[cc] < n;
            jc[cc] = jj[cc] < n ? jj[cc] : r0 - 1; /* past n: a column no lane writes in this pass */
            EIG_UNROLL
            for (int k = 0; k < NB; k++) {
                vj[k][cc] = PEND && ok[cc] ? (VS ? vo[k * n + jj[cc]] : a[(eig_idx)jj[cc] * n + so + k]) : 0;
                wj[k][cc] = PEND && ok[cc] ? wrow[k * n + jj[cc]] : 0;
                xs[k][cc] = 0;
            }
        }
        eig_real *row = a + (eig_idx)r0 * n; /* row r */
        eig_real nx[ROWS][2];
        EIG_UNROLL
        for (int g = 0; g < ROWS; g++)
            EIG_UNROLL
            for (int cc = 0; cc < 2; cc++) nx[g][cc] = r0 + g < n ? row[g * n + jc[cc]] : 0;
        for (int r = r0; r < n; r += ROWS, row += ROWS * n) {
            eig_real x[ROWS][2];
            EIG_UNROLL
            for (int g = 0; g < ROWS; g++)
                EIG_UNROLL
                for (int cc = 0; cc < 2; cc++) {
                    x[g][cc] = nx[g][cc];
                    /* the next rows' loads before this rows' stores (no alias: other rows,
                     * or, for an out-of-range lane, a column the pass does not write) */
                    if (r + ROWS + g < n) nx[g][cc] = row[(ROWS + g) * n + jc[cc]];
                }
            EIG_UNROLL
            for (int g = 0; g < ROWS; g++) {
                const int rr = r + g;
                if (rr >= n) break; /* uniform */
                eig_real vr[NB], wr[NB], ur[NB];
                EIG_UNROLL
                for (int k = 0; k < NB; k++) {
                    if (PEND) {
                        vr[k] = VS ? vo[k * n + rr] : row[g * n + so + k];
                        wr[k] = wrow[k * n + rr];
                    }
                    ur[k] = vn[k * n + rr];
                }
                EIG_UNROLL
                for (int cc = 0; cc < 2; cc++) {
                    eig_real y = x[g][cc];
                    if (PEND)
                        EIG_UNROLL
                        for (int k = 0; k < NB; k++) y = ws_fma(-wr[k], vj[k][cc], ws_fma(-vr[k], wj[k][cc], y));
                    if (ok[cc]) row[g * n + jj[cc]] = y;
                    EIG_UNROLL
                    for (int k = 0; k < NB; k++) xs[k][cc] = ws_fma(y, ur[k], xs[k][cc]);
                }
            }
        }
        EIG_UNROLL
        for (int cc = 0; cc < 2; cc++)
            if (ok[cc])
                EIG_UNROLL
                for (int k = 0; k < NB; k++) a[(eig_idx)(s + k) * n + jj[cc]] = xs[k][cc];
    }
}

/* Stage 1 (see the top): a (n x n, row-major, scaled) to a band of
 * half-width NB in its lower triangle (entries (r, j), 0 <= r - j <= NB).
 * vn: NB n reals of shared memory (the panel's V while it is made). The
 * pending panel's V: VS 1, in shared memory too (vo, NB n more reals);
 * VS 0, below the band in its own columns, as LAPACK keeps reflectors:
 * V(r, k) at (r, so + k) for r > so + NB + k (1 at r = so + NB + k, 0
 * above; a reflector with tau 0 adds nothing whatever its V, since its T
 * row and column are 0), so that shared memory holds one panel's V and a
 * warp's share fits 16 warps an SM to n = 256 (warp_sym_band). */
template <int COLS, int NB, int VS>
__device__ void EIG_FN(warp_sym_band_reduce)(int lane, int n, eig_real *a, eig_real *vn, eig_real *vo)
{
    const eig_team t = {lane, 32, 0xffffffffu, 0};
#define EIG_A(i, j) a[(eig_idx)(i) * n + (j)]
/* the pending V's entry (r, k), any r */
#define EIG_VO(r, k)                                                                                                   \
    (VS ? vo[(k) * n + (r)] : (r) < so + NB + (k) ? (eig_real)0 : (r) == so + NB + (k) ? (eig_real)1 : EIG_A(r, so + (k)))
    EIG_FN(warp_sym_mirror)(lane, n, a, vn, NB * n); /* vn is free until the first panel */
    int s = 0, so = 0, pend = 0; /* the pending panel: rows so.., V below the band, W in rows so + q */
    for (;; s += NB) {
        const int m = n - s - NB; /* columns right of the band */
        if (m <= 1) break;
        /* the panel's rows (columns s..), the pending update applied */
        eig_real P[NB][COLS];
        EIG_UNROLL
        for (int q = 0; q < NB; q++)
            EIG_UNROLL
            for (int c = 0; c < COLS; c++) {
                const int j = lane + 32 * c, r = s + q;
                eig_real x = 0;
                if (j >= s && j < n) {
                    x = EIG_A(r, j);
                    if (pend)
                        EIG_UNROLL
                        for (int k = 0; k < NB; k++) x -= EIG_VO(r, k) * EIG_A(so + k, j) + EIG_A(so + k, r) * EIG_VO(j, k);
                }
                P[q][c] = x;
            }
        /* the diagonal block's lower triangle to the band */
        EIG_UNROLL
        for (int q = 0; q < NB; q++)
            EIG_UNROLL
            for (int c = 0; c < COLS; c++) {
                const int j = lane + 32 * c;
                if (j >= s && j <= s + q) EIG_A(s + q, j) = P[q][c];
            }
        /* LQ of the rows' right part: reflector q from row q's entries at
         * columns ja = s + NB + q.., applied to the rows below it */
        const int nref = m - 1 < NB ? m - 1 : NB;
        eig_real tau[NB];
        EIG_UNROLL
        for (int q = 0; q < NB; q++) {
            tau[q] = 0;
            if (q >= nref) { /* uniform: no reflector (V's row zero) */
                for (int j = lane; j < n; j += 32) vn[q * n + j] = 0;
                continue;
            }
            const int ja = s + NB + q;
            eig_real x[COLS], mine = 0;
            EIG_UNROLL
            for (int c = 0; c < COLS; c++) {
                const int j = lane + 32 * c;
                x[c] = j > ja && j < n ? P[q][c] : 0;
                if (j == ja) mine = P[q][c];
            }
            const eig_real alpha = __shfl_sync(0xffffffffu, mine, ja & 31);
            eig_real beta, tk, scale;
            EIG_FN(warp_sym_reflector)(alpha, EIG_FN(ws_norm)<COLS>(t, x), beta, tk, scale);
            tau[q] = tk;
            eig_real v[COLS];
            EIG_UNROLL
            for (int c = 0; c < COLS; c++) {
                const int j = lane + 32 * c;
                v[c] = tk == 0 ? 0 : j == ja ? 1 : x[c] * scale;
                if (j < n) vn[q * n + j] = v[c];
                if (j == ja) P[q][c] = beta;
            }
            if (tk != 0) { /* rows q + 1.. -= tau (v . row) v */
                eig_real dot[NB];
                EIG_UNROLL
                for (int q2 = 0; q2 < NB; q2++) {
                    dot[q2] = 0;
                    if (q2 > q)
                        EIG_UNROLL
                        for (int c = 0; c < COLS; c++) dot[q2] += v[c] * P[q2][c];
                }
                ws_sum_k<NB>(dot);
                EIG_UNROLL
                for (int q2 = 0; q2 < NB; q2++)
                    if (q2 > q)
                        EIG_UNROLL
                        for (int c = 0; c < COLS; c++) P[q2][c] -= tk * dot[q2] * v[c];
            }
        }
        /* R to the band: (s + NB + i, s + q) = R(i, q) for i <= q, i < m */
        EIG_UNROLL
        for (int c = 0; c < COLS; c++) {
            const int j = lane + 32 * c, i = j - (s + NB);
            if (i >= 0 && i < NB && i < m)
                EIG_UNROLL
                for (int q = 0; q < NB; q++)
                    if (q >= i) EIG_A(j, s + q) = P[q][c];
        }
        __syncwarp(); /* vn complete */
        /* the pass: rows and columns r0.., the pending update applied,
         * X = A22 V into row s + q (the lane's own columns) */
        const int r0 = s + NB;
        if (pend)
            EIG_FN(warp_sym_band_pass)<COLS, NB, VS, 1>(lane, n, a, s, so, vn, vo);
        else
            EIG_FN(warp_sym_band_pass)<COLS, NB, VS, 0>(lane, n, a, s, so, vn, vo);
        __syncwarp();
        /* T (upper, dlarft forward): T(:q, q) = -tau_q T(:q, :q) V(:, :q)^T v_q;
         * made after the pass, which does not need it, so that its ten
         * entries are not held in registers across the pass */
        eig_real T[NB][NB], vv[NB * NB];
        EIG_UNROLL
        for (int k = 0; k < NB * NB; k++) vv[k] = 0;
        for (int j = s + NB + lane; j < n; j += 32)
            EIG_UNROLL
            for (int q = 1; q < NB; q++)
                EIG_UNROLL
                for (int r = 0; r < q; r++) vv[r * NB + q] += vn[r * n + j] * vn[q * n + j];
        ws_sum_k<NB * NB>(vv);
        EIG_UNROLL
        for (int q = 0; q < NB; q++) {
            EIG_UNROLL
            for (int r = 0; r < NB; r++) T[r][q] = 0;
            T[q][q] = tau[q];
            EIG_UNROLL
            for (int r = 0; r < q; r++) {
                eig_real x = 0;
                EIG_UNROLL
                for (int k = r; k < q; k++) x += T[r][k] * vv[k * NB + q];
                T[r][q] = -tau[q] * x;
            }
        }
        /* W = Y - V M / 2, Y = X T, M = T^T V^T Y (rows s + q, the lane's columns) */
        eig_real vy[NB * NB];
        EIG_UNROLL
        for (int k = 0; k < NB * NB; k++) vy[k] = 0;
        for (int j = r0 + lane; j < n; j += 32) {
            eig_real xr[NB], y[NB];
            EIG_UNROLL
            for (int k = 0; k < NB; k++) xr[k] = EIG_A(s + k, j);
            EIG_UNROLL
            for (int q = 0; q < NB; q++) {
                y[q] = 0;
                EIG_UNROLL
                for (int k = 0; k <= q; k++) y[q] += xr[k] * T[k][q];
                EIG_A(s + q, j) = y[q];
            }
            EIG_UNROLL
            for (int k = 0; k < NB; k++)
                EIG_UNROLL
                for (int q = 0; q < NB; q++) vy[k * NB + q] += vn[k * n + j] * y[q];
        }
        ws_sum_k<NB * NB>(vy);
        eig_real M[NB][NB];
        EIG_UNROLL
        for (int k = 0; k < NB; k++)
            EIG_UNROLL
            for (int q = 0; q < NB; q++) {
                eig_real x = 0;
                EIG_UNROLL
                for (int l = 0; l <= k; l++) x += T[l][k] * vy[l * NB + q];
                M[k][q] = x;
            }
        for (int j = r0 + lane; j < n; j += 32)
            EIG_UNROLL
            for (int q = 0; q < NB; q++) {
                eig_real w = EIG_A(s + q, j);
                EIG_UNROLL
                for (int k = 0; k < NB; k++) w -= (eig_real)0.5 * vn[k * n + j] * M[k][q];
                EIG_A(s + q, j) = w;
            }
        if constexpr (VS) { /* the buffers change roles */
            eig_real *sw = vo;
            vo = vn, vn = sw;
        } else { /* V below the band, for the next panel (vn is remade there) */
            EIG_UNROLL
            for (int q = 0; q < NB; q++)
                for (int r = s + NB + q + 1 + lane; r < n; r += 32) EIG_A(r, s + q) = vn[q * n + r];
        }
        __syncwarp();
        so = s, pend = 1;
    }
    /* the last rows s..n-1 (at most NB + 1): the pending update, then to the band */
    for (int r = s; r < n; r++)
        for (int j = s + lane; j <= r; j += 32) {
            eig_real x = EIG_A(r, j);
            if (pend)
                EIG_UNROLL
                for (int k = 0; k < NB; k++) x -= EIG_VO(r, k) * EIG_A(so + k, j) + EIG_A(so + k, r) * EIG_VO(j, k);
            EIG_A(r, j) = x;
        }
    __syncwarp();
#undef EIG_VO
#undef EIG_A
}

/* Stage 2: the band (half-width NB, A's lower triangle) to tridiagonal
 * by Givens rotations, in shared memory bs ((NB + 2) n reals: the band by
 * diagonals, b(o, j) = A(j + o, j), and one more diagonal for the bulge),
 * so that the first two diagonals end as d and e (the caller's d, e and
 * buffer, one after another). A sweep zeroes one entry (j + o, j), o = NB..2 for each column j
 * in turn, by a rotation of rows and columns (j + o - 1, j + o), then
 * chases the bulge that makes (NB + 1 below the diagonal) down and off the
 * end, NB rows a rotation. A rotation of (p, p + 1) touches rows and
 * columns p - NB .. p + NB + 1 only, so sweeps overlap: eight at a time,
 * one a lane group of NB (lane l owns the pairs ((p, i), (p + 1, i)) at
 * i = p - NB + l and ((i, p), (i, p + 1)) at i = p + 2 + l; lane 0 also
 * the 2 x 2 block), each started when the sweep before it is far enough
 * ahead that they never touch the same entry (then the order of their
 * rotations does not matter: the results are those of the sweeps one
 * after another). A step is bound by the instructions every lane issues
 * (n = 256 at 16 warps an SM: ~1,000 cycles a step), so more sweeps a step
 * at one more pair a lane means fewer steps. H100, 2026-11-26, chase
 * cycles a matrix at full occupancy, n = 128 / 256: three groups of ten
 * lanes (a pair a lane) 2.21 / 8.42 M; six of five 1.26 / 4.47 M (14:01);
 * eight of four 1.09 / 3.46 M (14:07).
 * Skipped: a rotation whose entry to zero is under eig_reflector_floor
 * (rhypot would overflow on subnormal pairs; leaving it moves A by less
 * than the floor, as for the reflectors). */
template <int NB>
__device__ void EIG_FN(warp_sym_band_chase)(int lane, int n, const eig_real *a, eig_real *bs)
{
    constexpr int W = NB + 2, GS = NB, G = 32 / GS; /* lane groups, GS lanes each */
    for (int k = lane; k < W * n; k += 32) {
        const int o = k / n, j = k - o * n;
        bs[k] = o <= NB && j + o < n ? a[(eig_idx)(j + o) * n + j] : 0;
    }
    __syncwarp();
    const int g = lane / GS, l = lane - g * GS;
    const eig_real floor = EIG_FN(eig_reflector_floor)();
    /* the sweeps are handed out in order, to the groups as they come free;
     * every lane follows every group's (uniform): start time, end time;
     * its own group's first plane and column */
    int gt[G], gend[G];
    EIG_UNROLL
    for (int q = 0; q < G; q++) gt[q] = gend[q] = 0;
    int mt = 0, mend = 0, mp0 = 0, mj0 = 0;
    int nj = 0, no = n - 1 < NB ? n - 1 : NB; /* the next sweep: column nj, entry nj + no */
    int last_p0 = 0, last_t = -NB, tfree = 0, tdone = 0;
    for (int t = 0;; t++) {
        if (t >= tfree) { /* a group is free: hand out sweeps */
            tfree = 1 << 30;
            EIG_UNROLL
            for (int q = 0; q < G; q++) {
                if (gend[q] <= t && nj + 2 < n) {
                    /* started when the sweep before is NB + 3 planes ahead: no shared entry */
                    const int p0 = nj + no - 1, lag = (p0 - last_p0 + 2 * NB + 2) / NB;
                    gt[q] = t > last_t + lag ? t : last_t + lag;
                    gend[q] = gt[q] + warp_sym_chase_len<NB>(n, p0);
                    if (q == g) mt = gt[q], mend = gend[q], mp0 = p0, mj0 = nj;
                    last_p0 = p0, last_t = gt[q];
                    tdone = tdone > gend[q] ? tdone : gend[q];
                    if (--no < 2) nj++, no = n - 1 - nj < NB ? n - 1 - nj : NB;
                }
                if (gend[q] > t && gend[q] < tfree) tfree = gend[q];
            }
        }
        if (t >= tdone) break;
        /* rotation of (p, p + 1) zeroing (p + 1, i0) against (p, i0): p
         * moves NB a step, and the entry to zero is the bulge the step
         * before left at (p + 1, p - NB) */
        const int on = t >= mt && t < mend, p = mp0 + (t - mt) * NB, i0 = t == mt ? mj0 : p - NB;
        /* the lane's pairs, left (p, i), (p + 1, i) at i = p - NB + l and
         * right (i, p), (i, p + 1) at i = p + 2 + l (their places in bs:
         * within the stored diagonals); lane 0 also the 2 x 2 block */
        const int il = p - NB + l, ir = p + 2 + l;
        const int okl = on && il >= 0, okr = on && ir < n;
        const int ixl = (NB - l) * n + il, iyl = (NB + 1 - l) * n + il, ixr = (2 + l) * n + p, iyr = (1 + l) * n + p + 1;
        eig_real xl = 0, yl = 0, xr = 0, yr = 0, x2 = 0, y2 = 0, dd = 0;
        if (okl) xl = bs[ixl], yl = bs[iyl];
        if (okr) xr = bs[ixr], yr = bs[iyr];
        if (on && l == 0) x2 = bs[p], y2 = bs[n + p], dd = bs[p + 1];
        /* the entry to zero is a left pair's: lane i0 - p + NB of the group */
        const int owner = g * GS + (i0 - p + NB);
        const eig_real gx = __shfl_sync(0xffffffffu, xl, owner & 31), gy = __shfl_sync(0xffffffffu, yl, owner & 31);
        if (on && EIG_FABS(gy) >= floor) {
            const eig_real s2 = gx * gx + gy * gy;
            const eig_real rn = EIG_SUMSQ_SAFE(s2) ? EIG_RSQRT(s2) : ws_rhypot(gx, gy);
            const eig_real c = gx * rn, sn = gy * rn;
            if (okl) {
                bs[ixl] = c * xl + sn * yl;
                bs[iyl] = il == i0 ? 0 : c * yl - sn * xl;
            }
            if (okr) {
                bs[ixr] = c * xr + sn * yr;
                bs[iyr] = c * yr - sn * xr;
            }
            if (l == 0) {
                const eig_real cs = c * sn, cc = c * c, ss = sn * sn;
                bs[p] = cc * x2 + 2 * cs * y2 + ss * dd;
                bs[p + 1] = ss * x2 - 2 * cs * y2 + cc * dd;
                bs[n + p] = cs * (dd - x2) + (cc - ss) * y2;
            }
        } else if (okl && il == i0) {
            bs[iyl] = 0; /* under the floor: dropped */
        }
        __syncwarp();
    }
}

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

/* ---- team helpers (the eig_team of solvers/eig_hd.h) ----
 * A team whose size is a multiple of 32 (a warp, or a block of whole warps)
 * splits into row groups of 32 lanes: a group takes a row, its lanes the
 * row's consecutive columns (coalesced); a smaller team is `size` groups of
 * one lane. Solo: one group of one lane, the plain serial loops. */
EIG_HD int EIG_FN(eig_team_lanes)(eig_team t) { return t.size % 32 == 0 ? 32 : 1; }

/* Sum (op 0) or maximum (op 1) of x over the whole team, the result in every
 * member; every member must call it. red: 32 reals of team scratch (block
 * teams of more than one warp; else unused). Sub-warp teams: `size` a power
 * of two, lanes contiguous and aligned. */
EIG_HD eig_real EIG_FN(eig_team_reduce)(eig_team t, eig_real x, int op, eig_real *red)
{
#ifdef __CUDA_ARCH__
    if (t.size > 1) {
        unsigned mask = t.block ? 0xffffffffu : t.mask;
        for (int o = (t.size < 32 ? t.size : 32) / 2; o > 0; o /= 2) {
            eig_real y = __shfl_xor_sync(mask, x, o);
            x = op ? (y > x ? y : x) : x + y;
        }
        if (t.block && t.size > 32) {
            if (t.rank % 32 == 0) red[t.rank / 32] = x;
            __syncthreads();
            x = red[0];
            for (int k = 1; k < t.size / 32; k++) x = op ? (red[k] > x ? red[k] : x) : x + red[k];
            __syncthreads();
        }
    }
#else
    (void)t, (void)op, (void)red;
#endif
    return x;
}

/* Columns p, q of Z  <-  (c zp - s zq, s zp + c zq). Z element (i, j),
 * component k at z[i*zr + j*zk + k*zcs] (row-major: zr = n*zc*zs, zk = zc*zs,
 * zcs = zs); the team takes rows. */
EIG_HD void EIG_FN(eig_rotate_columns_team)(eig_team t, int n, eig_real *z, eig_idx zr, eig_idx zk, eig_idx zcs,
                                            int zc, int p, int q, eig_real c, eig_real s)
{
    EIG_TEAM_FOR(t, i, 0, n - 1)
        for (int k = 0; k < zc; k++) {
            eig_idx ip = i * zr + p * zk + k * zcs, iq = i * zr + q * zk + k * zcs;
            eig_real zp = z[ip], zq = z[iq];
            z[ip] = c * zp - s * zq;
            z[iq] = s * zp + c * zq;
        }
}

/* Selection sort of w ascending, swapping the columns of Z along (n swaps at
 * most, the cheapest in data movement); Z addressed as in
 * eig_rotate_columns_team, the team takes rows of the swaps. */
EIG_HD void EIG_FN(eig_sort_ascending_team)(eig_team t, int n, eig_real *w, eig_idx ws, eig_real *z, eig_idx zr,
                                            eig_idx zk, eig_idx zcs, int zc)
{
    for (int i = 0; i < n - 1; i++) {
        int kmin = i;
        for (int k = i + 1; k < n; k++)
            if (w[k * ws] < w[kmin * ws]) kmin = k;
        if (kmin == i) continue;
        eig_team_sync(t); /* every member has read w before it changes */
        if (EIG_TEAM_LEAD(t)) {
            eig_real tmp = w[i * ws];
            w[i * ws] = w[kmin * ws];
            w[kmin * ws] = tmp;
        }
        if (z)
            EIG_TEAM_FOR(t, r, 0, n - 1)
                for (int k = 0; k < zc; k++) {
                    eig_idx a = r * zr + i * zk + k * zcs, b = r * zr + kmin * zk + k * zcs;
                    eig_real t2 = z[a];
                    z[a] = z[b];
                    z[b] = t2;
                }
        eig_team_sync(t);
    }
}

/* Selection sort, Z row-major n x n with zc reals per element (stride zs). */
EIG_HD void EIG_FN(eig_sort_ascending)(int n, eig_real *w, eig_idx ws, eig_real *z, eig_idx zs, int zc)
{
    eig_team solo = EIG_TEAM_SOLO_INIT;
    EIG_FN(eig_sort_ascending_team)(solo, n, w, ws, z, (eig_idx)n * zc * zs, (eig_idx)zc * zs, zs, zc);
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
    /* Squared, without the two square roots (they sat on the GPU's serial
     * chase). Past the floor e^2 >= safmin, so it does not underflow, and
     * (eps^2 |d_j+1|) |d_j| cannot overflow. */
    eig_real ae = EIG_FABS(e);
    return ae <= EIG_SQRT(EIG_SAFMIN) || ae * ae <= (EIG_EPS * EIG_EPS * EIG_FABS(dj1)) * EIG_FABS(dj);
}

/* The first position m in [top, end) of the block [lo, hi] (walked in
 * direction dir) whose coupling to m + 1 is negligible, else end. A team of
 * whole warps tests 32 positions at once, each warp on its own (one ballot,
 * no sync between warps), a group of lanes of one warp as many as it has
 * lanes: the serial scan, run by every member, was 28% of
 * the QL phase at n = 128 (Nsight Compute, docs/performance.md §3). Every
 * member gets the same m as from the serial scan. */
EIG_HD int EIG_FN(eig_ql_first_split)(eig_team t, const eig_real *d, eig_idx ds, const eig_real *e, eig_idx es, int lo,
                                      int hi, int dir, int top, int end)
{
    const eig_real *dp = d + EIG_FN(eig_ql_at)(lo, hi, dir, 0) * ds, *ep = e + EIG_FN(eig_ql_eat)(lo, hi, dir, 0) * es;
    const eig_idx dstep = dir * ds, estep = dir * es; /* one position further */
#ifdef __CUDA_ARCH__
    if (t.size % 32 == 0 || (!t.block && t.size > 1 && t.mask != 0xffffffffu)) {
        eig_team g = t; /* the member's warp, or the team itself (a group of lanes of one warp) */
        if (t.size % 32 == 0) g.rank = t.rank & 31, g.size = 32, g.mask = 0xffffffffu, g.block = 0;
        for (int base = top; base < end; base += g.size) {
            const int m = base + g.rank;
            const int neg = m < end && EIG_FN(eig_ql_negligible)(ep[m * estep], dp[m * dstep], dp[(m + 1) * dstep]);
            const int k = eig_team_first_rank(g, neg);
            if (k >= 0) return base + k;
        }
        return end;
    }
#else
    (void)t;
#endif
    int m = top;
    for (; m < end; m++)
        if (EIG_FN(eig_ql_negligible)(ep[m * estep], dp[m * dstep], dp[(m + 1) * dstep])) break;
    return m;
}

/* Power of two (exact) that brings the largest entry of the block d[lo..hi],
 * e[lo..hi-1] into [ssfmin, ssfmax] = [sqrt(safmin)/eps^2, sqrt(1/safmin)/3]
 * as dsteqr does (1: leave it alone). Reads only. */
EIG_HD eig_real EIG_FN(eig_ql_block_scale)(const eig_real *d, eig_idx ds, const eig_real *e, eig_idx es, int lo,
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
    return sigma;
}

/* The rotation log (eig_tridiag_ql_run with z NULL, one thread): the
 * rotations in the order they are made, for a team to apply to Z later
 * (eig_ql_log_apply_team), so that the QL iterations of many matrices can
 * run side by side, a thread each, without the team waiting on each
 * thread's chase. Pairs of reals: a sweep header (p, dir * (r + 1)), then
 * the sweep's r rotations (c, s), the k-th acting on columns p - k dir and
 * p - k dir + dir as (z_p, z_q) <- (c z_p - s z_q, s z_p + c z_q); (0, 0)
 * is an empty header (padding). No sweep straddles a multiple of `chunk`
 * reals (the rest of a chunk is padded), so a consumer may read the log
 * chunk by chunk. Past `cap` reals nothing is written but `len` still
 * counts (up to cap + 2): len > cap says the log overflowed. */
#ifndef EIG_QL_LOG_TYPE
#define EIG_QL_LOG_TYPE
typedef struct {
    void *buf; /* eig_real of the precision in use */
    int cap, chunk, len;
    int head; /* where the open sweep's header is */
} eig_ql_log;
#endif

EIG_HD void EIG_FN(eig_ql_log_put)(eig_ql_log *log, eig_real x, eig_real y)
{
    if (log->len + 2 <= log->cap) {
        eig_real *b = (eig_real *)log->buf + log->len;
        b[0] = x, b[1] = y;
    }
    if (log->len <= log->cap) log->len += 2; /* past cap it stays past: no int overflow on endless runs */
}

/* A sweep of at most `rotations` rotations starts at column p in direction
 * dir; eig_ql_log_sweep_end writes how many it made. */
EIG_HD void EIG_FN(eig_ql_log_sweep)(eig_ql_log *log, int p, int dir, int rotations)
{
    const int need = 2 + 2 * rotations;
    /* (padding stops once past cap: the length stops growing there and
     * would never reach the chunk's end) */
    if (log->chunk > 0 && log->len % log->chunk + need > log->chunk)
        while (log->len % log->chunk && log->len <= log->cap) EIG_FN(eig_ql_log_put)(log, 0, 0);
    log->head = log->len;
    EIG_FN(eig_ql_log_put)(log, (eig_real)p, (eig_real)dir);
}

EIG_HD void EIG_FN(eig_ql_log_sweep_end)(eig_ql_log *log)
{
    if (log->head + 2 > log->cap) return;
    eig_real *h = (eig_real *)log->buf + log->head;
    h[1] *= (eig_real)((log->len - log->head) / 2); /* dir * (r + 1) */
}

/* Applies len reals of a log (a whole log, or one of its chunks) to Z,
 * addressed as in eig_tridiag_ql_run: each member owns rows, and carries
 * the column being rotated in a register along a sweep (the next rotation's
 * second column is this one's first). */
EIG_HD void EIG_FN(eig_ql_log_apply_team)(eig_team t, int n, const eig_real *log, int len, eig_real *z, eig_idx zr,
                                          eig_idx zk, eig_idx zcs, int zc)
{
    EIG_TEAM_FOR(t, row, 0, n - 1)
        for (int k = 0; k < zc; k++) {
            eig_real *zrow = z + row * zr + k * zcs;
            for (int x = 0; x < len;) {
                int p = (int)log[x], dr = (int)log[x + 1];
                const int dir = dr > 0 ? 1 : -1, r = dr * dir - 1;
                x += 2;
                if (r <= 0) continue; /* padding, or a sweep cut short before its first rotation */
                eig_real zq = zrow[(p + dir) * zk];
                for (const int xe = x + 2 * r; x < xe; x += 2) {
                    const eig_real c = log[x], s = log[x + 1], zp = zrow[p * zk];
                    zrow[(p + dir) * zk] = s * zp + c * zq;
                    zq = c * zp - s * zq;
                    p -= dir;
                }
                zrow[(p + dir) * zk] = zq;
            }
        }
}

/* One row of Z through a sweep of len rotations. z0: the row's entry in the
 * sweep's first column (position m); step: from one column to the next in
 * the sweep's order (positions m - 1, m - 2, ...). Rotation k (c[k cs],
 * s[k cs]) acts on the columns at positions i = m - 1 - k and i + 1 as
 * (z_i, z_i+1) <- (c z_i - s z_i+1, s z_i + c z_i+1). The row's entries are
 * loaded EIG_QL_APPLY_AHEAD at a time before they are rotated: Z lives in
 * global memory for large n, and a load then a dependent store per rotation
 * waited out the L2 latency each (15% of the QL phase at n = 128, Nsight
 * Compute, docs/performance.md §3). Every entry is still loaded before it
 * is stored and the arithmetic is that of the plain loop, in its order. */
#ifndef EIG_QL_APPLY_AHEAD
#define EIG_QL_APPLY_AHEAD 8
#endif
EIG_HD void EIG_FN(eig_ql_apply_sweep_row)(eig_real *z0, eig_idx step, int len, const eig_real *c, const eig_real *s,
                                           eig_idx cs)
{
    eig_real zq = z0[0];
    for (int k0 = 0; k0 < len; k0 += EIG_QL_APPLY_AHEAD) {
        eig_real zp[EIG_QL_APPLY_AHEAD] = {0}; /* (all set before use; quiets -Wmaybe-uninitialized) */
        const int cnt = len - k0 < EIG_QL_APPLY_AHEAD ? len - k0 : EIG_QL_APPLY_AHEAD;
        EIG_UNROLL
        for (int k = 0; k < EIG_QL_APPLY_AHEAD; k++)
            if (k < cnt) zp[k] = z0[(eig_idx)(k0 + k + 1) * step];
        EIG_UNROLL
        for (int k = 0; k < EIG_QL_APPLY_AHEAD; k++)
            if (k < cnt) {
                const eig_real ck = c[(eig_idx)(k0 + k) * cs], sk = s[(eig_idx)(k0 + k) * cs];
                z0[(eig_idx)(k0 + k) * step] = sk * zp[k] + ck * zq;
                zq = ck * zp[k] - sk * zq;
            }
    }
    z0[(eig_idx)len * step] = zq;
}

/* A recorded sweep (rotations c at rot[x rs], s at rot[(n + x) rs] for x =
 * last, last - 1, ..., last - len + 1) applied to the rows of Z, dealt over
 * the members from rank `from` on; col: the column of the sweep's first
 * position, dir its direction. */
#ifndef EIG_QL_SWEEP_TYPE
#define EIG_QL_SWEEP_TYPE
typedef struct {
    const void *rot; /* eig_real of the precision in use; NULL: none pending */
    int col, dir, len, last;
} eig_ql_sweep;
#endif

EIG_HD void EIG_FN(eig_ql_apply_sweep_team)(eig_team t, int from, int n, eig_ql_sweep sw, eig_real *z, eig_idx zr,
                                            eig_idx zk, eig_idx zcs, int zc, eig_idx rs)
{
    const eig_real *rot = (const eig_real *)sw.rot;
    if (t.rank < from || !rot) return;
    for (int row = t.rank - from; row < n; row += t.size - from)
        for (int k = 0; k < zc; k++)
            EIG_FN(eig_ql_apply_sweep_row)(z + row * zr + k * zcs + (eig_idx)sw.col * zk, -sw.dir * zk, sw.len,
                                           rot + (eig_idx)sw.last * rs, rot + (eig_idx)(n + sw.last) * rs, -rs);
}

/* Up to EIG_QL_GROUP_MAX recorded sweeps sw[0], sw[1], ... walking the
 * same direction, applied to the rows of Z in one pass: a wavefront, sweep
 * j's rotation on columns (w + j + 1, w + j) in walk order w right after
 * sweep j - 1's on (w + j, w + j - 1), so each entry of Z is loaded and
 * stored once for the whole group (Z in global memory: warp-sym's QL phase
 * streamed Z once a sweep, and that was its largest cost). Every entry
 * still gets sweep 0's rotations, then sweep 1's, ..., in order and with
 * the same operands as from one eig_ql_apply_sweep_team call a sweep: the
 * same result, bit for bit. A member takes EIG_QL_GROUP_ROWS of its rows
 * at a time, each rotation's (c, s) read once for all of them and the next
 * column's loads issued before the current one is rotated. */
#ifndef EIG_QL_GROUP_MAX
#define EIG_QL_GROUP_MAX 4
#endif
/* Rows a member takes at a time: 8 for groups of one or two sweeps, 4 for
 * three or four (the registers of the column window, GROUP_MAX + 1 a row). */
#ifndef EIG_QL_GROUP_ROWS
#define EIG_QL_GROUP_ROWS 8
#endif
/* The body for ns sweeps and R rows at a time, both constants where it is
 * called (so that the loops below, written to the largest ns and R with
 * guards, keep only what is used once inlined). */
EIG_HD_INLINE void EIG_FN(eig_ql_apply_sweeps_body)(eig_team t, int n, const eig_ql_sweep *sw, int ns, int R,
                                                    eig_real *z, eig_idx zr, eig_idx zk, eig_idx zcs, int zc,
                                                    eig_idx rs)
{
    /* walk coordinate w = dir * column, descending: sweep j's rotation k
     * rotates (carry ws[j] - k, new ws[j] - k - 1), ws[j] = dir * col */
    const int dir = sw[0].dir;
    int ws[EIG_QL_GROUP_MAX], len[EIG_QL_GROUP_MAX], hi = dir * sw[0].col, lo = hi;
    EIG_UNROLL
    for (int j = 0; j < EIG_QL_GROUP_MAX; j++) {
        ws[j] = j < ns ? dir * sw[j].col : 0, len[j] = j < ns ? sw[j].len : 0;
        if (j < ns && ws[j] > hi) hi = ws[j];
        if (j < ns && ws[j] - len[j] < lo) lo = ws[j] - len[j];
    }
    const int per = (n - t.rank + t.size - 1) / t.size; /* this member's rows */
    for (int k = 0; k < zc; k++)
        for (int q0 = 0; q0 < per; q0 += R) {
            eig_real *zrow[EIG_QL_GROUP_ROWS];
            /* v[j]: column w + j of each row; xn: column w - 1, on its way */
            eig_real v[EIG_QL_GROUP_MAX + 1][EIG_QL_GROUP_ROWS], xn[EIG_QL_GROUP_ROWS];
            EIG_UNROLL
            for (int g = 0; g < EIG_QL_GROUP_ROWS; g++) {
                const int row = t.rank + t.size * (q0 + g);
                zrow[g] = g < R && row < n && q0 + g < per ? z + row * zr + k * zcs : 0;
                EIG_UNROLL
                for (int j = 0; j <= EIG_QL_GROUP_MAX; j++) v[j][g] = EIG_ZERO;
                xn[g] = zrow[g] ? zrow[g][(eig_idx)(dir * hi) * zk] : EIG_ZERO;
            }
            for (int w = hi; w >= lo - ns; w--) {
                EIG_UNROLL
                for (int g = 0; g < EIG_QL_GROUP_ROWS; g++) v[0][g] = xn[g];
                if (w - 1 >= lo) /* the next column's loads in flight */
                    EIG_UNROLL
                    for (int g = 0; g < EIG_QL_GROUP_ROWS; g++)
                        if (zrow[g]) xn[g] = zrow[g][(eig_idx)(dir * (w - 1)) * zk];
                EIG_UNROLL
                for (int j = 0; j < EIG_QL_GROUP_MAX; j++) {
                    const int kj = ws[j] - w - j - 1; /* sweep j's rotation on (w + j + 1, w + j) */
                    if (j < ns && kj >= 0 && kj < len[j]) {
                        const eig_real *rot = (const eig_real *)sw[j].rot;
                        const eig_real c = rot[(eig_idx)(sw[j].last - kj) * rs];
                        const eig_real s = rot[(eig_idx)(n + sw[j].last - kj) * rs];
                        EIG_UNROLL
                        for (int g = 0; g < EIG_QL_GROUP_ROWS; g++) {
                            if (g >= R) break;
                            const eig_real y = v[j + 1][g];
                            v[j + 1][g] = s * v[j][g] + c * y;
                            v[j][g] = c * v[j][g] - s * y;
                        }
                    }
                }
                /* column w + ns has had all its rotations */
                const int wd = w + ns;
                if (wd <= hi && wd >= lo)
                    EIG_UNROLL
                    for (int j = 1; j <= EIG_QL_GROUP_MAX; j++)
                        if (j == ns)
                            EIG_UNROLL
                            for (int g = 0; g < EIG_QL_GROUP_ROWS; g++)
                                if (zrow[g]) zrow[g][(eig_idx)(dir * wd) * zk] = v[j][g];
                EIG_UNROLL
                for (int j = EIG_QL_GROUP_MAX; j >= 1; j--)
                    EIG_UNROLL
                    for (int g = 0; g < EIG_QL_GROUP_ROWS; g++) v[j][g] = v[j - 1][g];
            }
        }
}

EIG_HD void EIG_FN(eig_ql_apply_sweeps_team)(eig_team t, int n, const eig_ql_sweep *sw, int ns, eig_real *z,
                                             eig_idx zr, eig_idx zk, eig_idx zcs, int zc, eig_idx rs)
{
    const int R = EIG_QL_GROUP_ROWS, R2 = EIG_QL_GROUP_ROWS / 2 > 0 ? EIG_QL_GROUP_ROWS / 2 : 1;
    switch (ns < EIG_QL_GROUP_MAX ? ns : EIG_QL_GROUP_MAX) {
    case 1: EIG_FN(eig_ql_apply_sweeps_body)(t, n, sw, 1, R, z, zr, zk, zcs, zc, rs); break;
    case 2: EIG_FN(eig_ql_apply_sweeps_body)(t, n, sw, 2, R, z, zr, zk, zcs, zc, rs); break;
    case 3: EIG_FN(eig_ql_apply_sweeps_body)(t, n, sw, 3, R2, z, zr, zk, zcs, zc, rs); break;
    case 4: EIG_FN(eig_ql_apply_sweeps_body)(t, n, sw, 4, R2, z, zr, zk, zcs, zc, rs); break;
    default: break;
    }
}

/* Implicit QL (or QR, chosen per block like dsteqr: QL when the bottom is the
 * larger end) with Wilkinson shift on T = tridiag(e, d, e).
 * d[n] diagonal, e[n-1] off-diagonal (destroyed). On return d holds the
 * eigenvalues ascending (unsorted in log mode, below) and, when z != NULL, Z <- Z * (rotations) with its
 * columns sorted along, so Z = I gives T's eigenvectors and Z = Q gives A's.
 * Z element (i, j) component k at z[i*zr + j*zk + k*zcs] (zc components).
 * Iteration cap: max_iter_factor * n QL sweeps in total (<= 0: 30, dsteqr's
 * MAXIT). Each unreduced block is scaled into a safe range first.
 * Returns EIG_STATUS_OK or EIG_STATUS_NOT_CONVERGED (d, e left as they are).
 *
 * Team: the scalar control runs on every member (same reads, same branches),
 * d and e are written by the leader only, between syncs. Each QL sweep is
 * chased by the leader, which records its rotations (c_i, s_i) in rot (as
 * dsteqr before dlasr: c at rot[i*rs], s at rot[(n+i)*rs], 2n reals, needed
 * when z != NULL); then the team applies them to Z, each member owning rows
 * (no sync between rotations), the column being rotated carried in a
 * register along the row. log (z NULL, one thread): the rotations go to the
 * log (eig_ql_log) and d is left unsorted, for the caller to sort along
 * with the columns it applies them to. eig_tridiag_ql_team: no log.
 * rot2 (teams, may be NULL): a second 2n reals like rot. Then a block team
 * applies each sweep while the leader chases the next one (the two
 * buffers take turns), its warp's rows dealt to the other warps, as long
 * as that leaves no member more rows than two or than it would have had;
 * the rotations reach Z in the same order. H100, block-tridiag, 180
 * matrices of order 128 with vectors: the QL phase 8.2 M -> 6.3 M cycles
 * a matrix; at n = 512 with 256 threads (three rows for some members
 * instead of two) 428 -> 437 ms for 132 matrices, hence the limit.
 * group > 1 (with z, no deferral): the sweeps wait until `group` of them
 * (at most EIG_QL_GROUP_MAX) are recorded, sweep q in rot + 2 q n rs, and
 * go to Z together (eig_ql_apply_sweeps_team: Z loaded and stored once for
 * the group); a sweep walking the other way, a 2 x 2 block or the end
 * sends the group sooner. */
EIG_HD int EIG_FN(eig_tridiag_ql_run)(eig_team t, int n, eig_real *d, eig_idx ds, eig_real *e, eig_idx es,
                                      eig_real *z, eig_idx zr, eig_idx zk, eig_idx zcs, int zc, eig_real *rot,
                                      eig_real *rot2, eig_idx rs, eig_ql_log *log, int group, int max_iter_factor,
                                      int *iters)
{
    int maxit = (max_iter_factor > 0 ? max_iter_factor : 30) * n;
    int it = 0;
    int lo = 0;
#if defined(__CUDA_ARCH__) || defined(EIG_QL_SOLO_APPLY_NOW)
    /* a thread per matrix on the GPU: each rotation goes to Z at once, as a
     * buffer of rotations would make a round trip through (strided) global
     * memory */
    const int now = t.size == 1;
#else
    const int now = 0;
#endif
    /* deferred application: by the warps after the leader's (a warp team's
     * lanes would share the leader's instruction stream: forced
     * block-tridiag, 20,000 matrices of order 32, 8.7 -> 10.0 ms) */
    const int from = 32, rows = (n + t.size - 1) / t.size;
    const int rows_deferred = t.size > from ? (n + t.size - from - 1) / (t.size - from) : n;
    const int defer = z && !now && rot2 && t.size >= 64 && rows_deferred <= (rows > 2 ? rows : 2);
    const int grouped = group > 1 && z && !now && !defer;
    const int gmax = group < EIG_QL_GROUP_MAX ? group : EIG_QL_GROUP_MAX;
    eig_ql_sweep pend = {0, 0, 0, 0, 0}, held[EIG_QL_GROUP_MAX];
    int nheld = 0; /* grouped: sweeps recorded and not yet applied */
    if (iters) *iters = 0;
    while (lo < n) {
        eig_team_sync(t);
        /* the unreduced block [lo, hi] */
        int hi = lo + EIG_FN(eig_ql_first_split)(t, d, ds, e, es, lo, n - 1, 1, 0, n - 1 - lo);
        eig_real sigma = hi == lo ? EIG_ONE : EIG_FN(eig_ql_block_scale)(d, ds, e, es, lo, hi);
        eig_team_sync(t); /* all have read d, e */
        if (EIG_TEAM_LEAD(t)) {
            if (hi < n - 1) e[hi * es] = 0;
            if (sigma != EIG_ONE)
                for (int i = lo; i <= hi; i++) {
                    d[i * ds] *= sigma;
                    if (i < hi) e[i * es] *= sigma;
                }
        }
        if (hi == lo) { lo++; continue; }
        eig_team_sync(t);
        int dir = EIG_FABS(d[hi * ds]) >= EIG_FABS(d[lo * ds]) ? 1 : -1;
#define EIG_D(p) d[EIG_FN(eig_ql_at)(lo, hi, dir, (p)) * ds]
#define EIG_E(p) e[EIG_FN(eig_ql_eat)(lo, hi, dir, (p)) * es]
#define EIG_COL(p) ((int)EIG_FN(eig_ql_at)(lo, hi, dir, (p)))
        int top = 0, end = hi - lo;
        while (top <= end) {
            int m = EIG_FN(eig_ql_first_split)(t, d, ds, e, es, lo, hi, dir, top, end);
            if (m == top) {
                eig_team_sync(t);
                if (m < end && EIG_TEAM_LEAD(t)) EIG_E(m) = 0;
                top++;
                continue;
            }
            if (m == top + 1) {
                /* a 2x2 block: diagonalise it directly, no iteration needed */
                eig_real c, s, tt;
                eig_real app = EIG_D(top), apq = EIG_E(top), aqq = EIG_D(top + 1);
                EIG_FN(eig_sym2x2_rotation)(app, apq, aqq, &c, &s, &tt);
                eig_team_sync(t);
                if (EIG_TEAM_LEAD(t)) {
                    if (m < end) EIG_E(m) = 0;
                    EIG_D(top) = app - tt * apq;
                    EIG_D(top + 1) = aqq + tt * apq;
                    EIG_E(top) = 0;
                }
                if (nheld) { /* Z's columns get the held sweeps first */
                    EIG_FN(eig_ql_apply_sweeps_team)(t, n, held, nheld, z, zr, zk, zcs, zc, rs);
                    nheld = 0;
                    eig_team_sync(t);
                }
                if (pend.rot) { /* Z's columns get the pending sweep first */
                    EIG_FN(eig_ql_apply_sweep_team)(t, 0, n, pend, z, zr, zk, zcs, zc, rs);
                    pend.rot = 0;
                    eig_team_sync(t);
                }
                if (z) EIG_FN(eig_rotate_columns_team)(t, n, z, zr, zk, zcs, zc, EIG_COL(top), EIG_COL(top + 1), c, s);
                else if (log) {
                    EIG_FN(eig_ql_log_sweep)(log, EIG_COL(top), dir, 1);
                    EIG_FN(eig_ql_log_put)(log, c, s);
                    EIG_FN(eig_ql_log_sweep_end)(log);
                }
                eig_team_sync(t);
                top += 2;
                continue;
            }
            if (it >= maxit) {
                if (iters) *iters = it;
                return EIG_STATUS_NOT_CONVERGED;
            }
            it++;
            eig_team_sync(t); /* all have read d, e (and applied the last sweep) */
            /* not the pending sweep's, nor a held one's */
            eig_real *buf = grouped ? rot + 2 * (eig_idx)n * nheld * rs : defer && pend.rot == rot ? rot2 : rot;
            if (defer && !EIG_TEAM_LEAD(t)) EIG_FN(eig_ql_apply_sweep_team)(t, from, n, pend, z, zr, zk, zcs, zc, rs);
            if (EIG_TEAM_LEAD(t)) {
                if (m < end) EIG_E(m) = 0;
                /* Wilkinson shift: the eigenvalue of the leading 2x2 nearer D(top) */
                eig_real g = (EIG_D(top + 1) - EIG_D(top)) / (2 * EIG_E(top));
                eig_real r = EIG_HYPOT(g, EIG_ONE);
                g = EIG_D(m) - EIG_D(top) + EIG_E(top) / (g + EIG_COPYSIGN(r, g));
                eig_real s = 1, c = 1, p = 0;
                int underflow = 0;
                /* chase the bulge from the far end m back to top; rotation i
                 * acts on positions (i, i+1) as (z_i, z_i+1) <- (c z_i - s z_i+1,
                 * s z_i + c z_i+1). Step i reads D(i), D(i+1), E(i) before any
                 * step writes them (step i writes D(i+1), E(i+1)): they are
                 * loaded a step ahead, off the chain of dependent operations. */
                /* D(i), E(i) through pointers stepped a position a step:
                 * the position-to-index arithmetic per access sat on the
                 * leader's instruction stream (in order, so every
                 * instruction counts). */
                const eig_idx dstep = dir * ds, estep = dir * es;
                eig_real *pd = &EIG_D(m - 1), *pe = &EIG_E(m - 1);
                eig_real d1 = pd[dstep], d0 = *pd, e0 = *pe;
                if (log) EIG_FN(eig_ql_log_sweep)(log, EIG_COL(m - 1), dir, m - top);
                for (int i = m - 1; i >= top; i--) {
                    eig_real dn = i > top ? pd[-dstep] : EIG_ZERO, en = i > top ? pe[-estep] : EIG_ZERO;
                    eig_real f = s * e0, b = c * e0;
                    /* r = hypot(f, g), c = g / r, s = f / r through one
                     * reciprocal square root: the chase is a chain of
                     * dependent operations, and hypot plus two divisions
                     * were most of its latency. hypot where f^2 + g^2 would
                     * lose accuracy to underflow or overflow. */
                    /* The fast path is computed before its range is
                     * tested, and r = 0 only tested off it (r > 0 on it):
                     * each branch on a fresh result stalled the in-order
                     * chase until the result was there. */
                    const eig_real r2 = f * f + g * g, inv = EIG_RSQRT(r2);
                    const eig_real fr = r2 * inv, fs = f * inv, fc = g * inv;
                    if (r2 >= EIG_SAFMIN / EIG_EPS && r2 <= EIG_RMAX) {
                        r = fr, s = fs, c = fc;
                    } else {
                        /* divide: 1/r overflows for a subnormal r */
                        r = EIG_HYPOT(f, g);
                        if (r != 0) {
                            s = f / r, c = g / r;
                        } else { /* underflow: T split here, restart on the pieces */
                            if (i + 1 < m) pe[estep] = r; /* E(i + 1) */
                            pd[dstep] = d1 - p;
                            underflow = 1;
                            if (z && !now)
                                for (int j = i; j >= top; j--) buf[j * rs] = EIG_ONE, buf[(n + j) * rs] = EIG_ZERO;
                            break;
                        }
                    }
                    if (i + 1 < m) pe[estep] = r; /* E(i + 1) */
                    g = d1 - p;
                    r = (d0 - g) * s + 2 * c * b;
                    p = s * r;
                    pd[dstep] = g + p; /* D(i + 1) */
                    g = c * r - b;
                    if (z || log) {
                        /* Z gets the rotation with a cosine (sine) of exactly
                         * +-1 where the exact one rounds to it: products with
                         * 1/r miss it by an ulp, always the same way, and the
                         * many near-identity rotations of graded matrices drifted
                         * Z from orthogonal (5x worse measured). The recurrence
                         * above keeps c and s as computed: g = c r - b cancels,
                         * and needs c consistent with r, not rounded. */
                        eig_real cz = s * s < EIG_EPS * (eig_real)0.5 ? EIG_COPYSIGN(EIG_ONE, c) : c;
                        eig_real sz = c * c < EIG_EPS * (eig_real)0.5 ? EIG_COPYSIGN(EIG_ONE, s) : s;
                        if (!z)
                            EIG_FN(eig_ql_log_put)(log, cz, sz);
                        else if (now)
                            EIG_FN(eig_rotate_columns_team)(t, n, z, zr, zk, zcs, zc, EIG_COL(i), EIG_COL(i + 1), cz, sz);
                        else
                            buf[i * rs] = cz, buf[(n + i) * rs] = sz;
                    }
                    d1 = d0, d0 = dn, e0 = en;
                    if (i > top) pd -= dstep, pe -= estep;
                }
                if (log) EIG_FN(eig_ql_log_sweep_end)(log);
                if (!underflow) {
                    EIG_D(top) -= p;
                    EIG_E(top) = g;
                }
            }
            eig_team_sync(t);
            if (z && !now) {
                /* the sweep's rotations, m-1 down to top, along each row:
                 * now, or while the leader chases the next sweep */
                const eig_ql_sweep sw = {buf, EIG_COL(m), dir, m - top, m - 1};
                if (defer) {
                    pend = sw;
                } else if (grouped) {
                    if (nheld && held[0].dir != sw.dir) { /* no common walk: the held ones, then this one */
                        EIG_FN(eig_ql_apply_sweeps_team)(t, n, held, nheld, z, zr, zk, zcs, zc, rs);
                        EIG_FN(eig_ql_apply_sweeps_team)(t, n, &sw, 1, z, zr, zk, zcs, zc, rs);
                        nheld = 0;
                    } else {
                        held[nheld++] = sw;
                        if (nheld == gmax) {
                            EIG_FN(eig_ql_apply_sweeps_team)(t, n, held, nheld, z, zr, zk, zcs, zc, rs);
                            nheld = 0;
                        }
                    }
                } else {
                    EIG_FN(eig_ql_apply_sweep_team)(t, 0, n, sw, z, zr, zk, zcs, zc, rs);
                }
            }
        }
#undef EIG_D
#undef EIG_E
#undef EIG_COL
        eig_team_sync(t);
        if (sigma != EIG_ONE && EIG_TEAM_LEAD(t))
            for (int i = lo; i <= hi; i++) d[i * ds] /= sigma;
        lo = hi + 1;
    }
    if (iters) *iters = it;
    /* the last sweeps, if pending or held */
    EIG_FN(eig_ql_apply_sweep_team)(t, 0, n, pend, z, zr, zk, zcs, zc, rs);
    if (grouped) EIG_FN(eig_ql_apply_sweeps_team)(t, n, held, nheld, z, zr, zk, zcs, zc, rs);
    eig_team_sync(t);
    /* T was finite, so a NaN here is a failure of this code: reported as
     * such, never returned as an answer. */
    for (int i = 0; i < n; i++)
        if (d[i * ds] != d[i * ds]) return EIG_STATUS_NOT_CONVERGED;
    if (!log) EIG_FN(eig_sort_ascending_team)(t, n, d, ds, z, zr, zk, zcs, zc);
    return EIG_STATUS_OK;
}

EIG_HD int EIG_FN(eig_tridiag_ql_team)(eig_team t, int n, eig_real *d, eig_idx ds, eig_real *e, eig_idx es,
                                       eig_real *z, eig_idx zr, eig_idx zk, eig_idx zcs, int zc, eig_real *rot,
                                       eig_real *rot2, eig_idx rs, int max_iter_factor, int *iters)
{
    return EIG_FN(eig_tridiag_ql_run)(t, n, d, ds, e, es, z, zr, zk, zcs, zc, rot, rot2, rs, 0, 0, max_iter_factor,
                                      iters);
}

/* eig_tridiag_ql_team with the sweeps applied to Z `group` at a time
 * (eig_tridiag_ql_run; 2 .. EIG_QL_GROUP_MAX): rot holds 2 n group reals
 * (stride rs). */
EIG_HD int EIG_FN(eig_tridiag_ql_grouped_team)(eig_team t, int n, eig_real *d, eig_idx ds, eig_real *e, eig_idx es,
                                               eig_real *z, eig_idx zr, eig_idx zk, eig_idx zcs, int zc, eig_real *rot,
                                               eig_idx rs, int group, int max_iter_factor, int *iters)
{
    return EIG_FN(eig_tridiag_ql_run)(t, n, d, ds, e, es, z, zr, zk, zcs, zc, rot, 0, rs, 0, group, max_iter_factor,
                                      iters);
}

/* Solo form, Z row-major n x n with zc reals per element (stride zs); rot:
 * 2n reals (stride rs) when z != NULL. */
EIG_HD int EIG_FN(eig_tridiag_ql)(int n, eig_real *d, eig_idx ds, eig_real *e, eig_idx es, eig_real *z, eig_idx zs,
                                  int zc, eig_real *rot, eig_idx rs, int max_iter_factor, int *iters)
{
    eig_team solo = EIG_TEAM_SOLO_INIT;
    return EIG_FN(eig_tridiag_ql_team)(solo, n, d, ds, e, es, z, (eig_idx)n * zc * zs, (eig_idx)zc * zs, zs, zc, rot,
                                       0, rs, max_iter_factor, iters);
}

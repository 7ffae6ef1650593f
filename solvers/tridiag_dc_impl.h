/* Divide and conquer on a real symmetric tridiagonal matrix (d, e) with
 * eigenvectors (Cuppen's method with Gu and Eisenstat's vectors; the maths
 * of LAPACK's dstedc / dlaed0-4, written afresh for teams).
 * Precision-generic body: no include guard.
 *
 * T is torn at leaf boundaries, T = diag(T1, T2) + rho v v^T with
 * v = e_{m-1} + sign(beta) e_m, rho = |beta| (beta = e[m-1]); the leaves
 * (at most EIG_DC_LEAF rows) are solved by the implicit QL of
 * tridiag_ql_impl.h, a warp each in a block team; then pairs of
 * neighbours are merged bottom-up. A merge of Q1, Q2 (eigenvalues d):
 *  - z = (last row of Q1, sign(beta) first row of Q2) / sqrt(2), rho 2|beta|;
 *  - deflation: rho |z_j| <= tol (8 eps max(|d|, |z|)) leaves (d_j, q_j);
 *    of two neighbouring d whose rotation that zeroes one z moves them by at
 *    most tol, one is left (the rotation applied to Q's columns);
 *  - the K remaining roots of 1/rho + sum z_j^2 / (d_j - lambda) = 0, one a
 *    team member, each kept as (nearest pole o, offset tau): d_j - lambda =
 *    (d_j - d_o) - tau is then accurate however close lambda is to d_o.
 *    The iteration interpolates the secular function by the nearest pole
 *    with its exact weight and the other pole of the interval fitted to the
 *    derivative (the fixed-weight rational step of dlaed4), solved for the
 *    new offset itself, safeguarded by a bracket that every evaluation
 *    narrows (Newton's step, then bisection, when the step leaves it);
 *  - zhat from the computed roots (Loewner: zhat_j^2 = prod_i (lambda_i -
 *    d_j) / (rho prod_{i != j} (d_i - d_j))), so that the vectors
 *    u_i = zhat / (d - lambda_i) / norm are orthogonal to working accuracy;
 *  - Q <- [Q's kept columns] U, the deflated columns copied, every column
 *    written to the position of its eigenvalue in ascending order.
 *
 * Z: element (i, j) at z[i*zr + j*zk] (real, n x n), overwritten with T's
 * eigenvectors; d: the eigenvalues ascending; e destroyed. work:
 * eig_tridiag_dc_work(n) reals, contiguous (stride 1); or, swork not NULL,
 * what of eig_tridiag_dc_small_work(n) fits in its sreals reals there
 * (eig_dc_layout) and the rest in work. leaf: the largest leaf (2..32;
 * else EIG_DC_LEAF). wide: the merges' Q U in tiles of 8 columns of U
 * instead of 4 (half the reads of Q, 16 more registers a thread: a
 * constant at each call, so that a kernel
 * that passes 0 keeps its registers); on a GPU with FP64 tensor cores a
 * double-precision team of whole warps multiplies on them instead
 * (EIG_DC_QU_MMA_TILES). Team: the leaves a
 * warp each (block teams of whole warps), a group of lanes each (a warp,
 * leaves of up to EIG_DC_SPLIT_ROWS rows) or the whole team one after
 * another; every merge by the whole team, its loops dealt out; scalar
 * decisions (deflation) by the leader, published through work. Status:
 * EIG_STATUS_OK, or EIG_STATUS_NOT_CONVERGED when a leaf's QL or a root's
 * iteration fails (d, Z then undefined: the callers fill NaN). *iters: the
 * leaves' QL sweeps. */

/* Rows of the largest leaf (the QL solves it): a warp's rows by default. */
#ifndef EIG_DC_LEAF
#define EIG_DC_LEAF 32
#endif
/* Steps of the merge's Q U whose loads go out before their sums (a GPU
 * team otherwise waits a memory latency a step). H100, 2026-11-26 05:38 and
 * 05:55 UTC: warp-sym's Q U at n = 256 39.7 M cycles a matrix with one
 * step, 21.6 M with four, 27.3 M with two; the kernel's wall the same with
 * two or four (144.6 / 144.8 ms), but four took block-tridiag from 168 to
 * 193 registers a thread: single Hermitian n = 80 / 96 (10,000) 83.96 /
 * 121.19 ms against 53.50 / 84.57 with two. */
#ifndef EIG_DC_QU_STEPS
#define EIG_DC_QU_STEPS 2
#endif
/* Iteration cap of one secular root (dlaed4 stops at 30; the bisection
 * fallback may need more steps where the root sits very near a pole). */
#ifndef EIG_DC_SECULAR_MAXIT
#define EIG_DC_SECULAR_MAXIT 200
#endif

/* What a caller of the dense routes passes to have divide and conquer
 * (eig_sym_tridiag_vectors_team): the workspaces and the leaf size. */
#ifndef EIG_DC_CFG_TYPE
#define EIG_DC_CFG_TYPE
typedef struct {
    void *work;  /* eig_tridiag_dc_large_work reals (all of eig_tridiag_dc_work when swork is NULL) */
    void *swork; /* NULL, or eig_tridiag_dc_small_work reals */
    int leaf;    /* 0: EIG_DC_LEAF */
} eig_dc_cfg;
#endif

/* Phase clocks (GPU, the leader's clock64() summed per phase into work, for
 * the block-tridiag profile): leaves, merge and deflation, roots, zhat and
 * U, gather and order, Q U. */
#define EIG_DC_CLOCKS 6
#ifdef __CUDA_ARCH__
#define EIG_DC_CLOCK(w, t, k, c0)                                                                                     \
    do {                                                                                                              \
        if (EIG_TEAM_LEAD(t)) {                                                                                       \
            const long long c1_ = clock64();                                                                          \
            (w).clk[k] += c1_ - (c0);                                                                                 \
            (c0) = c1_;                                                                                               \
        }                                                                                                             \
    } while (0)
#define EIG_DC_NOW() clock64()
#else
#define EIG_DC_CLOCK(w, t, k, c0) ((void)(c0))
#define EIG_DC_NOW() 0LL
#endif

/* Workspace. Large: the gathered columns of Q and U (n x n each) and the
 * phase clocks, wherever the caller has room (global memory on the GPU).
 * Small: nine vectors of n reals and 8 n + 8 ints (lists, permutations,
 * the leaves' results, scalars); those that fit in the caller's faster
 * buffer (swork, sreals reals: the GPU's shared memory) go there, the
 * hottest first, the rest after the large part. */
EIG_HD eig_idx EIG_FN(eig_dc_int_reals)(eig_idx ints)
{
    return (ints * (eig_idx)sizeof(int) + sizeof(eig_real) - 1) / (eig_idx)sizeof(eig_real);
}
/* The small part in pieces, hottest first: the operands of the roots (K
 * evaluations of K terms each) and of zhat, U and the values' order (K^2
 * and N^2 reads: dk, zk, tau, dv); zhat (2 K^2 reads in U); the columns
 * the gather reads and the places the values and Q U's columns go to (N^2
 * and K N reads: col, rank); the merged lists, which the leaves' rotations
 * span (dl, zz); the deflating rotations (rc, rs); the other ints. A piece
 * goes to the fast buffer if it fits in what is left there, else after
 * the large part. */
#define EIG_DC_PIECES 6
EIG_HD eig_idx EIG_FN(eig_dc_piece)(int n, int k)
{
    const eig_idx len[EIG_DC_PIECES] = {4 * (eig_idx)n, (eig_idx)n, EIG_FN(eig_dc_int_reals)(2 * (eig_idx)n),
                                        2 * (eig_idx)n, 2 * (eig_idx)n, EIG_FN(eig_dc_int_reals)(6 * (eig_idx)n + 8)};
    return len[k];
}
EIG_HD eig_idx EIG_FN(eig_tridiag_dc_small_work)(int n)
{
    eig_idx r = 0;
    for (int k = 0; k < EIG_DC_PIECES; k++) r += EIG_FN(eig_dc_piece)(n, k);
    return r;
}
EIG_HD eig_idx EIG_FN(eig_tridiag_dc_large_work)(int n)
{
    return 2 * (eig_idx)n * n + 2 * EIG_DC_CLOCKS + 2;
}
/* Reals of work for eig_tridiag_dc_team with swork NULL (both parts). */
EIG_HD eig_idx EIG_FN(eig_tridiag_dc_work)(int n)
{
    return EIG_FN(eig_tridiag_dc_large_work)(n) + EIG_FN(eig_tridiag_dc_small_work)(n);
}

/* The layout of the workspace (one merge at a time uses it all). */
typedef struct {
    eig_real *w2, *u;                 /* N x N each, column-major */
    eig_real *dl, *zz;                /* merged d (ascending), z; also the leaves' rotations (2n) */
    eig_real *dk, *zk, *zh, *tau, *dv; /* kept d, z; zhat; roots' offsets; deflated values */
    eig_real *rc, *rs;                /* deflation rotations (c, s) */
    int *src;                         /* position -> column of the block (local) */
    int *col;                         /* K kept positions' columns, then the deflated ones' */
    int *orig, *rank, *rp, *rq;       /* root's pole; output position; rotation's two columns */
    int *leafst, *sc;                 /* leaves' status and sweeps; scalars: K, rotations, failures */
    long long *clk;                   /* EIG_DC_CLOCKS phase clocks */
} EIG_FN(eig_dc_ws);

EIG_HD EIG_FN(eig_dc_ws) EIG_FN(eig_dc_layout)(int n, eig_real *work, eig_real *swork, eig_idx sreals)
{
    EIG_FN(eig_dc_ws) w;
    const eig_idx nn = (eig_idx)n * n;
    w.w2 = work, w.u = work + nn;
    w.clk = (long long *)(((uintptr_t)(work + 2 * nn) + 7) & ~(uintptr_t)7);
    eig_real *piece[EIG_DC_PIECES], *slow = work + EIG_FN(eig_tridiag_dc_large_work)(n);
    eig_idx used = 0;
    for (int k = 0; k < EIG_DC_PIECES; k++) {
        const eig_idx len = EIG_FN(eig_dc_piece)(n, k);
        if (swork && used + len <= sreals) piece[k] = swork + used, used += len;
        else piece[k] = slow, slow += len;
    }
    w.dk = piece[0], w.zk = w.dk + n, w.tau = w.zk + n, w.dv = w.tau + n, w.zh = piece[1];
    w.col = (int *)piece[2], w.rank = w.col + n;
    w.dl = piece[3], w.zz = w.dl + n;
    w.rc = piece[4], w.rs = w.rc + n;
    int *iv = (int *)piece[5];
    w.src = iv, w.orig = iv + n, w.rp = iv + 2 * n, w.rq = iv + 3 * n, w.leafst = iv + 4 * n, w.sc = iv + 6 * n;
    return w;
}

/* The sub-teams that solve the leaves: a block team of two or more whole
 * warps splits into its warps; a whole warp (or, when the block's leaves
 * outnumber its warps, each of the block's warps) whose leaves have at
 * most EIG_DC_SPLIT_ROWS rows into groups of EIG_DC_SPLIT_LANES or more
 * lanes (one a leaf, or several leaves each), so that the leaves' chases,
 * each a chain of dependent operations on its group's leader, share the
 * warp's instructions instead of running one after another; otherwise
 * the team itself is the one sub-team. H100, warp-sym, the leaves' cycles
 * a matrix (2026-11-27 05:18 call): leaves of 16 rows by groups of 4 lanes
 * against leaves of 32 rows by the whole warp, n = 128 1.84 M against
 * 4.89 M, n = 256 4.67 M against 10.6 M; leaves of 32 rows by groups of
 * 8 lanes lost (04:20 call, n = 128 6.27 M against 4.89 M). */
#ifndef EIG_DC_SPLIT_ROWS
#define EIG_DC_SPLIT_ROWS 16
#endif
#ifndef EIG_DC_SPLIT_LANES
#define EIG_DC_SPLIT_LANES 4
#endif
/* Lane `lane`'s group when `warps` whole warps share `leaves` leaves: the
 * fewest groups a warp (a power of two, of at least EIG_DC_SPLIT_LANES
 * lanes each, so at most 32 / EIG_DC_SPLIT_LANES: past that a group takes
 * several leaves) that give every leaf its own group; warp w's groups are
 * numbered w g .. w g + g - 1. */
EIG_HD eig_team EIG_FN(eig_dc_lane_group)(int lane, int warp, int warps, int leaves, int *nsub, int *isub)
{
    int groups = 1;
    while (warps * groups < leaves && 32 / (2 * groups) >= EIG_DC_SPLIT_LANES) groups *= 2;
    const int lanes = 32 / groups; /* a power of two: the group's lanes are contiguous and aligned */
    const eig_team s = {lane % lanes, lanes, (lanes == 32 ? 0xffffffffu : (1u << lanes) - 1u) << (lane & ~(lanes - 1)),
                        0};
    *nsub = warps * groups, *isub = warp * groups + lane / lanes;
    return s;
}
EIG_HD eig_team EIG_FN(eig_dc_subteam)(eig_team t, int leaves, int rows, int *nsub, int *isub)
{
#ifdef __CUDA_ARCH__
    const int split = rows <= EIG_DC_SPLIT_ROWS;
#else
    const int split = 0; /* no warps on the host */
    (void)leaves, (void)rows;
#endif
    if (t.block && t.size > 32 && t.size % 32 == 0) {
        const int warps = t.size / 32;
        if (split && leaves > warps)
            return EIG_FN(eig_dc_lane_group)(t.rank & 31, t.rank / 32, warps, leaves, nsub, isub);
        const eig_team s = {t.rank & 31, 32, 0xffffffffu, 0};
        *nsub = warps, *isub = t.rank / 32;
        return s;
    }
    if (split && !t.block && t.size == 32 && t.mask == 0xffffffffu && leaves > 1)
        return EIG_FN(eig_dc_lane_group)(t.rank, 0, 1, leaves, nsub, isub);
    *nsub = 1, *isub = 0;
    return t;
}

/* x[h] = z[j + h] / ((d[j + h] - d0) - tau), h < 4: a pole's weight over
 * its offset from lambda = d0 + tau (the secular function's terms, U's
 * entries), the four divisions side by side (eig_quot4). */
EIG_HD_INLINE void EIG_FN(eig_dc_quot4)(const eig_real *z, const eig_real *d, int j, eig_real d0, eig_real tau,
                                        eig_real x[4])
{
    eig_real zj[4], del[4];
    EIG_UNROLL
    for (int h = 0; h < 4; h++) zj[h] = z[j + h], del[h] = (d[j + h] - d0) - tau;
    EIG_FN(eig_quot4)(zj, del, x);
}

/* Secular function 1/rho + sum_j z_j^2 / delta_j at lambda = dk[o] + tau,
 * delta_j = (dk[j] - dk[o]) - tau; its derivative in *dw, psi (poles up to
 * i) in *psi and phi (the others) in *phi, the near pole's term z_o^2 /
 * delta_o in *tnear. */
EIG_HD eig_real EIG_FN(eig_dc_secular_eval)(int K, const eig_real *dk, const eig_real *zk, eig_real rhoinv, int i,
                                            int o, eig_real tau, eig_real *dw, eig_real *psi, eig_real *phi)
{
    eig_real ps = 0, ph = 0, dps = 0, dph = 0;
    const eig_real d0 = dk[o];
    int j = 0;
    /* four terms' divisions side by side (eig_quot4), summed in order */
    for (; j + 4 <= K; j += 4) {
        eig_real q[4];
        EIG_FN(eig_dc_quot4)(zk, dk, j, d0, tau, q);
        EIG_UNROLL
        for (int h = 0; h < 4; h++) {
            if (j + h <= i) ps += zk[j + h] * q[h], dps += q[h] * q[h];
            else ph += zk[j + h] * q[h], dph += q[h] * q[h];
        }
    }
    for (; j < K; j++) {
        const eig_real del = (dk[j] - d0) - tau, q = zk[j] / del;
        if (j <= i) ps += zk[j] * q, dps += q * q;
        else ph += zk[j] * q, dph += q * q;
    }
    *dw = dps + dph, *psi = ps, *phi = ph;
    return rhoinv + ps + ph;
}

/* Root i (0-based, ascending) of the secular equation of the K kept poles
 * dk (ascending, distinct) with weights zk (sum zk^2 <= 1) and rho > 0:
 * lambda_i = dk[*o] + *tau. Returns 0, or 1 when the iteration did not
 * converge. */
EIG_HD int EIG_FN(eig_dc_secular_root)(int K, const eig_real *dk, const eig_real *zk, eig_real rho, int i, int *o_out,
                                       eig_real *tau_out)
{
    const eig_real rhoinv = 1 / rho;
    eig_real w, wprev = 0, dw, psi, phi, lo, hi, tau;
    int modeled = 0; /* the last step was the model's (or Newton's) */
    int o;
    if (K == 1) {
        *o_out = 0, *tau_out = rho * zk[0] * zk[0];
        return 0;
    }
    if (i < K - 1) {
        /* which half of (d_i, d_i+1) holds the root: the sign at the midpoint */
        const eig_real mid = (dk[i + 1] - dk[i]) / 2;
        w = EIG_FN(eig_dc_secular_eval)(K, dk, zk, rhoinv, i, i, mid, &dw, &psi, &phi);
        /* the first step from the midpoint (its values serve either origin) */
        if (w >= 0) o = i, lo = 0, hi = mid, tau = mid;
        else o = i + 1, lo = -mid, hi = 0, tau = -mid;
        if (w == 0) {
            *o_out = i, *tau_out = mid;
            return 0;
        }
    } else {
        /* the last root lies in (d_K-1, d_K-1 + rho sum z^2] */
        eig_real zz = 0;
        for (int j = 0; j < K; j++) zz += zk[j] * zk[j];
        o = K - 1, lo = 0, hi = rho * zz * (1 + 4 * EIG_EPS), tau = hi / 2;
        w = EIG_FN(eig_dc_secular_eval)(K, dk, zk, rhoinv, i, o, tau, &dw, &psi, &phi);
    }
    const int far = i < K - 1 ? (o == i ? i + 1 : i) : -1;
    for (int it = 0; it < EIG_DC_SECULAR_MAXIT; it++) {
        if (it > 0) w = EIG_FN(eig_dc_secular_eval)(K, dk, zk, rhoinv, i, o, tau, &dw, &psi, &phi);
        const eig_real err = 8 * (phi - psi) + 2 * rhoinv + EIG_FABS(tau) * dw;
        if (EIG_FABS(w) <= EIG_EPS * err) break; /* f is zero to within its rounding */
        if (w < 0) lo = tau;                     /* f increases with lambda */
        else hi = tau;
        if (hi - lo <= 2 * EIG_EPS * (EIG_FABS(lo) > EIG_FABS(hi) ? EIG_FABS(lo) : EIG_FABS(hi))) break;
        /* the model's root, solved for the new offset x itself (not a
         * correction to tau: a root next to its pole, x << tau, would be
         * lost to cancellation in tau + eta); delta_o = -x */
        const eig_real dno = -tau, so = zk[o] * zk[o];
        eig_real next;
        if (far >= 0) {
            const eig_real df = dk[far] - dk[o], dfa = df - tau;
            const eig_real qo = zk[o] / dno;
            eig_real sf = (dw - qo * qo) * dfa * dfa;
            if (sf < 0) sf = 0;
            const eig_real c = w - so / dno - sf / dfa;
            /* c + so / (-x) + sf / (df - x) = 0:  c x^2 - B x + so df = 0 */
            const eig_real B = c * df + so + sf, C = so * df;
            if (c == 0) {
                next = B != 0 ? C / B : lo / 2 + hi / 2;
            } else {
                eig_real disc = B * B - 4 * c * C;
                if (disc < 0) disc = 0;
                const eig_real q = (B + EIG_COPYSIGN(EIG_SQRT(disc), B)) / 2;
                const eig_real x1 = q / c, x2 = q != 0 ? C / q : x1;
                const int in1 = x1 > lo && x1 < hi, in2 = x2 > lo && x2 < hi;
                next = in2 || !in1 ? x2 : x1;
            }
        } else {
            /* the last root: c + s / (-x) fitted to f and f' */
            const eig_real sl = dw * dno * dno, c = w - sl / dno;
            next = c > 0 ? sl / c : lo / 2 + hi / 2;
        }
        /* a model step out of the bracket (the model misses poles at
         * similar distances: clusters): Newton's step, else bisection. Where
         * a model step did not halve |f| while |f| is still far above its
         * rounding (creeping towards a root next to a third pole), a
         * bisection step next. Bisection is geometric
         * where the bracket spans more than a factor of two away from the
         * pole: the offset may have to shrink by many orders. */
        if (!(next > lo && next < hi)) next = tau - w / dw;
        const int slow = modeled && it >= 2 && 2 * EIG_FABS(w) > EIG_FABS(wprev) && EIG_FABS(w) > 64 * EIG_EPS * err;
        modeled = 1;
        if (!(next > lo && next < hi) || slow) {
            if (lo > 0 && hi > 2 * lo) next = EIG_SQRT(lo) * EIG_SQRT(hi);
            else if (hi < 0 && lo < 2 * hi) next = -EIG_SQRT(-lo) * EIG_SQRT(-hi);
            else next = lo / 2 + hi / 2;
            modeled = 0;
        }
        wprev = w;
        if (next == tau) break;
        tau = next;
        if (it == EIG_DC_SECULAR_MAXIT - 1) return 1;
    }
    *o_out = o, *tau_out = tau;
    return 0;
}

/* The merge's Q U tiles, TC columns of U a tile (4 rows a lane by TC):
 * the [kept columns] of w2 times U into Z's block at the values' places
 * (EIG_ZB, w, N, K, L, lane, G, g from the merge). A macro, so that each
 * width is its own code with its own constants. */
#ifndef EIG_DC_QU_TILES
#define EIG_DC_QU_TILES(TC)                                                                                          \
    do {                                                                                                             \
        const int RT = (N + 4 * L - 1) / (4 * L), CT = (K + (TC)-1) / (TC);                                          \
        for (int x = g; x < RT * CT; x += G) {                                                                       \
            const int i0 = 4 * L * (x % RT) + lane, q0 = (TC) * (x / RT);                                            \
            eig_real acc[4][TC] = {{0}};                                                                             \
            const eig_real *uq[TC];                                                                                  \
            EIG_UNROLL                                                                                               \
            for (int cq = 0; cq < (TC); cq++) uq[cq] = w.u + (eig_idx)(q0 + cq < K ? q0 + cq : q0) * K;              \
            for (int c = 0; c < K; c += EIG_DC_QU_STEPS) { /* past K: zeros, which add nothing */                    \
                eig_real xr[EIG_DC_QU_STEPS][4], xu[EIG_DC_QU_STEPS][TC];                                            \
                EIG_UNROLL                                                                                           \
                for (int s = 0; s < EIG_DC_QU_STEPS; s++) {                                                          \
                    const eig_real *wc = w.w2 + (eig_idx)(c + s) * N + i0;                                           \
                    EIG_UNROLL                                                                                       \
                    for (int r = 0; r < 4; r++) xr[s][r] = c + s < K && i0 + L * r < N ? wc[L * r] : EIG_ZERO;      \
                    EIG_UNROLL                                                                                       \
                    for (int cq = 0; cq < (TC); cq++) xu[s][cq] = c + s < K ? uq[cq][c + s] : EIG_ZERO;              \
                }                                                                                                    \
                EIG_UNROLL                                                                                           \
                for (int s = 0; s < EIG_DC_QU_STEPS; s++)                                                            \
                    EIG_UNROLL                                                                                       \
                    for (int r = 0; r < 4; r++)                                                                      \
                        EIG_UNROLL                                                                                   \
                        for (int cq = 0; cq < (TC); cq++) acc[r][cq] += xr[s][r] * xu[s][cq];                        \
            }                                                                                                        \
            EIG_UNROLL                                                                                               \
            for (int cq = 0; cq < (TC); cq++)                                                                        \
                EIG_UNROLL                                                                                           \
                for (int r = 0; r < 4; r++)                                                                          \
                    if (i0 + L * r < N && q0 + cq < K) EIG_ZB(i0 + L * r, w.rank[q0 + cq]) = acc[r][cq];             \
        }                                                                                                            \
    } while (0)
#endif

/* The merge's Q U on FP64 tensor cores (sm_80 and later, double; a team of
 * whole warps): each warp takes 32 rows by 16 columns of U as 4 x 2 tiles
 * of mma.m8n8k4 (8 x 8 results from 8 x 4 of w2 and 4 x 8 of U, one value
 * of each a lane), so a lane loads 6 values for 2,048 multiply-adds where
 * the per-lane tiles load 12 for 1,024. Full FP64 products and sums, in
 * another order than the per-lane tiles'. Pad rows and columns read
 * zeros. H100, 2026-11-26 16:27 UTC: warp-sym's Q U at n = 192 9.4 M
 * cycles a matrix against 21.4 M; symmetric with vectors 4,000 x 192
 * 110.3 ms against 122.0 (docs/performance.md). -DEIG_DC_QU_MMA=0: off. */
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
#ifndef EIG_DC_MMA_ONCE
#define EIG_DC_MMA_ONCE
#ifndef EIG_DC_QU_MMA
#define EIG_DC_QU_MMA 1
#endif
/* d (8 x 8, two values a lane) += a (8 x 4, one a lane) b (4 x 8, one a lane).
 * volatile: the compiler may not sink it under a lane's condition (every
 * lane of the warp must run each mma.sync.aligned). */
__device__ __forceinline__ void eig_dc_dmma(double &d0, double &d1, double a, double b)
{
    asm volatile("mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {%0, %1}, {%2}, {%3}, {%0, %1};"
        : "+d"(d0), "+d"(d1)
        : "d"(a), "d"(b));
}
#endif
/* Steps of 4 of the sum whose loads go before their products: 4 (16
 * values a lane in flight) against 2: H100, 2026-11-27 02:46 UTC, warp-sym's
 * Q U at n = 128 2.36 -> 1.86 M cycles a matrix, n = 256 26.6 -> 23.0 M. */
#ifndef EIG_DC_MMA_STEPS
#define EIG_DC_MMA_STEPS 4
#endif
#if EIG_IS_DOUBLE && EIG_DC_QU_MMA
#define EIG_DC_QU_ON_TENSOR_CORES 1
#define EIG_DC_QU_MMA_TILES()                                                                                        \
    do {                                                                                                             \
        const int RT = (N + 31) / 32, CT = (K + 15) / 16, grp = lane >> 2, tig = lane & 3;                           \
        for (int x = g; x < RT * CT; x += G) {                                                                       \
            const int i0 = 32 * (x % RT) + grp, q0 = 16 * (x / RT);                                                  \
            double acc[4][2][2] = {{{0}}};                                                                           \
            const double *uq[2];                                                                                     \
            int qin[2];                                                                                              \
            EIG_UNROLL                                                                                               \
            for (int f = 0; f < 2; f++) {                                                                            \
                const int q = q0 + grp + 8 * f;                                                                      \
                qin[f] = q < K, uq[f] = w.u + (eig_idx)(q < K ? q : 0) * K;                                          \
            }                                                                                                        \
            for (int c = 0; c < K; c += 4 * EIG_DC_MMA_STEPS) { /* their loads before their products */         \
                double xa[EIG_DC_MMA_STEPS][4], xb[EIG_DC_MMA_STEPS][2];                                             \
                EIG_UNROLL                                                                                           \
                for (int s = 0; s < EIG_DC_MMA_STEPS; s++) {                                                         \
                    const int cc = c + 4 * s + tig;                                                                  \
                    const double *wc = w.w2 + (eig_idx)(cc < K ? cc : 0) * N;                                        \
                    EIG_UNROLL                                                                                       \
                    for (int r = 0; r < 4; r++) xa[s][r] = cc < K && i0 + 8 * r < N ? wc[i0 + 8 * r] : 0.0;         \
                    EIG_UNROLL                                                                                       \
                    for (int f = 0; f < 2; f++) xb[s][f] = cc < K && qin[f] ? uq[f][cc] : 0.0;                      \
                }                                                                                                    \
                EIG_UNROLL                                                                                           \
                for (int s = 0; s < EIG_DC_MMA_STEPS; s++)                                                           \
                    EIG_UNROLL                                                                                       \
                    for (int r = 0; r < 4; r++)                                                                      \
                        EIG_UNROLL                                                                                   \
                        for (int f = 0; f < 2; f++) eig_dc_dmma(acc[r][f][0], acc[r][f][1], xa[s][r], xb[s][f]);     \
            }                                                                                                        \
            EIG_UNROLL                                                                                               \
            for (int r = 0; r < 4; r++)                                                                              \
                EIG_UNROLL                                                                                           \
                for (int f = 0; f < 2; f++)                                                                          \
                    EIG_UNROLL                                                                                       \
                    for (int h = 0; h < 2; h++) {                                                                    \
                        const int q = q0 + 8 * f + 2 * tig + h;                                                      \
                        if (i0 + 8 * r < N && q < K) EIG_ZB(i0 + 8 * r, w.rank[q]) = acc[r][f][h];                    \
                    }                                                                                                \
        }                                                                                                            \
    } while (0)
#endif
#endif

/* Merges the solved halves [a, m), [m, b) of the block [a, b): d[a..b) and
 * Z's block hold their eigenpairs (each half ascending); afterwards the
 * block's. wide: Q U in tiles of 8 columns instead of 4 (eig_tridiag_dc_team).
 * Returns the number of roots that failed. */
EIG_HD int EIG_FN(eig_dc_merge_team)(eig_team t, int a, int m, int b, eig_real *d, eig_idx ds,
                                     const eig_real *e, eig_idx es, eig_real *z, eig_idx zr, eig_idx zk,
                                     EIG_FN(eig_dc_ws) w, int wide)
{
    const int N = b - a, n1 = m - a;
    const eig_real beta = e[(m - 1) * es], rho = 2 * EIG_FABS(beta), sgn = beta < 0 ? -EIG_ONE : EIG_ONE;
    const eig_real r2 = EIG_SQRT((eig_real)0.5);
    long long c0 = EIG_DC_NOW();
#define EIG_ZB(i, j) z[(eig_idx)(a + (i)) * zr + (eig_idx)(a + (j)) * zk]
    /* merge the halves' ascending lists: position of each entry, its column
     * and its z (last row of Q1, sign(beta) first row of Q2, over sqrt 2) */
    EIG_TEAM_FOR(t, j, 0, N - 1) {
        const eig_real x = d[(a + j) * ds];
        int pos;
        if (j < n1) {
            int lo = 0, hi = N - n1; /* count of the second half's values below x */
            while (lo < hi) {
                const int mi = (lo + hi) / 2;
                if (d[(m + mi) * ds] < x) lo = mi + 1;
                else hi = mi;
            }
            pos = j + lo;
        } else {
            int lo = 0, hi = n1; /* count of the first half's values at most x */
            while (lo < hi) {
                const int mi = (lo + hi) / 2;
                if (d[(a + mi) * ds] <= x) lo = mi + 1;
                else hi = mi;
            }
            pos = j - n1 + lo;
        }
        w.dl[pos] = x, w.src[pos] = j;
        w.zz[pos] = j < n1 ? EIG_ZB(n1 - 1, j) * r2 : sgn * EIG_ZB(n1, j) * r2;
    }
    eig_team_sync(t);
    /* deflation, by the leader: kept positions to col[0..K), the deflated
     * ones' columns from col[N-1] down, their values in dv */
    if (EIG_TEAM_LEAD(t)) {
        eig_real dmax = 0, zmax = 0;
        for (int p = 0; p < N; p++) {
            if (EIG_FABS(w.dl[p]) > dmax) dmax = EIG_FABS(w.dl[p]);
            if (EIG_FABS(w.zz[p]) > zmax) zmax = EIG_FABS(w.zz[p]);
        }
        const eig_real tol = 8 * EIG_EPS * (dmax > zmax ? dmax : zmax);
        int K = 0, nd = 0, nrot = 0, pj = -1;
        for (int p = 0; p < N; p++) {
            if (rho * EIG_FABS(w.zz[p]) <= tol) { /* z_p negligible: (d_p, q_p) is an eigenpair */
                nd++;
                w.col[N - nd] = w.src[p], w.dv[N - nd] = w.dl[p];
                continue;
            }
            if (pj >= 0) {
                /* the rotation that zeroes z_pj against z_p moves d by
                 * |t c s| = |t z_p z_pj| / (z_p^2 + z_pj^2): tested without
                 * the square root and divisions, which are paid only by a
                 * deflation */
                const eig_real s0 = w.zz[pj], c0 = w.zz[p], tt = w.dl[p] - w.dl[pj];
                if (EIG_FABS(tt) * EIG_FABS(c0 * s0) <= tol * (c0 * c0 + s0 * s0)) {
                    const eig_real r = EIG_HYPOT(c0, s0), c = c0 / r, s = -s0 / r;
                    w.zz[p] = r, w.zz[pj] = 0;
                    w.rp[nrot] = w.src[pj], w.rq[nrot] = w.src[p], w.rc[nrot] = c, w.rs[nrot] = s;
                    nrot++;
                    const eig_real dpj = w.dl[pj] * c * c + w.dl[p] * s * s;
                    w.dl[p] = w.dl[pj] * s * s + w.dl[p] * c * c;
                    nd++;
                    w.col[N - nd] = w.src[pj], w.dv[N - nd] = dpj;
                    pj = p;
                    continue;
                }
                w.col[K] = w.src[pj], w.dk[K] = w.dl[pj], w.zk[K] = w.zz[pj];
                K++;
            }
            pj = p;
        }
        if (pj >= 0) {
            w.col[K] = w.src[pj], w.dk[K] = w.dl[pj], w.zk[K] = w.zz[pj];
            K++;
        }
        w.sc[0] = K, w.sc[1] = nrot, w.sc[2] = 0;
    }
    eig_team_sync(t);
    EIG_DC_CLOCK(w, t, 1, c0);
    const int K = w.sc[0], nrot = w.sc[1];
    /* the deflating rotations on Q's columns (c q_p + s q_q, c q_q - s q_p),
     * in order, a member per row */
    if (nrot)
        EIG_TEAM_FOR(t, i, 0, N - 1)
            for (int r = 0; r < nrot; r++) {
                const eig_real c = w.rc[r], s = w.rs[r], x = EIG_ZB(i, w.rp[r]), y = EIG_ZB(i, w.rq[r]);
                EIG_ZB(i, w.rp[r]) = c * x + s * y;
                EIG_ZB(i, w.rq[r]) = c * y - s * x;
            }
    /* the roots, a member each */
    int fail = 0;
    EIG_TEAM_FOR(t, i, 0, K - 1) fail += EIG_FN(eig_dc_secular_root)(K, w.dk, w.zk, rho, i, &w.orig[i], &w.tau[i]);
    eig_team_sync(t);
    EIG_DC_CLOCK(w, t, 2, c0);
    /* each root's pole d_o into dv[0..K) (free until the values go there):
     * zhat and U take d_j - lambda_i = (d_j - d_o) - tau_i K^2 times each,
     * and the pole's index was a load the pole's load waited for. The same
     * operations in the same order; zhat and U, cycles a matrix (H100,
     * warp-sym, 2026-11-27 05:46 call): n = 128 2.24 -> 1.98 M, n = 256
     * 10.17 -> 7.66 M */
    EIG_TEAM_FOR(t, i, 0, K - 1) w.dv[i] = w.dk[w.orig[i]];
    eig_team_sync(t);
    /* zhat_j from the roots, each factor in (0, 1] (no overflow) */
    EIG_TEAM_FOR(t, j, 0, K - 1) {
        const eig_real dj = w.dk[j];
        eig_real p = -((dj - w.dv[K - 1]) - w.tau[K - 1]) / rho;
        int i = 0;
        for (; i + 4 <= K - 1; i += 4) { /* four factors' divisions side by side, multiplied in order */
            eig_real num[4], den[4], f[4];
            EIG_UNROLL
            for (int h = 0; h < 4; h++) {
                num[h] = -((dj - w.dv[i + h]) - w.tau[i + h]);
                den[h] = i + h < j ? w.dk[i + h] - dj : w.dk[i + h + 1] - dj;
            }
            EIG_FN(eig_quot4)(num, den, f);
            EIG_UNROLL
            for (int h = 0; h < 4; h++) p *= f[h];
        }
        for (; i < K - 1; i++)
            p *= -((dj - w.dv[i]) - w.tau[i]) / (i < j ? w.dk[i] - dj : w.dk[i + 1] - dj);
        w.zh[j] = EIG_COPYSIGN(EIG_SQRT(EIG_FABS(p)), w.zk[j]);
    }
    eig_team_sync(t);
    /* U's columns u_i = zhat / (d - lambda_i), normalised: the norm, then
     * each entry made again and stored scaled (the same values as storing
     * it and scaling it in place, without reading U back; the pole and the
     * offset in registers: the stores to u may alias them for the compiler) */
    EIG_TEAM_FOR(t, i, 0, K - 1) {
        const eig_real doi = w.dv[i], ti = w.tau[i];
        eig_real s = 0;
        eig_real *ui = w.u + (eig_idx)i * K;
        int j = 0;
        for (; j + 4 <= K; j += 4) { /* four entries' divisions side by side */
            eig_real x[4];
            EIG_FN(eig_dc_quot4)(w.zh, w.dk, j, doi, ti, x);
            EIG_UNROLL
            for (int h = 0; h < 4; h++) s += x[h] * x[h];
        }
        for (; j < K; j++) {
            const eig_real x = w.zh[j] / ((w.dk[j] - doi) - ti);
            s += x * x;
        }
        s = 1 / EIG_SQRT(s);
        for (j = 0; j + 4 <= K; j += 4) {
            eig_real x[4];
            EIG_FN(eig_dc_quot4)(w.zh, w.dk, j, doi, ti, x);
            EIG_UNROLL
            for (int h = 0; h < 4; h++) ui[j + h] = x[h] * s;
        }
        for (; j < K; j++) ui[j] = w.zh[j] / ((w.dk[j] - doi) - ti) * s;
    }
    eig_team_sync(t);
    EIG_DC_CLOCK(w, t, 3, c0);
    /* gather the kept columns, then the deflated ones, into w2 (column-major
     * N x N); four entries a member at a time, their loads before their
     * stores (one at a time, each load waited for the previous store) */
    for (eig_idx x0 = t.rank; x0 < (eig_idx)N * N; x0 += 4 * (eig_idx)t.size) {
        eig_real gz[4];
        EIG_UNROLL
        for (int h = 0; h < 4; h++) {
            const eig_idx x = x0 + h * (eig_idx)t.size;
            gz[h] = x < (eig_idx)N * N ? EIG_ZB((int)(x % N), w.col[x / N]) : 0;
        }
        EIG_UNROLL
        for (int h = 0; h < 4; h++) {
            const eig_idx x = x0 + h * (eig_idx)t.size;
            if (x < (eig_idx)N * N) w.w2[x] = gz[h];
        }
    }
    /* every value's place in ascending order (ties by index): roots first,
     * then deflated values; the values go to dv */
    EIG_TEAM_FOR(t, q, 0, K - 1) w.dv[q] += w.tau[q]; /* d_o + tau */
    eig_team_sync(t);
    EIG_TEAM_FOR(t, q, 0, N - 1) {
        const eig_real x = w.dv[q];
        int r = 0;
        for (int y = 0; y < N; y++) r += w.dv[y] < x || (w.dv[y] == x && y < q);
        w.rank[q] = r;
    }
    eig_team_sync(t);
    EIG_DC_CLOCK(w, t, 4, c0);
    EIG_TEAM_FOR(t, q, 0, N - 1) d[(a + w.rank[q]) * ds] = w.dv[q];
    /* Z's block <- [kept columns] U: a group of L lanes (a warp, or one
     * member) takes 4 L rows (lane + L r, r < 4: each load of w2 one
     * coalesced line for the warp) by 4 or 8 columns (wide; one address of
     * U for the whole warp), 16 or 32 sums from 8 or 12 loads a step, the
     * loads of EIG_DC_QU_STEPS steps issued before their sums
     * (EIG_DC_QU_TILES), or a warp's tiles on tensor cores
     * (EIG_DC_QU_MMA_TILES); the deflated columns as they are */
    const int L = EIG_FN(eig_team_lanes)(t), lane = t.rank % L, G = t.size / L, g = t.rank / L;
#ifdef EIG_DC_QU_ON_TENSOR_CORES
    if (L == 32)
        EIG_DC_QU_MMA_TILES();
    else
#endif
    if (wide)
        EIG_DC_QU_TILES(8);
    else
        EIG_DC_QU_TILES(4);
    for (eig_idx x = (eig_idx)K * N + t.rank; x < (eig_idx)N * N; x += t.size) {
        const int i = (int)(x % N), q = (int)(x / N);
        EIG_ZB(i, w.rank[q]) = w.w2[x];
    }
    eig_team_sync(t);
    EIG_DC_CLOCK(w, t, 5, c0);
#undef EIG_ZB
    return fail;
}
#undef EIG_DC_QU_ON_TENSOR_CORES /* the next precision decides afresh */
#undef EIG_DC_QU_MMA_TILES

EIG_HD int EIG_FN(eig_tridiag_dc_team)(eig_team t, int n, eig_real *d, eig_idx ds, eig_real *e, eig_idx es,
                                       eig_real *z, eig_idx zr, eig_idx zk, eig_real *work, eig_real *swork,
                                       eig_idx sreals, int leaf, int wide, int max_iter_factor, int *iters)
{
    EIG_FN(eig_dc_ws) w = EIG_FN(eig_dc_layout)(n, work, swork, sreals);
    if (leaf < 2 || leaf > 32) leaf = EIG_DC_LEAF;
    if (iters) *iters = 0;
    if (n <= 0) return EIG_STATUS_OK;
    long long c0 = EIG_DC_NOW();
    if (EIG_TEAM_LEAD(t))
        for (int k = 0; k < EIG_DC_CLOCKS; k++) w.clk[k] = 0;
    /* Z = I */
    for (eig_idx x = t.rank; x < (eig_idx)n * n; x += t.size) {
        const int i = (int)(x % n), j = (int)(x / n);
        z[i * zr + j * zk] = i == j ? EIG_ONE : EIG_ZERO;
    }
    /* scale T by a power of two (exact) to max-abs near 1: the secular
     * equation's tolerances and 1/rho assume it */
    eig_real big = 0;
    for (int i = 0; i < n; i++) {
        if (EIG_FABS(d[i * ds]) > big) big = EIG_FABS(d[i * ds]);
        if (i + 1 < n && EIG_FABS(e[i * es]) > big) big = EIG_FABS(e[i * es]);
    }
    eig_real sigma = EIG_ONE;
    if (big > 0) {
        while (big * sigma > 1) sigma *= (eig_real)0.5;
        while (big * sigma < (eig_real)0.5) sigma *= 2;
    }
    /* the leaves: L (a power of two) ranges of at most EIG_DC_LEAF rows */
    int L = 1;
    while ((n + L - 1) / L > leaf) L *= 2;
    eig_team_sync(t); /* all have read d, e */
    if (EIG_TEAM_LEAD(t)) {
        if (sigma != EIG_ONE)
            for (int i = 0; i < n; i++) {
                d[i * ds] *= sigma;
                if (i + 1 < n) e[i * es] *= sigma;
            }
        for (int k = 1; k < L; k++) { /* tear: T = diag(T1, T2) + |beta| v v^T */
            const int mk = (int)((eig_idx)k * n / L);
            const eig_real ab = EIG_FABS(e[(mk - 1) * es]);
            d[(mk - 1) * ds] -= ab, d[mk * ds] -= ab;
        }
    }
    eig_team_sync(t);
    int nsub, isub;
    const eig_team sub = EIG_FN(eig_dc_subteam)(t, L, (n + L - 1) / L, &nsub, &isub);
    for (int k = isub; k < L; k += nsub) {
        const int lo = (int)((eig_idx)k * n / L), hi = (int)((eig_idx)(k + 1) * n / L), len = hi - lo;
        int it = 0;
        const int st = EIG_FN(eig_tridiag_ql_team)(sub, len, d + lo * ds, ds, e + lo * es, es, z + lo * zr + lo * zk,
                                                   zr, zk, 0, 1, w.dl + 2 * lo, 0, 1, max_iter_factor, &it);
        if (EIG_TEAM_LEAD(sub)) w.leafst[2 * k] = st, w.leafst[2 * k + 1] = it;
    }
    eig_team_sync(t);
    EIG_DC_CLOCK(w, t, 0, c0);
    int st = EIG_STATUS_OK, its = 0;
    for (int k = 0; k < L; k++) {
        if (w.leafst[2 * k] != EIG_STATUS_OK) st = EIG_STATUS_NOT_CONVERGED;
        its += w.leafst[2 * k + 1];
    }
    if (iters) *iters = its;
    eig_team_sync(t); /* all have read the leaves' results */
    if (st != EIG_STATUS_OK) return st;
    /* merges, bottom-up: groups of g leaves into groups of 2g */
    int fail = 0;
    for (int g = 1; g < L; g *= 2)
        for (int k = 0; k < L; k += 2 * g) {
            const int a = (int)((eig_idx)k * n / L), m = (int)((eig_idx)(k + g) * n / L);
            const int b = (int)((eig_idx)(k + 2 * g) * n / L);
            fail += EIG_FN(eig_dc_merge_team)(t, a, m, b, d, ds, e, es, z, zr, zk, w, wide);
        }
    /* a failed root in any member fails the matrix */
    if (EIG_TEAM_LEAD(t)) w.sc[3] = 0;
    eig_team_sync(t);
    if (fail) w.sc[3] = 1;
    eig_team_sync(t);
    if (w.sc[3]) st = EIG_STATUS_NOT_CONVERGED;
    for (int i = 0; i < n; i++)
        if (d[i * ds] != d[i * ds]) st = EIG_STATUS_NOT_CONVERGED;
    eig_team_sync(t); /* all have read d and the flag */
    if (st == EIG_STATUS_OK && sigma != EIG_ONE) {
        EIG_TEAM_FOR(t, i, 0, n - 1) d[i * ds] /= sigma;
        eig_team_sync(t);
    }
    return st;
}

/* Solo form. */
EIG_HD int EIG_FN(eig_tridiag_dc)(int n, eig_real *d, eig_idx ds, eig_real *e, eig_idx es, eig_real *z, eig_idx zr,
                                  eig_idx zk, eig_real *work, int max_iter_factor, int *iters)
{
    eig_team solo = EIG_TEAM_SOLO_INIT;
    return EIG_FN(eig_tridiag_dc_team)(solo, n, d, ds, e, es, z, zr, zk, work, 0, 0, 0, 0, max_iter_factor, iters);
}

/* ---- warp-sym: real symmetric eigenvalues and vectors, one warp per matrix ----
 * Occupancy instead of residency (docs/performance.md, "What EigenG does
 * that puts it ahead at n = 192-256"): block-tridiag gives a matrix a block
 * of 256 threads and paces it by block barriers, a few matrices an SM; here
 * a matrix gets one warp, no block barrier anywhere (shuffles, ballots and
 * __syncwarp only), and 16 warps an SM interleave their chains of
 * dependent loads. A, V and Z stay in global memory (L1/L2); shared memory
 * holds only d, e and a buffer of 4n-8n reals per warp (the rotations of
 * 2-4 sweeps, warp_sym_group). The phases:
 *   1. eig_dense_prepare_team (NaN/Inf check, power-of-two scaling), the
 *      lower triangle mirrored so that a lane can own whole columns;
 *   2. Householder reduction (dsytd2's reflectors, stored as the CPU stores
 *      them: u below the subdiagonal of column k, tau above the diagonal),
 *      one pass over the trailing block per reflector: the pass applies the
 *      previous reflector's rank-2 update and, from the entries it has just
 *      updated, accumulates A u of the next one (lane = column, coalesced;
 *      the next reflector's column is updated first, on its own);
 *   3. V = Q = H_0 ... H_{n-3} in the vectors output, four reflectors at a
 *      time (compact WY, I - U T U^T: a pass for U^T V, a pass for the
 *      update), then copied transposed into A's slot as Z (column-major, so
 *      that a lane per row reads consecutive addresses);
 *   4. implicit QL/QR with LAPACK's splitting test, solvers/ code as on the
 *      CPU (eig_tridiag_ql_grouped_team with a warp team: the chase in one
 *      lane, the rotations of 2-4 sweeps (warp_sym_group) then applied to
 *      Z together by all lanes on their own rows, one pass over Z for the
 *      group), the sort with Z's columns;
 *   5. values unscaled, Z written out row-major; a failure (not converged,
 *      an eigenvalue past the largest float) leaves NaN in every value and
 *      vector slot of the matrix and its status, as the CPU does.
 * Values only (warp_sym_kernel<0>): phases 1 and 2 as above, no V, Q or Z;
 * then lane 0 runs the CPU's values-only QL/QR on (d, e)
 * (eig_tridiag_ql_values_finish: the same iteration without rotations,
 * values sorted and unscaled, NaN on failure) while the SM's other warps
 * reduce their matrices.
 * Per precision body, included from batch_gpu_impl.cuh. */
#ifndef EIG_WARP_SYM_ONCE
#define EIG_WARP_SYM_ONCE
#define EIG_WARP_SYM_WARPS 4 /* warps (matrices) a block */
/* Columns a lane owns at most in the reduction and in forming Q (register
 * arrays): n <= 32 * this. */
#define EIG_WARP_SYM_COLS 8
#define EIG_WARP_SYM_MAX_N (32 * EIG_WARP_SYM_COLS)
/* __launch_bounds__ minimum blocks an SM: 4 blocks of 4 warps caps the
 * registers at 128 a thread (16 warps an SM at least). 6 (80 registers,
 * 24 warps) spilled and lost: n = 128 / 192 / 256 292.5 / 394.7 / 353.2 ms
 * against 179.4 / 211.0 / 240.6 (H100, 2026-11-25 02:10 UTC). */
#define EIG_WARP_SYM_MIN_BLOCKS 4
/* The values-only kernel too: 6 / 8 blocks (80 / 64 registers, 280 / 336
 * bytes of stack in double) lost at every n, double n = 128 / 160 / 192 /
 * 224 / 256: 4 blocks 76.2 / 83.4 / 92.0 / 111.1 / 104.1 ms, 6: 111.1 /
 * 118.9 / 156.8 / 167.2 / 151.8, 8: 147.6 / 176.6 / 215.3 / 199.0 / 169.1;
 * single n = 192 / 256: 57.7 / 64.6, 62.4 / 68.7, 60.5 / 78.4 (H100,
 * 2026-11-25 03:12 UTC, device-resident). */
/* auto takes warp-sym for symmetric matrices with vectors from this n up
 * (single precision: _SINGLE), for jobs of at least _MIN_JOB_PER_SM
 * matrices an SM (fewer leave most of each SM idle, where block-tridiag's
 * 256 threads a matrix finish sooner). H100, 2026-11-25 02:22 UTC,
 * device-resident, ms, double: n = 96 (10,000) warp-tridiag 65.9 /
 * warp-sym 67.5; n = 112 (10,000) 146.4 / 104.1; n = 128 (10,000)
 * 186.3 / 141.7 (block-tridiag 213.1); n = 192 (4,000) block-tridiag
 * 387.7 / warp-sym 194.7; n = 224 (3,000) 441.1 / 254.7; n = 256 (2,000)
 * 552.5 / 255.2; small jobs, block-tridiag / warp-sym: n = 256, 132
 * matrices 41.8 / 80.2, 264: 81.7 / 92.7, 1,056: 300.2 / 145.3 (02:10);
 * n = 192, 264: 28.3 / 39.1, 528: 54.9 / 46.4 (02:10); n = 128, 264:
 * 8.0 / 10.9, 1,056: 29.1 / 23.6 (02:10); single, n = 128 (10,000)
 * warp-tridiag 79.8 / warp-sym 80.7 (docs/performance.md, "warp-sym"). */
#define EIG_WARP_SYM_FROM 112
#define EIG_WARP_SYM_FROM_SINGLE 129
#define EIG_WARP_SYM_MIN_JOB_PER_SM 4
/* auto takes warp-sym for symmetric values only from this n up (same
 * minimum job): below, warp-tridiag (a lane per matrix) wins. H100,
 * 2026-11-25 03:04 UTC, device-resident, ms, warp-tridiag or
 * block-tridiag / warp-sym, double: n = 64 (20,000) 17.7 / 21.5, 96
 * (10,000) 27.0 / 36.4, 112 (10,000) 54.1 / 55.4, 128 (10,000) 69.5 /
 * 77.0; block-tridiag: 160 (6,000) 146.5 / 85.5, 192 (4,000) 164.1 / 93.2,
 * 224 (3,000) 207.7 / 112.8, 256 (2,000) 196.3 / 104.4; single: 128
 * 30.5 / 44.0, 192 121.6 / 57.7, 256 144.9 / 64.7 (docs/performance.md,
 * "warp-sym", values only). */
#define EIG_WARP_SYM_VALUES_FROM 129
#define EIG_WARP_SYM_VALUES_FROM_SINGLE 129
/* Shared memory a warp may take: 16 warps (four blocks) an SM. */
#define EIG_WARP_SYM_SMEM_PER_WARP (14 * 1024)
#endif

/* Sweeps the QL phase applies to Z together (eig_tridiag_ql_grouped_team):
 * as many as EIG_QL_GROUP_MAX whose rotations (2n reals a sweep) still let
 * 16 warps share an SM's shared memory (14 KB a warp), at least two.
 * Each group is one pass over Z instead of one a sweep. */
EIG_HD int EIG_FN(warp_sym_group)(int n)
{
    int g = EIG_QL_GROUP_MAX;
    while (g > 2 && (size_t)(2 + 2 * g) * (size_t)n * sizeof(eig_real) > EIG_WARP_SYM_SMEM_PER_WARP) g--;
    return g;
}

/* Shared reals of one warp: d, e, and a buffer of 2n a sweep of the group
 * (at least 4n: the reduction's u, next u and w; the four reflectors of a
 * compact-WY block; the QL's rotations). Values only: d, e and the
 * reduction's 3n. */
EIG_HD size_t EIG_FN(warp_sym_smem_reals)(int n, int vectors)
{
    return (size_t)(vectors ? 2 + 2 * EIG_FN(warp_sym_group)(n) : 5) * (size_t)n;
}

/* Phase 2 (see the top of the file). a: n x n row-major, full (both
 * triangles), scaled; buf: 3n reals of shared memory. */
__device__ void EIG_FN(warp_sym_reduce)(int lane, int n, eig_real *a, eig_real *d, eig_real *e, eig_real *buf)
{
    const eig_team t = {lane, 32, 0xffffffffu, 0};
#define EIG_A(i, j) a[(eig_idx)(i) * n + (j)]
    /* up, w: the reflector whose update is pending (u and w = p - (tau/2)(p.u) u);
     * un: the reflector being made */
    eig_real *up = buf, *un = buf + n, *w = buf + 2 * n;
    for (int i = 1; i < n; i++)
        for (int j = lane; j < i; j += 32) EIG_A(j, i) = EIG_A(i, j);
    for (int i = lane; i < n; i += 32) up[i] = EIG_ZERO, w[i] = EIG_ZERO;
    __syncwarp();
    for (int k = 0; k + 2 < n; k++) {
        const int r0 = k + 1;
        /* column k, rows k.. (the lower triangle): the pending update */
        {
            const eig_real upk = up[k], wk = w[k];
            for (int i = k + lane; i < n; i += 32) EIG_A(i, k) -= up[i] * wk + w[i] * upk;
        }
        __syncwarp();
        /* reflector k from column k (as eig_sym_tridiag_reduce_team) */
        const eig_real alpha = EIG_A(r0, k);
        const eig_real xnorm = EIG_FN(eig_col_norm_team)(t, n, a, 1, 1, k, r0 + 1, 0);
        eig_real beta = alpha, tk = 0, scale = 0;
        if (xnorm >= EIG_FN(eig_reflector_floor)()) {
            beta = -EIG_COPYSIGN(EIG_HYPOT(alpha, xnorm), alpha);
            tk = (beta - alpha) / beta;
            scale = 1 / (alpha - beta);
        }
        for (int i = lane; i < n; i += 32) {
            eig_real u = EIG_ZERO;
            if (tk != 0 && i == r0) u = EIG_ONE;
            if (tk != 0 && i > r0) {
                u = EIG_A(i, k) * scale;
                EIG_A(i, k) = u;
            }
            un[i] = u;
        }
        if (lane == 0) {
            d[k] = EIG_A(k, k);
            e[k] = beta;
            EIG_A(k, r0) = tk; /* row k's upper part is read no more */
        }
        __syncwarp();
        /* one pass over rows r0.., the lane's columns r0..: the pending
         * update, and y = A22 u of the new reflector from the updated
         * entries. Two rows' loads before their stores. */
        eig_real y[EIG_WARP_SYM_COLS], wj[EIG_WARP_SYM_COLS], uj[EIG_WARP_SYM_COLS];
        EIG_UNROLL
        for (int c = 0; c < EIG_WARP_SYM_COLS; c++) {
            const int j = lane + 32 * c;
            const int ok = j >= r0 && j < n;
            y[c] = EIG_ZERO, wj[c] = ok ? w[j] : EIG_ZERO, uj[c] = ok ? up[j] : EIG_ZERO;
        }
        int i = r0;
        for (; i + 1 < n; i += 2) {
            const eig_real u0 = up[i], w0 = w[i], v0 = un[i], u1 = up[i + 1], w1 = w[i + 1], v1 = un[i + 1];
            eig_real x0[EIG_WARP_SYM_COLS], x1[EIG_WARP_SYM_COLS];
            EIG_UNROLL
            for (int c = 0; c < EIG_WARP_SYM_COLS; c++) {
                const int j = lane + 32 * c;
                if (j >= r0 && j < n) x0[c] = EIG_A(i, j), x1[c] = EIG_A(i + 1, j);
            }
            EIG_UNROLL
            for (int c = 0; c < EIG_WARP_SYM_COLS; c++) {
                const int j = lane + 32 * c;
                if (j >= r0 && j < n) {
                    const eig_real a0 = x0[c] - (u0 * wj[c] + w0 * uj[c]), a1 = x1[c] - (u1 * wj[c] + w1 * uj[c]);
                    EIG_A(i, j) = a0, EIG_A(i + 1, j) = a1;
                    y[c] += a0 * v0 + a1 * v1;
                }
            }
        }
        if (i < n) {
            const eig_real u0 = up[i], w0 = w[i], v0 = un[i];
            EIG_UNROLL
            for (int c = 0; c < EIG_WARP_SYM_COLS; c++) {
                const int j = lane + 32 * c;
                if (j >= r0 && j < n) {
                    const eig_real a0 = EIG_A(i, j) - (u0 * wj[c] + w0 * uj[c]);
                    EIG_A(i, j) = a0;
                    y[c] += a0 * v0;
                }
            }
        }
        /* p = tau A22 u, w = p - (tau/2)(p.u) u */
        eig_real pu = 0;
        EIG_UNROLL
        for (int c = 0; c < EIG_WARP_SYM_COLS; c++) {
            const int j = lane + 32 * c;
            y[c] *= tk;
            if (j >= r0 && j < n) pu += y[c] * un[j];
        }
        pu = EIG_FN(eig_team_reduce)(t, pu, 0, 0);
        const eig_real gamma = tk * pu / 2;
        __syncwarp(); /* every lane has read the old w */
        EIG_UNROLL
        for (int c = 0; c < EIG_WARP_SYM_COLS; c++) {
            const int j = lane + 32 * c;
            if (j < n) w[j] = j >= r0 ? y[c] - gamma * un[j] : EIG_ZERO;
        }
        eig_real *sw = up;
        up = un, un = sw;
        __syncwarp();
    }
    /* the last pending update on the trailing 2 x 2, then its entries */
    if (n >= 2) {
        const int k = n - 2;
        if (lane < 2) EIG_A(k + lane, k) -= up[k + lane] * w[k] + w[k + lane] * up[k];
        if (lane == 2) EIG_A(k + 1, k + 1) -= 2 * up[k + 1] * w[k + 1];
        __syncwarp();
        if (lane == 0) d[k] = EIG_A(k, k), e[k] = EIG_A(k + 1, k), d[k + 1] = EIG_A(k + 1, k + 1);
    } else if (n == 1 && lane == 0) {
        d[0] = EIG_A(0, 0);
    }
    __syncwarp();
#undef EIG_A
}

/* Phase 3: v <- Q = H_0 ... H_{n-3} (row-major) from the reflectors the
 * reduction left in a, blocks of four from the last: H_k0 ... H_k0+3 =
 * I - U T U^T (LAPACK's dlarft, forward: T upper triangular from tau and
 * U^T U), applied as V -= U (T (U^T V)) on rows and columns k0+1.. (the rest
 * of those rows is zero). ub: 4n reals of shared memory, U row by row. */
__device__ void EIG_FN(warp_sym_form_q)(int lane, int n, const eig_real *a, eig_real *v, eig_real *ub)
{
#define EIG_A(i, j) a[(eig_idx)(i) * n + (j)]
#define EIG_V(i, j) v[(eig_idx)(i) * n + (j)]
    const eig_team t = {lane, 32, 0xffffffffu, 0};
    for (int x = lane; x < n * n; x += 32) v[x] = x / n == x % n ? EIG_ONE : EIG_ZERO;
    for (int k1 = n - 3; k1 >= 0; k1 -= 4) {
        const int k0 = k1 >= 3 ? k1 - 3 : 0, r0 = k0 + 1;
        eig_real tau[4];
        EIG_UNROLL
        for (int q = 0; q < 4; q++) tau[q] = k0 + q <= k1 ? EIG_A(k0 + q, k0 + q + 1) : EIG_ZERO;
        /* U (u_k: 1 at row k + 1, zero above), its Gram matrix's upper part */
        eig_real g[6] = {0, 0, 0, 0, 0, 0};
        for (int i = r0 + lane; i < n; i += 32) {
            eig_real u[4];
            EIG_UNROLL
            for (int q = 0; q < 4; q++) {
                const int k = k0 + q;
                u[q] = tau[q] == 0 || i < k + 1 ? EIG_ZERO : i == k + 1 ? EIG_ONE : EIG_A(i, k);
                ub[4 * i + q] = u[q];
            }
            g[0] += u[0] * u[1], g[1] += u[0] * u[2], g[2] += u[0] * u[3];
            g[3] += u[1] * u[2], g[4] += u[1] * u[3], g[5] += u[2] * u[3];
        }
        EIG_UNROLL
        for (int q = 0; q < 6; q++) g[q] = EIG_FN(eig_team_reduce)(t, g[q], 0, 0);
        /* T: T[q][q] = tau_q, T[0:q, q] = -tau_q T[0:q, 0:q] (U^T u_q) */
        eig_real T[4][4] = {{0}};
        const eig_real G[4][4] = {{0, g[0], g[1], g[2]}, {0, 0, g[3], g[4]}, {0, 0, 0, g[5]}, {0, 0, 0, 0}};
        EIG_UNROLL
        for (int q = 0; q < 4; q++) {
            T[q][q] = tau[q];
            EIG_UNROLL
            for (int r = 0; r < q; r++) {
                eig_real s = 0;
                EIG_UNROLL
                for (int l = r; l < q; l++) s += T[r][l] * G[l][q];
                T[r][q] = -tau[q] * s;
            }
        }
        __syncwarp();
        /* W = U^T V on the lane's columns, then W <- T W, then V -= U W */
        eig_real W[4][EIG_WARP_SYM_COLS];
        EIG_UNROLL
        for (int c = 0; c < EIG_WARP_SYM_COLS; c++)
            EIG_UNROLL
            for (int q = 0; q < 4; q++) W[q][c] = EIG_ZERO;
        for (int i = r0; i < n; i++) {
            const eig_real u0 = ub[4 * i], u1 = ub[4 * i + 1], u2 = ub[4 * i + 2], u3 = ub[4 * i + 3];
            eig_real x[EIG_WARP_SYM_COLS];
            EIG_UNROLL
            for (int c = 0; c < EIG_WARP_SYM_COLS; c++) {
                const int j = lane + 32 * c;
                x[c] = j >= r0 && j < n ? EIG_V(i, j) : EIG_ZERO;
            }
            EIG_UNROLL
            for (int c = 0; c < EIG_WARP_SYM_COLS; c++)
                W[0][c] += u0 * x[c], W[1][c] += u1 * x[c], W[2][c] += u2 * x[c], W[3][c] += u3 * x[c];
        }
        EIG_UNROLL
        for (int c = 0; c < EIG_WARP_SYM_COLS; c++) {
            const eig_real w0 = W[0][c], w1 = W[1][c], w2 = W[2][c], w3 = W[3][c];
            W[0][c] = T[0][0] * w0 + T[0][1] * w1 + T[0][2] * w2 + T[0][3] * w3;
            W[1][c] = T[1][1] * w1 + T[1][2] * w2 + T[1][3] * w3;
            W[2][c] = T[2][2] * w2 + T[2][3] * w3;
            W[3][c] = T[3][3] * w3;
        }
        for (int i = r0; i < n; i++) {
            const eig_real u0 = ub[4 * i], u1 = ub[4 * i + 1], u2 = ub[4 * i + 2], u3 = ub[4 * i + 3];
            EIG_UNROLL
            for (int c = 0; c < EIG_WARP_SYM_COLS; c++) {
                const int j = lane + 32 * c;
                if (j >= r0 && j < n)
                    EIG_V(i, j) -= u0 * W[0][c] + u1 * W[1][c] + u2 * W[2][c] + u3 * W[3][c];
            }
        }
        __syncwarp(); /* ub serves the next block */
    }
    __syncwarp();
#undef EIG_A
#undef EIG_V
}

/* EIG_WARP_SYM_PROFILE=1 (diagnostics): lane 0's clock64() between phases,
 * summed over the batch: prepare + reduce, form Q + transpose, QL, write-out;
 * then matrices and QL sweeps. */
__device__ unsigned long long EIG_FN(warp_sym_prof)[6];

/* in: matrix-wise input (destroyed: A, then Z); values, vectors:
 * matrix-wise outputs (VEC 0: values only, vectors unused); prof: 1 to sum
 * phase clocks into warp_sym_prof. */
template <int VEC>
__global__ void __launch_bounds__(32 * EIG_WARP_SYM_WARPS, EIG_WARP_SYM_MIN_BLOCKS)
    EIG_FN(warp_sym_kernel)(eig_solve_params p, int n, eig_idx count, eig_real *in, eig_real *values,
                            eig_real *vectors, int8_t *status, int32_t *iterations, int prof)
{
    extern __shared__ unsigned char eig_smem_raw[];
    const int lane = (int)(threadIdx.x & 31u), warp = (int)(threadIdx.x >> 5);
    const eig_idx m = (eig_idx)blockIdx.x * EIG_WARP_SYM_WARPS + warp;
    if (m >= count) return; /* the whole warp leaves together */
    const eig_team t = {lane, 32, 0xffffffffu, 0};
    const eig_idx nn = (eig_idx)n * n;
    eig_real *d = (eig_real *)eig_smem_raw + (eig_idx)warp * EIG_FN(warp_sym_smem_reals)(n, VEC), *e = d + n,
             *buf = e + n;
    eig_real *a = in + m * nn, *v = VEC ? vectors + m * nn : 0, *val = values + m * n;
    long long c0 = clock64(), c1 = c0, c2 = c0, c3 = c0;
    eig_real sigma = EIG_ONE;
    int it = 0;
    int st = EIG_FN(eig_dense_prepare_team)(t, n, a, 1, 1, &sigma, 0);
    if (!VEC) {
        if (st == EIG_STATUS_OK) EIG_FN(warp_sym_reduce)(lane, n, a, d, e, buf);
        c1 = c2 = clock64();
        /* the CPU's values-only QL on one lane; any failure (the prepare's
         * included) leaves every value NaN */
        if (lane == 0)
            st = EIG_FN(eig_tridiag_ql_values_finish)(n, st, sigma, d, 1, e, 1, 1, p.max_iter_factor, &it);
        c3 = clock64();
        __syncwarp();
        for (int k = lane; k < n; k += 32) val[k] = d[k];
    } else if (st == EIG_STATUS_OK) {
        EIG_FN(warp_sym_reduce)(lane, n, a, d, e, buf);
        c1 = clock64();
        EIG_FN(warp_sym_form_q)(lane, n, a, v, buf);
        /* Z = V column-major in A's slot (the reflectors are spent) */
        for (int i = 0; i < n; i++)
            for (int j = lane; j < n; j += 32) a[(eig_idx)j * n + i] = v[(eig_idx)i * n + j];
        __syncwarp();
        c2 = clock64();
        st = EIG_FN(eig_tridiag_ql_grouped_team)(t, n, d, 1, e, 1, a, 1, n, 0, 1, buf, 1, EIG_FN(warp_sym_group)(n),
                                                  p.max_iter_factor, &it);
        c3 = clock64();
    }
    __syncwarp();
    if (VEC && st == EIG_STATUS_OK && EIG_FN(eig_unscale_overflows)(n, d, 1, sigma)) st = EIG_STATUS_INVALID_INPUT;
    if (!VEC) {
        /* written above */
    } else if (st != EIG_STATUS_OK) {
        EIG_FN(warp_fail)(n, lane, val, v);
    } else {
        for (int k = lane; k < n; k += 32) val[k] = d[k] / sigma;
        for (int i = 0; i < n; i++)
            for (int j = lane; j < n; j += 32) v[(eig_idx)i * n + j] = a[(eig_idx)j * n + i];
    }
    if (lane == 0) {
        status[m] = (int8_t)st, iterations[m] = it;
        if (prof) {
            const long long c4 = clock64();
            atomicAdd(&EIG_FN(warp_sym_prof)[0], (unsigned long long)(c1 - c0));
            atomicAdd(&EIG_FN(warp_sym_prof)[1], (unsigned long long)(c2 - c1));
            atomicAdd(&EIG_FN(warp_sym_prof)[2], (unsigned long long)(c3 - c2));
            atomicAdd(&EIG_FN(warp_sym_prof)[3], (unsigned long long)(c4 - c3));
            atomicAdd(&EIG_FN(warp_sym_prof)[4], 1ull);
            atomicAdd(&EIG_FN(warp_sym_prof)[5], (unsigned long long)it);
        }
    }
}

/* Max dynamic shared memory of the kernel (once per call). */
static int EIG_FN(warp_sym_set_smem)(int vectors, size_t smem)
{
    if (vectors)
        GPU_CALL(cudaFuncSetAttribute(EIG_FN(warp_sym_kernel)<1>, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem));
    else
        GPU_CALL(cudaFuncSetAttribute(EIG_FN(warp_sym_kernel)<0>, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem));
    return 0;
}

/* Launches warp-sym on one sub-chunk; EIG_WARP_SYM_PROFILE=1 adds the phase
 * clocks and prints the running per-matrix averages (synchronising). */
static void EIG_FN(warp_sym_launch)(const eig_solve_params *p, int n, eig_idx cnt, eig_real *in, eig_real *values,
                                    eig_real *vectors, int8_t *status, int32_t *iterations, cudaStream_t st)
{
    const unsigned blocks = (unsigned)((cnt + EIG_WARP_SYM_WARPS - 1) / EIG_WARP_SYM_WARPS);
    const size_t smem = EIG_WARP_SYM_WARPS * EIG_FN(warp_sym_smem_reals)(n, p->vectors) * sizeof(eig_real);
    const char *ps = getenv("EIG_WARP_SYM_PROFILE");
    const int prof = ps && atoi(ps);
    if (p->vectors)
        EIG_FN(warp_sym_kernel)<1><<<blocks, 32 * EIG_WARP_SYM_WARPS, smem, st>>>(*p, n, cnt, in, values, vectors,
                                                                                 status, iterations, prof);
    else
        EIG_FN(warp_sym_kernel)<0><<<blocks, 32 * EIG_WARP_SYM_WARPS, smem, st>>>(*p, n, cnt, in, values, 0, status,
                                                                                 iterations, prof);
    if (!prof) return;
    unsigned long long h[6];
    cudaStreamSynchronize(st);
    cudaMemcpyFromSymbol(h, EIG_FN(warp_sym_prof), sizeof h);
    if (h[4])
        fprintf(stderr, "warp-sym profile n=%d: %llu matrices, cycles per matrix: prepare+reduce %.0f formQ %.0f "
                        "QL %.0f out %.0f; QL sweeps %.1f\n", n, h[4], (double)h[0] / h[4], (double)h[1] / h[4],
                (double)h[2] / h[4], (double)h[3] / h[4], (double)h[5] / h[4]);
}

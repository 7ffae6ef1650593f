/* Per-precision body of the GPU path, compiled once per precision by
 * batch_gpu_double.cu and batch_gpu_single.cu. No guard. Layout: the file stores matrices one after another
 * (matrix-wise); the solver kernel wants element k of every matrix side by
 * side (element-wise), so that thread m reads a[k*count + m] and a warp's
 * loads coalesce. Two tiled transposes convert on the device. */

/* dst[j*rows + i] = src[i*cols + j]: a [rows][cols] -> [cols][rows] transpose
 * through shared memory, coalesced on both sides. */
__global__ void EIG_FN(transpose_kernel)(const eig_real *__restrict__ src, eig_real *__restrict__ dst,
                                         eig_idx rows, eig_idx cols)
{
    __shared__ eig_real tile[32][33]; /* +1 column: no bank conflicts */
    eig_idx r0 = (eig_idx)blockIdx.y * 32, c0 = (eig_idx)blockIdx.x * 32;
    for (int k = threadIdx.y; k < 32; k += blockDim.y) {
        eig_idx r = r0 + k, c = c0 + threadIdx.x;
        if (r < rows && c < cols) tile[k][threadIdx.x] = src[r * cols + c];
    }
    __syncthreads();
    for (int k = threadIdx.y; k < 32; k += blockDim.y) {
        eig_idx c = c0 + k, r = r0 + threadIdx.x;
        if (r < rows && c < cols) dst[c * rows + r] = tile[threadIdx.x][k];
    }
}

/* One thread solves one matrix with the shared solvers/ code, stride = count:
 * the matrix stays in global memory (element-wise, coalesced). GENERAL: an
 * instance for general matrices alone. A kernel holds the registers of its
 * heaviest path, and one kernel for every family gave general matrices the
 * symmetric and Hermitian solvers' (double: this kernel 150 registers and a
 * stack, 128 apart; solve_shared_kernel 152, 113 apart. H100, 2026-11-28,
 * general n = 5 on solve_shared_kernel, 500,000 matrices, host to host:
 * 3.65 ms in one kernel, 2.58 apart; docs/performance.md, "Small jobs"). */
template <int GENERAL>
__global__ void EIG_FN(solve_thread_kernel)(eig_solve_params p, int n, eig_idx count, eig_real *in,
                                            eig_real *values, eig_real *vectors, eig_real *work,
                                            int8_t *status, int32_t *iterations)
{
    eig_idx m = (eig_idx)blockIdx.x * blockDim.x + threadIdx.x;
    if (m >= count) return;
    int it = 0;
    const int st = GENERAL ? EIG_FN(eig_solve_one_general)(n, in + m, count, values + m, count, p.max_iter_factor, &it)
                           : EIG_FN(eig_solve_one)(&p, n, in + m, count, values + m, count, vectors ? vectors + m : 0,
                                                   count, work ? work + m : 0, count, &it);
    status[m] = (int8_t)st;
    iterations[m] = it;
}

/* One thread per matrix, the matrix (and workspace) copied to shared memory
 * first, interleaved with stride blockDim.x so a warp's accesses hit distinct
 * banks. For small n this keeps the whole QR/Jacobi working set on chip.
 * GENERAL as for solve_thread_kernel. */
template <int GENERAL>
__global__ void EIG_FN(solve_shared_kernel)(eig_solve_params p, int n, eig_idx count, int in_len, int work_len,
                                            const eig_real *in, eig_real *values, eig_real *vectors,
                                            int8_t *status, int32_t *iterations)
{
    extern __shared__ unsigned char eig_smem_raw[];
    eig_real *smem = (eig_real *)eig_smem_raw;
    int t = threadIdx.x, T = blockDim.x;
    eig_idx m = (eig_idx)blockIdx.x * T + t;
    if (m >= count) return;
    eig_real *a = smem + t, *work = smem + (eig_idx)in_len * T + t;
    for (int k = 0; k < in_len; k++) a[(eig_idx)k * T] = in[(eig_idx)k * count + m];
    int it = 0;
    const int st = GENERAL ? EIG_FN(eig_solve_one_general)(n, a, T, values + m, count, p.max_iter_factor, &it)
                           : EIG_FN(eig_solve_one)(&p, n, a, T, values + m, count, vectors ? vectors + m : 0, count,
                                                   work_len ? work : 0, T, &it);
    status[m] = (int8_t)st;
    iterations[m] = it;
}

/* One thread per matrix: its reductions (solvers/reduce_impl.h) from its
 * eigenvalues where they lie on the device: matrix m's at values + m *
 * mstride, stride ws (element-wise: 1 and count; matrix-wise: l.values and 1). */
__global__ void EIG_FN(reduce_kernel)(eig_reduce_list r, int general, int n, eig_idx count, const eig_real *values,
                                      eig_idx mstride, eig_idx ws, const int8_t *status, double *reduced)
{
    eig_idx m = (eig_idx)blockIdx.x * blockDim.x + threadIdx.x;
    if (m >= count) return;
    EIG_FN(eig_reduce_one)(&r, general, n, status[m], values + m * mstride, ws, reduced + m * r.slots);
}

static void EIG_FN(launch_transpose)(const eig_real *src, eig_real *dst, eig_idx rows, eig_idx cols, cudaStream_t s)
{
    dim3 block(32, 8), grid((unsigned)((cols + 31) / 32), (unsigned)((rows + 31) / 32));
    EIG_FN(transpose_kernel)<<<grid, block, 0, s>>>(src, dst, rows, cols);
}

/* ---- warp-jacobi: one warp per symmetric matrix (n <= 32), in shared memory ----
 * The round-robin order of solvers/jacobi_impl.h makes the n'/2 rotations of
 * a round independent, so a warp applies them at once: lane k < n'/2 computes
 * rotation k (eig_sym2x2_rotation, the CPU's formula and thresholds), then
 * lane i updates row/column i for every rotation (A <- J^T A J as a column
 * pass and a row pass, Rutishauser's form), the lower triangle is mirrored
 * into the upper one (the CPU keeps A exactly symmetric), and the 2x2 blocks
 * get the exact diagonal update. Rows are padded to an odd length so a
 * column pass hits distinct banks. Reads and writes matrix-wise data
 * directly (no transposes): lane-consecutive addresses coalesce. */
#ifndef EIG_GPU_IMPL_ONCE
#define EIG_GPU_IMPL_ONCE
#define EIG_WARPS_PER_BLOCK 4
/* warp-jacobi from this n up, eigval-thread from this n up: measured on one
 * H100 (2026-11-22, 100,000 matrices, double, host to host) with
 *   bench/run_bench.sh BUILD OUT   (its "kernel table" section)
 * Jacobi values n = 16: thread-shared 16.7 ms, warp-jacobi 22.7; n = 24:
 * 95.5 vs 53.0; n = 32: thread-global 360 vs 101. Tridiagonal bisection:
 * eigval-thread is never slower (n = 4: 0.34 vs 0.35 thread-shared; n = 16:
 * 2.84 vs 4.21; n = 64: 38.3 vs 191 thread-global). */
#define EIG_WARP_JACOBI_FROM 20
#define EIG_EIGVAL_THREAD_FROM 2
/* the eigval-thread per-matrix record, after the scaled diagonal and e^2 */
enum { EIGV_S, EIGV_PIVMIN, EIGV_ABSTOL, EIGV_L, EIGV_U, EIGV_CL, EIGV_CU, EIGV_JA, EIGV_JB, EIGV_RECORD };
#endif

EIG_HD int EIG_FN(warp_jacobi_ld)(int n) { return n | 1; }

/* Shared reals per warp: A (padded), V when vectors, then 32 ints of the sort. */
EIG_HD int EIG_FN(warp_jacobi_smem_reals)(int n, int vectors)
{
    int ld = EIG_FN(warp_jacobi_ld)(n);
    return n * ld * (vectors ? 2 : 1) + (int)(32 * sizeof(int) / sizeof(eig_real));
}

__device__ eig_real EIG_FN(warp_sum)(eig_real x)
{
    for (int o = 16; o > 0; o /= 2) x += __shfl_xor_sync(0xffffffffu, x, o);
    return x;
}

__device__ eig_real EIG_FN(warp_max)(eig_real x)
{
    for (int o = 16; o > 0; o /= 2) {
        eig_real y = __shfl_xor_sync(0xffffffffu, x, o);
        x = y > x ? y : x;
    }
    return x;
}

/* Failure contract of the CPU solver: every value and vector slot NaN
 * (zc reals an element of the vectors: 2 Hermitian). */
__device__ void EIG_FN(warp_fail)(int n, int lane, eig_real *val, eig_real *vec, int zc = 1)
{
    eig_real nan = EIG_ZERO / EIG_ZERO;
    for (int k = lane; k < n; k += 32) val[k] = nan;
    if (vec)
        for (int k = lane; k < n * n * zc; k += 32) vec[k] = nan;
}

__global__ void EIG_FN(warp_jacobi_kernel)(int n, int max_sweeps, eig_idx count, const eig_real *__restrict__ in,
                                           eig_real *values, eig_real *vectors, int8_t *status, int32_t *iterations)
{
    extern __shared__ unsigned char eig_smem_raw[];
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    const eig_idx m = (eig_idx)blockIdx.x * EIG_WARPS_PER_BLOCK + warp;
    if (m >= count) return; /* the whole warp leaves together: only __syncwarp below */
    const int ld = EIG_FN(warp_jacobi_ld)(n), nn = n * n, np = n + (n & 1), npairs = np / 2;
    const int vec = vectors != 0;
    eig_real *A = (eig_real *)eig_smem_raw + (eig_idx)warp * EIG_FN(warp_jacobi_smem_reals)(n, vec);
    eig_real *V = A + n * ld;
    int *perm = (int *)(A + n * ld * (vec ? 2 : 1));
    const eig_real *a_in = in + m * nn;
    eig_real *val = values + m * n, *vecs = vec ? vectors + m * nn : 0;
#define SA(i, j) A[(i) * ld + (j)]
#define SV(i, j) V[(i) * ld + (j)]
    /* Lower triangle in (the CPU solves that), mirrored; NaN/Inf check of
     * every entry (either triangle) and the largest |entry| for the
     * power-of-two scaling, as eig_dense_prepare. */
    eig_real big = EIG_ZERO;
    int bad = 0;
    for (int idx = lane; idx < nn; idx += 32) {
        int i = idx / n, j = idx - i * n;
        eig_real x = a_in[idx];
        if (!EIG_ISFINITE(x)) bad = 1;
        else if (EIG_FABS(x) > big) big = EIG_FABS(x);
        if (j > i) continue;
        SA(i, j) = x;
        SA(j, i) = x;
    }
    if (__any_sync(0xffffffffu, bad)) {
        EIG_FN(warp_fail)(n, lane, val, vecs);
        if (lane == 0) status[m] = EIG_STATUS_INVALID_INPUT, iterations[m] = 0;
        return;
    }
    big = EIG_FN(warp_max)(big);
    const eig_real sigma = EIG_FN(eig_safe_scale)(big);
    __syncwarp();
    if (sigma != EIG_ONE)
        for (int idx = lane; idx < nn; idx += 32) SA(idx / n, idx % n) *= sigma;
    if (vec)
        for (int idx = lane; idx < nn; idx += 32) SV(idx / n, idx % n) = idx / n == idx % n ? EIG_ONE : EIG_ZERO;
    __syncwarp();

    const int cap = max_sweeps > 0 ? max_sweeps : 30;
    int done = 0, st = EIG_STATUS_NOT_CONVERGED;
    for (;;) {
        /* off-diagonal and total squares, off-diagonal sum (eig_jacobi_norms) */
        eig_real o = 0, f = 0, sa = 0;
        if (lane < n) {
            eig_real aii = SA(lane, lane);
            f = aii * aii;
            for (int j = lane + 1; j < n; j++) {
                eig_real x = SA(lane, j);
                o += 2 * x * x;
                sa += EIG_FABS(x);
            }
        }
        o = EIG_FN(warp_sum)(o), f = EIG_FN(warp_sum)(f), sa = EIG_FN(warp_sum)(sa);
        if (o <= EIG_EPS * EIG_EPS * (f + o)) { st = EIG_STATUS_OK; break; }
        if (done >= cap) break;
        const eig_real thresh = done < 3 ? (eig_real)0.2 * sa / ((eig_real)n * n) : EIG_ZERO;
        int rotations = 0;
        for (int r = 0; r < np - 1; r++) {
            /* lane k < npairs decides pair k: 0 nothing, 1 set to zero, 2 rotate */
            int act = 0, p = 0, q = 0;
            eig_real c = 0, s = 0, t = 0, tau = 0, apq = 0, app = 0, aqq = 0;
            if (lane < npairs) {
                EIG_FN(eig_round_robin_pair)(np, r, lane, &p, &q);
                if (p < n && q < n) {
                    apq = SA(p, q), app = SA(p, p), aqq = SA(q, q);
                    eig_real x = EIG_FABS(apq);
                    if (x == 0) act = 0;
                    else if (x <= EIG_EPS * EIG_SQRT(EIG_FABS(app)) * EIG_SQRT(EIG_FABS(aqq)) || x < EIG_SAFMIN) act = 1;
                    else if (x < thresh) act = 0;
                    else {
                        act = 2;
                        EIG_FN(eig_sym2x2_rotation)(app, apq, aqq, &c, &s, &t);
                        tau = s / (1 + c);
                    }
                }
            }
            unsigned rot_mask = __ballot_sync(0xffffffffu, act == 2);
            rotations += __popc(rot_mask);
            __syncwarp();
            /* column pass (and V): lane = row */
            for (unsigned mk = rot_mask; mk; mk &= mk - 1) {
                int k = __ffs(mk) - 1, pk, qk;
                eig_real ck_s = __shfl_sync(0xffffffffu, s, k), ck_tau = __shfl_sync(0xffffffffu, tau, k);
                EIG_FN(eig_round_robin_pair)(np, r, k, &pk, &qk);
                if (lane < n) {
                    eig_real g = SA(lane, pk), h = SA(lane, qk);
                    SA(lane, pk) = g - ck_s * (h + g * ck_tau);
                    SA(lane, qk) = h + ck_s * (g - h * ck_tau);
                    if (vec) {
                        g = SV(lane, pk), h = SV(lane, qk);
                        SV(lane, pk) = g - ck_s * (h + g * ck_tau);
                        SV(lane, qk) = h + ck_s * (g - h * ck_tau);
                    }
                }
            }
            __syncwarp();
            /* row pass: lane = column */
            for (unsigned mk = rot_mask; mk; mk &= mk - 1) {
                int k = __ffs(mk) - 1, pk, qk;
                eig_real ck_s = __shfl_sync(0xffffffffu, s, k), ck_tau = __shfl_sync(0xffffffffu, tau, k);
                EIG_FN(eig_round_robin_pair)(np, r, k, &pk, &qk);
                if (lane < n) {
                    eig_real g = SA(pk, lane), h = SA(qk, lane);
                    SA(pk, lane) = g - ck_s * (h + g * ck_tau);
                    SA(qk, lane) = h + ck_s * (g - h * ck_tau);
                }
            }
            __syncwarp();
            /* exact symmetry: upper entries of the touched rows/columns from the lower ones */
            for (unsigned mk = rot_mask; mk; mk &= mk - 1) {
                int k = __ffs(mk) - 1, pk, qk;
                EIG_FN(eig_round_robin_pair)(np, r, k, &pk, &qk);
                if (lane < n) {
                    if (lane < pk) SA(lane, pk) = SA(pk, lane);
                    else if (lane > pk) SA(pk, lane) = SA(lane, pk);
                    if (lane < qk) SA(lane, qk) = SA(qk, lane);
                    else if (lane > qk) SA(qk, lane) = SA(lane, qk);
                }
            }
            __syncwarp();
            /* the 2x2 blocks: exact diagonal update, the pair zeroed */
            if (act == 2) {
                SA(p, p) = app - t * apq;
                SA(q, q) = aqq + t * apq;
            }
            if (act >= 1) SA(p, q) = SA(q, p) = EIG_ZERO;
            __syncwarp();
        }
        done++;
        if (rotations == 0 && thresh == 0) { st = EIG_STATUS_OK; break; }
    }
    /* an eigenvalue beyond the largest float: as the CPU (every lane reads
     * the same diagonal, so the same answer) */
    if (st == EIG_STATUS_OK && EIG_FN(eig_unscale_overflows)(n, A, ld + 1, sigma)) st = EIG_STATUS_INVALID_INPUT;
    if (st != EIG_STATUS_OK) {
        EIG_FN(warp_fail)(n, lane, val, vecs);
        if (lane == 0) status[m] = (int8_t)st, iterations[m] = done;
        return;
    }
    /* ascending order: lane k's rank among the diagonal (ties by index) */
    eig_real wk = lane < n ? SA(lane, lane) / sigma : EIG_ZERO;
    int rank = 0;
    for (int j = 0; j < n; j++) {
        eig_real wj = __shfl_sync(0xffffffffu, wk, j);
        rank += (wj < wk || (wj == wk && j < lane)) ? 1 : 0;
    }
    if (lane < n) {
        val[rank] = wk;
        perm[rank] = lane;
    }
    __syncwarp();
    if (vec)
        for (int idx = lane; idx < nn; idx += 32) {
            int i = idx / n, col = idx - i * n;
            vecs[idx] = SV(i, perm[col]);
        }
    if (lane == 0) status[m] = EIG_STATUS_OK, iterations[m] = done;
#undef SA
#undef SV
}

/* ---- eigval-thread: tridiagonal bisection, one thread per eigenvalue ----
 * (multisection across a batch: n threads per matrix instead of one). A
 * thread per matrix first does what eig_tridiag_bisect does before its
 * bisection loop (check, scale, squared off-diagonals, Gershgorin interval,
 * the selection's index range), into a per-matrix record in the workspace;
 * then thread (m, k) bisects eigenvalue ja + k of matrix m from the whole
 * bracket by eig_bisect_bracket, the loop eig_bisect_indices runs (Newton's
 * points once the eigenvalue is alone); a last thread per matrix keeps the output ascending
 * (counts need not be monotone in floating point) and unscales. */
static int EIG_FN(eigval_work)(int n) { return 2 * n + EIGV_RECORD; }

/* work (element-wise, stride count): [0, n) scaled diagonal, [n, 2n-1)
 * squared off-diagonal, [2n, 2n+EIGV_RECORD) the record. Values matrix-wise. */
__global__ void EIG_FN(eigval_prepare_kernel)(eig_solve_params p, int n, eig_idx count, const eig_real *in,
                                              eig_real *work, eig_real *values, int8_t *status, int32_t *iterations)
{
    eig_idx m = (eig_idx)blockIdx.x * blockDim.x + threadIdx.x;
    if (m >= count) return;
    const eig_idx cs = count;
    const eig_real *d = in + m, *e = in + (eig_idx)n * cs + m;
    eig_real *sd = work + m, *e2 = work + (eig_idx)n * cs + m, *rec = work + 2 * (eig_idx)n * cs + m;
    for (int k = 0; k < n; k++) values[m * n + k] = EIG_FN(eig_bisect_nan)();
    int sel = p.select, il = p.il, iu = p.iu;
    eig_real vl = (eig_real)p.vl, vu = (eig_real)p.vu;
    int bad_select = sel == EIG_BISECT_INDEX ? (il < 0 || iu >= n || il > iu)
                     : sel == EIG_BISECT_RANGE ? !(vl < vu)
                     : sel != EIG_BISECT_ALL;
    int ja = 0, jb = -1, iters = 0;
    int8_t st = EIG_STATUS_OK;
    eig_real s = EIG_ONE, pivmin = EIG_ONE, abstol = EIG_ZERO, L = 0, U = 0;
    int cL = 0, cU = 0;
    if (bad_select || !EIG_FN(eig_bisect_all_finite)(n, d, cs, e, cs)) {
        st = EIG_STATUS_INVALID_INPUT;
    } else {
        s = EIG_FN(eig_bisect_scale)(n, d, cs, e, cs);
        eig_real e2max = EIG_FN(eig_bisect_prepare)(n, d, cs, e, cs, s, sd, e2, cs);
        pivmin = EIG_SAFMIN * e2max;
        abstol = EIG_FN(eig_bisect_max)((eig_real)2.0 * EIG_SAFMIN, pivmin);
        eig_real gl, gu;
        EIG_FN(eig_bisect_gershgorin)(n, sd, e2, cs, pivmin, &gl, &gu);
        ja = 0, jb = n - 1, cL = 0, cU = n, L = gl, U = gu;
        if (sel == EIG_BISECT_INDEX) {
            ja = il, jb = iu;
        } else if (sel == EIG_BISECT_RANGE) {
            eig_real a = vl * s, b = vu * s;
            if (a > gl) L = a, cL = EIG_FN(eig_sturm_count)(n, sd, cs, e2, cs, pivmin, a), iters++;
            if (b < gu) U = b, cU = EIG_FN(eig_sturm_count)(n, sd, cs, e2, cs, pivmin, b), iters++;
            if (L > U) L = U;
            if (cU < cL) cU = cL;
            ja = cL, jb = cU - 1;
        }
    }
    rec[EIGV_S * cs] = s, rec[EIGV_PIVMIN * cs] = pivmin, rec[EIGV_ABSTOL * cs] = abstol;
    rec[EIGV_L * cs] = L, rec[EIGV_U * cs] = U, rec[EIGV_CL * cs] = (eig_real)cL, rec[EIGV_CU * cs] = (eig_real)cU;
    rec[EIGV_JA * cs] = (eig_real)ja, rec[EIGV_JB * cs] = (eig_real)jb;
    status[m] = st;
    iterations[m] = iters;
}

__global__ void EIG_FN(eigval_bisect_kernel)(int n, eig_idx count, const eig_real *work, eig_real *values,
                                             int8_t *status, int32_t *iterations)
{
    eig_idx t = (eig_idx)blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= count * n) return;
    const eig_idx cs = count, m = t / n;
    const int k = (int)(t - m * n);
    const eig_real *sd = work + m, *e2 = work + (eig_idx)n * cs + m, *rec = work + 2 * (eig_idx)n * cs + m;
    int ja = (int)rec[EIGV_JA * cs], jb = (int)rec[EIGV_JB * cs], j = ja + k;
    if (j > jb) return;
    const eig_real pivmin = rec[EIGV_PIVMIN * cs], abstol = rec[EIGV_ABSTOL * cs];
    eig_real lo = rec[EIGV_L * cs], hi = rec[EIGV_U * cs];
    int clo = (int)rec[EIGV_CL * cs], chi = (int)rec[EIGV_CU * cs];
    int steps = 0;
    const int capped = EIG_FN(eig_bisect_bracket)(n, sd, e2, cs, pivmin, abstol, j, jb, 0, 0, 0, &lo, &clo, &hi, &chi,
                                                  &steps);
    values[m * n + k] = hi; /* scaled; the finish kernel unscales */
    atomicAdd(&iterations[m], steps);
    if (capped) status[m] = EIG_STATUS_NOT_CONVERGED;
}

__global__ void EIG_FN(eigval_finish_kernel)(int n, eig_idx count, const eig_real *work, eig_real *values,
                                             int8_t *status)
{
    eig_idx m = (eig_idx)blockIdx.x * blockDim.x + threadIdx.x;
    if (m >= count) return;
    const eig_idx cs = count;
    const eig_real *rec = work + 2 * (eig_idx)n * cs + m;
    int found = (int)rec[EIGV_JB * cs] - (int)rec[EIGV_JA * cs] + 1;
    eig_real s = rec[EIGV_S * cs], prev = 0;
    eig_real *w = values + m * n;
    for (int k = 0; k < found; k++) {
        eig_real x = w[k];
        if (k > 0 && x < prev) x = prev;
        prev = x;
        w[k] = x / s;
    }
    if (EIG_FN(eig_bisect_overflowed)(found, w, 1, s)) { /* as eig_tridiag_bisect */
        for (int k = 0; k < n; k++) w[k] = EIG_FN(eig_bisect_nan)();
        status[m] = EIG_STATUS_INVALID_INPUT;
    }
}

#include "kernel_warp_general.cuh"
#include "kernel_block_tridiag.cuh"
#include "kernel_warp_tridiag.cuh"
#include "kernel_warp_tridiag_vectors.cuh"
#include "kernel_warp_sym.cuh"
#include "kernel_block_jacobi.cuh"

/* ---- kernel choice ---- */

/* Threads per block for the shared-memory kernel (0: does not fit, use the
 * global-memory kernel): the most of 128, 64, 32 whose block fits in 160 KB. */
static int EIG_FN(shared_block)(int per_matrix_reals)
{
    for (int T = 128; T >= 32; T /= 2)
        if ((size_t)T * (size_t)per_matrix_reals * sizeof(eig_real) <= (size_t)160 * 1024) return T;
    return 0;
}

/* Loads this precision's module now: CUDA loads a unit's code at the
 * first use of any of its kernels (0.045-0.058 s of the first chunk's solve
 * on the H200), and cudaFuncGetAttributes is such a use. Raises no error
 * (it runs beside the main thread): nonzero when CUDA refused. */
int EIG_FN(preload)(void)
{
    cudaFuncAttributes a;
    return cudaFuncGetAttributes(&a, EIG_FN(transpose_kernel)) != cudaSuccess;
}

int EIG_FN(kernel_applies)(int k, const eig_solve_params *p, int n)
{
    eig_layout l = eig_layout_of(p, n);
    switch (k) {
    case K_THREAD_GLOBAL: return 1;
    case K_THREAD_SHARED: return EIG_FN(shared_block)((int)(l.input + EIG_FN(eig_solve_one_work)(p, n))) > 0;
    case K_WARP_JACOBI: return p->kind == EIG_KIND_SYMMETRIC && p->method == EIG_METHOD_JACOBI && n >= 1 && n <= 32;
    case K_BLOCK_JACOBI:
        return (p->kind == EIG_KIND_SYMMETRIC || p->kind == EIG_KIND_HERMITIAN) && p->method == EIG_METHOD_JACOBI &&
               n >= 1 && EIG_FN(block_jacobi_fits)(p, n);
    case K_BLOCK_TRIDIAG:
        return (p->kind == EIG_KIND_SYMMETRIC || p->kind == EIG_KIND_HERMITIAN) && p->method == EIG_METHOD_TRIDIAG_QL &&
               n >= 1 && n <= 1024;
    case K_WARP_GENERAL: return p->kind == EIG_KIND_GENERAL && n >= 1; /* in global memory when too large */
    case K_WARP_TRIDIAG:
        return (p->kind == EIG_KIND_SYMMETRIC || p->kind == EIG_KIND_HERMITIAN) && p->method == EIG_METHOD_TRIDIAG_QL &&
               n >= 1 && (p->vectors ? EIG_FN(warp_tridiag_vectors_fits)(p, n) : EIG_FN(warp_tridiag_fits)(p, n));
    case K_EIGVAL_THREAD: return p->kind == EIG_KIND_TRIDIAGONAL && p->method == EIG_METHOD_BISECTION && n >= 1;
    case K_WARP_SYM: /* Hermitian: with vectors */
        return (p->kind == EIG_KIND_SYMMETRIC || (p->kind == EIG_KIND_HERMITIAN && p->vectors)) &&
               p->method == EIG_METHOD_TRIDIAG_QL && n >= 1 && n <= EIG_WARP_SYM_MAX_N;
    default: return 0;
    }
}

/* Largest n for which the shared-memory thread kernel beats the global one,
 * per method: measured on one H100 (2026-11-22) with
 *   bench/kernel_table.sh BUILD   (100,000-200,000 matrices per point, double)
 * e.g. general n = 8: 8.6 ms shared vs 10.2 global; n = 12: 23.3 vs 18.5;
 * Jacobi n = 24: 99.6 vs 139; tridiag-ql n = 8: 5.4 vs 6.5, n = 12: 7.8 vs 6.5;
 * bisection n = 16: 9.1 vs 10.5, n = 20: 15.0 vs 14.2. General matrices:
 * thread-shared wherever warp-general does not start yet (its thresholds
 * and their figures: kernel_warp_general.cuh; single n = 12 thread-shared
 * 7.33 ms, thread-global 9.86). */
static int EIG_FN(shared_wins_up_to)(const eig_solve_params *p)
{
    switch (p->method) {
    case EIG_METHOD_FRANCIS:
        return (sizeof(eig_real) == sizeof(float) ? EIG_WARP_GENERAL_FROM_SINGLE : EIG_WARP_GENERAL_FROM_DOUBLE) - 1;
    case EIG_METHOD_JACOBI: return 24;
    case EIG_METHOD_BISECTION: return p->kind == EIG_KIND_TRIDIAGONAL ? 16 : 8;
    default: return 8;
    }
}

/* The automatic mapping (family, method, n) -> kernel. The cooperative
 * kernels' thresholds come from bench/kernel_table.sh on the H100 (see
 * docs/performance.md, kernel table). */
/* `small`: the job has too few matrices for one thread per matrix to fill
 * the GPU (fewer than EIG_SMALL_BATCH_PER_SM per SM): tridiag-ql above
 * n = 32 then takes block-tridiag, a block per matrix. Tridiag-ql from
 * n = 6 takes warp-tridiag from warp_tridiag_min_job matrices up and
 * block-tridiag below, values (n = 64, 7,629 matrices: 8.4 ms against
 * 23.5; 180 Hermitian 128 x 128: 9.8 ms against 219) and vectors, up to
 * n = 128, Hermitian 64 (100,000 matrices,
 * device resident: symmetric n = 16 4.5 ms against 15.8, n = 32 22.1
 * against 53.1; 20,000, n = 64: 37.5 against 89.4; 10,000, n = 128: 203.0
 * against 380.5; Hermitian n = 32 57.5 against 71.7; 20,000, n = 64 116.6
 * against 124.7; kernel_warp_tridiag_vectors.cuh has the rest). General
 * matrices take warp-general at any batch size from n = 11 in double, 16
 * in single (kernel_warp_general.cuh). The count is the whole job's
 * (cfg->job_matrices), so the choice, and with it every result bit, is the
 * same however the job is split over ranks and chunks. */
#define EIG_SMALL_BATCH_PER_SM 64
#ifndef EIG_VALUES_CHOICE_ONCE
#define EIG_VALUES_CHOICE_ONCE
/* Values only, where warp-tridiag's chases (one lane's QL a matrix) lose to
 * the kernels that bisect (H200, 2026-11-28, twenty-fourth session,
 * device-resident, ms; docs/performance.md, "Values only: which kernel").
 * Hermitian: block-tridiag from n = 48 (single 64) at any job (20,000 x
 * 64 27.2 against 54.5, 10,000 x 128 69.2 / 323.8, 5,280 x 48 4.80 /
 * 6.92, 20,000 x 48 17.38 / 17.51; single 10,000 x 80 27.3 / 82.2, 5,280
 * x 48 3.75 / 3.08), and from n = 40 up to 20 matrices an SM (2,640 x 40
 * 2.03 / 2.47; 5,280 x 40 3.59 / 2.66 keeps warp-tridiag above). */
static int values_by_block_tridiag(const eig_solve_params *p, int n, eig_idx job, int sms, int single)
{
    if (p->vectors || p->kind != EIG_KIND_HERMITIAN) return 0;
    return n >= (single ? 64 : 48) || (n >= 40 && job <= (eig_idx)sms * 20);
}
/* Symmetric below warp-sym's own start (EIG_WARP_SYM_VALUES_FROM): warp-sym
 * for mid-size jobs, from 5 matrices an SM (n >= 32; 10 below, where
 * block-tridiag still wins at 5) up to 40, warp-tridiag above (5,280 x 32
 * 0.86 / 1.72, 1,320 x 48 0.79 / 2.10, 2,640 x 16 0.29 / 0.44; 20,000 x 32
 * 2.77 / 2.01; single n = 16-48 at 660-5,280 the same way; single n =
 * 49-63 above 10 an SM not timed). */
static int values_by_warp_sym_mid(const eig_solve_params *p, int n, eig_idx job, int sms, int single)
{
    if (p->vectors || p->kind != EIG_KIND_SYMMETRIC || n < 16) return 0;
    if (n >= (single ? EIG_WARP_SYM_VALUES_FROM_SINGLE : EIG_WARP_SYM_VALUES_FROM)) return 0;
    return job >= (eig_idx)sms * (n >= 32 ? 5 : 10) && job <= (eig_idx)sms * 40;
}
#endif

static int EIG_FN(auto_kernel)(const eig_solve_params *p, int n, eig_idx job, int sms)
{
    const int small = job < (eig_idx)sms * EIG_SMALL_BATCH_PER_SM;
    const int wt_to = !p->vectors                      ? EIG_WARP_TRIDIAG_TO
                      : p->kind == EIG_KIND_HERMITIAN ? EIG_WARP_TRIDIAG_VECTORS_HERMITIAN_TO
                                                      : EIG_WARP_TRIDIAG_VECTORS_TO;
    const int wt_range = n >= EIG_WARP_TRIDIAG_FROM && n <= wt_to;
    const int wt_few = job < (eig_idx)warp_tridiag_min_job(p, n, sms);
    /* Hermitian Jacobi: a block a matrix from n = 9, or where the job cannot
     * fill the GPU with a thread a matrix; below, the thread kernels (H200,
     * 2026-11-28, vectors, host to host, ms, block-jacobi / thread-global /
     * thread-shared: 100,000 x 4 8.00 / 1.04 / 0.95, x 8 17.10 / 11.18 /
     * 7.08; 20,000 x 16 8.77 / 36.68 / -; 10,000 x 32 22.94 / 268.3 / -) */
    if (EIG_FN(kernel_applies)(K_BLOCK_JACOBI, p, n) && p->kind == EIG_KIND_HERMITIAN &&
        (n >= EIG_BLOCK_JACOBI_HERMITIAN_FROM || small))
        return K_BLOCK_JACOBI;
    if (EIG_FN(kernel_applies)(K_WARP_JACOBI, p, n) && n >= EIG_WARP_JACOBI_FROM) return K_WARP_JACOBI;
    const int ws_single = sizeof(eig_real) == sizeof(float);
    if (EIG_FN(kernel_applies)(K_WARP_GENERAL, p, n) &&
        n >= (ws_single ? EIG_WARP_GENERAL_FROM_SINGLE : EIG_WARP_GENERAL_FROM_DOUBLE))
        return K_WARP_GENERAL;
    /* warp-sym's part 1 in shared memory: whenever wanted, the kernel runs split (unless forced whole) */
    const int ws_rb = EIG_FN(sym_rb_wanted)(p, n) && EIG_FN(warp_sym_split)(p, n, 0);
    const int ws_from = p->kind == EIG_KIND_HERMITIAN ? (ws_single ? EIG_WARP_SYM_HERMITIAN_FROM_SINGLE
                                                                   : EIG_WARP_SYM_HERMITIAN_FROM)
                        : p->vectors ? (ws_rb ? EIG_WARP_SYM_FROM_RB
                                              : ws_single ? EIG_WARP_SYM_FROM_SINGLE : EIG_WARP_SYM_FROM)
                                   : (ws_single ? EIG_WARP_SYM_VALUES_FROM_SINGLE : EIG_WARP_SYM_VALUES_FROM);
    const int ws_job = warp_sym_min_job_per_sm(p, n, ws_single, ws_rb);
    if (EIG_FN(kernel_applies)(K_WARP_SYM, p, n) && n >= ws_from && job >= (eig_idx)sms * ws_job)
        return K_WARP_SYM;
    if (EIG_FN(kernel_applies)(K_WARP_SYM, p, n) &&
        (warp_sym_small_hermitian(p, n, (long long)job, sms, ws_single, wt_few, ws_rb) ||
         (ws_rb && warp_sym_mid_symmetric(p, n, (long long)job, sms, ws_single))))
        return K_WARP_SYM;
    if (EIG_FN(kernel_applies)(K_BLOCK_TRIDIAG, p, n) && values_by_block_tridiag(p, n, job, sms, ws_single))
        return K_BLOCK_TRIDIAG;
    if (EIG_FN(kernel_applies)(K_WARP_SYM, p, n) && values_by_warp_sym_mid(p, n, job, sms, ws_single))
        return K_WARP_SYM;
    if (EIG_FN(kernel_applies)(K_WARP_TRIDIAG, p, n) && wt_range && !wt_few) return K_WARP_TRIDIAG;
    if (EIG_FN(kernel_applies)(K_BLOCK_TRIDIAG, p, n) &&
        (n >= (p->vectors ? EIG_BLOCK_TRIDIAG_VECTORS_FROM : EIG_BLOCK_TRIDIAG_FROM) || (small && n > 32) ||
         (wt_range && wt_few)))
        return K_BLOCK_TRIDIAG;
    if (EIG_FN(kernel_applies)(K_EIGVAL_THREAD, p, n) && n >= EIG_EIGVAL_THREAD_FROM) return K_EIGVAL_THREAD;
    if (EIG_FN(kernel_applies)(K_THREAD_SHARED, p, n) && n <= EIG_FN(shared_wins_up_to)(p)) return K_THREAD_SHARED;
    return K_THREAD_GLOBAL;
}

int EIG_FN(pick_kernel)(const eig_gpu_config *cfg, const eig_solve_params *p, int n, eig_idx count,
                               int *kernel)
{
    if (!cfg->kernel || !*cfg->kernel || !strcmp(cfg->kernel, "auto")) {
        int sms = 0;
        GPU_CALL(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, cfg->device));
        const eig_idx job = cfg->job_matrices > 0 ? cfg->job_matrices : count;
        *kernel = EIG_FN(auto_kernel)(p, n, job, sms);
        return 0;
    }
    for (int k = 0; k < K_COUNT; k++)
        if (!strcmp(cfg->kernel, gpu_kernel_names[k])) {
            EIG_CHECK(k != K_THREAD_SHARED || EIG_FN(kernel_applies)(k, p, n), EIG_ERR_USAGE,
                      "--kernel thread-shared: a matrix of order %d needs %lld reals of shared memory, more than "
                      "fits in a block (use thread-global)", n,
                      (long long)(eig_layout_of(p, n).input + EIG_FN(eig_solve_one_work)(p, n)));
            EIG_CHECK(EIG_FN(kernel_applies)(k, p, n), EIG_ERR_USAGE,
                      "--kernel %s does not apply to %s matrices, method %s, n = %d (docs/performance.md lists "
                      "what each kernel runs)", cfg->kernel, eig_kind_name(p->kind), eig_method_name(p->method), n);
            *kernel = k;
            return 0;
        }
    return EIG_ERROR(EIG_ERR_USAGE, "--kernel: unknown kernel '%s' (auto, thread-global, thread-shared, warp-jacobi, "
                     "eigval-thread, warp-general, block-tridiag, warp-tridiag, warp-sym, block-jacobi)", cfg->kernel);
}

/* ---- the stream pipeline ---- */

#ifndef EIG_SUB_CHUNK_CAP_ONCE
#define EIG_SUB_CHUNK_CAP_ONCE
/* Device bytes a stream's sub-chunk takes at most, by kernel. Smaller
 * sub-chunks shorten the pipeline's head (the first sub-chunk's copy in,
 * which no kernel hides) and let one sub-chunk's tail run beside the next
 * one's start; below a kernel's own best size they cost launches and
 * transposes. One sub-chunk per stream, as before, left 18 ms of 240 ms
 * unhidden for 500,000 general matrices of order 30. H100, 2026-11-24,
 * 500,000 matrices, double, host to host, best of 5 (no cap / 64 / 32 /
 * 16 / 8 MB): warp-general n = 30 240.2 / 211.6 / 206.4 / 206.5 / 216.1 ms,
 * n = 16 49.4 / 43.4 / 41.8 / 39.7 / 40.6, n = 20 82.2 / 71.9 / 68.5 /
 * 68.6 / 72.8, n = 32 280.1 / 256.8 / 258.7 / 256.0 / 262.5 (device-
 * resident n = 30 221.9 -> 206.7); thread kernels n = 10 15.3 / 14.6 (64
 * MB), n = 12 31.5 / 31.1 / 32.7 / 44.8; warp-jacobi n = 32 (100,000)
 * 103.5 / 100.9 / 100.3. The tridiagonal-reduction kernels with vectors
 * lose with any cap (n = 32 resident 19.9 -> 40-138 ms, n = 128 186 ->
 * 234): none for them. warp-general split in two (warp_general_split)
 * takes 128 MB: its two launches a sub-chunk each fill the GPU only with
 * enough matrices (H200, 2026-11-29, double, 16 / 64 / 128 MB: n = 30
 * 157.9 / 145.3 / 142.3 ms, n = 20 - / 49.9 / 49.2, n = 16 - / 31.6 /
 * 30.7; the one kernel at n = 30 with 64 MB 157.8 against 162.4 with 16 MB,
 * but n = 16 and 25 lose 4-5 % with 64 MB: it keeps 16). */
static size_t sub_chunk_cap(int kernel, int general_split)
{
    switch (kernel) {
    case K_WARP_GENERAL: return (size_t)(general_split ? 128 : 16) << 20;
    case K_WARP_JACOBI: return (size_t)32 << 20;
    case K_THREAD_GLOBAL:
    case K_THREAD_SHARED: return (size_t)64 << 20;
    default: return 0;
    }
}

/* The pipeline's head: the first sub-chunk's copy in runs with the GPU
 * idle. From the host, in a job of at least two rounds of the streams'
 * sub-chunks, sub-chunks 0, 1, ... take sub >> steps, sub >> (steps - 1),
 * ... matrices until they reach sub, so the first launch starts after an
 * eighth of the copy and the copies that follow still outrun the kernels.
 * warp-general split in two only: H200, 2026-11-30, host to host, ms, no
 * ramp / 3 steps: n = 30 (500,000) 91.3-91.6 / 91.0-91.3, 40 (100,000)
 * 49.9 / 48.9, 64 (100,000) 185.3 / 181.4; any kernel with a cap and any
 * job: general n = 256 (500, A in global memory: a stream's small and
 * whole sub-chunks in turn, each matrix's chain the whole launch) 396 /
 * 680, symmetric n = 48 with vectors (18,084) 18.5 / 19.5.
 * EIG_GPU_RAMP=steps overrides (0: off; tuning). */
#define EIG_GPU_RAMP_STEPS 3
static int ramp_steps(int kernel, int general_split, int from_host, eig_idx count, eig_idx round)
{
    const char *s = getenv("EIG_GPU_RAMP");
    if (!from_host || kernel != K_WARP_GENERAL || !general_split || count < 2 * round) return 0;
    const int steps = s && *s ? atoi(s) : EIG_GPU_RAMP_STEPS;
    return steps < 0 ? 0 : steps > 8 ? 8 : steps;
}

/* A small job runs as one launch on one stream: at most three matrices
 * an SM, with its input already on the device (nothing to overlap) or at
 * most 4 MB of it from the host. Split over the streams it only overlaps
 * copies shorter than the launches, copies and waits the split adds.
 * H100, 2026-11-28, device-resident, ms, four streams / one: 132
 * matrices n = 2 0.17 / 0.05, Hermitian n = 32 with vectors 0.50 / 0.41;
 * 264 Hermitian n = 48 0.83 / 0.75; radar 180 x 128 4.04 / 3.94; 396
 * symmetric n = 16 0.29 / 0.19, n = 48 1.29 / 0.73, Hermitian n = 64 1.48
 * / 1.23 (but n = 96 3.65 / 3.80, symmetric n = 96 1.77 / 1.86). With
 * more matrices the streams let one sub-chunk's part 1 run beside
 * another's part 2: 1,320 Hermitian n = 48 1.88 / 2.10, n = 64 2.90 /
 * 3.41 (docs/performance.md, "Small jobs"). EIG_GPU_ONE_LAUNCH=0 turns it
 * off. */
static int one_launch(int in_on_device, eig_idx count, size_t in_bytes, int sms)
{
    const char *s = getenv("EIG_GPU_ONE_LAUNCH");
    if (s && *s && !atoi(s)) return 0;
    return count <= 3 * (eig_idx)sms && (in_on_device || in_bytes <= ((size_t)4 << 20));
}
#endif

/* on_stream NULL: the host-buffer call, over ctx's streams and arena, synchronised
 * before returning. Otherwise everything is enqueued on *on_stream (the caller's),
 * in a workspace from the stream-ordered pool, and nothing waits for it. */
int EIG_FN(gpu_batch)(eig_gpu_ctx *ctx, const cudaStream_t *on_stream, const eig_gpu_config *cfg,
                             const eig_solve_params *p, int n, eig_idx count, const eig_real *input,
                             eig_real *values, int8_t *status, int32_t *iterations, eig_real *vectors,
                             const eig_reduce_list *red, double *reduced)
{
    /* red: the reductions, made on the device from each sub-chunk's
     * eigenvalues and copied back instead of them (values NULL) or besides. */
    if (red && !red->count) red = NULL;
    const size_t red_bytes = red ? sizeof(double) * (size_t)red->slots + 16 : 0; /* + the aligning pads */
    eig_layout l = eig_layout_of(p, n);
    eig_idx wn = EIG_FN(eig_solve_one_work)(p, n);
    int kernel;
    EIG_CALL(EIG_FN(pick_kernel)(cfg, p, n, count, &kernel));
    /* Thread kernels work on element-wise data (transposed in and out); the
     * cooperative ones read and/or write matrix-wise data directly. */
    const int ew_in = kernel != K_WARP_JACOBI && kernel != K_WARP_GENERAL && kernel != K_BLOCK_TRIDIAG &&
                      kernel != K_WARP_TRIDIAG && kernel != K_WARP_SYM && kernel != K_BLOCK_JACOBI,
              ew_out = kernel == K_THREAD_GLOBAL || kernel == K_THREAD_SHARED;
    eig_idx work_reals = kernel == K_THREAD_GLOBAL ? wn : kernel == K_EIGVAL_THREAD ? EIG_FN(eigval_work)(n) : 0;
    int sms = 0;
    GPU_CALL(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, cfg->device));
    /* the whole job's count, as for the kernel: a rank's or chunk's share
     * must not change the team, and with it the results' rounding */
    const eig_idx job = cfg->job_matrices > 0 ? cfg->job_matrices : count;
    const int bt_ts = block_tridiag_threads(p, n, (long long)job, sms), bt_teams = block_tridiag_teams(bt_ts);
    if (kernel == K_BLOCK_TRIDIAG) { /* the knob can ask for more threads than the kernel's registers allow */
        cudaFuncAttributes fa;
        GPU_CALL(cudaFuncGetAttributes(&fa, EIG_FN(block_tridiag_kernel)));
        EIG_CHECK(bt_ts * bt_teams <= fa.maxThreadsPerBlock, EIG_ERR_USAGE,
                  "block-tridiag: %d threads a block (EIG_BLOCK_TRIDIAG_THREADS, _TEAMS) exceed this kernel's limit of %d",
                  bt_ts * bt_teams, fa.maxThreadsPerBlock);
    }
    const int ws_minb = kernel == K_WARP_SYM ? EIG_FN(warp_sym_min_blocks)(p, n, job, sms) : 0;
    const int ws_bt_apart = kernel == K_WARP_SYM && EIG_FN(warp_sym_bt_apart)(p, n, ws_minb);
    const int bt_zshared = kernel == K_BLOCK_TRIDIAG && EIG_FN(block_tridiag_z_shared)(p, n, bt_teams);
    const int bt_three = kernel == K_BLOCK_TRIDIAG && block_tridiag_three_an_sm(bt_ts, bt_teams, (long long)job, sms);
    const int bt_dc = kernel == K_BLOCK_TRIDIAG && block_tridiag_dc(p, n);
    if (kernel == K_BLOCK_TRIDIAG) work_reals = EIG_FN(block_tridiag_global_reals)(p, n, bt_zshared, bt_dc);
    if (kernel == K_WARP_SYM) work_reals = EIG_FN(warp_sym_global_reals)(p, n);
    const int wg_global = kernel == K_WARP_GENERAL && EIG_FN(warp_general_in_global)(n);
    const int wt_vectors = kernel == K_WARP_TRIDIAG && p->vectors;
    const int wt_shared = kernel == K_WARP_TRIDIAG && (wt_vectors || warp_tridiag_a_shared(p, n));
    const EIG_FN(warp_tridiag_fn) wt_kernel = kernel == K_WARP_TRIDIAG && !wt_vectors
                                                  ? EIG_FN(warp_tridiag_kernel_for)(wt_shared, warp_tridiag_team(p, n))
                                                  : 0;
    const EIG_FN(warp_tridiag_vectors_fn) wtv_kernel =
        wt_vectors ? EIG_FN(warp_tridiag_vectors_kernel_for)(warp_tridiag_team(p, n)) : 0;
    const int wt_log_cap = wt_vectors ? warp_tridiag_log_cap(n) : 0;
    if (wt_vectors) /* the reflectors, the rotation log */
        work_reals = EIG_FN(warp_tridiag_vectors_work)(p->kind == EIG_KIND_HERMITIAN ? 2 : 1, n, wt_log_cap);
    if (wg_global) work_reals = EIG_FN(warp_general_smem_reals)(n); /* A, wr, wi per matrix */
    const int wg_split = kernel == K_WARP_GENERAL && !wg_global && warp_general_split(n, EIG_IS_DOUBLE);
    EIG_FN(warp_general_split_cfg) wg_split_cfg;
    /* the one kernel's lanes per matrix, for its configuration and every launch */
    const int wg_ts = kernel == K_WARP_GENERAL && !wg_split ? EIG_FN(warp_general_one_team)(n) : 0;
    if (wg_split) { /* the reduction's output: band, wr, wi, status, ilo, ihi, scale */
        work_reals = EIG_FN(warp_general_split_reals)(n);
        EIG_CALL(EIG_FN(warp_general_split_config)(n, &wg_split_cfg));
    }
    int T = 128;
    eig_wg_shape wg_shape[2]; /* warp-general's one kernel: its launch shapes (warp_general_shape) */
    size_t smem = 0;
    /* the thread kernels' instance: general matrices apart (solve_thread_kernel) */
    const int general = p->kind == EIG_KIND_GENERAL;
    auto *const shared_kernel = general ? EIG_FN(solve_shared_kernel)<1> : EIG_FN(solve_shared_kernel)<0>;
    auto *const thread_kernel = general ? EIG_FN(solve_thread_kernel)<1> : EIG_FN(solve_thread_kernel)<0>;
    if (kernel == K_THREAD_SHARED) {
        T = EIG_FN(shared_block)((int)(l.input + wn));
        smem = (size_t)T * (size_t)(l.input + wn) * sizeof(eig_real);
        GPU_CALL(cudaFuncSetAttribute(shared_kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem));
    } else if (kernel == K_WARP_GENERAL && !wg_split) {
        EIG_CALL(EIG_FN(warp_general_config)(n, wg_ts, wg_shape));
    } else if (kernel == K_BLOCK_TRIDIAG) {
        T = bt_ts * bt_teams;
        smem = (size_t)bt_teams * EIG_FN(block_tridiag_smem_reals)(p, n, bt_zshared) * sizeof(eig_real);
        GPU_CALL(cudaFuncSetAttribute(bt_three ? EIG_FN(block_tridiag_kernel3) : EIG_FN(block_tridiag_kernel),
                                      cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem));
    } else if (kernel == K_WARP_TRIDIAG && wt_vectors) {
        const int team = warp_tridiag_team(p, n);
        T = team > 32 ? team : 32; /* one block team, or warp teams in one warp */
        /* the kernel's limit: the most any call may take (warp_tridiag_smem_limit,
         * warp_tridiag_vectors_fits), the same for every call, n and kind:
         * concurrent calls on other streams or threads launch the same kernels
         * with their own n and G (the launch's smem below) */
        smem = warp_tridiag_smem_limit();
        GPU_CALL(cudaFuncSetAttribute(wtv_kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem));
        if (EIG_FN(warp_tridiag_vectors_by_waves)(p, n)) /* the split kernel's parts */
            for (int part = 1; part <= 2; part++)
                GPU_CALL(cudaFuncSetAttribute(EIG_FN(warp_tridiag_vectors_part)(part),
                                              cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem));
    } else if (kernel == K_WARP_TRIDIAG) {
        T = warp_tridiag_team(p, n) > 32 ? warp_tridiag_team(p, n) : 32; /* a block team, or warp teams */
        smem = EIG_FN(warp_tridiag_smem_reals)(p, n, wt_shared) * sizeof(eig_real);
        GPU_CALL(cudaFuncSetAttribute(wt_kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem));
    } else if (kernel == K_WARP_SYM) {
        T = 32 * EIG_WARP_SYM_WARPS;
        smem = EIG_WARP_SYM_WARPS * EIG_FN(warp_sym_smem_reals)(p, n) * sizeof(eig_real);
        EIG_CALL(EIG_FN(warp_sym_set_smem)(p, n, ws_minb, smem));
    } else if (kernel == K_BLOCK_JACOBI) {
        T = block_jacobi_threads(n);
        smem = EIG_FN(block_jacobi_smem_reals)(p, n) * sizeof(eig_real);
        EIG_CALL(EIG_FN(block_jacobi_set_smem)(p));
    } else if (kernel == K_WARP_JACOBI) {
        T = 32 * EIG_WARPS_PER_BLOCK;
        smem = (size_t)EIG_WARPS_PER_BLOCK * (size_t)EIG_FN(warp_jacobi_smem_reals)(n, p->vectors) * sizeof(eig_real);
        GPU_CALL(cudaFuncSetAttribute(EIG_FN(warp_jacobi_kernel), cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem));
    }
    /* Per matrix on the device: input (twice when transposed), values and
     * vectors (twice when transposed back), workspace, status, iterations. */
    size_t per = sizeof(eig_real) * (size_t)((ew_in ? 2 : 1) * l.input + (ew_out ? 2 : 1) * (l.values + l.vectors) +
                                             work_reals) + 5 + red_bytes;
    per = (per + 15) & ~(size_t)15; /* keeps every slot's arrays aligned */
    /* Input already on this device (a caller keeping its data on the GPU):
     * kernels that only read their input take it where it lies instead of
     * from a device-to-device copy (block-tridiag and warp-tridiag with A in
     * global memory work in place, so they get the copy). */
    cudaPointerAttributes in_attr;
    int in_on_device = 0;
    if (cudaPointerGetAttributes(&in_attr, input) == cudaSuccess)
        in_on_device = in_attr.type == cudaMemoryTypeDevice && in_attr.device == cfg->device;
    else
        cudaGetLastError();
    const int read_in_place = in_on_device && kernel != K_BLOCK_TRIDIAG && kernel != K_WARP_SYM &&
                              !(kernel == K_WARP_TRIDIAG && !wt_shared);
    eig_idx sub;
    int ns, whole = 0; /* whole: the job in one launch (one_launch) */
    cudaStream_t *streams;
    void *arena;
    if (on_stream) { /* one stream, the caller's; a workspace of this call's own */
        EIG_CALL(eig_gpu_plan_on_stream(cfg, per, count, *on_stream, &arena, &sub));
        ns = 1, streams = (cudaStream_t *)on_stream;
    } else {
        EIG_CALL(eig_gpu_plan(ctx, cfg, per, sub_chunk_cap(kernel, wg_split), count, &sub));
        ns = ctx->nstreams, streams = ctx->streams, arena = ctx->arena;
        /* the arena holds ns sub-chunks: the whole job when it is small */
        if (cfg->chunk <= 0 && (eig_idx)ns * sub >= count &&
            one_launch(in_on_device, count, sizeof(eig_real) * (size_t)(count * l.input), sms))
            sub = count, whole = 1;
    }
    /* warp-tridiag with vectors: G by the matrices the streams hold at once
     * (the kernel's choice went by the job's, for any rank count the same) */
    int wt_G = kernel == K_WARP_TRIDIAG ? warp_tridiag_group(p, n) : 0, wt_split = 0, wt_G2 = 0;
    size_t smem2 = 0;
    if (wt_vectors) {
        const eig_idx at_once = (eig_idx)ns * sub < count ? (eig_idx)ns * sub : count;
        wt_split = EIG_FN(warp_tridiag_vectors_split)(p, n, (long long)at_once, sms);
        wt_G = EIG_FN(warp_tridiag_vectors_group)(p, n, (long long)at_once, sms, wt_split);
        /* within the limit set above */
        smem = EIG_FN(warp_tridiag_vectors_smem_part)(p, n, wt_G, wt_split) * sizeof(eig_real);
        if (wt_split) {
            wt_G2 = EIG_FN(warp_tridiag_vectors_group)(p, n, (long long)at_once, sms, 2);
            smem2 = EIG_FN(warp_tridiag_vectors_smem_part)(p, n, wt_G2, 2) * sizeof(eig_real);
        }
    }
    /* Round-robin the sub-chunks over the streams: each runs
     * H2D -> transpose -> solve -> transpose back -> D2H, so one stream's
     * copies overlap another's kernels. */
    const int ramp = on_stream || whole || cfg->chunk > 0
                         ? 0
                         : ramp_steps(kernel, wg_split, !in_on_device, count, (eig_idx)ns * sub);
    eig_idx first = 0;
    for (eig_idx k = 0; first < count; k++) {
        const eig_idx want = k < ramp && (sub >> (ramp - k)) > 0 ? sub >> (ramp - k) : sub;
        const eig_idx cnt = count - first < want ? count - first : want;
        int s = (int)(k % ns);
        cudaStream_t st = streams[s];
        unsigned char *base = (unsigned char *)arena + (size_t)s * (size_t)sub * per;
        eig_real *slot_in = (eig_real *)base; /* the arena's input slot(s) */
        eig_real *in_mw = read_in_place ? (eig_real *)input + first * l.input : slot_in;
        eig_real *in_ew = ew_in ? slot_in + l.input * sub : in_mw;
        eig_real *val_mw = slot_in + (ew_in ? 2 : 1) * l.input * sub, *val_ew = ew_out ? val_mw + l.values * sub : val_mw;
        eig_real *vec_mw = val_ew + l.values * sub, *vec_ew = ew_out ? vec_mw + l.vectors * sub : vec_mw;
        eig_real *work = vec_ew + l.vectors * sub;
        int8_t *d_status = (int8_t *)(work + work_reals * sub);
        int32_t *d_iters = (int32_t *)(((uintptr_t)(d_status + sub) + 7) & ~(uintptr_t)7);
        double *d_reduced = (double *)(((uintptr_t)(d_iters + sub) + 7) & ~(uintptr_t)7);
        /* cudaMemcpyDefault: the caller's buffers may be host or device memory
         * (unified addressing tells which); device-resident data is copied on the device. */
        if (!read_in_place)
            cudaMemcpyAsync(in_mw, input + first * l.input, sizeof(eig_real) * (size_t)(cnt * l.input), cudaMemcpyDefault, st);
        if (ew_in) EIG_FN(launch_transpose)(in_mw, in_ew, cnt, l.input, st);
        unsigned blocks = (unsigned)((cnt + T - 1) / T);
        switch (kernel) {
        case K_THREAD_SHARED:
            shared_kernel<<<blocks, T, smem, st>>>(*p, n, cnt, (int)l.input, (int)wn, in_ew, val_ew,
                                                   l.vectors ? vec_ew : 0, d_status, d_iters);
            break;
        case K_WARP_JACOBI:
            blocks = (unsigned)((cnt + EIG_WARPS_PER_BLOCK - 1) / EIG_WARPS_PER_BLOCK);
            EIG_FN(warp_jacobi_kernel)<<<blocks, T, smem, st>>>(n, p->max_iter_factor, cnt, in_mw, val_mw,
                                                                 l.vectors ? vec_mw : 0, d_status, d_iters);
            break;
        case K_WARP_GENERAL: {
            if (wg_split) {
                EIG_FN(warp_general_split_launch)(&wg_split_cfg, n, p->max_iter_factor, cnt, in_mw, val_mw, d_status,
                                                  d_iters, work, st);
                EIG_FN(warp_general_overflow_kernel)<<<(unsigned)((cnt + 255) / 256), 256, 0, st>>>(n, cnt, val_mw,
                                                                                                   d_status);
                break;
            }
            const eig_wg_shape sh = warp_general_shape(wg_shape, wg_ts, (long long)cnt);
            EIG_FN(warp_general_kernel_for)(wg_global, wg_ts)<<<warp_general_blocks(sh, wg_ts, (long long)cnt), sh.T,
                                                                sh.smem, st>>>(
                n, wg_ts, p->max_iter_factor, cnt, in_mw, val_mw, d_status, d_iters, wg_global ? work : 0);
            EIG_FN(warp_general_overflow_kernel)<<<(unsigned)((cnt + 255) / 256), 256, 0, st>>>(n, cnt, val_mw, d_status);
            break;
        }
        case K_BLOCK_TRIDIAG:
            EIG_FN(block_tridiag_launch)(p, n, cnt, T, bt_teams, smem, (int)EIG_FN(block_tridiag_smem_reals)(p, n, bt_zshared),
                                         in_mw, val_mw, l.vectors ? vec_mw : 0, work, bt_zshared, bt_dc, bt_three,
                                         d_status, d_iters, st);
            break;
        case K_BLOCK_JACOBI:
            EIG_FN(block_jacobi_launch)(p, n, cnt, T, smem, in_mw, val_mw, l.vectors ? vec_mw : 0, d_status, d_iters,
                                        st);
            break;
        case K_WARP_SYM:
            EIG_FN(warp_sym_launch)(p, n, cnt, in_mw, val_mw, vec_mw, work, d_status, d_iters, ws_bt_apart, ws_minb, st);
            break;
        case K_WARP_TRIDIAG: {
            blocks = (unsigned)((cnt + wt_G - 1) / wt_G);
            if (wt_vectors) { /* the whole kernel, or the split kernel's part 1 then part 2 */
                const EIG_FN(warp_tridiag_vectors_fn) first_kernel = wt_split ? EIG_FN(warp_tridiag_vectors_part)(1)
                                                                               : wtv_kernel;
                first_kernel<<<blocks, T, smem, st>>>(*p, n, wt_G, wt_log_cap, warp_tridiag_log_chunk(n), cnt, in_mw,
                                                      val_mw, vec_mw, work, d_status, d_iters);
                if (wt_split)
                    EIG_FN(warp_tridiag_vectors_part)(2)<<<(unsigned)((cnt + wt_G2 - 1) / wt_G2), T, smem2, st>>>(
                        *p, n, wt_G2, wt_log_cap, warp_tridiag_log_chunk(n), cnt, in_mw, val_mw, vec_mw, work,
                        d_status, d_iters);
            } else
                wt_kernel<<<blocks, T, smem, st>>>(*p, n, wt_G, cnt, in_mw, val_mw, d_status, d_iters);
            break;
        }
        case K_EIGVAL_THREAD: {
            EIG_FN(eigval_prepare_kernel)<<<blocks, T, 0, st>>>(*p, n, cnt, in_ew, work, val_mw, d_status, d_iters);
            unsigned long long threads = (unsigned long long)cnt * (unsigned long long)n;
            EIG_FN(eigval_bisect_kernel)<<<(unsigned)((threads + 255) / 256), 256, 0, st>>>(n, cnt, work, val_mw,
                                                                                           d_status, d_iters);
            EIG_FN(eigval_finish_kernel)<<<blocks, T, 0, st>>>(n, cnt, work, val_mw, d_status);
            break;
        }
        default:
            thread_kernel<<<blocks, T, 0, st>>>(*p, n, cnt, in_ew, val_ew, l.vectors ? vec_ew : 0, wn ? work : 0,
                                                d_status, d_iters);
        }
        if (red) { /* from the eigenvalues where the kernel left them: element-wise reads coalesce */
            EIG_FN(reduce_kernel)<<<(unsigned)((cnt + 127) / 128), 128, 0, st>>>(
                *red, p->kind == EIG_KIND_GENERAL, n, cnt, ew_out ? val_ew : val_mw, ew_out ? 1 : l.values,
                ew_out ? cnt : 1, d_status, d_reduced);
            cudaMemcpyAsync(reduced + first * red->slots, d_reduced, sizeof(double) * (size_t)(cnt * red->slots),
                            cudaMemcpyDefault, st);
        }
        if (values) {
            if (ew_out) EIG_FN(launch_transpose)(val_ew, val_mw, l.values, cnt, st);
            cudaMemcpyAsync(values + first * l.values, val_mw, sizeof(eig_real) * (size_t)(cnt * l.values), cudaMemcpyDefault, st);
        }
        if (l.vectors) {
            if (ew_out) EIG_FN(launch_transpose)(vec_ew, vec_mw, l.vectors, cnt, st);
            cudaMemcpyAsync(vectors + first * l.vectors, vec_mw, sizeof(eig_real) * (size_t)(cnt * l.vectors), cudaMemcpyDefault, st);
        }
        cudaMemcpyAsync(status + first, d_status, (size_t)cnt, cudaMemcpyDefault, st);
        cudaMemcpyAsync(iterations + first, d_iters, sizeof(int32_t) * (size_t)cnt, cudaMemcpyDefault, st);
        first += cnt;
    }
    cudaError_t err = cudaSuccess;
    if (on_stream) {
        /* Stream-ordered: the workspace goes back to the pool once the stream
         * has passed this call's work; launch errors show now, the rest at the
         * caller's synchronisation. */
        err = cudaGetLastError();
        cudaError_t e = cudaFreeAsync(arena, *on_stream);
        if (err == cudaSuccess) err = e;
        EIG_CHECK(err == cudaSuccess, EIG_ERR_RESOURCE, "CUDA error enqueuing the solve on the caller's stream: %s",
                  cudaGetErrorString(err));
        return 0;
    }
    for (int s = 0; s < ns; s++) {
        cudaError_t e = cudaStreamSynchronize(ctx->streams[s]);
        if (e != cudaSuccess && err == cudaSuccess) err = e;
    }
    if (err == cudaSuccess) err = cudaGetLastError();
    EIG_CHECK(err == cudaSuccess, EIG_ERR_RESOURCE, "CUDA error in the solve pipeline: %s", cudaGetErrorString(err));
    return 0;
}

/* Per-precision body of the thread-per-matrix GPU path, instantiated twice by
 * batch_gpu.cu. No guard. Layout: the file stores matrices one after another
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
 * the matrix stays in global memory (element-wise, coalesced). */
__global__ void EIG_FN(solve_thread_kernel)(eig_solve_params p, int n, eig_idx count, eig_real *in,
                                            eig_real *values, eig_real *vectors, eig_real *work,
                                            int8_t *status, int32_t *iterations)
{
    eig_idx m = (eig_idx)blockIdx.x * blockDim.x + threadIdx.x;
    if (m >= count) return;
    int it = 0;
    int st = EIG_FN(eig_solve_one)(&p, n, in + m, count, values + m, count, vectors ? vectors + m : 0, count,
                                   work ? work + m : 0, count, &it);
    status[m] = (int8_t)st;
    iterations[m] = it;
}

/* One thread per matrix, the matrix (and workspace) copied to shared memory
 * first, interleaved with stride blockDim.x so a warp's accesses hit distinct
 * banks. For small n this keeps the whole QR/Jacobi working set on chip. */
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
    int st = EIG_FN(eig_solve_one)(&p, n, a, T, values + m, count, vectors ? vectors + m : 0, count,
                                   work_len ? work : 0, T, &it);
    status[m] = (int8_t)st;
    iterations[m] = it;
}

static void EIG_FN(launch_transpose)(const eig_real *src, eig_real *dst, eig_idx rows, eig_idx cols, cudaStream_t s)
{
    dim3 block(32, 8), grid((unsigned)((cols + 31) / 32), (unsigned)((rows + 31) / 32));
    EIG_FN(transpose_kernel)<<<grid, block, 0, s>>>(src, dst, rows, cols);
}

/* Threads per block for the shared-memory kernel (0: does not fit, use the
 * global-memory kernel): the most of 128, 64, 32 whose block fits in 160 KB. */
static int EIG_FN(shared_block)(int per_matrix_reals)
{
    for (int T = 128; T >= 32; T /= 2)
        if ((size_t)T * (size_t)per_matrix_reals * sizeof(eig_real) <= (size_t)160 * 1024) return T;
    return 0;
}

/* Largest n for which the shared-memory kernel beats the global one, per
 * method: measured on one H100 (2026-11-22) with
 *   bench/kernel_table.sh BUILD   (100,000-200,000 matrices per point, double)
 * e.g. general n = 8: 8.6 ms shared vs 10.2 global; n = 12: 23.3 vs 18.5;
 * Jacobi n = 24: 99.6 vs 139; tridiag-ql n = 8: 5.4 vs 6.5, n = 12: 7.8 vs 6.5;
 * bisection n = 16: 9.1 vs 10.5, n = 20: 15.0 vs 14.2. */
static int EIG_FN(shared_wins_up_to)(const eig_solve_params *p)
{
    switch (p->method) {
    case EIG_METHOD_FRANCIS: return 10;
    case EIG_METHOD_JACOBI: return 24;
    case EIG_METHOD_BISECTION: return p->kind == EIG_KIND_TRIDIAGONAL ? 16 : 8;
    default: return 8;
    }
}

/* The kernel for this batch: "thread-global" or "thread-shared", from the
 * table above unless cfg->kernel forces one. */
static int EIG_FN(pick_kernel)(const eig_gpu_config *cfg, const eig_solve_params *p, int n, int per_matrix_reals,
                               int *use_shared)
{
    int T = EIG_FN(shared_block)(per_matrix_reals);
    *use_shared = T > 0 && n <= EIG_FN(shared_wins_up_to)(p);
    if (cfg->kernel && !strcmp(cfg->kernel, "thread-global")) *use_shared = 0;
    else if (cfg->kernel && !strcmp(cfg->kernel, "thread-shared")) {
        EIG_CHECK(T > 0, EIG_ERR_USAGE, "--kernel thread-shared: a matrix needs %d reals of shared memory, more than "
                  "fits (use thread-global)", per_matrix_reals);
        *use_shared = 1;
    } else if (cfg->kernel && *cfg->kernel)
        return EIG_ERROR(EIG_ERR_USAGE, "--kernel: unknown kernel '%s' (thread-global or thread-shared)", cfg->kernel);
    return 0;
}

static int EIG_FN(gpu_batch)(eig_gpu_ctx *ctx, const eig_gpu_config *cfg, const eig_solve_params *p, int n,
                             eig_idx count, const eig_real *input, eig_real *values, int8_t *status,
                             int32_t *iterations, eig_real *vectors)
{
    eig_layout l = eig_layout_of(p, n);
    eig_idx wn = EIG_FN(eig_solve_one_work)(p, n);
    int use_shared;
    EIG_CALL(EIG_FN(pick_kernel)(cfg, p, n, (int)(l.input + wn), &use_shared));
    int T = use_shared ? EIG_FN(shared_block)((int)(l.input + wn)) : 128;
    size_t smem = use_shared ? (size_t)T * (size_t)(l.input + wn) * sizeof(eig_real) : 0;
    if (use_shared)
        GPU_CALL(cudaFuncSetAttribute(EIG_FN(solve_shared_kernel), cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem));
    /* Per matrix on the device: input twice (matrix-wise and element-wise),
     * values and vectors twice, workspace (global kernel only), status, iterations. */
    size_t per = sizeof(eig_real) * (size_t)(2 * l.input + 2 * l.values + 2 * l.vectors + (use_shared ? 0 : wn)) + 5;
    per = (per + 15) & ~(size_t)15; /* keeps every slot's arrays aligned */
    eig_idx sub;
    EIG_CALL(eig_gpu_plan(ctx, cfg, per, count, &sub));
    int ns = ctx->nstreams;
    /* Round-robin the sub-chunks over the streams: each runs
     * H2D -> transpose -> solve -> transpose back -> D2H, so one stream's
     * copies overlap another's kernels. */
    eig_idx nsub = (count + sub - 1) / sub;
    for (eig_idx k = 0; k < nsub; k++) {
        int s = (int)(k % ns);
        cudaStream_t st = ctx->streams[s];
        unsigned char *base = (unsigned char *)ctx->arena + (size_t)s * (size_t)sub * per;
        eig_real *in_mw = (eig_real *)base, *in_ew = in_mw + l.input * sub;
        eig_real *val_ew = in_ew + l.input * sub, *val_mw = val_ew + l.values * sub;
        eig_real *vec_ew = val_mw + l.values * sub, *vec_mw = vec_ew + l.vectors * sub;
        eig_real *work = vec_mw + l.vectors * sub;
        int8_t *d_status = (int8_t *)(work + (use_shared ? 0 : wn) * sub);
        int32_t *d_iters = (int32_t *)(((uintptr_t)(d_status + sub) + 7) & ~(uintptr_t)7);
        eig_idx first = k * sub, cnt = count - first < sub ? count - first : sub;
        cudaMemcpyAsync(in_mw, input + first * l.input, sizeof(eig_real) * (size_t)(cnt * l.input), cudaMemcpyHostToDevice, st);
        EIG_FN(launch_transpose)(in_mw, in_ew, cnt, l.input, st);
        unsigned blocks = (unsigned)((cnt + T - 1) / T);
        if (use_shared)
            EIG_FN(solve_shared_kernel)<<<blocks, T, smem, st>>>(*p, n, cnt, (int)l.input, (int)wn, in_ew, val_ew,
                                                                  l.vectors ? vec_ew : 0, d_status, d_iters);
        else
            EIG_FN(solve_thread_kernel)<<<blocks, T, 0, st>>>(*p, n, cnt, in_ew, val_ew, l.vectors ? vec_ew : 0,
                                                               wn ? work : 0, d_status, d_iters);
        EIG_FN(launch_transpose)(val_ew, val_mw, l.values, cnt, st);
        cudaMemcpyAsync(values + first * l.values, val_mw, sizeof(eig_real) * (size_t)(cnt * l.values), cudaMemcpyDeviceToHost, st);
        if (l.vectors) {
            EIG_FN(launch_transpose)(vec_ew, vec_mw, l.vectors, cnt, st);
            cudaMemcpyAsync(vectors + first * l.vectors, vec_mw, sizeof(eig_real) * (size_t)(cnt * l.vectors), cudaMemcpyDeviceToHost, st);
        }
        cudaMemcpyAsync(status + first, d_status, (size_t)cnt, cudaMemcpyDeviceToHost, st);
        cudaMemcpyAsync(iterations + first, d_iters, sizeof(int32_t) * (size_t)cnt, cudaMemcpyDeviceToHost, st);
    }
    cudaError_t err = cudaSuccess;
    for (int s = 0; s < ns; s++) {
        cudaError_t e = cudaStreamSynchronize(ctx->streams[s]);
        if (e != cudaSuccess && err == cudaSuccess) err = e;
    }
    if (err == cudaSuccess) err = cudaGetLastError();
    EIG_CHECK(err == cudaSuccess, EIG_ERR_RESOURCE, "CUDA error in the solve pipeline: %s", cudaGetErrorString(err));
    return 0;
}

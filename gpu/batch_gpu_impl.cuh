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

/* One thread solves one matrix with the shared solvers/ code, stride = count. */
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

static void EIG_FN(launch_transpose)(const eig_real *src, eig_real *dst, eig_idx rows, eig_idx cols, cudaStream_t s)
{
    dim3 block(32, 8), grid((unsigned)((cols + 31) / 32), (unsigned)((rows + 31) / 32));
    EIG_FN(transpose_kernel)<<<grid, block, 0, s>>>(src, dst, rows, cols);
}

/* Device buffers of one stream slot. */
typedef struct {
    eig_real *in_mw, *in_ew, *val_ew, *val_mw, *vec_ew, *vec_mw, *work;
    int8_t *status;
    int32_t *iters;
} EIG_FN(slot);

static void EIG_FN(free_slot)(EIG_FN(slot) *sl)
{
    void *ptrs[] = {sl->in_mw, sl->in_ew, sl->val_ew, sl->val_mw, sl->vec_ew, sl->vec_mw, sl->work, sl->status, sl->iters};
    for (int i = 0; i < 9; i++)
        if (ptrs[i]) cudaFree(ptrs[i]);
    memset(sl, 0, sizeof *sl);
}

static int EIG_FN(gpu_batch)(const eig_gpu_config *cfg, const eig_solve_params *p, int n, eig_idx count,
                             const eig_real *input, eig_real *values, int8_t *status, int32_t *iterations,
                             eig_real *vectors)
{
    eig_layout l = eig_layout_of(p, n);
    eig_idx wn = EIG_FN(eig_solve_one_work)(p, n);
    int ns = cfg->streams > 0 ? cfg->streams : 4;
    size_t per = sizeof(eig_real) * (size_t)(2 * l.input + 2 * l.values + 2 * l.vectors + wn) + 5;
    eig_idx sub = cfg->chunk > 0 ? cfg->chunk : 0;
    if (sub == 0) {
        size_t free_b = 0, total_b = 0;
        GPU_CALL(cudaMemGetInfo(&free_b, &total_b));
        size_t budget = cfg->max_gpu_mem ? cfg->max_gpu_mem : free_b / 10 * 8;
        sub = (eig_idx)(budget / ((size_t)ns * per));
        if (sub > (count + ns - 1) / ns) sub = (count + ns - 1) / ns;
        if (sub > (1 << 20)) sub = 1 << 20;
        if (sub < 1) sub = 1;
    }
    cudaStream_t streams[64];
    EIG_FN(slot) slots[64];
    memset(slots, 0, sizeof slots);
    int rc = 0;
    for (int s = 0; s < ns && !rc; s++) {
        rc |= cudaStreamCreateWithFlags(&streams[s], cudaStreamNonBlocking) != cudaSuccess;
        EIG_FN(slot) *sl = &slots[s];
        rc |= cudaMalloc((void **)&sl->in_mw, sizeof(eig_real) * (size_t)(l.input * sub)) != cudaSuccess;
        rc |= cudaMalloc((void **)&sl->in_ew, sizeof(eig_real) * (size_t)(l.input * sub)) != cudaSuccess;
        rc |= cudaMalloc((void **)&sl->val_ew, sizeof(eig_real) * (size_t)(l.values * sub)) != cudaSuccess;
        rc |= cudaMalloc((void **)&sl->val_mw, sizeof(eig_real) * (size_t)(l.values * sub)) != cudaSuccess;
        if (l.vectors) {
            rc |= cudaMalloc((void **)&sl->vec_ew, sizeof(eig_real) * (size_t)(l.vectors * sub)) != cudaSuccess;
            rc |= cudaMalloc((void **)&sl->vec_mw, sizeof(eig_real) * (size_t)(l.vectors * sub)) != cudaSuccess;
        }
        if (wn) rc |= cudaMalloc((void **)&sl->work, sizeof(eig_real) * (size_t)(wn * sub)) != cudaSuccess;
        rc |= cudaMalloc((void **)&sl->status, (size_t)sub) != cudaSuccess;
        rc |= cudaMalloc((void **)&sl->iters, sizeof(int32_t) * (size_t)sub) != cudaSuccess;
    }
    if (rc) {
        cudaGetLastError(); /* clear the sticky allocation error */
        for (int s = 0; s < ns; s++) EIG_FN(free_slot)(&slots[s]);
        return EIG_ERROR(EIG_ERR_RESOURCE,
                         "GPU out of memory for %d streams x %lld matrices of order %d; lower --chunk or --streams",
                         ns, (long long)sub, n);
    }
    /* Round-robin the sub-chunks over the streams: each runs
     * H2D -> transpose -> solve -> transpose back -> D2H. */
    eig_idx nsub = (count + sub - 1) / sub;
    for (eig_idx k = 0; k < nsub; k++) {
        int s = (int)(k % ns);
        EIG_FN(slot) *sl = &slots[s];
        cudaStream_t st = streams[s];
        eig_idx first = k * sub, cnt = count - first < sub ? count - first : sub;
        cudaMemcpyAsync(sl->in_mw, input + first * l.input, sizeof(eig_real) * (size_t)(cnt * l.input),
                        cudaMemcpyHostToDevice, st);
        EIG_FN(launch_transpose)(sl->in_mw, sl->in_ew, cnt, l.input, st);
        unsigned threads = 128, blocks = (unsigned)((cnt + threads - 1) / threads);
        EIG_FN(solve_thread_kernel)<<<blocks, threads, 0, st>>>(*p, n, cnt, sl->in_ew, sl->val_ew,
                                                                 l.vectors ? sl->vec_ew : 0, sl->work,
                                                                 sl->status, sl->iters);
        EIG_FN(launch_transpose)(sl->val_ew, sl->val_mw, l.values, cnt, st);
        cudaMemcpyAsync(values + first * l.values, sl->val_mw, sizeof(eig_real) * (size_t)(cnt * l.values),
                        cudaMemcpyDeviceToHost, st);
        if (l.vectors) {
            EIG_FN(launch_transpose)(sl->vec_ew, sl->vec_mw, l.vectors, cnt, st);
            cudaMemcpyAsync(vectors + first * l.vectors, sl->vec_mw, sizeof(eig_real) * (size_t)(cnt * l.vectors),
                            cudaMemcpyDeviceToHost, st);
        }
        cudaMemcpyAsync(status + first, sl->status, (size_t)cnt, cudaMemcpyDeviceToHost, st);
        cudaMemcpyAsync(iterations + first, sl->iters, sizeof(int32_t) * (size_t)cnt, cudaMemcpyDeviceToHost, st);
    }
    cudaError_t err = cudaSuccess;
    for (int s = 0; s < ns; s++) {
        cudaError_t e = cudaStreamSynchronize(streams[s]);
        if (e != cudaSuccess && err == cudaSuccess) err = e;
        EIG_FN(free_slot)(&slots[s]);
        cudaStreamDestroy(streams[s]);
    }
    if (err == cudaSuccess) err = cudaGetLastError();
    EIG_CHECK(err == cudaSuccess, EIG_ERR_RESOURCE, "CUDA error in the solve pipeline: %s", cudaGetErrorString(err));
    return 0;
}

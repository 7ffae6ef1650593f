/* GPU backend entry points (gpu/batch_gpu.h). The kernels run the same
 * solvers/ code as the CPU backend, one thread per matrix on element-wise
 * (interleaved) data; see batch_gpu_impl.cuh, compiled once per precision
 * (batch_gpu_double.cu, batch_gpu_single.cu). Streams and one device arena
 * live for the whole run (allocating per chunk would cost milliseconds). */
#include <cuda_runtime.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "batch_args.h"
#include "batch_gpu.h"
#include "batch_gpu_shared.cuh"
#include "eig_error.h"
#include "precision.h"
#include "reduce_batch.h"

static eig_gpu_ctx gpu_ctx = {-1, 0, {0}, NULL, 0};
/* The host-buffer call and eig_gpu_release share gpu_ctx: one at a time. */
static pthread_mutex_t gpu_ctx_lock = PTHREAD_MUTEX_INITIALIZER;

/* The calls on a caller's stream take their workspace from a memory pool of
 * ours per device (stream-ordered: cudaMallocFromPoolAsync / cudaFreeAsync
 * on that stream), so concurrent calls on different streams never share
 * memory and nothing has to wait for another call. The pool keeps what it
 * reserved (release threshold: all), so repeated calls do not map memory
 * again; eig_gpu_release destroys it. */
#define EIG_GPU_MAX_DEVICES 64
#define EIG_GPU_SUB_MIN 2048 /* matrices a sub-chunk keeps at least under its byte cap (eig_gpu_plan) */
static cudaMemPool_t gpu_pools[EIG_GPU_MAX_DEVICES];
static pthread_mutex_t gpu_pools_lock = PTHREAD_MUTEX_INITIALIZER;

static int gpu_pool_create(int device, cudaMemPool_t *pool)
{
    int supported = 0;
    GPU_CALL(cudaDeviceGetAttribute(&supported, cudaDevAttrMemoryPoolsSupported, device));
    EIG_CHECK(supported, EIG_ERR_RESOURCE,
              "GPU %d does not support stream-ordered memory pools, which eig_gpu_solve_batch_on_stream needs "
              "(use eig_gpu_solve_batch)", device);
    cudaMemPoolProps props;
    memset(&props, 0, sizeof props);
    props.allocType = cudaMemAllocationTypePinned;
    props.handleTypes = cudaMemHandleTypeNone;
    props.location.type = cudaMemLocationTypeDevice;
    props.location.id = device;
    GPU_CALL(cudaMemPoolCreate(pool, &props));
    uint64_t keep = UINT64_MAX;
    GPU_CALL(cudaMemPoolSetAttribute(*pool, cudaMemPoolAttrReleaseThreshold, &keep));
    return 0;
}

static int gpu_pool_of(int device, cudaMemPool_t *pool)
{
    EIG_CHECK(device < EIG_GPU_MAX_DEVICES, EIG_ERR_RESOURCE, "GPU %d: at most %d devices are supported", device,
              EIG_GPU_MAX_DEVICES);
    pthread_mutex_lock(&gpu_pools_lock);
    int rc = gpu_pools[device] ? 0 : gpu_pool_create(device, &gpu_pools[device]);
    if (rc) gpu_pools[device] = NULL;
    *pool = gpu_pools[device];
    pthread_mutex_unlock(&gpu_pools_lock);
    return rc ? eig_error_trace(rc, __FILE__, __LINE__, __func__) : 0;
}

static int ensure_streams(eig_gpu_ctx *ctx, int device, int nstreams)
{
    /* The current device is per host thread, and the pipeline solves on a
     * worker thread: select it on every call (cheap), not only the first. */
    GPU_CALL(cudaSetDevice(device));
    if (ctx->device == device && ctx->nstreams == nstreams) return 0;
    for (int s = 0; s < ctx->nstreams; s++) cudaStreamDestroy(ctx->streams[s]);
    if (ctx->arena) cudaFree(ctx->arena), ctx->arena = NULL, ctx->arena_bytes = 0;
    ctx->nstreams = 0;
    GPU_CALL(cudaSetDevice(device));
    for (int s = 0; s < nstreams; s++) {
        GPU_CALL(cudaStreamCreateWithFlags(&ctx->streams[s], cudaStreamNonBlocking));
        ctx->nstreams++;
    }
    ctx->device = device;
    return 0;
}

/* A tuning knob from the environment (a size or count), else fallback. */
static size_t sub_env(const char *name, size_t fallback)
{
    const char *env = getenv(name);
    return env ? (size_t)strtoull(env, NULL, 10) : fallback;
}

/* Matrices per stream sub-chunk, and an arena that holds nstreams of them.
 * The budget is --max-gpu-mem or 80% of free memory; when an allocation
 * fails anyway, the sub-chunk halves until it fits (chunks shrink
 * automatically) or one matrix does not fit (then a clear error). sub_cap:
 * device bytes a sub-chunk takes at most when --gpu-chunk is not given
 * (0: no cap; EIG_GPU_SUB_BYTES overrides it), but never fewer than
 * EIG_GPU_SUB_MIN matrices (the same knob). */
int eig_gpu_plan(eig_gpu_ctx *ctx, const eig_gpu_config *cfg, size_t per, size_t sub_cap, eig_idx count,
                 eig_idx *sub_out)
{
    int ns = ctx->nstreams;
    size_t free_b = 0, total_b = 0;
    GPU_CALL(cudaMemGetInfo(&free_b, &total_b));
    size_t budget = cfg->max_gpu_mem ? cfg->max_gpu_mem : (free_b + ctx->arena_bytes) / 10 * 8;
    eig_idx sub = cfg->chunk > 0 ? cfg->chunk : (eig_idx)(budget / ((size_t)ns * per));
    if (sub > (count + ns - 1) / ns) sub = (count + ns - 1) / ns;
    const size_t cap = sub_env("EIG_GPU_SUB_BYTES", sub_cap);
    const eig_idx floor_m = (eig_idx)sub_env("EIG_GPU_SUB_MIN", EIG_GPU_SUB_MIN);
    if (cfg->chunk <= 0 && cap && (size_t)sub * per > cap) {
        sub = (eig_idx)(cap / per);
        if (sub < floor_m) sub = floor_m; /* enough matrices a launch to fill the GPU */
        if (sub > (count + ns - 1) / ns) sub = (count + ns - 1) / ns;
    }
    if (sub > (1 << 20)) sub = 1 << 20; /* the transpose grid's y limit */
    EIG_CHECK(sub >= 1, EIG_ERR_RESOURCE,
              "GPU memory budget of %.1f MB cannot hold one matrix per stream (%zu bytes each, %d streams): raise "
              "--max-gpu-mem or lower --streams", (double)budget / 1e6, per, ns);
    for (;;) {
        size_t need = (size_t)ns * (size_t)sub * per + 256;
        if (ctx->arena_bytes >= need) break;
        if (ctx->arena) cudaFree(ctx->arena), ctx->arena = NULL, ctx->arena_bytes = 0;
        if (cudaMalloc(&ctx->arena, need) == cudaSuccess) { ctx->arena_bytes = need; break; }
        cudaGetLastError(); /* clear the allocation error and try half as much */
        ctx->arena = NULL;
        EIG_CHECK(sub > 1, EIG_ERR_RESOURCE,
                  "GPU out of memory even for one matrix per stream (%zu bytes, %d streams); lower --streams or "
                  "--max-gpu-mem, or free the GPU", per, ns);
        sub /= 2;
    }
    *sub_out = sub;
    return 0;
}

/* eig_gpu_plan for a call on the caller's stream: one sub-chunk at a time on
 * that stream, so the workspace holds one sub-chunk (halved until the pool
 * can give it), allocated on the stream. */
int eig_gpu_plan_on_stream(const eig_gpu_config *cfg, size_t per, eig_idx count, cudaStream_t stream, void **ws,
                           eig_idx *sub_out)
{
    cudaMemPool_t pool;
    EIG_CALL(gpu_pool_of(cfg->device, &pool));
    size_t free_b = 0, total_b = 0;
    uint64_t reserved = 0, used = 0;
    GPU_CALL(cudaMemGetInfo(&free_b, &total_b));
    GPU_CALL(cudaMemPoolGetAttribute(pool, cudaMemPoolAttrReservedMemCurrent, &reserved));
    GPU_CALL(cudaMemPoolGetAttribute(pool, cudaMemPoolAttrUsedMemCurrent, &used));
    size_t idle = reserved > used ? (size_t)(reserved - used) : 0; /* the pool's, free for us */
    size_t budget = cfg->max_gpu_mem ? cfg->max_gpu_mem : (free_b + idle) / 10 * 8;
    eig_idx sub = cfg->chunk > 0 ? cfg->chunk : (eig_idx)(budget / per);
    if (sub > count) sub = count;
    if (sub > (1 << 20)) sub = 1 << 20; /* the transpose grid's y limit */
    EIG_CHECK(sub >= 1, EIG_ERR_RESOURCE,
              "GPU memory budget of %.1f MB cannot hold one matrix (%zu bytes): raise max_gpu_mem", (double)budget / 1e6,
              per);
    for (;;) {
        cudaError_t e = cudaMallocFromPoolAsync(ws, (size_t)sub * per + 256, pool, stream);
        if (e == cudaSuccess) break;
        cudaGetLastError(); /* clear the allocation error and try half as much */
        EIG_CHECK(e == cudaErrorMemoryAllocation, EIG_ERR_RESOURCE, "CUDA: workspace on the caller's stream: %s",
                  cudaGetErrorString(e));
        EIG_CHECK(sub > 1, EIG_ERR_RESOURCE,
                  "GPU out of memory even for one matrix (%zu bytes); lower max_gpu_mem, or free the GPU", per);
        sub /= 2;
    }
    *sub_out = sub;
    return 0;
}

/* The device a public call names must exist: a clear "no device" first. */
static int gpu_device_check(const char *call, int device)
{
    int have = 0;
    cudaError_t e = cudaGetDeviceCount(&have);
    if (e != cudaSuccess) cudaGetLastError(), have = 0;
    EIG_CHECK(have > 0, EIG_ERR_RESOURCE, "%s: no CUDA device (%s)", call,
              e != cudaSuccess ? cudaGetErrorString(e) : "the CUDA driver lists none");
    EIG_CHECK(device >= 0 && device < have, EIG_ERR_USAGE, "%s: GPU %d does not exist (devices 0..%d)", call, device,
              have - 1);
    return 0;
}

/* The solver kernels and their dispatch: batch_gpu_double.cu, batch_gpu_single.cu. */

extern "C" void eig_gpu_release(void)
{
    pthread_mutex_lock(&gpu_pools_lock);
    /* A pool with frees still pending on some stream is destroyed when they complete. */
    for (int d = 0; d < EIG_GPU_MAX_DEVICES; d++)
        if (gpu_pools[d]) cudaMemPoolDestroy(gpu_pools[d]), gpu_pools[d] = NULL;
    pthread_mutex_unlock(&gpu_pools_lock);
    pthread_mutex_lock(&gpu_ctx_lock);
    eig_gpu_ctx *ctx = &gpu_ctx;
    if (ctx->device >= 0) {
        cudaSetDevice(ctx->device);
        for (int s = 0; s < ctx->nstreams; s++)
            cudaStreamSynchronize(ctx->streams[s]), cudaStreamDestroy(ctx->streams[s]);
        if (ctx->arena) cudaFree(ctx->arena);
        ctx->device = -1, ctx->nstreams = 0, ctx->arena = NULL, ctx->arena_bytes = 0;
    }
    pthread_mutex_unlock(&gpu_ctx_lock);
}

extern "C" int eig_gpu_device_count(void)
{
    int n = 0;
    if (cudaGetDeviceCount(&n) != cudaSuccess) {
        cudaGetLastError();
        return 0;
    }
    return n;
}

extern "C" int eig_gpu_describe(int device, char *buf, size_t cap)
{
    cudaDeviceProp prop;
    GPU_CALL(cudaGetDeviceProperties(&prop, device));
    char pci[32];
    cudaDeviceGetPCIBusId(pci, sizeof pci, device);
    snprintf(buf, cap, "%s (PCI %s, %.0f GiB)", prop.name, pci, (double)prop.totalGlobalMem / (1 << 30));
    return 0;
}

extern "C" int eig_gpu_warm_context(int device)
{
    /* cudaFree(0): the context exists on return, whatever the CUDA version's laziness */
    if (cudaSetDevice(device) != cudaSuccess || cudaFree(0) != cudaSuccess) {
        cudaGetLastError();
        return 0;
    }
    return 1;
}

extern "C" int eig_gpu_preload(int device, int single)
{
    if (cudaSetDevice(device) != cudaSuccess || (single ? preload_s() : preload_d())) {
        cudaGetLastError(); /* this thread's; the first solve reports what is wrong */
        return 0;
    }
    return 1;
}

extern "C" void eig_gpu_retire_device(int device)
{
    eig_gpu_release();
    if (cudaSetDevice(device) == cudaSuccess) cudaDeviceReset();
    cudaGetLastError();
}

extern "C" int eig_gpu_use_device(int device)
{
    GPU_CALL(cudaSetDevice(device));
    return 0;
}

extern "C" int eig_gpu_pin(void *ptr, size_t bytes)
{
    if (!ptr || !bytes) return 0;
    /* Pinned host memory: async copies at full PCIe speed, overlapping kernels. */
    /* Portable: pinned for every device's context, whichever thread or device
     * registered it (the pipeline's solve thread registers most buffers, the
     * main thread the second ring buffer). */
    if (cudaHostRegister(ptr, bytes, cudaHostRegisterPortable) != cudaSuccess) cudaGetLastError();
    return 0;
}

extern "C" void eig_gpu_unpin(void *ptr)
{
    if (ptr && cudaHostUnregister(ptr) != cudaSuccess) cudaGetLastError();
}

extern "C" int eig_gpu_kernel_known(const char *name)
{
    if (!name || !strcmp(name, "auto")) return 1;
    for (int k = 0; k < K_COUNT; k++)
        if (!strcmp(name, gpu_kernel_names[k])) return 1;
    return 0;
}

extern "C" int eig_gpu_kernel_applies(const char *kernel, const eig_solve_params *p, int n)
{
    if (!kernel || !*kernel || !strcmp(kernel, "auto")) return 1;
    for (int k = 0; k < K_COUNT; k++)
        if (!strcmp(kernel, gpu_kernel_names[k]))
            return p->precision == EIG_PREC_SINGLE ? kernel_applies_s(k, p, n) : kernel_applies_d(k, p, n);
    return 0;
}

extern "C" size_t eig_gpu_chunk_bytes(const eig_gpu_config *cfg, const eig_solve_params *p, int n)
{
    int k = K_THREAD_GLOBAL;
    int rc = p->precision == EIG_PREC_SINGLE ? pick_kernel_s(cfg, p, n, 0, &k) : pick_kernel_d(cfg, p, n, 0, &k);
    if (rc) eig_error_clear(); /* a bad --kernel is refused by the solve itself, with its message */
    return k == K_THREAD_GLOBAL || k == K_THREAD_SHARED ? (size_t)1 << 30 : (size_t)256 << 20;
}

static int gpu_solve_batch_locked(const eig_gpu_config *cfg, const eig_solve_params *p, int n, eig_idx count,
                                  const void *input, void *values, int8_t *status, int32_t *iterations, void *vectors,
                                  const eig_reduce_list *red, double *reduced)
{
    EIG_CALL(ensure_streams(&gpu_ctx, cfg->device, cfg->streams > 0 && cfg->streams <= 64 ? cfg->streams : 4));
    if (p->precision == EIG_PREC_SINGLE)
        return gpu_batch_s(&gpu_ctx, NULL, cfg, p, n, count, (const float *)input, (float *)values, status, iterations,
                           (float *)vectors, red, reduced);
    return gpu_batch_d(&gpu_ctx, NULL, cfg, p, n, count, (const double *)input, (double *)values, status, iterations,
                       (double *)vectors, red, reduced);
}

extern "C" int eig_gpu_solve_reduce_batch(const eig_gpu_config *cfg, const eig_solve_params *p, int n, eig_idx count,
                                          const void *input, void *values, int8_t *status, int32_t *iterations,
                                          void *vectors, const eig_reduce_list *red, double *reduced)
{
    eig_solve_params q;
    const int reducing = red && red->count;
    EIG_CHECK(cfg, EIG_ERR_USAGE, "eig_gpu_solve_batch: the GPU configuration is NULL");
    EIG_CHECK(!reducing || reduced, EIG_ERR_USAGE, "eig_gpu_solve_reduce_batch: the reduced buffer is NULL");
    EIG_CHECK(values || reducing, EIG_ERR_USAGE, "eig_gpu_solve_batch: the values buffer is NULL");
    /* values may be absent when the reductions replace them: the check sees the status buffer in its place. */
    EIG_CALL(eig_batch_args_check("eig_gpu_solve_batch", p, n, count, 1, input, values ? values : (void *)status,
                                  status, iterations, vectors, &q));
    if (count == 0) return 0;
    EIG_CALL(gpu_device_check("eig_gpu_solve_batch", cfg->device));
    pthread_mutex_lock(&gpu_ctx_lock);
    int rc = gpu_solve_batch_locked(cfg, &q, n, count, input, values, status, iterations, q.vectors ? vectors : NULL,
                                    reducing ? red : NULL, reduced);
    pthread_mutex_unlock(&gpu_ctx_lock);
    return rc ? eig_error_trace(rc, __FILE__, __LINE__, __func__) : 0;
}

extern "C" int eig_gpu_solve_batch(const eig_gpu_config *cfg, const eig_solve_params *p, int n, eig_idx count,
                                   const void *input, void *values, int8_t *status, int32_t *iterations,
                                   void *vectors)
{
    EIG_CHECK(values || !count, EIG_ERR_USAGE, "eig_gpu_solve_batch: the values buffer is NULL (input, values, status "
              "and iterations are required)");
    return eig_gpu_solve_reduce_batch(cfg, p, n, count, input, values, status, iterations, vectors, NULL, NULL);
}

/* One of the caller's buffers must be device memory of `device` (or managed). */
static int gpu_buffer_check(const void *ptr, const char *name, int device)
{
    cudaPointerAttributes a;
    cudaError_t e = cudaPointerGetAttributes(&a, ptr);
    if (e != cudaSuccess) cudaGetLastError();
    EIG_CHECK(e == cudaSuccess && (a.type == cudaMemoryTypeManaged || (a.type == cudaMemoryTypeDevice && a.device == device)),
              EIG_ERR_USAGE, "eig_gpu_solve_batch_on_stream: the %s buffer is not memory of GPU %d (%s); use "
              "cudaMalloc on that device, or eig_gpu_solve_batch for host buffers", name, device,
              e != cudaSuccess ? cudaGetErrorString(e)
              : a.type == cudaMemoryTypeDevice ? "it is on another GPU"
              : a.type == cudaMemoryTypeHost ? "it is pinned host memory" : "it is host memory");
    return 0;
}

extern "C" int eig_gpu_solve_batch_on_stream(const eig_gpu_config *cfg, const eig_solve_params *p, int n,
                                             eig_idx count, const void *input, void *values, int8_t *status,
                                             int32_t *iterations, void *vectors, void *stream)
{
    const char *call = "eig_gpu_solve_batch_on_stream";
    eig_solve_params q;
    EIG_CHECK(cfg, EIG_ERR_USAGE, "%s: the GPU configuration is NULL", call);
    EIG_CALL(eig_batch_args_check(call, p, n, count, 1, input, values, status, iterations, vectors, &q));
    if (count == 0) return 0;
    EIG_CALL(gpu_device_check(call, cfg->device));
    GPU_CALL(cudaSetDevice(cfg->device));
    cudaStream_t st = (cudaStream_t)stream;
#if CUDART_VERSION >= 12080
    int stream_device = -1;
    GPU_CALL(cudaStreamGetDevice(st, &stream_device));
    EIG_CHECK(stream_device == cfg->device, EIG_ERR_USAGE, "%s: the stream belongs to GPU %d, not to GPU %d (cfg->device)",
              call, stream_device, cfg->device);
#endif
    EIG_CALL(gpu_buffer_check(input, "input", cfg->device));
    EIG_CALL(gpu_buffer_check(values, "values", cfg->device));
    EIG_CALL(gpu_buffer_check(status, "status", cfg->device));
    EIG_CALL(gpu_buffer_check(iterations, "iterations", cfg->device));
    if (q.vectors) EIG_CALL(gpu_buffer_check(vectors, "vectors", cfg->device));
    if (q.precision == EIG_PREC_SINGLE)
        return gpu_batch_s(NULL, &st, cfg, &q, n, count, (const float *)input, (float *)values, status, iterations,
                           q.vectors ? (float *)vectors : NULL, NULL, NULL);
    return gpu_batch_d(NULL, &st, cfg, &q, n, count, (const double *)input, (double *)values, status, iterations,
                       q.vectors ? (double *)vectors : NULL, NULL, NULL);
}

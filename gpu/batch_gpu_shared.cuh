/* What gpu/batch_gpu.cu (the entry points, streams, arena) and the two
 * per-precision translation units of the solver kernels
 * (batch_gpu_double.cu, batch_gpu_single.cu: batch_gpu_impl.cuh each) share.
 * Two units, not one: CUDA loads a unit's kernels as one module on the
 * first launch, and a run of one precision then loads half of them (H100,
 * 2026-11-25: the first chunk's solve paid 0.10-0.15 s loading the single
 * 12.5 MB module; docs/performance.md). */
#ifndef EIG_BATCH_GPU_SHARED_CUH
#define EIG_BATCH_GPU_SHARED_CUH

#include <cuda_runtime.h>
#include <stdint.h>

#include "batch_args.h"
#include "batch_gpu.h"
#include "eig_error.h"
#include "kernel_names.h"
#include "reduce_batch.h"

/* Out of device memory anywhere (a stream, the arena, a launch) says what
 * the user can change; other CUDA errors are reported as they are. */
#define GPU_CALL(expr)                                                                                      \
    do {                                                                                                    \
        cudaError_t gpu_call_err_ = (expr);                                                                 \
        if (gpu_call_err_ == cudaErrorMemoryAllocation)                                                     \
            return EIG_ERROR(EIG_ERR_RESOURCE, "CUDA: %s: GPU out of memory (another process holds it?): free the " \
                             "GPU, or lower --max-gpu-mem, --streams or --chunk", #expr);                  \
        if (gpu_call_err_ != cudaSuccess)                                                                   \
            return EIG_ERROR(EIG_ERR_RESOURCE, "CUDA: %s: %s", #expr, cudaGetErrorString(gpu_call_err_));     \
    } while (0)

/* Per-process device state: streams and one arena cut into per-stream slots. */
typedef struct {
    int device, nstreams;
    cudaStream_t streams[64];
    void *arena;
    size_t arena_bytes;
} eig_gpu_ctx;

enum { K_THREAD_GLOBAL, K_THREAD_SHARED, K_WARP_JACOBI, K_EIGVAL_THREAD, K_WARP_GENERAL, K_BLOCK_TRIDIAG, K_WARP_TRIDIAG,
       K_WARP_SYM, K_BLOCK_JACOBI, K_COUNT };
static const char *const gpu_kernel_names[] = {EIG_GPU_KERNEL_NAME_LIST}; /* gpu/kernel_names.h */
static_assert(sizeof gpu_kernel_names / sizeof *gpu_kernel_names == K_COUNT, "one name per kernel, in K_* order");

/* batch_gpu.cu: a sub-chunk size and the arena for a host-buffer call, or a
 * pool workspace for a call on the caller's stream (see there). */
int eig_gpu_plan(eig_gpu_ctx *ctx, const eig_gpu_config *cfg, size_t per, size_t sub_cap, eig_idx count,
                 eig_idx *sub_out);
int eig_gpu_plan_on_stream(const eig_gpu_config *cfg, size_t per, eig_idx count, cudaStream_t stream, void **ws,
                           eig_idx *sub_out);

/* Per precision (batch_gpu_impl.cuh): whether kernel k runs this job, the
 * kernel a job gets, and the batch itself. */
#define EIG_GPU_PRECISION_ENTRIES(sfx, real)                                                                       \
    int preload_##sfx(void);                                                                                      \
    int kernel_applies_##sfx(int k, const eig_solve_params *p, int n);                                            \
    int pick_kernel_##sfx(const eig_gpu_config *cfg, const eig_solve_params *p, int n, eig_idx count, int *k);   \
    int gpu_batch_##sfx(eig_gpu_ctx *ctx, const cudaStream_t *on_stream, const eig_gpu_config *cfg,               \
                        const eig_solve_params *p, int n, eig_idx count, const real *input, real *values,         \
                        int8_t *status, int32_t *iterations, real *vectors, const eig_reduce_list *red,           \
                        double *reduced);
EIG_GPU_PRECISION_ENTRIES(d, double)
EIG_GPU_PRECISION_ENTRIES(s, float)
#undef EIG_GPU_PRECISION_ENTRIES

#endif

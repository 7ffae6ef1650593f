/* Plumbing shared by the GPU generators (gpu/generate_gpu.cu: the built-in
 * families; gpu/sweep_form_gpu.cu: sweep specs): CUDA errors in words, and
 * where a generator writes. The caller's memory on the device is written in
 * place (the pipeline's input buffer: nothing crosses the bus); any other
 * memory (host) gets a copy of a temporary device buffer. */
#ifndef EIG_GENERATOR_OUT_CUH
#define EIG_GENERATOR_OUT_CUH

#include <cuda_runtime.h>

#include "eig_error.h"

/* Returns an error from the enclosing function when a CUDA call fails; out
 * of memory says what the user can change. `doing`: "generating matrices". */
#define EIG_GENERATOR_CALL(expr, doing)                                                                         \
    do {                                                                                                        \
        cudaError_t generator_call_err_ = (expr);                                                               \
        if (generator_call_err_ == cudaErrorMemoryAllocation)                                                   \
            return EIG_ERROR(EIG_ERR_RESOURCE, "CUDA: %s: GPU out of memory while %s (another process holds " \
                             "it?): free the GPU, or lower --chunk", #expr, doing);                             \
        if (generator_call_err_ != cudaSuccess)                                                                 \
            return EIG_ERROR(EIG_ERR_RESOURCE, "CUDA: %s: %s", #expr, cudaGetErrorString(generator_call_err_)); \
    } while (0)

/* Where to write `bytes` meant for out: *dst = out when out is memory of
 * `device` (the current device), else a temporary allocated on st. */
static inline int eig_generator_out_begin(int device, void *out, size_t bytes, cudaStream_t st, void **dst)
{
    cudaPointerAttributes attr;
    int on_device = 0;
    if (cudaPointerGetAttributes(&attr, out) == cudaSuccess)
        on_device = attr.type == cudaMemoryTypeDevice && attr.device == device;
    else
        cudaGetLastError();
    *dst = out;
    if (!on_device) EIG_GENERATOR_CALL(cudaMallocAsync(dst, bytes, st), "allocating a staging buffer");
    return 0;
}

/* After the launch (its result rc): copies a temporary dst to out and frees
 * it, then waits for st. Returns rc, else the CUDA error in words. */
static inline int eig_generator_out_end(void *out, void *dst, size_t bytes, cudaStream_t st, int rc, const char *what)
{
    if (dst != out) {
        if (!rc) EIG_GENERATOR_CALL(cudaMemcpyAsync(out, dst, bytes, cudaMemcpyDefault, st), what);
        cudaFreeAsync(dst, st);
    }
    cudaError_t done = cudaStreamSynchronize(st);
    if (rc) return rc;
    EIG_CHECK(done == cudaSuccess, EIG_ERR_RESOURCE, "CUDA error while %s on the GPU: %s", what,
              cudaGetErrorString(done));
    return 0;
}

#endif

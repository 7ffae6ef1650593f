/* GPU backend entry points (gpu/batch_gpu.h). The kernels run the same
 * solvers/ code as the CPU backend, one thread per matrix on element-wise
 * (interleaved) data; see batch_gpu_impl.cuh. */
#include <cuda_runtime.h>
#include <stdio.h>
#include <string.h>

#include "batch_gpu.h"
#include "eig_error.h"
#include "precision.h"

#define GPU_CALL(expr)                                                                                  \
    do {                                                                                                \
        cudaError_t gpu_call_err_ = (expr);                                                             \
        if (gpu_call_err_ != cudaSuccess)                                                               \
            return EIG_ERROR(EIG_ERR_RESOURCE, "CUDA: %s: %s", #expr, cudaGetErrorString(gpu_call_err_)); \
    } while (0)

#include "precision_double.h"
#include "batch_gpu_impl.cuh"
#include "precision_undef.h"
#include "precision_single.h"
#include "batch_gpu_impl.cuh"
#include "precision_undef.h"

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

extern "C" int eig_gpu_solve_batch(const eig_gpu_config *cfg, const eig_solve_params *p, int n, eig_idx count,
                                   const void *input, void *values, int8_t *status, int32_t *iterations,
                                   void *vectors)
{
    if (count == 0) return 0;
    GPU_CALL(cudaSetDevice(cfg->device));
    if (p->precision == EIG_PREC_SINGLE)
        return gpu_batch_s(cfg, p, n, count, (const float *)input, (float *)values, status, iterations,
                           (float *)vectors);
    return gpu_batch_d(cfg, p, n, count, (const double *)input, (double *)values, status, iterations,
                       (double *)vectors);
}

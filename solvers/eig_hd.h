/* Shared building blocks of the numerical core.
 *
 * Every solver in solvers/ is plain C that compiles as host code (gcc, the CPU
 * backend and the tests) and as device code (nvcc, the GPU kernels). EIG_HD
 * marks such functions. Element access goes through a stride so the same
 * routine walks a matrix stored contiguously (stride 1, CPU) or interleaved
 * element-wise across a batch (stride = batch size, coalesced on the GPU). */
#ifndef EIG_HD_H
#define EIG_HD_H

#include <stdint.h>
#include <math.h>

#ifdef __CUDACC__
#define EIG_HD static __host__ __device__ inline
#else
#define EIG_HD static inline
#endif

/* 64-bit global indices: batches pass 2^31 elements. */
typedef int64_t eig_idx;

/* Per-matrix status: a matrix that fails is data, not a process error. */
enum eig_status {
    EIG_STATUS_OK = 0,
    EIG_STATUS_NOT_CONVERGED = 1,
    EIG_STATUS_INVALID_INPUT = 2 /* NaN or Inf among the entries */
};

#endif

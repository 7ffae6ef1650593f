/* The GPU backend as the driver sees it: host memory in, host memory out.
 * Inside, the batch streams through the device in sub-chunks over several
 * CUDA streams (copies overlap kernels). Without CUDA in the build these
 * report that no device exists. */
#ifndef EIG_BATCH_GPU_H
#define EIG_BATCH_GPU_H

#include <stddef.h>
#include <stdint.h>

#include "eigsweep.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    int device;           /* CUDA device ordinal this rank uses */
    int streams;          /* concurrent streams (default 4) */
    eig_idx chunk;        /* matrices per stream sub-chunk (0: automatic) */
    size_t max_gpu_mem;   /* bytes of device memory we may use (0: 80% of free) */
    const char *kernel;   /* force a kernel (NULL or "auto": the measured table): "thread-global",
                             "thread-shared" (one thread per matrix, global / shared memory), "warp-jacobi"
                             (symmetric Jacobi, n <= 32), "eigval-thread" (tridiagonal bisection),
                             "warp-general" (general Francis QR, a team of lanes per matrix in shared memory),
                             "block-tridiag" (tridiag-ql, symmetric and Hermitian, a thread block per matrix),
                             "warp-tridiag" (tridiag-ql: a warp's teams reduce a group of 8-24
                             matrices, then a lane runs the QL of one; with vectors, A in shared memory,
                             the lanes log their rotations and the teams apply them to Q, a team being
                             a block of 64 or 128 threads above n = 48) */
    eig_idx job_matrices; /* matrices in the whole job (0: this call's count): the automatic kernel
                             choice depends on it, never on how the job is cut into calls, so
                             results do not depend on the rank count or chunk size */
} eig_gpu_config;

/* Number of usable CUDA devices (0 when none or no CUDA build). */
int eig_gpu_device_count(void);
/* "NVIDIA H100 80GB HBM3 (PCI 0000:1b:00.0)" into buf. */
int eig_gpu_describe(int device, char *buf, size_t cap);
/* Makes `device` the calling thread's current CUDA device (the current
 * device is per thread: without this a thread's first CUDA call opens a
 * context on device 0, whatever GPU its rank owns). No-op without CUDA. */
int eig_gpu_use_device(int device);
/* Pins (page-locks) a host buffer the pipeline reuses, so copies run at
 * full speed and asynchronously; harmless when it fails or without CUDA. */
int eig_gpu_pin(void *ptr, size_t bytes);
void eig_gpu_unpin(void *ptr);
/* 1 when `name` is a kernel --kernel accepts ("auto", NULL, or one of
 * gpu/kernel_names.h), whether or not this build has CUDA; 0 otherwise. */
int eig_gpu_kernel_known(const char *name);
/* 1 when `kernel` (a cfg.kernel name; NULL/"auto" always) can run this
 * family, method, precision and n; 0 otherwise (eig_gpu_solve_batch then
 * refuses it with a usage error). */
int eig_gpu_kernel_applies(const char *kernel, const eig_solve_params *p, int n);
/* Bytes of host buffers per chunk the pipeline should give this backend:
 * 1 GiB when the kernel it would pick runs one thread per matrix (it needs
 * hundreds of thousands of matrices per call to fill the GPU), 256 MiB for
 * the cooperative kernels (full speed from ~16,000 matrices per call;
 * smaller chunks pin faster and leave less unhidden at the start and end
 * of the pipeline: docs/scaling.md). 0 without CUDA. */
size_t eig_gpu_chunk_bytes(const eig_gpu_config *cfg, const eig_solve_params *p, int n);
/* Same contract as eig_cpu_solve_batch (include/eigsweep.h); input is not modified.
 * The five buffers may be host memory (pinned: copies overlap kernels) or
 * memory already on this device (a caller that keeps its data on the GPU:
 * the copies then stay on the device; bench_gpu's `resident` mode). */
int eig_gpu_solve_batch(const eig_gpu_config *cfg, const eig_solve_params *p, int n, eig_idx count,
                        const void *input, void *values, int8_t *status, int32_t *iterations, void *vectors);
/* Gives back the device memory and streams eig_gpu_solve_batch keeps between
 * calls (its arena is sized once and reused); the next call sets them up
 * again. Call it from the thread that solved, at the end of a job. No-op
 * without CUDA or before the first call. */
void eig_gpu_release(void);

#ifdef __cplusplus
}
#endif
#endif

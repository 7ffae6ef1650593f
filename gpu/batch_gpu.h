/* The GPU backend's internal calls. The public ones (eig_gpu_config,
 * eig_gpu_solve_batch, eig_gpu_solve_batch_on_stream, eig_gpu_release,
 * eig_gpu_device_count, eig_gpu_describe, eig_gpu_pin) are declared in
 * include/eigsweep.h. Without CUDA in the build these report that no
 * device exists. */
#ifndef EIG_BATCH_GPU_H
#define EIG_BATCH_GPU_H

#include <stddef.h>
#include <stdint.h>

#include "eigsweep.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Makes `device` the calling thread's current CUDA device (the current
 * device is per thread: without this a thread's first CUDA call opens a
 * context on device 0, whatever GPU its rank owns). No-op without CUDA. */
int eig_gpu_use_device(int device);
/* Creates device's primary context (on the calling thread's current
 * device) ahead of its first use; records no error: 1 when made, 0 when
 * not (no such device, no CUDA build): the later real calls report. */
int eig_gpu_warm_context(int device);
/* Loads the solver kernels' code of one precision (1: single, 0: double)
 * into device's context now rather than at the first solve (driver/
 * gpu_warmup.h); records no error: 1 when loaded, 0 when not. */
int eig_gpu_preload(int device, int single);
/* Ends this process's use of `device`: our streams, arena and pools, then
 * its primary context (cudaDeviceReset), so that the process's exit does not
 * tear it down. Any later CUDA call would make a new context. No-op without
 * CUDA. */
void eig_gpu_retire_device(int device);
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

#ifdef __cplusplus
}
#endif
#endif

/* The generator families on the GPU: `solve --synthetic` with the GPU
 * backend generates each chunk where it is solved, and `generate` on a GPU
 * machine fills its chunks there. Same arithmetic as the host
 * (io/families_impl.h, one source); docs/format.md says per family which
 * entries agree bit for bit and how closely the others do. Without CUDA in
 * the build these report that no device exists (gpu/batch_gpu_none.c). */
#ifndef EIG_GENERATE_GPU_H
#define EIG_GENERATE_GPU_H

#include <stddef.h>
#include <stdint.h>

#include "eigsweep.h"
#include "families.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Matrices [start, start+count) of a collection of `total` matrices of
 * family f, order n and seed, in the solver input layout (eig_family_fill's,
 * one matrix after another) and precision `precision` (float: the double
 * value rounded, as the host's conversion does), into out: memory of
 * `device` (written there: nothing crosses the bus) or host memory
 * (generated on the device, then copied). Entries are computed one GPU
 * thread each; radar (a covariance product per matrix) a thread block per
 * matrix. Returns when out is written; 0 or an error code with a message. */
int eig_gpu_generate(int device, const eig_family *f, int n, uint64_t seed, eig_idx start, eig_idx count,
                     eig_idx total, eig_precision precision, void *out);

/* Device memory on `device` for the caller to keep (the pipeline's buffer of
 * generated input): 0, or a clear out-of-memory error. */
int eig_gpu_alloc(int device, size_t bytes, void **ptr);
/* Frees what eig_gpu_alloc gave; NULL is fine. */
void eig_gpu_free(int device, void *ptr);

#ifdef __cplusplus
}
#endif
#endif

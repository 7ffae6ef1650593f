/* A sweep's matrices formed on the GPU (docs/sweeps.md): the spec's bases
 * and coordinates go to the device once per run (eig_gpu_sweep_upload), and
 * each chunk is formed there straight into the solver's input buffer
 * (eig_gpu_sweep_form): nothing of size N n^2 touches the host. Same
 * arithmetic as the host (io/sweep_form_impl.h, no fused multiply-adds on
 * either side): the matrices agree bit for bit. Without CUDA in the build
 * these report that no device exists (gpu/sweep_form_gpu_none.c). */
#ifndef EIG_SWEEP_FORM_GPU_H
#define EIG_SWEEP_FORM_GPU_H

#include "sweep_spec.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The spec's bases and coordinates in the memory of one device. */
typedef struct eig_gpu_sweep eig_gpu_sweep;

/* Copies s's bases and coordinates to `device`; *out for the calls below. */
int eig_gpu_sweep_upload(int device, const eig_sweep_spec *s, eig_gpu_sweep **out);
/* Points [start, start+count) in the solver input layout and `precision`
 * (float: the double value rounded once, as eig_sweep_fill does) into out:
 * memory of the device (written in place) or host memory (formed on the
 * device, then copied). Returns when out is written. */
int eig_gpu_sweep_form(eig_gpu_sweep *g, eig_idx start, eig_idx count, eig_precision precision, void *out);
/* Frees what upload allocated; NULL is fine. */
void eig_gpu_sweep_free(eig_gpu_sweep *g);

#ifdef __cplusplus
}
#endif
#endif

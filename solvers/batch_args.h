/* Argument checks of the public batch calls (eig_cpu_solve_batch and the
 * GPU solves): what a caller outside eigsweep may get wrong is refused with
 * a message that names it, before any buffer is touched. */
#ifndef EIG_BATCH_ARGS_H
#define EIG_BATCH_ARGS_H

#include "eigsweep.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Checks p, n, count and the buffers of a batch call named `call`, and
 * writes into *resolved a copy of *p with method AUTO resolved (for the GPU
 * when gpu != 0: eig_method_resolve_gpu, else eig_method_resolve). Returns
 * 0 or EIG_ERR_USAGE. */
int eig_batch_args_check(const char *call, const eig_solve_params *p, int n, eig_idx count, int gpu,
                         const void *input, const void *values, const void *status, const void *iterations,
                         const void *vectors, eig_solve_params *resolved);

#ifdef __cplusplus
}
#endif
#endif

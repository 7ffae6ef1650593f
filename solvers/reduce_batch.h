/* The batch calls with reductions (--reduce; solvers/reduce.h): the
 * driver's, not the public API's. red NULL (or with no items) is the
 * public call itself. */
#ifndef EIG_REDUCE_BATCH_H
#define EIG_REDUCE_BATCH_H

#include <stdint.h>

#include "eigsweep.h"
#include "reduce.h"

#ifdef __cplusplus
extern "C" {
#endif

/* eig_cpu_solve_batch, then each matrix's reductions into
 * reduced[m * red->slots ...] (doubles; counts as whole numbers), computed
 * by the OpenMP thread that solved it. */
int eig_cpu_solve_reduce_batch(const eig_solve_params *p, int n, eig_idx count, void *input, void *values,
                               int8_t *status, int32_t *iterations, void *vectors, const eig_reduce_list *red,
                               double *reduced);

/* eig_gpu_solve_batch with the reductions computed on the device from each
 * sub-chunk's eigenvalues, on the same stream, before anything comes back:
 * only the reduced numbers (and status, iterations) are copied to the
 * host. values may be NULL (then the eigenvalues never leave the device);
 * reduced is host or device memory like the other buffers. */
int eig_gpu_solve_reduce_batch(const eig_gpu_config *cfg, const eig_solve_params *p, int n, eig_idx count,
                               const void *input, void *values, int8_t *status, int32_t *iterations, void *vectors,
                               const eig_reduce_list *red, double *reduced);

#ifdef __cplusplus
}
#endif
#endif

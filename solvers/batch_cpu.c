/* The CPU backend: OpenMP over the matrices of a batch, each solved by the
 * same solvers/ code the GPU kernels run (contiguous layout, stride 1). */
#include <stdlib.h>

#include "batch_args.h"
#include "eig_error.h"
#include "precision.h"
#include "reduce_batch.h"

#include "precision_double.h"
#include "batch_cpu_impl.h"
#include "precision_undef.h"
#include "precision_single.h"
#include "batch_cpu_impl.h"
#include "precision_undef.h"

int eig_cpu_solve_reduce_batch(const eig_solve_params *p, int n, eig_idx count, void *input, void *values,
                               int8_t *status, int32_t *iterations, void *vectors, const eig_reduce_list *red,
                               double *reduced)
{
    eig_solve_params q;
    EIG_CALL(eig_batch_args_check("eig_cpu_solve_batch", p, n, count, 0, input, values, status, iterations, vectors,
                                  &q));
    EIG_CHECK(!red || !red->count || reduced, EIG_ERR_USAGE, "eig_cpu_solve_reduce_batch: the reduced buffer is NULL");
    if (count == 0) return 0;
    if (q.precision == EIG_PREC_SINGLE)
        return batch_cpu_s(&q, n, count, input, values, status, iterations, q.vectors ? vectors : NULL, red, reduced);
    return batch_cpu_d(&q, n, count, input, values, status, iterations, q.vectors ? vectors : NULL, red, reduced);
}

int eig_cpu_solve_batch(const eig_solve_params *p, int n, eig_idx count, void *input, void *values,
                        int8_t *status, int32_t *iterations, void *vectors)
{
    return eig_cpu_solve_reduce_batch(p, n, count, input, values, status, iterations, vectors, NULL, NULL);
}

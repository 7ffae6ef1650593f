/* The CPU backend: OpenMP over the matrices of a batch, each solved by the
 * same solvers/ code the GPU kernels run (contiguous layout, stride 1). */
#include <stdlib.h>

#include "batch_args.h"
#include "eig_error.h"
#include "precision.h"

#include "precision_double.h"
#include "batch_cpu_impl.h"
#include "precision_undef.h"
#include "precision_single.h"
#include "batch_cpu_impl.h"
#include "precision_undef.h"

int eig_cpu_solve_batch(const eig_solve_params *p, int n, eig_idx count, void *input, void *values,
                        int8_t *status, int32_t *iterations, void *vectors)
{
    eig_solve_params q;
    EIG_CALL(eig_batch_args_check("eig_cpu_solve_batch", p, n, count, 0, input, values, status, iterations, vectors,
                                  &q));
    if (count == 0) return 0;
    if (q.precision == EIG_PREC_SINGLE)
        return batch_cpu_s(&q, n, count, input, values, status, iterations, q.vectors ? vectors : NULL);
    return batch_cpu_d(&q, n, count, input, values, status, iterations, q.vectors ? vectors : NULL);
}

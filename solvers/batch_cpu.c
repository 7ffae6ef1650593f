/* The CPU backend: OpenMP over the matrices of a batch, each solved by the
 * same solvers/ code the GPU kernels run (contiguous layout, stride 1). */
#include <stdlib.h>

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
    if (p->precision == EIG_PREC_SINGLE)
        return batch_cpu_s(p, n, count, input, values, status, iterations, vectors);
    return batch_cpu_d(p, n, count, input, values, status, iterations, vectors);
}

/* Argument checks of the public batch calls (solvers/batch_args.h). */
#include "batch_args.h"

#include "eig_error.h"

/* The largest order the solvers take (the collection format's limit). */
#define EIG_BATCH_MAX_N 4096

int eig_batch_args_check(const char *call, const eig_solve_params *p, int n, eig_idx count, int gpu,
                         const void *input, const void *values, const void *status, const void *iterations,
                         const void *vectors, eig_solve_params *resolved)
{
    EIG_CHECK(p, EIG_ERR_USAGE, "%s: the solve parameters are NULL", call);
    EIG_CHECK(p->kind >= 0 && p->kind < EIG_KIND_COUNT, EIG_ERR_USAGE, "%s: kind %d is not an eig_kind", call,
              (int)p->kind);
    EIG_CHECK(p->precision == EIG_PREC_DOUBLE || p->precision == EIG_PREC_SINGLE, EIG_ERR_USAGE,
              "%s: precision %d is not EIG_PREC_DOUBLE or EIG_PREC_SINGLE", call, (int)p->precision);
    EIG_CHECK(p->method >= 0 && p->method < EIG_METHOD_COUNT, EIG_ERR_USAGE, "%s: method %d is not an eig_method",
              call, (int)p->method);
    EIG_CHECK(n >= 1 && n <= EIG_BATCH_MAX_N, EIG_ERR_USAGE, "%s: matrix order n = %d is outside [1, %d]", call, n,
              EIG_BATCH_MAX_N);
    EIG_CHECK(count >= 0, EIG_ERR_USAGE, "%s: count = %lld is negative", call, (long long)count);
    EIG_CHECK(p->select == EIG_SELECT_ALL || p->select == EIG_SELECT_INDEX || p->select == EIG_SELECT_RANGE,
              EIG_ERR_USAGE, "%s: select %d is not an eig_select", call, (int)p->select);
    EIG_CHECK(p->select != EIG_SELECT_INDEX || (0 <= p->il && p->il <= p->iu && p->iu < n), EIG_ERR_USAGE,
              "%s: EIG_SELECT_INDEX needs 0 <= il <= iu < n, got il = %d, iu = %d, n = %d", call, p->il, p->iu, n);
    EIG_CHECK(p->select != EIG_SELECT_RANGE || p->vl < p->vu, EIG_ERR_USAGE,
              "%s: EIG_SELECT_RANGE needs vl < vu, got (%g, %g]", call, p->vl, p->vu);
    *resolved = *p;
    EIG_CALL(gpu ? eig_method_resolve_gpu(resolved, n) : eig_method_resolve(resolved, n));
    if (count == 0) return 0;
    EIG_CHECK(input && values && status && iterations, EIG_ERR_USAGE,
              "%s: the %s buffer is NULL (input, values, status and iterations are required)", call,
              !input ? "input" : !values ? "values" : !status ? "status" : "iterations");
    EIG_CHECK(vectors || !eig_layout_of(resolved, n).vectors, EIG_ERR_USAGE,
              "%s: p->vectors is set but the vectors buffer is NULL", call);
    return 0;
}

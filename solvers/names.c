/* Names of kinds, methods and statuses, and the method choice for --method auto
 * (the reasoning is in docs/methods.md). */
#include <string.h>
#include <strings.h>

#include "eig_error.h"
#include "eig_hd.h"
#include "eigsweep.h"

static const char *const kind_names[EIG_KIND_COUNT] = {"general", "symmetric", "hermitian",
                                                       "tridiagonal"};
static const char *const method_names[EIG_METHOD_COUNT] = {"auto", "francis", "jacobi",
                                                           "tridiag-ql", "bisection"};

const char *eig_kind_name(eig_kind k)
{
    return (k >= 0 && k < EIG_KIND_COUNT) ? kind_names[k] : "unknown";
}

int eig_kind_parse(const char *s, eig_kind *k)
{
    for (int i = 0; i < EIG_KIND_COUNT; i++)
        if (s && strcasecmp(s, kind_names[i]) == 0) { *k = (eig_kind)i; return 0; }
    return EIG_ERROR(EIG_ERR_USAGE, "unknown kind '%s' (expected general, symmetric, hermitian or tridiagonal)",
                     s ? s : "(null)");
}

const char *eig_method_name(eig_method m)
{
    return (m >= 0 && m < EIG_METHOD_COUNT) ? method_names[m] : "unknown";
}

int eig_method_parse(const char *s, eig_method *m)
{
    for (int i = 0; i < EIG_METHOD_COUNT; i++)
        if (s && strcmp(s, method_names[i]) == 0) { *m = (eig_method)i; return 0; }
    return EIG_ERROR(EIG_ERR_USAGE,
                     "unknown method '%s' (expected auto, francis, jacobi, tridiag-ql or bisection)",
                     s ? s : "(null)");
}

const char *eig_status_name(int status)
{
    switch (status) {
    case EIG_STATUS_OK: return "ok";
    case EIG_STATUS_NOT_CONVERGED: return "not_converged";
    case EIG_STATUS_INVALID_INPUT: return "invalid_input";
    default: return "unknown";
    }
}

/* Which methods serve which kind. */
static int method_allowed(eig_kind k, eig_method m)
{
    switch (k) {
    case EIG_KIND_GENERAL: return m == EIG_METHOD_FRANCIS;
    case EIG_KIND_SYMMETRIC:
        return m == EIG_METHOD_JACOBI || m == EIG_METHOD_TRIDIAG_QL || m == EIG_METHOD_BISECTION;
    case EIG_KIND_HERMITIAN:
        return m == EIG_METHOD_JACOBI || m == EIG_METHOD_TRIDIAG_QL || m == EIG_METHOD_BISECTION;
    case EIG_KIND_TRIDIAGONAL: return m == EIG_METHOD_BISECTION;
    default: return 0;
    }
}

int eig_method_resolve(eig_solve_params *p, int n)
{
    if (p->method == EIG_METHOD_AUTO) {
        switch (p->kind) {
        case EIG_KIND_GENERAL: p->method = EIG_METHOD_FRANCIS; break;
        case EIG_KIND_SYMMETRIC:
            /* Jacobi wins for small n (few sweeps, perfectly parallel rotations,
             * high relative accuracy); the tridiagonal route's O(n^3) constant
             * is ~5x lower for larger n. Subsets without vectors: bisection. */
            if (p->select != EIG_SELECT_ALL) p->method = EIG_METHOD_BISECTION;
            else p->method = n <= 32 ? EIG_METHOD_JACOBI : EIG_METHOD_TRIDIAG_QL;
            break;
        case EIG_KIND_HERMITIAN:
            p->method = p->select != EIG_SELECT_ALL ? EIG_METHOD_BISECTION : EIG_METHOD_TRIDIAG_QL;
            break;
        case EIG_KIND_TRIDIAGONAL: p->method = EIG_METHOD_BISECTION; break;
        default: break;
        }
    }
    EIG_CHECK(method_allowed(p->kind, p->method), EIG_ERR_USAGE,
              "method '%s' does not apply to %s matrices (try --method auto)",
              eig_method_name(p->method), eig_kind_name(p->kind));
    EIG_CHECK(!(p->vectors && p->kind == EIG_KIND_GENERAL), EIG_ERR_USAGE,
              "--vectors is not available for general matrices (eigenvalues only)");
    EIG_CHECK(!(p->vectors && p->method == EIG_METHOD_BISECTION), EIG_ERR_USAGE,
              "--vectors cannot be combined with bisection (values only): use --method tridiag-ql or jacobi");
    EIG_CHECK(!(p->vectors && p->kind == EIG_KIND_TRIDIAGONAL), EIG_ERR_USAGE,
              "--vectors is not available for tridiagonal input");
    EIG_CHECK(p->select == EIG_SELECT_ALL || p->method == EIG_METHOD_BISECTION, EIG_ERR_USAGE,
              "--select-index/--select-range need the bisection method");
    return 0;
}

int eig_method_resolve_gpu(eig_solve_params *p, int n)
{
    /* On the GPU's kernels the tridiagonal route (warp-tridiag) beats Jacobi
     * from n = 6 up, values or vectors (H100, 500,000 matrices, host to host,
     * ms, Jacobi / warp-tridiag: n = 6 values 3.32 / 3.10, vectors 5.49 /
     * 4.95; n = 8 5.96 / 5.60, 11.81 / 8.19; n = 12 26.05 / 11.90, 67.90 /
     * 17.65; n = 5 even: 2.33 / 2.21, 3.50 / 3.56; docs/performance.md §6). */
    if (p->method == EIG_METHOD_AUTO && p->kind == EIG_KIND_SYMMETRIC && p->select == EIG_SELECT_ALL && n > 5)
        p->method = EIG_METHOD_TRIDIAG_QL;
    return eig_method_resolve(p, n);
}

eig_layout eig_layout_of(const eig_solve_params *p, int n)
{
    eig_layout l;
    eig_idx nn = (eig_idx)n * n;
    switch (p->kind) {
    case EIG_KIND_GENERAL: l.input = nn; l.values = 2 * (eig_idx)n; l.vectors = 0; break;
    case EIG_KIND_HERMITIAN: l.input = 2 * nn; l.values = n; l.vectors = p->vectors ? 2 * nn : 0; break;
    case EIG_KIND_TRIDIAGONAL: l.input = 2 * (eig_idx)n - 1; l.values = n; l.vectors = 0; break;
    default: l.input = nn; l.values = n; l.vectors = p->vectors ? nn : 0; break;
    }
    return l;
}

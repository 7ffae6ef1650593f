/* --method auto: the CPU's and the GPU's choice for every family, n around
 * the switches (5/6 on the GPU, 32/33 on the CPU), subsets and vectors; an explicit method is
 * kept, and a combination that does not exist is refused on both. */
#include <string.h>

#include "eigsweep.h"
#include "testutil.h"

static eig_solve_params params(eig_kind kind, eig_method method, int vectors, int select)
{
    eig_solve_params p;
    memset(&p, 0, sizeof p);
    p.kind = kind, p.method = method, p.vectors = vectors, p.select = select, p.precision = EIG_PREC_DOUBLE;
    return p;
}

/* What each resolver must pick (or -1: refused). */
static void expect_choice(eig_kind kind, eig_method method, int vectors, int select, int n, int want_cpu,
                          int want_gpu)
{
    for (int gpu = 0; gpu <= 1; gpu++) {
        eig_solve_params p = params(kind, method, vectors, select);
        int rc = gpu ? eig_method_resolve_gpu(&p, n) : eig_method_resolve(&p, n);
        int want = gpu ? want_gpu : want_cpu;
        if (want < 0)
            eig_test_expect(rc != 0, "%s %s n=%d vectors=%d on the %s: accepted, should be refused",
                            eig_kind_name(kind), eig_method_name(method), n, vectors, gpu ? "GPU" : "CPU");
        else
            eig_test_expect(rc == 0 && (int)p.method == want, "%s %s n=%d vectors=%d select=%d on the %s: got %s (rc %d), want %s",
                            eig_kind_name(kind), eig_method_name(method), n, vectors, select, gpu ? "GPU" : "CPU",
                            eig_method_name(p.method), rc, eig_method_name((eig_method)want));
    }
}

int main(void)
{
    const eig_method J = EIG_METHOD_JACOBI, Q = EIG_METHOD_TRIDIAG_QL, B = EIG_METHOD_BISECTION,
                     F = EIG_METHOD_FRANCIS, A = EIG_METHOD_AUTO;
    const int all = EIG_SELECT_ALL, idx = EIG_SELECT_INDEX;
    for (int vectors = 0; vectors <= 1; vectors++) {
        expect_choice(EIG_KIND_SYMMETRIC, A, vectors, all, 2, J, J);
        expect_choice(EIG_KIND_SYMMETRIC, A, vectors, all, 5, J, J);
        expect_choice(EIG_KIND_SYMMETRIC, A, vectors, all, 6, J, Q);
        expect_choice(EIG_KIND_SYMMETRIC, A, vectors, all, 12, J, Q);
        expect_choice(EIG_KIND_SYMMETRIC, A, vectors, all, 32, J, Q);
        expect_choice(EIG_KIND_SYMMETRIC, A, vectors, all, 33, Q, Q);
        expect_choice(EIG_KIND_SYMMETRIC, J, vectors, all, 64, J, J); /* explicit: kept */
        expect_choice(EIG_KIND_HERMITIAN, A, vectors, all, 20, Q, Q);
    }
    expect_choice(EIG_KIND_SYMMETRIC, A, 0, idx, 20, B, B);
    expect_choice(EIG_KIND_HERMITIAN, A, 0, idx, 20, B, B);
    expect_choice(EIG_KIND_GENERAL, A, 0, all, 20, F, F);
    expect_choice(EIG_KIND_TRIDIAGONAL, A, 0, all, 20, B, B);
    expect_choice(EIG_KIND_GENERAL, A, 1, all, 20, -1, -1);   /* no vectors for general matrices */
    expect_choice(EIG_KIND_SYMMETRIC, B, 1, all, 20, -1, -1); /* bisection is values only */
    expect_choice(EIG_KIND_HERMITIAN, J, 0, all, 20, J, J); /* explicit: kept */
    expect_choice(EIG_KIND_HERMITIAN, J, 1, all, 100, J, J);
    return eig_test_summary();
}

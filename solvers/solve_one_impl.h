/* One matrix, any family and method: the dispatcher both backends call (the
 * CPU backend per OpenMP iteration, the GPU's thread-per-matrix kernels per
 * thread). Strides as everywhere in solvers/: `in` holds the matrix in the
 * input layout (eig_layout_of().input reals), `values` the eigenvalues
 * (general: re,im pairs), `vectors` the eigenvectors or NULL, `work`
 * EIG_FN(eig_solve_one_work) reals. Returns the matrix's status. */

EIG_HD int EIG_FN(eig_solve_one_work)(const eig_solve_params *p, int n)
{
    switch (p->kind) {
    case EIG_KIND_SYMMETRIC:
        if (p->method == EIG_METHOD_TRIDIAG_QL) return EIG_FN(eig_sym_tridiag_ql_work)(n, p->vectors);
        if (p->method == EIG_METHOD_BISECTION) return EIG_FN(eig_sym_tridiag_bisect_work)(n);
        return 0;
    case EIG_KIND_HERMITIAN:
        if (p->method == EIG_METHOD_BISECTION) return EIG_FN(eig_herm_tridiag_bisect_work)(n);
        if (p->method == EIG_METHOD_JACOBI) return EIG_FN(eig_herm_jacobi_work)(n);
        return EIG_FN(eig_herm_tridiag_ql_work)(n, p->vectors);
    case EIG_KIND_TRIDIAGONAL: return EIG_FN(eig_tridiag_bisect_work)(n);
    default: return 0;
    }
}

/* The general family's case of eig_solve_one (eigenvalues as re, im pairs
 * at values, stride vs each): a caller that knows the family calls it
 * directly, so that the GPU's thread-per-matrix kernel for general
 * matrices carries only this solver's registers. */
EIG_HD int EIG_FN(eig_solve_one_general)(int n, eig_real *in, eig_idx is, eig_real *values, eig_idx vs, int cap,
                                         int *iters)
{
    *iters = 0;
    return EIG_FN(eig_general_eigvals)(n, in, is, values, values + vs, 2 * vs, cap, iters);
}

EIG_HD int EIG_FN(eig_solve_one)(const eig_solve_params *p, int n, eig_real *in, eig_idx is,
                                 eig_real *values, eig_idx vs, eig_real *vectors, eig_idx xs,
                                 eig_real *work, eig_idx ws, int *iters)
{
    int nfound = 0, cap = p->max_iter_factor;
    eig_real *v = p->vectors ? vectors : 0;
    *iters = 0;
    switch (p->kind) {
    case EIG_KIND_GENERAL: return EIG_FN(eig_solve_one_general)(n, in, is, values, vs, cap, iters);
    case EIG_KIND_SYMMETRIC:
        if (p->method == EIG_METHOD_JACOBI)
            return EIG_FN(eig_sym_jacobi)(n, in, is, values, vs, v, xs, cap, iters);
        if (p->method == EIG_METHOD_TRIDIAG_QL)
            return EIG_FN(eig_sym_tridiag_ql)(n, in, is, values, vs, v, xs, work, ws, cap, iters);
        return EIG_FN(eig_sym_tridiag_bisect)(n, in, is, p->select, p->il, p->iu, (eig_real)p->vl,
                                              (eig_real)p->vu, values, vs, &nfound, work, ws, iters);
    case EIG_KIND_HERMITIAN:
        if (p->method == EIG_METHOD_JACOBI)
            return EIG_FN(eig_herm_jacobi)(n, in, is, values, vs, v, xs, work, ws, cap, iters);
        if (p->method == EIG_METHOD_TRIDIAG_QL)
            return EIG_FN(eig_herm_tridiag_ql)(n, in, is, values, vs, v, xs, work, ws, cap, iters);
        return EIG_FN(eig_herm_tridiag_bisect)(n, in, is, p->select, p->il, p->iu, (eig_real)p->vl,
                                               (eig_real)p->vu, values, vs, &nfound, work, ws, iters);
    case EIG_KIND_TRIDIAGONAL:
        return EIG_FN(eig_tridiag_bisect)(n, in, is, in + (eig_idx)n * is, is, p->select, p->il, p->iu,
                                          (eig_real)p->vl, (eig_real)p->vu, values, vs, &nfound, work,
                                          ws, iters);
    default: return EIG_STATUS_INVALID_INPUT;
    }
}

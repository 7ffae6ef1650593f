/* Values only by a team (the GPU's block-tridiag without vectors): the
 * Householder reduction, then every member bisects its own eigenvalues of
 * the tridiagonal on Sturm counts (bisection_impl.h's team functions, as
 * warp-sym's values). The CPU's tridiag-ql runs the QL iteration instead:
 * there one chain of rotations is the cheapest, but in a block it is one
 * thread's serial chase while the rest wait (H200, 2026-11-28, 132
 * symmetric matrices of order 128, device-resident: 3.75 ms with the QL,
 * XsyevBatched 1.47; docs/performance.md). Precision-generic body: no
 * include guard. */

/* The bisection half of eig_tridiag_values_bisect_team: from the reduced
 * tridiagonal (diagonal in w, off-diagonal in work: zc reals an entry) and
 * the status st and scale sigma of the reduction before it, the ascending
 * eigenvalues in w, unscaled; NaN on failure. A function of its own so the
 * block-tridiag profile can time it apart from the reduction. */
EIG_HD int EIG_FN(eig_tridiag_values_bisect_tail)(eig_team t, int n, int zc, eig_real *w, eig_real *work,
                                                  eig_real *scr, int st, eig_real sigma, int *iters)
{
    eig_real s = EIG_ONE;
    eig_real *bw = scr + 32, *ec = bw + 4 * (eig_idx)n; /* the bisection's workspace, |e| */
    if (st == EIG_STATUS_OK) {
        /* a Hermitian tridiagonal has the eigenvalues of the real one with |e| */
        EIG_TEAM_FOR(t, k, 0, n - 2) ec[k] = zc == 2 ? EIG_HYPOT(work[2 * k], work[2 * k + 1]) : work[k];
        eig_team_sync(t);
        if (EIG_TEAM_LEAD(t)) {
            scr[0] = (eig_real)EIG_FN(eig_tridiag_bisect_team_setup)(n, w, ec, bw, &s);
            scr[1] = s;
        }
        eig_team_sync(t);
        st = (int)scr[0], s = scr[1];
        eig_team_sync(t); /* every member has read them before scr's slots serve the reductions */
    }
    int steps = 0, capped = 0;
    if (st == EIG_STATUS_OK) capped = EIG_FN(eig_tridiag_bisect_team_member)(t.rank, t.size, n, bw, s, w, &steps);
    *iters = (int)EIG_FN(eig_team_reduce)(t, (eig_real)steps, 0, scr);
    capped = EIG_FN(eig_team_reduce)(t, (eig_real)capped, 1, scr) != 0;
    if (st == EIG_STATUS_OK && capped) st = EIG_STATUS_NOT_CONVERGED;
    eig_team_sync(t);
    if (EIG_TEAM_LEAD(t)) scr[0] = (eig_real)(st == EIG_STATUS_OK ? EIG_FN(eig_tridiag_bisect_team_finish)(n, w, sigma)
                                                                   : st);
    eig_team_sync(t);
    st = (int)scr[0];
    eig_team_sync(t);
    if (st != EIG_STATUS_OK) EIG_FN(eig_fill_nan_team)(t, n, w, 1);
    eig_team_sync(t);
    return st;
}

/* Hermitian (zc = 2) or symmetric matrix a (lower triangle; destroyed):
 * ascending eigenvalues in w (stride 1), NaN on failure. work: e (zc n
 * reals, stride 1); scr: eig_tridiag_team_scratch(n) reals (its 32
 * reduction slots, then the bisection's 4n and the off-diagonal's
 * magnitudes). *iters: the team's bisection steps. Every member returns
 * the status. */
EIG_HD int EIG_FN(eig_tridiag_values_bisect_team)(eig_team t, int n, int zc, eig_real *a, eig_idx as, eig_real *w,
                                                  eig_real *work, eig_real *scr, int *iters)
{
    eig_real sigma = EIG_ONE;
    *iters = 0;
    const int st = EIG_FN(eig_dense_prepare_team)(t, n, a, as, zc, &sigma, scr);
    if (st == EIG_STATUS_OK) {
        if (zc == 2) EIG_FN(eig_herm_tridiag_reduce_team)(t, n, a, as, w, 1, work, 1, 0, 1, scr);
        else EIG_FN(eig_sym_tridiag_reduce_team)(t, n, a, as, w, 1, work, 1, 0, 1, scr);
        eig_team_sync(t);
    }
    return EIG_FN(eig_tridiag_values_bisect_tail)(t, n, zc, w, work, scr, st, sigma, iters);
}

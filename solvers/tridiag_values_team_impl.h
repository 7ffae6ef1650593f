/* Values only by a team (the GPU's block-tridiag without vectors): the
 * Householder reduction, then every member bisects its own eigenvalues of
 * the tridiagonal on Sturm counts (bisection_impl.h's team functions, as
 * warp-sym's values). The CPU's tridiag-ql runs the QL iteration instead:
 * there one chain of rotations is the cheapest, but in a block it is one
 * thread's serial chase while the rest wait (H200, 2026-11-28, 132
 * symmetric matrices of order 128, device-resident: 3.75 ms with the QL,
 * XsyevBatched 1.47; docs/performance.md). Precision-generic body: no
 * include guard. */

/* Every member bisects its share of the eigenvalues of the real symmetric
 * tridiagonal (diagonal d, off-diagonal e; a Hermitian one's |e|) on Sturm
 * counts (bisection_impl.h's team functions): the leader prepares the
 * scaled T in bw (4n reals of team memory), each member bisects its own
 * consecutive indices into d, the leader restores the order across members
 * and unscales by sigma. st: the status so far (not OK: nothing is
 * bisected); red: eig_team_reduce's scratch (block teams). Ascending
 * eigenvalues in d; every value NaN on failure. *iters: the team's
 * bisection steps. Every member returns the status. The leader's values
 * reach the members through eig_team_reduce's maximum (every other member
 * contributes 0, below every status and scale), so one code serves a
 * warp (shuffles: warp-sym) and a block (block-tridiag); on the host a
 * team of one only (there eig_team_reduce passes x through). */
EIG_HD int EIG_FN(eig_tridiag_bisect_all_team)(eig_team t, int n, int st, eig_real sigma, eig_real *d,
                                               const eig_real *e, eig_real *bw, eig_real *red, int *iters)
{
    eig_real s = EIG_ONE;
    if (st == EIG_STATUS_OK) {
        eig_real lead_st = EIG_ZERO, lead_s = EIG_ZERO;
        if (EIG_TEAM_LEAD(t)) {
            lead_st = (eig_real)EIG_FN(eig_tridiag_bisect_team_setup)(n, d, e, bw, &s);
            lead_s = s;
        }
        eig_team_sync(t); /* the leader's bw */
        st = (int)EIG_FN(eig_team_reduce)(t, lead_st, 1, red);
        s = EIG_FN(eig_team_reduce)(t, lead_s, 1, red);
    }
    int steps = 0, capped = 0;
    if (st == EIG_STATUS_OK) capped = EIG_FN(eig_tridiag_bisect_team_member)(t.rank, t.size, n, bw, s, d, &steps);
    *iters = (int)EIG_FN(eig_team_reduce)(t, (eig_real)steps, 0, red);
    capped = EIG_FN(eig_team_reduce)(t, (eig_real)capped, 1, red) != EIG_ZERO;
    if (st == EIG_STATUS_OK && capped) st = EIG_STATUS_NOT_CONVERGED;
    eig_team_sync(t); /* every member's values in d */
    eig_real lead_st = EIG_ZERO;
    if (EIG_TEAM_LEAD(t)) lead_st = (eig_real)(st == EIG_STATUS_OK ? EIG_FN(eig_tridiag_bisect_team_finish)(n, d, sigma)
                                                                      : st);
    st = (int)EIG_FN(eig_team_reduce)(t, lead_st, 1, red);
    eig_team_sync(t); /* the leader's finish wrote d */
    if (st != EIG_STATUS_OK) EIG_FN(eig_fill_nan_team)(t, n, d, 1);
    eig_team_sync(t);
    return st;
}

/* The bisection half of eig_tridiag_values_bisect_team: from the reduced
 * tridiagonal (diagonal in w, off-diagonal in work: zc reals an entry) and
 * the status st and scale sigma of the reduction before it, the ascending
 * eigenvalues in w, unscaled; NaN on failure. A function of its own so the
 * block-tridiag profile can time it apart from the reduction. */
EIG_HD int EIG_FN(eig_tridiag_values_bisect_tail)(eig_team t, int n, int zc, eig_real *w, eig_real *work,
                                                  eig_real *scr, int st, eig_real sigma, int *iters)
{
    eig_real *bw = scr + 32, *ec = bw + 4 * (eig_idx)n; /* the bisection's workspace, |e| */
    if (st == EIG_STATUS_OK) {
        /* a Hermitian tridiagonal has the eigenvalues of the real one with |e| */
        EIG_TEAM_FOR(t, k, 0, n - 2) ec[k] = zc == 2 ? EIG_HYPOT(work[2 * k], work[2 * k + 1]) : work[k];
        eig_team_sync(t);
    }
    return EIG_FN(eig_tridiag_bisect_all_team)(t, n, st, sigma, w, ec, bw, scr, iters);
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

/* Eigenvalues computed on a matrix scaled by sigma (a power of two, so the
 * scaling is exact) go back as w / sigma. A matrix scaled down (sigma < 1:
 * entries near the largest float) can have eigenvalues beyond the largest
 * float of the precision, which would come back as +-Inf: such a matrix
 * gets status invalid_input (docs/format.md), like one with an Inf entry.
 * (Not scaled down, the entries are at most sqrt(1/smlnum) and every
 * eigenvalue at most n times that: nothing to check.)
 * Precision-generic body: no include guard. */

/* 1 when some w[k*ws] / sigma (k < n) is beyond the largest float. Reads
 * only, before the division: every member of a team can call it on the same
 * values and gets the same answer, with no reduction. Returns at once when
 * sigma >= 1; else O(n) against the solve's O(n^3). */
EIG_HD int EIG_FN(eig_unscale_overflows)(int n, const eig_real *w, eig_idx ws, eig_real sigma)
{
    if (!(sigma < EIG_ONE)) return 0;
    const eig_real lim = EIG_RMAX * sigma; /* exact: sigma = 2^-k */
    int over = 0;
    for (int k = 0; k < n; k++) over |= !(EIG_FABS(w[(eig_idx)k * ws]) <= lim);
    return over;
}

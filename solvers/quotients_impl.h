/* Four IEEE quotients at once: q[h] = a[h] / b[h], h < 4, bit for bit the
 * rounded quotients of plain division on the host and the device alike.
 * Precision-generic body: no include guard.
 *
 * Why: CUDA's double division is a seed and a chain of seven dependent
 * FP64 operations, then a check of the operands' range and a branch to a
 * slow path; the branch ends the instruction group, so a loop of divisions
 * (the secular equation's terms, zhat's factors, U's entries) waits out
 * each chain in turn. Here the four chains are issued side by side and
 * their range checks joined into one branch, taken only where an operand
 * is out of the range in which CUDA itself returns the chain's result
 * (then all four are divided again the plain way). The chain is the one
 * CUDA's division compiles to (sm_90, CUDA 13: MUFU.RCP64H, one refinement
 * with the squared error, a Newton step, the quotient and its residual
 * correction), so its results are those of the division. Single precision
 * and the host divide plainly. */
EIG_HD_INLINE void EIG_FN(eig_quot4)(const eig_real a[4], const eig_real b[4], eig_real q[4])
{
#if defined(__CUDA_ARCH__) && EIG_IS_DOUBLE
    int in_range = 1;
    EIG_UNROLL
    for (int h = 0; h < 4; h++) {
        double r, e;
        asm("rcp.approx.ftz.f64 %0, %1;" : "=d"(r) : "d"(b[h]));
        e = fma(-b[h], r, 1.0);
        e = fma(e, e, e);
        r = fma(r, e, r);
        e = fma(-b[h], r, 1.0);
        r = fma(r, e, r);
        const double q0 = a[h] * r;
        q[h] = fma(r, fma(-b[h], q0, a[h]), q0);
        /* inside CUDA's own test (numerator from 2^-969, quotient a normal
         * number): NaN and infinity fall out here too */
        const double qa = fabs(q[h]);
        in_range &= fabs(a[h]) >= 0x1p-960 && qa >= 0x1p-1000 && qa <= 0x1p1000;
    }
    if (!in_range) {
        EIG_UNROLL
        for (int h = 0; h < 4; h++) q[h] = a[h] / b[h];
    }
#else
    for (int h = 0; h < 4; h++) q[h] = a[h] / b[h];
#endif
}

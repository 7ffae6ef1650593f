/* Householder tridiagonalisation of real symmetric and complex Hermitian
 * matrices, and the entry points of the tridiagonal route of the `symmetric`
 * and `hermitian` families (reduce, then implicit QL or bisection).
 * Precision-generic body: no include guard.
 *
 * All routines read the LOWER triangle of a (row-major, element (i,j) at
 * a[(i*n+j)*as]; complex: re at a[2*(i*n+j)*as], im at a[(2*(i*n+j)+1)*as];
 * the imaginary part of a Hermitian diagonal is ignored, as in LAPACK) and
 * destroy it (the reflectors are stored below the subdiagonal). Block teams
 * with a in global memory first mirror it onto the upper triangle and
 * reduce the whole square (tridiag_reduce_square_impl.h), so there the
 * upper triangle is overwritten too.
 *
 * Complex arithmetic is written out on (re, im) pairs of eig_real: neither C99
 * _Complex nor std::complex exists on both sides of host and device code. */

/* ---- small complex helpers on element (i,j) component pairs ---- */

/* offset of component c of element (i,j) of an n x n matrix with zc reals per
 * element */
EIG_HD eig_idx EIG_FN(eig_el)(int n, int zc, int i, int j, int c)
{
    return ((eig_idx)i * n + j) * zc + c;
}

/* 2-norm of rows r0..n-1 of column k. The plain sum of squares when it can
 * be trusted (EIG_SUMSQ_SAFE: not overflowed, and large enough that squares
 * lost to underflow do not count). Else,
 * rare (the input is scaled into a safe range first), scaled by the largest
 * component as dnrm2 does. One pass and one team reduction in the common
 * case, no divisions: this sits on every reduction step of the GPU's small
 * matrices. Team: rows dealt out, then eig_team_reduce (red: its scratch). */
EIG_HD eig_real EIG_FN(eig_col_norm_team)(eig_team t, int n, const eig_real *a, eig_idx as, int zc, int k, int r0,
                                          eig_real *red)
{
    eig_real big = 0, sum = 0;
    EIG_TEAM_FOR(t, i, r0, n - 1)
        for (int c = 0; c < zc; c++) {
            eig_real x = a[EIG_FN(eig_el)(n, zc, i, k, c) * as];
            sum += x * x;
        }
    sum = EIG_FN(eig_team_reduce)(t, sum, 0, red);
    if (EIG_SUMSQ_SAFE(sum)) return EIG_SQRT(sum);
    EIG_TEAM_FOR(t, i, r0, n - 1)
        for (int c = 0; c < zc; c++) {
            eig_real x = EIG_FABS(a[EIG_FN(eig_el)(n, zc, i, k, c) * as]);
            if (x > big) big = x;
        }
    big = EIG_FN(eig_team_reduce)(t, big, 1, red);
    if (big == 0) return 0;
    sum = 0;
    EIG_TEAM_FOR(t, i, r0, n - 1)
        for (int c = 0; c < zc; c++) {
            eig_real x = a[EIG_FN(eig_el)(n, zc, i, k, c) * as] / big;
            sum += x * x;
        }
    sum = EIG_FN(eig_team_reduce)(t, sum, 0, red);
    return big * EIG_SQRT(sum);
}

/* A column below the subdiagonal whose norm is under this floor gets no
 * reflector (tau = 0): its entries are left out of T. Without the floor a
 * rank-one matrix (c * ones(n,n), or c u u^H) failed: after the first
 * reflector its trailing block is rounding noise, and every further step
 * reduces noise of the noise, each column about eps times the one before,
 * until the columns are subnormal; then 1 / (alpha - beta) overflows and u,
 * and everything after it, turns NaN (double from n = 24 or so, single from
 * n = 8; tridiag-ql then failed to converge, bisection called the matrix
 * invalid). Leaving such a column out moves A by less than the floor,
 * safmin/eps, while the caller has scaled A (eig_dense_prepare) so that
 * max |a_ij| >= sqrt(safmin/eps): a relative change below sqrt(safmin/eps)
 * (1e-146 in double, 4e-16 in single), far under eps. At or above the floor
 * |alpha - beta| >= xnorm keeps 1 / (alpha - beta) finite. */
EIG_HD eig_real EIG_FN(eig_reflector_floor)(void) { return EIG_SAFMIN / EIG_EPS; }

/* Where u is copied in the team scratch: after the 32 reduction slots for
 * a block team (eig_team_reduce uses them when the block has several
 * warps), at its start for a warp team, which reduces through shuffles
 * (and whose shared memory is what limits warps per SM). */
EIG_HD eig_real *EIG_FN(eig_team_u_copy)(eig_team t, eig_real *scr)
{
    return scr ? scr + (t.block ? 32 : 0) : 0;
}

/* Z <- identity, n x n real, element (i, j) at z[i*zr + j*zk]; or row-major
 * with zc reals per element (eig_set_identity). */
EIG_HD void EIG_FN(eig_set_identity_team)(eig_team t, int n, eig_real *z, eig_idx zr, eig_idx zk)
{
    for (eig_idx x = t.rank; x < (eig_idx)n * n; x += t.size) {
        eig_idx i = x / n, j = x - i * n;
        z[i * zr + j * zk] = i == j ? EIG_ONE : EIG_ZERO;
    }
}

EIG_HD void EIG_FN(eig_set_identity)(int n, eig_real *z, eig_idx zs, int zc)
{
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            for (int c = 0; c < zc; c++)
                z[EIG_FN(eig_el)(n, zc, i, j, c) * zs] = (i == j && c == 0) ? EIG_ONE : EIG_ZERO;
}

/* NaN fill of count entries, dealt over the team. */
EIG_HD void EIG_FN(eig_fill_nan_team)(eig_team t, eig_idx count, eig_real *x, eig_idx xs)
{
    eig_real nan = EIG_ZERO / EIG_ZERO;
    if (!x) return;
    for (eig_idx i = t.rank; i < count; i += t.size) x[i * xs] = nan;
}

/* Step k's reflector from column k (dlarfg / zlarfg; its norm below row
 * r0 = k + 1, xnorm, at or above the floor): rows r0 + 1.. of column k
 * become u (u_r0 = 1 implied), copied to ub (and ub's r0 set) when ub is
 * not NULL; beta goes to *beta (complex: *beta, *beta_im) and tau is
 * returned. Ends on a team sync. */
EIG_HD eig_real EIG_FN(eig_sym_reflector_team)(eig_team t, int n, eig_real *a, eig_idx as, int k, eig_real xnorm,
                                               eig_real *ub, eig_real *beta)
{
    const int r0 = k + 1;
    const eig_real alpha = a[((eig_idx)r0 * n + k) * as];
    /* beta gets the sign opposite to alpha: no cancellation in alpha - beta */
    const eig_real b = -EIG_COPYSIGN(EIG_HYPOT(alpha, xnorm), alpha), scale = 1 / (alpha - b);
    EIG_TEAM_FOR(t, i, r0 + 1, n - 1) {
        eig_real *x = &a[((eig_idx)i * n + k) * as];
        *x *= scale;
        if (ub) ub[i] = *x;
    }
    if (ub && EIG_TEAM_LEAD(t)) ub[r0] = EIG_ONE;
    eig_team_sync(t);
    *beta = b;
    return (b - alpha) / b;
}
EIG_HD eig_real EIG_FN(eig_herm_reflector_team)(eig_team t, int n, eig_real *a, eig_idx as, int k, eig_real xnorm,
                                                eig_real *ub, eig_real *beta, eig_real *beta_im)
{
    const int r0 = k + 1;
    const eig_real ar = a[2 * ((eig_idx)r0 * n + k) * as], ai = a[(2 * ((eig_idx)r0 * n + k) + 1) * as];
    const eig_real aabs = EIG_HYPOT(ar, ai), nu = EIG_HYPOT(aabs, xnorm);
    eig_real phr = EIG_ONE, phi = EIG_ZERO; /* phase of alpha (1 when alpha = 0) */
    if (aabs != 0) phr = ar / aabs, phi = ai / aabs;
    /* u_i = x_i / (alpha - beta) = x_i conj(phase) / (|alpha| + nu) */
    const eig_real inv = 1 / (aabs + nu);
    EIG_TEAM_FOR(t, i, r0 + 1, n - 1) {
        eig_real *x = &a[2 * ((eig_idx)i * n + k) * as], *y = x + as;
        const eig_real xr = *x, xi = *y;
        *x = (xr * phr + xi * phi) * inv;
        *y = (xi * phr - xr * phi) * inv;
        if (ub) ub[2 * i] = *x, ub[2 * i + 1] = *y;
    }
    if (ub && EIG_TEAM_LEAD(t)) ub[2 * r0] = EIG_ONE, ub[2 * r0 + 1] = EIG_ZERO;
    eig_team_sync(t);
    *beta = -phr * nu;
    *beta_im = -phi * nu;
    return (aabs + nu) / nu;
}

/* The reduction's end: the last 2 x 2 block's diagonal and subdiagonal
 * into d and e (e complex: re, im at e[2k*es], e[(2k+1)*es]) by the
 * leader, then a team sync. */
EIG_HD void EIG_FN(eig_sym_tridiag_last_team)(eig_team t, int n, const eig_real *a, eig_idx as, eig_real *d,
                                              eig_idx ds, eig_real *e, eig_idx es)
{
    if (EIG_TEAM_LEAD(t)) {
        if (n >= 2) {
            d[(n - 2) * ds] = a[((eig_idx)(n - 2) * n + n - 2) * as];
            e[(n - 2) * es] = a[((eig_idx)(n - 1) * n + n - 2) * as];
        }
        if (n >= 1) d[(n - 1) * ds] = a[((eig_idx)(n - 1) * n + n - 1) * as];
    }
    eig_team_sync(t);
}
EIG_HD void EIG_FN(eig_herm_tridiag_last_team)(eig_team t, int n, const eig_real *a, eig_idx as, eig_real *d,
                                               eig_idx ds, eig_real *e, eig_idx es)
{
    if (EIG_TEAM_LEAD(t)) {
        if (n >= 2) {
            d[(n - 2) * ds] = a[2 * ((eig_idx)(n - 2) * n + n - 2) * as];
            e[2 * (eig_idx)(n - 2) * es] = a[2 * ((eig_idx)(n - 1) * n + n - 2) * as];
            e[(2 * (eig_idx)(n - 2) + 1) * es] = a[(2 * ((eig_idx)(n - 1) * n + n - 2) + 1) * as];
        }
        if (n >= 1) d[(n - 1) * ds] = a[2 * ((eig_idx)(n - 1) * n + n - 1) * as];
    }
    eig_team_sync(t);
}

#include "tridiag_reduce_square_impl.h" /* teams with A in global memory */

/* ---- real symmetric: Householder reduction (unblocked dsytd2, lower) ---- */

/* Q^T A Q = T with Q = H_0 H_1 ... H_{n-3}, H_k = I - tau_k u u^T,
 * u = (0..0, 1, a[k+2..n-1][k]). d[n] <- diag(T), e[0..n-2] <- subdiag(T);
 * e needs n slots (e[k+1..] holds the product A u during step k). tau may be
 * NULL when Q isn't wanted.
 * Team: A u a member per row (independent loads into a register sum, no
 * reduction), p.u and the column norm through eig_team_reduce, the rank-2
 * update a member per column (a warp's accesses consecutive). scr: NULL
 * (solo) or eig_tridiag_team_scratch(n) reals of team scratch: the
 * reductions' slots and a copy of u. A block team whose A is in global
 * memory takes eig_sym_tridiag_reduce_square_team (both triangles kept; it
 * needs the whole scratch). */
EIG_HD void EIG_FN(eig_sym_tridiag_reduce_team)(eig_team t, int n, eig_real *a, eig_idx as, eig_real *d, eig_idx ds,
                                                eig_real *e, eig_idx es, eig_real *tau, eig_idx ts, eig_real *scr)
{
#define EIG_A(i, j) a[((eig_idx)(i) * n + (j)) * as]
#define EIG_U(j) (ub ? ub[j] : (j) == r0 ? EIG_ONE : EIG_A(j, k))
    if (t.block && t.size > 1 && scr && !eig_in_shared(a)) {
        EIG_FN(eig_sym_tridiag_reduce_square_team)(t, n, a, as, d, ds, e, es, tau, ts, scr);
        return;
    }
    eig_real *red = scr, *ub = EIG_FN(eig_team_u_copy)(t, scr);
    for (int k = 0; k + 2 < n; k++) {
        int r0 = k + 1; /* the reflector acts on rows/columns r0..n-1 */
        eig_real alpha = EIG_A(r0, k);
        eig_real xnorm = EIG_FN(eig_col_norm_team)(t, n, a, as, 1, k, r0 + 1, red);
        eig_real beta = alpha, tk = 0;
        if (xnorm >= EIG_FN(eig_reflector_floor)()) {
            tk = EIG_FN(eig_sym_reflector_team)(t, n, a, as, k, xnorm, ub, &beta);
            /* p = tau * A22 u, kept in e[r0..n-1]: a member per row i, the
             * lower part of row i then the rest of column i (independent
             * loads, accumulated in a register) */
            eig_real pu = 0;
            EIG_TEAM_FOR(t, i, r0, n - 1) {
                eig_real sum = 0;
                if (t.size == 1) {
                    for (int j = r0; j <= i; j++) sum += EIG_A(i, j) * EIG_U(j);
                    for (int j = i + 1; j < n; j++) sum += EIG_A(j, i) * EIG_U(j);
                } else { /* one loop, the same sum: members walk j in step */
                    for (int j = r0; j < n; j++) sum += (j <= i ? EIG_A(i, j) : EIG_A(j, i)) * EIG_U(j);
                }
                sum *= tk;
                e[i * es] = sum;
                pu += sum * EIG_U(i);
            }
            pu = EIG_FN(eig_team_reduce)(t, pu, 0, red);
            /* w = p - (tau/2)(p.u) u makes A - u w^T - w u^T = H A H */
            eig_real gamma = tk * pu / 2;
            EIG_TEAM_FOR(t, i, r0, n - 1) e[i * es] -= gamma * EIG_U(i);
            eig_team_sync(t);
            if (t.size == 1) {
                for (int i = r0; i < n; i++) {
                    eig_real ui = EIG_U(i), wi = e[i * es];
                    for (int j = r0; j <= i; j++) {
                        eig_real uj = EIG_U(j), wj = e[j * es];
                        EIG_A(i, j) -= ui * wj + wi * uj;
                    }
                }
            } else {
                /* a member per column j (a warp's accesses consecutive), four
                 * of its rows' loads before their stores. A block team on A
                 * in shared memory also deals each column's rows over its W
                 * warps (every W-th row): a member per column gave column
                 * r0's member all m rows and column n-1's one, and the other
                 * warps waited on warp 0's at the sync below (a sixth of the
                 * samples of warp-tridiag at n = 128, Nsight Compute). H100,
                 * 2026-11-24, ms: warp-tridiag symmetric 10,000 x 128 values
                 * 83.1 -> 69.2, with vectors 209.6 -> 190.7; Hermitian
                 * 20,000 x 72 values 57.1 -> 50.6. With A in global memory
                 * (block-tridiag) it lost: symmetric 132 x 1024 values
                 * 882 -> 1138. Each entry's update is the same either way. */
                const int split = t.block && t.size > 32 && eig_in_shared(a);
                const int c0 = split ? t.rank & 31 : t.rank, cs = split ? 32 : t.size;
                const int R = split ? t.size >> 5 : 1, r1 = split ? t.rank >> 5 : 0;
                for (int j = r0 + c0; j < n; j += cs) {
                    const eig_real uj = EIG_U(j), wj = e[j * es];
                    int i = j + r1;
                    for (; i + 3 * R < n; i += 4 * R) {
                        eig_real x[4];
                        EIG_UNROLL
                        for (int q = 0; q < 4; q++) x[q] = EIG_A(i + q * R, j);
                        EIG_UNROLL
                        for (int q = 0; q < 4; q++)
                            EIG_A(i + q * R, j) = x[q] - (EIG_U(i + q * R) * wj + e[(i + q * R) * es] * uj);
                    }
                    for (; i < n; i += R) EIG_A(i, j) -= EIG_U(i) * wj + e[i * es] * uj;
                }
            }
            eig_team_sync(t);
        }
        if (EIG_TEAM_LEAD(t)) {
            if (tau) tau[k * ts] = tk;
            d[k * ds] = EIG_A(k, k);
            e[k * es] = beta;
        }
    }
    EIG_FN(eig_sym_tridiag_last_team)(t, n, a, as, d, ds, e, es);
#undef EIG_A
#undef EIG_U
}

EIG_HD void EIG_FN(eig_sym_tridiag_reduce)(int n, eig_real *a, eig_idx as, eig_real *d, eig_idx ds, eig_real *e,
                                           eig_idx es, eig_real *tau, eig_idx ts)
{
    eig_team solo = EIG_TEAM_SOLO_INIT;
    EIG_FN(eig_sym_tridiag_reduce_team)(solo, n, a, as, d, ds, e, es, tau, ts, 0);
}

/* V's entries loaded at a time ahead of their use in the form-Q loops. */
#ifndef EIG_REDUCE_AHEAD
#define EIG_REDUCE_AHEAD 8
#endif

/* V <- H_{k-1} H_k V (both tau nonzero) in one pass over each column of V:
 * the two dot products u_k . V_j and u_{k-1} . V_j from the same loads, then
 * V_j -= s1 u_k + s2 u_{k-1} with s1 = tau_k (u_k . V_j) and
 * s2 = tau_{k-1} (u_{k-1} . V_j - s1 u_{k-1} . u_k). Forming Q applies one
 * reflector at a time, each a pass over V (in global memory for block
 * teams, a chain of L2 round trips); in pairs the passes halve. Team as
 * eig_sym_form_q_team; ub: 2n reals of team scratch, red: its reduction
 * slots. */
EIG_HD void EIG_FN(eig_sym_form_q_pair_team)(eig_team t, int n, const eig_real *a, eig_idx as, int k, eig_real tk,
                                             eig_real tk1, eig_real *v, eig_idx vs, int j0, eig_real *ub, eig_real *red)
{
#define EIG_A(i, j) a[((eig_idx)(i) * n + (j)) * as]
#define EIG_V(i, j) v[((eig_idx)(i) * n + (j)) * vs]
    eig_real *u = ub, *w = ub + n; /* u_k (u_k[k] = 0, u_k[k+1] = 1), u_{k-1} (u_{k-1}[k] = 1) */
    EIG_TEAM_FOR(t, i, k, n - 1) {
        u[i] = i == k ? EIG_ZERO : i == k + 1 ? EIG_ONE : EIG_A(i, k);
        w[i] = i == k ? EIG_ONE : EIG_A(i, k - 1);
    }
    eig_team_sync(t);
    eig_real c = 0; /* u_{k-1} . u_k */
    EIG_TEAM_FOR(t, i, k + 1, n - 1) c += w[i] * u[i];
    c = EIG_FN(eig_team_reduce)(t, c, 0, red);
    EIG_TEAM_FOR(t, j, j0, n - 1) {
        eig_real sa = 0, sb = 0;
        for (int i0 = k; i0 < n; i0 += EIG_REDUCE_AHEAD) {
            eig_real x[EIG_REDUCE_AHEAD] = {0};
            EIG_UNROLL
            for (int q = 0; q < EIG_REDUCE_AHEAD; q++)
                if (i0 + q < n) x[q] = EIG_V(i0 + q, j);
            EIG_UNROLL
            for (int q = 0; q < EIG_REDUCE_AHEAD; q++)
                if (i0 + q < n) sa += u[i0 + q] * x[q], sb += w[i0 + q] * x[q];
        }
        const eig_real s1 = tk * sa, s2 = tk1 * (sb - s1 * c);
        int i = k;
        for (; i + 3 < n; i += 4) { /* loads before stores: four in flight */
            eig_real x[4];
            EIG_UNROLL
            for (int q = 0; q < 4; q++) x[q] = EIG_V(i + q, j);
            EIG_UNROLL
            for (int q = 0; q < 4; q++) EIG_V(i + q, j) = x[q] - (s1 * u[i + q] + s2 * w[i + q]);
        }
        for (; i < n; i++) EIG_V(i, j) -= s1 * u[i] + s2 * w[i];
    }
    eig_team_sync(t);
#undef EIG_A
#undef EIG_V
}

/* V <- Q = H_0 ... H_{n-3} from the reflectors left in a by the reduction,
 * accumulated backwards so each H_k touches only the trailing block. Team:
 * columns of V (consecutive members, consecutive addresses); scr as in the
 * reduction (u copied there) or NULL. pairs (needs scr, with room for two
 * copies of u: eig_tridiag_team_scratch): reflectors two at a time
 * (eig_sym_form_q_pair_team). apply: V holds a matrix already (V = D Z
 * after divide and conquer) and gets V <- Q V over all n columns, instead
 * of being set to the identity and Q formed on the trailing columns. */
EIG_HD void EIG_FN(eig_sym_form_q_team)(eig_team t, int n, const eig_real *a, eig_idx as, const eig_real *tau,
                                        eig_idx ts, eig_real *v, eig_idx vs, eig_real *scr, int pairs, int apply)
{
#define EIG_A(i, j) a[((eig_idx)(i) * n + (j)) * as]
#define EIG_V(i, j) v[((eig_idx)(i) * n + (j)) * vs]
#define EIG_U(i) (ub ? ub[i] : EIG_A(i, k))
    eig_real *ub = EIG_FN(eig_team_u_copy)(t, scr);
    if (!apply) EIG_FN(eig_set_identity_team)(t, n, v, (eig_idx)n * vs, vs);
    eig_team_sync(t);
    for (int k = n - 3; k >= 0; k--) {
        eig_real tk = tau[k * ts];
        int r0 = k + 1;
        if (tk == 0) continue;
        if (pairs && ub && k >= 1 && tau[(k - 1) * ts] != 0) {
            EIG_FN(eig_sym_form_q_pair_team)(t, n, a, as, k, tk, tau[(k - 1) * ts], v, vs, apply ? 0 : k, ub, scr);
            k--; /* H_{k-1} is done too */
            continue;
        }
        if (ub) {
            EIG_TEAM_FOR(t, i, r0 + 1, n - 1) ub[i] = EIG_A(i, k);
            eig_team_sync(t);
        }
        EIG_TEAM_FOR(t, j, apply ? 0 : r0, n - 1) {
            eig_real s = EIG_V(r0, j);
            for (int i = r0 + 1; i < n; i++) s += EIG_U(i) * EIG_V(i, j);
            s *= tk;
            EIG_V(r0, j) -= s;
            int i = r0 + 1;
            for (; i + 3 < n; i += 4) { /* loads before stores: four in flight */
                eig_real x0 = EIG_V(i, j), x1 = EIG_V(i + 1, j), x2 = EIG_V(i + 2, j), x3 = EIG_V(i + 3, j);
                EIG_V(i, j) = x0 - s * EIG_U(i);
                EIG_V(i + 1, j) = x1 - s * EIG_U(i + 1);
                EIG_V(i + 2, j) = x2 - s * EIG_U(i + 2);
                EIG_V(i + 3, j) = x3 - s * EIG_U(i + 3);
            }
            for (; i < n; i++) EIG_V(i, j) -= s * EIG_U(i);
        }
        eig_team_sync(t);
    }
#undef EIG_A
#undef EIG_V
#undef EIG_U
}

/* ---- complex Hermitian: Householder reduction in complex arithmetic ---- */

/* Q^H A Q = T, Hermitian tridiagonal with real diagonal d and complex
 * subdiagonal e_k = T[k+1][k] (re, im at e[2k*es], e[(2k+1)*es]; e needs 2n
 * reals: slots k+1.. hold A u during step k). H_k = I - tau_k u u^H with real
 * tau_k (so H_k is Hermitian and unitary) maps column k onto
 * beta_k = -phase(alpha) * norm: the phases stay in e and are removed
 * afterwards by the diagonal scaling D (eig_herm_realify). Team and scr as
 * eig_sym_tridiag_reduce_team. */
/* Entries (i .. i+3, j) of a row-major n x n complex matrix (element
 * stride s) into xr, xi: four rows' loads issued before the caller stores
 * any of them (in global memory each row alone waited out an L2 round
 * trip). */
EIG_HD void EIG_FN(eig_load_rows4)(const eig_real *a, eig_idx s, int n, int i, int j, eig_real *xr, eig_real *xi)
{
    EIG_UNROLL
    for (int q = 0; q < 4; q++) {
        const eig_idx x = 2 * ((eig_idx)(i + q) * n + j);
        xr[q] = a[x * s], xi[q] = a[(x + 1) * s];
    }
}

/* Entries (i .. i+EIG_REDUCE_AHEAD-1, j) of a row-major n x n complex
 * matrix into xr, xi (zeros past row n - 1), all loads issued before any
 * is used (form Q's dot products over V in global memory). */
EIG_HD void EIG_FN(eig_load_rows_ahead)(const eig_real *a, eig_idx s, int n, int i, int j, eig_real *xr, eig_real *xi)
{
    EIG_UNROLL
    for (int q = 0; q < EIG_REDUCE_AHEAD; q++) {
        const eig_idx x = 2 * ((eig_idx)(i + q) * n + j);
        xr[q] = i + q < n ? a[x * s] : EIG_ZERO;
        xi[q] = i + q < n ? a[(x + 1) * s] : EIG_ZERO;
    }
}

EIG_HD void EIG_FN(eig_herm_tridiag_reduce_team)(eig_team t, int n, eig_real *a, eig_idx as, eig_real *d,
                                                 eig_idx ds, eig_real *e, eig_idx es, eig_real *tau, eig_idx ts,
                                                 eig_real *scr)
{
#define EIG_RE(i, j) a[(2 * ((eig_idx)(i) * n + (j))) * as]
#define EIG_IM(i, j) a[(2 * ((eig_idx)(i) * n + (j)) + 1) * as]
#define EIG_ER(i) e[(2 * (eig_idx)(i)) * es]
#define EIG_EI(i) e[(2 * (eig_idx)(i) + 1) * es]
#define EIG_UR(j) (ub ? ub[2 * (j)] : (j) == r0 ? EIG_ONE : EIG_RE(j, k))
#define EIG_UI(j) (ub ? ub[2 * (j) + 1] : (j) == r0 ? EIG_ZERO : EIG_IM(j, k))
    if (t.block && t.size > 1 && scr && !eig_in_shared(a)) {
        EIG_FN(eig_herm_tridiag_reduce_square_team)(t, n, a, as, d, ds, e, es, tau, ts, scr);
        return;
    }
    eig_real *red = scr, *ub = EIG_FN(eig_team_u_copy)(t, scr);
    for (int k = 0; k + 2 < n; k++) {
        int r0 = k + 1;
        eig_real ar = EIG_RE(r0, k), ai = EIG_IM(r0, k);
        eig_real xnorm = EIG_FN(eig_col_norm_team)(t, n, a, as, 2, k, r0 + 1, red);
        eig_real br = ar, bi = ai, tk = 0;
        if (xnorm >= EIG_FN(eig_reflector_floor)()) {
            tk = EIG_FN(eig_herm_reflector_team)(t, n, a, as, k, xnorm, ub, &br, &bi);
            /* p = tau * A22 u in e slots r0..n-1 (a member per row i: the
             * lower part of row i, then the conjugated rest of column i) and
             * pu = p^H u (real in exact arithmetic: tau u^H A u) */
            eig_real pu = 0;
            EIG_TEAM_FOR(t, i, r0, n - 1) {
                eig_real sr = 0, si = 0;
                if (t.size == 1) {
                    for (int j = r0; j <= i; j++) {
                        eig_real ur = EIG_UR(j), ui = EIG_UI(j);
                        eig_real hr = EIG_RE(i, j), hi = i == j ? EIG_ZERO : EIG_IM(i, j);
                        sr += hr * ur - hi * ui;
                        si += hr * ui + hi * ur;
                    }
                    for (int j = i + 1; j < n; j++) {
                        eig_real ur = EIG_UR(j), ui = EIG_UI(j);
                        eig_real hr = EIG_RE(j, i), hi = -EIG_IM(j, i);
                        sr += hr * ur - hi * ui;
                        si += hr * ui + hi * ur;
                    }
                } else { /* one loop, the same sums: members walk j in step */
                    for (int j = r0; j < n; j++) {
                        eig_real ur = EIG_UR(j), ui = EIG_UI(j);
                        eig_real hr = j <= i ? EIG_RE(i, j) : EIG_RE(j, i);
                        eig_real hi = j < i ? EIG_IM(i, j) : j > i ? -EIG_IM(j, i) : EIG_ZERO;
                        sr += hr * ur - hi * ui;
                        si += hr * ui + hi * ur;
                    }
                }
                sr *= tk;
                si *= tk;
                EIG_ER(i) = sr;
                EIG_EI(i) = si;
                pu += sr * EIG_UR(i) + si * EIG_UI(i); /* Re(conj(p_i) u_i) */
            }
            pu = EIG_FN(eig_team_reduce)(t, pu, 0, red);
            /* w = p - (tau/2)(p^H u) u; then A - u w^H - w u^H = H A H */
            eig_real gamma = tk * pu / 2;
            EIG_TEAM_FOR(t, i, r0, n - 1) {
                EIG_ER(i) -= gamma * EIG_UR(i);
                EIG_EI(i) -= gamma * EIG_UI(i);
            }
            eig_team_sync(t);
            if (t.size == 1) {
                for (int i = r0; i < n; i++) {
                    eig_real uir = EIG_UR(i), uii = EIG_UI(i);
                    eig_real wir = EIG_ER(i), wii = EIG_EI(i);
                    for (int j = r0; j <= i; j++) {
                        eig_real ujr = EIG_UR(j), uji = EIG_UI(j);
                        eig_real wjr = EIG_ER(j), wji = EIG_EI(j);
                        /* u_i conj(w_j) + w_i conj(u_j) */
                        EIG_RE(i, j) -= uir * wjr + uii * wji + wir * ujr + wii * uji;
                        if (i != j) EIG_IM(i, j) -= uii * wjr - uir * wji + wii * ujr - wir * uji;
                    }
                }
            } else {
                /* a member per column j, four of its rows' loads before
                 * their stores; a block team on A in shared memory deals
                 * each column's rows over its warps too (as
                 * eig_sym_tridiag_reduce_team): the same updates */
                const int split = t.block && t.size > 32 && eig_in_shared(a);
                const int c0 = split ? t.rank & 31 : t.rank, cs = split ? 32 : t.size;
                const int R = split ? t.size >> 5 : 1, r1 = split ? t.rank >> 5 : 0;
                for (int j = r0 + c0; j < n; j += cs) {
                    const eig_real ujr = EIG_UR(j), uji = EIG_UI(j), wjr = EIG_ER(j), wji = EIG_EI(j);
                    if (r1 == 0) EIG_RE(j, j) -= EIG_UR(j) * wjr + EIG_UI(j) * wji + EIG_ER(j) * ujr + EIG_EI(j) * uji;
                    int i = j + (r1 ? r1 : R);
                    for (; i + 3 * R < n; i += 4 * R) {
                        eig_real xr[4], xi[4];
                        EIG_UNROLL
                        for (int q = 0; q < 4; q++) xr[q] = EIG_RE(i + q * R, j), xi[q] = EIG_IM(i + q * R, j);
                        EIG_UNROLL
                        for (int q = 0; q < 4; q++) {
                            const eig_idx r = i + q * R;
                            const eig_real uir = EIG_UR(r), uii = EIG_UI(r), wir = EIG_ER(r), wii = EIG_EI(r);
                            EIG_RE(r, j) = xr[q] - (uir * wjr + uii * wji + wir * ujr + wii * uji);
                            EIG_IM(r, j) = xi[q] - (uii * wjr - uir * wji + wii * ujr - wir * uji);
                        }
                    }
                    for (; i < n; i += R) {
                        const eig_real uir = EIG_UR(i), uii = EIG_UI(i), wir = EIG_ER(i), wii = EIG_EI(i);
                        EIG_RE(i, j) -= uir * wjr + uii * wji + wir * ujr + wii * uji;
                        EIG_IM(i, j) -= uii * wjr - uir * wji + wii * ujr - wir * uji;
                    }
                }
            }
            eig_team_sync(t);
        }
        if (EIG_TEAM_LEAD(t)) {
            if (tau) tau[k * ts] = tk;
            d[k * ds] = EIG_RE(k, k);
            EIG_ER(k) = br;
            EIG_EI(k) = bi;
        }
    }
    EIG_FN(eig_herm_tridiag_last_team)(t, n, a, as, d, ds, e, es);
#undef EIG_RE
#undef EIG_IM
#undef EIG_ER
#undef EIG_EI
#undef EIG_UR
#undef EIG_UI
}

EIG_HD void EIG_FN(eig_herm_tridiag_reduce)(int n, eig_real *a, eig_idx as, eig_real *d, eig_idx ds, eig_real *e,
                                            eig_idx es, eig_real *tau, eig_idx ts)
{
    eig_team solo = EIG_TEAM_SOLO_INIT;
    EIG_FN(eig_herm_tridiag_reduce_team)(solo, n, a, as, d, ds, e, es, tau, ts, 0);
}

/* The complex eig_sym_form_q_pair_team: V <- H_{k-1} H_k V with
 * H = I - tau u u^H (tau real), s1 = tau_k u_k^H V_j,
 * s2 = tau_{k-1} (u_{k-1}^H V_j - s1 u_{k-1}^H u_k); ub: 4n reals. */
EIG_HD void EIG_FN(eig_herm_form_q_pair_team)(eig_team t, int n, const eig_real *a, eig_idx as, int k, eig_real tk,
                                              eig_real tk1, eig_real *v, eig_idx vs, int j0, eig_real *ub,
                                              eig_real *red)
{
#define EIG_RE(i, j) a[(2 * ((eig_idx)(i) * n + (j))) * as]
#define EIG_IM(i, j) a[(2 * ((eig_idx)(i) * n + (j)) + 1) * as]
#define EIG_VR(i, j) v[(2 * ((eig_idx)(i) * n + (j))) * vs]
#define EIG_VI(i, j) v[(2 * ((eig_idx)(i) * n + (j)) + 1) * vs]
    eig_real *u = ub, *w = ub + 2 * n; /* u_k, u_{k-1}: re, im pairs */
    EIG_TEAM_FOR(t, i, k, n - 1) {
        u[2 * i] = i == k ? EIG_ZERO : i == k + 1 ? EIG_ONE : EIG_RE(i, k);
        u[2 * i + 1] = i <= k + 1 ? EIG_ZERO : EIG_IM(i, k);
        w[2 * i] = i == k ? EIG_ONE : EIG_RE(i, k - 1);
        w[2 * i + 1] = i == k ? EIG_ZERO : EIG_IM(i, k - 1);
    }
    eig_team_sync(t);
    eig_real cr = 0, ci = 0; /* u_{k-1}^H u_k */
    EIG_TEAM_FOR(t, i, k + 1, n - 1) {
        cr += w[2 * i] * u[2 * i] + w[2 * i + 1] * u[2 * i + 1];
        ci += w[2 * i] * u[2 * i + 1] - w[2 * i + 1] * u[2 * i];
    }
    cr = EIG_FN(eig_team_reduce)(t, cr, 0, red);
    ci = EIG_FN(eig_team_reduce)(t, ci, 0, red);
    EIG_TEAM_FOR(t, j, j0, n - 1) {
        eig_real ar = 0, ai = 0, br = 0, bi = 0;
        for (int i0 = k; i0 < n; i0 += EIG_REDUCE_AHEAD) {
            eig_real xr[EIG_REDUCE_AHEAD], xi[EIG_REDUCE_AHEAD];
            EIG_FN(eig_load_rows_ahead)(v, vs, n, i0, j, xr, xi);
            EIG_UNROLL
            for (int q = 0; q < EIG_REDUCE_AHEAD; q++)
                if (i0 + q < n) {
                    const eig_real ur = u[2 * (i0 + q)], ui = u[2 * (i0 + q) + 1];
                    const eig_real wr = w[2 * (i0 + q)], wi = w[2 * (i0 + q) + 1];
                    ar += ur * xr[q] + ui * xi[q];
                    ai += ur * xi[q] - ui * xr[q];
                    br += wr * xr[q] + wi * xi[q];
                    bi += wr * xi[q] - wi * xr[q];
                }
        }
        const eig_real s1r = tk * ar, s1i = tk * ai;
        const eig_real s2r = tk1 * (br - (s1r * cr - s1i * ci)), s2i = tk1 * (bi - (s1r * ci + s1i * cr));
        int i = k;
        for (; i + 3 < n; i += 4) { /* four rows' loads before their stores */
            eig_real xr[4], xi[4];
            EIG_FN(eig_load_rows4)(v, vs, n, i, j, xr, xi);
            EIG_UNROLL
            for (int q = 0; q < 4; q++) {
                const eig_real ur = u[2 * (i + q)], ui = u[2 * (i + q) + 1];
                const eig_real wr = w[2 * (i + q)], wi = w[2 * (i + q) + 1];
                EIG_VR(i + q, j) = xr[q] - ((s1r * ur - s1i * ui) + (s2r * wr - s2i * wi));
                EIG_VI(i + q, j) = xi[q] - ((s1r * ui + s1i * ur) + (s2r * wi + s2i * wr));
            }
        }
        for (; i < n; i++) {
            const eig_real ur = u[2 * i], ui = u[2 * i + 1], wr = w[2 * i], wi = w[2 * i + 1];
            EIG_VR(i, j) -= (s1r * ur - s1i * ui) + (s2r * wr - s2i * wi);
            EIG_VI(i, j) -= (s1r * ui + s1i * ur) + (s2r * wi + s2i * wr);
        }
    }
    eig_team_sync(t);
#undef EIG_RE
#undef EIG_IM
#undef EIG_VR
#undef EIG_VI
}

/* V <- Q = H_0 ... H_{n-3} (complex), accumulated backwards; team, scr,
 * pairs and apply (V <- Q V) as eig_sym_form_q_team. */
EIG_HD void EIG_FN(eig_herm_form_q_team)(eig_team t, int n, const eig_real *a, eig_idx as, const eig_real *tau,
                                         eig_idx ts, eig_real *v, eig_idx vs, eig_real *scr, int pairs, int apply)
{
#define EIG_RE(i, j) a[(2 * ((eig_idx)(i) * n + (j))) * as]
#define EIG_IM(i, j) a[(2 * ((eig_idx)(i) * n + (j)) + 1) * as]
#define EIG_VR(i, j) v[(2 * ((eig_idx)(i) * n + (j))) * vs]
#define EIG_VI(i, j) v[(2 * ((eig_idx)(i) * n + (j)) + 1) * vs]
#define EIG_UR(i) (ub ? ub[2 * (i)] : EIG_RE(i, k))
#define EIG_UI(i) (ub ? ub[2 * (i) + 1] : EIG_IM(i, k))
    eig_real *ub = EIG_FN(eig_team_u_copy)(t, scr);
    if (!apply) { /* identity: the real parts as an n x n grid of stride 2, then the imaginary */
        EIG_FN(eig_set_identity_team)(t, n, v, 2 * (eig_idx)n * vs, 2 * vs);
        for (eig_idx x = t.rank; x < (eig_idx)n * n; x += t.size) v[(2 * x + 1) * vs] = EIG_ZERO;
    }
    eig_team_sync(t);
    for (int k = n - 3; k >= 0; k--) {
        eig_real tk = tau[k * ts];
        int r0 = k + 1;
        if (tk == 0) continue;
        if (pairs && ub && k >= 1 && tau[(k - 1) * ts] != 0) {
            EIG_FN(eig_herm_form_q_pair_team)(t, n, a, as, k, tk, tau[(k - 1) * ts], v, vs, apply ? 0 : k, ub, scr);
            k--; /* H_{k-1} is done too */
            continue;
        }
        if (ub) {
            EIG_TEAM_FOR(t, i, r0 + 1, n - 1) ub[2 * i] = EIG_RE(i, k), ub[2 * i + 1] = EIG_IM(i, k);
            eig_team_sync(t);
        }
        EIG_TEAM_FOR(t, j, apply ? 0 : r0, n - 1) {
            /* s = tau * u^H V[:, j] (V's entries loaded ahead, summed in order) */
            eig_real sr = EIG_VR(r0, j), si = EIG_VI(r0, j);
            for (int i0 = r0 + 1; i0 < n; i0 += EIG_REDUCE_AHEAD) {
                eig_real vr[EIG_REDUCE_AHEAD], vi[EIG_REDUCE_AHEAD];
                EIG_FN(eig_load_rows_ahead)(v, vs, n, i0, j, vr, vi);
                EIG_UNROLL
                for (int q = 0; q < EIG_REDUCE_AHEAD; q++)
                    if (i0 + q < n) {
                        eig_real ur = EIG_UR(i0 + q), ui = EIG_UI(i0 + q);
                        sr += ur * vr[q] + ui * vi[q];
                        si += ur * vi[q] - ui * vr[q];
                    }
            }
            sr *= tk;
            si *= tk;
            EIG_VR(r0, j) -= sr;
            EIG_VI(r0, j) -= si;
            int i = r0 + 1;
            for (; i + 3 < n; i += 4) { /* four rows' loads before their stores */
                eig_real xr[4], xi[4];
                EIG_FN(eig_load_rows4)(v, vs, n, i, j, xr, xi);
                EIG_UNROLL
                for (int q = 0; q < 4; q++) {
                    const eig_real ur = EIG_UR(i + q), ui = EIG_UI(i + q);
                    EIG_VR(i + q, j) = xr[q] - (sr * ur - si * ui);
                    EIG_VI(i + q, j) = xi[q] - (sr * ui + si * ur);
                }
            }
            for (; i < n; i++) {
                eig_real ur = EIG_UR(i), ui = EIG_UI(i);
                EIG_VR(i, j) -= sr * ur - si * ui;
                EIG_VI(i, j) -= sr * ui + si * ur;
            }
        }
        eig_team_sync(t);
    }
#undef EIG_RE
#undef EIG_IM
#undef EIG_VR
#undef EIG_VI
#undef EIG_UR
#undef EIG_UI
}

/* The unitary diagonal D = diag(delta_k), delta_0 = 1,
 * delta_{k+1} = delta_k e_k / |e_k|, makes D^H T D real symmetric with
 * off-diagonal |e_k|. Writes |e_k| over the real slot of e (read it with stride
 * 2*es) and, when v != NULL, V <- V D (column j times delta_j). Team: every
 * member runs the recurrence, the rows of each column are dealt out; the
 * leader writes e at the end. */
EIG_HD void EIG_FN(eig_herm_realify_team)(eig_team t, int n, eig_real *e, eig_idx es, eig_real *v, eig_idx vs,
                                          eig_real *ph, eig_idx phs)
{
    if (ph && n > 0 && EIG_TEAM_LEAD(t)) ph[0] = EIG_ONE, ph[phs] = EIG_ZERO;
    eig_real dr = EIG_ONE, di = EIG_ZERO; /* delta_k */
    for (int k = 0; k + 1 < n; k++) {
        eig_real er = e[(2 * (eig_idx)k) * es], ei = e[(2 * (eig_idx)k + 1) * es];
        eig_real mag = EIG_HYPOT(er, ei);
        if (mag != 0) {
            eig_real pr = er / mag, pi = ei / mag;
            eig_real nr = dr * pr - di * pi, ni = dr * pi + di * pr;
            /* renormalise: the product of many phases drifts off |delta| = 1 */
            eig_real nm = EIG_HYPOT(nr, ni);
            dr = nr / nm;
            di = ni / nm;
        }
        if (ph && EIG_TEAM_LEAD(t)) ph[2 * (eig_idx)(k + 1) * phs] = dr, ph[(2 * (eig_idx)(k + 1) + 1) * phs] = di;
        if (v) {
            int j = k + 1;
            EIG_TEAM_FOR(t, i, 0, n - 1) {
                eig_idx ir = (2 * ((eig_idx)i * n + j)) * vs, ii = ir + vs;
                eig_real xr = v[ir], xi = v[ii];
                v[ir] = xr * dr - xi * di;
                v[ii] = xr * di + xi * dr;
            }
        }
    }
    eig_team_sync(t); /* all have read e */
    if (EIG_TEAM_LEAD(t))
        for (int k = 0; k + 1 < n; k++)
            e[(2 * (eig_idx)k) * es] = EIG_HYPOT(e[(2 * (eig_idx)k) * es], e[(2 * (eig_idx)k + 1) * es]);
    eig_team_sync(t);
}

EIG_HD void EIG_FN(eig_herm_realify)(int n, eig_real *e, eig_idx es, eig_real *v, eig_idx vs)
{
    eig_team solo = EIG_TEAM_SOLO_INIT;
    EIG_FN(eig_herm_realify_team)(solo, n, e, es, v, vs, 0, 0);
}

#include "tridiag_back_transform_impl.h" /* V = Q D Z, after forming Q above */

/* ---- entry points ---- */

/* Workspace (reals, strided by wks). d lives in w, so only e (+ tau and the
 * QL rotations, 2n, with vectors). */
EIG_HD int EIG_FN(eig_sym_tridiag_ql_work)(int n, int vectors) { return vectors ? 4 * n : n; }
EIG_HD int EIG_FN(eig_herm_tridiag_ql_work)(int n, int vectors) { return vectors ? 5 * n : 2 * n; }
EIG_HD int EIG_FN(eig_sym_tridiag_bisect_work)(int n)
{
    return 2 * n + EIG_FN(eig_tridiag_bisect_work)(n);
}
EIG_HD int EIG_FN(eig_herm_tridiag_bisect_work)(int n)
{
    return 3 * n + EIG_FN(eig_tridiag_bisect_work)(n);
}
/* Team scratch of the *_team entry points (reals, contiguous): 32
 * reduction slots (block teams; warp teams start at u, eig_team_u_copy),
 * then u or the Q-forming buffer. */
EIG_HD int EIG_FN(eig_tridiag_team_scratch)(int n) { return 32 + 8 * n; }

/* Shared front end: n, NaN/Inf check, power-of-two scaling of the lower
 * triangle. Returns the status and the scale factor sigma in *sigma.
 * Team: entries dealt out, eig_team_reduce (red: 32 reals of its scratch). */
EIG_HD int EIG_FN(eig_dense_prepare_team)(eig_team t, int n, eig_real *a, eig_idx as, int zc, eig_real *sigma,
                                          eig_real *red)
{
    *sigma = EIG_ONE;
    if (n < 0 || !a) return EIG_STATUS_INVALID_INPUT;
    eig_real big = 0;
    int bad = 0;
    for (eig_idx i = t.rank; i < (eig_idx)n * n * zc; i += t.size) {
        eig_real x = a[i * as];
        if (!EIG_ISFINITE(x)) bad = 1;
        else if (EIG_FABS(x) > big) big = EIG_FABS(x);
    }
    /* Inf stands for "some entry is NaN/Inf": the finite ones are below it */
    big = EIG_FN(eig_team_reduce)(t, bad ? (eig_real)INFINITY : big, 1, red);
    if (!(big <= EIG_RMAX)) return EIG_STATUS_INVALID_INPUT;
    *sigma = EIG_FN(eig_safe_scale)(big);
    if (*sigma != EIG_ONE) {
        const int L = EIG_FN(eig_team_lanes)(t), lane = t.rank % L, G = t.size / L, grp = t.rank / L;
        for (int i = grp; i < n; i += G)
            for (int j = lane; j <= i; j += L)
                for (int c = 0; c < zc; c++) a[EIG_FN(eig_el)(n, zc, i, j, c) * as] *= *sigma;
        eig_team_sync(t);
    }
    return EIG_STATUS_OK;
}

EIG_HD int EIG_FN(eig_dense_prepare)(int n, eig_real *a, eig_idx as, int zc, eig_real *sigma)
{
    eig_team solo = EIG_TEAM_SOLO_INIT;
    return EIG_FN(eig_dense_prepare_team)(solo, n, a, as, zc, sigma, 0);
}

/* Z = the eigenvectors of the tridiagonal (d, e), element (i, j) at
 * zt[i + j*zld]: by divide and conquer when dc is given (its workspaces and
 * leaf size), else by the QL iteration from Z = I (rot: its rotations, scr:
 * its team scratch, rs their stride). The one choice the symmetric and
 * Hermitian team solvers and block-tridiag's profile make. */
EIG_HD int EIG_FN(eig_tridiag_z_team)(eig_team t, int n, eig_real *d, eig_idx ds, eig_real *e, eig_idx es,
                                      eig_real *zt, eig_idx zld, const eig_dc_cfg *dc, eig_real *rot, eig_real *scr,
                                      eig_idx rs, int max_iter_factor, int *iters)
{
    if (dc)
        return EIG_FN(eig_tridiag_dc_team)(t, n, d, ds, e, es, zt, 1, zld, (eig_real *)dc->work, (eig_real *)dc->swork,
                                           dc->swork ? EIG_FN(eig_tridiag_dc_small_work)(n) : 0, dc->leaf, 0,
                                           max_iter_factor, iters);
    EIG_FN(eig_set_identity_team)(t, n, zt, 1, zld);
    return EIG_FN(eig_tridiag_ql_team)(t, n, d, ds, e, es, zt, 1, zld, 0, 1, rot, scr, rs, max_iter_factor, iters);
}

/* Real symmetric: eigenvalues ascending in w, eigenvectors (v != NULL) as the
 * columns of v (n x n). work: eig_sym_tridiag_ql_work(n, v != NULL) reals.
 * Iteration cap as eig_tridiag_ql (max_iter_factor * n QL sweeps, 0: 30).
 * Team form (cooperative GPU kernels): scr NULL (solo) or
 * eig_tridiag_team_scratch(n) reals; zt NULL, or (needs scr) an n x n real
 * buffer, element (i, j) at zt[i + j*zld]: the QL rotations then go to
 * Z = I there (each member owning rows: consecutive addresses) and
 * V <- Q Z at the end, instead of rotating V in place; dc (needs zt):
 * NULL, or divide and conquer's workspaces and leaf size: Z from
 * eig_tridiag_dc_team instead of QL. eig_sym_tridiag_ql_team: dc NULL. */
EIG_HD int EIG_FN(eig_sym_tridiag_vectors_team)(eig_team t, int n, eig_real *a, eig_idx as, eig_real *w,
                                                eig_idx ws, eig_real *v, eig_idx vs, eig_real *work, eig_idx wks,
                                                eig_real *scr, eig_real *zt, eig_idx zld, const eig_dc_cfg *dc,
                                                int max_iter_factor, int *iters)
{
    eig_real sigma;
    if (iters) *iters = 0;
    int st = EIG_FN(eig_dense_prepare_team)(t, n, a, as, 1, &sigma, scr);
    if (st == EIG_STATUS_OK) {
        eig_real *e = work, *tau = v ? work + (eig_idx)n * wks : 0, *rot = v ? work + 2 * (eig_idx)n * wks : 0;
        EIG_FN(eig_sym_tridiag_reduce_team)(t, n, a, as, w, ws, e, wks, tau, wks, scr);
        if (v && zt && scr) { /* Z apart, then V = Q Z */
            st = EIG_FN(eig_tridiag_z_team)(t, n, w, ws, e, wks, zt, zld, dc, rot, scr + 32, wks, max_iter_factor,
                                            iters);
            if (st == EIG_STATUS_OK)
                EIG_FN(eig_back_transform_team)(t, n, 1, a, as, tau, wks, v, vs, zt, 1, zld, 0, 0, scr);
        } else {
            if (v) EIG_FN(eig_sym_form_q_team)(t, n, a, as, tau, wks, v, vs, scr, scr != 0, 0);
            st = EIG_FN(eig_tridiag_ql_team)(t, n, w, ws, e, wks, v, (eig_idx)n * vs, vs, vs, 1, rot, 0, wks,
                                             max_iter_factor, iters);
        }
    }
    eig_team_sync(t);
    if (st == EIG_STATUS_OK && EIG_FN(eig_unscale_overflows)(n, w, ws, sigma))
        st = EIG_STATUS_INVALID_INPUT; /* an eigenvalue beyond the largest float */
    eig_team_sync(t); /* every member has read w before any overwrites it (NaN or unscaled) */
    if (st != EIG_STATUS_OK) {
        EIG_FN(eig_fill_nan_team)(t, n, w, ws);
        EIG_FN(eig_fill_nan_team)(t, (eig_idx)n * n, v, vs);
        eig_team_sync(t);
        return st;
    }
    EIG_TEAM_FOR(t, k, 0, n - 1) w[k * ws] /= sigma;
    eig_team_sync(t);
    return EIG_STATUS_OK;
}

EIG_HD int EIG_FN(eig_sym_tridiag_ql_team)(eig_team t, int n, eig_real *a, eig_idx as, eig_real *w, eig_idx ws,
                                           eig_real *v, eig_idx vs, eig_real *work, eig_idx wks, eig_real *scr,
                                           eig_real *zt, eig_idx zld, int max_iter_factor, int *iters)
{
    return EIG_FN(eig_sym_tridiag_vectors_team)(t, n, a, as, w, ws, v, vs, work, wks, scr, zt, zld, 0,
                                                max_iter_factor, iters);
}

EIG_HD int EIG_FN(eig_sym_tridiag_ql)(int n, eig_real *a, eig_idx as, eig_real *w, eig_idx ws, eig_real *v,
                                      eig_idx vs, eig_real *work, eig_idx wks, int max_iter_factor, int *iters)
{
    eig_team solo = EIG_TEAM_SOLO_INIT;
    return EIG_FN(eig_sym_tridiag_ql_team)(solo, n, a, as, w, ws, v, vs, work, wks, 0, 0, 0, max_iter_factor, iters);
}

/* Complex Hermitian: reduce (complex Householder), realify with D, real QL.
 * With vectors the real rotations are applied straight to the complex columns
 * of V = Q D, which equals Q D Z without storing the real Z (or, team form
 * with zt, to a real Z = I and V <- Q D Z at the end). work:
 * eig_herm_tridiag_ql_work(n, v != NULL) reals; scr, zt, dc as
 * eig_sym_tridiag_vectors_team (eig_herm_tridiag_ql_team: dc NULL). */
EIG_HD int EIG_FN(eig_herm_tridiag_vectors_team)(eig_team t, int n, eig_real *a, eig_idx as, eig_real *w,
                                                 eig_idx ws, eig_real *v, eig_idx vs, eig_real *work, eig_idx wks,
                                                 eig_real *scr, eig_real *zt, eig_idx zld, const eig_dc_cfg *dc,
                                                 int max_iter_factor, int *iters)
{
    eig_real sigma;
    if (iters) *iters = 0;
    int st = EIG_FN(eig_dense_prepare_team)(t, n, a, as, 2, &sigma, scr);
    if (st == EIG_STATUS_OK) {
        eig_real *e = work, *tau = v ? work + 2 * (eig_idx)n * wks : 0;
        eig_real *rot = v ? work + 3 * (eig_idx)n * wks : 0;
        EIG_FN(eig_herm_tridiag_reduce_team)(t, n, a, as, w, ws, e, wks, tau, wks, scr);
        if (v && zt && scr) { /* Z apart, then V = Q D Z; D's phases kept in V meanwhile */
            EIG_FN(eig_herm_realify_team)(t, n, e, wks, 0, 1, v, vs);
            st = EIG_FN(eig_tridiag_z_team)(t, n, w, ws, e, 2 * wks, zt, zld, dc, rot, scr + 32, wks,
                                            max_iter_factor, iters);
            if (st == EIG_STATUS_OK)
                EIG_FN(eig_back_transform_team)(t, n, 2, a, as, tau, wks, v, vs, zt, 1, zld, v, vs, scr);
        } else {
            if (v) EIG_FN(eig_herm_form_q_team)(t, n, a, as, tau, wks, v, vs, scr, scr != 0, 0);
            EIG_FN(eig_herm_realify_team)(t, n, e, wks, v, vs, 0, 0);
            st = EIG_FN(eig_tridiag_ql_team)(t, n, w, ws, e, 2 * wks, v, 2 * (eig_idx)n * vs, 2 * vs, vs, 2, rot, 0,
                                             wks, max_iter_factor, iters);
        }
    }
    eig_team_sync(t);
    if (st == EIG_STATUS_OK && EIG_FN(eig_unscale_overflows)(n, w, ws, sigma))
        st = EIG_STATUS_INVALID_INPUT; /* an eigenvalue beyond the largest float */
    eig_team_sync(t); /* every member has read w before any overwrites it (NaN or unscaled) */
    if (st != EIG_STATUS_OK) {
        EIG_FN(eig_fill_nan_team)(t, n, w, ws);
        EIG_FN(eig_fill_nan_team)(t, 2 * (eig_idx)n * n, v, vs);
        eig_team_sync(t);
        return st;
    }
    EIG_TEAM_FOR(t, k, 0, n - 1) w[k * ws] /= sigma;
    eig_team_sync(t);
    return EIG_STATUS_OK;
}

EIG_HD int EIG_FN(eig_herm_tridiag_ql_team)(eig_team t, int n, eig_real *a, eig_idx as, eig_real *w, eig_idx ws,
                                            eig_real *v, eig_idx vs, eig_real *work, eig_idx wks, eig_real *scr,
                                            eig_real *zt, eig_idx zld, int max_iter_factor, int *iters)
{
    return EIG_FN(eig_herm_tridiag_vectors_team)(t, n, a, as, w, ws, v, vs, work, wks, scr, zt, zld, 0,
                                                 max_iter_factor, iters);
}

EIG_HD int EIG_FN(eig_herm_tridiag_ql)(int n, eig_real *a, eig_idx as, eig_real *w, eig_idx ws, eig_real *v,
                                       eig_idx vs, eig_real *work, eig_idx wks, int max_iter_factor, int *iters)
{
    eig_team solo = EIG_TEAM_SOLO_INIT;
    return EIG_FN(eig_herm_tridiag_ql_team)(solo, n, a, as, w, ws, v, vs, work, wks, 0, 0, 0, max_iter_factor,
                                            iters);
}

/* tridiag-ql in parts that may run on different teams (the GPU's
 * warp-tridiag: a warp's teams reduce the matrices of its group, then each
 * lane runs the QL iteration of one). Together they compute what
 * eig_sym_tridiag_ql_team / eig_herm_tridiag_ql_team compute.
 * Values only, two halves: eig_tridiag_ql_values_reduce_team by the team,
 * eig_tridiag_ql_values_finish by one thread.
 * With vectors (many matrices' QL iterations side by side, their rotations
 * applied later): (1) eig_tridiag_ql_vectors_reduce_team by a team, keeping
 * tau and, Hermitian, the complex off-diagonal; (2)
 * eig_tridiag_ql_vectors_form_team by a team, now or later: V = Q
 * (Hermitian: Q D) from the reflectors (1) left in a; (3)
 * eig_tridiag_ql_logged_finish by one thread: the QL iteration with its
 * rotations written to a log (eig_ql_log) instead of applied, the values
 * scaled back and left unsorted; (4) by the team: eig_ql_log_apply_team on
 * V and eig_sort_ascending_team of the values with V's columns. A log that
 * overflows (len > cap) leaves d, e spent: the caller solves that matrix
 * again the one-piece way. */

/* First half, by the team: NaN/Inf check and scaling (sigma), the
 * Householder reduction and, Hermitian (zc = 2), the unitary scaling that
 * makes the off-diagonal real; leaves the diagonal in d and the
 * off-diagonal at e[k * zc * es]. work e: n * zc reals at stride es. When
 * not NULL, tau (n reals at stride ts) and ec (Hermitian: the complex
 * off-diagonal before it is made real, 2n reals at stride ecs) keep what
 * forming Q needs. Returns a status. */
EIG_HD int EIG_FN(eig_tridiag_ql_vectors_reduce_team)(eig_team t, int n, int zc, eig_real *a, eig_idx as,
                                                      eig_real *d, eig_idx ds, eig_real *e, eig_idx es,
                                                      eig_real *tau, eig_idx ts, eig_real *ec, eig_idx ecs,
                                                      eig_real *scr, eig_real *sigma)
{
    int st = EIG_FN(eig_dense_prepare_team)(t, n, a, as, zc, sigma, scr);
    if (st != EIG_STATUS_OK) return st;
    if (zc == 2) {
        EIG_FN(eig_herm_tridiag_reduce_team)(t, n, a, as, d, ds, e, es, tau, ts, scr);
        if (ec) {
            EIG_TEAM_FOR(t, k, 0, 2 * n - 1) ec[k * ecs] = e[k * es];
            eig_team_sync(t);
        }
        EIG_FN(eig_herm_realify_team)(t, n, e, es, 0, 1, 0, 0);
    } else {
        EIG_FN(eig_sym_tridiag_reduce_team)(t, n, a, as, d, ds, e, es, tau, ts, scr);
    }
    eig_team_sync(t);
    return EIG_STATUS_OK;
}

EIG_HD int EIG_FN(eig_tridiag_ql_values_reduce_team)(eig_team t, int n, int zc, eig_real *a, eig_idx as, eig_real *d,
                                                     eig_idx ds, eig_real *e, eig_idx es, eig_real *scr,
                                                     eig_real *sigma)
{
    return EIG_FN(eig_tridiag_ql_vectors_reduce_team)(t, n, zc, a, as, d, ds, e, es, 0, 1, 0, 1, scr, sigma);
}

EIG_HD void EIG_FN(eig_tridiag_ql_vectors_form_team)(eig_team t, int n, int zc, const eig_real *a, eig_idx as,
                                                     const eig_real *tau, eig_idx ts, eig_real *ec, eig_idx ecs,
                                                     eig_real *v, eig_idx vs, eig_real *scr)
{
    if (zc == 2) {
        EIG_FN(eig_herm_form_q_team)(t, n, a, as, tau, ts, v, vs, scr, 0, 0);
        eig_team_sync(t);
        EIG_FN(eig_herm_realify_team)(t, n, ec, ecs, v, vs, 0, 0); /* the same D as (1)'s: ec is spent */
    } else {
        EIG_FN(eig_sym_form_q_team)(t, n, a, as, tau, ts, v, vs, scr, 0, 0);
    }
    eig_team_sync(t);
}

/* Second half, by one thread: QL on (d, e) when the first half's status st
 * is ok, the values scaled back. log NULL: the values sorted ascending;
 * else the rotations logged and the values left unsorted. Returns the
 * status (d as the QL left it on failure; invalid input when a value
 * would be beyond the largest float). */
EIG_HD int EIG_FN(eig_tridiag_ql_logged_finish)(int n, int st, eig_real sigma, eig_real *d, eig_idx ds, eig_real *e,
                                               eig_idx es, int zc, int max_iter_factor, int *iters, eig_ql_log *log)
{
    eig_team solo = EIG_TEAM_SOLO_INIT;
    if (iters) *iters = 0;
    if (st == EIG_STATUS_OK)
        st = EIG_FN(eig_tridiag_ql_run)(solo, n, d, ds, e, zc * es, 0, 0, 0, 0, 1, 0, 0, 0, log, 0, max_iter_factor,
                                        iters);
    if (st != EIG_STATUS_OK) return st;
    if (EIG_FN(eig_unscale_overflows)(n, d, ds, sigma)) return EIG_STATUS_INVALID_INPUT;
    for (int k = 0; k < n; k++) d[k * ds] /= sigma;
    return EIG_STATUS_OK;
}

/* Values only: on failure every value NaN. */
EIG_HD int EIG_FN(eig_tridiag_ql_values_finish)(int n, int st, eig_real sigma, eig_real *d, eig_idx ds, eig_real *e,
                                                eig_idx es, int zc, int max_iter_factor, int *iters)
{
    st = EIG_FN(eig_tridiag_ql_logged_finish)(n, st, sigma, d, ds, e, es, zc, max_iter_factor, iters, 0);
    if (st != EIG_STATUS_OK) EIG_FN(eig_fill_nan)(n, d, ds);
    return st;
}

/* Bisection on the reduced tridiagonal (values only). The interval is scaled
 * with the matrix, the values scaled back. */
EIG_HD int EIG_FN(eig_tridiag_bisect_scaled)(int n, const eig_real *d, const eig_real *e,
                                             eig_idx es, eig_idx wks, int sel, int il, int iu,
                                             eig_real vl, eig_real vu, eig_real sigma, eig_real *w,
                                             eig_idx ws, int *nfound, eig_real *bwork, int *iters)
{
    int nf = 0, it = 0; /* callers may pass NULL counters */
    int st = EIG_FN(eig_tridiag_bisect)(n, d, wks, e, es, sel, il, iu, vl * sigma, vu * sigma, w, ws,
                                        &nf, bwork, wks, &it);
    if (nfound) *nfound = nf;
    if (iters) *iters = it;
    if (st == EIG_STATUS_OK && EIG_FN(eig_unscale_overflows)(nf, w, ws, sigma))
        return EIG_STATUS_INVALID_INPUT; /* the callers fill NaN */
    if (st == EIG_STATUS_OK)
        for (int k = 0; k < n; k++) w[k * ws] /= sigma;
    return st;
}

/* Real symmetric, values only: sel 0 all, 1 indices il..iu (0-based,
 * inclusive), 2 interval (vl, vu]; found values ascending in w[0..*nfound-1],
 * the other slots NaN (the bisection routine's contract).
 * work: eig_sym_tridiag_bisect_work(n) reals. */
EIG_HD int EIG_FN(eig_sym_tridiag_bisect)(int n, eig_real *a, eig_idx as, int sel, int il, int iu,
                                          eig_real vl, eig_real vu, eig_real *w, eig_idx ws,
                                          int *nfound, eig_real *work, eig_idx wks, int *iters)
{
    eig_real sigma;
    if (nfound) *nfound = 0;
    if (iters) *iters = 0;
    int st = EIG_FN(eig_dense_prepare)(n, a, as, 1, &sigma);
    if (st == EIG_STATUS_OK && n > 0) { /* n = 0: nothing to reduce, and d, e are empty */
        eig_real *d = work, *e = work + (eig_idx)n * wks, *bwork = work + 2 * (eig_idx)n * wks;
        EIG_FN(eig_sym_tridiag_reduce)(n, a, as, d, wks, e, wks, 0, 0);
        st = EIG_FN(eig_tridiag_bisect_scaled)(n, d, e, wks, wks, sel, il, iu, vl, vu, sigma, w, ws,
                                               nfound, bwork, iters);
    }
    if (st != EIG_STATUS_OK) {
        EIG_FN(eig_fill_nan)(n, w, ws);
        if (nfound) *nfound = 0;
    }
    return st;
}

/* Complex Hermitian, values only; as eig_sym_tridiag_bisect.
 * work: eig_herm_tridiag_bisect_work(n) reals. */
EIG_HD int EIG_FN(eig_herm_tridiag_bisect)(int n, eig_real *a, eig_idx as, int sel, int il, int iu,
                                           eig_real vl, eig_real vu, eig_real *w, eig_idx ws,
                                           int *nfound, eig_real *work, eig_idx wks, int *iters)
{
    eig_real sigma;
    if (nfound) *nfound = 0;
    if (iters) *iters = 0;
    int st = EIG_FN(eig_dense_prepare)(n, a, as, 2, &sigma);
    if (st == EIG_STATUS_OK) {
        eig_real *d = work, *e = work + (eig_idx)n * wks, *bwork = work + 3 * (eig_idx)n * wks;
        EIG_FN(eig_herm_tridiag_reduce)(n, a, as, d, wks, e, wks, 0, 0);
        EIG_FN(eig_herm_realify)(n, e, wks, 0, 0);
        st = EIG_FN(eig_tridiag_bisect_scaled)(n, d, e, 2 * wks, wks, sel, il, iu, vl, vu, sigma, w,
                                               ws, nfound, bwork, iters);
    }
    if (st != EIG_STATUS_OK) {
        EIG_FN(eig_fill_nan)(n, w, ws);
        if (nfound) *nfound = 0;
    }
    return st;
}

/* Cyclic Jacobi for real symmetric matrices, round-robin ("chess tournament")
 * ordering (complex Hermitian matrices, and the GPU's block per matrix:
 * jacobi_team_impl.h). Precision-generic body: no include guard.
 *
 * A sweep is n'-1 rounds (n' = n rounded up to even); each round pairs every
 * index with another exactly once (circle method, odd n gives one index a
 * bye), so the n'/2 rotations of a round touch disjoint row/column pairs and
 * are independent: applying them one after the other equals applying them at
 * once (the parallel Jacobi order), and after a sweep every pair has been
 * visited. Rotations use Rutishauser's formulas (small angle, updates of the
 * form x - s (y + tau x)). */

/* Pair k (0 <= k < n'/2) of round r (0 <= r < n'-1): index n'-1 stays put and
 * the others rotate around it. */
EIG_HD void EIG_FN(eig_round_robin_pair)(int np, int r, int k, int *p, int *q)
{
    int m = np - 1;
    if (k == 0) {
        *p = m;
        *q = r;
    } else { /* (r + k) mod m and (r - k) mod m without a division: 0 <= r, k < m */
        *p = r + k >= m ? r + k - m : r + k;
        *q = r - k < 0 ? r - k + m : r - k;
    }
}

/* Columns p, q of V rotated in Rutishauser's form, v - s (w + tau v) with
 * tau = s / (1 + c): late sweeps rotate by tiny angles, and this form then
 * changes V by a rounding error of the (tiny) correction instead of one of
 * c v_p, which keeps V orthogonal to a few ulps over many sweeps. */
EIG_HD void EIG_FN(eig_jacobi_rotate_columns)(int n, eig_real *v, eig_idx vs, int p, int q,
                                              eig_real s, eig_real tau)
{
    for (int i = 0; i < n; i++) {
        eig_idx ip = ((eig_idx)i * n + p) * vs, iq = ((eig_idx)i * n + q) * vs;
        eig_real g = v[ip], h = v[iq];
        v[ip] = g - s * (h + g * tau);
        v[iq] = h + s * (g - h * tau);
    }
}

/* Applies the rotation in plane (p, q) that zeroes a_pq (both triangles kept). */
EIG_HD void EIG_FN(eig_jacobi_rotate)(int n, eig_real *a, eig_idx as, eig_real *v, eig_idx vs,
                                      int p, int q)
{
#define EIG_A(i, j) a[((eig_idx)(i) * n + (j)) * as]
    eig_real apq = EIG_A(p, q), c, s, t;
    EIG_FN(eig_sym2x2_rotation)(EIG_A(p, p), apq, EIG_A(q, q), &c, &s, &t);
    eig_real tau = s / (1 + c);
    EIG_A(p, p) -= t * apq;
    EIG_A(q, q) += t * apq;
    EIG_A(p, q) = 0;
    EIG_A(q, p) = 0;
    for (int k = 0; k < n; k++) {
        if (k == p || k == q) continue;
        eig_real g = EIG_A(k, p), h = EIG_A(k, q);
        eig_real np_ = g - s * (h + g * tau), nq = h + s * (g - h * tau);
        EIG_A(k, p) = np_;
        EIG_A(p, k) = np_;
        EIG_A(k, q) = nq;
        EIG_A(q, k) = nq;
    }
    if (v) EIG_FN(eig_jacobi_rotate_columns)(n, v, vs, p, q, s, tau);
#undef EIG_A
}

/* Off-diagonal sum of squares, the total sum of squares and the off-diagonal
 * sum of |a_ij| (for the threshold of the first sweeps), upper triangle
 * doubled. */
EIG_HD void EIG_FN(eig_jacobi_norms)(int n, const eig_real *a, eig_idx as, eig_real *off2,
                                     eig_real *fro2, eig_real *offsum)
{
    eig_real o = 0, f = 0, sa = 0;
    for (int i = 0; i < n; i++) {
        eig_real aii = a[((eig_idx)i * n + i) * as];
        f += aii * aii;
        for (int j = i + 1; j < n; j++) {
            eig_real x = a[((eig_idx)i * n + j) * as];
            o += 2 * x * x;
            sa += EIG_FABS(x);
        }
    }
    *off2 = o;
    *fro2 = f + o;
    *offsum = sa;
}

/* One sweep; returns the number of rotations applied. In the first three
 * sweeps entries below `thresh` are passed over (the threshold strategy:
 * don't spend rotations on small entries while large ones remain). An entry
 * tiny relative to its diagonal, |a_pq| <= eps sqrt(|a_pp a_qq|), is set to
 * zero: it cannot move an eigenvalue by more than a rounding error of a_pp,
 * a_qq, and this is what keeps graded matrices' small eigenvalues accurate. */
EIG_HD int EIG_FN(eig_jacobi_sweep)(int n, eig_real *a, eig_idx as, eig_real *v, eig_idx vs,
                                    eig_real thresh)
{
#define EIG_A(i, j) a[((eig_idx)(i) * n + (j)) * as]
    int np = n + (n & 1), rotations = 0;
    for (int r = 0; r < np - 1; r++)
        for (int k = 0; k < np / 2; k++) {
            int p, q;
            EIG_FN(eig_round_robin_pair)(np, r, k, &p, &q);
            if (p >= n || q >= n) continue; /* the bye of odd n */
            eig_real apq = EIG_FABS(EIG_A(p, q));
            if (apq == 0) continue;
            if (apq <= EIG_EPS * EIG_SQRT(EIG_FABS(EIG_A(p, p))) * EIG_SQRT(EIG_FABS(EIG_A(q, q))) ||
                apq < EIG_SAFMIN) {
                EIG_A(p, q) = 0;
                EIG_A(q, p) = 0;
                continue;
            }
            if (apq < thresh) continue;
            EIG_FN(eig_jacobi_rotate)(n, a, as, v, vs, p, q);
            rotations++;
        }
    return rotations;
#undef EIG_A
}

/* Real symmetric eigenvalues (ascending in w) and, when v != NULL,
 * orthonormal eigenvectors (columns of v), by cyclic Jacobi.
 * Checks every entry of a (NaN/Inf anywhere: invalid input), solves its
 * lower triangle and overwrites all of a. max_sweeps <= 0: 30
 * (quadratic convergence: random matrices need ~6-10 sweeps up to n = 256 in
 * double, fewer in single). Converged when the off-diagonal Frobenius norm is
 * <= eps ||A||_F (each eigenvalue then within eps ||A||_F, Weyl), or when a
 * sweep finds nothing left to rotate. *sweeps = sweeps performed.
 * No workspace. */
EIG_HD int EIG_FN(eig_sym_jacobi)(int n, eig_real *a, eig_idx as, eig_real *w, eig_idx ws,
                                  eig_real *v, eig_idx vs, int max_sweeps, int *sweeps)
{
#define EIG_A(i, j) a[((eig_idx)(i) * n + (j)) * as]
    int cap = max_sweeps > 0 ? max_sweeps : 30, done = 0, st = EIG_STATUS_NOT_CONVERGED;
    eig_real sigma;
    if (sweeps) *sweeps = 0;
    if (n < 0 || !a) {
        st = EIG_STATUS_INVALID_INPUT;
        goto fail;
    }
    /* the same check of every entry (NaN/Inf in either triangle: invalid
     * input) and scaling of the lower triangle as the tridiagonal route,
     * then the lower triangle mirrored: the solver uses that one */
    if (EIG_FN(eig_dense_prepare)(n, a, as, 1, &sigma) != EIG_STATUS_OK) {
        st = EIG_STATUS_INVALID_INPUT;
        goto fail;
    }
    for (int i = 0; i < n; i++)
        for (int j = 0; j < i; j++) EIG_A(j, i) = EIG_A(i, j);
    if (v) EIG_FN(eig_set_identity)(n, v, vs, 1);
    for (;;) {
        eig_real off2, fro2, offsum;
        EIG_FN(eig_jacobi_norms)(n, a, as, &off2, &fro2, &offsum);
        if (off2 <= EIG_EPS * EIG_EPS * fro2) { st = EIG_STATUS_OK; break; }
        if (done >= cap) break;
        eig_real thresh = done < 3 ? (eig_real)0.2 * offsum / ((eig_real)n * n) : EIG_ZERO;
        int rot = EIG_FN(eig_jacobi_sweep)(n, a, as, v, vs, thresh);
        done++;
        if (rot == 0 && thresh == 0) { st = EIG_STATUS_OK; break; }
    }
    if (sweeps) *sweeps = done;
    if (st == EIG_STATUS_OK && EIG_FN(eig_unscale_overflows)(n, a, (eig_idx)(n + 1) * as, sigma))
        st = EIG_STATUS_INVALID_INPUT; /* an eigenvalue beyond the largest float */
    if (st != EIG_STATUS_OK) goto fail;
    for (int k = 0; k < n; k++) w[k * ws] = EIG_A(k, k) / sigma;
    EIG_FN(eig_sort_ascending)(n, w, ws, v, vs, 1);
    return EIG_STATUS_OK;
fail:
    EIG_FN(eig_fill_nan)(n, w, ws);
    EIG_FN(eig_fill_nan)((eig_idx)n * n, v, vs);
    return st;
#undef EIG_A
}

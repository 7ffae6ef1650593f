/* Householder tridiagonalisation of real symmetric and complex Hermitian
 * matrices, and the entry points of the tridiagonal route of the `symmetric`
 * and `hermitian` families (reduce, then implicit QL or bisection).
 * Precision-generic body: no include guard.
 *
 * All routines read the LOWER triangle of a (row-major, element (i,j) at
 * a[(i*n+j)*as]; complex: re at a[2*(i*n+j)*as], im at a[(2*(i*n+j)+1)*as];
 * the imaginary part of a Hermitian diagonal is ignored, as in LAPACK) and
 * destroy it (the reflectors are stored below the subdiagonal).
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

/* 2-norm of rows r0..n-1 of column k, scaled by the largest component so the
 * squares neither overflow nor vanish in the underflow range. */
EIG_HD eig_real EIG_FN(eig_col_norm)(int n, const eig_real *a, eig_idx as, int zc, int k, int r0)
{
    eig_real big = 0, sum = 0;
    for (int i = r0; i < n; i++)
        for (int c = 0; c < zc; c++) {
            eig_real x = EIG_FABS(a[EIG_FN(eig_el)(n, zc, i, k, c) * as]);
            if (x > big) big = x;
        }
    if (big == 0) return 0;
    for (int i = r0; i < n; i++)
        for (int c = 0; c < zc; c++) {
            eig_real x = a[EIG_FN(eig_el)(n, zc, i, k, c) * as] / big;
            sum += x * x;
        }
    return big * EIG_SQRT(sum);
}

/* Largest |entry| over all n*n*zc reals, or -1 when any is NaN/Inf. */
EIG_HD eig_real EIG_FN(eig_max_abs_or_invalid)(int n, const eig_real *a, eig_idx as, int zc)
{
    eig_real big = 0;
    eig_idx total = (eig_idx)n * n * zc;
    for (eig_idx i = 0; i < total; i++) {
        eig_real x = a[i * as];
        if (!EIG_ISFINITE(x)) return -1;
        if (EIG_FABS(x) > big) big = EIG_FABS(x);
    }
    return big;
}

/* Multiplies the lower triangle (all zc components) by sigma. */
EIG_HD void EIG_FN(eig_scale_lower)(int n, eig_real *a, eig_idx as, int zc, eig_real sigma)
{
    for (int i = 0; i < n; i++)
        for (int j = 0; j <= i; j++)
            for (int c = 0; c < zc; c++) a[EIG_FN(eig_el)(n, zc, i, j, c) * as] *= sigma;
}

/* Z <- identity (zc reals per element). */
EIG_HD void EIG_FN(eig_set_identity)(int n, eig_real *z, eig_idx zs, int zc)
{
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            for (int c = 0; c < zc; c++)
                z[EIG_FN(eig_el)(n, zc, i, j, c) * zs] = (i == j && c == 0) ? EIG_ONE : EIG_ZERO;
}

/* ---- real symmetric: Householder reduction (unblocked dsytd2, lower) ---- */

/* Q^T A Q = T with Q = H_0 H_1 ... H_{n-3}, H_k = I - tau_k u u^T,
 * u = (0..0, 1, a[k+2..n-1][k]). d[n] <- diag(T), e[0..n-2] <- subdiag(T);
 * e needs n slots (e[k+1..] holds the product A u during step k). tau may be
 * NULL when Q isn't wanted. */
EIG_HD void EIG_FN(eig_sym_tridiag_reduce)(int n, eig_real *a, eig_idx as, eig_real *d, eig_idx ds,
                                           eig_real *e, eig_idx es, eig_real *tau, eig_idx ts)
{
#define EIG_A(i, j) a[((eig_idx)(i) * n + (j)) * as]
    for (int k = 0; k + 2 < n; k++) {
        int r0 = k + 1; /* the reflector acts on rows/columns r0..n-1 */
        eig_real alpha = EIG_A(r0, k);
        eig_real xnorm = EIG_FN(eig_col_norm)(n, a, as, 1, k, r0 + 1);
        eig_real beta = alpha, tk = 0;
        if (xnorm != 0) {
            /* beta gets the sign opposite to alpha: no cancellation in alpha - beta */
            beta = -EIG_COPYSIGN(EIG_HYPOT(alpha, xnorm), alpha);
            tk = (beta - alpha) / beta;
            eig_real scale = 1 / (alpha - beta);
            for (int i = r0 + 1; i < n; i++) EIG_A(i, k) *= scale;
            /* p = tau * A22 u, kept in e[r0..n-1] */
            eig_real pu = 0;
            for (int i = r0; i < n; i++) {
                eig_real sum = 0;
                for (int j = r0; j < n; j++) {
                    eig_real uj = j == r0 ? EIG_ONE : EIG_A(j, k);
                    eig_real aij = i >= j ? EIG_A(i, j) : EIG_A(j, i);
                    sum += aij * uj;
                }
                sum *= tk;
                e[i * es] = sum;
                pu += sum * (i == r0 ? EIG_ONE : EIG_A(i, k));
            }
            /* w = p - (tau/2)(p.u) u makes A - u w^T - w u^T = H A H */
            eig_real gamma = tk * pu / 2;
            for (int i = r0; i < n; i++) e[i * es] -= gamma * (i == r0 ? EIG_ONE : EIG_A(i, k));
            for (int i = r0; i < n; i++) {
                eig_real ui = i == r0 ? EIG_ONE : EIG_A(i, k), wi = e[i * es];
                for (int j = r0; j <= i; j++) {
                    eig_real uj = j == r0 ? EIG_ONE : EIG_A(j, k), wj = e[j * es];
                    EIG_A(i, j) -= ui * wj + wi * uj;
                }
            }
        }
        if (tau) tau[k * ts] = tk;
        d[k * ds] = EIG_A(k, k);
        e[k * es] = beta;
    }
    if (n >= 2) {
        d[(n - 2) * ds] = EIG_A(n - 2, n - 2);
        e[(n - 2) * es] = EIG_A(n - 1, n - 2);
    }
    if (n >= 1) d[(n - 1) * ds] = EIG_A(n - 1, n - 1);
#undef EIG_A
}

/* V <- Q = H_0 ... H_{n-3} from the reflectors left in a by the reduction,
 * accumulated backwards so each H_k touches only the trailing block. */
EIG_HD void EIG_FN(eig_sym_form_q)(int n, const eig_real *a, eig_idx as, const eig_real *tau,
                                   eig_idx ts, eig_real *v, eig_idx vs)
{
#define EIG_A(i, j) a[((eig_idx)(i) * n + (j)) * as]
#define EIG_V(i, j) v[((eig_idx)(i) * n + (j)) * vs]
    EIG_FN(eig_set_identity)(n, v, vs, 1);
    for (int k = n - 3; k >= 0; k--) {
        eig_real tk = tau[k * ts];
        int r0 = k + 1;
        if (tk == 0) continue;
        for (int j = r0; j < n; j++) {
            eig_real s = EIG_V(r0, j);
            for (int i = r0 + 1; i < n; i++) s += EIG_A(i, k) * EIG_V(i, j);
            s *= tk;
            EIG_V(r0, j) -= s;
            for (int i = r0 + 1; i < n; i++) EIG_V(i, j) -= s * EIG_A(i, k);
        }
    }
#undef EIG_A
#undef EIG_V
}

/* ---- complex Hermitian: Householder reduction in complex arithmetic ---- */

/* Q^H A Q = T, Hermitian tridiagonal with real diagonal d and complex
 * subdiagonal e_k = T[k+1][k] (re, im at e[2k*es], e[(2k+1)*es]; e needs 2n
 * reals: slots k+1.. hold A u during step k). H_k = I - tau_k u u^H with real
 * tau_k (so H_k is Hermitian and unitary) maps column k onto
 * beta_k = -phase(alpha) * norm: the phases stay in e and are removed
 * afterwards by the diagonal scaling D (eig_herm_realify). */
EIG_HD void EIG_FN(eig_herm_tridiag_reduce)(int n, eig_real *a, eig_idx as, eig_real *d,
                                            eig_idx ds, eig_real *e, eig_idx es, eig_real *tau,
                                            eig_idx ts)
{
#define EIG_RE(i, j) a[(2 * ((eig_idx)(i) * n + (j))) * as]
#define EIG_IM(i, j) a[(2 * ((eig_idx)(i) * n + (j)) + 1) * as]
#define EIG_ER(i) e[(2 * (eig_idx)(i)) * es]
#define EIG_EI(i) e[(2 * (eig_idx)(i) + 1) * es]
    for (int k = 0; k + 2 < n; k++) {
        int r0 = k + 1;
        eig_real ar = EIG_RE(r0, k), ai = EIG_IM(r0, k);
        eig_real xnorm = EIG_FN(eig_col_norm)(n, a, as, 2, k, r0 + 1);
        eig_real br = ar, bi = ai, tk = 0;
        if (xnorm != 0) {
            eig_real aabs = EIG_HYPOT(ar, ai);
            eig_real nu = EIG_HYPOT(aabs, xnorm);
            eig_real phr = EIG_ONE, phi = EIG_ZERO; /* phase of alpha (1 when alpha = 0) */
            if (aabs != 0) { phr = ar / aabs; phi = ai / aabs; }
            br = -phr * nu;
            bi = -phi * nu;
            tk = (aabs + nu) / nu;
            /* u_i = x_i / (alpha - beta) = x_i conj(phase) / (|alpha| + nu) */
            eig_real inv = 1 / (aabs + nu);
            for (int i = r0 + 1; i < n; i++) {
                eig_real xr = EIG_RE(i, k), xi = EIG_IM(i, k);
                EIG_RE(i, k) = (xr * phr + xi * phi) * inv;
                EIG_IM(i, k) = (xi * phr - xr * phi) * inv;
            }
            /* p = tau * A22 u in e slots r0..n-1; pu = p^H u (real in exact
             * arithmetic: tau u^H A u) */
            eig_real pu = 0;
            for (int i = r0; i < n; i++) {
                eig_real sr = 0, si = 0;
                for (int j = r0; j < n; j++) {
                    eig_real ur = j == r0 ? EIG_ONE : EIG_RE(j, k);
                    eig_real ui = j == r0 ? EIG_ZERO : EIG_IM(j, k);
                    eig_real hr, hi;
                    if (i > j) { hr = EIG_RE(i, j); hi = EIG_IM(i, j); }
                    else if (i < j) { hr = EIG_RE(j, i); hi = -EIG_IM(j, i); }
                    else { hr = EIG_RE(i, i); hi = 0; }
                    sr += hr * ur - hi * ui;
                    si += hr * ui + hi * ur;
                }
                sr *= tk;
                si *= tk;
                EIG_ER(i) = sr;
                EIG_EI(i) = si;
                eig_real ur = i == r0 ? EIG_ONE : EIG_RE(i, k);
                eig_real ui = i == r0 ? EIG_ZERO : EIG_IM(i, k);
                pu += sr * ur + si * ui; /* Re(conj(p_i) u_i) */
            }
            /* w = p - (tau/2)(p^H u) u; then A - u w^H - w u^H = H A H */
            eig_real gamma = tk * pu / 2;
            for (int i = r0; i < n; i++) {
                EIG_ER(i) -= gamma * (i == r0 ? EIG_ONE : EIG_RE(i, k));
                EIG_EI(i) -= gamma * (i == r0 ? EIG_ZERO : EIG_IM(i, k));
            }
            for (int i = r0; i < n; i++) {
                eig_real uir = i == r0 ? EIG_ONE : EIG_RE(i, k);
                eig_real uii = i == r0 ? EIG_ZERO : EIG_IM(i, k);
                eig_real wir = EIG_ER(i), wii = EIG_EI(i);
                for (int j = r0; j <= i; j++) {
                    eig_real ujr = j == r0 ? EIG_ONE : EIG_RE(j, k);
                    eig_real uji = j == r0 ? EIG_ZERO : EIG_IM(j, k);
                    eig_real wjr = EIG_ER(j), wji = EIG_EI(j);
                    /* u_i conj(w_j) + w_i conj(u_j) */
                    EIG_RE(i, j) -= uir * wjr + uii * wji + wir * ujr + wii * uji;
                    if (i != j) EIG_IM(i, j) -= uii * wjr - uir * wji + wii * ujr - wir * uji;
                }
            }
        }
        if (tau) tau[k * ts] = tk;
        d[k * ds] = EIG_RE(k, k);
        EIG_ER(k) = br;
        EIG_EI(k) = bi;
    }
    if (n >= 2) {
        d[(n - 2) * ds] = EIG_RE(n - 2, n - 2);
        EIG_ER(n - 2) = EIG_RE(n - 1, n - 2);
        EIG_EI(n - 2) = EIG_IM(n - 1, n - 2);
    }
    if (n >= 1) d[(n - 1) * ds] = EIG_RE(n - 1, n - 1);
#undef EIG_RE
#undef EIG_IM
#undef EIG_ER
#undef EIG_EI
}

/* V <- Q = H_0 ... H_{n-3} (complex), accumulated backwards. */
EIG_HD void EIG_FN(eig_herm_form_q)(int n, const eig_real *a, eig_idx as, const eig_real *tau,
                                    eig_idx ts, eig_real *v, eig_idx vs)
{
#define EIG_RE(i, j) a[(2 * ((eig_idx)(i) * n + (j))) * as]
#define EIG_IM(i, j) a[(2 * ((eig_idx)(i) * n + (j)) + 1) * as]
#define EIG_VR(i, j) v[(2 * ((eig_idx)(i) * n + (j))) * vs]
#define EIG_VI(i, j) v[(2 * ((eig_idx)(i) * n + (j)) + 1) * vs]
    EIG_FN(eig_set_identity)(n, v, vs, 2);
    for (int k = n - 3; k >= 0; k--) {
        eig_real tk = tau[k * ts];
        int r0 = k + 1;
        if (tk == 0) continue;
        for (int j = r0; j < n; j++) {
            /* s = tau * u^H V[:, j] */
            eig_real sr = EIG_VR(r0, j), si = EIG_VI(r0, j);
            for (int i = r0 + 1; i < n; i++) {
                eig_real ur = EIG_RE(i, k), ui = EIG_IM(i, k);
                eig_real vr = EIG_VR(i, j), vi = EIG_VI(i, j);
                sr += ur * vr + ui * vi;
                si += ur * vi - ui * vr;
            }
            sr *= tk;
            si *= tk;
            EIG_VR(r0, j) -= sr;
            EIG_VI(r0, j) -= si;
            for (int i = r0 + 1; i < n; i++) {
                eig_real ur = EIG_RE(i, k), ui = EIG_IM(i, k);
                EIG_VR(i, j) -= sr * ur - si * ui;
                EIG_VI(i, j) -= sr * ui + si * ur;
            }
        }
    }
#undef EIG_RE
#undef EIG_IM
#undef EIG_VR
#undef EIG_VI
}

/* The unitary diagonal D = diag(delta_k), delta_0 = 1,
 * delta_{k+1} = delta_k e_k / |e_k|, makes D^H T D real symmetric with
 * off-diagonal |e_k|. Writes |e_k| over the real slot of e (read it with stride
 * 2*es) and, when v != NULL, V <- V D (column j times delta_j). */
EIG_HD void EIG_FN(eig_herm_realify)(int n, eig_real *e, eig_idx es, eig_real *v, eig_idx vs)
{
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
        e[(2 * (eig_idx)k) * es] = mag;
        if (v) {
            int j = k + 1;
            for (int i = 0; i < n; i++) {
                eig_idx ir = (2 * ((eig_idx)i * n + j)) * vs, ii = ir + vs;
                eig_real xr = v[ir], xi = v[ii];
                v[ir] = xr * dr - xi * di;
                v[ii] = xr * di + xi * dr;
            }
        }
    }
}

/* ---- entry points ---- */

/* Workspace (reals, strided by wks). d lives in w, so only e (+ tau). */
EIG_HD int EIG_FN(eig_sym_tridiag_ql_work)(int n, int vectors) { return vectors ? 2 * n : n; }
EIG_HD int EIG_FN(eig_herm_tridiag_ql_work)(int n, int vectors) { return vectors ? 3 * n : 2 * n; }
EIG_HD int EIG_FN(eig_sym_tridiag_bisect_work)(int n)
{
    return 2 * n + EIG_FN(eig_tridiag_bisect_work)(n);
}
EIG_HD int EIG_FN(eig_herm_tridiag_bisect_work)(int n)
{
    return 3 * n + EIG_FN(eig_tridiag_bisect_work)(n);
}

/* Shared front end: n, NaN/Inf check, power-of-two scaling of the lower
 * triangle. Returns the status and the scale factor sigma in *sigma. */
EIG_HD int EIG_FN(eig_dense_prepare)(int n, eig_real *a, eig_idx as, int zc, eig_real *sigma)
{
    *sigma = EIG_ONE;
    if (n < 0 || !a) return EIG_STATUS_INVALID_INPUT;
    eig_real anrm = EIG_FN(eig_max_abs_or_invalid)(n, a, as, zc);
    if (anrm < 0) return EIG_STATUS_INVALID_INPUT;
    *sigma = EIG_FN(eig_safe_scale)(anrm);
    if (*sigma != EIG_ONE) EIG_FN(eig_scale_lower)(n, a, as, zc, *sigma);
    return EIG_STATUS_OK;
}

/* Real symmetric: eigenvalues ascending in w, eigenvectors (v != NULL) as the
 * columns of v (n x n). work: eig_sym_tridiag_ql_work(n, v != NULL) reals.
 * Iteration cap as eig_tridiag_ql (max_iter_factor * n QL sweeps, 0: 30). */
EIG_HD int EIG_FN(eig_sym_tridiag_ql)(int n, eig_real *a, eig_idx as, eig_real *w, eig_idx ws,
                                      eig_real *v, eig_idx vs, eig_real *work, eig_idx wks,
                                      int max_iter_factor, int *iters)
{
    eig_real sigma;
    if (iters) *iters = 0;
    int st = EIG_FN(eig_dense_prepare)(n, a, as, 1, &sigma);
    if (st == EIG_STATUS_OK) {
        eig_real *e = work, *tau = v ? work + (eig_idx)n * wks : 0;
        EIG_FN(eig_sym_tridiag_reduce)(n, a, as, w, ws, e, wks, tau, wks);
        if (v) EIG_FN(eig_sym_form_q)(n, a, as, tau, wks, v, vs);
        st = EIG_FN(eig_tridiag_ql)(n, w, ws, e, wks, v, vs, 1, max_iter_factor, iters);
    }
    if (st != EIG_STATUS_OK) {
        EIG_FN(eig_fill_nan)(n, w, ws);
        EIG_FN(eig_fill_nan)((eig_idx)n * n, v, vs);
        return st;
    }
    for (int k = 0; k < n; k++) w[k * ws] /= sigma;
    return EIG_STATUS_OK;
}

/* Complex Hermitian: reduce (complex Householder), realify with D, real QL.
 * With vectors the real rotations are applied straight to the complex columns
 * of V = Q D, which equals Q D Z without storing the real Z. work:
 * eig_herm_tridiag_ql_work(n, v != NULL) reals. */
EIG_HD int EIG_FN(eig_herm_tridiag_ql)(int n, eig_real *a, eig_idx as, eig_real *w, eig_idx ws,
                                       eig_real *v, eig_idx vs, eig_real *work, eig_idx wks,
                                       int max_iter_factor, int *iters)
{
    eig_real sigma;
    if (iters) *iters = 0;
    int st = EIG_FN(eig_dense_prepare)(n, a, as, 2, &sigma);
    if (st == EIG_STATUS_OK) {
        eig_real *e = work, *tau = v ? work + 2 * (eig_idx)n * wks : 0;
        EIG_FN(eig_herm_tridiag_reduce)(n, a, as, w, ws, e, wks, tau, wks);
        if (v) EIG_FN(eig_herm_form_q)(n, a, as, tau, wks, v, vs);
        EIG_FN(eig_herm_realify)(n, e, wks, v, vs);
        st = EIG_FN(eig_tridiag_ql)(n, w, ws, e, 2 * wks, v, vs, 2, max_iter_factor, iters);
    }
    if (st != EIG_STATUS_OK) {
        EIG_FN(eig_fill_nan)(n, w, ws);
        EIG_FN(eig_fill_nan)(2 * (eig_idx)n * n, v, vs);
        return st;
    }
    for (int k = 0; k < n; k++) w[k * ws] /= sigma;
    return EIG_STATUS_OK;
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
    if (st == EIG_STATUS_OK) {
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

/* Divide and conquer on a symmetric tridiagonal (eig_tridiag_dc_d/_s,
 * solvers/tridiag_dc_impl.h) against LAPACK's dstedc on the same matrix:
 * eigenvalues within 10 n eps ||T||, every residual ||T z - lambda z|| within
 * 10 n eps ||T||, ||Z^T Z - I||_max within 10 n eps, status ok. Fresh random
 * tridiagonals of every order 1..64 and a spread up to 300, of several
 * kinds: random, graded (entries spanning 20 orders of magnitude), clustered
 * (few distinct diagonal values, tiny couplings: heavy deflation), glued
 * Wilkinson W21+ and W23+ blocks, zero off-diagonals (all or some), tiny and huge
 * scales, the (-1, 2, -1) matrix; d and e at a stride and Z in both
 * orientations, leaves of 32, 13 and 4 rows, the small workspace apart
 * (all of it, or the pieces that fit) or not, both precisions. */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lapacke.h>

#include "precision.h"
#include "testutil.h"

enum { MAX_N = 300, KINDS = 11, DS = 2 };

static const char *kind_name[KINDS] = {"random", "graded", "clustered", "equal-diagonal", "glued Wilkinson",
                                       "zero off-diagonal", "some zero off-diagonals", "tiny scale", "huge scale",
                                       "(-1,2,-1)", "glued W23"};

/* T of the given kind, in double; scale: tiny/huge factors for the precision. */
static void make_tridiag(eig_test_rng *rng, int kind, int n, double tiny, double huge, double *d, double *e)
{
    for (int i = 0; i < n; i++) {
        d[i] = eig_test_normal(rng);
        e[i] = eig_test_normal(rng);
    }
    switch (kind) {
    case 1: /* graded: 10^(-20 i / n), either direction */
    {
        const int up = eig_test_uniform(rng) < 0.5;
        for (int i = 0; i < n; i++) {
            const double g = pow(10.0, -20.0 * (up ? n - 1 - i : i) / (n > 1 ? n - 1 : 1));
            d[i] *= g, e[i] *= g * (0.5 + eig_test_uniform(rng));
        }
        break;
    }
    case 2: /* clustered: diagonal from {-1, 0, 1, 2}, couplings 1e-9 */
        for (int i = 0; i < n; i++) {
            d[i] = (double)((int)(eig_test_uniform(rng) * 4) - 1);
            e[i] *= 1e-9;
        }
        break;
    case 3: /* all diagonal entries equal, a few couplings of order one: many equal eigenvalues */
        for (int i = 0; i < n; i++) {
            d[i] = 1.0;
            e[i] = eig_test_uniform(rng) < 0.1 ? e[i] : 0.0;
        }
        break;
    case 4: /* W21+ blocks glued by 1e-10 */
        for (int i = 0; i < n; i++) {
            d[i] = fabs((double)(i % 21) - 10.0);
            e[i] = i % 21 == 20 ? 1e-10 : 1.0;
        }
        break;
    case 5:
        for (int i = 0; i < n; i++) e[i] = 0.0;
        break;
    case 6:
        for (int i = 0; i < n; i++)
            if (eig_test_uniform(rng) < 0.2) e[i] = 0.0;
        break;
    case 7:
        for (int i = 0; i < n; i++) d[i] *= tiny, e[i] *= tiny;
        break;
    case 8:
        for (int i = 0; i < n; i++) d[i] *= huge, e[i] *= huge;
        break;
    case 9:
        for (int i = 0; i < n; i++) d[i] = 2.0, e[i] = -1.0;
        break;
    case 10: /* W23+ blocks glued by 1e-10: roots next to a third pole (a secular
              * iteration crept there and failed to converge) */
        for (int i = 0; i < n; i++) {
            d[i] = fabs((double)(i % 23) - 11.0);
            e[i] = i % 23 == 22 ? 1e-10 : 1.0;
        }
        break;
    default: break;
    }
}

/* One matrix in one precision (PREC d or s, T its real type, EPS its unit
 * roundoff); zrow: Z row-major (else column-major). */
#define DC_CHECK(PREC, T, EPS, TINY, HUGE)                                                                            \
    static void check_##PREC(eig_test_rng *rng, int kind, int n, int zrow, int leaf_in)                              \
    {                                                                                                                 \
        static double d0[MAX_N], e0[MAX_N], dr[MAX_N], er[MAX_N], zref[MAX_N * MAX_N], zt[MAX_N * MAX_N];          \
        static T d[MAX_N * DS], e[MAX_N * DS], z[MAX_N * MAX_N], work[2 * MAX_N * MAX_N + 64 * MAX_N + 256];         \
        make_tridiag(rng, kind, n, TINY, HUGE, d0, e0);                                                               \
        for (int i = 0; i < n; i++) { /* the oracle gets exactly the rounded matrix */                                \
            d[i * DS] = (T)d0[i], e[i * DS] = (T)e0[i];                                                               \
            d0[i] = (double)d[i * DS], e0[i] = (double)e[i * DS];                                                     \
            dr[i] = d0[i], er[i] = e0[i];                                                                             \
        }                                                                                                             \
        if ((eig_idx)sizeof work / (eig_idx)sizeof(T) < eig_tridiag_dc_work_##PREC(n) ||                              \
            (eig_idx)(20 * MAX_N + 64) < eig_tridiag_dc_small_work_##PREC(n)) {                                       \
            eig_test_expect(0, "test workspace too small for n = %d", n);                                             \
            return;                                                                                                   \
        }                                                                                                             \
        const eig_idx zr = zrow ? n : 1, zk = zrow ? 1 : n;                                                           \
        int it = -1;                                                                                                  \
        /* the default leaf (32), or small leaves (more merge levels); the small                                      \
         * workspace after the large one, or all of it in a buffer of its own, or                                     \
         * the pieces that fit in a buffer of 4 n or 6 n reals (the rest after the                                    \
         * large one) */                                                                                              \
        static T swork[20 * MAX_N + 64];                                                                              \
        const int leaf = leaf_in >= 0 ? leaf_in : (n + kind) % 3 == 0 ? 0 : (n + kind) % 3 == 1 ? 4 : 13;             \
        const int part = (n / 3 + kind) % 3;                                                                          \
        const eig_idx sreals = part == 0 ? eig_tridiag_dc_small_work_##PREC(n) : (eig_idx)(part == 1 ? 4 : 6) * n;    \
        eig_team solo = EIG_TEAM_SOLO_INIT;                                                                           \
        const int st = kind % 2 && leaf_in < 0 ? eig_tridiag_dc_##PREC(n, d, DS, e, DS, z, zr, zk, work, 0, &it)      \
                                : eig_tridiag_dc_team_##PREC(solo, n, d, DS, e, DS, z, zr, zk, work, swork, sreals,   \
                                                             leaf, (n + kind) % 2 /* Q U tiles of 4 or 8 */, 0, &it); \
        const int info = LAPACKE_dstedc(LAPACK_COL_MAJOR, 'I', n, dr, er, zref, n);                                   \
        double tn = 0; /* ||T||_1 */                                                                                  \
        for (int j = 0; j < n; j++) {                                                                                 \
            double c = fabs(d0[j]) + (j > 0 ? fabs(e0[j - 1]) : 0) + (j + 1 < n ? fabs(e0[j]) : 0);                  \
            if (c > tn) tn = c;                                                                                       \
        }                                                                                                             \
        const double bound = 10.0 * n * (EPS), tnz = tn > 0 ? tn : 1;                                                \
        double val = 0, res = 0, orth = 0;                                                                            \
        int sorted = 1;                                                                                               \
        for (int j = 0; j < n; j++) {                                                                                 \
            const double lam = (double)d[j * DS];                                                                     \
            val = fmax(val, fabs(lam - dr[j]) / tnz);                                                                 \
            if (j > 0 && !(d[j * DS] >= d[(j - 1) * DS])) sorted = 0;                                                 \
            for (int i = 0; i < n; i++) zt[i + (size_t)j * n] = (double)z[i * zr + j * zk];                           \
            double r2 = 0;                                                                                            \
            for (int i = 0; i < n; i++) {                                                                             \
                double tz = d0[i] * zt[i + (size_t)j * n] - lam * zt[i + (size_t)j * n];                              \
                if (i > 0) tz += e0[i - 1] * zt[i - 1 + (size_t)j * n];                                               \
                if (i + 1 < n) tz += e0[i] * zt[i + 1 + (size_t)j * n];                                               \
                r2 += tz * tz;                                                                                        \
            }                                                                                                         \
            res = fmax(res, sqrt(r2) / tnz);                                                                          \
        }                                                                                                             \
        for (int j = 0; j < n; j++)                                                                                   \
            for (int k = 0; k <= j; k++) {                                                                            \
                double s = 0;                                                                                         \
                for (int i = 0; i < n; i++) s += zt[i + (size_t)j * n] * zt[i + (size_t)k * n];                      \
                orth = fmax(orth, fabs(s - (j == k)));                                                                \
            }                                                                                                         \
        const int ok = st == EIG_STATUS_OK && info == 0 && sorted && val <= bound && res <= bound && orth <= bound;  \
        eig_test_expect(ok, "%s n=%d %s Z %s: status %d (LAPACK info %d)%s, eigenvalues %.2f, residual %.2f, "       \
                        "orthogonality %.2f n eps (bound 10)", #PREC, n, kind_name[kind],                            \
                        zrow ? "row-major" : "column-major", st, info, sorted ? "" : " not ascending",               \
                        val / (n * (EPS)), res / (n * (EPS)), orth / (n * (EPS)));                                    \
    }
DC_CHECK(d, double, DBL_EPSILON / 2, 1e-150, 1e150)
DC_CHECK(s, float, FLT_EPSILON / 2, 1e-15, 1e15)

/* The dense route with divide and conquer (what block-tridiag runs on the
 * GPU, here by a team of one): eig_sym_tridiag_vectors_team /
 * eig_herm_tridiag_vectors_team with Z in a separate buffer and divide and conquer's workspace, on a
 * fresh random symmetric (zc 1) or Hermitian (zc 2) matrix: values within
 * 10 n eps ||A|| of the QL route's, ||A v - lambda v|| and ||V^H V - I||
 * within 10 n eps. */
#define DENSE_CHECK(PREC, T, EPS)                                                                                     \
    static void dense_##PREC(eig_test_rng *rng, int n, int zc)                                                       \
    {                                                                                                                 \
        enum { NM = 130 };                                                                                            \
        static T a[NM * NM * 2], a2[NM * NM * 2], w[NM], w2[NM], v[NM * NM * 2], v2[NM * NM * 2], work[5 * NM];     \
        static T scr[32 + 8 * NM], zt[NM * NM], dcw[2 * NM * NM + 64 * NM + 256];                                     \
        static double ad[NM * NM * 2];                                                                                \
        for (int i = 0; i < n; i++)                                                                                   \
            for (int j = 0; j <= i; j++)                                                                              \
                for (int c = 0; c < zc; c++) {                                                                        \
                    const T x = i == j && c == 1 ? 0 : (T)eig_test_normal(rng);                                       \
                    a[(i * n + j) * zc + c] = x, a[(j * n + i) * zc + c] = c ? -x : x;                                 \
                }                                                                                                     \
        for (int k = 0; k < n * n * zc; k++) ad[k] = (double)a[k], a2[k] = a[k];                                      \
        eig_team solo = EIG_TEAM_SOLO_INIT;                                                                           \
        int it1 = 0, it2 = 0;                                                                                         \
        const eig_dc_cfg dc = {dcw, 0, 0};                                                                            \
        const int st1 = zc == 2 ? eig_herm_tridiag_vectors_team_##PREC(solo, n, a, 1, w, 1, v, 1, work, 1, scr, zt, n,  \
                                                                       &dc, 0, &it1)                                  \
                                : eig_sym_tridiag_vectors_team_##PREC(solo, n, a, 1, w, 1, v, 1, work, 1, scr, zt, n,   \
                                                                      &dc, 0, &it1);                                  \
        const int st2 = zc == 2 ? eig_herm_tridiag_ql_##PREC(n, a2, 1, w2, 1, v2, 1, work, 1, 0, &it2)                 \
                                : eig_sym_tridiag_ql_##PREC(n, a2, 1, w2, 1, v2, 1, work, 1, 0, &it2);                 \
        double an = 0, val = 0, res = 0, orth = 0;                                                                    \
        for (int i = 0; i < n; i++) {                                                                                 \
            double r = 0;                                                                                             \
            for (int j = 0; j < n; j++) r += hypot(ad[(i * n + j) * zc], zc == 2 ? ad[(i * n + j) * zc + 1] : 0.0);  \
            an = fmax(an, r);                                                                                         \
        }                                                                                                             \
        for (int k = 0; k < n; k++) {                                                                                 \
            val = fmax(val, fabs((double)w[k] - (double)w2[k]));                                                      \
            double r2 = 0;                                                                                            \
            for (int i = 0; i < n; i++) {                                                                             \
                double sr = -(double)w[k] * v[(i * n + k) * zc], si = zc == 2 ? -(double)w[k] * v[(i * n + k) * 2 + 1] : 0; \
                for (int j = 0; j < n; j++) {                                                                         \
                    const double ar = ad[(i * n + j) * zc], ai = zc == 2 ? ad[(i * n + j) * 2 + 1] : 0;              \
                    const double xr = v[(j * n + k) * zc], xi = zc == 2 ? v[(j * n + k) * 2 + 1] : 0;                 \
                    sr += ar * xr - ai * xi, si += ar * xi + ai * xr;                                                 \
                }                                                                                                     \
                r2 += sr * sr + si * si;                                                                              \
            }                                                                                                         \
            res = fmax(res, sqrt(r2));                                                                                \
            for (int l = 0; l <= k; l++) {                                                                            \
                double sr = 0, si = 0;                                                                                \
                for (int i = 0; i < n; i++) {                                                                         \
                    const double xr = v[(i * n + l) * zc], xi = zc == 2 ? v[(i * n + l) * 2 + 1] : 0;                 \
                    const double yr = v[(i * n + k) * zc], yi = zc == 2 ? v[(i * n + k) * 2 + 1] : 0;                 \
                    sr += xr * yr + xi * yi, si += xr * yi - xi * yr;                                                 \
                }                                                                                                     \
                orth = fmax(orth, hypot(sr - (k == l), si));                                                          \
            }                                                                                                         \
        }                                                                                                             \
        const double b = 10.0 * n * (EPS), anz = an > 0 ? an : 1;                                                     \
        const int ok = st1 == EIG_STATUS_OK && st2 == EIG_STATUS_OK && val <= b * anz && res <= b * anz && orth <= b; \
        eig_test_expect(ok, "%s n=%d %s with divide and conquer: status %d (QL route %d), values %.2f off QL's, "     \
                        "residual %.2f, orthogonality %.2f n eps (bound 10)", #PREC, n,                               \
                        zc == 2 ? "Hermitian" : "symmetric", st1, st2, val / anz / (n * (EPS)),                       \
                        res / anz / (n * (EPS)), orth / (n * (EPS)));                                                 \
    }
DENSE_CHECK(d, double, DBL_EPSILON / 2)
DENSE_CHECK(s, float, FLT_EPSILON / 2)

int main(void)
{
    eig_test_rng rng;
    eig_test_rng_init(&rng, eig_test_seed("tridiag_dc"));
    static const int big[] = {65, 96, 100, 127, 128, 129, 150, 192, 200, 255, 256, 257, 300};
    for (int n = 1; n <= 64 + (int)(sizeof big / sizeof big[0]); n++) {
        const int nn = n <= 64 ? n : big[n - 65];
        for (int kind = 0; kind < KINDS; kind++) {
            check_d(&rng, kind, nn, (nn + kind) % 2, -1);
            check_s(&rng, kind, nn, (nn + kind + 1) % 2, -1);
        }
    }
    for (int leaf = 5; leaf <= 8; leaf++) { /* where the creeping iteration was seen */
        check_d(&rng, 10, 259, leaf % 2, leaf);
        check_s(&rng, 10, 259, leaf % 2, leaf);
    }
    static const int dense_n[] = {1, 2, 5, 33, 64, 97, 128};
    for (size_t k = 0; k < sizeof dense_n / sizeof dense_n[0]; k++)
        for (int zc = 1; zc <= 2; zc++) {
            dense_d(&rng, dense_n[k], zc);
            dense_s(&rng, dense_n[k], zc);
        }
    return eig_test_summary();
}

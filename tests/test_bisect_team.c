/* All eigenvalues of a symmetric tridiagonal by a team (the warp-sym GPU
 * kernel's values-only path, solvers/bisection_impl.h: the leader's
 * eig_tridiag_bisect_team_setup, each member's
 * eig_tridiag_bisect_team_member on its own indices, the leader's
 * eig_tridiag_bisect_team_finish), the members run one after another here
 * as the lanes of a warp would. Checks, fresh random tridiagonals of many
 * orders, both precisions, teams of 1, 3, 7 and 32 (more members than
 * eigenvalues included):
 *  - every eigenvalue within 4 n eps ||T|| of LAPACKE_dsterf's (double, on
 *    the same matrix), ascending, every slot written;
 *  - a team of one equals eig_tridiag_bisect (the CPU's bisection of the
 *    whole spectrum) bit for bit;
 *  - the dense matrix's scale sigma (a power of two) is divided out;
 *  - a member writes no workspace slot outside its own indices (on the GPU
 *    the members run at once);
 *  - NaN/Inf input: invalid input from the setup;
 *  - eig_tridiag_values_bisect_team, the block-tridiag kernel's values
 *    (reduction, then the team's bisection), on dense symmetric and
 *    Hermitian matrices against LAPACK, also scaled by 2^-600 and 2^600.
 * Families: N(0,1), graded over 16 decades, clustered (1 + 1e-9 noise, tiny
 * couplings), split (every 5th coupling zero), Wilkinson W21+. */
#include <float.h>
#include <lapacke.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "precision.h"
#include "testutil.h"

enum { MAX_N = 200, NFAM = 5 };
static const char *fam_name[NFAM] = {"normal", "graded", "clustered", "split", "wilkinson"};

static void make(eig_test_rng *rng, int fam, int n, double *d, double *e)
{
    for (int k = 0; k < n; k++) {
        double g = pow(10.0, -16.0 * k / (n > 1 ? n - 1 : 1));
        switch (fam) {
        case 1: d[k] = g * eig_test_normal(rng), e[k] = g * eig_test_normal(rng); break;
        case 2: d[k] = 1 + 1e-9 * eig_test_normal(rng), e[k] = 1e-10 * eig_test_normal(rng); break;
        case 3: d[k] = eig_test_normal(rng), e[k] = k % 5 == 4 ? 0 : eig_test_normal(rng); break;
        case 4: d[k] = fabs((double)(k % 21) - 10), e[k] = 1; break;
        default: d[k] = eig_test_normal(rng), e[k] = eig_test_normal(rng); break;
        }
    }
}

#define TEAM_CHECK(PREC, T, EPS)                                                                                      \
    static void check_##PREC(eig_test_rng *rng, int fam, int n, int size)                                            \
    {                                                                                                                 \
        static double dd[MAX_N], ed[MAX_N], ref[MAX_N], eref[MAX_N];                                                 \
        static T d[MAX_N], e[MAX_N], w[MAX_N], w1[MAX_N], work[4 * MAX_N], work1[4 * MAX_N];                       \
        make(rng, fam, n, dd, ed);                                                                                    \
        double tnorm = 0;                                                                                             \
        for (int k = 0; k < n; k++) {                                                                                 \
            d[k] = (T)dd[k], e[k] = (T)ed[k];                                                                         \
            ref[k] = d[k], eref[k] = e[k];                                                                            \
        }                                                                                                             \
        for (int k = 0; k < n; k++)                                                                                   \
            tnorm = fmax(tnorm, fabs(ref[k]) + (k ? fabs(eref[k - 1]) : 0) + (k + 1 < n ? fabs(eref[k]) : 0));        \
        eig_test_expect(LAPACKE_dsterf(n, ref, eref) == 0, "dsterf failed");                                          \
        const T sigma = (T)(fam == 1 ? 0.125 : 1.0); /* the dense scale, divided out at the end */                   \
        for (int k = 0; k < n; k++) w[k] = (T)NAN, d[k] *= sigma, e[k] *= sigma;                                      \
        T s = 0;                                                                                                      \
        int st = eig_tridiag_bisect_team_setup_##PREC(n, d, e, work, &s), capped = 0, steps = 0, total = 0;           \
        int outside = 0;                                                                                              \
        for (int r = 0; r < size && st == EIG_STATUS_OK; r++) {                                                       \
            memcpy(work1, work, sizeof(T) * 4 * (size_t)n);                                                           \
            capped |= eig_tridiag_bisect_team_member_##PREC(r, size, n, work, s, w, &steps);                          \
            total += steps;                                                                                           \
            /* the lanes run at once on the GPU: a member writes only its own indices' slots */                       \
            const int ja = (int)((long)r * n / size), jb = (int)((long)(r + 1) * n / size) - 1;                      \
            for (int k = 0; k < 4 * n; k++)                                                                           \
                if ((k < 2 * n || k % n < ja || k % n > jb) && memcmp(&work[k], &work1[k], sizeof(T))) outside++;     \
        }                                                                                                             \
        eig_test_expect(!outside, "%s %s n=%d team %d: members wrote %d workspace slots outside their indices",      \
                        #PREC, fam_name[fam], n, size, outside);                                                      \
        if (st == EIG_STATUS_OK) st = eig_tridiag_bisect_team_finish_##PREC(n, w, sigma);                             \
        eig_test_expect(st == EIG_STATUS_OK && !capped && (n == 0 || total > 0 || n == 1),                           \
                        "%s %s n=%d team %d: status %d capped %d steps %d", #PREC, fam_name[fam], n, size, st,       \
                        capped, total);                                                                               \
        double worst = 0;                                                                                             \
        int order = 1;                                                                                                \
        for (int k = 0; k < n; k++) {                                                                                 \
            double err = fabs((double)w[k] - ref[k]); /* NaN: never <= */                                             \
            worst = err > worst || err != err ? err : worst;                                                          \
            if (k && !(w[k] >= w[k - 1])) order = 0;                                                                  \
        }                                                                                                             \
        const double tol = 4.0 * n * (EPS) * (tnorm > 0 ? tnorm : 1);                                                 \
        eig_test_expect(worst <= tol && order, "%s %s n=%d team %d: worst error %.3g (tolerance %.3g), %s",          \
                        #PREC, fam_name[fam], n, size, worst, tol, order ? "ascending" : "NOT ascending");           \
        if (size == 1) {                                                                                              \
            int nf = 0, it = 0;                                                                                       \
            int st1 = eig_tridiag_bisect_##PREC(n, d, 1, e, 1, 0, 0, 0, 0, 0, w1, 1, &nf, work1, 1, &it);             \
            for (int k = 0; k < n; k++) w1[k] /= sigma;                                                               \
            eig_test_expect(st1 == st && nf == n && it == total && !memcmp(w, w1, sizeof(T) * (size_t)n),            \
                            "%s %s n=%d: a team of one differs from eig_tridiag_bisect (steps %d vs %d)", #PREC,      \
                            fam_name[fam], n, total, it);                                                             \
        }                                                                                                             \
        d[n / 2] = (T)(n % 2 ? INFINITY : NAN);                                                                       \
        eig_test_expect(eig_tridiag_bisect_team_setup_##PREC(n, d, e, work, &s) == EIG_STATUS_INVALID_INPUT,         \
                        "%s n=%d: NaN/Inf not invalid input", #PREC, n);                                              \
    }
TEAM_CHECK(d, double, DBL_EPSILON / 2)
TEAM_CHECK(s, float, FLT_EPSILON / 2)

/* eig_tridiag_values_bisect_team (the block-tridiag kernel's values path)
 * with a team of one: a dense symmetric or Hermitian matrix (lower
 * triangle, scaled by 2^scale to reach the dense scaling) against
 * LAPACKE_dsyev / zheev in double, within 10 n eps ||A||; NaN input gives
 * invalid input and NaN values. */
static void check_dense(eig_test_rng *rng, int n, int zc, int scale)
{
    const size_t nn = (size_t)n * n * zc;
    double *a = malloc(sizeof(double) * nn), *ac = malloc(sizeof(double) * nn), *w = malloc(sizeof(double) * n),
           *wr = malloc(sizeof(double) * n), *work = malloc(sizeof(double) * 2 * n),
           *scr = malloc(sizeof(double) * (size_t)eig_tridiag_team_scratch_d(n));
    for (int i = 0; i < n; i++)
        for (int j = 0; j <= i; j++)
            for (int c = 0; c < zc; c++) {
                double x = c && i == j ? 0 : ldexp(eig_test_normal(rng), scale);
                a[((size_t)i * n + j) * zc + c] = x;
                a[((size_t)j * n + i) * zc + c] = c ? -x : x;
            }
    memcpy(ac, a, sizeof(double) * nn);
    int info = zc == 2 ? LAPACKE_zheev(LAPACK_ROW_MAJOR, 'N', 'L', n, (lapack_complex_double *)ac, n, wr)
                       : LAPACKE_dsyev(LAPACK_ROW_MAJOR, 'N', 'L', n, ac, n, wr);
    eig_team solo = EIG_TEAM_SOLO_INIT;
    int it = 0, st = eig_tridiag_values_bisect_team_d(solo, n, zc, a, 1, w, work, scr, &it);
    double err = 0, norm = 0;
    for (int k = 0; k < n; k++) err = fmax(err, fabs(w[k] - wr[k])), norm = fmax(norm, fabs(wr[k]));
    int ascending = 1;
    for (int k = 1; k < n; k++) ascending &= w[k - 1] <= w[k];
    eig_test_expect(info == 0 && st == EIG_STATUS_OK && ascending && err <= 10.0 * n * DBL_EPSILON / 2 * norm &&
                        (n < 2 || it > 0),
                    "values by a team, %s n=%d scale 2^%d: status %d, ascending %d, error %.3g (bound %.3g), %d steps",
                    zc == 2 ? "Hermitian" : "symmetric", n, scale, st, ascending, err,
                    10.0 * n * DBL_EPSILON / 2 * norm, it);
    a[(size_t)(n - 1) * n * zc] = NAN; /* the matrix's last row, its first entry */
    st = eig_tridiag_values_bisect_team_d(solo, n, zc, a, 1, w, work, scr, &it);
    int all_nan = 1;
    for (int k = 0; k < n; k++) all_nan &= isnan(w[k]) != 0;
    eig_test_expect(st == EIG_STATUS_INVALID_INPUT && all_nan, "values by a team, NaN input n=%d: status %d, NaN %d",
                    n, st, all_nan);
    free(a), free(ac), free(w), free(wr), free(work), free(scr);
}

int main(void)
{
    eig_test_rng rng;
    eig_test_rng_init(&rng, eig_test_seed("bisect_team"));
    static const int sizes[] = {1, 2, 3, 7, 31, 32, 33, 64, 97, 200};
    static const int teams[] = {1, 3, 7, 32};
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
        for (int fam = 0; fam < NFAM; fam++)
            for (size_t t = 0; t < sizeof teams / sizeof teams[0]; t++)
                check_d(&rng, fam, sizes[s], teams[t]), check_s(&rng, fam, sizes[s], teams[t]);
    static const int dense_sizes[] = {1, 2, 5, 17, 64, 130};
    for (size_t s = 0; s < sizeof dense_sizes / sizeof dense_sizes[0]; s++)
        for (int zc = 1; zc <= 2; zc++)
            for (int scale = -600; scale <= 600; scale += 600) check_dense(&rng, dense_sizes[s], zc, scale);
    return eig_test_summary();
}

/* The general solver in two halves with the QR phase on band storage
 * (eig_general_reduce_team, the Hessenberg band copied out, then
 * eig_general_finish_team_band: what the GPU's split warp-general runs) must
 * give exactly what the one-piece eig_general_eigvals_team gives: on fresh
 * random matrices of several orders in both precisions (normal entries,
 * graded rows and columns, zero rows and columns that the permutation
 * isolates (+0 and -0), a NaN entry, and an iteration cap too small to converge): the
 * same values bit for bit, the same status and the same sweep count. An
 * access outside a row's part of the band would read or write another
 * entry of the packed rows and show as a difference; one past the band's
 * end (allocated at its exact size) shows under AddressSanitizer. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "precision.h"
#include "testutil.h"

enum { MAX_N = 48 };

#define BAND_CHECK(PREC, T)                                                                                           \
    static void check_##PREC(eig_test_rng *rng, int n, int kind, int max_iter_factor)                               \
    {                                                                                                                 \
        static T a[MAX_N * MAX_N], a2[MAX_N * MAX_N];                                                                \
        static T wr1[MAX_N], wi1[MAX_N], wr2[MAX_N], wi2[MAX_N];                                                     \
        for (int i = 0; i < n; i++)                                                                                   \
            for (int j = 0; j < n; j++) {                                                                             \
                T x = (T)eig_test_normal(rng);                                                                        \
                if (kind == 1) x *= (T)ldexp(1.0, 3 * (i - j)); /* graded */                                         \
                if ((kind == 2 || kind == 4) && (i == n / 3 || j == n / 2) && i != j)                                 \
                    x = kind == 4 ? (T)-0.0 : 0; /* isolated by the permutation (zeros of either sign) */             \
                a[i * n + j] = x;                                                                                     \
            }                                                                                                         \
        if (kind == 3) a[n > 1 ? n + 1 : 0] = (T)NAN; /* (inside the matrix at n = 1 too) */                         \
        memcpy(a2, a, sizeof(T) * (size_t)(n * n));                                                                   \
        eig_team solo = EIG_TEAM_SOLO_INIT;                                                                           \
        int it1 = -1, it2 = 0, ilo, ihi;                                                                              \
        int st1 = eig_general_eigvals_team_##PREC(solo, n, a, 1, n, wr1, wi1, 1, max_iter_factor, &it1);             \
        T f;                                                                                                          \
        int st2 = eig_general_reduce_team_##PREC(solo, n, a2, 1, n, wr2, wi2, 1, &ilo, &ihi, &f);                    \
        const int reals = eig_gen_band_reals_##PREC(n);                                                          \
        T *band = malloc(sizeof(T) * (size_t)reals); /* its exact size: a write past it shows under ASan */       \
        for (int k = 0; k < reals; k++) band[k] = (T)NAN; /* what the copy below leaves out shows */                 \
        for (int i = 0; i < n; i++)                                                                                   \
            for (int j = i > 3 ? i - 3 : 0; j < n; j++) band[EIG_GEN_BAND_ROW(i, n) + j] = a2[i * n + j];            \
        if (st2 == EIG_STATUS_OK) { /* the band's QR phase writes every value (the reduction's isolated ones too) */ \
            for (int k = 0; k < n; k++) wr2[k] = wi2[k] = (T)12345;                                                  \
            st2 = eig_general_finish_team_band_##PREC(solo, n, band, 1, n, wr2, wi2, 1, ilo, ihi, f, max_iter_factor, \
                                                      &it2);                                                          \
        }                                                                                                             \
        int same = st1 == st2 && it1 == it2;                                                                          \
        for (int k = 0; k < n; k++) {                                                                                 \
            same &= (wr1[k] == wr2[k] && !signbit(wr1[k]) == !signbit(wr2[k])) ||                                     \
                    (wr1[k] != wr1[k] && wr2[k] != wr2[k]);                                                           \
            same &= (wi1[k] == wi2[k] && !signbit(wi1[k]) == !signbit(wi2[k])) ||                                     \
                    (wi1[k] != wi1[k] && wi2[k] != wi2[k]);                                                           \
        }                                                                                                             \
        eig_test_expect(same, "%s n=%d kind %d cap %d: band status %d sweeps %d, dense status %d sweeps %d, or "    \
                        "values differ", #PREC, n, kind, max_iter_factor, st2, it2, st1, it1);                        \
        free(band);                                                                                                   \
    }
BAND_CHECK(d, double)
BAND_CHECK(s, float)

int main(void)
{
    eig_test_rng rng;
    eig_test_rng_init(&rng, eig_test_seed("unit_general_band"));
    static const int orders[] = {1, 2, 3, 4, 5, 6, 7, 10, 15, 16, 24, 30, 31, 32, 48};
    for (size_t o = 0; o < sizeof orders / sizeof *orders; o++)
        for (int kind = 0; kind < 5; kind++)
            for (int rep = 0; rep < 4; rep++) {
                const int cap = rep == 3 ? 1 : 0; /* a cap of n sweeps: some do not converge */
                check_d(&rng, orders[o], kind, cap);
                check_s(&rng, orders[o], kind, cap);
            }
    return eig_test_summary();
}

/* tridiag-ql without vectors in two halves (eig_tridiag_ql_values_reduce_team
 * by a team, eig_tridiag_ql_values_finish by one thread: what the GPU's
 * warp-tridiag kernel runs) must give exactly what the one-piece solvers
 * give: on fresh random symmetric and Hermitian matrices of several orders,
 * both precisions, with d and e at a stride (as the kernel interleaves
 * them), and on matrices with a NaN or Inf entry: the same values bit for
 * bit, the same status and the same iteration count. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "precision.h"
#include "testutil.h"

enum { STRIDE = 3, MAX_N = 40 };

/* One matrix, one precision (PREC: d or s; T: its real type). */
#define SPLIT_CHECK(PREC, T)                                                                                          \
    static void check_##PREC(eig_test_rng *rng, int n, int zc, int poison)                                          \
    {                                                                                                                 \
        static T a[MAX_N * MAX_N * 2], a2[MAX_N * MAX_N * 2], w[MAX_N], work[5 * MAX_N];                            \
        static T d[MAX_N * STRIDE], e[2 * MAX_N * STRIDE];                                                            \
        for (int i = 0; i < n; i++)                                                                                   \
            for (int j = 0; j <= i; j++)                                                                              \
                for (int c = 0; c < zc; c++) {                                                                        \
                    T x = i == j && c == 1 ? 0 : (T)eig_test_normal(rng);                                             \
                    a[(i * n + j) * zc + c] = x, a[(j * n + i) * zc + c] = c ? -x : x;                                 \
                }                                                                                                     \
        if (poison) a[(size_t)(n / 2) * zc] = poison == 1 ? (T)NAN : (T)INFINITY;                                    \
        memcpy(a2, a, sizeof(T) * (size_t)(n * n * zc));                                                              \
        int it1 = -1, it2 = -1;                                                                                       \
        int st1 = zc == 2 ? eig_herm_tridiag_ql_##PREC(n, a, 1, w, 1, 0, 1, work, 1, 0, &it1)                          \
                          : eig_sym_tridiag_ql_##PREC(n, a, 1, w, 1, 0, 1, work, 1, 0, &it1);                          \
        eig_team solo = EIG_TEAM_SOLO_INIT;                                                                           \
        T sigma = 1;                                                                                                  \
        int st2 = eig_tridiag_ql_values_reduce_team_##PREC(solo, n, zc, a2, 1, d, STRIDE, e, STRIDE, 0, &sigma);       \
        st2 = eig_tridiag_ql_values_finish_##PREC(n, st2, sigma, d, STRIDE, e, STRIDE, zc, 0, &it2);                   \
        int same = st1 == st2 && it1 == it2;                                                                          \
        for (int k = 0; k < n; k++) {                                                                                 \
            T x = w[k], y = d[k * STRIDE];                                                                            \
            same &= x == y || (x != x && y != y);                                                                     \
        }                                                                                                             \
        eig_test_expect(same, "%s n=%d %s%s: split status %d iters %d, one piece status %d iters %d, or values "     \
                        "differ", #PREC, n, zc == 2 ? "Hermitian" : "symmetric",                                      \
                        poison == 1 ? " (NaN entry)" : poison == 2 ? " (Inf entry)" : "", st2, it2, st1, it1);       \
    }
SPLIT_CHECK(d, double)
SPLIT_CHECK(s, float)

int main(void)
{
    eig_test_rng rng;
    eig_test_rng_init(&rng, eig_test_seed("tridiag_ql_split"));
    const int sizes[] = {1, 2, 3, 5, 8, 17, 32, 40};
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
        for (int zc = 1; zc <= 2; zc++)
            for (int rep = 0; rep < 20; rep++) {
                int poison = rep == 0 ? 1 : rep == 1 ? 2 : 0;
                check_d(&rng, sizes[s], zc, poison);
                check_s(&rng, sizes[s], zc, poison);
            }
    return eig_test_summary();
}

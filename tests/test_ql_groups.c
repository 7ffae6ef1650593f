/* tridiag-ql with vectors in groups (eig_tridiag_ql_grouped_team: sweeps
 * held back and applied to Z 2, 3 or 4 at a time in a single pass, what
 * the GPU's warp-sym kernel runs) must give exactly what the
 * plain solver gives (eig_tridiag_ql_team, each sweep applied on its own):
 * the same values and the same Z bit for bit, the same status and
 * iteration count. Fresh random tridiagonals of many orders, both
 * precisions, Z = I row-major and column-major; plain N(0,1) entries,
 * graded ones growing up or down (QL on some blocks, QR on others: both
 * walk directions, and groups cut short where they do not share one), and
 * clustered ones. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "precision.h"
#include "testutil.h"

enum { MAX_N = 80 };

#define PAIRS_CHECK(PREC, T)                                                                                          \
    static void check_##PREC(eig_test_rng *rng, int n, int kind, int colmajor, int group)                            \
    {                                                                                                                 \
        static T d1[MAX_N], e1[MAX_N], d2[MAX_N], e2[MAX_N], z1[MAX_N * MAX_N], z2[MAX_N * MAX_N];                 \
        static T r1[2 * MAX_N], r2[2 * EIG_QL_GROUP_MAX * MAX_N];                                                     \
        for (int k = 0; k < n; k++) {                                                                                 \
            double g = kind == 1 ? pow(10.0, -8.0 * k / n) : kind == 2 ? pow(10.0, 8.0 * k / n) : 1.0;              \
            d1[k] = (T)(kind == 3 ? 1.0 + 1e-6 * eig_test_normal(rng) : g * eig_test_normal(rng));                    \
            e1[k] = (T)(kind == 3 ? 1e-3 * eig_test_normal(rng) : g * eig_test_normal(rng));                          \
        }                                                                                                             \
        memcpy(d2, d1, sizeof d1), memcpy(e2, e1, sizeof e1);                                                         \
        for (int x = 0; x < n * n; x++) z1[x] = z2[x] = x / n == x % n ? 1 : 0;                                      \
        const eig_idx zr = colmajor ? 1 : n, zk = colmajor ? n : 1;                                                   \
        eig_team solo = EIG_TEAM_SOLO_INIT;                                                                           \
        int it1 = -1, it2 = -1;                                                                                       \
        int st1 = eig_tridiag_ql_team_##PREC(solo, n, d1, 1, e1, 1, z1, zr, zk, 0, 1, r1, 0, 1, 0, &it1);            \
        int st2 = eig_tridiag_ql_grouped_team_##PREC(solo, n, d2, 1, e2, 1, z2, zr, zk, 0, 1, r2, 1, group, 0, &it2); \
        int same = st1 == st2 && it1 == it2 && !memcmp(d1, d2, sizeof(T) * (size_t)n) &&                              \
                   !memcmp(z1, z2, sizeof(T) * (size_t)(n * n));                                                      \
        eig_test_expect(same, "%s n=%d kind %d %s group %d: grouped status %d iters %d, plain status %d iters %d, " \
                        "or values / vectors differ", #PREC, n, kind, colmajor ? "column-major" : "row-major", group, \
                        st2, it2, st1, it1);                                                                          \
    }
PAIRS_CHECK(d, double)
PAIRS_CHECK(s, float)

int main(void)
{
    eig_test_rng rng;
    eig_test_rng_init(&rng, eig_test_seed("ql_groups"));
    static const int sizes[] = {1, 2, 3, 4, 5, 8, 9, 17, 31, 33, 64, 80};
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
        for (int kind = 0; kind < 4; kind++)
            for (int cm = 0; cm <= 1; cm++)
                for (int g = 2; g <= EIG_QL_GROUP_MAX; g++)
                    for (int rep = 0; rep < 2; rep++)
                        check_d(&rng, sizes[s], kind, cm, g), check_s(&rng, sizes[s], kind, cm, g);
    return eig_test_summary();
}

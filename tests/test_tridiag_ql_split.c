/* tridiag-ql without vectors in two halves (eig_tridiag_ql_values_reduce_team
 * by a team, eig_tridiag_ql_values_finish by one thread: what the GPU's
 * warp-tridiag kernel runs) must give exactly what the one-piece solvers
 * give: on fresh random symmetric and Hermitian matrices of several orders,
 * both precisions, with d and e at a stride (as the kernel interleaves
 * them), and on matrices with a NaN or Inf entry: the same values bit for
 * bit, the same status and the same iteration count. With vectors, in
 * parts (eig_tridiag_ql_vectors_reduce_team, eig_tridiag_ql_vectors_form_team,
 * eig_tridiag_ql_logged_finish logging its rotations, then the log applied
 * chunk by chunk and the columns sorted: the GPU's warp-tridiag with
 * vectors): the same values bit for bit and the same vectors (to rounding:
 * one product order), a chunked log equal to the whole one applied at
 * once, and a log past its capacity reported and not written beyond. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "precision.h"
#include "testutil.h"

enum { STRIDE = 3, MAX_N = 40 };

/* A fresh random symmetric (zc 1) or Hermitian (zc 2) matrix, full storage. */
#define FILL(PREC, T)                                                                                                 \
    static void fill_##PREC(eig_test_rng *rng, T *a, int n, int zc)                                                  \
    {                                                                                                                 \
        for (int i = 0; i < n; i++)                                                                                   \
            for (int j = 0; j <= i; j++)                                                                              \
                for (int c = 0; c < zc; c++) {                                                                        \
                    T x = i == j && c == 1 ? 0 : (T)eig_test_normal(rng);                                             \
                    a[(i * n + j) * zc + c] = x, a[(j * n + i) * zc + c] = c ? -x : x;                                 \
                }                                                                                                     \
    }
FILL(d, double)
FILL(s, float)

/* One matrix, one precision (PREC: d or s; T: its real type). */
#define SPLIT_CHECK(PREC, T)                                                                                          \
    static void check_##PREC(eig_test_rng *rng, int n, int zc, int poison)                                          \
    {                                                                                                                 \
        static T a[MAX_N * MAX_N * 2], a2[MAX_N * MAX_N * 2], w[MAX_N], work[5 * MAX_N];                            \
        static T d[MAX_N * STRIDE], e[2 * MAX_N * STRIDE];                                                            \
        fill_##PREC(rng, a, n, zc);                                                                                   \
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

/* With vectors, one matrix (no poison: a failed first half returns before
 * any log). */
#define VECTOR_CHECK(PREC, T, TOL)                                                                                    \
    static void check_vectors_##PREC(eig_test_rng *rng, int n, int zc)                                               \
    {                                                                                                                 \
        enum { CAP = 40 * MAX_N * MAX_N };                                                                            \
        static T a[MAX_N * MAX_N * 2], a2[MAX_N * MAX_N * 2], w[MAX_N], work[5 * MAX_N], tau[MAX_N];              \
        static T v1[MAX_N * MAX_N * 2], v2[MAX_N * MAX_N * 2], v3[MAX_N * MAX_N * 2];                               \
        static T d[MAX_N * STRIDE], e[2 * MAX_N * STRIDE], d0[MAX_N * STRIDE], e0[2 * MAX_N * STRIDE], buf[CAP + 4]; \
        static T d1[MAX_N * STRIDE], e1[2 * MAX_N * STRIDE];                                                          \
        static T ec[2 * MAX_N];                                                                                       \
        fill_##PREC(rng, a, n, zc);                                                                                   \
        memcpy(a2, a, sizeof(T) * (size_t)(n * n * zc));                                                              \
        int it1 = -1, it2 = -1;                                                                                       \
        int st1 = zc == 2 ? eig_herm_tridiag_ql_##PREC(n, a, 1, w, 1, v1, 1, work, 1, 0, &it1)                         \
                          : eig_sym_tridiag_ql_##PREC(n, a, 1, w, 1, v1, 1, work, 1, 0, &it1);                         \
        eig_team solo = EIG_TEAM_SOLO_INIT;                                                                           \
        T sigma = 1;                                                                                                  \
        int st2 = eig_tridiag_ql_vectors_reduce_team_##PREC(solo, n, zc, a2, 1, d, STRIDE, e, STRIDE, tau, 1, ec, 1,  \
                                                            0, &sigma);                                               \
        if (st2 == EIG_STATUS_OK)                                                                                     \
            eig_tridiag_ql_vectors_form_team_##PREC(solo, n, zc, a2, 1, tau, 1, ec, 1, v2, 1, 0);                     \
        memcpy(d0, d, sizeof d), memcpy(e0, e, sizeof e), memcpy(d1, d, sizeof d), memcpy(e1, e, sizeof e);          \
        const int chunk = 2 * n + 6; /* the least a sweep needs, 2n, and a little */                                 \
        eig_ql_log log = {buf, CAP, chunk, 0, 0};                                                                        \
        st2 = eig_tridiag_ql_logged_finish_##PREC(n, st2, sigma, d, STRIDE, e, STRIDE, zc, 0, &it2, &log);             \
        int ok = st1 == st2 && it1 == it2 && log.len <= CAP;                                                          \
        if (ok && st2 == EIG_STATUS_OK) {                                                                             \
            memcpy(v3, v2, sizeof(T) * (size_t)(n * n * zc));                                                         \
            for (int x = 0; x < log.len; x += chunk)                                                                  \
                eig_ql_log_apply_team_##PREC(solo, n, buf + x, log.len - x < chunk ? log.len - x : chunk, v2,         \
                                             (eig_idx)n * zc, zc, 1, zc);                                             \
            eig_ql_log_apply_team_##PREC(solo, n, buf, log.len, v3, (eig_idx)n * zc, zc, 1, zc);                      \
            ok &= memcmp(v2, v3, sizeof(T) * (size_t)(n * n * zc)) == 0;                                              \
            eig_sort_ascending_team_##PREC(solo, n, d, STRIDE, v2, (eig_idx)n * zc, zc, 1, zc);                       \
            for (int k = 0; k < n; k++) ok &= w[k] == d[k * STRIDE];                                                  \
            for (int k = 0; k < n * n * zc; k++) ok &= fabs((double)v1[k] - (double)v2[k]) <= (TOL);                 \
        }                                                                                                             \
        eig_test_expect(ok, "%s n=%d %s with vectors: three parts status %d iters %d log %d reals, one piece "        \
                        "status %d iters %d, or values / vectors differ", #PREC, n,                                   \
                        zc == 2 ? "Hermitian" : "symmetric", st2, it2, log.len, st1, it1);                            \
        if (st2 != EIG_STATUS_OK || n < 3) return;                                                                    \
        /* a log too small: its length still counted, nothing past cap */                                             \
        const int small = 8;                                                                                          \
        for (int k = small; k < small + 4; k++) buf[k] = (T)-7;                                                       \
        eig_ql_log tiny = {buf, small, 0, 0, 0};                                                                         \
        eig_tridiag_ql_logged_finish_##PREC(n, EIG_STATUS_OK, sigma, d0, STRIDE, e0, STRIDE, zc, 0, 0, &tiny);        \
        int kept = 1;                                                                                                 \
        for (int k = small; k < small + 4; k++) kept &= buf[k] == (T)-7;                                              \
        eig_test_expect(tiny.len > small && kept, "%s n=%d: an overflowing log reported length %d for capacity %d%s", \
                        #PREC, n, tiny.len, small, kept ? "" : ", and was written past it");                         \
        /* the same in chunks, the capacity two reals short of a chunk's end:                                        \
         * a sweep after the overflow must not pad forever towards a chunk end                                       \
         * the saturated length never reaches */                                                                     \
        const int ch = 2 * n + 6, capc = ch - 4;                                                                      \
        for (int k = capc; k < capc + 4; k++) buf[k] = (T)-7;                                                         \
        eig_ql_log chunked = {buf, capc, ch, 0, 0};                                                                   \
        eig_tridiag_ql_logged_finish_##PREC(n, EIG_STATUS_OK, sigma, d1, STRIDE, e1, STRIDE, zc, 0, 0, &chunked);     \
        kept = 1;                                                                                                     \
        for (int k = capc; k < capc + 4; k++) kept &= buf[k] == (T)-7;                                                \
        eig_test_expect(chunked.len > capc && kept, "%s n=%d: a chunked overflowing log reported length %d for "     \
                        "capacity %d%s", #PREC, n, chunked.len, capc, kept ? "" : ", and was written past it");       \
    }
VECTOR_CHECK(d, double, 1e-13 * n)
VECTOR_CHECK(s, float, 2e-5f * n)

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
                check_vectors_d(&rng, sizes[s], zc);
                check_vectors_s(&rng, sizes[s], zc);
            }
    return eig_test_summary();
}

#include "testutil.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

uint64_t eig_test_seed(const char *test_name)
{
    const char *env = getenv("EIG_TEST_SEED");
    uint64_t seed;
    if (env && *env) {
        seed = strtoull(env, NULL, 0);
    } else {
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        seed = (uint64_t)ts.tv_sec * 1000003u ^ (uint64_t)ts.tv_nsec;
    }
    printf("%s: seed %llu (replay with EIG_TEST_SEED=%llu)\n", test_name,
           (unsigned long long)seed, (unsigned long long)seed);
    return seed;
}

static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

void eig_test_rng_init(eig_test_rng *r, uint64_t seed)
{
    for (int i = 0; i < 4; i++) { /* splitmix64 to fill the state */
        seed += 0x9e3779b97f4a7c15ull;
        uint64_t z = seed;
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        r->s[i] = z ^ (z >> 31);
    }
}

uint64_t eig_test_next(eig_test_rng *r)
{
    uint64_t *s = r->s;
    uint64_t result = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;
    s[2] ^= s[0]; s[3] ^= s[1]; s[1] ^= s[2]; s[0] ^= s[3];
    s[2] ^= t; s[3] = rotl(s[3], 45);
    return result;
}

double eig_test_uniform(eig_test_rng *r) { return (eig_test_next(r) >> 11) * 0x1.0p-53; }

double eig_test_normal(eig_test_rng *r)
{
    double u1 = eig_test_uniform(r), u2 = eig_test_uniform(r);
    if (u1 < 1e-300) u1 = 1e-300;
    return sqrt(-2.0 * log(u1)) * cos(6.283185307179586 * u2);
}

double eig_test_match_complex(int n, const double *cr, const double *ci, const double *rr,
                              const double *ri)
{
    char *used = calloc((size_t)n + 1, 1);
    double worst = 0;
    for (int k = 0; k < n; k++) {
        if (isnan(cr[k]) || isnan(ci[k])) { worst = INFINITY; break; }
        int best = -1;
        double bd = INFINITY;
        for (int j = 0; j < n; j++) {
            if (used[j]) continue;
            double d = hypot(cr[k] - rr[j], ci[k] - ri[j]);
            if (d < bd || best < 0) { bd = d; best = j; }
        }
        if (best >= 0) used[best] = 1;
        if (!(bd <= worst)) worst = bd;
    }
    free(used);
    return worst;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

double eig_test_match_real(int n, const double *c, const double *r)
{
    double *a = malloc(sizeof(double) * (size_t)(2 * n + 1)), *b = a + n, worst = 0;
    memcpy(a, c, sizeof(double) * (size_t)n);
    memcpy(b, r, sizeof(double) * (size_t)n);
    qsort(a, (size_t)n, sizeof(double), cmp_double);
    qsort(b, (size_t)n, sizeof(double), cmp_double);
    for (int k = 0; k < n; k++) {
        double d = fabs(a[k] - b[k]);
        if (isnan(a[k]) || isnan(b[k])) d = INFINITY;
        if (!(d <= worst)) worst = d;
    }
    free(a);
    return worst;
}

static int n_pass, n_fail;

void eig_test_expect(int ok, const char *fmt, ...)
{
    if (ok) { n_pass++; return; }
    n_fail++;
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "FAIL: ");
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, "\n");
    va_end(ap);
}

int eig_test_summary(void)
{
    printf("%d passed, %d failed\n", n_pass, n_fail);
    return n_fail ? 1 : 0;
}

/* The generator compiled for the device (eig_gpu_generate) against the same
 * source compiled for the host (eig_family_fill), as docs/format.md
 * promises: every family, both precisions, several orders, a random slice of
 * a random collection.
 *   bit for bit: tridiag-121, tridiag-uniform, wilkinson-glued, control
 *     (integer hashing, + - * / only);
 *   within bounds (Box–Muller's log and cos, pow, sin, cos round differently
 *   on the GPU): each entry within BOUND_ULPS units of its scale, the scale
 *   being |entry| (random-general, tridiag-geometric), |g_pq| + |g_qp| of the
 *   two N(0,1) draws an entry averages (random-symmetric, random-hermitian),
 *   and (n+2) sqrt(r_ii r_jj) for radar's r_ij; plus, in single
 *   precision, a float rounding on each side (2^-23 |entry|: two doubles
 *   a few ulp apart may round to neighbouring floats).
 * Also: generating into device memory gives the bytes generating into host
 * memory gives, and a slice cut in two calls the bytes of one call (any
 * chunking, any rank count). Exits 77 when no CUDA device is present. */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef EIGSWEEP_HAVE_CUDA
#include <cuda_runtime_api.h>
#endif

#include "batch_gpu.h"
#include "eig_error.h"
#include "families.h"
#include "families_impl.h"
#include "generate_gpu.h"
#include "testutil.h"

#define BOUND_ULPS 64.0

static eig_test_rng trng;
static double worst[EIG_FAM_COUNT]; /* largest |device - host| / (eps * scale) seen, per family */

static int rand_int(int lo, int hi) { return lo + (int)(eig_test_next(&trng) % (uint64_t)(hi - lo + 1)); }

static int exact_family(int fam)
{
    return fam == EIG_FAM_TRIDIAG_121 || fam == EIG_FAM_TRIDIAG_UNIFORM || fam == EIG_FAM_WILKINSON_GLUED ||
           fam == EIG_FAM_CONTROL;
}

/* The scale entry k of a matrix is compared against (see the top). */
static double entry_scale(int fam, int n, uint64_t seed, uint64_t index, const double *host, eig_idx k)
{
    switch (fam) {
    case EIG_FAM_RANDOM_SYMMETRIC:
    case EIG_FAM_RANDOM_HERMITIAN: {
        const eig_idx e = fam == EIG_FAM_RANDOM_HERMITIAN ? k / 2 : k;
        const int i = (int)(e / n), j = (int)(e % n);
        const unsigned stream = fam == EIG_FAM_RANDOM_HERMITIAN && k % 2 ? EIG_FAM_STREAM_IMAG : EIG_FAM_STREAM_ENTRY;
        return fabs(eig_fam_normal(seed, index, stream, (uint64_t)i * n + j)) +
               fabs(eig_fam_normal(seed, index, stream, (uint64_t)j * n + i));
    }
    case EIG_FAM_RADAR: {
        const eig_idx e = k / 2;
        const int i = (int)(e / n), j = (int)(e % n);
        return (n + 2) * sqrt(host[2 * ((eig_idx)i * n + i)] * host[2 * ((eig_idx)j * n + j)]);
    }
    default: return fabs(host[k]);
    }
}

/* One family, precision and order: a random slice, device vs host. */
static void compare(const eig_family *f, int n, eig_precision prec, eig_idx count)
{
    const int fam = eig_family_id(f), single = prec == EIG_PREC_SINGLE;
    const uint64_t seed = eig_test_next(&trng);
    const eig_idx total = count + rand_int(0, 5000), start = rand_int(0, (int)(total - count));
    eig_solve_params lp = {.kind = f->kind};
    const eig_idx per = eig_layout_of(&lp, n).input;
    const size_t es = single ? sizeof(float) : sizeof(double), bytes = (size_t)(count * per) * es;
    void *dev = malloc(bytes), *halves = malloc(bytes);
    double *host = malloc(sizeof(double) * (size_t)per);
    int rc = eig_gpu_generate(0, f, n, seed, start, count, total, prec, dev);
    eig_test_expect(rc == 0, "%s n=%d: eig_gpu_generate failed: %s", f->name, n, rc ? eig_error_message() : "");
    if (rc) {
        eig_error_clear();
        free(dev), free(halves), free(host);
        return;
    }
    long long off_bits = 0, off_bound = 0;
    double ratio = 0;
    for (eig_idx m = 0; m < count; m++) {
        eig_family_fill(f, n, seed, start + m, total, host);
        for (eig_idx k = 0; k < per; k++) {
            const double h = single ? (double)(float)host[k] : host[k];
            const double d = single ? (double)((float *)dev)[m * per + k] : ((double *)dev)[m * per + k];
            if (exact_family(fam)) {
                off_bits += memcmp(&h, &d, sizeof h) != 0;
                continue;
            }
            const double scale = entry_scale(fam, n, seed, (uint64_t)(start + m), host, k);
            const double diff = fabs(d - h), allowed = BOUND_ULPS * DBL_EPSILON * scale + (single ? 0x1p-23 * fabs(h) : 0);
            if (!(diff <= allowed) && off_bound++ < 3)
                printf("  %s n=%d %s matrix %lld entry %lld: host %.17g device %.17g, |diff| %.3g > allowed %.3g "
                       "(scale %.3g)\n",
                       f->name, n, single ? "single" : "double", (long long)(start + m), (long long)k, h, d, diff,
                       allowed, scale);
            if (!single && scale > 0 && diff / (DBL_EPSILON * scale) > ratio) ratio = diff / (DBL_EPSILON * scale);
        }
    }
    if (ratio > worst[fam]) worst[fam] = ratio;
    eig_test_expect(off_bits == 0, "%s n=%d %s, matrices %lld..%lld of %lld: %lld entries not bit-identical to the host's",
                    f->name, n, single ? "single" : "double", (long long)start, (long long)(start + count - 1),
                    (long long)total, off_bits);
    eig_test_expect(off_bound == 0, "%s n=%d %s, matrices %lld..%lld of %lld: %lld entries outside the documented bound",
                    f->name, n, single ? "single" : "double", (long long)start, (long long)(start + count - 1),
                    (long long)total, off_bound);

    /* The same slice in two calls: the same bytes. */
    const eig_idx first = count / 3;
    rc = eig_gpu_generate(0, f, n, seed, start, first, total, prec, halves);
    if (!rc) rc = eig_gpu_generate(0, f, n, seed, start + first, count - first, total, prec, (char *)halves + (size_t)(first * per) * es);
    eig_test_expect(rc == 0 && !memcmp(dev, halves, bytes), "%s n=%d %s: two calls differ from one", f->name, n,
                    single ? "single" : "double");
#ifdef EIGSWEEP_HAVE_CUDA
    /* Into device memory (the solve pipeline's way): the same bytes. */
    void *d_out = NULL;
    if (cudaMalloc(&d_out, bytes) == cudaSuccess) {
        rc = eig_gpu_generate(0, f, n, seed, start, count, total, prec, d_out);
        int back = rc == 0 && cudaMemcpy(halves, d_out, bytes, cudaMemcpyDeviceToHost) == cudaSuccess;
        eig_test_expect(back && !memcmp(dev, halves, bytes), "%s n=%d %s: device memory output differs from host output",
                        f->name, n, single ? "single" : "double");
        cudaFree(d_out);
    } else {
        eig_test_expect(0, "%s: cudaMalloc of %zu bytes failed", f->name, bytes);
    }
#endif
    eig_error_clear();
    free(dev), free(halves), free(host);
}

int main(void)
{
    if (eig_gpu_device_count() == 0) {
        printf("no CUDA device: skipped\n");
        return 77;
    }
    eig_test_rng_init(&trng, eig_test_seed("gpu_generate"));
    int nf = 0;
    const eig_family *table = eig_family_table(&nf);
    for (int k = 0; k < nf; k++) {
        const int radar = eig_family_id(&table[k]) == EIG_FAM_RADAR;
        const int orders[5] = {1, 2, rand_int(3, 20), rand_int(21, 64), radar ? 128 : rand_int(65, 200)};
        for (int p = 0; p < 2; p++)
            for (int o = 0; o < 5; o++) {
                const int n = orders[o];
                const eig_idx count = radar ? (n >= 64 ? 6 : 40) : 200000 / ((eig_idx)n * n) + rand_int(1, 50);
                compare(&table[k], n, p ? EIG_PREC_SINGLE : EIG_PREC_DOUBLE, count);
            }
    }
    /* Radar above the shared-memory scratch (n > 761 on Hopper): the block's scratch in global memory. */
    compare(eig_family_find("radar"), 770, EIG_PREC_DOUBLE, 1);
    compare(eig_family_find("radar"), 770, EIG_PREC_SINGLE, 1);

    for (int k = 0; k < nf; k++)
        if (!exact_family(eig_family_id(&table[k])))
            printf("%-18s largest |device - host| = %.2f eps * scale (bound %.0f)\n", table[k].name,
                   worst[eig_family_id(&table[k])], BOUND_ULPS);

    /* Bad arguments are refused, as on the host. */
    double out[8];
    eig_error_clear();
    eig_test_expect(eig_gpu_generate(0, &table[0], 0, 1, 0, 1, 1, EIG_PREC_DOUBLE, out) == EIG_ERR_USAGE &&
                        strstr(eig_error_message(), "n = 0"),
                    "n = 0 accepted or unclear: '%s'", eig_error_message());
    eig_error_clear();
    eig_test_expect(eig_gpu_generate(0, &table[0], 2, 1, 3, 2, 4, EIG_PREC_DOUBLE, out) != 0,
                    "a slice past the collection's end accepted");
    eig_error_clear();
    return eig_test_summary();
}

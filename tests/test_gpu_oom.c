/* The GPU backend when device memory runs out for real: another allocation
 * (this test's own cudaMalloc "hog") holds nearly all of the GPU.
 *
 *  (Case 2 runs first, before this process holds a device arena.)
 *  1. About 512 MB left free and a --max-gpu-mem budget far above it: the
 *     first arena allocation fails, the sub-chunks must shrink until they
 *     fit, and the results must still agree with the CPU backend on fresh
 *     random symmetric matrices (status ok, values within 100 n eps ||A||_F).
 *  2. A few MB left free and Hermitian matrices of order 512 with vectors
 *     (about 12 MB each per stream): no sub-chunk fits; the call must fail
 *     with EIG_ERR_RESOURCE and a message that names --max-gpu-mem, and the
 *     process must carry on (the next call, with the memory back, works).
 * Exits 77 (CTest: skipped) when no CUDA device is present. */
#include <cuda_runtime_api.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "batch_gpu.h"
#include "eig_error.h"
#include "eig_hd.h"
#include "eigsweep.h"
#include "testutil.h"

enum { MAX_HOG = 8192 };
static void *hog[MAX_HOG];
static int nhog;

/* Allocates device memory until about `leave` bytes are free. */
static size_t hog_until_free(size_t leave)
{
    size_t free_b = 0, total_b = 0;
    for (size_t block = (size_t)1 << 30; block >= ((size_t)1 << 20) && nhog < MAX_HOG;) {
        cudaMemGetInfo(&free_b, &total_b);
        if (free_b < leave + block) { block /= 2; continue; }
        if (cudaMalloc(&hog[nhog], block) != cudaSuccess) { cudaGetLastError(); block /= 2; continue; }
        nhog++;
    }
    cudaMemGetInfo(&free_b, &total_b);
    return free_b;
}

static void release_hog(void)
{
    while (nhog > 0) cudaFree(hog[--nhog]);
}

/* Case 1: shrinking sub-chunks give the CPU's answers. */
static int shrink_and_agree(eig_test_rng *rng)
{
    const int n = 32;
    const eig_idx count = 200000; /* 1.6 GB of input: the arena wants ~1.7 GB at 4 streams */
    eig_solve_params p = {EIG_KIND_SYMMETRIC, EIG_PREC_DOUBLE, EIG_METHOD_TRIDIAG_QL, 0, EIG_SELECT_ALL, 0, 0, 0, 0, 0};
    size_t nn = (size_t)n * n;
    double *a = malloc(sizeof(double) * nn * (size_t)count), *acpu = malloc(sizeof(double) * nn * (size_t)count);
    double *wc = malloc(sizeof(double) * (size_t)n * (size_t)count), *wg = malloc(sizeof(double) * (size_t)n * (size_t)count);
    int8_t *sc = malloc((size_t)count), *sg = malloc((size_t)count);
    int32_t *ic = malloc(sizeof(int32_t) * (size_t)count), *ig = malloc(sizeof(int32_t) * (size_t)count);
    if (!a || !acpu || !wc || !wg || !sc || !sg || !ic || !ig) { fprintf(stderr, "out of host memory\n"); return 1; }
    for (eig_idx m = 0; m < count; m++) {
        double *x = a + (size_t)m * nn;
        for (int i = 0; i < n; i++)
            for (int j = 0; j <= i; j++) x[i * n + j] = x[j * n + i] = eig_test_normal(rng);
    }
    memcpy(acpu, a, sizeof(double) * nn * (size_t)count); /* the CPU backend works in place */
    if (eig_cpu_solve_batch(&p, n, count, acpu, wc, sc, ic, NULL)) {
        fprintf(stderr, "CPU backend failed: %s\n", eig_error_message());
        return 1;
    }
    size_t left = hog_until_free((size_t)512 << 20);
    printf("case 1: %d hog blocks, %.0f MB left free, budget 64 GB claimed\n", nhog, (double)left / 1e6);
    memset(wg, 0xff, sizeof(double) * (size_t)n * (size_t)count); /* NaN: every value must be written */
    memset(sg, 99, (size_t)count);
    eig_gpu_config cfg = {0, 4, 0, (size_t)64 << 30, NULL, count};
    int rc = eig_gpu_solve_batch(&cfg, &p, n, count, a, wg, sg, ig, NULL);
    release_hog();
    int bad = 0;
    if (rc) {
        fprintf(stderr, "FAIL: GPU solve with little memory free returned %d: %s\n", rc, eig_error_message());
        bad = 1;
    }
    double worst = 0;
    for (eig_idx m = 0; m < count && !bad; m++) {
        double *x = a + (size_t)m * nn, fro = 0;
        for (size_t k = 0; k < nn; k++) fro += x[k] * x[k];
        double tol = 100.0 * n * DBL_EPSILON * sqrt(fro);
        if (sg[m] != sc[m] || sc[m] != EIG_STATUS_OK) {
            fprintf(stderr, "FAIL: matrix %lld status GPU %d CPU %d\n", (long long)m, sg[m], sc[m]);
            bad = 1;
            break;
        }
        double e = eig_test_match_real(n, wg + (size_t)m * n, wc + (size_t)m * n); /* +Inf for an unwritten NaN */
        if (!(e <= tol)) {
            fprintf(stderr, "FAIL: matrix %lld: GPU values differ from the CPU's by %.3g (tolerance %.3g)\n",
                    (long long)m, e, tol);
            bad = 1;
        }
        if (e / tol > worst) worst = e / tol;
    }
    if (!bad) printf("case 1: %lld matrices agree with the CPU (worst error/tolerance %.3g)\n", (long long)count, worst);
    free(a), free(acpu), free(wc), free(wg), free(sc), free(sg), free(ic), free(ig);
    return bad;
}

/* Case 2: nothing fits -> a clear error, and the process stays usable. */
static int refuse_cleanly(eig_test_rng *rng)
{
    const int n = 512;
    const eig_idx count = 8;
    eig_solve_params p = {EIG_KIND_HERMITIAN, EIG_PREC_DOUBLE, EIG_METHOD_TRIDIAG_QL, 1, EIG_SELECT_ALL, 0, 0, 0, 0, 0};
    eig_layout l = eig_layout_of(&p, n);
    double *a = calloc((size_t)(l.input * count), sizeof(double));
    double *w = malloc(sizeof(double) * (size_t)(l.values * count));
    double *v = malloc(sizeof(double) * (size_t)(l.vectors * count));
    int8_t st[8];
    int32_t it[8];
    if (!a || !w || !v) { fprintf(stderr, "out of host memory\n"); return 1; }
    for (eig_idx m = 0; m < count; m++) { /* Hermitian: A = B + B^H */
        double *x = a + (size_t)(m * l.input);
        for (int i = 0; i < n; i++)
            for (int j = 0; j <= i; j++) {
                double re = eig_test_normal(rng), im = i == j ? 0.0 : eig_test_normal(rng);
                x[2 * (i * n + j)] = re, x[2 * (i * n + j) + 1] = im;
                x[2 * (j * n + i)] = re, x[2 * (j * n + i) + 1] = -im;
            }
    }
    size_t left = hog_until_free((size_t)4 << 20);
    printf("case 2: %d hog blocks, %.1f MB left free\n", nhog, (double)left / 1e6);
    eig_gpu_config cfg = {0, 4, 0, 0, NULL, count};
    eig_error_clear();
    int rc = eig_gpu_solve_batch(&cfg, &p, n, count, a, w, st, it, v);
    const char *msg = eig_error_message();
    printf("case 2: rc %d, message: %s\n", rc, msg ? msg : "(none)");
    release_hog();
    int bad = 0;
    if (rc != EIG_ERR_RESOURCE || !msg || !strstr(msg, "--max-gpu-mem")) {
        fprintf(stderr, "FAIL: expected EIG_ERR_RESOURCE and a message naming --max-gpu-mem\n");
        bad = 1;
    }
    eig_error_clear();
    rc = eig_gpu_solve_batch(&cfg, &p, n, count, a, w, st, it, v);
    for (eig_idx m = 0; m < count && !rc; m++)
        if (st[m] != EIG_STATUS_OK) rc = -1;
    if (rc) {
        fprintf(stderr, "FAIL: with the memory back the same call failed (rc %d): %s\n", rc, eig_error_message());
        bad = 1;
    } else {
        printf("case 2: with the memory back the call succeeds\n");
    }
    free(a), free(w), free(v);
    return bad;
}

int main(void)
{
    if (eig_gpu_device_count() < 1) {
        printf("no CUDA device: skipped\n");
        return 77;
    }
    eig_test_rng rng;
    eig_test_rng_init(&rng, eig_test_seed("gpu_out_of_memory"));
    /* Case 2 first: the GPU context keeps its device arena between calls,
     * and case 1's would be enough for case 2. */
    eig_test_expect(!refuse_cleanly(&rng), "case 2: a clear EIG_ERR_RESOURCE when nothing fits, then recovery");
    eig_test_expect(!shrink_and_agree(&rng), "case 1: sub-chunks shrink to the memory left and agree with the CPU");
    eig_gpu_release(); /* leaves nothing for compute-sanitizer's leak check */
    return eig_test_summary();
}

/* eigsweep's public C API in a program of its own (docs/api.md): random
 * symmetric matrices solved on the CPU, and on the GPU when one is present,
 * each answer checked by its residual ||A v - lambda v||, the orthogonality
 * of its eigenvectors, and the two backends against each other.
 *
 *   cmake -S examples -B ex -DCMAKE_PREFIX_PATH=PREFIX && cmake --build ex && ex/api_example
 *   cc api_example.c $(pkg-config --cflags --libs eigsweep) -lm -o api_example
 *
 * Exits 0 when every check passes (a machine without a GPU runs the CPU
 * part and says "no GPU"), 1 otherwise. EIG_EXAMPLE_SEED=S repeats a run. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <eigsweep.h>

enum { N = 12, COUNT = 200 }; /* matrices of order N */

static uint64_t rng_state;

/* A uniform number in [-1, 1) (xorshift64*). */
static double uniform(void)
{
    rng_state ^= rng_state >> 12, rng_state ^= rng_state << 25, rng_state ^= rng_state >> 27;
    return (double)((rng_state * 2685821657736338717ull) >> 11) * 0x1p-52 - 1.0;
}

/* Largest |A v_k - lambda_k v_k| over k and the largest |V^T V - I| entry,
 * for one matrix (row-major a, vectors' column k = eigenvector k). */
static void check_one(const double *a, const double *w, const double *v, double *residual, double *orthogonality)
{
    *residual = 0, *orthogonality = 0;
    for (int k = 0; k < N; k++)
        for (int i = 0; i < N; i++) {
            double r = -w[k] * v[i * N + k];
            for (int j = 0; j < N; j++) r += a[i * N + j] * v[j * N + k];
            if (fabs(r) > *residual) *residual = fabs(r);
        }
    for (int k = 0; k < N; k++)
        for (int l = 0; l < N; l++) {
            double d = k == l ? -1.0 : 0.0;
            for (int i = 0; i < N; i++) d += v[i * N + k] * v[i * N + l];
            if (fabs(d) > *orthogonality) *orthogonality = fabs(d);
        }
}

/* Checks one backend's answers; prints a line; returns 1 when they pass. */
static int check_batch(const char *backend, const double *a, const double *w, const double *v, const int8_t *status)
{
    const double tol = 100.0 * N * 0x1p-52; /* relative to |A| <= N */
    double worst_res = 0, worst_orth = 0;
    int bad_status = 0, unsorted = 0;
    for (int m = 0; m < COUNT; m++) {
        double res, orth;
        if (status[m] != 0) {
            bad_status++;
            continue;
        }
        check_one(a + (size_t)m * N * N, w + (size_t)m * N, v + (size_t)m * N * N, &res, &orth);
        if (res > worst_res) worst_res = res;
        if (orth > worst_orth) worst_orth = orth;
        for (int k = 1; k < N; k++) unsorted += w[(size_t)m * N + k] < w[(size_t)m * N + k - 1];
    }
    int ok = bad_status == 0 && unsorted == 0 && worst_res <= tol * N && worst_orth <= tol;
    printf("%s: %d matrices of order %d: %d not ok, largest residual %.2e, largest |V^T V - I| %.2e, "
           "%d out of order: %s\n",
           backend, COUNT, N, bad_status, worst_res, worst_orth, unsorted, ok ? "pass" : "FAIL");
    return ok;
}

int main(void)
{
    const char *seed_env = getenv("EIG_EXAMPLE_SEED");
    uint64_t seed = seed_env ? strtoull(seed_env, NULL, 10) : (uint64_t)time(NULL);
    rng_state = seed ? seed : 1;
    printf("%s; seed %llu\n", eig_version(), (unsigned long long)seed);

    /* The solve: symmetric, double, eigenvalues and eigenvectors, the method
     * chosen by each backend (AUTO). */
    eig_solve_params p;
    memset(&p, 0, sizeof p);
    p.kind = EIG_KIND_SYMMETRIC;
    p.precision = EIG_PREC_DOUBLE;
    p.method = EIG_METHOD_AUTO;
    p.vectors = 1;
    eig_layout l = eig_layout_of(&p, N); /* reals per matrix: input, values, vectors */

    double *a = malloc(sizeof(double) * (size_t)(l.input * COUNT));
    double *work = malloc(sizeof(double) * (size_t)(l.input * COUNT));
    double *w = malloc(sizeof(double) * (size_t)(l.values * COUNT));
    double *v = malloc(sizeof(double) * (size_t)(l.vectors * COUNT));
    int8_t *status = malloc(COUNT);
    int32_t *iterations = malloc(sizeof(int32_t) * COUNT);
    if (!a || !work || !w || !v || !status || !iterations) return fprintf(stderr, "out of memory\n"), 1;
    for (int m = 0; m < COUNT; m++) /* symmetric, entries in [-1, 1) */
        for (int i = 0; i < N; i++)
            for (int j = 0; j <= i; j++) a[(size_t)m * N * N + i * N + j] = a[(size_t)m * N * N + j * N + i] = uniform();

    /* CPU: the input buffer is used as workspace, so solve a copy. */
    memcpy(work, a, sizeof(double) * (size_t)(l.input * COUNT));
    if (eig_cpu_solve_batch(&p, N, COUNT, work, w, status, iterations, v) != 0) {
        fprintf(stderr, "eig_cpu_solve_batch: %s\n", eig_error_message());
        return 1;
    }
    int ok = check_batch("CPU", a, w, v, status);

    /* GPU (host buffers; see docs/api.md for buffers on the device and a stream). */
    int gpus = eig_gpu_device_count();
    eig_gpu_config cfg = {0}; /* device 0, every setting automatic */
    double *wg = malloc(sizeof(double) * (size_t)(l.values * COUNT));
    double *vg = malloc(sizeof(double) * (size_t)(l.vectors * COUNT));
    if (!wg || !vg) return fprintf(stderr, "out of memory\n"), 1;
    int rc = eig_gpu_solve_batch(&cfg, &p, N, COUNT, a, wg, status, iterations, vg);
    if (gpus == 0) {
        /* No device: the call must refuse with EIG_ERR_RESOURCE and a message. */
        printf("no GPU: %s (eig_gpu_solve_batch returned %d)\n", eig_error_message(), rc);
        ok = ok && rc == EIG_ERR_RESOURCE && eig_error_message()[0];
    } else if (rc != 0) {
        fprintf(stderr, "eig_gpu_solve_batch: %s\n", eig_error_message());
        ok = 0;
    } else {
        char name[256];
        eig_gpu_describe(cfg.device, name, sizeof name);
        printf("GPU %d: %s\n", cfg.device, name);
        ok = check_batch("GPU", a, wg, vg, status) && ok;
        double diff = 0; /* eigenvalues are well defined: the two backends agree */
        for (size_t k = 0; k < (size_t)(l.values * COUNT); k++)
            if (fabs(wg[k] - w[k]) > diff) diff = fabs(wg[k] - w[k]);
        int agree = diff <= 100.0 * N * N * 0x1p-52;
        printf("GPU against CPU: largest eigenvalue difference %.2e: %s\n", diff, agree ? "pass" : "FAIL");
        ok = ok && agree;
        eig_gpu_release();
    }
    free(a), free(work), free(w), free(v), free(wg), free(vg), free(status), free(iterations);
    printf("%s\n", ok ? "all checks passed" : "SOME CHECKS FAILED");
    return ok ? 0 : 1;
}

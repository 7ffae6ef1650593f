/* The anchors of ../shared/anchors.md, measured in the same run as eigsweep:
 *   bench_anchors syevj   COUNT N [vectors]   cuSOLVER DsyevjBatched (data on the GPU)
 *   bench_anchors heevj   COUNT N             cuSOLVER ZheevjBatched, with vectors
 *   bench_anchors xheev   COUNT N [values]    cuSOLVER XsyevBatched, complex double, with vectors (or values only)
 *   bench_anchors xsyev   COUNT N [values]    cuSOLVER XsyevBatched, real double, with vectors (or values only)
 *   bench_anchors dgeev   COUNT N             LAPACK dgeev, OpenMP over matrices
 *   bench_anchors dstebz  COUNT N             LAPACK dstebz, all eigenvalues, OpenMP
 * Prints "anchor <what> COUNT N: best of R = X ms" (R = $BENCH_REPS, default 3;
 * 1 for the slow LAPACK anchors on a tight device budget). Inputs: N(0,1) entries,
 * symmetrised/Hermitian-ised like eigsweep's random families. */
#include <cuComplex.h>
#include <cuda_runtime.h>
#include <cusolverDn.h>
#include <lapacke.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec * 1e-6;
}

static double gauss(unsigned long long *s)
{
    double u = 0;
    for (int k = 0; k < 12; k++) { /* sum of uniforms: fine for a benchmark input */
        *s = *s * 6364136223846793005ull + 1442695040888963407ull;
        u += (double)(*s >> 11) * 0x1.0p-53;
    }
    return u - 6.0;
}

#define CHECK(x) do { if ((x) != 0) { fprintf(stderr, "%s failed (%d)\n", #x, (int)(x)); exit(1); } } while (0)

/* count random symmetric n x n matrices (Gaussian entries), row-major. */
static double *random_symmetric(int count, int n, unsigned long long seed)
{
    size_t nn = (size_t)n * n;
    double *h = malloc(sizeof(double) * nn * count);
    for (int m = 0; m < count; m++)
        for (int i = 0; i < n; i++)
            for (int j = 0; j <= i; j++) h[m * nn + i * n + j] = h[m * nn + j * n + i] = gauss(&seed);
    return h;
}

static void bench_syevj(int count, int n, int vectors)
{
    size_t nn = (size_t)n * n;
    double *h = random_symmetric(count, n, 7);
    double *dA, *dW;
    int *dinfo, lwork;
    CHECK(cudaMalloc((void **)&dA, sizeof(double) * nn * count));
    CHECK(cudaMalloc((void **)&dW, sizeof(double) * n * count));
    CHECK(cudaMalloc((void **)&dinfo, sizeof(int) * count));
    cusolverDnHandle_t handle;
    syevjInfo_t params;
    CHECK(cusolverDnCreate(&handle));
    CHECK(cusolverDnCreateSyevjInfo(&params));
    cusolverEigMode_t mode = vectors ? CUSOLVER_EIG_MODE_VECTOR : CUSOLVER_EIG_MODE_NOVECTOR;
    CHECK(cusolverDnDsyevjBatched_bufferSize(handle, mode, CUBLAS_FILL_MODE_LOWER, n, dA, n, dW, &lwork, params, count));
    double *work;
    CHECK(cudaMalloc((void **)&work, sizeof(double) * lwork));
    double best = 1e30;
    for (int r = 0; r < 3; r++) {
        CHECK(cudaMemcpy(dA, h, sizeof(double) * nn * count, cudaMemcpyHostToDevice));
        cudaEvent_t a, b;
        cudaEventCreate(&a), cudaEventCreate(&b);
        cudaEventRecord(a, 0);
        CHECK(cusolverDnDsyevjBatched(handle, mode, CUBLAS_FILL_MODE_LOWER, n, dA, n, dW, work, lwork, dinfo, params, count));
        cudaEventRecord(b, 0);
        cudaEventSynchronize(b);
        float ms;
        cudaEventElapsedTime(&ms, a, b);
        if (ms < best) best = ms;
    }
    printf("anchor cusolverDnDsyevjBatched%s %d x %d: best of 3 = %.3f ms (device-resident data)\n",
           vectors ? " vectors" : "", count, n, best);
    cudaFree(work), cudaFree(dA), cudaFree(dW), cudaFree(dinfo);
    cusolverDnDestroySyevjInfo(params), cusolverDnDestroy(handle);
    free(h);
}

/* count random Hermitian n x n matrices (Gaussian entries), row-major. */
static cuDoubleComplex *random_hermitian(int count, int n, unsigned long long seed)
{
    size_t nn = (size_t)n * n;
    cuDoubleComplex *h = malloc(sizeof(cuDoubleComplex) * nn * count);
    for (int m = 0; m < count; m++)
        for (int i = 0; i < n; i++)
            for (int j = 0; j <= i; j++) {
                double re = gauss(&seed), im = i == j ? 0 : gauss(&seed);
                h[m * nn + i * n + j] = make_cuDoubleComplex(re, im);
                h[m * nn + j * n + i] = make_cuDoubleComplex(re, -im);
            }
    return h;
}

static void bench_heevj(int count, int n)
{
    size_t nn = (size_t)n * n;
    cuDoubleComplex *h = random_hermitian(count, n, 11);
    cuDoubleComplex *dA, *work;
    double *dW;
    int *dinfo, lwork;
    CHECK(cudaMalloc((void **)&dA, sizeof(cuDoubleComplex) * nn * count));
    CHECK(cudaMalloc((void **)&dW, sizeof(double) * n * count));
    CHECK(cudaMalloc((void **)&dinfo, sizeof(int) * count));
    cusolverDnHandle_t handle;
    syevjInfo_t params;
    CHECK(cusolverDnCreate(&handle));
    CHECK(cusolverDnCreateSyevjInfo(&params));
    CHECK(cusolverDnZheevjBatched_bufferSize(handle, CUSOLVER_EIG_MODE_VECTOR, CUBLAS_FILL_MODE_LOWER, n, dA, n, dW, &lwork, params, count));
    CHECK(cudaMalloc((void **)&work, sizeof(cuDoubleComplex) * lwork));
    double best = 1e30;
    for (int r = 0; r < 3; r++) {
        CHECK(cudaMemcpy(dA, h, sizeof(cuDoubleComplex) * nn * count, cudaMemcpyHostToDevice));
        cudaEvent_t a, b;
        cudaEventCreate(&a), cudaEventCreate(&b);
        cudaEventRecord(a, 0);
        CHECK(cusolverDnZheevjBatched(handle, CUSOLVER_EIG_MODE_VECTOR, CUBLAS_FILL_MODE_LOWER, n, dA, n, dW, work, lwork, dinfo, params, count));
        cudaEventRecord(b, 0);
        cudaEventSynchronize(b);
        float ms;
        cudaEventElapsedTime(&ms, a, b);
        if (ms < best) best = ms;
    }
    printf("anchor cusolverDnZheevjBatched vectors %d x %d: best of 3 = %.3f ms (device-resident data)\n", count, n, best);
    cudaFree(work), cudaFree(dA), cudaFree(dW), cudaFree(dinfo);
    cusolverDnDestroySyevjInfo(params), cusolverDnDestroy(handle);
    free(h);
}

static int bench_reps(void)
{
    const char *r = getenv("BENCH_REPS");
    return r && atoi(r) > 0 ? atoi(r) : 3;
}

/* cusolverDnXsyevBatched, with vectors or values only, on `count` n x n
 * matrices already in host memory h (elements of elem_bytes, type a_type:
 * real or complex double); times the library call alone, data on the
 * device. */
static void time_xsyev(const void *h, size_t elem_bytes, cudaDataType a_type, int count, int n, const char *label,
                       int vectors)
{
    const cusolverEigMode_t mode = vectors ? CUSOLVER_EIG_MODE_VECTOR : CUSOLVER_EIG_MODE_NOVECTOR;
    size_t nn = (size_t)n * n;
    void *dA;
    double *dW;
    int *dinfo;
    CHECK(cudaMalloc(&dA, elem_bytes * nn * count));
    CHECK(cudaMalloc((void **)&dW, sizeof(double) * n * count));
    CHECK(cudaMalloc((void **)&dinfo, sizeof(int) * count));
    cusolverDnHandle_t handle;
    cusolverDnParams_t params;
    CHECK(cusolverDnCreate(&handle));
    CHECK(cusolverDnCreateParams(&params));
    size_t dev_b = 0, host_b = 0;
    CHECK(cusolverDnXsyevBatched_bufferSize(handle, params, mode, CUBLAS_FILL_MODE_LOWER, n, a_type,
                                            dA, n, CUDA_R_64F, dW, a_type, &dev_b, &host_b, count));
    void *dwork, *hwork = malloc(host_b ? host_b : 1);
    CHECK(cudaMalloc(&dwork, dev_b ? dev_b : 1));
    double best = 1e30;
    int reps = bench_reps();
    for (int r = 0; r < reps; r++) {
        CHECK(cudaMemcpy(dA, h, elem_bytes * nn * count, cudaMemcpyHostToDevice));
        cudaEvent_t a, b;
        cudaEventCreate(&a), cudaEventCreate(&b);
        cudaEventRecord(a, 0);
        CHECK(cusolverDnXsyevBatched(handle, params, mode, CUBLAS_FILL_MODE_LOWER, n, a_type, dA, n,
                                     CUDA_R_64F, dW, a_type, dwork, dev_b, hwork, host_b, dinfo, count));
        cudaEventRecord(b, 0);
        cudaEventSynchronize(b);
        float ms;
        cudaEventElapsedTime(&ms, a, b);
        if (ms < best) best = ms;
    }
    printf("anchor cusolverDnXsyevBatched %s %s %d x %d: best of %d = %.3f ms (device-resident data)\n", label,
           vectors ? "vectors" : "values only", count, n, reps, best);
    cudaFree(dwork), cudaFree(dA), cudaFree(dW), cudaFree(dinfo), free(hwork);
    cusolverDnDestroyParams(params), cusolverDnDestroy(handle);
}

static void bench_xheev(int count, int n, int vectors)
{
    cuDoubleComplex *h = random_hermitian(count, n, 13);
    time_xsyev(h, sizeof(cuDoubleComplex), CUDA_C_64F, count, n, "complex", vectors);
    free(h);
}

static void bench_xsyev(int count, int n, int vectors)
{
    double *h = random_symmetric(count, n, 17);
    time_xsyev(h, sizeof(double), CUDA_R_64F, count, n, "real", vectors);
    free(h);
}

static void bench_dgeev(int count, int n)
{
    size_t nn = (size_t)n * n;
    double *h = malloc(sizeof(double) * nn * count);
    unsigned long long s = 5;
    for (size_t i = 0; i < nn * count; i++) h[i] = gauss(&s);
    double best = 1e30;
    int reps = bench_reps();
    for (int r = 0; r < reps; r++) {
        double t0 = now_ms();
#pragma omp parallel
        {
            double *a = malloc(sizeof(double) * nn), *wr = malloc(sizeof(double) * 2 * n);
#pragma omp for schedule(dynamic, 64)
            for (int m = 0; m < count; m++) {
                memcpy(a, h + m * nn, sizeof(double) * nn);
                LAPACKE_dgeev(LAPACK_ROW_MAJOR, 'N', 'N', n, a, n, wr, wr + n, NULL, n, NULL, n);
            }
            free(a), free(wr);
        }
        double t = now_ms() - t0;
        if (t < best) best = t;
    }
    printf("anchor LAPACK dgeev, %d OpenMP threads, %d x %d: best of %d = %.1f ms\n", omp_get_max_threads(), count, n, reps, best);
    free(h);
}

static void bench_dstebz(int count, int n)
{
    double *d = malloc(sizeof(double) * (size_t)n * count), *e = malloc(sizeof(double) * (size_t)n * count);
    unsigned long long s = 3;
    for (size_t i = 0; i < (size_t)n * count; i++) d[i] = gauss(&s), e[i] = gauss(&s);
    double best = 1e30;
    int reps = bench_reps();
    for (int r = 0; r < reps; r++) {
        double t0 = now_ms();
#pragma omp parallel
        {
            double *w = malloc(sizeof(double) * n);
            lapack_int *ib = malloc(sizeof(lapack_int) * 2 * n), m, ns;
#pragma omp for schedule(dynamic, 16)
            for (int k = 0; k < count; k++)
                LAPACKE_dstebz('A', 'E', n, 0, 0, 0, 0, 0, d + (size_t)k * n, e + (size_t)k * n, &m, &ns, w, ib, ib + n);
            free(w), free(ib);
        }
        double t = now_ms() - t0;
        if (t < best) best = t;
    }
    printf("anchor LAPACK dstebz, %d OpenMP threads, %d x %d: best of %d = %.1f ms\n", omp_get_max_threads(), count, n, reps, best);
    free(d), free(e);
}

int main(int argc, char **argv)
{
    if (argc < 4) { fprintf(stderr, "usage: bench_anchors syevj|heevj|xheev|xsyev|dgeev|dstebz COUNT N [vectors | values]\n"); return 2; }
    int count = atoi(argv[2]), n = atoi(argv[3]);
    if (!strcmp(argv[1], "syevj")) bench_syevj(count, n, argc > 4);
    else if (!strcmp(argv[1], "heevj")) bench_heevj(count, n);
    else if (!strcmp(argv[1], "xheev")) bench_xheev(count, n, !(argc > 4 && !strcmp(argv[4], "values")));
    else if (!strcmp(argv[1], "xsyev")) bench_xsyev(count, n, !(argc > 4 && !strcmp(argv[4], "values")));
    else if (!strcmp(argv[1], "dgeev")) bench_dgeev(count, n);
    else if (!strcmp(argv[1], "dstebz")) bench_dstebz(count, n);
    else return 2;
    return 0;
}

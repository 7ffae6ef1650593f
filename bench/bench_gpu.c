/* eigsweep's GPU backend timed the way the driver calls it: eig_gpu_solve_batch
 * on pinned host buffers, host memory in and host memory out (H2D, layout
 * transforms, kernels, D2H over the streams), one warm-up call, then the best
 * of R calls. Inputs are generated here (no file system in the figure).
 * `resident`: the same call on buffers already in device memory, as the
 * cuSOLVER anchors are timed (the copies become device-to-device).
 *
 *   bench_gpu FAMILY N COUNT [vectors] [method=M] [kernel=K] [reps=R] [streams=S] [single] [resident]
 *             [family=NAME] [input=FILE]
 *
 * FAMILY: general | symmetric | hermitian | tridiagonal. Entries are ~N(0,1)
 * (sum of four uniforms, rescaled), symmetrised / Hermitian-ised; or, with
 * family=NAME, the matrices of a built-in generator family of that kind
 * (e.g. family=control: the closed-loop matrices a control sweep forms, so
 * a sweep's wall can be set against the kernels' rate on its matrices).
 * input=FILE: the COUNT matrices are read from FILE instead (raw native-endian
 * values in eigsweep's input layout, e.g. a peer benchmark's own test matrices),
 * so that both solve exactly the same inputs.
 * Prints one line: "eigsweep-gpu FAMILY METHOD n=N count=C kernel=K vectors=V:
 * best of R = X ms (host to host), not-ok=K". */
#include <cuda_runtime.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "batch_gpu.h"
#include "eig_error.h"
#include "eigsweep.h"
#include "families.h"

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec * 1e-6;
}

/* Counter-based so the OpenMP fill does not depend on the thread count. */
static double approx_normal(unsigned long long k)
{
    double u = 0;
    for (int r = 0; r < 4; r++) {
        unsigned long long z = (k * 4 + r + 1) * 0x9E3779B97F4A7C15ull;
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        z ^= z >> 31;
        u += (double)(z >> 11) * 0x1.0p-53;
    }
    return (u - 2.0) * 1.7320508075688772; /* variance 4/12 -> 1 */
}

/* input=FILE: exactly COUNT matrices of the layout's size, nothing more or less. */
static int read_input(const char *path, size_t bytes, void *buf)
{
    FILE *f = fopen(path, "rb");
    if (!f) return fprintf(stderr, "input=%s: cannot open\n", path), 1;
    size_t got = fread(buf, 1, bytes, f);
    int extra = fgetc(f) != EOF;
    fclose(f);
    if (got != bytes || extra)
        return fprintf(stderr, "input=%s: expected exactly %zu bytes (COUNT matrices in the input layout), file differs\n",
                       path, bytes), 1;
    return 0;
}

static void fill_input(const eig_solve_params *p, int n, eig_idx count, void *buf)
{
    eig_layout l = eig_layout_of(p, n);
    int single = p->precision == EIG_PREC_SINGLE, zc = p->kind == EIG_KIND_HERMITIAN ? 2 : 1;
#pragma omp parallel for schedule(static)
    for (eig_idx m = 0; m < count; m++) {
        for (eig_idx k = 0; k < l.input; k++) {
            eig_idx i = k / ((eig_idx)n * zc), j = (k / zc) % n, c = k % zc;
            /* symmetric/Hermitian: draw the lower triangle, mirror (conjugate) it */
            eig_idx src = k;
            double sign = 1;
            if ((p->kind == EIG_KIND_SYMMETRIC || p->kind == EIG_KIND_HERMITIAN) && j > i) {
                src = (j * n + i) * zc + c;
                if (c == 1) sign = -1;
            }
            double x = sign * approx_normal((unsigned long long)(m * l.input + src));
            if (p->kind == EIG_KIND_HERMITIAN && i == j && c == 1) x = 0;
            if (single) ((float *)buf)[m * l.input + k] = (float)x;
            else ((double *)buf)[m * l.input + k] = x;
        }
    }
}

int main(int argc, char **argv)
{
    if (argc < 4) {
        fprintf(stderr, "usage: bench_gpu FAMILY N COUNT [vectors] [method=M] [kernel=K] [reps=R] [streams=S] [single] "
                        "[resident] [family=NAME] [input=FILE]\n");
        return 2;
    }
    eig_solve_params p;
    memset(&p, 0, sizeof p);
    if (eig_kind_parse(argv[1], &p.kind)) return fprintf(stderr, "%s\n", eig_error_message()), 2;
    int n = atoi(argv[2]), reps = 3, resident = 0;
    const char *input = NULL;
    eig_idx count = atoll(argv[3]);
    eig_gpu_config cfg = {0, 4, 0, 0, NULL, 0};
    const eig_family *family = NULL;
    for (int a = 4; a < argc; a++) {
        if (!strcmp(argv[a], "vectors")) p.vectors = 1;
        else if (!strcmp(argv[a], "single")) p.precision = EIG_PREC_SINGLE;
        else if (!strcmp(argv[a], "resident")) resident = 1;
        else if (!strncmp(argv[a], "method=", 7)) {
            if (eig_method_parse(argv[a] + 7, &p.method)) return fprintf(stderr, "%s\n", eig_error_message()), 2;
        } else if (!strncmp(argv[a], "kernel=", 7)) cfg.kernel = argv[a] + 7;
        else if (!strncmp(argv[a], "reps=", 5)) reps = atoi(argv[a] + 5);
        else if (!strncmp(argv[a], "streams=", 8)) cfg.streams = atoi(argv[a] + 8);
        else if (!strncmp(argv[a], "family=", 7)) {
            family = eig_family_find(argv[a] + 7);
            if (!family) return fprintf(stderr, "unknown family %s\n", argv[a] + 7), 2;
            if (family->kind != p.kind)
                return fprintf(stderr, "family %s is %s, not %s\n", family->name, eig_kind_name(family->kind),
                               eig_kind_name(p.kind)), 2;
        } else if (!strncmp(argv[a], "input=", 6)) input = argv[a] + 6;
        else return fprintf(stderr, "unknown argument %s\n", argv[a]), 2;
    }
    /* the driver's choice on the GPU when no method= is given */
    if (eig_method_resolve_gpu(&p, n)) return fprintf(stderr, "%s\n", eig_error_message()), 2;
    if (eig_gpu_device_count() == 0) return fprintf(stderr, "no CUDA device\n"), 77;
    eig_layout l = eig_layout_of(&p, n);
    size_t es = p.precision == EIG_PREC_SINGLE ? sizeof(float) : sizeof(double);
    size_t in_b = es * (size_t)(l.input * count), val_b = es * (size_t)(l.values * count);
    size_t vec_b = es * (size_t)(l.vectors * count);
    void *in = malloc(in_b), *val = malloc(val_b), *vec = vec_b ? malloc(vec_b) : NULL;
    int8_t *st = malloc((size_t)count);
    int32_t *it = malloc(sizeof(int32_t) * (size_t)count);
    if (!in || !val || (vec_b && !vec) || !st || !it) return fprintf(stderr, "out of host memory\n"), 1;
    if (input) {
        if (read_input(input, in_b, in)) return 1;
    } else if (family) {
        if (eig_family_fill_range(family, n, 1, 0, count, count, p.precision, in))
            return fprintf(stderr, "family %s: cannot generate n=%d: %s\n", family->name, n, eig_error_message()), 2;
    } else
        fill_input(&p, n, count, in);
    /* pinned like the driver's chunk buffers (eig_gpu_pin = cudaHostRegister) */
    eig_gpu_pin(in, in_b), eig_gpu_pin(val, val_b), eig_gpu_pin(vec, vec_b);
    eig_gpu_pin(st, (size_t)count), eig_gpu_pin(it, sizeof(int32_t) * (size_t)count);
    /* resident: the call's five buffers in device memory (the host ones keep the results) */
    void *c_in = in, *c_val = val, *c_vec = vec, *c_st = st, *c_it = it;
    if (resident) {
        if (cudaMalloc(&c_in, in_b) || cudaMalloc(&c_val, val_b) || (vec_b && cudaMalloc(&c_vec, vec_b)) ||
            cudaMalloc(&c_st, (size_t)count) || cudaMalloc(&c_it, sizeof(int32_t) * (size_t)count) ||
            cudaMemcpy(c_in, in, in_b, cudaMemcpyHostToDevice))
            return fprintf(stderr, "resident: device buffers: %s\n", cudaGetErrorString(cudaGetLastError())), 1;
    }
    double best = 1e30;
    for (int r = 0; r <= reps; r++) { /* r = 0: warm-up (streams, arena, module load) */
        double t0 = now_ms();
        if (eig_gpu_solve_batch(&cfg, &p, n, count, c_in, c_val, c_st, c_it, c_vec)) {
            fprintf(stderr, "eig_gpu_solve_batch: %s\n", eig_error_message());
            return 1;
        }
        double t = now_ms() - t0;
        if (r > 0 && t < best) best = t;
    }
    if (resident && cudaMemcpy(st, c_st, (size_t)count, cudaMemcpyDeviceToHost))
        return fprintf(stderr, "resident: status back: %s\n", cudaGetErrorString(cudaGetLastError())), 1;
    if (resident && cudaMemcpy(it, c_it, sizeof(int32_t) * (size_t)count, cudaMemcpyDeviceToHost))
        return fprintf(stderr, "resident: iterations back: %s\n", cudaGetErrorString(cudaGetLastError())), 1;
    long long bad = 0;
    double iters = 0; /* the solver's iterations a matrix (sweeps, rotations' passes): a change in convergence
                         shows here before it shows in the time */
    for (eig_idx m = 0; m < count; m++) bad += st[m] != 0, iters += it[m];
    printf("eigsweep-gpu %s%s%s %s %s n=%d count=%lld kernel=%s vectors=%d: best of %d = %.2f ms (%s), not-ok=%lld, "
           "iterations %.2f a matrix\n",
           eig_kind_name(p.kind), family ? " family=" : "", family ? family->name : "", eig_method_name(p.method), p.precision == EIG_PREC_SINGLE ? "single" : "double", n,
           (long long)count, cfg.kernel ? cfg.kernel : "auto", p.vectors, reps, best,
           resident ? "device-resident" : "host to host", bad, iters / (double)count);
    return 0;
}

/* Sweep formation compiled for the device (eig_gpu_sweep_form) against the
 * same source compiled for the host (eig_sweep_fill, io/sweep_form_impl.h):
 * bit for bit, as docs/sweeps.md promises, for every kind, both precisions,
 * grids of K = 1..4 axes and lists of points, orders from 1 to 100, random
 * bases and coordinates. Also: forming into device memory gives the bytes
 * forming into host memory gives, and a slice cut in two calls the bytes of
 * one call. Exits 77 when no CUDA device is present. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef EIGSWEEP_HAVE_CUDA
#include <cuda_runtime_api.h>
#endif

#include "batch_gpu.h"
#include "eig_error.h"
#include "sweep_form_gpu.h"
#include "sweep_spec.h"
#include "testutil.h"

static eig_test_rng trng;

static int rand_int(int lo, int hi) { return lo + (int)(eig_test_next(&trng) % (uint64_t)(hi - lo + 1)); }

/* A spec in memory, as eig_sweep_spec_open leaves one: random bases of the
 * kind (exactly symmetric / Hermitian), K axes or M points of random values. */
static void make_spec(eig_sweep_spec *s, eig_kind kind, eig_precision prec, int n, int K, int points)
{
    memset(s, 0, sizeof *s);
    snprintf(s->path, sizeof s->path, "(test spec)");
    s->kind = kind, s->precision = prec, s->n = n;
    eig_solve_params lp = {.kind = kind};
    const eig_idx per = eig_layout_of(&lp, n).input;
    s->form.per = per, s->form.params = K;
    s->bases = malloc(sizeof(double) * (size_t)((K + 1) * per));
    for (int k = 0; k <= K; k++) {
        double *a = s->bases + (eig_idx)k * per;
        for (eig_idx e = 0; e < per; e++) a[e] = eig_test_normal(&trng);
        if (kind == EIG_KIND_SYMMETRIC)
            for (int i = 0; i < n; i++)
                for (int j = 0; j < i; j++) a[(eig_idx)i * n + j] = a[(eig_idx)j * n + i];
        if (kind == EIG_KIND_HERMITIAN)
            for (int i = 0; i < n; i++)
                for (int j = 0; j <= i; j++) {
                    eig_idx ij = (eig_idx)i * n + j, ji = (eig_idx)j * n + i;
                    a[2 * ij] = a[2 * ji];
                    a[2 * ij + 1] = i == j ? 0.0 : -a[2 * ji + 1];
                }
    }
    if (points) {
        s->count = rand_int(1, 3000);
        s->coords = malloc(sizeof(double) * (size_t)(s->count * K));
        for (eig_idx i = 0; i < s->count * K; i++) s->coords[i] = 4 * eig_test_uniform(&trng) - 2;
        s->form.axes = 0;
    } else {
        eig_idx total = 0;
        s->count = 1;
        for (int k = 0; k < K; k++) {
            s->form.dims[k] = rand_int(1, K > 2 ? 12 : 60);
            s->form.offset[k] = total;
            total += s->form.dims[k];
            s->count *= s->form.dims[k];
        }
        s->coords = malloc(sizeof(double) * (size_t)total);
        for (eig_idx i = 0; i < total; i++) s->coords[i] = 4 * eig_test_uniform(&trng) - 2;
        s->form.axes = K;
    }
    s->form.bases = s->bases, s->form.coords = s->coords;
}

static void compare(eig_kind kind, eig_precision prec, int n, int K, int points)
{
    eig_sweep_spec s;
    make_spec(&s, kind, prec, n, K, points);
    const char *what = eig_kind_name(kind);
    const size_t es = prec == EIG_PREC_SINGLE ? 4 : 8;
    /* a random slice of the sweep */
    const eig_idx start = rand_int(0, (int)(s.count - 1)), most = 2000000 / s.form.per + 1;
    const eig_idx count = rand_int(1, (int)(s.count - start < most ? s.count - start : most));
    const size_t bytes = (size_t)(count * s.form.per) * es;
    char *host = malloc(bytes), *dev = malloc(bytes), *halves = malloc(bytes);
    eig_gpu_sweep *g = NULL;
    int rc = eig_sweep_fill(&s, start, count, prec, host);
    eig_test_expect(rc == 0, "%s: eig_sweep_fill failed: %s", what, eig_error_message());
    rc = eig_gpu_sweep_upload(0, &s, &g);
    eig_test_expect(rc == 0, "%s: upload failed: %s", what, eig_error_message());
    if (!rc) {
        rc = eig_gpu_sweep_form(g, start, count, prec, dev);
        eig_test_expect(rc == 0 && memcmp(host, dev, bytes) == 0,
                        "%s %s n=%d K=%d %s [%lld,+%lld): device and host formation differ", what,
                        prec == EIG_PREC_SINGLE ? "single" : "double", n, K, points ? "points" : "grid",
                        (long long)start, (long long)count);
        const eig_idx half = count / 2;
        rc = eig_gpu_sweep_form(g, start, half, prec, halves);
        rc |= eig_gpu_sweep_form(g, start + half, count - half, prec, halves + (size_t)(half * s.form.per) * es);
        eig_test_expect(rc == 0 && memcmp(host, halves, bytes) == 0, "%s n=%d: a slice formed in two calls differs",
                        what, n);
#ifdef EIGSWEEP_HAVE_CUDA
        void *d = NULL;
        if (cudaMalloc(&d, bytes) == cudaSuccess) {
            memset(halves, 0, bytes);
            rc = eig_gpu_sweep_form(g, start, count, prec, d);
            rc |= cudaMemcpy(halves, d, bytes, cudaMemcpyDeviceToHost) != cudaSuccess;
            eig_test_expect(rc == 0 && memcmp(host, halves, bytes) == 0,
                            "%s n=%d: formed into device memory differs from into host memory", what, n);
            cudaFree(d);
        } else {
            eig_test_expect(0, "cudaMalloc of %zu bytes failed", bytes);
        }
#endif
    }
    eig_error_clear();
    eig_gpu_sweep_free(g);
    eig_sweep_spec_close(&s);
    free(host), free(dev), free(halves);
}

int main(void)
{
    if (eig_gpu_device_count() == 0) {
        printf("no CUDA device: skipped\n");
        return 77;
    }
    eig_test_rng_init(&trng, eig_test_seed("gpu_sweep_form"));
    const eig_kind kinds[] = {EIG_KIND_GENERAL, EIG_KIND_SYMMETRIC, EIG_KIND_HERMITIAN, EIG_KIND_TRIDIAGONAL};
    for (int k = 0; k < 4; k++)
        for (int p = 0; p < 2; p++)
            for (int K = 1; K <= 4; K++) {
                const int orders[3] = {1, rand_int(2, 20), rand_int(21, 100)};
                for (int o = 0; o < 3; o++)
                    for (int points = 0; points < 2; points++)
                        compare(kinds[k], p ? EIG_PREC_SINGLE : EIG_PREC_DOUBLE, orders[o], K, points);
            }
    return eig_test_summary();
}

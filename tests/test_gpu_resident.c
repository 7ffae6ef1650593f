/* eig_gpu_solve_batch on buffers that already live in device memory (a
 * caller that keeps its data on the GPU; bench_gpu's `resident` mode): for
 * each kernel family of the backend, fresh random matrices are solved once
 * from pinned host buffers and once from device buffers. The answers must
 * be bit-identical (same kernel, same data, same order of operations), the
 * device input must be left as it was, and every output must be written
 * (outputs poisoned beforehand).
 *
 * Then eig_gpu_solve_batch_on_stream, the public call on a caller's stream
 * (include/eigsweep.h), on two streams at once, each ordered between the
 * caller's own work: a host function that holds the first stream until the
 * call has returned (the call must not wait for the stream), the input
 * copied in on the stream, the solve, the outputs copied out on the stream,
 * and only the streams synchronised. Both must give the host-buffer answers
 * bit for bit. Host memory given to it is refused with EIG_ERR_USAGE.
 * Exits 77 when no CUDA device is present. */
#include <cuda_runtime_api.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "batch_gpu.h"
#include "eig_error.h"
#include "eigsweep.h"
#include "testutil.h"

typedef struct {
    const char *name;
    eig_kind kind;
    eig_method method;
    int vectors, n;
    const char *kernel;
} resident_case;

/* One case per kernel (warp-tridiag with and without vectors), at sizes that
 * take their main path. */
static const resident_case cases[] = {
    {"general, one thread per matrix", EIG_KIND_GENERAL, EIG_METHOD_FRANCIS, 0, 9, "thread-global"},
    {"general, team in shared memory", EIG_KIND_GENERAL, EIG_METHOD_FRANCIS, 0, 30, "warp-general"},
    {"symmetric Jacobi, vectors", EIG_KIND_SYMMETRIC, EIG_METHOD_JACOBI, 1, 24, "warp-jacobi"},
    {"symmetric QL, vectors", EIG_KIND_SYMMETRIC, EIG_METHOD_TRIDIAG_QL, 1, 40, "block-tridiag"},
    {"symmetric QL, vectors, warp per matrix", EIG_KIND_SYMMETRIC, EIG_METHOD_TRIDIAG_QL, 1, 130, "warp-sym"},
    {"symmetric QL, small, shared", EIG_KIND_SYMMETRIC, EIG_METHOD_TRIDIAG_QL, 0, 8, "thread-shared"},
    {"symmetric QL values, warp per 32", EIG_KIND_SYMMETRIC, EIG_METHOD_TRIDIAG_QL, 0, 32, "warp-tridiag"},
    {"Hermitian QL values, warp per 32", EIG_KIND_HERMITIAN, EIG_METHOD_TRIDIAG_QL, 0, 20, "warp-tridiag"},
    {"Hermitian QL, vectors", EIG_KIND_HERMITIAN, EIG_METHOD_TRIDIAG_QL, 1, 33, "block-tridiag"},
    {"Hermitian Jacobi, vectors, block per matrix", EIG_KIND_HERMITIAN, EIG_METHOD_JACOBI, 1, 40, "block-jacobi"},
    {"symmetric Jacobi values, block per matrix", EIG_KIND_SYMMETRIC, EIG_METHOD_JACOBI, 0, 17, "block-jacobi"},
    {"symmetric QL, vectors, warp per G", EIG_KIND_SYMMETRIC, EIG_METHOD_TRIDIAG_QL, 1, 32, "warp-tridiag"},
    {"Hermitian QL, vectors, warp per G", EIG_KIND_HERMITIAN, EIG_METHOD_TRIDIAG_QL, 1, 28, "warp-tridiag"},
    {"tridiagonal bisection", EIG_KIND_TRIDIAGONAL, EIG_METHOD_BISECTION, 0, 50, "eigval-thread"},
};

static void *device_copy_of(const void *host, size_t bytes)
{
    void *d = NULL;
    if (cudaMalloc(&d, bytes ? bytes : 1) != cudaSuccess) return NULL;
    if (host && cudaMemcpy(d, host, bytes, cudaMemcpyHostToDevice) != cudaSuccess) return cudaFree(d), NULL;
    if (!host) cudaMemset(d, 0x7f, bytes); /* poison: a value never written stays 0x7f7f... */
    return d;
}

static int back_to_host(void *host, const void *dev, size_t bytes)
{
    return cudaMemcpy(host, dev, bytes, cudaMemcpyDeviceToHost) == cudaSuccess;
}

/* The gate a host function holds the first stream at until the solve call has
 * returned; if the call waited for the stream instead, the gate gives up after
 * 10 s and says so (a failure, not a hang). */
static atomic_int gate_open, gate_timed_out;

static void CUDART_CB hold_stream_until_gate(void *unused)
{
    (void)unused;
    struct timespec tick = {0, 1000000};
    for (int ms = 0; !atomic_load(&gate_open); ms++) {
        if (ms >= 10000) {
            atomic_store(&gate_timed_out, 1);
            return;
        }
        nanosleep(&tick, NULL);
    }
}

typedef struct {
    void *in, *val, *st, *it, *vec;
} device_set;

static int device_set_alloc(device_set *d, size_t in_b, size_t val_b, size_t st_b, size_t it_b, size_t vec_b)
{
    d->in = device_copy_of(NULL, in_b), d->val = device_copy_of(NULL, val_b), d->st = device_copy_of(NULL, st_b);
    d->it = device_copy_of(NULL, it_b), d->vec = vec_b ? device_copy_of(NULL, vec_b) : NULL;
    return d->in && d->val && d->st && d->it && (!vec_b || d->vec);
}

static void device_set_free(device_set *d) { cudaFree(d->in), cudaFree(d->val), cudaFree(d->st), cudaFree(d->it), cudaFree(d->vec); }

typedef struct {
    void *val, *st, *it, *vec, *in;
} host_set;

static void solve_on_two_streams(const resident_case *rc, const eig_gpu_config *cfg, const eig_solve_params *p, int n,
                                 eig_idx count, const double *a, size_t in_b, size_t val_b, size_t st_b, size_t it_b,
                                 size_t vec_b, const void *hv, const void *hs, const void *hi, const void *hx,
                                 cudaStream_t *streams, device_set *d, host_set *h);

/* eig_gpu_solve_batch_on_stream of the same matrices on two streams; the
 * results, copied back on each stream into pinned host memory, against the
 * host-buffer call's answers. */
static void run_case_on_stream(const resident_case *rc, const eig_gpu_config *cfg, const eig_solve_params *p, int n,
                               eig_idx count, const double *a, size_t in_b, size_t val_b, size_t st_b, size_t it_b,
                               size_t vec_b, const void *hv, const void *hs, const void *hi, const void *hx)
{
    cudaStream_t streams[2] = {NULL, NULL};
    device_set d[2];
    host_set h[2];
    memset(d, 0, sizeof d), memset(h, 0, sizeof h);
    int ok = 1;
    for (int k = 0; k < 2; k++) {
        ok = ok && cudaStreamCreateWithFlags(&streams[k], cudaStreamNonBlocking) == cudaSuccess;
        ok = ok && device_set_alloc(&d[k], in_b, val_b, st_b, it_b, vec_b);
        h[k].val = malloc(val_b), h[k].st = malloc(st_b), h[k].it = malloc(it_b), h[k].in = malloc(in_b);
        h[k].vec = vec_b ? malloc(vec_b) : NULL;
        eig_gpu_pin(h[k].val, val_b), eig_gpu_pin(h[k].st, st_b), eig_gpu_pin(h[k].it, it_b), eig_gpu_pin(h[k].in, in_b);
        eig_gpu_pin(h[k].vec, vec_b);
    }
    cudaDeviceSynchronize(); /* the poison is in place before the streams start */
    eig_test_expect(ok, "%s: on a stream: could not set up streams and device buffers", rc->name);
    if (ok) solve_on_two_streams(rc, cfg, p, n, count, a, in_b, val_b, st_b, it_b, vec_b, hv, hs, hi, hx, streams, d, h);
    for (int k = 0; k < 2; k++) {
        if (streams[k]) cudaStreamDestroy(streams[k]);
        device_set_free(&d[k]);
        eig_gpu_unpin(h[k].val), eig_gpu_unpin(h[k].st), eig_gpu_unpin(h[k].it), eig_gpu_unpin(h[k].in);
        eig_gpu_unpin(h[k].vec);
        free(h[k].val), free(h[k].st), free(h[k].it), free(h[k].in), free(h[k].vec);
    }
}

static void solve_on_two_streams(const resident_case *rc, const eig_gpu_config *cfg, const eig_solve_params *p, int n,
                                 eig_idx count, const double *a, size_t in_b, size_t val_b, size_t st_b, size_t it_b,
                                 size_t vec_b, const void *hv, const void *hs, const void *hi, const void *hx,
                                 cudaStream_t *streams, device_set *d, host_set *h)
{
    atomic_store(&gate_open, 0), atomic_store(&gate_timed_out, 0);
    int rcs[2], held = 0;
    for (int k = 0; k < 2; k++) {
        cudaStream_t s = streams[k];
        if (k == 0) cudaLaunchHostFunc(s, hold_stream_until_gate, NULL);
        cudaMemcpyAsync(d[k].in, a, in_b, cudaMemcpyHostToDevice, s);
        rcs[k] = eig_gpu_solve_batch_on_stream(cfg, p, n, count, d[k].in, d[k].val, d[k].st, d[k].it, d[k].vec, s);
        if (k == 0) {
            held = cudaStreamQuery(s) == cudaErrorNotReady; /* the gate still holds the stream */
            atomic_store(&gate_open, 1);
        }
        cudaMemcpyAsync(h[k].val, d[k].val, val_b, cudaMemcpyDeviceToHost, s);
        cudaMemcpyAsync(h[k].st, d[k].st, st_b, cudaMemcpyDeviceToHost, s);
        cudaMemcpyAsync(h[k].it, d[k].it, it_b, cudaMemcpyDeviceToHost, s);
        cudaMemcpyAsync(h[k].in, d[k].in, in_b, cudaMemcpyDeviceToHost, s);
        if (vec_b) cudaMemcpyAsync(h[k].vec, d[k].vec, vec_b, cudaMemcpyDeviceToHost, s);
    }
    for (int k = 0; k < 2; k++) {
        cudaError_t e = cudaStreamSynchronize(streams[k]);
        const char *which = k == 0 ? "stream 1 (held)" : "stream 2";
        eig_test_expect(rcs[k] == 0, "%s: on %s: %s", rc->name, which, rcs[k] ? eig_error_message() : "");
        eig_test_expect(e == cudaSuccess, "%s: on %s: %s", rc->name, which, cudaGetErrorString(e));
        if (rcs[k] || e != cudaSuccess) continue;
        eig_test_expect(!memcmp(hv, h[k].val, val_b), "%s: on %s: eigenvalues differ from the host-buffer call",
                        rc->name, which);
        eig_test_expect(!memcmp(hs, h[k].st, st_b), "%s: on %s: status differs", rc->name, which);
        eig_test_expect(!memcmp(hi, h[k].it, it_b), "%s: on %s: iterations differ", rc->name, which);
        eig_test_expect(!vec_b || !memcmp(hx, h[k].vec, vec_b), "%s: on %s: eigenvectors differ", rc->name, which);
        eig_test_expect(!memcmp(a, h[k].in, in_b), "%s: on %s: the device input was modified", rc->name, which);
    }
    eig_test_expect(held && !atomic_load(&gate_timed_out),
                    "%s: eig_gpu_solve_batch_on_stream waited for the caller's stream instead of returning", rc->name);
}

static void run_case(const resident_case *rc, eig_test_rng *rng)
{
    eig_solve_params p;
    memset(&p, 0, sizeof p);
    p.kind = rc->kind, p.method = rc->method, p.vectors = rc->vectors, p.precision = EIG_PREC_DOUBLE;
    const int n = rc->n;
    const eig_idx count = 500; /* several sub-chunks over 3 streams with chunk 64 */
    eig_layout l = eig_layout_of(&p, n);
    const int zc = p.kind == EIG_KIND_HERMITIAN ? 2 : 1;
    size_t in_b = sizeof(double) * (size_t)(l.input * count), val_b = sizeof(double) * (size_t)(l.values * count);
    size_t vec_b = sizeof(double) * (size_t)(l.vectors * count), st_b = (size_t)count,
           it_b = sizeof(int32_t) * (size_t)count;
    double *a = malloc(in_b);
    for (eig_idx m = 0; m < count; m++) {
        double *am = a + m * l.input;
        for (eig_idx k = 0; k < l.input; k++) am[k] = eig_test_normal(rng);
        if (p.kind == EIG_KIND_SYMMETRIC || p.kind == EIG_KIND_HERMITIAN)
            for (int i = 0; i < n; i++)
                for (int j = 0; j <= i; j++)
                    for (int c = 0; c < zc; c++) {
                        double x = i == j && c == 1 ? 0 : am[((size_t)i * n + j) * zc + c];
                        am[((size_t)i * n + j) * zc + c] = x;
                        am[((size_t)j * n + i) * zc + c] = c == 1 ? -x : x;
                    }
    }
    void *hv = malloc(val_b), *hx = vec_b ? malloc(vec_b) : NULL, *hs = malloc(st_b), *hi = malloc(it_b);
    void *dv = malloc(val_b), *dx = vec_b ? malloc(vec_b) : NULL, *ds = malloc(st_b), *di = malloc(it_b);
    double *a_after = malloc(in_b);
    eig_gpu_config cfg = {0, 3, 64, 0, rc->kernel, 0};
    eig_gpu_pin(a, in_b), eig_gpu_pin(hv, val_b), eig_gpu_pin(hx, vec_b), eig_gpu_pin(hs, st_b), eig_gpu_pin(hi, it_b);
    int rc_h = eig_gpu_solve_batch(&cfg, &p, n, count, a, hv, hs, hi, hx);
    eig_test_expect(rc_h == 0, "%s: host buffers: %s", rc->name, rc_h ? eig_error_message() : "");

    void *d_in = device_copy_of(a, in_b), *d_val = device_copy_of(NULL, val_b), *d_st = device_copy_of(NULL, st_b);
    void *d_it = device_copy_of(NULL, it_b), *d_vec = vec_b ? device_copy_of(NULL, vec_b) : NULL;
    int have = d_in && d_val && d_st && d_it && (!vec_b || d_vec);
    eig_test_expect(have, "%s: could not allocate device buffers", rc->name);
    if (have) {
        int rc_d = eig_gpu_solve_batch(&cfg, &p, n, count, d_in, d_val, d_st, d_it, d_vec);
        eig_test_expect(rc_d == 0, "%s: device buffers: %s", rc->name, rc_d ? eig_error_message() : "");
        int back = back_to_host(dv, d_val, val_b) && back_to_host(ds, d_st, st_b) && back_to_host(di, d_it, it_b) &&
                   (!vec_b || back_to_host(dx, d_vec, vec_b)) && back_to_host(a_after, d_in, in_b);
        eig_test_expect(back, "%s: copying results back failed", rc->name);
        if (rc_h == 0 && rc_d == 0 && back) {
            int ok_count = 0;
            for (eig_idx m = 0; m < count; m++) ok_count += ((int8_t *)hs)[m] == 0;
            eig_test_expect(ok_count > count / 2, "%s: only %d of %lld random matrices converged", rc->name, ok_count,
                            (long long)count);
            eig_test_expect(!memcmp(hv, dv, val_b), "%s: eigenvalues differ between host and device buffers", rc->name);
            eig_test_expect(!memcmp(hs, ds, st_b), "%s: status differs between host and device buffers", rc->name);
            eig_test_expect(!memcmp(hi, di, it_b), "%s: iterations differ between host and device buffers", rc->name);
            eig_test_expect(!vec_b || !memcmp(hx, dx, vec_b), "%s: eigenvectors differ between host and device buffers",
                            rc->name);
            eig_test_expect(!memcmp(a, a_after, in_b), "%s: the device input was modified", rc->name);
        }
    }
    if (rc_h == 0)
        run_case_on_stream(rc, &cfg, &p, n, count, a, in_b, val_b, st_b, it_b, vec_b, hv, hs, hi, hx);
    cudaFree(d_in), cudaFree(d_val), cudaFree(d_st), cudaFree(d_it), cudaFree(d_vec);
    eig_gpu_unpin(a), eig_gpu_unpin(hv), eig_gpu_unpin(hx), eig_gpu_unpin(hs), eig_gpu_unpin(hi);
    free(a), free(a_after), free(hv), free(hx), free(hs), free(hi), free(dv), free(dx), free(ds), free(di);
}

int main(void)
{
    if (eig_gpu_device_count() == 0) {
        printf("no CUDA device: skipped\n");
        return 77;
    }
    eig_test_rng rng;
    eig_test_rng_init(&rng, eig_test_seed("gpu_resident"));
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) run_case(&cases[c], &rng);
    /* Host memory is not what the stream call takes: refused, named, nothing run. */
    eig_solve_params p;
    memset(&p, 0, sizeof p);
    p.kind = EIG_KIND_SYMMETRIC, p.method = EIG_METHOD_AUTO;
    double in[4] = {2, 1, 1, 2}, val[2];
    int8_t st;
    int32_t it;
    eig_gpu_config cfg = {0};
    int rc = eig_gpu_solve_batch_on_stream(&cfg, &p, 2, 1, in, val, &st, &it, NULL, NULL);
    eig_test_expect(rc == EIG_ERR_USAGE && strstr(eig_error_message(), "input buffer"),
                    "host input on a stream: returned %d (%s), expected EIG_ERR_USAGE naming the input buffer", rc,
                    eig_error_message());
    eig_gpu_release(); /* leaves nothing for compute-sanitizer's leak check */
    return eig_test_summary();
}

/* The public batch calls (include/eigsweep.h) refuse what a caller outside
 * eigsweep can get wrong, with EIG_ERR_USAGE and a message naming it, and
 * touch no buffer when they do: a NULL parameter block or buffer, n outside
 * [1, 4096], a negative count, an index subset outside 0..n-1 (which would
 * otherwise write past the values), vectors requested without a buffer or
 * for a family that has none. Method AUTO is resolved by the call: the
 * answers equal those of the method it resolves to, bit for bit, on fresh
 * random matrices. The GPU calls, on a machine without a GPU (or a build
 * without CUDA), return EIG_ERR_RESOURCE saying "no CUDA device"; with a
 * GPU, host memory given to the stream call is refused. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "eig_error.h"
#include "eigsweep.h"
#include "testutil.h"

enum { N = 9, COUNT = 40 };

/* The call returned `want`, its message contains `word`, and `values` still holds its poison. */
static void expect_refused(int rc, int want, const char *word, const double *values, size_t nvalues, const char *what)
{
    eig_test_expect(rc == want, "%s: returned %d, expected %d (%s)", what, rc, want, eig_error_message());
    eig_test_expect(strstr(eig_error_message(), word) != NULL, "%s: the message '%s' does not mention '%s'", what,
                    eig_error_message(), word);
    int untouched = 1;
    for (size_t k = 0; k < nvalues; k++) untouched = untouched && values[k] == -7.0;
    eig_test_expect(untouched, "%s: the values buffer was written although the call was refused", what);
    eig_error_clear();
}

static void fill_symmetric(eig_test_rng *rng, double *a)
{
    for (int m = 0; m < COUNT; m++)
        for (int i = 0; i < N; i++)
            for (int j = 0; j <= i; j++) a[m * N * N + i * N + j] = a[m * N * N + j * N + i] = eig_test_normal(rng);
}

int main(void)
{
    eig_test_rng rng;
    eig_test_rng_init(&rng, eig_test_seed("api_args"));
    static double a[COUNT * N * N], work[COUNT * N * N], w[COUNT * N], w2[COUNT * N], v[COUNT * N * N],
        v2[COUNT * N * N];
    static int8_t st[COUNT], st2[COUNT];
    static int32_t it[COUNT], it2[COUNT];
    fill_symmetric(&rng, a);
    eig_solve_params p;
    memset(&p, 0, sizeof p);
    p.kind = EIG_KIND_SYMMETRIC, p.method = EIG_METHOD_AUTO;
    const size_t nw = sizeof w / sizeof w[0];
#define POISON() for (size_t k = 0; k < nw; k++) w[k] = -7.0
#define CPU(P, n, count, in, vec) eig_cpu_solve_batch(P, n, count, in, w, st, it, vec)

    POISON();
    expect_refused(CPU(NULL, N, COUNT, work, NULL), EIG_ERR_USAGE, "parameters", w, nw, "NULL parameters");
    POISON();
    expect_refused(CPU(&p, 0, COUNT, work, NULL), EIG_ERR_USAGE, "n = 0", w, nw, "n = 0");
    expect_refused(CPU(&p, 4097, 1, work, NULL), EIG_ERR_USAGE, "n = 4097", w, nw, "n = 4097");
    expect_refused(CPU(&p, N, -1, work, NULL), EIG_ERR_USAGE, "negative", w, nw, "count -1");
    expect_refused(CPU(&p, N, COUNT, NULL, NULL), EIG_ERR_USAGE, "input", w, nw, "NULL input");
    expect_refused(eig_cpu_solve_batch(&p, N, COUNT, work, w, NULL, it, NULL), EIG_ERR_USAGE, "status", w, nw,
                   "NULL status");
    eig_solve_params q = p;
    q.vectors = 1;
    expect_refused(CPU(&q, N, COUNT, work, NULL), EIG_ERR_USAGE, "vectors buffer", w, nw, "vectors without a buffer");
    q = p, q.kind = EIG_KIND_GENERAL, q.vectors = 1;
    expect_refused(CPU(&q, N, COUNT, work, v), EIG_ERR_USAGE, "general", w, nw, "vectors of general matrices");
    q = p, q.method = EIG_METHOD_BISECTION, q.select = EIG_SELECT_INDEX, q.il = 2, q.iu = N; /* iu past the last */
    expect_refused(CPU(&q, N, COUNT, work, NULL), EIG_ERR_USAGE, "il <= iu < n", w, nw, "index subset past n");
    q.il = 3, q.iu = 2;
    expect_refused(CPU(&q, N, COUNT, work, NULL), EIG_ERR_USAGE, "il <= iu < n", w, nw, "index subset il > iu");
    q = p, q.method = EIG_METHOD_BISECTION, q.select = EIG_SELECT_RANGE, q.vl = 1, q.vu = NAN;
    expect_refused(CPU(&q, N, COUNT, work, NULL), EIG_ERR_USAGE, "vl < vu", w, nw, "value subset (1, NaN]");
    q = p, q.kind = (eig_kind)17;
    expect_refused(CPU(&q, N, COUNT, work, NULL), EIG_ERR_USAGE, "kind 17", w, nw, "kind out of range");
    q = p, q.method = EIG_METHOD_JACOBI, q.kind = EIG_KIND_TRIDIAGONAL;
    expect_refused(CPU(&q, N, COUNT, work, NULL), EIG_ERR_USAGE, "does not apply", w, nw, "jacobi on tridiagonal");
    eig_test_expect(CPU(&p, N, 0, NULL, NULL) == 0, "count 0 with no buffers: %s", eig_error_message());

    /* AUTO is resolved by the call: the same bits as the method it picks. */
    eig_solve_params resolved = p;
    resolved.vectors = 1;
    eig_test_expect(eig_method_resolve(&resolved, N) == 0 && resolved.method != EIG_METHOD_AUTO,
                    "eig_method_resolve: %s", eig_error_message());
    q = p, q.vectors = 1;
    memcpy(work, a, sizeof a);
    int rc1 = eig_cpu_solve_batch(&q, N, COUNT, work, w, st, it, v);
    memcpy(work, a, sizeof a);
    int rc2 = eig_cpu_solve_batch(&resolved, N, COUNT, work, w2, st2, it2, v2);
    eig_test_expect(rc1 == 0 && rc2 == 0, "AUTO solve: %d / %d: %s", rc1, rc2, eig_error_message());
    int ok = 0;
    for (int m = 0; m < COUNT; m++) ok += st[m] == 0;
    eig_test_expect(ok == COUNT, "AUTO: only %d of %d random symmetric matrices solved", ok, COUNT);
    eig_test_expect(!memcmp(w, w2, sizeof w) && !memcmp(v, v2, sizeof v) && !memcmp(st, st2, sizeof st) &&
                        !memcmp(it, it2, sizeof it),
                    "AUTO differs from %s, the method it resolves to", eig_method_name(resolved.method));

    /* The GPU calls: no device means EIG_ERR_RESOURCE, "no CUDA device", nothing written. */
    eig_gpu_config cfg;
    memset(&cfg, 0, sizeof cfg);
    POISON();
    if (eig_gpu_device_count() == 0) {
        expect_refused(eig_gpu_solve_batch(&cfg, &p, N, COUNT, a, w, st, it, NULL), EIG_ERR_RESOURCE,
                       "no CUDA device", w, nw, "eig_gpu_solve_batch without a device");
        expect_refused(eig_gpu_solve_batch_on_stream(&cfg, &p, N, COUNT, a, w, st, it, NULL, NULL), EIG_ERR_RESOURCE,
                       "no CUDA device", w, nw, "eig_gpu_solve_batch_on_stream without a device");
    } else {
        expect_refused(eig_gpu_solve_batch(&cfg, NULL, N, COUNT, a, w, st, it, NULL), EIG_ERR_USAGE, "parameters", w,
                       nw, "eig_gpu_solve_batch, NULL parameters");
        expect_refused(eig_gpu_solve_batch_on_stream(&cfg, &p, N, COUNT, a, w, st, it, NULL, NULL), EIG_ERR_USAGE,
                       "input buffer", w, nw, "eig_gpu_solve_batch_on_stream on host buffers");
        cfg.device = eig_gpu_device_count();
        expect_refused(eig_gpu_solve_batch(&cfg, &p, N, COUNT, a, w, st, it, NULL), EIG_ERR_USAGE, "does not exist",
                       w, nw, "eig_gpu_solve_batch on a device past the last");
        eig_gpu_release();
    }
    return eig_test_summary();
}

/* --reduce on the GPU (eig_gpu_solve_reduce_batch): the reductions computed
 * on the device from each sub-chunk's eigenvalues equal, bit for bit, the
 * host's (solvers/reduce_impl.h compiled for the CPU) of the same
 * eigenvalues, the ones the device sends back; and a call that keeps the
 * eigenvalues on the device (values NULL) gives the same reductions and
 * status. Every kind, both precisions, element-wise and matrix-wise kernels
 * (general n = 5: thread-shared; n = 20: warp-general; symmetric n = 24:
 * warp-jacobi), a few matrices with NaN entries (invalid_input: NaN
 * reductions, counts -1). Exits 77 when no CUDA device is present. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "batch_gpu.h"
#include "eig_error.h"
#include "precision.h"
#include "reduce_batch.h"
#include "testutil.h"

static eig_test_rng rng;

/* count random matrices of the kind in the input layout (double), a few NaN. */
static double *make_input(eig_kind kind, int n, eig_idx count, eig_idx per)
{
    double *a = malloc(sizeof(double) * (size_t)(per * count));
    for (eig_idx m = 0; m < count; m++) {
        double *x = a + m * per;
        if (kind == EIG_KIND_GENERAL || kind == EIG_KIND_TRIDIAGONAL) {
            for (eig_idx k = 0; k < per; k++) x[k] = eig_test_normal(&rng);
        } else if (kind == EIG_KIND_SYMMETRIC) {
            for (int i = 0; i < n; i++)
                for (int j = 0; j <= i; j++) x[i * n + j] = x[j * n + i] = eig_test_normal(&rng);
        } else { /* hermitian: (re, im) pairs, real diagonal */
            for (int i = 0; i < n; i++)
                for (int j = 0; j <= i; j++) {
                    double re = eig_test_normal(&rng), im = i == j ? 0.0 : eig_test_normal(&rng);
                    x[2 * (i * n + j)] = re, x[2 * (i * n + j) + 1] = im;
                    x[2 * (j * n + i)] = re, x[2 * (j * n + i) + 1] = -im;
                }
        }
        if (m % 97 == 13) x[0] = NAN; /* a failing point */
    }
    return a;
}

static void run_case(eig_kind kind, int n, eig_precision prec, const char *list)
{
    const eig_idx count = 2000 + (eig_idx)(eig_test_next(&rng) % 3000);
    eig_solve_params p = {0};
    p.kind = kind, p.precision = prec;
    eig_layout l = eig_layout_of(&p, n);
    const size_t es = prec == EIG_PREC_SINGLE ? 4 : 8;
    double *in64 = make_input(kind, n, count, l.input);
    void *in = malloc(es * (size_t)(l.input * count)), *vals = malloc(es * (size_t)(l.values * count));
    for (eig_idx k = 0; k < l.input * count; k++)
        if (prec == EIG_PREC_SINGLE) ((float *)in)[k] = (float)in64[k];
        else ((double *)in)[k] = in64[k];
    eig_reduce_list red;
    int rc = eig_reduce_parse(list, &red);
    if (!rc) rc = eig_reduce_resolve(&red, &p, n);
    double *r1 = malloc(sizeof(double) * (size_t)(red.slots * count)), *r2 = malloc(sizeof(double) * (size_t)(red.slots * count));
    double *host = malloc(sizeof(double) * (size_t)red.slots);
    int8_t *st1 = malloc((size_t)count), *st2 = malloc((size_t)count);
    int32_t *it = malloc(sizeof(int32_t) * (size_t)count);
    eig_gpu_config cfg = {0};
    if (!rc) rc = eig_gpu_solve_reduce_batch(&cfg, &p, n, count, in, vals, st1, it, NULL, &red, r1);
    if (!rc) rc = eig_gpu_solve_reduce_batch(&cfg, &p, n, count, in, NULL, st2, it, NULL, &red, r2);
    eig_test_expect(rc == 0, "%s n=%d %s: %s", eig_kind_name(kind), n, list, rc ? eig_error_message() : "");
    if (!rc) {
        long long off = 0, failed = 0;
        for (eig_idx m = 0; m < count; m++) {
            const int general = kind == EIG_KIND_GENERAL;
            if (prec == EIG_PREC_SINGLE)
                eig_reduce_one_s(&red, general, n, st1[m], (const float *)vals + m * l.values, 1, host);
            else
                eig_reduce_one_d(&red, general, n, st1[m], (const double *)vals + m * l.values, 1, host);
            off += memcmp(host, r1 + m * red.slots, sizeof(double) * (size_t)red.slots) != 0;
            failed += st1[m] != 0;
        }
        eig_test_expect(off == 0, "%s n=%d %s %s: %lld of %lld points' device reductions differ from the host's",
                        eig_kind_name(kind), n, prec == EIG_PREC_SINGLE ? "single" : "double", list, off, (long long)count);
        eig_test_expect(failed >= count / 97, "%s n=%d: only %lld failed points", eig_kind_name(kind), n, failed);
        eig_test_expect(!memcmp(r1, r2, sizeof(double) * (size_t)(red.slots * count)) && !memcmp(st1, st2, (size_t)count),
                        "%s n=%d %s: values kept on the device changed the reductions", eig_kind_name(kind), n, list);
    }
    eig_error_clear();
    free(in64), free(in), free(vals), free(r1), free(r2), free(host), free(st1), free(st2), free(it);
}

int main(void)
{
    if (eig_gpu_device_count() == 0) {
        printf("no CUDA device: skipped\n");
        return 77;
    }
    eig_test_rng_init(&rng, eig_test_seed("gpu_reduce"));
    const char *cplx = "abscissa,radius,min-damping,unstable,unstable-discrete,eig:0,eig:2";
    const char *real = "abscissa,radius,min-damping,unstable,unstable-discrete,min,max,gap:0,gap:2,eig:3";
    for (int s = 0; s < 2; s++) {
        eig_precision prec = s ? EIG_PREC_SINGLE : EIG_PREC_DOUBLE;
        run_case(EIG_KIND_GENERAL, 5, prec, cplx);
        run_case(EIG_KIND_GENERAL, 20, prec, cplx);
        run_case(EIG_KIND_SYMMETRIC, 6, prec, real);
        run_case(EIG_KIND_SYMMETRIC, 24, prec, real);
        run_case(EIG_KIND_SYMMETRIC, 40, prec, real);
        run_case(EIG_KIND_HERMITIAN, 8, prec, real);
        run_case(EIG_KIND_TRIDIAGONAL, 10, prec, real);
    }
    return eig_test_summary();
}

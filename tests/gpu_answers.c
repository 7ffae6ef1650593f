#include "gpu_answers.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void eig_test_set_env(const char *name, const char *value)
{
    if (value)
        setenv(name, value, 1);
    else
        unsetenv(name);
}

size_t eig_test_real_size(const eig_solve_params *p) { return p->precision == EIG_PREC_SINGLE ? 4 : 8; }

double *eig_test_random_hermitian(eig_test_rng *rng, const eig_solve_params *p, int n, eig_idx count)
{
    const int zc = p->kind == EIG_KIND_HERMITIAN ? 2 : 1;
    const eig_layout l = eig_layout_of(p, n);
    double *a = malloc(sizeof(double) * (size_t)(l.input * count));
    for (eig_idx m = 0; m < count; m++) {
        double *am = a + m * l.input;
        for (int i = 0; i < n; i++)
            for (int j = 0; j <= i; j++)
                for (int c = 0; c < zc; c++) {
                    const double x = i == j && c == 1 ? 0 : eig_test_normal(rng);
                    am[((size_t)i * n + j) * zc + c] = x;
                    am[((size_t)j * n + i) * zc + c] = c == 1 ? -x : x;
                }
    }
    return a;
}

void *eig_test_in_precision(const eig_solve_params *p, double *a, size_t reals)
{
    if (p->precision != EIG_PREC_SINGLE) return a;
    float *af = malloc(sizeof(float) * reals); /* the same matrices rounded to float */
    for (size_t x = 0; x < reals; x++) af[x] = (float)a[x];
    return af;
}

int eig_test_gpu_answer(const char *kernel, const eig_solve_params *p, int n, eig_idx count, const void *a,
                        eig_test_answer *out)
{
    const eig_layout l = eig_layout_of(p, n);
    out->val = malloc(eig_test_real_size(p) * (size_t)(l.values * count));
    out->vec = malloc(eig_test_real_size(p) * (size_t)(l.vectors * count) + 1);
    out->st = malloc((size_t)count);
    out->it = malloc(sizeof(int32_t) * (size_t)count);
    eig_gpu_config cfg = {0};
    cfg.kernel = kernel;
    return eig_gpu_solve_batch(&cfg, p, n, count, a, out->val, out->st, out->it, out->vec);
}

void eig_test_expect_same_answer(const eig_solve_params *p, int n, eig_idx count, const char *name,
                                 const char *what, const eig_test_answer *ref, const eig_test_answer *x)
{
    const eig_layout l = eig_layout_of(p, n);
    eig_test_expect(!memcmp(ref->val, x->val, eig_test_real_size(p) * (size_t)(l.values * count)),
                    "%s: eigenvalues differ, %s", name, what);
    eig_test_expect(!memcmp(ref->vec, x->vec, eig_test_real_size(p) * (size_t)(l.vectors * count)),
                    "%s: eigenvectors differ, %s", name, what);
    eig_test_expect(!memcmp(ref->st, x->st, (size_t)count) && !memcmp(ref->it, x->it, sizeof(int32_t) * (size_t)count),
                    "%s: status or iterations differ, %s", name, what);
}

void eig_test_answer_free(eig_test_answer *x) { free(x->val), free(x->vec), free(x->st), free(x->it); }

eig_solve_params eig_test_case_params(const eig_test_batch_case *c)
{
    eig_solve_params p;
    memset(&p, 0, sizeof p);
    p.kind = c->kind, p.method = EIG_METHOD_TRIDIAG_QL, p.vectors = 1, p.precision = c->precision;
    return p;
}

int eig_test_run_gpu_cases(const char *test_name, const eig_test_batch_case *cases, size_t count,
                           void (*run)(const eig_test_batch_case *, eig_test_rng *))
{
    if (eig_gpu_device_count() == 0) {
        printf("no CUDA device: skipped\n");
        return 77;
    }
    eig_test_rng rng;
    eig_test_rng_init(&rng, eig_test_seed(test_name));
    for (size_t k = 0; k < count; k++) run(&cases[k], &rng);
    eig_gpu_release();
    return eig_test_summary();
}

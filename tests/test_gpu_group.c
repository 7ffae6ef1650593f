/* warp-tridiag with vectors gives each warp G matrices, G chosen by the
 * job's size (gpu/kernel_warp_tridiag_vectors.cuh,
 * warp_tridiag_vectors_group). G only strides the kernel's work: every
 * matrix's arithmetic is its own, so any G must give the same bits. Fresh
 * random symmetric and Hermitian matrices at orders where the rule applies
 * (701 of them, over 4 streams 176, 176, 176 and 173 a launch, so every G
 * tried leaves some warp fewer matrices than G) are solved with G by the
 * rule (4 for so few), then with G forced (EIG_WARP_TRIDIAG_GROUP, read
 * per call) to 5, 7, 9 and 12; values,
 * vectors, status and iterations must equal the first answer bit for bit,
 * and most matrices must converge. Exits 77 when no CUDA device is
 * present. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "eigsweep.h"
#include "eig_error.h"
#include "testutil.h"

#define GROUP_COUNT 701

typedef struct {
    eig_kind kind;
    int n;
    const char *name;
} group_case;

typedef struct {
    double *val, *vec;
    int8_t *st;
    int32_t *it;
} answer;

static int solve(const eig_solve_params *p, int n, const double *a, eig_layout l, const char *group, answer *out)
{
    if (group)
        setenv("EIG_WARP_TRIDIAG_GROUP", group, 1);
    else
        unsetenv("EIG_WARP_TRIDIAG_GROUP");
    out->val = malloc(sizeof(double) * (size_t)(l.values * GROUP_COUNT));
    out->vec = malloc(sizeof(double) * (size_t)(l.vectors * GROUP_COUNT));
    out->st = malloc(GROUP_COUNT);
    out->it = malloc(sizeof(int32_t) * GROUP_COUNT);
    eig_gpu_config cfg = {0};
    cfg.kernel = "warp-tridiag";
    int rc = eig_gpu_solve_batch(&cfg, p, n, GROUP_COUNT, a, out->val, out->st, out->it, out->vec);
    unsetenv("EIG_WARP_TRIDIAG_GROUP");
    return rc;
}

static void release(answer *x) { free(x->val), free(x->vec), free(x->st), free(x->it); }

static void run_case(const group_case *gc, eig_test_rng *rng)
{
    eig_solve_params p;
    memset(&p, 0, sizeof p);
    p.kind = gc->kind, p.method = EIG_METHOD_TRIDIAG_QL, p.vectors = 1, p.precision = EIG_PREC_DOUBLE;
    const int n = gc->n, zc = gc->kind == EIG_KIND_HERMITIAN ? 2 : 1;
    const eig_layout l = eig_layout_of(&p, n);
    double *a = malloc(sizeof(double) * (size_t)(l.input * GROUP_COUNT));
    for (eig_idx m = 0; m < GROUP_COUNT; m++) { /* A = A^H from N(0, 1) entries */
        double *am = a + m * l.input;
        for (int i = 0; i < n; i++)
            for (int j = 0; j <= i; j++)
                for (int c = 0; c < zc; c++) {
                    const double x = i == j && c == 1 ? 0 : eig_test_normal(rng);
                    am[((size_t)i * n + j) * zc + c] = x;
                    am[((size_t)j * n + i) * zc + c] = c == 1 ? -x : x;
                }
    }
    answer ref;
    int rc = solve(&p, n, a, l, NULL, &ref);
    eig_test_expect(rc == 0, "%s, G by the rule: %s", gc->name, rc ? eig_error_message() : "");
    if (rc == 0) {
        int ok = 0;
        for (eig_idx m = 0; m < GROUP_COUNT; m++) ok += ref.st[m] == 0;
        eig_test_expect(ok > GROUP_COUNT / 2, "%s: only %d of %d random matrices converged", gc->name, ok,
                        GROUP_COUNT);
        static const char *forced[] = {"5", "7", "9", "12"};
        for (size_t g = 0; g < sizeof forced / sizeof forced[0]; g++) {
            answer x;
            int rc_g = solve(&p, n, a, l, forced[g], &x);
            eig_test_expect(rc_g == 0, "%s, G = %s: %s", gc->name, forced[g], rc_g ? eig_error_message() : "");
            if (rc_g == 0) {
                eig_test_expect(!memcmp(ref.val, x.val, sizeof(double) * (size_t)(l.values * GROUP_COUNT)),
                                "%s: eigenvalues differ between G by the rule and G = %s", gc->name, forced[g]);
                eig_test_expect(!memcmp(ref.vec, x.vec, sizeof(double) * (size_t)(l.vectors * GROUP_COUNT)),
                                "%s: eigenvectors differ between G by the rule and G = %s", gc->name, forced[g]);
                eig_test_expect(!memcmp(ref.st, x.st, GROUP_COUNT) &&
                                    !memcmp(ref.it, x.it, sizeof(int32_t) * GROUP_COUNT),
                                "%s: status or iterations differ between G by the rule and G = %s", gc->name,
                                forced[g]);
            }
            release(&x);
        }
    }
    release(&ref);
    free(a);
}

int main(void)
{
    if (eig_gpu_device_count() == 0) {
        printf("no CUDA device: skipped\n");
        return 77;
    }
    static const group_case cases[] = {
        {EIG_KIND_SYMMETRIC, 32, "symmetric n = 32"},
        {EIG_KIND_SYMMETRIC, 21, "symmetric n = 21"},
        {EIG_KIND_SYMMETRIC, 40, "symmetric n = 40"},
        {EIG_KIND_HERMITIAN, 27, "Hermitian n = 27"},
    };
    eig_test_rng rng;
    eig_test_rng_init(&rng, eig_test_seed("gpu_group"));
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) run_case(&cases[c], &rng);
    eig_gpu_release();
    return eig_test_summary();
}

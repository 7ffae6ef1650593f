/* warp-tridiag with vectors gives each warp G matrices, G chosen by the
 * job's size (gpu/kernel_warp_tridiag_vectors.cuh,
 * warp_tridiag_vectors_group), and from enough matrices runs as two
 * kernels, each with its own G (warp_tridiag_vectors_split). G only
 * strides the kernel's work and the split only hands each matrix's state
 * from one launch to the next: every matrix's arithmetic is its own, so
 * any G, whole or split, must give the same bits. Fresh random symmetric
 * and Hermitian matrices at orders where the rule applies, double and
 * single (701 of them, over 4 streams 176, 176, 176 and 173 a launch, so
 * every G tried leaves some warp fewer matrices than G) are solved with G
 * by the rule (4 for so few), then with G forced (EIG_WARP_TRIDIAG_GROUP,
 * read per call) to 5, 7, 9 and 12, with the kernel whole and split
 * (EIG_WARP_TRIDIAG_SPLIT), and split with other G for part 2
 * (EIG_WARP_TRIDIAG_GROUP2) than for part 1; values, vectors, status and
 * iterations must equal the first answer bit for bit, and most matrices
 * must converge. Then with every rotation log overflowing
 * (EIG_WARP_TRIDIAG_LOG_CAP), the kernel whole and split must agree bit
 * for bit. Exits 77 when no CUDA device is present. */
#include <stdio.h>
#include <stdlib.h>

#include "eig_error.h"
#include "gpu_answers.h"

#define GROUP_COUNT 701

/* The knobs a solve runs with (NULL: unset): G (both parts), the split,
 * part 2's G, the log's capacity */
typedef struct {
    const char *group, *split, *group2, *log_cap;
} knobs;

static void set_knobs(const knobs *k)
{
    eig_test_set_env("EIG_WARP_TRIDIAG_GROUP", k ? k->group : NULL);
    eig_test_set_env("EIG_WARP_TRIDIAG_SPLIT", k ? k->split : NULL);
    eig_test_set_env("EIG_WARP_TRIDIAG_GROUP2", k ? k->group2 : NULL);
    eig_test_set_env("EIG_WARP_TRIDIAG_LOG_CAP", k ? k->log_cap : NULL);
}

static int solve(const eig_solve_params *p, int n, const void *a, const knobs *k, eig_test_answer *out)
{
    set_knobs(k);
    int rc = eig_test_gpu_answer("warp-tridiag", p, n, GROUP_COUNT, a, out);
    set_knobs(NULL);
    return rc;
}

static const char *or_rule(const char *knob) { return knob ? knob : "by the rule"; }

static void run_case(const eig_test_batch_case *gc, eig_test_rng *rng)
{
    eig_solve_params p = eig_test_case_params(gc);
    const int n = gc->n;
    const eig_layout l = eig_layout_of(&p, n);
    double *a = eig_test_random_hermitian(rng, &p, n, GROUP_COUNT);
    void *in = eig_test_in_precision(&p, a, (size_t)(l.input * GROUP_COUNT));
    eig_test_answer ref;
    int rc = solve(&p, n, in, NULL, &ref);
    eig_test_expect(rc == 0, "%s, G by the rule: %s", gc->name, rc ? eig_error_message() : "");
    if (rc == 0) {
        int ok = 0;
        for (eig_idx m = 0; m < GROUP_COUNT; m++) ok += ref.st[m] == 0;
        eig_test_expect(ok > GROUP_COUNT / 2, "%s: only %d of %d random matrices converged", gc->name, ok,
                        GROUP_COUNT);
        /* forced G, the kernel whole (split 0) or split (1), part 2's G apart */
        static const knobs forced[] = {{"5", NULL, NULL, NULL}, {"7", "0", NULL, NULL}, {"9", "1", NULL, NULL},
                                       {"12", "0", NULL, NULL}, {NULL, "0", NULL, NULL}, {"9", "1", "5", NULL},
                                       {"4", "1", "12", NULL}};
        for (size_t g = 0; g < sizeof forced / sizeof forced[0]; g++) {
            eig_test_answer x;
            char what[128];
            snprintf(what, sizeof what, "G by the rule against G = %s, split %s, part 2's G %s",
                     or_rule(forced[g].group), or_rule(forced[g].split), or_rule(forced[g].group2));
            int rc_g = solve(&p, n, in, &forced[g], &x);
            eig_test_expect(rc_g == 0, "%s, %s: %s", gc->name, what, rc_g ? eig_error_message() : "");
            if (rc_g == 0) eig_test_expect_same_answer(&p, n, GROUP_COUNT, gc->name, what, &ref, &x);
            eig_test_answer_free(&x);
        }
        /* every log overflowing (a capacity of 2 reals): each matrix solved
         * again in phase 3, whole or split, with d and e from phase 2 */
        static const knobs whole = {NULL, "0", NULL, "2"}, split = {NULL, "1", NULL, "2"};
        eig_test_answer w, sp;
        int rc_w = solve(&p, n, in, &whole, &w), rc_s = solve(&p, n, in, &split, &sp);
        eig_test_expect(rc_w == 0 && rc_s == 0, "%s, logs overflowing: %s", gc->name,
                        rc_w || rc_s ? eig_error_message() : "");
        if (rc_w == 0 && rc_s == 0)
            eig_test_expect_same_answer(&p, n, GROUP_COUNT, gc->name, "logs overflowing, whole against split", &w,
                                        &sp);
        eig_test_answer_free(&w), eig_test_answer_free(&sp);
    }
    eig_test_answer_free(&ref);
    if (in != a) free(in);
    free(a);
}

int main(void)
{
    static const eig_test_batch_case cases[] = {
        {EIG_KIND_SYMMETRIC, EIG_PREC_DOUBLE, 32, "symmetric n = 32"},
        {EIG_KIND_SYMMETRIC, EIG_PREC_DOUBLE, 21, "symmetric n = 21"},
        {EIG_KIND_SYMMETRIC, EIG_PREC_DOUBLE, 40, "symmetric n = 40"},
        {EIG_KIND_HERMITIAN, EIG_PREC_DOUBLE, 27, "Hermitian n = 27"},
        {EIG_KIND_SYMMETRIC, EIG_PREC_SINGLE, 32, "single symmetric n = 32"},
        {EIG_KIND_HERMITIAN, EIG_PREC_SINGLE, 30, "single Hermitian n = 30"},
    };
    return eig_test_run_gpu_cases("gpu_group", cases, sizeof cases / sizeof cases[0], run_case);
}

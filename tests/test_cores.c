/* driver/cores.c: CPU lists, OMP_NUM_THREADS, each rank's share of its node
 * and the one-line warning rank 0 prints when ranks have fewer CPUs than that
 * (the whole-job path runs in tests/cli/cores_binding.sh). */
#include <stdio.h>
#include <string.h>

#include "cores.h"
#include "testutil.h"

static int contains(const char *s, const char *what) { return strstr(s, what) != NULL; }

static void cpu_lists(eig_test_rng *r)
{
    eig_test_expect(eig_cpu_list_count("0-3,8,10-11\n") == 7, "0-3,8,10-11 counts 7");
    eig_test_expect(eig_cpu_list_count("0") == 1, "0 counts 1");
    eig_test_expect(eig_cpu_list_count("\n") == 0, "an empty list counts 0");
    eig_test_expect(eig_cpu_list_count(NULL) == -1, "NULL is not a list");
    const char *bad[] = {"a", "3-1", "0-", "1,,2", "-1", "1 2", "0-3;4"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        eig_test_expect(eig_cpu_list_count(bad[i]) == -1, "'%s' is not a CPU list", bad[i]);
    /* Random lists of disjoint ascending ranges: the count is their total size. */
    for (int trial = 0; trial < 200; trial++) {
        char buf[4096];
        size_t len = 0;
        int next = (int)(eig_test_next(r) % 4), want = 0, parts = 1 + (int)(eig_test_next(r) % 12);
        for (int p = 0; p < parts; p++) {
            int lo = next, hi = lo + (int)(eig_test_next(r) % 9);
            len += (size_t)snprintf(buf + len, sizeof buf - len, p ? ",%d" : "%d", lo);
            if (hi > lo) len += (size_t)snprintf(buf + len, sizeof buf - len, "-%d", hi);
            want += hi - lo + 1;
            next = hi + 2 + (int)(eig_test_next(r) % 5);
        }
        snprintf(buf + len, sizeof buf - len, "\n");
        int got = eig_cpu_list_count(buf);
        eig_test_expect(got == want, "'%s' counts %d, got %d", buf, want, got);
    }
}

static void omp_requests(void)
{
    struct { const char *s; int want; } cases[] = {
        {NULL, 0}, {"", 0}, {"8", 8}, {"8,2", 8}, {" 4 ", 4}, {"0", 0}, {"-3", 0}, {"x", 0}, {"4x", 0}, {"1", 1}};
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        int got = eig_omp_threads_requested(cases[i].s);
        eig_test_expect(got == cases[i].want, "OMP_NUM_THREADS='%s': %d, expected %d", cases[i].s ? cases[i].s : "(unset)",
                        got, cases[i].want);
    }
}

/* Random nodes, rank counts, masks and OMP_NUM_THREADS: the share is the
 * node's CPUs over its ranks (at least 1), OMP_NUM_THREADS lowers what a rank
 * wants, and the warning names exactly the ranks below what they want. */
static void shares_and_warning(eig_test_rng *r)
{
    for (int trial = 0; trial < 500; trial++) {
        int nranks = 1 + (int)(eig_test_next(r) % 8), node = 1 + (int)(eig_test_next(r) % 128);
        int local = 1 + (int)(eig_test_next(r) % (unsigned)nranks), smt = 1 + (int)(eig_test_next(r) % 2);
        eig_core_facts f[8];
        int expect_short = 0, min_share = 1 << 30;
        for (int k = 0; k < nranks; k++) {
            int have = 1 + (int)(eig_test_next(r) % (unsigned)node);
            int omp = eig_test_next(r) % 3 ? 0 : 1 + (int)(eig_test_next(r) % 16);
            f[k] = eig_core_facts_of(have, node, local, omp, smt);
            int share = node / local > 1 ? node / local : 1;
            int want = omp && omp < share ? omp : share;
            eig_test_expect(f[k].share == share && f[k].want == want && f[k].have == have,
                            "node %d, %d local ranks, have %d, OMP %d: share %d want %d, expected %d %d", node, local, have,
                            omp, f[k].share, f[k].want, share, want);
            if (have < want) {
                expect_short++;
                if (share < min_share) min_share = share;
            }
        }
        char line[1024];
        int got = eig_cores_advice(f, nranks, line, sizeof line);
        eig_test_expect(got == expect_short, "%d ranks short, counted %d", expect_short, got);
        if (!expect_short) {
            eig_test_expect(line[0] == '\0', "no warning expected, got: %s", line);
            continue;
        }
        char head[64], pe[64], srun[64], omp[64];
        snprintf(head, sizeof head, "warning: %d of %d rank", expect_short, nranks);
        snprintf(pe, sizeof pe, "--map-by slot:PE=%d ", min_share / smt > 1 ? min_share / smt : 1);
        snprintf(srun, sizeof srun, "srun --cpus-per-task=%d ", min_share);
        snprintf(omp, sizeof omp, "OMP_NUM_THREADS=%d ", min_share);
        eig_test_expect(contains(line, head) && contains(line, pe) && contains(line, srun) && contains(line, omp) &&
                            contains(line, "--bind-to none") && !strchr(line, '\n'),
                        "warning lacks '%s', '%s', '%s' or '%s': %s", head, pe, srun, omp, line);
    }
}

/* The case of the issue: one rank bound to 1 of 16 cores. */
static void one_of_sixteen(void)
{
    char line[1024];
    eig_core_facts f = eig_core_facts_of(1, 16, 1, 0, 1);
    eig_test_expect(eig_cores_advice(&f, 1, line, sizeof line) == 1 &&
                        contains(line, "1 of 1 rank runs on 1 CPU where its node could give it 16"),
                    "1 of 16 cores: %s", line);
    f = eig_core_facts_of(1, 16, 1, 1, 1); /* OMP_NUM_THREADS=1 set on purpose */
    eig_test_expect(eig_cores_advice(&f, 1, line, sizeof line) == 0, "OMP_NUM_THREADS=1 still warned: %s", line);
    f = eig_core_facts_of(2, 32, 1, 0, 2); /* SMT: 1 core = 2 CPUs; PE counts cores */
    eig_test_expect(eig_cores_advice(&f, 1, line, sizeof line) == 1 && contains(line, "PE=16 ") &&
                        contains(line, "--cpus-per-task=32 "),
                    "SMT node: %s", line);
    eig_core_facts four[4] = {eig_core_facts_of(4, 16, 4, 0, 1), eig_core_facts_of(1, 16, 4, 0, 1),
                              eig_core_facts_of(2, 16, 4, 0, 1), eig_core_facts_of(8, 16, 4, 0, 1)};
    eig_test_expect(eig_cores_advice(four, 4, line, sizeof line) == 2 &&
                        contains(line, "2 of 4 ranks run on 1-2 CPUs each where their node could give each 4"),
                    "two of four short: %s", line);
}

int main(void)
{
    eig_test_rng r;
    eig_test_rng_init(&r, eig_test_seed("unit_cores"));
    cpu_lists(&r);
    omp_requests();
    shares_and_warning(&r);
    one_of_sixteen();
    return eig_test_summary();
}

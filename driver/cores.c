#define _GNU_SOURCE
#include "cores.h"

#include <ctype.h>
#include <limits.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int eig_cpu_list_count(const char *list)
{
    if (!list) return -1;
    int count = 0;
    const char *p = list;
    while (*p && *p != '\n') {
        char *end;
        if (!isdigit((unsigned char)*p)) return -1;
        long lo = strtol(p, &end, 10), hi = lo;
        p = end;
        if (*p == '-') {
            if (!isdigit((unsigned char)p[1])) return -1;
            hi = strtol(p + 1, &end, 10);
            p = end;
        }
        if (hi < lo || hi - lo >= INT_MAX - count) return -1;
        count += (int)(hi - lo + 1);
        if (*p == ',') p++;
        else if (*p && *p != '\n') return -1;
    }
    return count;
}

int eig_omp_threads_requested(const char *s)
{
    if (!s) return 0;
    while (isspace((unsigned char)*s)) s++;
    char *end;
    long v = strtol(s, &end, 10);
    while (isspace((unsigned char)*end)) end++;
    if (end == s || (*end && *end != ',') || v < 1 || v > INT_MAX) return 0;
    return (int)v;
}

eig_core_facts eig_core_facts_of(int have, int node_cpus, int local_ranks, int omp_threads, int smt)
{
    eig_core_facts f;
    f.have = have;
    f.share = local_ranks > 0 && node_cpus / local_ranks > 1 ? node_cpus / local_ranks : 1;
    /* OMP_NUM_THREADS=1 (or any K) set on purpose: K CPUs are what the rank
     * was meant to use, so K is enough. */
    f.want = omp_threads > 0 && omp_threads < f.share ? omp_threads : f.share;
    f.smt = smt > 1 ? smt : 1;
    return f;
}

int eig_cores_advice(const eig_core_facts *all, int nranks, char *line, size_t len)
{
    int short_ranks = 0, hmin = INT_MAX, hmax = 0, share = INT_MAX, smt = 1;
    for (int r = 0; r < nranks; r++) {
        const eig_core_facts *f = &all[r];
        if (f->have >= f->want) continue;
        short_ranks++;
        if (f->have < hmin) hmin = f->have;
        if (f->have > hmax) hmax = f->have;
        if (f->share < share) share = f->share, smt = f->smt;
    }
    if (!short_ranks) {
        if (len) line[0] = '\0';
        return 0;
    }
    char have[48];
    if (hmin == hmax) snprintf(have, sizeof have, "%d CPU%s", hmin, hmin == 1 ? "" : "s");
    else snprintf(have, sizeof have, "%d-%d CPUs", hmin, hmax);
    int one = short_ranks == 1;
    int pe = share / smt > 1 ? share / smt : 1; /* Open MPI counts cores, not hardware threads */
    snprintf(line, len,
             "eigsweep: warning: %d of %d rank%s run%s on %s%s where %s node could give %s %d, so %s reader, generator "
             "and OpenMP threads crowd onto too few cores. Bind each rank to its share: mpirun --map-by slot:PE=%d "
             "(or --bind-to none), srun --cpus-per-task=%d (SRUN_CPUS_PER_TASK=%d inside sbatch), and "
             "OMP_NUM_THREADS=%d (docs/jobs.md)",
             short_ranks, nranks, nranks == 1 ? "" : "s", one ? "s" : "", have, one ? "" : " each", one ? "its" : "their",
             one ? "it" : "each", share, one ? "its" : "their", pe, share, share, share);
    return short_ranks;
}

/* The CPUs of this process's cpuset cgroup (v1, or v2 at /sys/fs/cgroup), -1
 * when there is none to read. A Slurm or PBS job confined to its cores sees
 * them here, not in the node's online count. */
static int cgroup_cpus(void)
{
    FILE *f = fopen("/proc/self/cgroup", "r");
    if (!f) return -1;
    char line[4096], path[4096 + 64] = "";
    const char *root = NULL;
    const char *files[2] = {NULL, NULL};
    while (fgets(line, sizeof line, f)) {
        char *c1 = strchr(line, ':'), *c2 = c1 ? strchr(c1 + 1, ':') : NULL;
        if (!c2) continue;
        *c2 = '\0';
        char *p = c2 + 1;
        p[strcspn(p, "\n")] = '\0';
        if (strstr(c1 + 1, "cpuset")) { /* v1 hierarchy with the cpuset controller */
            root = "/sys/fs/cgroup/cpuset", files[0] = "cpuset.effective_cpus", files[1] = "cpuset.cpus";
            snprintf(path, sizeof path, "%s", p);
            break;
        }
        if (line[0] == '0' && c1 == line + 1 && c2 == c1 + 1) { /* "0::/path": v2 */
            root = "/sys/fs/cgroup", files[0] = "cpuset.cpus.effective", files[1] = NULL;
            snprintf(path, sizeof path, "%s", p);
        }
    }
    fclose(f);
    if (!root) return -1;
    /* Walk up from our cgroup: the controller's file may exist only higher up
     * (and inside a container the path may not exist at all). */
    for (;;) {
        for (int i = 0; i < 2 && files[i]; i++) {
            char file[sizeof path + 128], buf[8192];
            snprintf(file, sizeof file, "%s%s/%s", root, path, files[i]);
            FILE *cf = fopen(file, "r");
            if (!cf) continue;
            int n = fgets(buf, sizeof buf, cf) ? eig_cpu_list_count(buf) : -1;
            fclose(cf);
            if (n > 0) return n;
        }
        char *slash = strrchr(path, '/');
        if (!slash) return -1;
        *slash = '\0';
    }
}

/* The CPUs this job may use on this node: online CPUs, fewer when a cpuset
 * cgroup or a Slurm allocation (SLURM_CPUS_ON_NODE) says so. */
static int node_cpus(void)
{
    long online = sysconf(_SC_NPROCESSORS_ONLN);
    int n = online > 0 && online < INT_MAX ? (int)online : 1;
    int cg = cgroup_cpus();
    if (cg > 0 && cg < n) n = cg;
    const char *slurm = getenv("SLURM_CPUS_ON_NODE");
    int s = slurm ? eig_omp_threads_requested(slurm) : 0; /* a positive integer, or 0 */
    if (s > 0 && s < n) n = s;
    return n;
}

static int affinity_cpus(void)
{
    long conf = sysconf(_SC_NPROCESSORS_CONF);
    int ncpu = conf > 1024 ? (int)conf : 1024;
    cpu_set_t *set = CPU_ALLOC(ncpu);
    size_t size = CPU_ALLOC_SIZE(ncpu);
    int n = -1;
    if (set && sched_getaffinity(0, size, set) == 0) n = CPU_COUNT_S(size, set);
    CPU_FREE(set);
    return n > 0 ? n : node_cpus(); /* unknown: assume unbound */
}

static int smt_per_core(void)
{
    FILE *f = fopen("/sys/devices/system/cpu/cpu0/topology/thread_siblings_list", "r");
    char buf[256];
    int n = f && fgets(buf, sizeof buf, f) ? eig_cpu_list_count(buf) : 1;
    if (f) fclose(f);
    return n > 0 ? n : 1;
}

int eig_cores_check(eig_ctx *ctx)
{
    MPI_Comm node;
    int local_ranks;
    MPI_Comm_split_type(ctx->comm, MPI_COMM_TYPE_SHARED, ctx->rank, MPI_INFO_NULL, &node);
    MPI_Comm_size(node, &local_ranks);
    MPI_Comm_free(&node);
    eig_core_facts mine = eig_core_facts_of(affinity_cpus(), node_cpus(), local_ranks,
                                            eig_omp_threads_requested(getenv("OMP_NUM_THREADS")), smt_per_core());
    int v[4] = {mine.have, mine.share, mine.want, mine.smt};
    int *all = ctx->rank == 0 ? malloc(sizeof v * (size_t)ctx->size) : NULL;
    MPI_Gather(v, 4, MPI_INT, all, 4, MPI_INT, 0, ctx->comm);
    int short_ranks = 0;
    if (ctx->rank == 0 && all) {
        eig_core_facts *facts = malloc(sizeof *facts * (size_t)ctx->size);
        if (facts) {
            for (int r = 0; r < ctx->size; r++)
                facts[r] = (eig_core_facts){all[4 * r], all[4 * r + 1], all[4 * r + 2], all[4 * r + 3]};
            char line[1024];
            short_ranks = eig_cores_advice(facts, ctx->size, line, sizeof line);
            if (short_ranks) {
                fprintf(stderr, "%s\n", line);
                fflush(stderr);
            }
            free(facts);
        }
    }
    free(all);
    MPI_Bcast(&short_ranks, 1, MPI_INT, 0, ctx->comm);
    return short_ranks;
}

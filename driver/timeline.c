#include "timeline.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "gpu_warmup.h"
#include "launcher.h"
#include "mpi_transport.h"

/* Marks are written once (by the main thread or the solve thread) and read
 * after the threads are joined; -1 is "not reached". */
static double origin = -1;
static double marks[EIG_MARK_COUNT] = {-1, -1, -1, -1, -1, -1, -1, -1, -1};
static double before_main = -1, launcher_before_main = -1;

static const char *const mark_names[EIG_MARK_COUNT] = {
    "MPI_Init", "input open", "CUDA context", "pinned ring", "NCCL init", "output created",
    "first chunk in", "solve loop", "output renamed"};
static const char *const mark_keys[EIG_MARK_COUNT] = {
    "mpi_init", "input_open", "cuda_context", "pinned", "nccl", "output_created",
    "first_chunk", "solve_loop", "renamed"};

/* A process's age at main(): now (CLOCK_BOOTTIME) minus the start time
 * field (22nd) of /proc/PID/stat, in clock ticks since boot. */
static double age_from_proc(const char *stat_path)
{
    FILE *f = fopen(stat_path, "r");
    if (!f) return -1;
    char line[2048];
    size_t len = fread(line, 1, sizeof line - 1, f);
    fclose(f);
    line[len] = '\0';
    char *p = strrchr(line, ')'); /* the command name may hold spaces */
    if (!p) return -1;
    unsigned long long start = 0;
    /* after ")": state is field 3; starttime is field 22 */
    int field = 2;
    for (char *tok = strtok(p + 1, " "); tok; tok = strtok(NULL, " "))
        if (++field == 22) { start = strtoull(tok, NULL, 10); break; }
    long hz = sysconf(_SC_CLK_TCK);
    struct timespec ts;
    if (field != 22 || hz <= 0 || clock_gettime(CLOCK_BOOTTIME, &ts) != 0) return -1;
    double age = (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec - (double)start / (double)hz;
    return age >= 0 ? age : 0;
}

void eig_timeline_start(void)
{
    if (origin >= 0) return;
    origin = eig_now();
    before_main = age_from_proc("/proc/self/stat");
    /* Under a launcher (mpirun, srun) the parent is its process on this
     * node, started when the job step was; elsewhere (a shell) its age says nothing. */
    if (eig_launcher_present()) {
        char parent[64];
        snprintf(parent, sizeof parent, "/proc/%ld/stat", (long)getppid());
        launcher_before_main = age_from_proc(parent);
    }
}

double eig_timeline_now(void) { return origin >= 0 ? eig_now() - origin : 0; }

void eig_timeline_mark(enum eig_mark m)
{
    if (m >= 0 && m < EIG_MARK_COUNT && marks[m] < 0) marks[m] = eig_timeline_now();
}

double eig_timeline_before_main(void) { return before_main; }

void eig_timeline_trace_exit(const char *what)
{
    const char *e = getenv("EIG_TRACE_EXIT");
    if (!e || strcmp(e, "1")) return;
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    fprintf(stderr, "exit: %s at %.3f s from main's start (epoch %.3f)\n", what, eig_timeline_now(),
            (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec);
}

enum { PER_RANK = EIG_TIMELINE_PER_RANK }; /* the marks, then the times before main (self, parent) */

void eig_timeline_gather(eig_ctx *ctx, double *all_marks)
{
    double mine[PER_RANK];
    memcpy(mine, marks, sizeof marks);
    mine[EIG_MARK_COUNT] = before_main;
    mine[EIG_MARK_COUNT + 1] = launcher_before_main;
    MPI_Gather(mine, PER_RANK, MPI_DOUBLE, all_marks, PER_RANK, MPI_DOUBLE, 0, ctx->comm);
}

/* The rank with the latest mark k (-1: no rank reached it). */
static int slowest(const double *all, int nranks, int k)
{
    int r = -1;
    for (int i = 0; i < nranks; i++)
        if (all[i * PER_RANK + k] >= 0 && (r < 0 || all[i * PER_RANK + k] > all[r * PER_RANK + k])) r = i;
    return r;
}

double eig_timeline_wall(const double *all, int nranks)
{
    int r = slowest(all, nranks, EIG_MARK_RENAMED);
    return r < 0 ? 0 : all[r * PER_RANK + EIG_MARK_RENAMED];
}

void eig_timeline_print(FILE *f, const double *all, int nranks)
{
    fprintf(f, "timeline (s from main's start)  %10s %10s %6s\n", "rank 0", "slowest", "rank");
    double pre = all[EIG_MARK_COUNT], parent = all[EIG_MARK_COUNT + 1];
    if (parent >= 0) fprintf(f, "  %-30s %10.3f\n", "parent (launcher) start", -parent);
    if (pre >= 0) fprintf(f, "  %-30s %10.3f\n", "process start -> main", -pre);
    fprintf(f, "  %-30s %s\n", "MPI started by", eig_mpi_start_choice());
    fprintf(f, "  %-30s %s\n", "MPI transport (PML)", eig_mpi_transport_choice());
    if (*eig_gpu_queues_choice() && slowest(all, nranks, EIG_MARK_CUDA_CONTEXT) >= 0)
        fprintf(f, "  %-30s %s\n", "CUDA hardware queues", eig_gpu_queues_choice());
    for (int k = 0; k < EIG_MARK_COUNT; k++) {
        int r = slowest(all, nranks, k);
        if (r < 0) continue; /* a step this run did not take (no GPU, no NCCL, no output) */
        double r0 = all[k];
        char own[16] = "-";
        if (r0 >= 0) snprintf(own, sizeof own, "%.3f", r0);
        fprintf(f, "  %-30s %10s %10.3f %6d\n", k == EIG_MARK_RENAMED ? "output renamed = wall" : mark_names[k], own,
                all[r * PER_RANK + k], r);
    }
}

void eig_timeline_json(FILE *f, const double *all, int nranks)
{
    fprintf(f,
            "  \"timeline\": {\"before_main_s\": %.6g, \"parent_before_main_s\": %.6g, \"mpi_start\": \"%s\", "
            "\"mpi_pml\": \"%s\", \"cuda_queues\": \"%s\"",
            all[EIG_MARK_COUNT], all[EIG_MARK_COUNT + 1], eig_mpi_start_choice(), eig_mpi_transport_choice(),
            eig_gpu_queues_choice());
    for (int k = 0; k < EIG_MARK_COUNT; k++) {
        int r = slowest(all, nranks, k);
        fprintf(f, ", \"%s\": {\"rank0_s\": %.6g, \"slowest_s\": %.6g, \"slowest_rank\": %d}", mark_keys[k],
                all[k], r < 0 ? -1.0 : all[r * PER_RANK + k], r);
    }
    fprintf(f, ", \"wall_s\": %.6g},\n", eig_timeline_wall(all, nranks));
}

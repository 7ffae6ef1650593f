#include "report.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "eig_error.h"
#include "timeline.h"

static const char *const stage_names[EIG_STAGE_COUNT] = {"read", "solve", "gather", "write", "setup", "pin", "finish", "total"};

void eig_stats_lap(eig_rank_stats *s, enum eig_stage st, double *t0)
{
    double now = eig_now();
    s->seconds[st] += now - *t0;
    s->calls[st]++;
    *t0 = now;
}

typedef struct {
    double max, min, avg;
    long long calls;
} stage_summary;

static stage_summary summarise(const eig_rank_stats *all, int nranks, int st)
{
    stage_summary r = {0, 1e300, 0, 0};
    for (int i = 0; i < nranks; i++) {
        double t = all[i].seconds[st];
        if (t > r.max) r.max = t;
        if (t < r.min) r.min = t;
        r.avg += t / nranks;
        r.calls += all[i].calls[st];
    }
    return r;
}

static void print_table(const eig_report_info *info, const eig_rank_stats *all, const char *devices, int nranks,
                        const double *marks)
{
    printf("# %s\n", info->header);
    for (int i = 0; i < nranks; i++) printf("#   rank %4d  %s\n", i, devices + (size_t)i * 256);
#ifndef NDEBUG
    printf("# WARNING: debug build (assertions on, no optimisation guarantee); timings are not representative\n");
#endif
    double wall = summarise(all, nranks, EIG_STAGE_TOTAL).max;
    double process_wall = marks ? eig_timeline_wall(marks, nranks) : 0; /* main's start to the file renamed */
    if (process_wall > 0) wall = process_wall;
    printf("%-8s %8s %10s %8s %10s %7s %13s\n", "stage", "calls", "max (s)", "max/min", "avg (s)", "%total", "matrices/s");
    for (int st = 0; st < EIG_STAGE_COUNT; st++) {
        stage_summary s = summarise(all, nranks, st);
        double rate = s.max > 0 ? (double)info->total_matrices / s.max : 0;
        char ratio[16] = "-"; /* a stage only some ranks run (rank 0 writes) has no ratio */
        if (s.min > 0) snprintf(ratio, sizeof ratio, "%.2f", s.max / s.min);
        printf("%-8s %8lld %10.4f %8s %10.4f %7.1f %13.4g\n", stage_names[st], s.calls, s.max, ratio, s.avg,
               wall > 0 ? 100.0 * s.max / wall : 0.0, rate);
    }
    /* Overlap efficiency: wall time over the largest stage (1.00 = stages fully overlapped). */
    double largest = 0;
    for (int st = 0; st <= EIG_STAGE_WRITE; st++) { /* the overlapped stages only */
        double m = summarise(all, nranks, st).max;
        if (m > largest) largest = m;
    }
    if (largest > 0) printf("overlap: wall / largest stage = %.2f (wall %.3f s from main's start)\n", wall / largest, wall);
    if (marks) eig_timeline_print(stdout, marks, nranks);
}

static void write_json(FILE *f, const eig_report_info *info, const eig_rank_stats *all, const char *devices,
                       int nranks, const eig_rank_stats *sum, const double *marks)
{
    fprintf(f, "{\n  \"header\": \"%s\",\n  \"ranks\": %d,\n  \"matrices\": %lld,\n", info->header, nranks,
            info->total_matrices);
    if (marks) eig_timeline_json(f, marks, nranks);
    fprintf(f, "  \"status\": {\"ok\": %lld, \"not_converged\": %lld, \"invalid_input\": %lld},\n",
            sum->status_counts[0], sum->status_counts[1], sum->status_counts[2]);
    fprintf(f, "  \"stages\": {\n");
    for (int st = 0; st < EIG_STAGE_COUNT; st++) {
        stage_summary s = summarise(all, nranks, st);
        fprintf(f, "    \"%s\": {\"calls\": %lld, \"max_s\": %.6g, \"min_s\": %.6g, \"avg_s\": %.6g, \"matrices_per_s\": %.6g}%s\n",
                stage_names[st], s.calls, s.max, s.min, s.avg, s.max > 0 ? (double)info->total_matrices / s.max : 0,
                st + 1 < EIG_STAGE_COUNT ? "," : "");
    }
    fprintf(f, "  },\n  \"per_rank\": [\n");
    for (int i = 0; i < nranks; i++) {
        fprintf(f, "    {\"rank\": %d, \"device\": \"%s\", \"matrices\": %lld, \"bytes_read\": %lld", i,
                devices + (size_t)i * 256, all[i].matrices, all[i].bytes_read);
        for (int st = 0; st < EIG_STAGE_COUNT; st++) fprintf(f, ", \"%s_s\": %.6g", stage_names[st], all[i].seconds[st]);
        fprintf(f, "}%s\n", i + 1 < nranks ? "," : "");
    }
    fprintf(f, "  ]\n}\n");
}

int eig_report(eig_ctx *ctx, const eig_report_info *info, const eig_rank_stats *mine, int quiet,
               const char *json_path, eig_rank_stats *sum)
{
    eig_rank_stats *all = ctx->rank == 0 ? calloc((size_t)ctx->size, sizeof *all) : NULL;
    char *devices = ctx->rank == 0 ? calloc((size_t)ctx->size, 256) : NULL;
    char mydev[256];
    snprintf(mydev, sizeof mydev, "%s", info->device);
    MPI_Gather(mine, (int)sizeof *mine, MPI_BYTE, all, (int)sizeof *mine, MPI_BYTE, 0, ctx->comm);
    MPI_Gather(mydev, 256, MPI_CHAR, devices, 256, MPI_CHAR, 0, ctx->comm);
    MPI_Allreduce(mine->status_counts, sum->status_counts, 3, MPI_LONG_LONG, MPI_SUM, ctx->comm);
    MPI_Allreduce(&mine->matrices, &sum->matrices, 1, MPI_LONG_LONG, MPI_SUM, ctx->comm);
    double *marks = ctx->rank == 0 ? calloc((size_t)ctx->size, sizeof(double) * EIG_TIMELINE_PER_RANK) : NULL;
    eig_timeline_gather(ctx, marks);
    int rc = 0;
    if (ctx->rank == 0) {
        if (!quiet) print_table(info, all, devices, ctx->size, marks);
        if (json_path) {
            FILE *f = fopen(json_path, "w");
            if (!f) rc = EIG_ERROR(EIG_ERR_OUTPUT, "%s: cannot write the JSON report", json_path);
            else {
                write_json(f, info, all, devices, ctx->size, sum, marks);
                if (fclose(f) != 0) rc = EIG_ERROR(EIG_ERR_OUTPUT, "%s: write error (disk full?)", json_path);
            }
        }
        fflush(stdout);
    }
    free(all);
    free(devices);
    free(marks);
    return eig_agree(ctx, rc);
}

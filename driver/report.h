/* Timing statistics of every stage on every rank, gathered to rank 0 and
 * printed as a table (and written as JSON). docs/metrics.md defines each number. */
#ifndef EIG_REPORT_H
#define EIG_REPORT_H

#include <stdio.h>

#include "cli.h"

/* READ..WRITE are the pipeline's overlapped stages; SETUP (open, bind, create
 * the output, allocate, wait for pinning), PIN (the CUDA context and
 * page-locking the buffers, on the solve thread, overlapped with the first
 * read; the second ring buffer's on the main thread, overlapped with the
 * first solve) and FINISH (provenance, close, rename) are the per-job fixed costs. */
enum eig_stage {
    EIG_STAGE_READ,
    EIG_STAGE_SOLVE,
    EIG_STAGE_GATHER,
    EIG_STAGE_WRITE,
    EIG_STAGE_SETUP,
    EIG_STAGE_PIN,
    EIG_STAGE_FINISH,
    EIG_STAGE_TOTAL,
    EIG_STAGE_COUNT
};

typedef struct {
    double seconds[EIG_STAGE_COUNT];
    long long calls[EIG_STAGE_COUNT];
    long long matrices;                       /* solved on this rank */
    long long status_counts[3];               /* ok, not converged, invalid input */
    long long bytes_read;
} eig_rank_stats;

typedef struct {
    char header[8192];       /* "key=value ..." of every parameter */
    char device[256];        /* this rank's device line */
    long long total_matrices;
} eig_report_info;

/* Adds the time since *t0 to a stage and resets *t0 to now. */
void eig_stats_lap(eig_rank_stats *s, enum eig_stage st, double *t0);

/* Collective: gathers every rank's stats to rank 0, prints the table to
 * stdout (unless quiet) and writes JSON to json_path (when not NULL). Fills
 * `sum` on every rank with the job-wide status counts. */
int eig_report(eig_ctx *ctx, const eig_report_info *info, const eig_rank_stats *mine, int quiet,
               const char *json_path, eig_rank_stats *sum);

#endif

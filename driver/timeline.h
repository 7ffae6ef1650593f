/* The process's timeline: when each fixed-cost step of a run was done,
 * in seconds from the start of main() (before MPI_Init), on every rank.
 * The report prints rank 0's and the slowest rank's (docs/metrics.md
 * "Timeline"); `wall` is main's start to the output renamed into place. */
#ifndef EIG_TIMELINE_H
#define EIG_TIMELINE_H

#include <stdio.h>

#include "cli.h"

enum eig_mark {
    EIG_MARK_MPI_INIT,       /* MPI_Init_thread returned */
    EIG_MARK_INPUT_OPEN,     /* input file opened and checked (or the synthetic spec parsed) */
    EIG_MARK_CUDA_CONTEXT,   /* this rank's CUDA context exists */
    EIG_MARK_PINNED,         /* the buffers the first solve needs are page-locked */
    EIG_MARK_NCCL,           /* NCCL communicator ready (only when the gather goes over NCCL) */
    EIG_MARK_OUTPUT_CREATED, /* output file created, provenance written */
    EIG_MARK_FIRST_CHUNK,    /* the first chunk is in memory (read, or about to be generated on the GPU) */
    EIG_MARK_SOLVE_LOOP,     /* the last chunk solved and delivered */
    EIG_MARK_RENAMED,        /* output closed, fsynced and renamed (or, --check-only: the last check): the wall */
    EIG_MARK_COUNT
};

/* First thing in main(): the origin of every mark. */
void eig_timeline_start(void);
/* Seconds since eig_timeline_start(). */
double eig_timeline_now(void);
/* Records the time of `m` the first time it is called (any thread). */
void eig_timeline_mark(enum eig_mark m);
/* Seconds from the process's creation (its fork by the launcher) to main():
 * exec, the dynamic loader, constructors. From /proc/self/stat (10 ms
 * resolution); -1 where unknown. */
double eig_timeline_before_main(void);

/* With EIG_TRACE_EXIT=1: one stderr line "exit: WHAT at T s from main's
 * start (epoch E)", for the steps after the report (teardown, MPI_Finalize),
 * which no report can show; a wrapper compares E with the process's end. */
void eig_timeline_trace_exit(const char *what);

/* Doubles per rank in a gathered timeline. */
#define EIG_TIMELINE_PER_RANK (EIG_MARK_COUNT + 2)
/* Collective: every rank's marks to rank 0 (all_marks: size *
 * EIG_TIMELINE_PER_RANK doubles there; NULL elsewhere). */
void eig_timeline_gather(eig_ctx *ctx, double *all_marks);
/* Rank 0: the "timeline" lines of the report, and the JSON twin's member. */
void eig_timeline_print(FILE *f, const double *all_marks, int nranks);
void eig_timeline_json(FILE *f, const double *all_marks, int nranks);
/* The largest `renamed` mark over the ranks (0 where no rank set it). */
double eig_timeline_wall(const double *all_marks, int nranks);

#endif

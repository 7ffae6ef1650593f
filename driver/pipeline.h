/* The per-rank solve loop: take chunks of the global index range (a fixed
 * contiguous block of chunks per rank, or dynamically from a shared counter),
 * read, check, solve, and hand the results to the output: sent to rank 0
 * (gather) or written by the rank itself (parallel). */
#ifndef EIG_PIPELINE_H
#define EIG_PIPELINE_H

#include <stdint.h>

#include "batch_gpu.h"
#include "cli.h"
#include "report.h"
#include "results.h"
#include "reduce.h"
#include "source.h"

typedef struct {
    eig_ctx *ctx;
    const eig_solve_params *params;
    eig_source *src;
    eig_idx range_start, range_count; /* global indices [start, start+count) */
    eig_idx chunk;                    /* matrices per chunk (the global chunk grid) */
    int dynamic;                      /* --balance dynamic */
    int parallel_output;              /* --output parallel: every rank writes */
    int use_gpu;
    eig_gpu_config gpu;
    int gather_nccl;                  /* gather payloads GPU to GPU over NCCL (else MPI) */
    int check_structure;              /* !--trust-kind */
    int check_only;                   /* --check-only: read and check every chunk, solve and write nothing
                                         (no GPU, no output; with parallel_output set, no gather) */
    int quiet;
    eig_result_file *out;             /* rank 0 (gather) or every rank (parallel) */
    const uint8_t *done;              /* --resume: done[g] = 1 skips global chunk g; NULL: none */
    const eig_reduce_list *reduce;    /* --reduce (resolved); NULL: every eigenvalue, nothing reduced */
    eig_rank_stats stats;
} eig_pipeline;

/* Number of chunks in the global grid. */
eig_idx eig_pipeline_chunks(const eig_pipeline *pl);

/* Runs the loop to the end of the work (or until some rank fails: then every
 * rank stops at its next chunk). Collective; returns the agreed error code
 * (the failing rank has printed the message). */
int eig_pipeline_run(eig_pipeline *pl);

#endif

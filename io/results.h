/* Result files (docs/format.md): /eigenvalues, /eigenvectors, /status,
 * /iterations, written under OUT.h5.partial and renamed when complete.
 * Either one process writes (rank 0, gather mode) or every rank writes its
 * own rows through MPI-IO (parallel mode). /status starts as -1 ("not yet
 * solved") and every chunk's status is written last, so a killed job's
 * .partial file tells exactly which matrices are done (--resume). */
#ifndef EIG_RESULTS_H
#define EIG_RESULTS_H

#include <hdf5.h>
#include <mpi.h>
#include <stdint.h>

#include "eigsweep.h"

#define EIG_STATUS_PENDING (-1) /* /status of a matrix not solved yet */

typedef struct {
    hid_t file, values, vectors, status, iterations;
    int parallel;          /* opened by every rank of comm through MPI-IO */
    MPI_Comm comm;
    eig_solve_params params;
    eig_idx count;
    int n;
    char path[4096];
    char tmp_path[4200];
} eig_result_file;

typedef struct {
    int parallel;          /* every rank of comm opens it (collective) */
    int force;             /* replace an existing OUT.h5 */
    int resume;            /* continue OUT.h5.partial when its key matches */
    const char *key;       /* what must match for --resume (input, shape, method, ...) */
} eig_results_mode;

/* Opens the output for writing. With mode->resume and a matching .partial,
 * reopens it (*resumed = 1); with --resume and a complete OUT.h5,
 * *complete = 1 and nothing is opened. Gather mode: rank 0 only calls it. */
int eig_results_open(MPI_Comm comm, const char *path, const eig_solve_params *p, eig_idx count, int n,
                     const eig_results_mode *mode, int *resumed, int *complete, eig_result_file *r);
/* Rows [start, start+count); vectors may be NULL. Status goes last. */
int eig_results_write(eig_result_file *r, eig_idx start, eig_idx count, const void *values,
                      const int8_t *status, const int32_t *iterations, const void *vectors);
int eig_results_read_status(eig_result_file *r, eig_idx start, eig_idx count, int8_t *status);
/* ok: close and rename into place (collective in parallel mode). Not ok:
 * close and remove the partial file, or keep it when keep_partial (a job
 * that can be resumed). */
int eig_results_finish(eig_result_file *r, int ok, int keep_partial);

#endif

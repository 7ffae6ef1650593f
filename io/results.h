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
#include "grid.h"
#include "output_lock.h"
#include "reduce.h"

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
    hsize_t reserve;       /* bytes the whole file needs: reserved on create and resume */
    eig_output_lock lock;  /* rank 0: OUT.h5.lock, held from open to finish */
    char key[8192];        /* the resume_key this run wrote or matched */
    char run_id[40];       /* root attribute run_id: 32 hex digits, new per run */
    /* The results' shape (docs/reductions.md): every per-point dataset is
     * [grid.dims...] (eigenvalues [grid.dims..., n]); a list [count] unless
     * the mode gave a grid. */
    eig_grid grid;
    eig_reduce_list reduce; /* given: /eigenvalues only with values; one dataset per item */
    hid_t reduced[EIG_REDUCE_MAX];
} eig_result_file;

typedef struct {
    int parallel;          /* every rank of comm opens it (collective) */
    int force;             /* replace an existing OUT.h5 */
    int resume;            /* continue OUT.h5.partial when its key matches */
    const char *key;       /* what must match for --resume (input, shape, method, ...) */
    const eig_grid *grid;  /* NULL: a list of count points; else its product must be count */
    const eig_reduce_list *reduce; /* NULL or not given: every eigenvalue, no reductions */
} eig_results_mode;

/* Opens the output for writing, after taking its lock (a second run on the
 * same output fails at once). With mode->resume: a .partial holding solved
 * rows and a matching key is reopened (*resumed = 1); one holding none (its
 * creation was interrupted) is created again; a complete OUT.h5 whose key
 * matches gives *complete = 1 and nothing is opened. A key that does not
 * match is refused (exit 2) and nothing is deleted. Gather mode: rank 0
 * only calls it; parallel: every rank of comm. */
int eig_results_open(MPI_Comm comm, const char *path, const eig_solve_params *p, eig_idx count, int n,
                     const eig_results_mode *mode, int *resumed, int *complete, eig_result_file *r);
/* Rows [start, start+count); vectors may be NULL. Status goes last. */
int eig_results_write(eig_result_file *r, eig_idx start, eig_idx count, const void *values,
                      const int8_t *status, const int32_t *iterations, const void *vectors);
/* Points [start, start+count)'s reductions, reduced[m * slots + offset]
 * as the solvers lay them out (solvers/reduce.h); before eig_results_write
 * of the same points, which writes their status last. */
int eig_results_write_reduced(eig_result_file *r, eig_idx start, eig_idx count, const double *reduced);
int eig_results_read_status(eig_result_file *r, eig_idx start, eig_idx count, int8_t *status);
/* Writes the metadata (attributes) to disk: after the provenance is written
 * at open, so that the finish only overwrites values in place. Collective
 * in parallel mode. */
int eig_results_flush(eig_result_file *r);
/* ok: close, fsync, check that the .partial still carries this run's key and
 * run id and that no row is pending, then rename into place (collective in
 * parallel mode); a failed check keeps the .partial. Not ok: close and
 * remove the partial file, or keep it when keep_partial (a resumed run never
 * deletes rows an earlier run wrote). Releases the lock either way. */
int eig_results_finish(eig_result_file *r, int ok, int keep_partial);

#endif

/* The collection format on disk (docs/format.md): input collections and
 * result files, read and written through (parallel) HDF5. */
#ifndef EIG_COLLECTION_H
#define EIG_COLLECTION_H

#include <hdf5.h>
#include <mpi.h>
#include <stdint.h>

#include "eigsweep.h"

#define EIG_MAX_N 4096

/* An open input collection. */
typedef struct {
    hid_t file;
    hid_t data;     /* /matrices, or /diag for tridiagonal */
    hid_t offdiag;  /* /offdiag for tridiagonal, else -1 */
    eig_kind kind;
    eig_precision precision;
    eig_idx count;  /* N */
    int n;
    char path[4096];
    char dataset[64];
} eig_collection;

/* Opens `path` for reading on every rank of comm (MPI-IO) and checks its
 * shape, element type and kind attribute. Errors name the file and dataset. */
int eig_h5_open_input(MPI_Comm comm, const char *path, eig_collection *c);

/* Reads matrices [start, start+count) into buf in the solver input layout
 * (eig_layout_of().input reals per matrix, in the collection's precision). */
int eig_h5_read_slice(eig_collection *c, eig_idx start, eig_idx count, void *buf);

void eig_h5_close_input(eig_collection *c);

/* True when path is a readable HDF5 file (any HDF5 1.10+). */
int eig_h5_is_hdf5(const char *path);

/* Creates a new collection for `generate` collectively on comm: datasets of
 * the kind's shape, chunked, allocated early, without timestamps so the bytes
 * do not depend on when or by how many ranks the file was written. The file
 * is written under a temporary name; eig_h5_finish_collection renames it. */
typedef struct {
    eig_collection c;
    char tmp_path[4200];
} eig_collection_writer;

int eig_h5_create_collection(MPI_Comm comm, const char *path, eig_kind kind, eig_precision prec,
                             eig_idx count, int n, eig_collection_writer *w);
/* Collective: every rank calls it the same number of times (count may be 0).
 * buf holds matrices in the solver input layout, as doubles (converted to the
 * file precision here). */
int eig_h5_write_collection_slice(eig_collection_writer *w, eig_idx start, eig_idx count,
                                  const double *buf);
/* Writes string attributes on the root group (collective: same on all ranks). */
int eig_h5_write_attr_string(hid_t obj, const char *name, const char *value);
int eig_h5_write_attr_int64(hid_t obj, const char *name, int64_t value);
/* Closes and renames to the final path (collective). ok = 0 removes it instead. */
int eig_h5_finish_collection(MPI_Comm comm, eig_collection_writer *w, int ok);

/* A result file, written by one process (rank 0 in gather mode). */
typedef struct {
    hid_t file, values, vectors, status, iterations;
    eig_solve_params params;
    eig_idx count;
    int n;
    char path[4096];
    char tmp_path[4200];
} eig_result_file;

/* Refuses an existing `path` unless force; creates `path`.tmp. */
int eig_h5_create_results(const char *path, const eig_solve_params *p, eig_idx count, int n,
                          int force, eig_result_file *r);
/* Writes results of matrices [start, start+count); vectors may be NULL. */
int eig_h5_write_results(eig_result_file *r, eig_idx start, eig_idx count, const void *values,
                         const int8_t *status, const int32_t *iterations, const void *vectors);
/* Closes and renames into place (ok), or closes and removes the temporary file. */
int eig_h5_finish_results(eig_result_file *r, int ok);

/* Fails early (with a clear message) when `path` exists and force is off, or
 * when its directory cannot be written. */
int eig_h5_check_output_path(const char *path, int force);

#endif

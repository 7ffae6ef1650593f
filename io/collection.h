/* Input collections (docs/format.md): opened and read through parallel
 * HDF5, and written by `generate`. Result files: io/results.h. */
#ifndef EIG_COLLECTION_H
#define EIG_COLLECTION_H

#include <hdf5.h>
#include <mpi.h>
#include <stdint.h>

#include "eigsweep.h"
#include "h5util.h"

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

/* How ranks read their slices: through MPI-IO (the file opened collectively
 * on comm), or each rank on its own through POSIX reads (HDF5's sec2
 * driver: no MPI-IO layer between a rank and its contiguous slice). */
typedef enum { EIG_READ_MPIIO, EIG_READ_POSIX } eig_read_driver;

/* Opens `path` for reading on every rank of comm and checks its shape,
 * element type and kind attribute. Errors name the file and dataset. */
int eig_h5_open_input(MPI_Comm comm, const char *path, eig_read_driver how, eig_collection *c);

/* Reads matrices [start, start+count) into buf in the solver input layout
 * (eig_layout_of().input reals per matrix, in the collection's precision). */
int eig_h5_read_slice(eig_collection *c, eig_idx start, eig_idx count, void *buf);

void eig_h5_close_input(eig_collection *c);


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
/* Closes and renames to the final path (collective). ok = 0 removes it instead. */
int eig_h5_finish_collection(MPI_Comm comm, eig_collection_writer *w, int ok);

#endif

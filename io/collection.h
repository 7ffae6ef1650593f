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

#define EIG_DATASET_PATH_MAX 1024

/* Where a collection lies in its file and what it holds, for files that do
 * not say it the format's way (docs/format.md): every field may be left
 * empty (NULL, 0) for the default. */
typedef struct {
    const char *dataset;          /* --dataset: the [N,n,n] matrices (default /matrices) */
    const char *diag, *offdiag;   /* --diag/--offdiag: tridiagonal [N,n] and [N,n-1] (default /diag, /offdiag) */
    int kind_given;               /* --kind: `kind` stands in for (or overrides) the file's attribute */
    eig_kind kind;
} eig_input_spec;

/* An open input collection. */
typedef struct {
    hid_t file;
    hid_t data;     /* the matrices, or the diagonals for tridiagonal */
    hid_t offdiag;  /* the off-diagonals for tridiagonal, else -1 */
    hid_t complex_type; /* memory type of a complex dataset (the file's member names), else -1 */
    eig_kind kind;
    eig_precision precision;
    eig_idx count;  /* N */
    int n;
    char path[4096];
    char dataset[EIG_DATASET_PATH_MAX];  /* "/matrices", "/run1/A", "/diag" ... */
    char offdiag_name[EIG_DATASET_PATH_MAX]; /* "/offdiag" for tridiagonal, else "" */
    char kind_note[1400]; /* a warning for the user (--kind overrode the file's kind), else "" */
    struct eig_direct_reader *direct[2]; /* data, offdiag read past HDF5 where storage allows (io/direct_read.h), else NULL */
} eig_collection;

/* How ranks read their slices: through MPI-IO (the file opened collectively
 * on comm), or each rank on its own through POSIX reads (HDF5's sec2
 * driver: no MPI-IO layer between a rank and its contiguous slice). */
typedef enum { EIG_READ_MPIIO, EIG_READ_POSIX } eig_read_driver;

/* Opens `path` for reading on every rank of comm and checks its shape,
 * element type, filters and kind. Errors name the file and dataset and say
 * what would fix them. spec may be NULL (the format's defaults). */
int eig_h5_open_input(MPI_Comm comm, const char *path, eig_read_driver how, const eig_input_spec *spec,
                      eig_collection *c);

/* Reads matrices [start, start+count) into buf in the solver input layout
 * (eig_layout_of().input reals per matrix, in the collection's precision). */
int eig_h5_read_slice(eig_collection *c, eig_idx start, eig_idx count, void *buf);

void eig_h5_close_input(eig_collection *c);

/* Bytes this rank has read straight from the file (io/direct_read.h), past HDF5. */
long long eig_h5_direct_bytes(const eig_collection *c);


/* Creates a new collection for `generate` collectively on comm: datasets of
 * the kind's shape, chunked, allocated early, without timestamps so the bytes
 * do not depend on when or by how many ranks the file was written. The file
 * is written under a temporary name; eig_h5_finish_collection renames it. */
typedef struct {
    eig_collection c;
    char tmp_path[4200];
    int mpiio; /* written through MPI-IO (collective writes); else POSIX, one rank */
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

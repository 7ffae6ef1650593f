/* Reading a collection's rows straight from the file, past HDF5's read
 * path, where the bytes on disk are the bytes the solver takes: an
 * unfiltered dataset whose file type is the memory type (native float32,
 * float64, or the complex compound as read), stored contiguously or in
 * chunks of whole rows. Several threads pread large pieces in parallel
 * into the caller's buffer (the rank's cores and the page cache's speed,
 * where one MPI-IO or sec2 read is one core's memcpy). Anything else --
 * type conversion, filters, partial-row chunks, storage not yet allocated,
 * a user block -- goes through H5Dread as before, with the same bytes as
 * the result (tests/cli/direct_read.sh). EIG_DIRECT_READ=0 turns it off. */
#ifndef EIG_DIRECT_READ_H
#define EIG_DIRECT_READ_H

#include <hdf5.h>

#include "eigsweep.h"

typedef struct eig_direct_reader eig_direct_reader;

/* A reader for dataset d of file `path` read as memory type mt, or NULL
 * where d's storage does not allow it (no error raised: the caller reads
 * through HDF5). */
eig_direct_reader *eig_direct_open(const char *path, hid_t file, hid_t d, hid_t mt);

/* Rows [start, start+count) into buf; *done = 1 when read, 0 when this
 * range cannot be read directly (r NULL, or a chunk not allocated: the
 * caller reads it through HDF5, which knows the fill value). Returns 0, or
 * EIG_ERR_INPUT on a failed or short read (the message names the file,
 * `name` and the rows). */
int eig_direct_read_rows(eig_direct_reader *r, hid_t d, const char *name, eig_idx start, eig_idx count, void *buf,
                         int *done);

/* Bytes this reader has delivered so far. */
long long eig_direct_bytes(const eig_direct_reader *r);

void eig_direct_close(eig_direct_reader *r);

#endif

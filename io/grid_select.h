/* A flat range of a grid as HDF5 hyperslabs. Global index g is the grid's
 * flat row-major index (io/grid.h); a chunk [start, start+count) of it is,
 * on a K-axis grid, a union of at most 2K-1 boxes (a partial row at each
 * end of each axis, full rows between), and the boxes, visited in the
 * file's row-major order, hold the range's points in flat order: so a
 * contiguous buffer of the chunk's points reads or writes through them
 * as one selection. */
#ifndef EIG_GRID_SELECT_H
#define EIG_GRID_SELECT_H

#include <hdf5.h>

#include "eigsweep.h"
#include "grid.h"

#define EIG_GRID_MAX_BOXES (2 * EIG_GRID_MAX_AXES - 1)

typedef struct {
    hsize_t start[EIG_GRID_MAX_AXES], count[EIG_GRID_MAX_AXES];
} eig_grid_box;

/* The boxes of [start, start+count) on a grid of `rank` axes of `dims`
 * (count 0: none), in flat order; returns how many (at most 2*rank-1). */
int eig_grid_boxes(int rank, const hsize_t *dims, eig_idx start, eig_idx count, eig_grid_box *boxes);

/* Points [start, start+count) of the first `lead` dimensions of dset
 * (the grid; the dimensions after them, e.g. the n eigenvalues, whole),
 * from or into a contiguous buffer of mtype. */
int eig_grid_write(hid_t dset, hid_t mtype, int lead, eig_idx start, eig_idx count, const void *buf);
int eig_grid_read(hid_t dset, hid_t mtype, int lead, eig_idx start, eig_idx count, void *buf);

#endif

/* Finding a collection in a file a user wrote: which datasets could hold
 * one (for errors that point at them), whether HDF5 can decode a dataset's
 * filters, and what a misshapen dataset most likely is. */
#ifndef EIG_INPUT_LOCATE_H
#define EIG_INPUT_LOCATE_H

#include <hdf5.h>
#include <stddef.h>

/* "/run1/A [1000,8,8] float64, /diag [500,16] float64" : the datasets of the
 * file with 3 (square trailing) or 2 dimensions, at most a handful; "" when
 * there are none. */
void eig_h5_list_candidates(hid_t file, char *out, size_t cap);

/* An error naming the filter when the dataset is compressed (or otherwise
 * filtered) with one this HDF5 build cannot decode; 0 when all are there. */
int eig_h5_check_filters(hid_t dset, const char *path, const char *name);

/* "[8,8,1000]" and the like: a one-line hint when a 3-D dataset's shape is
 * the [n, n, N] (MATLAB/Fortran-style) stacking rather than [N, n, n];
 * "" otherwise. */
void eig_h5_layout_hint(const unsigned long long *dims, int rank, char *out, size_t cap);

#endif

/* Grid-shaped datasets of a result file (docs/reductions.md): created with
 * chunks of about 1 MiB along the grid, and the grid's axes as HDF5
 * dimension scales (H5DS), so h5py/xarray readers get coordinates. */
#ifndef EIG_GRID_SCALES_H
#define EIG_GRID_SCALES_H

#include <hdf5.h>

#include "grid.h"

/* A dataset shaped [g->dims..., tail...] (ntail trailing dimensions, e.g.
 * [n] for eigenvalues), allocated at creation; fill: NULL for none, else
 * the value every element starts with (mtype's). For a 1-axis grid and at
 * most 2 trailing dimensions exactly what eig_h5_create_dataset makes. */
hid_t eig_grid_create_dataset(hid_t file, const char *name, hid_t type, const eig_grid *g, int ntail,
                              const hsize_t *tail, hid_t fill_type, const void *fill);
/* The axes of g: for each axis with values, a 1-D float64 dataset named
 * after the axis, made a dimension scale; for a point list (g->points),
 * /points [M, params]. Nothing for a plain collection. An axis name that is
 * empty, holds '/', or names a dataset already in the file is refused.
 * Collective in parallel mode: every rank calls it; only `writer` writes
 * the values. */
int eig_grid_write_axes(hid_t file, const eig_grid *g, int writer);
/* Attaches the axes' scales to dimensions 0..rank-1 of dset (collective
 * in parallel mode). */
int eig_grid_attach_axes(hid_t file, const eig_grid *g, hid_t dset);
/* The name of the first dimension scale attached to dimension dim of dset
 * (the axis's dataset, without its '/'), into name[EIG_GRID_NAME_MAX];
 * "" when none is attached (a collection's list). */
void eig_grid_scale_name(hid_t dset, unsigned dim, char *name);
/* A 1-D grid of count points, named "index", no values: a collection's. */
void eig_grid_list(eig_grid *g, eig_idx count);
/* Product of g's dims. */
eig_idx eig_grid_points(const eig_grid *g);

#endif

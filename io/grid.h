/* The shape a run's results take. A collection (file or built-in family) is
 * a 1-D list of N matrices; a parametric sweep (docs/sweeps.md) is a grid of
 * K axes, row-major with the last axis fastest, or a 1-D list of M explicit
 * points. Global index g of the solve loop is the grid's flat row-major
 * index, so partitioning, --range and --resume work on it unchanged; only
 * the output's datasets take the grid's shape (with the axes as HDF5
 * dimension scales). */
#ifndef EIG_GRID_H
#define EIG_GRID_H

#include "eigsweep.h"

#define EIG_GRID_MAX_AXES 8
#define EIG_GRID_NAME_MAX 64

typedef struct {
    int rank;                                    /* axes: 1 for a collection or a /points list */
    eig_idx dims[EIG_GRID_MAX_AXES];             /* points along each axis; product = the source's count */
    char name[EIG_GRID_MAX_AXES][EIG_GRID_NAME_MAX]; /* the axis's name ("k1"; "index" for a collection) */
    const double *values[EIG_GRID_MAX_AXES];     /* dims[k] coordinates of axis k; NULL: none (a collection,
                                                    or a /points list: then points holds them) */
    int params;                                  /* K, parameters per point (0 for a collection) */
    const double *points;                        /* [dims[0], params] explicit points, else NULL */
} eig_grid;

#endif

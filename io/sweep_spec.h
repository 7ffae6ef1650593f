/* A parametric sweep's spec (docs/sweeps.md "The spec"): a small HDF5 file
 * of base matrices /A [K+1, n, n] (or /diag [K+1, n] + /offdiag [K+1, n-1]
 * for tridiagonal) and a grid (/axis_1 .. /axis_K) or a list of points
 * (/points [M, K]). Opened, checked and held in memory whole (bases and
 * coordinates: (K+1) n^2 + sum of the axis lengths, or M K, doubles);
 * the matrices themselves are formed chunk by chunk (io/sweep_form.h). */
#ifndef EIG_SWEEP_SPEC_H
#define EIG_SWEEP_SPEC_H

#include "eigsweep.h"
#include "grid.h"
#include "sweep_form_impl.h"

typedef struct {
    char path[4096];
    char dataset[16];       /* "/A", or "/diag" for a tridiagonal spec */
    char offdiag[16];       /* "/offdiag" for a tridiagonal spec, else "" */
    eig_kind kind;
    eig_precision precision; /* of the bases: float32 (complex64) -> single; float64, integers -> double */
    int n;
    eig_idx count;          /* grid points (product of the axis lengths) or M */
    double *bases;          /* [K+1][per] doubles in the solver input layout (owned) */
    double *coords;         /* the axes' values one after another, or the points [M, K] (owned) */
    eig_sweep_form form;    /* forming: points into bases and coords */
    eig_grid grid;          /* the results' shape: values/points point into coords */
} eig_sweep_spec;

/* 1 when path is an HDF5 file laid out as a spec: /A at its root (and no
 * /matrices), or /diag of rank 2 beside /axis_1 or /points. 0 otherwise
 * (not HDF5, missing, a collection): the collection reader then says why. */
int eig_sweep_spec_detect(const char *path);

/* Opens and checks the spec (every error one line naming the file, the
 * dataset and the fix). kind_override: --kind, or NULL for the `kind`
 * attribute of /A or of the root. Serial HDF5: every rank reads the small
 * file itself. */
int eig_sweep_spec_open(const char *path, const eig_kind *kind_override, eig_sweep_spec *s);
void eig_sweep_spec_close(eig_sweep_spec *s);

/* Points [start, start+count) formed in the solver input layout, in
 * `precision` (float: each double value rounded once), into out; OpenMP
 * threads over the points. Bit-identical to the GPU's (gpu/sweep_form_gpu.h). */
int eig_sweep_fill(const eig_sweep_spec *s, eig_idx start, eig_idx count, eig_precision precision, void *out);

#endif

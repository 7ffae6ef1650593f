/* A parametric sweep's matrices (docs/sweeps.md), one source for host and
 * device: io/sweep_form.c compiles it for the host (solve's CPU backend,
 * generate --spec), gpu/sweep_form_gpu.cu for the GPU (each chunk formed
 * straight into the solver's input buffer). Both compile it without fused
 * multiply-adds (sweep_form.c with -ffp-contract=off, sweep_form_gpu.cu with
 * --fmad=false), so A(p) agrees bit for bit between them.
 *
 * Point g of the sweep (its global index) has parameters p: on a grid of K
 * axes, g unravelled row-major (the last axis fastest), p_k the k-th axis's
 * value at that position; for a list of points, row g of /points. Its
 * matrix, entry by entry in the solver input layout (eig_layout_of), is
 *   a = A_0[e];  a = a + p_1 * A_1[e];  ...;  a = a + p_K * A_K[e]
 * in double, in that order, then rounded once to the run's precision. A
 * symmetric (Hermitian) set of bases gives an exactly symmetric (Hermitian)
 * A(p): mirrored entries go through the same operations on the same
 * values (a Hermitian lower imaginary part on their negations, and
 * rounding is symmetric under negation). */
#ifndef EIG_SWEEP_FORM_IMPL_H
#define EIG_SWEEP_FORM_IMPL_H

#include "eig_hd.h"

#define EIG_SWEEP_MAX_PARAMS 8 /* = EIG_GRID_MAX_AXES (io/grid.h) */

/* What forming needs, as plain values and pointers (host or device memory):
 * passed by value to the GPU kernel. */
typedef struct {
    int params;                            /* K: parameters per point (0 allowed: A_0 everywhere) */
    int axes;                              /* K for a grid; 0 for a list of points */
    eig_idx dims[EIG_SWEEP_MAX_PARAMS];    /* a grid's axis lengths */
    eig_idx offset[EIG_SWEEP_MAX_PARAMS];  /* where axis k's values start in coords */
    const double *coords;                  /* a grid: the axes' values one after another; a list: [M, K] */
    const double *bases;                   /* [K+1][per]: A_0 .. A_K in the solver input layout */
    eig_idx per;                           /* reals per matrix (eig_layout_of().input) */
} eig_sweep_form;

/* The parameters of point g into p[0 .. K-1]. */
EIG_HD void eig_sweep_point(const eig_sweep_form *f, eig_idx g, double *p)
{
    if (f->axes == 0) {
        for (int k = 0; k < f->params; k++) p[k] = f->coords[g * f->params + k];
        return;
    }
    for (int k = f->axes - 1; k >= 0; k--) { /* last axis fastest */
        const eig_idx i = g % f->dims[k];
        g /= f->dims[k];
        p[k] = f->coords[f->offset[k] + i];
    }
}

/* Entry e (0 <= e < per) of A(p). */
EIG_HD double eig_sweep_entry(const eig_sweep_form *f, const double *p, eig_idx e)
{
    double a = f->bases[e];
    for (int k = 0; k < f->params; k++) a = a + p[k] * f->bases[(eig_idx)(k + 1) * f->per + e];
    return a;
}

#endif

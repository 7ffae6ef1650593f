/* Draws a slice of a result for `eigsweep plot` with gnuplot (run as a
 * child process): a heat map of a 2-D slice with the stability boundary
 * as a contour, or a line plot of a 1-D one. */
#ifndef EIG_PLOT_GNUPLOT_H
#define EIG_PLOT_GNUPLOT_H

#include <stddef.h>

typedef struct {
    const char *title;            /* "abscissa (k3 = 0.5)" */
    const char *xlabel, *ylabel;  /* axis names; ylabel NULL: a line plot */
    const double *x, *y;          /* nx (ny) coordinates */
    size_t nx, ny;
    const double *z;              /* z[iy * nx + ix]; NaN: a failed point, drawn blank */
    const char *zlabel;           /* the reduction */
    int has_level;                /* draw the contour (2-D) or line (1-D) at `level` */
    double level;
} eig_plot_data;

/* Writes the PNG to out (through out.partial, renamed when gnuplot
 * succeeds). A missing gnuplot is refused naming the package gnuplot-nox. */
int eig_plot_png(const eig_plot_data *d, const char *out);

#endif

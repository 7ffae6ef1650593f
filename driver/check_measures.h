/* `eigsweep check`: how far one matrix's stored eigenvalues (and vectors)
 * are from right, in units of n·eps·‖A‖ (docs/check.md). Everything is
 * computed in double from the input as the solver saw it (single-precision
 * files converted exactly). The reference is LAPACK(E) when this binary was
 * built with it (EIGSWEEP_HAVE_LAPACKE); without it, values are checked
 * through the trace and, with vectors, the residuals only. */
#ifndef EIG_CHECK_MEASURES_H
#define EIG_CHECK_MEASURES_H

#include "eigsweep.h"

enum {
    EIG_CHECK_RESIDUAL = 0, /* max_k ‖A v_k − λ_k v_k‖₂ / (‖A‖·n·eps) (with vectors) */
    EIG_CHECK_ORTHO,        /* ‖VᴴV − I‖_max / (n·eps) (with vectors) */
    EIG_CHECK_VALUES,       /* max |λ − λ_lapack| / (‖A‖·n·eps) (with LAPACK) */
    EIG_CHECK_TRACE,        /* |tr A − Σλ| / (‖A‖_F·n·eps) (without LAPACK, all values present) */
    EIG_CHECK_MEASURES
};

typedef struct {
    eig_kind kind;
    int n;
    double eps;        /* unit roundoff of the solve's precision */
    int vectors;       /* the result holds eigenvectors */
    /* Which eigenvalues the result holds (--select-index/--select-range). With
     * select_known == 0 a subset is placed where it fits LAPACK's best. */
    int select_known;
    eig_select select;
    int il, iu;        /* EIG_SELECT_INDEX: 0-based, inclusive */
    double vl, vu;     /* EIG_SELECT_RANGE: (vl, vu] */
    double tolerance;  /* what counts as a failure, in the units above */
} eig_check_setup;

typedef struct {
    double value[EIG_CHECK_MEASURES]; /* NAN: not measured for this matrix */
    char problem[200];                /* a failure that is no number (NaN with status ok, count), else "" */
} eig_check_result;

/* 1 when this binary compares with LAPACK. */
int eig_check_have_lapack(void);
/* The LAPACK routine used for a kind ("dsyevd", ...), or "none". */
const char *eig_check_oracle(eig_kind kind);
/* Stops LAPACK's own threads: check runs one matrix per OpenMP thread. */
void eig_check_single_threaded_blas(void);

/* One matrix. a: the input in the solver layout, in double (general and
 * symmetric n·n real, hermitian n·n (re, im), tridiagonal diag[n] then
 * offdiag[n-1]); symmetric and Hermitian ones are made whole from their
 * lower triangle in place, as the solvers read them; values: the stored row (general: n (re, im) pairs; other
 * kinds n reals, NaN in unused slots of a subset); vectors: the stored n·n
 * (hermitian: (re, im)) with column k the vector of eigenvalue k, or NULL.
 * Returns 0, or EIG_ERR_RESOURCE when out of memory. */
int eig_check_matrix(const eig_check_setup *s, double *a, const double *values, const double *vectors,
                     eig_check_result *out);

#endif

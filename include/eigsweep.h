/* eigsweep public C API: batched eigensolvers for collections of small dense
 * matrices, callable in-process (the CLI is built on the same calls). */
#ifndef EIGSWEEP_H
#define EIGSWEEP_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef int64_t eig_idx;

typedef enum {
    EIG_KIND_GENERAL = 0,   /* real non-symmetric; complex eigenvalues */
    EIG_KIND_SYMMETRIC,     /* real symmetric */
    EIG_KIND_HERMITIAN,     /* complex Hermitian */
    EIG_KIND_TRIDIAGONAL,   /* real symmetric tridiagonal (diag, offdiag) */
    EIG_KIND_COUNT
} eig_kind;

typedef enum { EIG_PREC_DOUBLE = 0, EIG_PREC_SINGLE } eig_precision;

typedef enum {
    EIG_METHOD_AUTO = 0,
    EIG_METHOD_FRANCIS,     /* general: Hessenberg + double-shift QR */
    EIG_METHOD_JACOBI,      /* symmetric: cyclic Jacobi, round-robin order */
    EIG_METHOD_TRIDIAG_QL,  /* symmetric/hermitian: tridiagonalise + implicit QL */
    EIG_METHOD_BISECTION,   /* symmetric/hermitian/tridiagonal: Sturm bisection */
    EIG_METHOD_COUNT
} eig_method;

typedef enum { EIG_SELECT_ALL = 0, EIG_SELECT_INDEX, EIG_SELECT_RANGE } eig_select;

typedef struct {
    eig_kind kind;
    eig_precision precision;
    eig_method method;      /* AUTO resolved by eig_method_resolve */
    int vectors;            /* 1: eigenvectors too (symmetric/hermitian) */
    eig_select select;      /* subsets: bisection only */
    int il, iu;             /* EIG_SELECT_INDEX: 0-based inclusive index range */
    double vl, vu;          /* EIG_SELECT_RANGE: half-open interval (vl, vu] */
    int max_iter_factor;    /* iteration cap per eigenvalue (0: default 30) */
} eig_solve_params;

/* Sizes in elements of one matrix's slots, for buffer planning. */
typedef struct {
    eig_idx input;        /* real scalars per input matrix (2 per complex entry) */
    eig_idx values;       /* real scalars of eigenvalue output (2 per complex) */
    eig_idx vectors;      /* real scalars of eigenvector output (0 without) */
} eig_layout;

const char *eig_kind_name(eig_kind k);
int eig_kind_parse(const char *s, eig_kind *k);
const char *eig_method_name(eig_method m);
int eig_method_parse(const char *s, eig_method *m);
const char *eig_status_name(int status);

/* Picks the method for method == AUTO (see docs/methods.md); checks the
 * combination is supported. Returns 0 or an eig_err code with a message. */
int eig_method_resolve(eig_solve_params *p, int n);
/* The same for a solve on the GPU backend: there the tridiagonal route beats
 * Jacobi from n = 6 up (docs/methods.md), so AUTO resolves to tridiag-ql
 * where the CPU would take Jacobi. */
int eig_method_resolve_gpu(eig_solve_params *p, int n);

eig_layout eig_layout_of(const eig_solve_params *p, int n);

/* CPU backend: solves `count` matrices of order n stored matrix after matrix
 * (row-major) in `input` (double or float as p->precision; complex as re,im
 * pairs; tridiagonal as diag[n] then offdiag[n-1] per matrix). Writes
 * eigenvalues (general: re,im pairs), per-matrix status and iteration counts,
 * and eigenvectors (column k = vector of eigenvalue k) when p->vectors.
 * `input` is clobbered. OpenMP over matrices. */
int eig_cpu_solve_batch(const eig_solve_params *p, int n, eig_idx count, void *input,
                        void *values, int8_t *status, int32_t *iterations, void *vectors);

#ifdef __cplusplus
}
#endif
#endif

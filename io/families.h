/* Generator families for `eigsweep generate`.
 *
 * Every matrix is a pure function of (family, n, seed, global index, count):
 * no state carries from one matrix to the next, so any rank can produce any
 * slice and the file is byte-identical for every rank count. Values are
 * produced in double; the writer converts to float for single precision.
 * The arithmetic is families_impl.h, shared with the GPU generator
 * (gpu/generate_gpu.h). */
#ifndef EIG_FAMILIES_H
#define EIG_FAMILIES_H

#include <stdint.h>
#include "eigsweep.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    const char *name;    /* command-line name, e.g. "random-general" */
    eig_kind kind;       /* what the matrices are */
    const char *summary; /* one line for --help */
} eig_family;

/* All families, and the number of them. */
const eig_family *eig_family_table(int *count);
/* NULL when unknown. */
const eig_family *eig_family_find(const char *name);

/* Writes matrix number `index` (0 <= index < count) of the collection into out:
 *   general, symmetric: n*n doubles, row-major;
 *   hermitian:          n*n complex as 2*n*n doubles (re, im), row-major;
 *   tridiagonal:        n doubles of diag then n-1 of offdiag.
 * `count` is the collection size (the control family spreads its gain grid
 * over it). Returns 0, or an eig_err code with a message for a bad n. */
int eig_family_fill(const eig_family *f, int n, uint64_t seed, eig_idx index, eig_idx count,
                    double *out);
/* Matrices [start, start+count) of a collection of `total`, one after
 * another in the solver input layout (eig_family_fill's), in `precision`
 * (float: each double value rounded once); OpenMP threads over the
 * matrices. The one loop `solve --synthetic` on the CPU, `generate` on the
 * CPU and bench_gpu family=NAME use. Returns 0, or the first failing eig_family_fill's code
 * (EIG_ERR_RESOURCE when scratch memory runs out). */
int eig_family_fill_range(const eig_family *f, int n, uint64_t seed, eig_idx start, eig_idx count, eig_idx total,
                          eig_precision precision, void *out);
/* The family's number in families_impl.h (enum eig_family_id), found by
 * name; -1 when unknown. */
int eig_family_id(const eig_family *f);
/* The checks eig_family_fill makes (known family, 1 <= n <= 4096,
 * 0 <= index < count): 0, or an error code with its message. */
int eig_family_check(const eig_family *f, int n, eig_idx index, eig_idx count);

#ifdef __cplusplus
}
#endif

#endif

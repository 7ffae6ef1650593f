/* Checks that data claimed symmetric or Hermitian is so, within a tolerance,
 * before it reaches a solver that would silently read one triangle only. */
#ifndef EIG_VALIDATE_H
#define EIG_VALIDATE_H

#include "eigsweep.h"

/* buf holds matrices [start, start+count) of `path`'s dataset in the solver
 * input layout (kind, precision, order n).
 * Returns 0, or EIG_ERR_INPUT naming the file, dataset, matrix and entry when
 * |a_ij - conj(a_ji)| > 100·n·eps·max|a| (eps of the file's precision).
 * NaN/Inf entries that mirror each other (NaN facing NaN, an infinity facing
 * the same infinity) are left to the per-matrix status (invalid_input); one
 * facing a number (or the other infinity) is a mismatch. */
int eig_validate_structure(const char *path, const char *dataset, eig_kind kind, eig_precision precision, int n,
                           const void *buf, eig_idx start, eig_idx count);

#endif

/* Checks that data claimed symmetric or Hermitian is so, within a tolerance,
 * before it reaches a solver that would silently read one triangle only. */
#ifndef EIG_VALIDATE_H
#define EIG_VALIDATE_H

#include "collection.h"

/* buf holds matrices [start, start+count) of c in the solver input layout.
 * Returns 0, or EIG_ERR_INPUT naming the file, dataset, matrix and entry when
 * |a_ij - conj(a_ji)| > 100·n·eps·max|a| (eps of the file's precision).
 * NaN/Inf entries are left to the per-matrix status. */
int eig_validate_structure(const eig_collection *c, const void *buf, eig_idx start, eig_idx count);

#endif

/* general_impl.h instantiated a second time for band storage (suffix _band
 * before the precision's: eig_general_finish_team_band_d ...): element (i,j)
 * of row i lies at EIG_GEN_BAND_ROW(i, n) + j (general_impl.h), so a matrix
 * takes eig_gen_band_reals(n) entries instead of n*n (552 against 900 at
 * n = 30; more than n*n for n = 2..5), with as = 1 and rs = n.
 * Only the QR phase may run on it (eig_general_finish_team and what it
 * calls: they read and write the Hessenberg matrix and the bulge's two
 * diagonals below it, nothing else); the reduction before it needs the
 * dense matrix. The same source, the same arithmetic in the same order:
 * the band result is bit-identical to the dense one (tests/test_general_band.c).
 * On the band the QR phase keeps the eigenvalues in the matrix and writes
 * wr and wi once, sorted, at the end (EIG_GEN_IN_PLACE, general_impl.h):
 * wr and wi are its output only, never its scratch.
 * No guard: included once per precision by solvers_all_impl.h. */
#pragma push_macro("EIG_FN")
#undef EIG_FN
#if EIG_IS_DOUBLE
#define EIG_FN(name) EIG_CAT(name, _band_d)
#else
#define EIG_FN(name) EIG_CAT(name, _band_s)
#endif
#define EIG_GEN_BAND 1
#include "general_impl.h"
#undef EIG_GEN_BAND
/* the element macros are general_impl.h's own (each inclusion defines
 * them for its storage): none is left behind for what comes next */
#undef EIG_GEN_A
#undef EIG_GEN_ROW_AT
#undef EIG_GEN_ROW_AFTER
#undef EIG_GEN_IN_PLACE
#pragma pop_macro("EIG_FN")

/* Entries of an n×n matrix in band storage: row n-1 ends the last. */
EIG_HD int EIG_FN(eig_gen_band_reals)(int n) { return EIG_GEN_BAND_ROW(n - 1, n) + n; }

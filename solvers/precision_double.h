/* Defines the precision macros of the numerical core for double. No guard:
 * included once per instantiation, undone by precision_undef.h. */
#define eig_real double
#define EIG_FN(name) EIG_CAT(name, _d)
#define EIG_EPS (DBL_EPSILON * 0.5) /* unit roundoff, LAPACK dlamch('E') */
#define EIG_SAFMIN DBL_MIN          /* smallest normal, dlamch('S') */
#define EIG_RMAX DBL_MAX
#define EIG_FABS fabs
#define EIG_SQRT sqrt
#define EIG_HYPOT hypot
#define EIG_COPYSIGN copysign
#define EIG_ISFINITE(x) isfinite(x)
#define EIG_ONE 1.0
#define EIG_ZERO 0.0
#define EIG_IS_DOUBLE 1

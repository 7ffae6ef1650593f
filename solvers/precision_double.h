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
/* 1/sqrt(x): one hardware-seeded instruction sequence on the GPU (CUDA's
 * rsqrt, 1 ulp), a square root and a division on the host. */
#ifdef __CUDA_ARCH__
#define EIG_RSQRT(x) rsqrt(x)
#else
#define EIG_RSQRT(x) (1.0 / sqrt(x))
#endif
/* sqrt and 1/x of a normal number in the middle of the range (eig_hd.h) */
#define EIG_SQRT_NORMAL(x) EIG_SQRT_NORMAL_F64(x)
#define EIG_RCP_NORMAL(x) EIG_RCP_NORMAL_F64(x)
#define EIG_COPYSIGN copysign
#define EIG_ISFINITE(x) isfinite(x)
#define EIG_ONE 1.0
#define EIG_ZERO 0.0
#define EIG_IS_DOUBLE 1

/* Defines the precision macros of the numerical core for float. No guard:
 * included once per instantiation, undone by precision_undef.h. */
#define eig_real float
#define EIG_FN(name) EIG_CAT(name, _s)
#define EIG_EPS (FLT_EPSILON * 0.5f)
#define EIG_SAFMIN FLT_MIN
#define EIG_RMAX FLT_MAX
#define EIG_FABS fabsf
#define EIG_SQRT sqrtf
#define EIG_HYPOT hypotf
#ifdef __CUDA_ARCH__
#define EIG_RSQRT(x) rsqrtf(x)
#else
#define EIG_RSQRT(x) (1.0f / sqrtf(x))
#endif
/* sqrt and 1/x of a normal number in the middle of the range (eig_hd.h) */
#define EIG_SQRT_NORMAL(x) sqrtf(x)
#define EIG_RCP_NORMAL(x) (1.0f / (x))
#define EIG_COPYSIGN copysignf
#define EIG_ISFINITE(x) isfinite(x)
#define EIG_ONE 1.0f
#define EIG_ZERO 0.0f
#define EIG_IS_DOUBLE 0

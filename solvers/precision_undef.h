/* Undoes precision_double.h / precision_single.h. No guard. */
#undef eig_real
#undef EIG_FN
#undef EIG_EPS
#undef EIG_SAFMIN
#undef EIG_RMAX
#undef EIG_FABS
#undef EIG_SQRT
#undef EIG_HYPOT
#undef EIG_RSQRT
#undef EIG_SQRT_NORMAL
#undef EIG_RCP_NORMAL
#undef EIG_COPYSIGN
#undef EIG_ISFINITE
#undef EIG_ONE
#undef EIG_ZERO
#undef EIG_IS_DOUBLE

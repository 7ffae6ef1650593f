/* The list of solver bodies instantiated by precision.h, once per precision.
 * No include guard: it is meant to be included twice. Order matters where one
 * body calls another (tridiagonal routines before the families that use them). */
#include "unscale_impl.h"
#include "general_impl.h"
#include "general_band_impl.h" /* its QR phase again, on band storage */
#include "bisection_impl.h"
#include "tridiag_ql_impl.h"
#include "quotients_impl.h"
#include "tridiag_dc_impl.h" /* divide and conquer, its leaves by the QL above */
#include "tridiag_reduce_impl.h"
#include "tridiag_values_team_impl.h" /* values by a team: reduction, then bisection */
#include "jacobi_impl.h"
#include "jacobi_team_impl.h" /* Hermitian Jacobi, the GPU's block a matrix */
#include "solve_one_impl.h"
#include "reduce_impl.h"

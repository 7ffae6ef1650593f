/* One precision-generic source for the numerical core.
 *
 * A solver body (solvers/<family>_impl.h) is written once against eig_real,
 * EIG_FN(name) and the math macros of precision_double.h, then instantiated
 * here for double (suffix _d) and float (suffix _s), the way MAGMA derives
 * s/d from one source. Include this header, not the _impl.h files. A
 * backend's own generic body is instantiated the same way: include
 * precision_double.h, the body, precision_undef.h, then the same for single. */
#ifndef EIG_PRECISION_H
#define EIG_PRECISION_H

#include <float.h>
#include "eig_hd.h"
#include "eigsweep.h"

#define EIG_CAT_(a, b) a##b
#define EIG_CAT(a, b) EIG_CAT_(a, b)

#include "precision_double.h"
#include "solvers_all_impl.h"
#include "precision_undef.h"

#include "precision_single.h"
#include "solvers_all_impl.h"
#include "precision_undef.h"

#endif

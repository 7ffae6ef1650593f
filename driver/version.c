/* eig_version (include/eigsweep.h): which eigsweep a program runs with. */
#include "build_info.h"
#include "eigsweep.h"

const char *eig_version(void)
{
    return "eigsweep " EIGSWEEP_VERSION " (git " EIGSWEEP_GIT_HASH ", CUDA " EIGSWEEP_BUILD_CUDA
           ", " EIGSWEEP_BUILD_TYPE ")";
}

#include "mpi_transport.h"

#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "launcher.h"

static const char *choice = "MPI's default";
static const char *start = "a launcher";
static char start_user[128];

void eig_mpi_transport_prepare_env(void)
{
    const char *off = getenv("EIG_ONE_NODE_PML"), *user = getenv("OMPI_MCA_pml");
    if ((off && !strcmp(off, "0")) || (user && *user)) {
        if (user && *user) choice = "the user's (OMPI_MCA_pml)";
        return;
    }
    if (!eig_launcher_one_node()) return;
    setenv("OMPI_MCA_pml", "ob1", 1);
    choice = "ob1 (one node)";
}

const char *eig_mpi_transport_choice(void) { return choice; }

void eig_mpi_singleton_prepare_env(void)
{
    if (eig_launcher_present()) return;
    const char *off = getenv("EIG_SINGLETON_LEAN");
    if (off && !strcmp(off, "0")) {
        start = "a singleton (EIG_SINGLETON_LEAN=0)";
        return;
    }
    if (!getenv("HWLOC_COMPONENTS")) setenv("HWLOC_COMPONENTS", "-opencl", 1);
#ifdef OPEN_MPI
    const char *isolated = getenv("OMPI_MCA_ess_singleton_isolated");
    if (isolated && *isolated) { /* the user's, whatever Open MPI makes of it */
        snprintf(start_user, sizeof start_user, "a singleton (the user's OMPI_MCA_ess_singleton_isolated=%.40s)",
                 isolated);
        start = start_user;
        return;
    }
    setenv("OMPI_MCA_ess_singleton_isolated", "1", 1);
    start = "a singleton without a daemon";
#else
    start = "a singleton";
#endif
}

const char *eig_mpi_start_choice(void) { return start; }

#include "mpi_transport.h"

#include <stdlib.h>
#include <string.h>

#include "launcher.h"

static const char *choice = "MPI's default";
static const char *start = "a launcher";

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
    const char *daemon = getenv("OMPI_MCA_ess_singleton_isolated"), *hwloc = getenv("HWLOC_COMPONENTS");
    if (!daemon || !*daemon) setenv("OMPI_MCA_ess_singleton_isolated", "1", 1);
    if (!hwloc) setenv("HWLOC_COMPONENTS", "-opencl", 1);
    daemon = getenv("OMPI_MCA_ess_singleton_isolated");
    start = strcmp(daemon, "0") && strcmp(daemon, "false") ? "a singleton without a daemon"
                                                             : "a singleton with a daemon (the user's)";
}

const char *eig_mpi_start_choice(void) { return start; }

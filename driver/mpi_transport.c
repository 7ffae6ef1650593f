#include "mpi_transport.h"

#include <stdlib.h>
#include <string.h>

#include "launcher.h"

static const char *choice = "MPI's default";

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

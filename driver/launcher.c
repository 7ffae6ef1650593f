#include "launcher.h"

#include <stdlib.h>

static const char *set(const char *name)
{
    const char *v = getenv(name);
    return v && *v ? v : NULL;
}

/* srun's job step: a batch script's own shell has SLURM_PROCID too (task 0
 * of the job) but no step variables, and a process it starts is a singleton. */
static int slurm_step(void)
{
    return set("SLURM_PROCID") && (set("SLURM_STEP_ID") || set("SLURM_STEP_NUM_TASKS") || set("SLURM_STEP_NUM_NODES"));
}

int eig_launcher_present(void)
{
    static const char *const launched[] = {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_RANK", "PMI_SIZE"};
    for (size_t i = 0; i < sizeof launched / sizeof launched[0]; i++)
        if (set(launched[i])) return 1;
    return slurm_step();
}

int eig_launcher_local(int *lr, int *ls)
{
    static const char *const pairs[][2] = {{"OMPI_COMM_WORLD_LOCAL_RANK", "OMPI_COMM_WORLD_LOCAL_SIZE"},
                                           {"PMIX_LOCAL_RANK", "PMIX_LOCAL_SIZE"},
                                           {"MPI_LOCALRANKID", "MPI_LOCALNRANKS"}};
    for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
        const char *r = set(pairs[i][0]), *s = set(pairs[i][1]);
        if (r && s) {
            *lr = atoi(r), *ls = atoi(s);
            return *lr >= 0 && *ls > *lr;
        }
    }
    if (eig_launcher_present()) return 0; /* srun, PMI-1: not said */
    *lr = 0, *ls = 1;
    return 1;
}

int eig_launcher_one_node(void)
{
    const char *world = set("OMPI_COMM_WORLD_SIZE"), *local = set("OMPI_COMM_WORLD_LOCAL_SIZE");
    if (world && local) return atoi(world) > 0 && atoi(world) == atoi(local);
    const char *hydra_world = set("PMI_SIZE"), *hydra_local = set("MPI_LOCALNRANKS");
    if (hydra_world && hydra_local) return atoi(hydra_world) > 0 && atoi(hydra_world) == atoi(hydra_local);
    if (slurm_step()) { /* an srun step: its node count */
        const char *nodes = set("SLURM_STEP_NUM_NODES");
        return nodes && atoi(nodes) == 1;
    }
    return !eig_launcher_present();
}

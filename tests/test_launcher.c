/* driver/launcher.c and driver/mpi_transport.c: what the launcher's
 * environment says (one node or not, the local rank), the PML eigsweep
 * asks Open MPI for before MPI_Init and a singleton's lean start. The whole-job path (mpirun, a
 * singleton, the report's mpi_pml) runs in tests/cli/one_node_pml.sh. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <mpi.h>

#include "launcher.h"
#include "mpi_transport.h"
#include "testutil.h"

static const char *const launcher_vars[] = {
    "OMPI_COMM_WORLD_SIZE", "OMPI_COMM_WORLD_LOCAL_SIZE", "OMPI_COMM_WORLD_LOCAL_RANK", "PMIX_RANK",
    "PMIX_LOCAL_RANK", "PMIX_LOCAL_SIZE", "PMI_RANK", "PMI_SIZE", "MPI_LOCALRANKID", "MPI_LOCALNRANKS",
    "SLURM_PROCID", "SLURM_STEP_NUM_NODES", "SLURM_STEP_ID", "SLURM_STEP_NUM_TASKS", "OMPI_MCA_pml", "EIG_ONE_NODE_PML",
    "OMPI_MCA_ess_singleton_isolated", "HWLOC_COMPONENTS", "EIG_SINGLETON_LEAN", "OMPI_MCA_orte_tmpdir_base", "TMPDIR"};

/* A clean environment, then the NAME, VALUE pairs of kv (NULL-terminated). */
static void env_list(const char *const *kv)
{
    for (size_t i = 0; i < sizeof launcher_vars / sizeof *launcher_vars; i++) unsetenv(launcher_vars[i]);
    for (int i = 0; kv[i] && kv[i + 1]; i += 2) setenv(kv[i], kv[i + 1], 1);
}

/* The same with the pairs as arguments. */
static void env_is(const char *first, ...)
{
    const char *kv[16] = {first};
    int n = 0;
    va_list ap;
    va_start(ap, first);
    while (kv[n] && n < 15) kv[++n] = va_arg(ap, const char *);
    va_end(ap);
    kv[n] = NULL;
    env_list(kv);
}

typedef struct {
    const char *what;
    const char *env[12]; /* NAME, VALUE, ..., NULL */
    int one_node, present;
} launch_case;

static void one_node_cases(void)
{
    static const launch_case cases[] = {
        {"a singleton (no launcher)", {NULL}, 1, 0},
        {"mpirun, 4 ranks on one node", {"OMPI_COMM_WORLD_SIZE", "4", "OMPI_COMM_WORLD_LOCAL_SIZE", "4", NULL}, 1, 1},
        {"mpirun, 8 ranks, 4 on this node", {"OMPI_COMM_WORLD_SIZE", "8", "OMPI_COMM_WORLD_LOCAL_SIZE", "4", NULL}, 0, 1},
        {"mpirun without a local size", {"OMPI_COMM_WORLD_SIZE", "2", NULL}, 0, 1},
        {"srun, a one-node step", {"SLURM_PROCID", "3", "SLURM_STEP_NUM_NODES", "1", NULL}, 1, 1},
        {"srun, a two-node step", {"SLURM_PROCID", "0", "SLURM_STEP_NUM_NODES", "2", NULL}, 0, 1},
        {"srun without a node count", {"SLURM_PROCID", "0", "SLURM_STEP_ID", "2", NULL}, 0, 1},
        {"a Slurm batch script's shell (no step)", {"SLURM_PROCID", "0", NULL}, 1, 0},
        {"Hydra, 2 of 2 ranks here", {"PMI_RANK", "1", "PMI_SIZE", "2", "MPI_LOCALNRANKS", "2", NULL}, 1, 1},
        {"Hydra, 2 of 6 ranks here", {"PMI_RANK", "1", "PMI_SIZE", "6", "MPI_LOCALNRANKS", "2", NULL}, 0, 1},
        {"PMIx alone (no sizes)", {"PMIX_RANK", "0", NULL}, 0, 1},
        {"mpirun inside an sbatch of 2 nodes, 2 ranks here",
         {"SLURM_PROCID", "0", "SLURM_STEP_NUM_NODES", "2", "OMPI_COMM_WORLD_SIZE", "2", "OMPI_COMM_WORLD_LOCAL_SIZE", "2", NULL},
         1, 1},
        {"an empty OMPI_COMM_WORLD_SIZE is no launcher", {"OMPI_COMM_WORLD_SIZE", "", NULL}, 1, 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        const launch_case *c = &cases[i];
        env_list(c->env);
        eig_test_expect(eig_launcher_one_node() == c->one_node, "%s: one node %d", c->what, c->one_node);
        eig_test_expect(eig_launcher_present() == c->present, "%s: launcher present %d", c->what, c->present);
    }
}

static void local_ranks(void)
{
    int lr = -1, ls = -1;
    env_is(NULL);
    eig_test_expect(eig_launcher_local(&lr, &ls) && lr == 0 && ls == 1, "a singleton is local rank 0 of 1");
    env_is("OMPI_COMM_WORLD_SIZE", "8", "OMPI_COMM_WORLD_LOCAL_RANK", "3", "OMPI_COMM_WORLD_LOCAL_SIZE", "4", NULL);
    eig_test_expect(eig_launcher_local(&lr, &ls) && lr == 3 && ls == 4, "mpirun: local rank 3 of 4 (got %d of %d)", lr, ls);
    env_is("OMPI_COMM_WORLD_LOCAL_RANK", "4", "OMPI_COMM_WORLD_LOCAL_SIZE", "4", NULL);
    eig_test_expect(!eig_launcher_local(&lr, &ls), "a local rank past the local size is refused");
    env_is("SLURM_PROCID", "5", "SLURM_STEP_NUM_TASKS", "8", NULL);
    eig_test_expect(!eig_launcher_local(&lr, &ls), "srun says no local rank");
    env_is("SLURM_PROCID", "0", NULL);
    eig_test_expect(eig_launcher_local(&lr, &ls) && lr == 0 && ls == 1, "a batch script's process is rank 0 of 1");
}

/* The variable Open MPI reads, after eig_mpi_transport_prepare_env. */
static const char *pml_after(void)
{
    eig_mpi_transport_prepare_env();
    return getenv("OMPI_MCA_pml");
}

static void pml_choice(void)
{
    env_is("OMPI_COMM_WORLD_SIZE", "2", "OMPI_COMM_WORLD_LOCAL_SIZE", "2", NULL);
    const char *p = pml_after();
    eig_test_expect(p && !strcmp(p, "ob1"), "one node: ob1 (got %s)", p ? p : "unset");
    eig_test_expect(strstr(eig_mpi_transport_choice(), "ob1") != NULL, "the report says ob1: %s", eig_mpi_transport_choice());
    env_is("OMPI_COMM_WORLD_SIZE", "8", "OMPI_COMM_WORLD_LOCAL_SIZE", "4", NULL);
    p = pml_after();
    eig_test_expect(p == NULL, "two nodes: left to Open MPI (got %s)", p ? p : "unset");
    env_is("OMPI_COMM_WORLD_SIZE", "2", "OMPI_COMM_WORLD_LOCAL_SIZE", "2", "OMPI_MCA_pml", "ucx", NULL);
    p = pml_after();
    eig_test_expect(p && !strcmp(p, "ucx"), "the user's ucx is kept (got %s)", p ? p : "unset");
    eig_test_expect(strstr(eig_mpi_transport_choice(), "user") != NULL, "the report says the user's: %s",
                    eig_mpi_transport_choice());
    env_is("EIG_ONE_NODE_PML", "0", NULL);
    p = pml_after();
    eig_test_expect(p == NULL, "EIG_ONE_NODE_PML=0: left to Open MPI (got %s)", p ? p : "unset");
    env_is(NULL);
    p = pml_after();
    eig_test_expect(p && !strcmp(p, "ob1"), "a singleton: ob1 (got %s)", p ? p : "unset");
}

/* 1 when getenv(name) is value (NULL: unset). */
static int env_now(const char *name, const char *value)
{
    const char *v = getenv(name);
    return value ? v && !strcmp(v, value) : v == NULL;
}

static void singleton_start(void)
{
    const char *iso = "OMPI_MCA_ess_singleton_isolated", *hw = "HWLOC_COMPONENTS";
    env_is(NULL);
    eig_mpi_singleton_prepare_env();
#ifdef OPEN_MPI
    eig_test_expect(env_now(iso, "1") && env_now(hw, "-opencl"), "a singleton: no daemon, no OpenCL plugin");
    eig_test_expect(strstr(eig_mpi_start_choice(), "without a daemon") != NULL, "the report says so: %s",
                    eig_mpi_start_choice());
#else
    eig_test_expect(env_now(iso, NULL) && env_now(hw, "-opencl"), "a singleton of another MPI: no OpenCL plugin");
#endif
    env_is("SLURM_PROCID", "0", "SLURM_JOB_ID", "7", NULL);
    eig_mpi_singleton_prepare_env();
    eig_test_expect(env_now(hw, "-opencl"), "a Slurm batch script's process is a singleton too");
    env_is("OMPI_COMM_WORLD_SIZE", "1", "OMPI_COMM_WORLD_LOCAL_SIZE", "1", NULL);
    eig_mpi_singleton_prepare_env();
    eig_test_expect(env_now(iso, NULL) && env_now(hw, NULL), "under mpirun nothing is set");
    env_is("SLURM_PROCID", "0", "SLURM_STEP_NUM_NODES", "1", NULL);
    eig_mpi_singleton_prepare_env();
    eig_test_expect(env_now(iso, NULL) && env_now(hw, NULL), "under srun nothing is set");
    env_is(iso, "no", hw, "-cuda", NULL);
    eig_mpi_singleton_prepare_env();
    eig_test_expect(env_now(iso, "no") && env_now(hw, "-cuda"), "the user's settings are kept");
#ifdef OPEN_MPI
    eig_test_expect(strstr(eig_mpi_start_choice(), "the user's OMPI_MCA_ess_singleton_isolated=no") != NULL,
                    "the report says the user's: %s", eig_mpi_start_choice());
#endif
    env_is(hw, "", NULL);
    eig_mpi_singleton_prepare_env();
    eig_test_expect(env_now(hw, ""), "an empty HWLOC_COMPONENTS (all plugins) is the user's");
    env_is("EIG_SINGLETON_LEAN", "0", NULL);
    eig_mpi_singleton_prepare_env();
    eig_test_expect(env_now(iso, NULL) && env_now(hw, NULL), "EIG_SINGLETON_LEAN=0: left alone");
    eig_test_expect(strstr(eig_mpi_start_choice(), "EIG_SINGLETON_LEAN=0") != NULL, "the report says so: %s",
                    eig_mpi_start_choice());
}

static int is_dir(const char *path)
{
    struct stat st;
    return path && stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* A lean singleton's private session-directory base (the race between
 * concurrent singletons: driver/mpi_transport.c); tests/cli/singleton_race.sh
 * starts many at once. */
static void singleton_session_dir(void)
{
    const char *var = "OMPI_MCA_orte_tmpdir_base";
#ifdef OPEN_MPI
    char tmp[] = "/tmp/eig_test_launcher.XXXXXX";
    if (!mkdtemp(tmp)) {
        eig_test_expect(0, "mkdtemp");
        return;
    }
    env_is("TMPDIR", tmp, NULL);
    eig_mpi_singleton_prepare_env();
    const char *base = eig_mpi_singleton_session_base();
    eig_test_expect(base && is_dir(base) && !strncmp(base, tmp, strlen(tmp)) && env_now(var, base),
                    "a lean singleton: a session directory of its own under $TMPDIR (%s)", base ? base : "none");
    char saved[4096] = "", nested[4200];
    if (base) {
        snprintf(saved, sizeof saved, "%s", base);
        snprintf(nested, sizeof nested, "%s/ompi.host.0", saved);
        eig_test_expect(mkdir(nested, 0700) == 0, "a subdirectory as Open MPI makes one");
        strcat(nested, "/left");
        FILE *f = fopen(nested, "w");
        if (f) fclose(f);
    }
    eig_mpi_singleton_prepare_env();
    eig_test_expect(eig_mpi_singleton_session_base() && !strcmp(eig_mpi_singleton_session_base(), saved),
                    "a second call keeps the same directory");
    eig_mpi_singleton_cleanup();
    eig_test_expect(!is_dir(saved) && eig_mpi_singleton_session_base() == NULL,
                    "removed after MPI_Finalize, with what was left in it");
    env_is(var, "/scratch/mine", NULL);
    eig_mpi_singleton_prepare_env();
    eig_test_expect(env_now(var, "/scratch/mine") && eig_mpi_singleton_session_base() == NULL,
                    "the user's orte_tmpdir_base is kept");
    env_is("EIG_SINGLETON_LEAN", "0", NULL);
    eig_mpi_singleton_prepare_env();
    eig_test_expect(env_now(var, NULL) && eig_mpi_singleton_session_base() == NULL, "EIG_SINGLETON_LEAN=0: none");
    env_is("OMPI_MCA_ess_singleton_isolated", "0", NULL);
    eig_mpi_singleton_prepare_env();
    eig_test_expect(env_now(var, NULL) && eig_mpi_singleton_session_base() == NULL,
                    "the user's ess_singleton_isolated=0 (a daemon names the job apart): none");
    env_is("OMPI_MCA_ess_singleton_isolated", "True", "TMPDIR", tmp, NULL);
    eig_mpi_singleton_prepare_env();
    base = eig_mpi_singleton_session_base();
    eig_test_expect(base && is_dir(base) && env_now(var, base), "the user's ess_singleton_isolated=True: one of its own");
    eig_mpi_singleton_cleanup();
    rmdir(tmp);
#endif
    env_is("OMPI_COMM_WORLD_SIZE", "1", "OMPI_COMM_WORLD_LOCAL_SIZE", "1", NULL);
    eig_mpi_singleton_prepare_env();
    eig_test_expect(env_now(var, NULL) && eig_mpi_singleton_session_base() == NULL, "under mpirun: none");
}

int main(void)
{
    one_node_cases();
    local_ranks();
    pml_choice();
    singleton_start();
    eig_mpi_singleton_cleanup();
    singleton_session_dir();
    return eig_test_summary();
}

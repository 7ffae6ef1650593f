#define _XOPEN_SOURCE 700 /* nftw */
#include "mpi_transport.h"

#include <ftw.h>
#include <limits.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "launcher.h"

static const char *choice = "MPI's default";
static const char *start = "a launcher";
static char start_user[128];
static char session_base[PATH_MAX]; /* the private session-directory base; "" when none was made */

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

#ifdef OPEN_MPI
static int remove_entry(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
    (void)st, (void)type, (void)ftw;
    remove(path);
    return 0;
}

/* Every isolated singleton of Open MPI 4.1 is job [0,1] rank 0, so all of
 * them on a node share one session directory (<tmp>/ompi.<host>.<uid>/jf.0/1/0):
 * one that finishes removes it while another is creating it, and that one's
 * MPI_Init fails ("A call to mkdir was unable to create the desired
 * directory"). A directory of its own under $TMPDIR, unless the user chose
 * one (OMPI_MCA_orte_tmpdir_base), keeps concurrent singletons apart. */
static void private_session_base(void)
{
    static int cleanup_registered;
    const char *user = getenv("OMPI_MCA_orte_tmpdir_base");
    if (user && *user && strcmp(user, session_base)) return; /* the user's */
    if (session_base[0]) { /* made already (a second call): point at it again */
        setenv("OMPI_MCA_orte_tmpdir_base", session_base, 1);
        return;
    }
    const char *tmp = getenv("TMPDIR");
    if (!tmp || !*tmp) tmp = "/tmp";
    char path[PATH_MAX];
    if (snprintf(path, sizeof path, "%s/eigsweep-mpi.XXXXXX", tmp) >= (int)sizeof path) return;
    if (!mkdtemp(path)) return; /* Open MPI's own default then, and its own error if that fails too */
    strcpy(session_base, path);
    setenv("OMPI_MCA_orte_tmpdir_base", session_base, 1);
    if (!cleanup_registered) atexit(eig_mpi_singleton_cleanup); /* also on exit() before MPI_Finalize */
    cleanup_registered = 1;
}

/* Open MPI's spelling of a true boolean parameter. */
static int mca_true(const char *v)
{
    static const char *const yes[] = {"1", "true", "yes", "t", "y", "enabled"};
    for (size_t i = 0; i < sizeof yes / sizeof *yes; i++)
        if (!strcasecmp(v, yes[i])) return 1;
    return 0;
}
#endif

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
        if (mca_true(isolated)) private_session_base(); /* daemon-less too: the same shared directory */
        snprintf(start_user, sizeof start_user, "a singleton (the user's OMPI_MCA_ess_singleton_isolated=%.40s)",
                 isolated);
        start = start_user;
        return;
    }
    setenv("OMPI_MCA_ess_singleton_isolated", "1", 1);
    private_session_base(); /* (with the daemon Open MPI names the job apart itself) */
    start = "a singleton without a daemon";
#else
    start = "a singleton";
#endif
}

const char *eig_mpi_start_choice(void) { return start; }

void eig_mpi_singleton_cleanup(void)
{
#ifdef OPEN_MPI
    if (!session_base[0]) return;
    nftw(session_base, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
    session_base[0] = '\0';
#endif
}

const char *eig_mpi_singleton_session_base(void) { return session_base[0] ? session_base : NULL; }

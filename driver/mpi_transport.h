/* The MPI point-to-point transport for jobs that fit on one node.
 *
 * Open MPI 4.1 picks its PML at MPI_Init by asking each candidate; the UCX
 * and the cm (libfabric, PSM2) candidates initialise their network
 * libraries to find out, which costs ~0.2 s of MPI_Init's ~0.25 s even for
 * one rank on one node (measured on the GPU machine and on the CI machine:
 * 0.23 s against 0.03 s with ob1). Where every rank runs on this node the
 * network is never used: ob1 over shared memory (vader) and self is the
 * whole transport. So, before MPI_Init, eigsweep asks for ob1 when the
 * launcher says the job is on one node (driver/launcher.h) and the user has
 * not chosen a PML (OMPI_MCA_pml, which is also how `mpirun --mca pml X`
 * arrives). EIG_ONE_NODE_PML=0 leaves the choice to Open MPI. Other MPI
 * libraries ignore the variable. */
#ifndef EIG_MPI_TRANSPORT_H
#define EIG_MPI_TRANSPORT_H

/* Before MPI_Init: sets OMPI_MCA_pml=ob1 for a one-node job the user left
 * to the default. */
void eig_mpi_transport_prepare_env(void);
/* What was decided, for the report: "ob1 (one node)" or "MPI's default". */
const char *eig_mpi_transport_choice(void);

/* A process started without a launcher (a singleton, `eigsweep solve ...`
 * typed at a prompt or run by a job script for one GPU) pays two costs in
 * Open MPI 4.1's MPI_Init that a job of one process never needs: it forks a
 * daemon (orted) so that MPI_Comm_spawn could work later, and hwloc's
 * OpenCL plugin opens every GPU through NVIDIA's OpenCL driver while it
 * reads the node's topology. On the GPU node MPI_Init + MPI_Finalize take
 * 0.39 s as a singleton, 0.03 s without the daemon and the plugin (H200,
 * 2026-11-28; docs/performance.md "Around the kernels (issue 20), sixth
 * pass"). eigsweep spawns nothing and reads no OpenCL topology, so before
 * MPI_Init a singleton asks Open MPI for no daemon
 * (OMPI_MCA_ess_singleton_isolated) and hwloc, whichever MPI reads it, for no
 * OpenCL plugin (HWLOC_COMPONENTS), each unless the user set it;
 * EIG_SINGLETON_LEAN=0 leaves both alone. Without the daemon every
 * singleton on a node would share one session directory, so a singleton
 * without the daemon (eigsweep's choice or the user's) also gets a private
 * one under $TMPDIR (OMPI_MCA_orte_tmpdir_base, unless the user set it),
 * removed by eig_mpi_singleton_cleanup (a killed process leaves it). */
void eig_mpi_singleton_prepare_env(void);
/* After MPI_Finalize (and at exit): removes the private session directory,
 * if one was made. */
void eig_mpi_singleton_cleanup(void);
/* The private session-directory base made before MPI_Init, or NULL. */
const char *eig_mpi_singleton_session_base(void);
/* How the process was started, for the report: "a launcher", "a singleton
 * without a daemon" (eigsweep asked), "a singleton (the user's
 * OMPI_MCA_ess_singleton_isolated=V)", "a singleton (EIG_SINGLETON_LEAN=0)",
 * or "a singleton" (another MPI). */
const char *eig_mpi_start_choice(void);

#endif

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

#endif

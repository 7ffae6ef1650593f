/* What the launcher (Open MPI's mpirun, Slurm's srun, MPICH's Hydra, PMIx)
 * tells a process through its environment before MPI_Init: whether there is
 * one, the node-local rank and size, and whether every rank runs on this
 * node. Read before MPI_Init, where MPI cannot be asked yet. */
#ifndef EIG_LAUNCHER_H
#define EIG_LAUNCHER_H

/* 1 when a launcher started this process; 0 for a singleton (a shell, a
 * Slurm batch script without srun). */
int eig_launcher_present(void);
/* The node-local rank and size; 0 when the launcher gives none we know
 * (a singleton is rank 0 of 1). */
int eig_launcher_local(int *local_rank, int *local_size);
/* 1 when every rank of the job is known to run on this node (a singleton,
 * mpirun with local size = world size, a one-node srun step); 0 otherwise or
 * when the launcher does not say. Every rank reads the same answer. */
int eig_launcher_one_node(void);

#endif

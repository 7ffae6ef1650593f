/* Open MPI settings eigsweep's MPI-IO needs, applied before MPI_Init. */
#ifndef EIG_MPIIO_ENV_H
#define EIG_MPIIO_ENV_H

/* Call before MPI_Init: leaves only Open MPI's `individual` shared-file-
 * pointer component eligible (unless the user chose components), because the
 * other two break on long file names (io/mpiio_env.c says how). */
void eig_mpiio_prepare_env(void);

#endif

/* Long file names and Open MPI's OMPIO (issue 19, F9).
 *
 * OMPIO, Open MPI 4.1's default MPI-IO, picks a shared-file-pointer
 * ("sharedfp") component for every file it opens, asking each component in
 * turn, even though HDF5 never uses shared file pointers (it reads and writes
 * at explicit offsets). Two of the three components fail on long names:
 *  - lockedfile formats "<path>.locktest.<rank>" into a 256-byte stack buffer:
 *    a path of 245 characters or more overflows it, and the fortified sprintf
 *    aborts the process (SIGABRT) inside H5Fopen/H5Fcreate;
 *  - sm creates "<session dir>/<file name>_cid-C-P.sm": a file name of about
 *    240 characters or more exceeds NAME_MAX, and the open then fails.
 * The third, individual, creates nothing until a shared-pointer operation
 * runs, which never happens here. Excluding all three makes every open fail,
 * and no MPI_Info hint skips the selection, so eigsweep excludes lockedfile
 * and sm through the MCA parameter before MPI_Init reads it. A value the user
 * set (OMPI_MCA_sharedfp in the environment, which is also how mpirun's
 * `--mca sharedfp X` arrives) is left alone. The variable is harmless to
 * other MPI libraries and to ROMIO (OMPI_MCA_io=romio321). */
#include "mpiio_env.h"

#include <stdlib.h>

void eig_mpiio_prepare_env(void) { setenv("OMPI_MCA_sharedfp", "^lockedfile,sm", 0); }

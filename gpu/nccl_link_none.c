/* The NCCL link in a build without NCCL: never available. */
#include "nccl_link.h"

#include "eig_error.h"

int eig_nccl_built(void) { return 0; }

int eig_nccl_open(MPI_Comm comm, int device, size_t slot_bytes, eig_nccl_link **out)
{
    (void)comm, (void)device, (void)slot_bytes;
    *out = NULL;
    return EIG_ERROR(EIG_ERR_USAGE, "this eigsweep was built without NCCL: use --gather-via mpi");
}

int eig_nccl_send(eig_nccl_link *k, int nparts, const void *const *parts, const size_t *sizes,
                  eig_nccl_abort_fn aborted, void *arg)
{
    (void)k, (void)nparts, (void)parts, (void)sizes, (void)aborted, (void)arg;
    return EIG_ERROR(EIG_ERR_INTERNAL, "NCCL send without NCCL");
}

int eig_nccl_recv(eig_nccl_link *k, int from, int nparts, void *const *parts, const size_t *sizes)
{
    (void)k, (void)from, (void)nparts, (void)parts, (void)sizes;
    return EIG_ERROR(EIG_ERR_INTERNAL, "NCCL receive without NCCL");
}

int eig_nccl_flush(eig_nccl_link *k, eig_nccl_abort_fn aborted, void *arg)
{
    (void)k, (void)aborted, (void)arg;
    return 0;
}

void eig_nccl_close(eig_nccl_link *k, int failed) { (void)k, (void)failed; }

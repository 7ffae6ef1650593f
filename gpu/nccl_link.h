/* The gather's payload path over NCCL: when every rank drives its own GPU, a
 * rank's chunk results (values, status, iterations, vectors) go from its GPU
 * to rank 0's GPU over NVLink / the GPU fabric instead of through MPI host
 * buffers. Headers and control (which chunk, abort) stay on MPI; the payload
 * is staged through one of two device slots per rank, so a leaf can run a
 * chunk ahead of rank 0. Without NCCL in the build every call reports that it
 * is unavailable and the pipeline uses MPI. */
#ifndef EIG_NCCL_LINK_H
#define EIG_NCCL_LINK_H

#include <mpi.h>
#include <stddef.h>

typedef struct eig_nccl_link eig_nccl_link;

/* 1 when this build has NCCL. */
int eig_nccl_built(void);

/* Collective over comm: a NCCL communicator over the same ranks, each on its
 * CUDA device, with two staging slots of slot_bytes. Returns 0 and *out, or
 * an error code (raised with a message) and *out = NULL. */
int eig_nccl_open(MPI_Comm comm, int device, size_t slot_bytes, eig_nccl_link **out);

/* Called while a leaf waits for rank 0: nonzero means give up (the job is
 * being aborted, so rank 0 will never receive). */
typedef int (*eig_nccl_abort_fn)(void *arg);

/* Leaf: copies the parts (host buffers, concatenated) to a free slot and
 * enqueues their send to rank 0. Returns once the host buffers may be reused;
 * the send itself completes when rank 0 receives. */
int eig_nccl_send(eig_nccl_link *k, int nparts, const void *const *parts, const size_t *sizes,
                  eig_nccl_abort_fn aborted, void *arg);
/* Rank 0: receives one payload from `from` into the parts (host buffers). */
int eig_nccl_recv(eig_nccl_link *k, int from, int nparts, void *const *parts, const size_t *sizes);
/* Leaf: waits until rank 0 has received every payload sent. */
int eig_nccl_flush(eig_nccl_link *k, eig_nccl_abort_fn aborted, void *arg);
/* Ends the link; failed != 0 aborts outstanding operations instead of
 * waiting for them. NULL is fine. */
void eig_nccl_close(eig_nccl_link *k, int failed);

#endif

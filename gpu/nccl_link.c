#include "nccl_link.h"

#include <cuda_runtime.h>
#include <nccl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "eig_error.h"

struct eig_nccl_link {
    ncclComm_t comm;
    int rank, have_comm, abandoned;
    cudaStream_t copy_stream, send_stream;
    void *slot[2];
    size_t slot_bytes;
    cudaEvent_t copied[2], sent[2]; /* host parts staged; rank 0 has received */
    int busy[2], next;
};

int eig_nccl_built(void) { return 1; }

static int cuda_failed(cudaError_t e, const char *what)
{
    return EIG_ERROR(EIG_ERR_RESOURCE, "NCCL gather: %s: %s (try --gather-via mpi)", what, cudaGetErrorString(e));
}

static int nccl_failed(ncclResult_t r, const char *what)
{
    return EIG_ERROR(EIG_ERR_RESOURCE, "NCCL gather: %s: %s (try --gather-via mpi)", what, ncclGetErrorString(r));
}

#define CUDA_TRY(call, what)                            \
    do {                                                \
        cudaError_t e_ = (call);                        \
        if (e_ != cudaSuccess) return cuda_failed(e_, what); \
    } while (0)

/* The local half of opening: device, streams, slots, events. */
static int open_local(eig_nccl_link *k, int device)
{
    CUDA_TRY(cudaSetDevice(device), "selecting the device");
    CUDA_TRY(cudaStreamCreateWithFlags(&k->copy_stream, cudaStreamNonBlocking), "creating a stream");
    CUDA_TRY(cudaStreamCreateWithFlags(&k->send_stream, cudaStreamNonBlocking), "creating a stream");
    for (int s = 0; s < 2; s++) {
        CUDA_TRY(cudaMalloc(&k->slot[s], k->slot_bytes), "allocating a staging slot on the GPU");
        CUDA_TRY(cudaEventCreateWithFlags(&k->copied[s], cudaEventDisableTiming), "creating an event");
        CUDA_TRY(cudaEventCreateWithFlags(&k->sent[s], cudaEventDisableTiming), "creating an event");
    }
    return 0;
}

static void free_local(eig_nccl_link *k)
{
    for (int s = 0; s < 2; s++) {
        if (k->slot[s]) cudaFree(k->slot[s]);
        if (k->copied[s]) cudaEventDestroy(k->copied[s]);
        if (k->sent[s]) cudaEventDestroy(k->sent[s]);
    }
    if (k->copy_stream) cudaStreamDestroy(k->copy_stream);
    if (k->send_stream) cudaStreamDestroy(k->send_stream);
    free(k);
}

/* NCCL connects a pair the first time it communicates, and both sides must
 * take part; during the run rank 0 posts a receive only when a header
 * arrives, so connect every rank to rank 0 now, while all are here. */
static int connect_to_root(eig_nccl_link *k, int size)
{
    ncclResult_t r = ncclGroupStart();
    for (int p = 1; p < size && r == ncclSuccess && k->rank == 0; p++)
        r = ncclRecv((char *)k->slot[0] + (size_t)(p - 1) % k->slot_bytes, 1, ncclUint8, p, k->comm, k->send_stream);
    if (r == ncclSuccess && k->rank != 0) r = ncclSend(k->slot[0], 1, ncclUint8, 0, k->comm, k->send_stream);
    ncclResult_t r2 = ncclGroupEnd();
    if (r == ncclSuccess) r = r2;
    if (r != ncclSuccess) return nccl_failed(r, "connecting to rank 0");
    CUDA_TRY(cudaStreamSynchronize(k->send_stream), "connecting to rank 0");
    return 0;
}

int eig_nccl_open(MPI_Comm comm, int device, size_t slot_bytes, eig_nccl_link **out)
{
    *out = NULL;
    int size, ok, all_ok;
    eig_nccl_link *k = calloc(1, sizeof *k);
    int rank;
    MPI_Comm_size(comm, &size);
    MPI_Comm_rank(comm, &rank);
    int rc = k ? 0 : EIG_ERROR(EIG_ERR_RESOURCE, "NCCL gather: out of host memory");
    if (k) k->rank = rank, k->slot_bytes = slot_bytes ? slot_bytes : 1;
    if (!rc) rc = open_local(k, device);
    ncclUniqueId id;
    memset(&id, 0, sizeof id);
    if (!rc && rank == 0) {
        ncclResult_t r = ncclGetUniqueId(&id);
        if (r != ncclSuccess) rc = nccl_failed(r, "creating the communicator id");
    }
    /* Every rank must reach ncclCommInitRank, or none: agree first. */
    ok = rc == 0;
    MPI_Allreduce(&ok, &all_ok, 1, MPI_INT, MPI_MIN, comm);
    if (all_ok) {
        MPI_Bcast(&id, (int)sizeof id, MPI_BYTE, 0, comm);
        ncclResult_t r = ncclCommInitRank(&k->comm, size, id, rank);
        if (r == ncclSuccess) k->have_comm = 1;
        else rc = nccl_failed(r, "creating the communicator");
        if (!rc) rc = connect_to_root(k, size);
        ok = rc == 0;
        MPI_Allreduce(&ok, &all_ok, 1, MPI_INT, MPI_MIN, comm);
    }
    if (!all_ok) {
        if (!rc) rc = EIG_ERROR(EIG_ERR_RESOURCE, "NCCL gather: another rank could not open its link");
        if (k && k->have_comm) ncclCommAbort(k->comm);
        if (k) free_local(k);
        return rc;
    }
    *out = k;
    return 0;
}

/* Waits for ev while watching for an abort of the job (rank 0 gone) and
 * for NCCL's own asynchronous errors. Returns 0 when ev completed or the job
 * is being aborted (then the link is abandoned), else an error. */
static int wait_watching(eig_nccl_link *k, cudaEvent_t ev, eig_nccl_abort_fn aborted, void *arg)
{
    for (unsigned spins = 0;; spins++) {
        cudaError_t e = cudaEventQuery(ev);
        if (e == cudaSuccess) return 0;
        if (e != cudaErrorNotReady) return cuda_failed(e, "waiting for a send to rank 0");
        ncclResult_t async = ncclSuccess;
        ncclCommGetAsyncError(k->comm, &async);
        if (async != ncclSuccess && async != ncclInProgress) return nccl_failed(async, "sending to rank 0");
        if (aborted && (spins & 63) == 0 && aborted(arg)) {
            k->abandoned = 1;
            return 0;
        }
        usleep(50);
    }
}

int eig_nccl_send(eig_nccl_link *k, int nparts, const void *const *parts, const size_t *sizes,
                  eig_nccl_abort_fn aborted, void *arg)
{
    if (k->abandoned) return 0;
    int s = k->next;
    if (k->busy[s]) {
        EIG_CALL(wait_watching(k, k->sent[s], aborted, arg));
        if (k->abandoned) return 0;
        k->busy[s] = 0;
    }
    size_t total = 0;
    for (int p = 0; p < nparts; p++) total += sizes[p];
    EIG_CHECK(total <= k->slot_bytes, EIG_ERR_INTERNAL, "NCCL gather: payload of %zu bytes exceeds the %zu-byte slot",
              total, k->slot_bytes);
    size_t off = 0;
    for (int p = 0; p < nparts; p++) {
        if (sizes[p])
            CUDA_TRY(cudaMemcpyAsync((char *)k->slot[s] + off, parts[p], sizes[p], cudaMemcpyHostToDevice, k->copy_stream),
                     "staging results on the GPU");
        off += sizes[p];
    }
    CUDA_TRY(cudaEventRecord(k->copied[s], k->copy_stream), "recording an event");
    /* Sends stay in issue order on one stream (NCCL matches a pair's
     * point-to-point operations in order); each waits for its own copy only. */
    CUDA_TRY(cudaStreamWaitEvent(k->send_stream, k->copied[s], 0), "ordering the send after its copy");
    ncclResult_t r = ncclSend(k->slot[s], total, ncclUint8, 0, k->comm, k->send_stream);
    if (r != ncclSuccess) return nccl_failed(r, "sending to rank 0");
    CUDA_TRY(cudaEventRecord(k->sent[s], k->send_stream), "recording an event");
    k->busy[s] = 1;
    k->next ^= 1;
    /* The host parts are free once staged (the copy does not wait for rank 0). */
    CUDA_TRY(cudaEventSynchronize(k->copied[s]), "staging results on the GPU");
    return 0;
}

int eig_nccl_recv(eig_nccl_link *k, int from, int nparts, void *const *parts, const size_t *sizes)
{
    size_t total = 0;
    for (int p = 0; p < nparts; p++) total += sizes[p];
    EIG_CHECK(total <= k->slot_bytes, EIG_ERR_INTERNAL, "NCCL gather: payload of %zu bytes exceeds the %zu-byte slot",
              total, k->slot_bytes);
    ncclResult_t r = ncclRecv(k->slot[0], total, ncclUint8, from, k->comm, k->send_stream);
    if (r != ncclSuccess) return nccl_failed(r, "receiving from a rank");
    size_t off = 0;
    for (int p = 0; p < nparts; p++) {
        if (sizes[p])
            CUDA_TRY(cudaMemcpyAsync(parts[p], (char *)k->slot[0] + off, sizes[p], cudaMemcpyDeviceToHost, k->send_stream),
                     "copying received results to the host");
        off += sizes[p];
    }
    CUDA_TRY(cudaStreamSynchronize(k->send_stream), "receiving from a rank");
    return 0;
}

int eig_nccl_flush(eig_nccl_link *k, eig_nccl_abort_fn aborted, void *arg)
{
    for (int s = 0; s < 2 && !k->abandoned; s++)
        if (k->busy[s]) {
            EIG_CALL(wait_watching(k, k->sent[s], aborted, arg));
            k->busy[s] = 0;
        }
    return 0;
}

void eig_nccl_close(eig_nccl_link *k, int failed)
{
    if (!k) return;
    if (failed || k->abandoned) ncclCommAbort(k->comm);
    else ncclCommDestroy(k->comm);
    free_local(k);
}

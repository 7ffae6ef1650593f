/* Teardown off the critical path: a run's GPU-side cleanup (unpinning the
 * chunk buffers, the solve arena and streams) runs on a thread while the
 * main thread closes, fsyncs and renames the output; the host buffers are
 * freed after that, when main() joins before MPI_Finalize. The thread makes
 * no MPI or HDF5 call, and frees nothing MPI might track (MPI is
 * initialised FUNNELED). EIG_RELEASE_LATER=0: all at once, in place. */
#ifndef EIG_RELEASE_LATER_H
#define EIG_RELEASE_LATER_H

#include <stddef.h>

enum { EIG_RELEASE_MAX_BUFFERS = 24 };

typedef struct {
    int device;          /* CUDA device of the pinned buffers and the arena; -1: no GPU */
    void *device_memory; /* eig_gpu_free()'d on `device` (may be NULL) */
    int nbuf;
    void *host[EIG_RELEASE_MAX_BUFFERS]; /* unpinned (when device >= 0), then freed */
} eig_release_set;

/* Takes over `set` (copied): releases it on a thread, or in place when
 * threads are off or cannot start. */
void eig_release_later(const eig_release_set *set);
/* After a command's last CUDA call (NCCL closed too): the device's context
 * ended on a thread (eig_gpu_retire_device, after the releases queued so
 * far) while the output is finished, instead of by the process's exit,
 * after the report. H100, 2026-11-25: the reset takes 0.06 s, the exit
 * after it 0.05 s instead of 0.10 s (docs/performance.md). No-op for
 * device < 0. EIG_RETIRE_GPU=0: the exit tears the context down. */
void eig_release_retire_gpu(int device);
/* Waits for the releases and the retire step, and frees the host buffers
 * (main thread). */
void eig_release_join(void);

#endif

/* One writer per output: `OUT.h5.lock`, flock()ed (exclusive, non-blocking)
 * by the process that writes OUT.h5.partial (rank 0 of a solve, in gather and
 * parallel output alike) for the run's whole life. The kernel drops the lock
 * when the process dies (kill -9 included), so a killed run never blocks its
 * --resume; a finished run removes the file. flock() is node-local on some
 * network file systems (docs/errors.md). */
#ifndef EIG_OUTPUT_LOCK_H
#define EIG_OUTPUT_LOCK_H

#include <stddef.h>

typedef struct {
    int fd;             /* -1: not held */
    char path[4200];
} eig_output_lock;

/* Takes the lock of output `path`, or fails at once (EIG_ERR_OUTPUT) naming
 * the run that holds it (pid, host). `what` is written into the lock file
 * after the pid and host (a run id). */
int eig_output_lock_take(eig_output_lock *l, const char *path, const char *what);
/* Removes the lock file and drops the lock; a no-op when not held. */
void eig_output_lock_release(eig_output_lock *l);

#endif

/* One background thread that runs one job at a time, so the pipeline can
 * solve chunk k while the main thread reads chunk k+1 and writes chunk k-1.
 * Jobs must not call MPI or HDF5 (MPI is initialised FUNNELED: only the main
 * thread talks to it); the solvers (CPU OpenMP or GPU) don't. */
#ifndef EIG_SOLVE_WORKER_H
#define EIG_SOLVE_WORKER_H

typedef struct eig_solve_worker eig_solve_worker;
typedef int (*eig_job_fn)(void *arg);

/* Starts the thread; NULL (with the error raised) when it cannot. */
eig_solve_worker *eig_worker_start(void);
/* Hands fn(arg) to the worker; the previous job must have been waited for. */
void eig_worker_post(eig_solve_worker *w, eig_job_fn fn, void *arg);
/* Waits for the posted job and returns its result (0 when none is posted). */
int eig_worker_wait(eig_solve_worker *w);
/* The same, calling poll(arg) on this thread every fraction of a millisecond
 * while it waits (the pipeline moves MPI messages and writes results then). */
int eig_worker_wait_polling(eig_solve_worker *w, void (*poll)(void *), void *arg);
/* Waits for any posted job, then ends and frees the thread. NULL is fine. */
void eig_worker_stop(eig_solve_worker *w);

#endif

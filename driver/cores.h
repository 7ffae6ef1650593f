/* CPU cores per rank: does every rank run on the cores its node could give it?
 *
 * Open MPI binds each rank to ONE core when a job has at most 2 ranks (to a
 * socket above that), so on a 16-core GPU node a rank's reader, generator and
 * OpenMP threads would share one core (measured: 2.57 s instead of 1.85 s for a
 * 500,000-matrix GPU solve; 64.6 s instead of 10.8 s for a synthetic one). Each
 * rank compares its affinity mask with its share of the node; rank 0 prints one
 * warning for the whole job naming the fix (docs/jobs.md, "Cores per rank"). */
#ifndef EIG_CORES_H
#define EIG_CORES_H

#include <stddef.h>

#include "cli.h"

/* One rank's facts, gathered to rank 0. CPUs are logical CPUs (hardware
 * threads), the unit of affinity masks, srun --cpus-per-task and OpenMP. */
typedef struct {
    int have;  /* CPUs in this rank's affinity mask */
    int share; /* the node's CPUs for this job / ranks on the node, at least 1 */
    int want;  /* share, or OMP_NUM_THREADS when that is set and smaller */
    int smt;   /* hardware threads per core (Open MPI's PE=K counts cores) */
} eig_core_facts;

/* Number of CPUs in a Linux CPU list such as "0-3,8,10-11\n"; -1 when it is
 * not one. */
int eig_cpu_list_count(const char *list);

/* The thread count OMP_NUM_THREADS asks for (its first entry, "8" of "8,2"),
 * or 0 when it is unset, empty or not a positive number. */
int eig_omp_threads_requested(const char *omp_num_threads);

/* The facts of a rank with `have` CPUs on a node offering `node_cpus` to
 * `local_ranks` ranks; omp_threads as eig_omp_threads_requested returns it. */
eig_core_facts eig_core_facts_of(int have, int node_cpus, int local_ranks, int omp_threads, int smt);

/* Given every rank's facts: the number of ranks with fewer CPUs than they
 * want, and (when that is > 0) the one-line warning, without a newline. */
int eig_cores_advice(const eig_core_facts *all, int nranks, char *line, size_t len);

/* Collective, after the ranks are placed (mpirun/srun binding is done by the
 * time main runs): gathers every rank's facts and rank 0 prints the warning
 * on stderr when some rank has fewer CPUs than its share. Shown with -q too:
 * it is about the job's speed, not progress. Returns the number of such ranks
 * (on every rank). */
int eig_cores_check(eig_ctx *ctx);

#endif

# shellcheck shell=bash
# How the quickstart's examples launch (sourced by run_example.sh and
# stability_map.sh): one rank per GPU when there are GPUs (and the backend may
# use them), else 2 CPU ranks (RANKS overrides); each rank gets its share of
# the CPUs for its reader, generator and OpenMP threads: left to itself Open
# MPI binds each rank of a 1- or 2-rank job to ONE core (docs/jobs.md "Cores
# per rank"). Sets ranks, OMP_NUM_THREADS (exported) and launch (mpirun ..., or
# nothing for one rank).
gpus=0
if [ "${EIGSWEEP_BACKEND:-auto}" != cpu ] && command -v nvidia-smi >/dev/null 2>&1; then
  gpus=$(nvidia-smi -L 2>/dev/null | grep -c '^GPU' || true)
fi
ranks=${RANKS:-$([ "$gpus" -gt 0 ] && echo "$gpus" || echo 2)}
cpus=$(env -u OMP_NUM_THREADS nproc)
export OMP_NUM_THREADS=${OMP_NUM_THREADS:-$((cpus / ranks > 1 ? cpus / ranks : 1))}
# mpirun's hwloc would open every GPU through its OpenCL plugin, 0.2-0.3 s
# of each start on an H100 node; the ranks open the GPU with CUDA anyway
# (docs/jobs.md "Start-up").
export HWLOC_COMPONENTS=${HWLOC_COMPONENTS:--opencl}
# One rank needs no launcher: eigsweep then starts as a singleton without
# Open MPI's daemon, unbound (all the CPUs), 0.1 s sooner than under
# `mpirun -np 1` (driver/mpi_transport.h, docs/jobs.md "Start-up"). Expand
# it as ${launch[@]+"${launch[@]}"}: bash < 4.4 calls an empty array unset.
# shellcheck disable=SC2034  # used by the scripts that source this file
if [ "$ranks" -eq 1 ]; then
  launch=()
else
  launch=(mpirun --oversubscribe --bind-to none -x OMP_NUM_THREADS -np "$ranks")
fi
[ "$(id -u)" -eq 0 ] && export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
true

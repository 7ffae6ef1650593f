#!/usr/bin/env bash
# eigsweep on ONE Slurm node with several GPUs: one MPI rank per GPU.
#
#   sbatch jobs/slurm_single_node.sh
#   sbatch --export=ALL,INPUT=sweep.h5,OUTPUT=eig.h5 --time=04:00:00 jobs/slurm_single_node.sh
#
# Knobs (edit here, or override: environment variables via --export, #SBATCH
# lines via the same option on the sbatch command line):
#   GPUs per node    --ntasks-per-node and --gpus-per-node below (keep them equal)
#   CPUs per rank    --cpus-per-task below: each rank is bound to that many CPUs and
#                    runs as many OpenMP threads (Open MPI alone would give it ONE)
#   time             --time below; the job requeues itself 5 minutes before it
#                    runs out and the next run continues with --resume
#   account/queue    remove one '#' from the --account / --partition lines
#   INPUT            collection to solve (default sweep.h5)
#   SYNTHETIC        FAMILY:N:COUNT[:SEED] solves a generated in-memory collection
#                    instead of INPUT (compute without file I/O)
#   OUTPUT           result file (default eig.h5); a report is written next to it
#   BACKEND          auto | gpu | cpu (default: $EIGSWEEP_BACKEND, else auto = GPU when present)
#   EXTRA_ARGS       more solve options, e.g. "--method jacobi --vectors --chunk 65536"
#   LAUNCHER         srun (default) | mpirun
#   LAUNCH_FLAGS     more launcher options (e.g. --mpi=pmix for srun)
#   MAX_REQUEUES     give up after this many requeues (default 10)
#   EIGSWEEP         the binary (default: eigsweep on PATH)
#
#SBATCH --job-name=eigsweep
##SBATCH --account=YOUR_ACCOUNT
##SBATCH --partition=YOUR_GPU_PARTITION
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=8
#SBATCH --time=02:00:00
#SBATCH --requeue
#SBATCH --signal=B:USR1@300
#SBATCH --open-mode=append
#SBATCH --output=eigsweep-%j.out
set -euo pipefail

INPUT=${INPUT:-sweep.h5}
SYNTHETIC=${SYNTHETIC:-}
OUTPUT=${OUTPUT:-eig.h5}
BACKEND=${BACKEND:-}
EXTRA_ARGS=${EXTRA_ARGS:-}
LAUNCHER=${LAUNCHER:-srun}
LAUNCH_FLAGS=${LAUNCH_FLAGS:-}
MAX_REQUEUES=${MAX_REQUEUES:-10}
EIGSWEEP=${EIGSWEEP:-eigsweep}

attempt=${SLURM_RESTART_COUNT:-0}
# Each rank runs on its --cpus-per-task CPUs (reader, generator and OpenMP
# threads; docs/jobs.md "Cores per rank"). Since Slurm 22.05 srun does not take
# --cpus-per-task from sbatch: the launch line passes it, SRUN_CPUS_PER_TASK
# any other srun.
export OMP_NUM_THREADS=${SLURM_CPUS_PER_TASK:-1}
# mpirun's hwloc would open every GPU through its OpenCL plugin, 0.2-0.3 s
# of each start on an H100 node; the ranks open the GPU with CUDA anyway
# (docs/jobs.md "Start-up").
export HWLOC_COMPONENTS=${HWLOC_COMPONENTS:--opencl}
[ -n "${SLURM_CPUS_PER_TASK:-}" ] && export SRUN_CPUS_PER_TASK=$SLURM_CPUS_PER_TASK
source_args=("$INPUT")
[ -n "$SYNTHETIC" ] && source_args=(--synthetic "$SYNTHETIC")
read -r -a extra <<<"$EXTRA_ARGS"
backend_args=()
[ -n "$BACKEND" ] && backend_args=(--backend "$BACKEND")
read -r -a launch_flags <<<"$LAUNCH_FLAGS"
# --resume is harmless on a first run (it starts fresh) and, after a requeue,
# finishes only the chunks missing from $OUTPUT.partial.
solve=("$EIGSWEEP" solve "${source_args[@]}" -o "$OUTPUT" --resume "${backend_args[@]}"
       --report "${OUTPUT%.h5}.report-$attempt.json" "${extra[@]}")

case $LAUNCHER in
  # One task per GPU; each task sees only its own GPU (it becomes device 0).
  # Sites that prefer closest-GPU binding: srun --gpu-bind=single:1 "${solve[@]}"
  # With Open MPI built without Slurm PMI support add --mpi=pmix (srun --mpi=list).
  srun) launch=(srun --gpus-per-task=1 --cpus-per-task="$OMP_NUM_THREADS") ;;
  # mpirun reads the allocation from Slurm; eigsweep gives node-local rank k GPU k.
  mpirun) launch=(mpirun -np "${SLURM_NTASKS:-4}" --map-by "ppr:${SLURM_NTASKS_PER_NODE:-4}:node:PE=$OMP_NUM_THREADS" -x OMP_NUM_THREADS) ;;
  *) echo "LAUNCHER must be srun or mpirun, not '$LAUNCHER'" >&2; exit 2 ;;
esac

# Slurm sends USR1 to this shell 300 s before the time limit (--signal=B:USR1@300):
# requeue the job; the killed solve leaves $OUTPUT.partial with every finished chunk.
requeued=0
# shellcheck disable=SC2317  # called by the trap
requeue_before_time_limit() {
  requeued=1
  if [ "$attempt" -ge "$MAX_REQUEUES" ]; then
    echo "eigsweep job: time limit near after $attempt requeues; giving up (rerun with --resume)" >&2
    return
  fi
  echo "eigsweep job: time limit near; requeueing ${SLURM_JOB_ID:-?} (attempt $((attempt + 1)) resumes)"
  scontrol requeue "${SLURM_JOB_ID:?}"
}
trap requeue_before_time_limit USR1

launch+=("${launch_flags[@]}")
echo "eigsweep job: attempt $attempt: ${launch[*]} ${solve[*]}"
# Run in the background so the trap fires while the solve is running.
"${launch[@]}" "${solve[@]}" &
pid=$!
rc=0
wait "$pid" || rc=$?
if [ "$requeued" = 1 ]; then
  wait "$pid" || true   # Slurm stops the step; nothing else to do in this attempt
  exit 0
fi
# 8: the output is complete but some matrices did not converge (see /status).
[ "$rc" = 8 ] && echo "eigsweep job: output complete; some matrices failed (see /status in $OUTPUT)" >&2
exit "$rc"

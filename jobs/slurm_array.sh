#!/usr/bin/env bash
# A Slurm job array over one collection: array task k of T solves the k-th of T
# near-equal contiguous ranges (--range START:COUNT) into its own part file
# OUTPUT-without-.h5 + .part-KKKK.h5; `eigsweep merge` then joins the parts into
# OUTPUT, refusing gaps, overlaps and unfinished parts.
#
#   jobs/slurm_array.sh submit     # submits the array AND a merge job that waits for it
#   sbatch jobs/slurm_array.sh     # the array only; afterwards, by hand:
#                                  #   eigsweep merge eig.h5 eig.part-*.h5
#   jobs/slurm_array.sh merge      # that merge, run here
#
# Knobs (edit here, or override: environment variables via `export`/--export,
# #SBATCH lines via the same option on the sbatch command line):
#   array size       TASKS (default 16) with `submit`; with plain sbatch, --array below
#                    (keep it 0-based and contiguous: 0-(T-1), optionally %MAXRUNNING)
#   THROTTLE         with `submit`: at most this many tasks run at once (default: no limit)
#   GPUs per task    --ntasks-per-node and --gpus-per-node below (keep them equal);
#                    each array task is one node
#   CPUs per rank    --cpus-per-task below: each rank is bound to that many CPUs and
#                    runs as many OpenMP threads (Open MPI alone would give it ONE)
#   time             --time below (per task); a task requeues itself 5 minutes before
#                    its limit and the next run continues with --resume
#   account/queue    remove one '#' from the --account / --partition lines; the merge
#                    job of `submit` uses SBATCH_ACCOUNT / SBATCH_PARTITION if set
#   INPUT            collection to solve (default sweep.h5)
#   SYNTHETIC        FAMILY:N:COUNT[:SEED] solves a generated in-memory collection instead
#   COUNT            matrices in the collection (default: read with `eigsweep info`)
#   OUTPUT           merged result file (default eig.h5); parts eig.part-0000.h5, ...
#   BACKEND          auto | gpu | cpu (default: $EIGSWEEP_BACKEND, else auto = GPU when present)
#   EXTRA_ARGS       more solve options (the same for every task: merge checks that)
#   LAUNCHER         srun (default) | mpirun;  LAUNCH_FLAGS  more launcher options
#   MAX_REQUEUES     give up after this many requeues of one task (default 10)
#   MERGE_TIME       time limit of the merge job (default 01:00:00)
#   EIGSWEEP         the binary (default: eigsweep on PATH)
#
#SBATCH --job-name=eigsweep-array
##SBATCH --account=YOUR_ACCOUNT
##SBATCH --partition=YOUR_GPU_PARTITION
#SBATCH --array=0-15
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=8
#SBATCH --time=02:00:00
#SBATCH --requeue
#SBATCH --signal=B:USR1@300
#SBATCH --open-mode=append
#SBATCH --output=eigsweep-%A_%a.out

# eig_array_range N TASKS K: "START:COUNT" of task K (0-based) when N matrices are
# cut into TASKS contiguous ranges whose sizes differ by at most one.
eig_array_range() {
  local n=$1 tasks=$2 k=$3
  if [ "$tasks" -lt 1 ] || [ "$tasks" -gt "$n" ] || [ "$k" -lt 0 ] || [ "$k" -ge "$tasks" ]; then
    echo "eig_array_range: need 1 <= TASKS ($tasks) <= N ($n) and 0 <= K ($k) < TASKS" >&2
    return 2
  fi
  local start=$((k * n / tasks)) end=$(((k + 1) * n / tasks))
  echo "$start:$((end - start))"
}

# eig_part_name OUTPUT K: the part file of task K (eig.h5 -> eig.part-0007.h5).
eig_part_name() { printf '%s.part-%04d.h5' "${1%.h5}" "$2"; }

# eig_collection_count: matrices in $SYNTHETIC or $INPUT.
eig_collection_count() {
  if [ -n "${SYNTHETIC:-}" ]; then
    echo "$SYNTHETIC" | cut -d: -f3
  else
    "${EIGSWEEP:-eigsweep}" info "$INPUT" | sed -nE 's#^ */(matrices|diag) +\[([0-9]+).*#\2#p' | head -n 1
  fi
}

# Sourced (by the tests): the functions only.
if [ "${BASH_SOURCE[0]}" != "$0" ]; then return 0; fi
set -euo pipefail

INPUT=${INPUT:-sweep.h5}
SYNTHETIC=${SYNTHETIC:-}
OUTPUT=${OUTPUT:-eig.h5}
COUNT=${COUNT:-}
TASKS=${TASKS:-16}
THROTTLE=${THROTTLE:-}
BACKEND=${BACKEND:-}
EXTRA_ARGS=${EXTRA_ARGS:-}
LAUNCHER=${LAUNCHER:-srun}
LAUNCH_FLAGS=${LAUNCH_FLAGS:-}
MAX_REQUEUES=${MAX_REQUEUES:-10}
MERGE_TIME=${MERGE_TIME:-01:00:00}
EIGSWEEP=${EIGSWEEP:-eigsweep}

merge_command() { # the merge, as one shell line (the part glob expands when it runs)
  printf '%q merge %q %q.part-*.h5' "$EIGSWEEP" "$OUTPUT" "${OUTPUT%.h5}"
}

case ${1:-} in
  submit)
    array=0-$((TASKS - 1))${THROTTLE:+%$THROTTLE}
    jid=$(sbatch --parsable --array="$array" "$0")
    jid=${jid%%;*}
    mid=$(sbatch --parsable --dependency="afterok:$jid" --job-name=eigsweep-merge --nodes=1 --ntasks=1 \
                 --time="$MERGE_TIME" --output=eigsweep-merge-%j.out --wrap "$(merge_command)")
    echo "array job $jid ($TASKS tasks) -> merge job $mid: $(merge_command)"
    exit 0 ;;
  merge)
    exec "$EIGSWEEP" merge "$OUTPUT" "${OUTPUT%.h5}".part-*.h5 ;;
  "") ;;
  *) echo "usage: jobs/slurm_array.sh [submit|merge]  (or sbatch jobs/slurm_array.sh)" >&2; exit 2 ;;
esac

if [ -z "${SLURM_ARRAY_TASK_ID:-}" ]; then
  echo "slurm_array.sh: not an array task; use 'jobs/slurm_array.sh submit' or 'sbatch jobs/slurm_array.sh'" >&2
  exit 2
fi
min=${SLURM_ARRAY_TASK_MIN:-0}
tasks=${SLURM_ARRAY_TASK_COUNT:-$((SLURM_ARRAY_TASK_MAX - min + 1))}
k=$((SLURM_ARRAY_TASK_ID - min))
n=${COUNT:-$(eig_collection_count)}
range=$(eig_array_range "$n" "$tasks" "$k")
part=$(eig_part_name "$OUTPUT" "$k")
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
solve=("$EIGSWEEP" solve "${source_args[@]}" --range "$range" -o "$part" --resume "${backend_args[@]}"
       --report "${part%.h5}.report-$attempt.json" "${extra[@]}")
case $LAUNCHER in
  # Alternative GPU binding: srun --gpu-bind=single:1; add --mpi=pmix via LAUNCH_FLAGS if needed.
  srun) launch=(srun --gpus-per-task=1 --cpus-per-task="$OMP_NUM_THREADS") ;;
  mpirun) launch=(mpirun -np "${SLURM_NTASKS:-4}" --map-by "ppr:${SLURM_NTASKS_PER_NODE:-4}:node:PE=$OMP_NUM_THREADS" -x OMP_NUM_THREADS) ;;
  *) echo "LAUNCHER must be srun or mpirun, not '$LAUNCHER'" >&2; exit 2 ;;
esac
launch+=("${launch_flags[@]}")

requeued=0
# shellcheck disable=SC2317  # called by the trap
requeue_before_time_limit() {
  requeued=1
  if [ "$attempt" -ge "$MAX_REQUEUES" ]; then
    echo "eigsweep task $k: time limit near after $attempt requeues; giving up" >&2
    return
  fi
  echo "eigsweep task $k: time limit near; requeueing (attempt $((attempt + 1)) resumes $part.partial)"
  scontrol requeue "${SLURM_ARRAY_JOB_ID:?}_${SLURM_ARRAY_TASK_ID}"
}
trap requeue_before_time_limit USR1

echo "eigsweep task $k of $tasks: matrices $range, attempt $attempt: ${launch[*]} ${solve[*]}"
"${launch[@]}" "${solve[@]}" &
pid=$!
rc=0
wait "$pid" || rc=$?
if [ "$requeued" = 1 ]; then
  wait "$pid" || true
  exit 0
fi
# 8: the part is complete but some matrices did not converge (see /status). The
# part is still good for merging, so the task succeeds and the merge job runs.
if [ "$rc" = 8 ]; then
  echo "eigsweep task $k: $part complete; some matrices failed (see /status)" >&2
  rc=0
fi
exit "$rc"

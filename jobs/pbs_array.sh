#!/usr/bin/env bash
# A PBS job array over one collection: subjob k of T solves the k-th of T
# near-equal contiguous ranges (--range START:COUNT) into its own part file
# OUTPUT-without-.h5 + .part-KKKK.h5; `eigsweep merge` then joins the parts into
# OUTPUT, refusing gaps, overlaps and unfinished parts. PBS Pro syntax (-J,
# PBS_ARRAY_INDEX); Torque uses -t and PBS_ARRAYID, which this script also reads.
#
#   jobs/pbs_array.sh submit       # submits the array AND a merge job that waits for it
#   qsub -J 0-15 jobs/pbs_array.sh # the array only (TASKS must match); afterwards:
#                                  #   eigsweep merge eig.h5 eig.part-*.h5
#   jobs/pbs_array.sh merge        # that merge, run here
#
# A subjob that hits its walltime exits non-zero (the merge job then does not
# run) and leaves its part's .partial file: run `jobs/pbs_array.sh submit` again.
# Finished subjobs find their part complete (--resume is a no-op), unfinished
# ones continue where they stopped, and the new merge job runs at the end.
#
# Knobs (edit here, or override: environment variables via export / qsub -v,
# #PBS lines via the same option on the qsub command line):
#   array size       TASKS (default 16); `submit` passes -J 0-(TASKS-1)
#   GPUs per subjob  ngpus= and mpiprocs= in the select line, and GPUS_PER_NODE (keep equal)
#   CPUs per rank    ompthreads= in the select line (ncpus = mpiprocs x ompthreads): each
#                    rank is bound to that many cores and runs as many OpenMP threads
#   time             walltime below (per subjob); MERGE_WALLTIME for the merge job
#   account/queue    remove one '#' from the -A / -q lines; `submit` passes
#                    QSUB_FLAGS (e.g. "-A proj -q gpu") to both jobs
#   INPUT            collection to solve (default sweep.h5)
#   SYNTHETIC        FAMILY:N:COUNT[:SEED] solves a generated in-memory collection instead
#   COUNT            matrices in the collection (default: read with `eigsweep info`)
#   OUTPUT           merged result file (default eig.h5); parts eig.part-0000.h5, ...
#   BACKEND          auto | gpu | cpu (default: $EIGSWEEP_BACKEND, else auto = GPU when present)
#   EXTRA_ARGS       more solve options (the same for every subjob: merge checks that)
#   LAUNCHER         mpirun (Open MPI, default) | mpiexec (PBS Pro PALS / MPICH)
#   LAUNCH_FLAGS     more launcher options
#   EIGSWEEP         the binary (default: eigsweep on PATH)
#
#PBS -N eigsweep-array
##PBS -A YOUR_ACCOUNT
##PBS -q YOUR_GPU_QUEUE
#PBS -l select=1:ncpus=32:ngpus=4:mpiprocs=4:ompthreads=8
#PBS -l walltime=02:00:00
#PBS -r y
#PBS -j oe

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
BACKEND=${BACKEND:-}
EXTRA_ARGS=${EXTRA_ARGS:-}
GPUS_PER_NODE=${GPUS_PER_NODE:-4}
LAUNCHER=${LAUNCHER:-mpirun}
LAUNCH_FLAGS=${LAUNCH_FLAGS:-}
QSUB_FLAGS=${QSUB_FLAGS:-}
MERGE_WALLTIME=${MERGE_WALLTIME:-01:00:00}
EIGSWEEP=${EIGSWEEP:-eigsweep}
read -r -a qsub_flags <<<"$QSUB_FLAGS"

case ${1:-} in
  submit)
    # -V: the subjobs and the merge job see these knobs.
    jid=$(qsub -V "${qsub_flags[@]}" -J "0-$((TASKS - 1))" "$0")
    # The merge job's script comes on standard input; the part glob expands when it runs.
    mid=$(printf 'cd %q && %q merge %q %q.part-*.h5\n' "$PWD" "$EIGSWEEP" "$OUTPUT" "${OUTPUT%.h5}" |
          qsub "${qsub_flags[@]}" -N eigsweep-merge -W "depend=afterok:$jid" \
               -l select=1:ncpus=1 -l "walltime=$MERGE_WALLTIME" -j oe -)
    # Torque: qsub -t 0-15 ... and -W depend=afterokarray:$jid
    echo "array job $jid ($TASKS subjobs) -> merge job $mid"
    exit 0 ;;
  merge)
    exec "$EIGSWEEP" merge "$OUTPUT" "${OUTPUT%.h5}".part-*.h5 ;;
  "") ;;
  *) echo "usage: jobs/pbs_array.sh [submit|merge]  (or qsub -J 0-15 jobs/pbs_array.sh)" >&2; exit 2 ;;
esac

k=${PBS_ARRAY_INDEX:-${PBS_ARRAYID:-}}
if [ -z "$k" ]; then
  echo "pbs_array.sh: not an array subjob; use 'jobs/pbs_array.sh submit' or 'qsub -J 0-15 jobs/pbs_array.sh'" >&2
  exit 2
fi
cd "${PBS_O_WORKDIR:-.}"
# Each rank runs on its ompthreads CPUs (PBS sets OMP_NUM_THREADS from the
# select line's ompthreads; docs/jobs.md "Cores per rank").
export OMP_NUM_THREADS=${OMP_NUM_THREADS:-8}
# mpirun's hwloc would open every GPU through its OpenCL plugin, 0.2-0.3 s
# of each start on an H100 node; the ranks open the GPU with CUDA anyway
# (docs/jobs.md "Start-up").
export HWLOC_COMPONENTS=${HWLOC_COMPONENTS:--opencl}
n=${COUNT:-$(eig_collection_count)}
range=$(eig_array_range "$n" "$TASKS" "$k")
part=$(eig_part_name "$OUTPUT" "$k")
nodes=1
[ -n "${PBS_NODEFILE:-}" ] && nodes=$(sort -u "$PBS_NODEFILE" | wc -l)
np=$((nodes * GPUS_PER_NODE))

source_args=("$INPUT")
[ -n "$SYNTHETIC" ] && source_args=(--synthetic "$SYNTHETIC")
read -r -a extra <<<"$EXTRA_ARGS"
backend_args=()
[ -n "$BACKEND" ] && backend_args=(--backend "$BACKEND")
read -r -a launch_flags <<<"$LAUNCH_FLAGS"
solve=("$EIGSWEEP" solve "${source_args[@]}" --range "$range" -o "$part" --resume "${backend_args[@]}"
       --report "${part%.h5}.report.json" "${extra[@]}")
case $LAUNCHER in
  mpirun) launch=(mpirun -np "$np" --map-by "ppr:$GPUS_PER_NODE:node:PE=$OMP_NUM_THREADS" -x OMP_NUM_THREADS) ;;
  mpiexec) launch=(mpiexec -n "$np" --ppn "$GPUS_PER_NODE" --depth "$OMP_NUM_THREADS" --cpu-bind depth) ;;
  *) echo "LAUNCHER must be mpirun or mpiexec, not '$LAUNCHER'" >&2; exit 2 ;;
esac
launch+=("${launch_flags[@]}")

echo "eigsweep subjob $k of $TASKS: matrices $range: ${launch[*]} ${solve[*]}"
rc=0
"${launch[@]}" "${solve[@]}" || rc=$?
# 8: the part is complete but some matrices did not converge (see /status). The
# part is still good for merging, so the subjob succeeds and the merge job runs.
if [ "$rc" = 8 ]; then
  echo "eigsweep subjob $k: $part complete; some matrices failed (see /status)" >&2
  rc=0
fi
exit "$rc"

#!/usr/bin/env bash
# eigsweep on ONE PBS node with several GPUs: one MPI rank per GPU (PBS Pro
# syntax; Torque: replace the select line by  #PBS -l nodes=1:ppn=4:gpus=4).
#
#   qsub jobs/pbs_single_node.sh
#   qsub -v INPUT=sweep.h5,OUTPUT=eig.h5 -l walltime=04:00:00 jobs/pbs_single_node.sh
#
# Knobs (edit here, or override: environment variables via qsub -v, #PBS lines
# via the same option on the qsub command line):
#   GPUs per node    ngpus= and mpiprocs= in the select line, and GPUS_PER_NODE (keep equal)
#   CPUs per rank    ompthreads= in the select line (ncpus = mpiprocs x ompthreads): each
#                    rank is bound to that many cores and runs as many OpenMP threads
#                    (one rank, GPUS_PER_NODE=1 with LAUNCHER=mpirun and no LAUNCH_FLAGS,
#                    starts without mpirun, unbound, on the job's cores)
#   time             walltime below. Shortly before it (MARGIN_S, default 300 s) the
#                    solve is stopped and the job resubmits itself; the next job
#                    continues with --resume (at most MAX_RESUBMITS times, default 10)
#   account/queue    remove one '#' from the -A / -q lines
#   INPUT            collection to solve (default sweep.h5)
#   SYNTHETIC        FAMILY:N:COUNT[:SEED] solves a generated in-memory collection
#                    instead of INPUT (compute without file I/O)
#   OUTPUT           result file (default eig.h5); a report is written next to it
#   BACKEND          auto | gpu | cpu (default: $EIGSWEEP_BACKEND, else auto = GPU when present)
#   EXTRA_ARGS       more solve options, e.g. "--method jacobi --vectors --chunk 65536"
#   LAUNCHER         mpirun (Open MPI, default) | mpiexec (PBS Pro PALS / MPICH)
#   LAUNCH_FLAGS     more launcher options
#   SELF             this script, for the resubmission (default $PBS_O_WORKDIR/jobs/pbs_single_node.sh)
#   EIGSWEEP         the binary (default: eigsweep on PATH)
#
#PBS -N eigsweep
##PBS -A YOUR_ACCOUNT
##PBS -q YOUR_GPU_QUEUE
#PBS -l select=1:ncpus=32:ngpus=4:mpiprocs=4:ompthreads=8
#PBS -l walltime=02:00:00
#PBS -r y
#PBS -j oe
set -euo pipefail

INPUT=${INPUT:-sweep.h5}
SYNTHETIC=${SYNTHETIC:-}
OUTPUT=${OUTPUT:-eig.h5}
BACKEND=${BACKEND:-}
EXTRA_ARGS=${EXTRA_ARGS:-}
GPUS_PER_NODE=${GPUS_PER_NODE:-4}
LAUNCHER=${LAUNCHER:-mpirun}
LAUNCH_FLAGS=${LAUNCH_FLAGS:-}
MARGIN_S=${MARGIN_S:-300}
MAX_RESUBMITS=${MAX_RESUBMITS:-10}
RESUBMIT=${RESUBMIT:-0}
SELF=${SELF:-${PBS_O_WORKDIR:-.}/jobs/pbs_single_node.sh}
EIGSWEEP=${EIGSWEEP:-eigsweep}

cd "${PBS_O_WORKDIR:-.}"
# Each rank runs on its ompthreads CPUs (PBS sets OMP_NUM_THREADS from the
# select line's ompthreads; docs/jobs.md "Cores per rank").
export OMP_NUM_THREADS=${OMP_NUM_THREADS:-8}
# mpirun's hwloc would open every GPU through its OpenCL plugin, 0.2-0.3 s
# of each start on an H100 node; the ranks open the GPU with CUDA anyway
# (docs/jobs.md "Start-up").
export HWLOC_COMPONENTS=${HWLOC_COMPONENTS:--opencl}
nodes=1
[ -n "${PBS_NODEFILE:-}" ] && nodes=$(sort -u "$PBS_NODEFILE" | wc -l)
np=$((nodes * GPUS_PER_NODE))

# walltime_s: seconds of this job's walltime (WALLTIME=HH:MM:SS overrides qstat).
walltime_s() {
  local w=${WALLTIME:-}
  [ -z "$w" ] && w=$(qstat -f "${PBS_JOBID:-}" 2>/dev/null | sed -nE 's/.*Resource_List.walltime = ([0-9:]+).*/\1/p')
  [ -z "$w" ] && { echo 0; return; }
  local IFS=: s=0 part
  for part in $w; do s=$((s * 60 + 10#$part)); done
  echo "$s"
}

source_args=("$INPUT")
[ -n "$SYNTHETIC" ] && source_args=(--synthetic "$SYNTHETIC")
read -r -a extra <<<"$EXTRA_ARGS"
backend_args=()
[ -n "$BACKEND" ] && backend_args=(--backend "$BACKEND")
read -r -a launch_flags <<<"$LAUNCH_FLAGS"
# --resume is harmless on a first run (it starts fresh) and, after a resubmission,
# finishes only the chunks missing from $OUTPUT.partial.
solve=("$EIGSWEEP" solve "${source_args[@]}" -o "$OUTPUT" --resume "${backend_args[@]}"
       --report "${OUTPUT%.h5}.report-$RESUBMIT.json" "${extra[@]}")
case $LAUNCHER in
  # Open MPI with PBS (tm) support finds the nodes itself; eigsweep gives
  # node-local rank k GPU k.
  # One rank (GPUS_PER_NODE=1) and no LAUNCH_FLAGS: no launcher, a singleton
  # without Open MPI's daemon, 0.1 s sooner (docs/jobs.md "Start-up").
  mpirun) if [ "$np" -eq 1 ] && [ -z "$LAUNCH_FLAGS" ]; then
            launch=()
          else
            launch=(mpirun -np "$np" --map-by "ppr:$GPUS_PER_NODE:node:PE=$OMP_NUM_THREADS" -x OMP_NUM_THREADS)
          fi ;;
  # PBS Pro with Cray PALS, or MPICH's Hydra:
  mpiexec) launch=(mpiexec -n "$np" --ppn "$GPUS_PER_NODE" --depth "$OMP_NUM_THREADS" --cpu-bind depth) ;;
  *) echo "LAUNCHER must be mpirun or mpiexec, not '$LAUNCHER'" >&2; exit 2 ;;
esac
launch+=("${launch_flags[@]}")

# Stop the solve MARGIN_S before the walltime so this job can resubmit itself;
# the stopped solve leaves $OUTPUT.partial with every finished chunk.
limit=$(walltime_s)
timer=()
[ "$limit" -gt "$MARGIN_S" ] && timer=(timeout --kill-after=60 $((limit - MARGIN_S)))

echo "eigsweep job: attempt $RESUBMIT: ${launch[*]:-} ${solve[*]}"
rc=0
${timer[@]+"${timer[@]}"} ${launch[@]+"${launch[@]}"} "${solve[@]}" || rc=$?
if [ "$rc" = 124 ] || [ "$rc" = 137 ]; then
  if [ "$RESUBMIT" -ge "$MAX_RESUBMITS" ]; then
    echo "eigsweep job: walltime reached after $RESUBMIT resubmissions; giving up (rerun with --resume)" >&2
    exit 1
  fi
  echo "eigsweep job: walltime near; resubmitting $SELF (attempt $((RESUBMIT + 1)) resumes)"
  RESUBMIT=$((RESUBMIT + 1)) qsub -V "$SELF"
  exit 0
fi
[ "$rc" = 8 ] && echo "eigsweep job: output complete; some matrices failed (see /status in $OUTPUT)" >&2
exit "$rc"

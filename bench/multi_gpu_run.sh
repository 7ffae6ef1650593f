#!/usr/bin/env bash
# One multi-GPU device session (nvidia-h200-x2, -x4, ...): the NCCL gather
# test, then in-memory strong and weak scaling (4,000,000 and 1,000,000 per
# GPU x 32x32 control matrices) for each way results leave the ranks, then
# the file case and the end-to-end ratio (solve wall time over the time to
# read the file).
#   source .devkit/env.sh && bench/multi_gpu_run.sh BUILD_DIR OUT [MAX_RANKS]
# BUILD_DIR holds eigsweep and h5_rows. Logs, CSVs and PNGs land in OUT.
# Knobs (environment): HOWS="parallel mpi nccl" (output modes to scale),
# REPEAT=1, FILE_CASE=1 (0 skips the file study and the end-to-end ratio),
# GATHER_TEST=1.
set -uo pipefail
build=$(cd "$1" && pwd) out=$2 maxr=${3:-$(nvidia-smi -L | grep -c '^GPU')}
bin=$build/eigsweep
# shellcheck source=bench/runtime_check.sh
source "$(dirname "$0")/runtime_check.sh" && eig_runtime_check "$bin"
mkdir -p "$out/tmp"
{ date -u; nvidia-smi -L; } > "$out/machine.txt"
if [ "${GATHER_TEST:-1}" = 1 ]; then
  H5_ROWS=$build/h5_rows EIG_TEST_TMP=$out/tmp timeout 200 bash tests/cli/gpu_gather.sh "$bin" > "$out/gather-test.log" 2>&1
  echo "gpu_gather rc=$?" >> "$out/gather-test.log"
fi
export LAUNCH_FLAGS="--bind-to none" OMP_NUM_THREADS=16
for how in ${HOWS:-parallel nccl mpi}; do
  case $how in parallel) extra=(--output parallel) ;; *) extra=(--gather-via "$how") ;; esac
  timeout 240 jobs/scaling.sh --eigsweep "$bin" --backend gpu --max-ranks "$maxr" --family control --n 32 \
    --total 4000000 --count-per-rank 1000000 --repeat "${REPEAT:-1}" --out "$out/scaling-$how" -- "${extra[@]}" \
    > "$out/scaling-$how.log" 2>&1
  echo "scaling $how rc=$?" >> "$out/scaling-$how.log"
done
if [ "${FILE_CASE:-1}" = 1 ]; then
  timeout 200 jobs/scaling.sh --eigsweep "$bin" --backend gpu --max-ranks "$maxr" --mode strong --source file \
    --family control --n 32 --total 500000 --repeat 1 --out "$out/scaling-file" > "$out/scaling-file.log" 2>&1
  echo "scaling file rc=$?" >> "$out/scaling-file.log"
  # End to end on one GPU: the pipeline's wall time against just reading the file.
  inputs=("$out"/scaling-file/input-*.h5)
  f=${inputs[0]}
  TIMEFORMAT="cat (page cache warm): %R s"
  { echo "file $f: $(du -h "$f" | cut -f1)"; time cat "$f" > /dev/null; time cat "$f" > /dev/null; } > "$out/e2e.log" 2>&1
  for _ in 1 2; do # twice: the second run with the file in the page cache
    rm -f "$out/tmp/e2e.h5"
    mpirun --bind-to none -np 1 "$bin" solve "$f" -o "$out/tmp/e2e.h5" --backend gpu >> "$out/e2e.log" 2>&1
  done
fi
rm -rf "$out/tmp" "$out"/scaling-*/*.h5 "$out"/scaling-*/runs/*.h5*

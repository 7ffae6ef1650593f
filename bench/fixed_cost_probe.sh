#!/usr/bin/env bash
# Where a job's fixed costs go (the report's setup, pin and finish stages)
# and what the chunk size and the input driver change, on one GPU host:
#   source .devkit/env.sh && bench/fixed_cost_probe.sh BUILD_DIR OUT [RANKS]
# BUILD_DIR holds eigsweep and bench_pin. Writes OUT/probe.log (every
# command and its report) and OUT/pin.log. Knobs: CHUNKS="0 32768 16384"
# (0: the automatic chunk), N=32, COUNT=1000000 (per rank), FILE_COUNT=500000.
set -uo pipefail
build=$(cd "$1" && pwd) out=$2 ranks=${3:-4}
bin=$build/eigsweep
# shellcheck source=bench/runtime_check.sh
source "$(dirname "$0")/runtime_check.sh" && eig_runtime_check "$bin"
mkdir -p "$out/tmp"
log=$out/probe.log
{ date -u; nvidia-smi -L; nproc; } > "$log"
"$build/bench_pin" 256 1024 2048 > "$out/pin.log" 2>&1
N=${N:-32} COUNT=${COUNT:-1000000} FILE_COUNT=${FILE_COUNT:-500000}
run() { # label, ranks, solve args...
  local label=$1 np=$2; shift 2
  rm -f "$out/tmp/o.h5"
  {
    echo "=== $label: mpirun -np $np eigsweep solve $*"
    OMP_NUM_THREADS=$((64 / np > 16 ? 16 : 64 / np)) timeout 120 mpirun --bind-to none -np "$np" "$bin" solve "$@" \
      -o "$out/tmp/o.h5" --backend gpu 2>&1
    echo "rc=$?"
  } >> "$log"
}
for chunk in ${CHUNKS:-0 32768 16384}; do
  c=(); [ "$chunk" != 0 ] && c=(--chunk "$chunk")
  run "weak 1 GPU, chunk ${chunk}" 1 --synthetic "control:$N:$COUNT" --output parallel "${c[@]}"
  run "weak $ranks GPUs, chunk ${chunk}" "$ranks" --synthetic "control:$N:$((COUNT * ranks))" --output parallel "${c[@]}"
  run "strong 1 GPU, chunk ${chunk}" 1 --synthetic "control:$N:$((COUNT * ranks))" --output parallel "${c[@]}"
done
# The file case, one GPU: the time to read the file (cat, page cache warm)
# against the pipeline with either input driver.
f=$out/tmp/in.h5
mpirun --bind-to none -np "$ranks" "$bin" generate --family control --n "$N" --count "$FILE_COUNT" -q -o "$f" >> "$log" 2>&1
TIMEFORMAT="cat (page cache warm): %R s"
{ ls -l "$f"; time cat "$f" > /dev/null; time cat "$f" > /dev/null; } >> "$log" 2>&1
for chunk in ${CHUNKS:-0 32768 16384}; do
  c=(); [ "$chunk" != 0 ] && c=(--chunk "$chunk")
  for how in mpiio posix; do
    run "file, 1 GPU, $how, chunk $chunk" 1 "$f" --read-with $how "${c[@]}"
  done
done
rm -rf "$out/tmp"

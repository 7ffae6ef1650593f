#!/usr/bin/env bash
# One device session: GPU tests, benchmarks, sanitizers, end to end.
#   source .devkit/env.sh && bench/device_run.sh build-gpu $OUT
set -uo pipefail
build=$1 out=$2
# shellcheck source=bench/runtime_check.sh
source "$(dirname "$0")/runtime_check.sh" && eig_runtime_check "$build/eigsweep"
mkdir -p "$out"
date -u > "$out/date.txt"; nproc >> "$out/date.txt"
timeout 170 ctest --test-dir "$build" -L gpu --output-on-failure -j1 > "$out/gpu-tests.log" 2>&1
echo "ctest rc=$?" >> "$out/gpu-tests.log"
EIG_TEST_VERBOSE=1 EIG_TEST_GPU_QUICK=1 timeout 40 "$build/tests/gpu_batch_vs_cpu" > "$out/gpu-test-verbose.log" 2>&1
timeout 200 bench/run_bench.sh "$build" "$out" > "$out/bench.log" 2>&1
echo "bench rc=$?" >> "$out/bench.log"
EIG_TEST_GPU_QUICK=1 timeout 90 compute-sanitizer --tool memcheck --leak-check full "$build/tests/gpu_batch_vs_cpu" > "$out/memcheck.log" 2>&1
echo "memcheck rc=$?" >> "$out/memcheck.log"
EIG_TEST_GPU_QUICK=1 timeout 60 compute-sanitizer --tool racecheck "$build/tests/gpu_batch_vs_cpu" > "$out/racecheck.log" 2>&1
echo "racecheck rc=$?" >> "$out/racecheck.log"

#!/bin/bash
# Issue 22 bar 2 (radar case) with divide and conquer: tests and timings in
# one device call. Run from the worktree root on the GPU machine; logs to $OUT.
set -u
B=build-gpu
OUT=${OUT:-/tmp/dc_out}
mkdir -p "$OUT"
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv > "$OUT/gpu.txt" 2>&1
date -u > "$OUT/date.txt"
{
  for dc in 1 0 1 0; do
    echo "== EIG_TRIDIAG_DC=$dc"
    EIG_TRIDIAG_DC=$dc $B/bench/bench_gpu hermitian 128 180 vectors resident
  done
  echo "== default (auto)"
  $B/bench/bench_gpu hermitian 128 180 vectors resident
  $B/bench/bench_anchors xheev 180 128
  echo "== single"
  for dc in 1 0; do EIG_TRIDIAG_DC=$dc $B/bench/bench_gpu hermitian 128 180 vectors resident single; done
  echo "== symmetric 128 180"
  for dc in 1 0; do EIG_TRIDIAG_DC=$dc $B/bench/bench_gpu symmetric 128 180 vectors resident kernel=block-tridiag; done
  $B/bench/bench_anchors xsyev 180 128
} > "$OUT/bench.txt" 2>&1
{
  for dc in 1 0; do
    EIG_TRIDIAG_DC=$dc EIG_BLOCK_TRIDIAG_PROFILE=1 $B/bench/bench_gpu hermitian 128 180 vectors resident reps=1
    EIG_TRIDIAG_DC=$dc EIG_BLOCK_TRIDIAG_PROFILE=1 $B/bench/bench_gpu symmetric 128 180 vectors resident reps=1 kernel=block-tridiag
  done
} > "$OUT/profile.txt" 2>&1
# correctness on the device: block-tridiag with D&C where it is on by
# default (n >= 64), then forced at every n (warp teams at n <= 32 too)
{
  echo "== gpu_batch_vs_cpu block-tridiag, D&C default"
  EIG_TEST_GPU_ONLY=block-tridiag EIG_TEST_VERBOSE=1 timeout ${T_TEST:-200} $B/tests/gpu_batch_vs_cpu > "$OUT/batch_default.txt" 2>&1; echo "rc $?"
  grep -E "FAIL|passed|compared" "$OUT/batch_default.txt" | head -40
  echo "== gpu_batch_vs_cpu block-tridiag, D&C forced, quick"
  EIG_TRIDIAG_DC=1 EIG_TEST_GPU_QUICK=1 EIG_TEST_GPU_ONLY=block-tridiag timeout ${T_TEST:-200} $B/tests/gpu_batch_vs_cpu > "$OUT/batch_forced.txt" 2>&1; echo "rc $?"
  grep -E "FAIL|passed|compared" "$OUT/batch_forced.txt" | head -40
  echo "== gpu_device_resident"
  timeout 100 $B/tests/gpu_device_resident 2>&1 | tail -3
} > "$OUT/tests.txt" 2>&1

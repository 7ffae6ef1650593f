#!/bin/bash
# Issue 22 bar 2 (radar case: 180 Hermitian 128 x 128 with vectors) with
# divide and conquer in block-tridiag: timings, phase clocks and device
# tests in one call. Run from the worktree root on the GPU machine (the
# build in build-gpu); logs to $OUT.
set -u
B=build-gpu
OUT=${OUT:-/tmp/dc_out}
mkdir -p "$OUT"
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv > "$OUT/gpu.txt" 2>&1
date -u > "$OUT/date.txt"
bg() { $B/bench/bench_gpu "$@"; }
{
  for round in 1 2; do
    for cfg in 1:0 1:1 0:0; do
      dc=${cfg%:*} sm=${cfg#*:}
      echo "== round $round EIG_TRIDIAG_DC=$dc EIG_TRIDIAG_DC_SMEM=$sm"
      EIG_TRIDIAG_DC=$dc EIG_TRIDIAG_DC_SMEM=$sm bg hermitian 128 180 vectors resident
    done
  done
  echo "== default (auto)"
  bg hermitian 128 180 vectors resident
  $B/bench/bench_anchors xheev 180 128
  echo "== single, D&C on / off"
  for dc in 1 0; do EIG_TRIDIAG_DC=$dc bg hermitian 128 180 vectors resident single; done
  echo "== symmetric 180 x 128, block-tridiag, D&C on / off"
  for dc in 1 0; do EIG_TRIDIAG_DC=$dc bg symmetric 128 180 vectors resident kernel=block-tridiag; done
  $B/bench/bench_anchors xsyev 180 128
  if [ -n "${BIG:-}" ]; then
    echo "== symmetric 10000 x 128, block-tridiag, D&C on / off"
    for dc in 1 0; do EIG_TRIDIAG_DC=$dc bg symmetric 128 10000 vectors resident kernel=block-tridiag; done
    bg symmetric 128 10000 vectors resident
    $B/bench/bench_anchors xsyev 10000 128
    echo "== Hermitian 64 x 2000, block-tridiag, D&C on / off"
    for dc in 1 0; do EIG_TRIDIAG_DC=$dc bg hermitian 64 2000 vectors resident kernel=block-tridiag; done
  fi
} > "$OUT/bench.txt" 2>&1
{
  for sm in 1 0; do
    EIG_TRIDIAG_DC=1 EIG_TRIDIAG_DC_SMEM=$sm EIG_BLOCK_TRIDIAG_PROFILE=1 bg hermitian 128 180 vectors resident reps=1 2>&1 | tail -3
  done
  EIG_TRIDIAG_DC=1 EIG_BLOCK_TRIDIAG_PROFILE=1 bg symmetric 128 180 vectors resident reps=1 kernel=block-tridiag 2>&1 | tail -3
} > "$OUT/profile.txt" 2>&1
# correctness on the device: block-tridiag with D&C where it is on by
# default (n >= 16 with vectors), then forced at every n (warp teams at n <= 32 too)
{
  echo "== gpu_batch_vs_cpu block-tridiag, D&C default"
  EIG_TEST_GPU_ONLY=block-tridiag EIG_TEST_VERBOSE=1 timeout "${T_TEST:-200}" $B/tests/gpu_batch_vs_cpu > "$OUT/batch_default.txt" 2>&1; echo "rc $?"
  grep -E "FAIL|passed|compared" "$OUT/batch_default.txt" | head -40
  echo "== gpu_batch_vs_cpu block-tridiag, D&C forced, leaf 8, quick"
  EIG_TRIDIAG_DC=1 EIG_TRIDIAG_DC_LEAF=8 EIG_TEST_GPU_QUICK=1 EIG_TEST_GPU_ONLY=block-tridiag timeout "${T_TEST:-200}" $B/tests/gpu_batch_vs_cpu > "$OUT/batch_forced.txt" 2>&1; echo "rc $?"
  grep -E "FAIL|passed|compared" "$OUT/batch_forced.txt" | head -40
  echo "== gpu_device_resident"
  timeout 100 $B/tests/gpu_device_resident 2>&1 | tail -3
  echo "== compute-sanitizer memcheck, D&C forced"
  CS=$(command -v compute-sanitizer)
  for c in /usr/local/cuda*/bin/compute-sanitizer; do [ -z "$CS" ] && [ -x "$c" ] && CS=$c; done
  if [ -n "$CS" ]; then
    for k in hermitian:64:6 symmetric:40:6 hermitian:17:9; do
      IFS=: read -r fam n cnt <<< "$k"
      EIG_TRIDIAG_DC=1 EIG_TRIDIAG_DC_LEAF=8 timeout 120 "$CS" --tool memcheck --error-exitcode 9 \
        $B/bench/bench_gpu "$fam" "$n" "$cnt" vectors kernel=block-tridiag reps=1 > "$OUT/cs.txt" 2>&1
      echo "$k: rc $?"; tail -2 "$OUT/cs.txt"
    done
  else
    echo "no compute-sanitizer"
  fi
} > "$OUT/tests.txt" 2>&1

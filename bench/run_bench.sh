#!/usr/bin/env bash
# The measurements of docs/performance.md in one go, eigsweep and the anchors
# side by side in the same run. On the GPU machine:
#   source .devkit/env.sh && bench/run_bench.sh BUILD_DIR OUT_DIR
# eigsweep figures: bench_gpu = eig_gpu_solve_batch on pinned host buffers,
# host memory to host memory (H2D, layout transforms, kernels, D2H, 4 streams),
# best of 3 after a warm-up. cuSOLVER anchors: library call only, data on the
# GPU. LAPACK anchors: OpenBLAS + OpenMP over matrices, 16 threads
# (BENCH_REPS=1 for the slow ones: the device budget is minutes).
set -uo pipefail
build=$1 out=$2
g=$build/bench/bench_gpu a=$build/bench/bench_anchors
mkdir -p "$out"
work=${BENCH_WORK:-/tmp/eigsweep-bench}
mkdir -p "$work"
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > "$out/gpu.txt" 2>&1
echo "== 1. general, 500,000 matrices, double, host to host"
for n in 5 10 15 20 25 30; do $g general $n 500000; done
OMP_NUM_THREADS=16 BENCH_REPS=1 $a dgeev 500000 5
OMP_NUM_THREADS=16 BENCH_REPS=1 $a dgeev 100000 30
echo "== 2. symmetric, 100,000 matrices, vs cusolverDnDsyevjBatched"
for n in 16 32; do
  $g symmetric $n 100000 method=jacobi
  $g symmetric $n 100000 method=tridiag-ql
  $g symmetric $n 100000 method=tridiag-ql resident   # timed like the anchor: data already on the GPU
  $a syevj 100000 $n
done
$g symmetric 32 100000 method=jacobi vectors
$g symmetric 32 100000 method=tridiag-ql vectors
$g symmetric 32 100000 method=tridiag-ql vectors resident
$a syevj 100000 32 vectors
# issue 22 bar 1: with vectors, the batch filling the GPU, beside XsyevBatched (values only: "values");
# n = 32 also at 40,000: XsyevBatched still takes it (not 100,000), and it fills the GPU for warp-tridiag too
for c in "10000 32" "40000 32" "20000 64" "10000 96" "10000 128" "4000 192" "2000 256"; do
  read -r count n <<<"$c"
  $g symmetric "$n" "$count" vectors resident; $a xsyev "$count" "$n"
  $g symmetric "$n" "$count" resident; $a xsyev "$count" "$n" values
done
$g symmetric 32 100000 method=jacobi single
echo "== 3. Hermitian with vectors, 180 x 128 complex double (radar)"
$g hermitian 128 180 method=tridiag-ql vectors reps=1
$g hermitian 128 180 method=tridiag-ql vectors resident
$a heevj 180 128
$a xheev 180 128
# issue 22 bar 2: Hermitian with vectors at 32-256 beside XsyevBatched (complex)
for c in "10000 32" "10000 64" "10000 96" "4000 128" "1000 128" "2000 192" "1000 256"; do
  read -r count n <<<"$c"; $g hermitian "$n" "$count" vectors resident; $a xheev "$count" "$n"
done
echo "== 4. tridiagonal, all eigenvalues"
$g tridiagonal 64 100000
$g tridiagonal 1024 1000
OMP_NUM_THREADS=16 BENCH_REPS=1 $a dstebz 100000 64
OMP_NUM_THREADS=16 BENCH_REPS=1 $a dstebz 100 1024
echo "== kernel table (forced kernels)"
for n in 4 8 12 16 24 32; do
  for k in thread-global thread-shared warp-jacobi; do $g symmetric $n 100000 method=jacobi kernel=$k 2>&1 | tail -1; done
done
for n in 4 8 16 32 64; do
  for k in thread-global thread-shared eigval-thread; do $g tridiagonal $n 100000 kernel=$k 2>&1 | tail -1; done
done

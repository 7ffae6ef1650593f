#!/usr/bin/env bash
# The five measurements of docs/performance.md in one go, eigsweep and the
# anchors side by side in the same run. On the GPU machine:
#   source .devkit/env.sh && bench/run_bench.sh BUILD_DIR OUT_DIR
# eigsweep figures are the `solve` stage of its report: host memory to host
# memory (H2D, layout transforms, kernels, D2H), input generated in memory.
set -uo pipefail
build=$1 out=$2
bin=$build/eigsweep anchors=$build/bench/bench_anchors
mkdir -p "$out"
work=${BENCH_WORK:-/tmp/eigsweep-bench}
mkdir -p "$work"
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > "$out/gpu.txt" 2>&1
solve() { # solve LABEL SPEC [args]: prints the solve stage in ms
  local label=$1 spec=$2; shift 2
  "$bin" solve --synthetic "$spec" -o "$work/o.h5" --force --backend gpu --chunk 100000000 --report "$work/r.json" "$@" \
    > "$out/$label.txt" 2>&1 || { echo "$label: FAILED"; tail -3 "$out/$label.txt"; return; }
  python3 -c "import json;r=json.load(open('$work/r.json'));print('eigsweep $label: %.1f ms (solve stage, host to host), status %s' % (1e3*r['stages']['solve']['max_s'], r['status']))"
}
echo "== 1. general, 500,000 matrices, double, host to host"
for n in 5 10 15 20 25 30; do solve general-n$n random-general:$n:500000; done
OMP_NUM_THREADS=16 "$anchors" dgeev 100000 30
OMP_NUM_THREADS=16 "$anchors" dgeev 500000 5
echo "== 2. symmetric vs cusolverDnDsyevjBatched, 100,000 matrices"
for n in 16 32; do
  solve sym-n$n random-symmetric:$n:100000
  "$anchors" syevj 100000 $n
done
solve sym-n32-vectors random-symmetric:32:100000 --vectors
"$anchors" syevj 100000 32 vectors
solve sym-n64 random-symmetric:64:2000
solve sym-n128-vectors random-symmetric:128:1000 --vectors
echo "== 3. Hermitian with vectors, 180 x 128 complex double (radar)"
solve herm-n128-vectors radar:128:180 --vectors
"$anchors" heevj 180 128
echo "== 4. tridiagonal, all eigenvalues"
solve tri-n64 tridiag-uniform:64:100000
OMP_NUM_THREADS=16 "$anchors" dstebz 100000 64
solve tri-n1024 tridiag-uniform:1024:1000
OMP_NUM_THREADS=16 "$anchors" dstebz 1000 1024
echo "== 5. end to end from an HDF5 file, 1 rank"
"$bin" generate --family random-general --n 30 --count 500000 -q --force -o "$work/in.h5"
t0=$(date +%s.%N); cat "$work/in.h5" > /dev/null; t1=$(date +%s.%N)
echo "read the file (cat, page cache warm): $(python3 -c "print('%.0f ms' % (1e3*($t1-$t0)))")"
t0=$(date +%s.%N)
"$bin" solve "$work/in.h5" -o "$work/out.h5" --force --backend gpu --report "$work/e2e.json" > "$out/e2e.txt" 2>&1
t1=$(date +%s.%N)
echo "eigsweep solve from the file: $(python3 -c "print('%.0f ms wall' % (1e3*($t1-$t0)))")"
grep -E "^(read|solve|write|total) " "$out/e2e.txt"

#!/usr/bin/env bash
# Measures both GPU kernels (thread-global, thread-shared) over n, per family
# and method, to set the automatic choice in gpu/batch_gpu_impl.cuh.
#   source .devkit/env.sh && bench/kernel_table.sh BUILD_DIR > table.txt
set -uo pipefail
bin=$1/eigsweep
# shellcheck source=bench/runtime_check.sh
source "$(dirname "$0")/runtime_check.sh" && eig_runtime_check "$bin"
work=${BENCH_WORK:-/tmp/eigsweep-bench}
mkdir -p "$work"
echo "family method n count kernel solve_ms"
row() { # family method n count kernel
  "$bin" solve --synthetic "$1:$3:$4" -o "$work/k.h5" --force --backend gpu --method "$2" --kernel "$5" \
    --chunk 100000000 --report "$work/k.json" -q 2>/dev/null || { echo "$1 $2 $3 $4 $5 -"; return; }
  python3 -c "import json;r=json.load(open('$work/k.json'));print('$1 $2 $3 $4 $5 %.2f' % (1e3*r['stages']['solve']['max_s']))"
}
for n in 4 8 12 16 20 24 28 32; do
  for k in thread-global thread-shared; do
    row random-general francis $n 200000 $k
    row random-symmetric jacobi $n 100000 $k
    row random-symmetric tridiag-ql $n 100000 $k
    row tridiag-uniform bisection $n 100000 $k
  done
done

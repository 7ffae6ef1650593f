#!/usr/bin/env bash
# A change's effect on the kernels: bench_gpu of two builds alternating
# (old, new, old, new) in one call, best of 3 each, on the GPU machine:
#   source .devkit/env.sh && bench/compare_builds.sh OLD_BUILD NEW_BUILD OUT_DIR
set -uo pipefail
old=$1/bench/bench_gpu new=$2/bench/bench_gpu out=$3
mkdir -p "$out"
cases=("general 30 500000" "general 5 500000" "symmetric 32 100000 method=jacobi"
       "symmetric 32 100000 method=tridiag-ql resident" "symmetric 64 20000 vectors resident"
       "symmetric 128 10000 vectors resident" "hermitian 128 180 method=tridiag-ql vectors resident"
       "tridiagonal 64 100000")
for c in "${cases[@]}"; do
  echo "== $c"
  for b in "$old" "$new" "$old" "$new"; do
    # shellcheck disable=SC2086  # each case is several arguments
    echo "$([ "$b" = "$old" ] && echo old || echo new): $($b $c 2>&1 | tail -1)"
  done
done 2>&1 | tee "$out/compare_builds.log"

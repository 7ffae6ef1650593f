#!/usr/bin/env bash
# Throughput against n (the "no cliff" check of docs/performance.md): the
# automatic kernel for general (Francis) and symmetric (values; vectors)
# matrices, n = 2 .. 256, double, host to host, through bench_gpu. The batch
# shrinks as n grows (about 2e9/n^3 matrices, 500 .. 500,000; one warm-up call, then the best of
# three: a single timed call was once 2x off at n = 32) so every point takes a second or two.
# The method is bench_gpu's default, which is the driver's choice on the GPU.
#   bench/throughput_sweep.sh BUILD_DIR OUT.csv     (then bench/plot_throughput.gp)
set -uo pipefail
bench=$1/bench_gpu out=$2
echo "family,vectors,n,count,ms,matrices_per_s" > "$out"
for n in 2 3 4 6 8 12 16 20 24 28 32 40 48 64 96 128 192 256; do
  count=$(( 2000000000 / (n * n * n) )); [ $count -gt 500000 ] && count=500000; [ $count -lt 500 ] && count=500
  for spec in "general 0" "symmetric 0" "symmetric 1"; do
    read -r family vectors <<<"$spec"
    args=("$family" "$n" "$count" reps=3); [ "$vectors" = 1 ] && args+=(vectors)
    line=$(timeout 30 "$bench" "${args[@]}" 2>&1 | grep '^eigsweep-gpu')
    ms=$(sed -n 's/.*= \([0-9.]*\) ms.*/\1/p' <<< "$line")
    [ -n "$ms" ] && echo "$family,$vectors,$n,$count,$ms,$(awk -v c="$count" -v t="$ms" 'BEGIN{printf "%.0f", c/(t/1000)}')" >> "$out"
  done
done

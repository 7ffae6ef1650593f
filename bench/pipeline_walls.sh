#!/usr/bin/env bash
# Issue 20's measurements: a real run's process wall against its stages, one
# rank bound as the job scripts bind it, on the GPU machine:
#   source .devkit/env.sh && bench/pipeline_walls.sh build-gpu OUT_DIR
# Synthetic solves (generation on the device), generate on GPU and CPU, and
# the 500,000 x 30 file solve beside cat and --check-only (page cache warm).
set -uo pipefail
build=$1 out=$2
bin=$build/eigsweep
work=${BENCH_WORK:-/tmp/eigsweep-walls}
mkdir -p "$out" "$work"
stages='warning|threads=|^read|^solve|^write|^setup|^pin|^total|overlap|wall'
timed() { /usr/bin/time -f "$1 wall %e s" "${@:2}"; }
{
  echo "== cores: default binding (expect the warning), then --bind-to none"
  timed default mpirun -np 1 "$bin" solve --synthetic random-symmetric:32:1000000 -o "$work/a.h5" --force 2>&1 | grep -E "$stages"
  for s in random-symmetric:32:1000000 random-general:30:500000 "radar:128:1800 --vectors"; do
    echo "== synthetic $s, --bind-to none"
    # shellcheck disable=SC2086  # $s carries an option after the spec
    timed synthetic mpirun -np 1 --bind-to none "$bin" solve --synthetic $s -o "$work/b.h5" --force 2>&1 | grep -E "$stages"
  done
  echo "== generate 500,000 x 30 general, gpu then cpu"
  timed "generate gpu" "$bin" generate --family random-general --n 30 --count 500000 --backend gpu -o "$work/g.h5" --force -q
  timed "generate cpu" "$bin" generate --family random-general --n 30 --count 500000 --backend cpu -o "$work/g2.h5" --force -q
  timed "dd write 3.6 GB" dd if=/dev/zero of="$work/dd.bin" bs=64M count=54 conv=fsync status=none
  echo "== file solve (page cache warm), cat, check-only"
  cat "$work/g.h5" > /dev/null
  timed cat cat "$work/g.h5" > /dev/null
  timed check-only mpirun -np 1 --bind-to none "$bin" solve "$work/g.h5" --check-only -q
  timed solve mpirun -np 1 --bind-to none "$bin" solve "$work/g.h5" -o "$work/e.h5" --force 2>&1 | grep -E "$stages"
} 2>&1 | tee "$out/pipeline_walls.log"
rm -f "$work"/*.h5 "$work/dd.bin"

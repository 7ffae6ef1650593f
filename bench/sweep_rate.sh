#!/usr/bin/env bash
# Issue 21's speed bar: a control sweep of SIDE^3 points (30x30, 3 gains)
# with --reduce abscissa, its process wall against the kernels' own rate on
# matrices of the same family (bench_gpu ... family=control), on the GPU
# machine:
#   source .devkit/env.sh && bench/sweep_rate.sh build-gpu OUT_DIR [SIDE [TYPE]]
# SIDE 464 gives 99,897,344 points (10^8). TYPE is --reduce-type: float32
# (default: the issue's "few hundred MB", 5 bytes a point) or float64 (9).
# Needs python3 with h5py and numpy
# (the spec is written by examples/control_spec.py, as a user would).
set -uo pipefail
build=$1 out=$2 side=${3:-464} reduce_type=${4:-float32}
# shellcheck source=bench/runtime_check.sh
source "$(dirname "$0")/runtime_check.sh" && eig_runtime_check "$build/eigsweep"
py=${EIG_PYTHON:-python3}
work=${BENCH_WORK:-/tmp/eigsweep-sweep}
here=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$out" "$work"
{
  echo "== kernels on control matrices, n = 30, 500,000, host to host"
  "$build/bench/bench_gpu" general 30 500000 family=control reps=5
  echo "== spec: control, n = 30, $side^3 points"
  "$py" "$here/examples/control_spec.py" --n 30 --side "$side" -o "$work/spec.h5"
  echo "== sweep --reduce abscissa --reduce-type $reduce_type (process wall), then the output's size"
  /usr/bin/time -f "sweep wall %e s" mpirun -np 1 --bind-to none "$build/eigsweep" solve "$work/spec.h5" \
    -o "$work/map.h5" --reduce abscissa --reduce-type "$reduce_type" --force 2>&1 | grep -E "^read|^solve|^write|^finish|^total|overlap|wall|matrices/s|^  "
  ls -l "$work/map.h5"
  "$build/eigsweep" info "$work/map.h5" | head -20
} 2>&1 | tee "$out/sweep_rate.log"
rm -f "$work"/*.h5

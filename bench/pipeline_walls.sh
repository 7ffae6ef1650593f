#!/usr/bin/env bash
# Issue 20's measurements: a real run's process wall against its stages, one
# rank bound as the job scripts bind it, on the GPU machine:
#   source .devkit/env.sh && bench/pipeline_walls.sh build-gpu OUT_DIR [BEFORE_EIGSWEEP]
# Synthetic solves (generation on the device), generate on GPU and CPU
# beside dd (write rate), and the 500,000 x 30 file solve beside cat, dd and
# --check-only (page cache warm). Each solve runs as
#   before  BEFORE_EIGSWEEP (another build, when given),
#   old     this build with its issue-20 paths off (EIG_WRITEBACK=0 EIG_DIRECT_READ=0
#           EIG_EARLY_CUDA=0 EIG_RELEASE_LATER=0 EIG_RETIRE_GPU=0 EIG_ONE_NODE_PML=0
#           CUDA_DEVICE_MAX_CONNECTIONS=8: no write-behind, HDF5's read, the
#           CUDA context made by the first pin job, teardown before the
#           rename, Open MPI's own PML choice, the driver's 8 hardware queues),
#   new     this build as it ships, under mpirun -np 1 --bind-to none,
#   single  this build as it ships, started without a launcher (a singleton:
#           no Open MPI daemon, all the CPUs; as the job scripts start one rank),
# alternating, REPEAT times (default 2); the outputs of all four must be
# bit-identical (tests/h5_rows --same). Log: OUT_DIR/pipeline_walls.log.
set -uo pipefail
build=$1 out=$2 before=${3:-}
bin=$build/eigsweep
# shellcheck source=bench/runtime_check.sh
source "$(dirname "$0")/runtime_check.sh" && eig_runtime_check "$bin"
same=$build/tests/h5_rows
work=${BENCH_WORK:-/tmp/eigsweep-walls}
repeat=${REPEAT:-2}
mkdir -p "$out" "$work"
stages='warning|reader=|^read|^solve|^write|^setup|^pin|^finish|^total|overlap|wall|^timeline|^  '
timed() { /usr/bin/time -f "$1 wall %e s" "${@:2}"; }
old_paths=(env EIG_DIRECT_READ=0 EIG_EARLY_CUDA=0 EIG_RELEASE_LATER=0 EIG_RETIRE_GPU=0 EIG_WRITEBACK=0
  EIG_ONE_NODE_PML=0 CUDA_DEVICE_MAX_CONNECTIONS=8)
mpi1=(mpirun -np 1 --bind-to none)
export HWLOC_COMPONENTS=${HWLOC_COMPONENTS:--opencl} # as the job scripts start mpirun (docs/jobs.md "Start-up")
# solve3 LABEL OUTPUT_STEM SOLVE_ARGS...: before, old, new, single; outputs compared
solve3() {
  local label=$1 stem=$2; shift 2
  local o=()
  for r in $(seq "$repeat"); do
    echo "-- $label, run $r"
    if [ -n "$before" ]; then
      [[ " $* " == *" --check-only "* ]] || o=(-o "$work/$stem.before.h5" --force)
      timed "$label before" "${mpi1[@]}" "$before" solve "$@" "${o[@]}" 2>&1 | grep -E "$stages"
    fi
    [[ " $* " == *" --check-only "* ]] || o=(-o "$work/$stem.old.h5" --force)
    timed "$label old" "${old_paths[@]}" "${mpi1[@]}" "$bin" solve "$@" "${o[@]}" 2>&1 | grep -E "$stages"
    [[ " $* " == *" --check-only "* ]] || o=(-o "$work/$stem.new.h5" --force)
    timed "$label new" "${mpi1[@]}" "$bin" solve "$@" "${o[@]}" 2>&1 | grep -E "$stages"
    [[ " $* " == *" --check-only "* ]] || o=(-o "$work/$stem.single.h5" --force)
    timed "$label single" "$bin" solve "$@" "${o[@]}" 2>&1 | grep -E "$stages"
  done
  [[ " $* " == *" --check-only "* ]] && return
  for v in old single ${before:+before}; do
    if "$same" --same "$work/$stem.$v.h5" "$work/$stem.new.h5" eigenvalues && \
       "$same" --same "$work/$stem.$v.h5" "$work/$stem.new.h5" status; then
      echo "same results: $label $v = new"
    else
      echo "RESULTS DIFFER: $label $v vs new"
    fi
  done
  rm -f "$work/$stem".*.h5
}
{
  date -u; nvidia-smi -L; nproc
  echo "== the launcher alone (floor of every process wall below)"
  for r in $(seq "$repeat"); do timed "mpirun -np 1 true" "${mpi1[@]}" true; done
  echo "== cores: default binding (expect the warning)"
  timed default mpirun -np 1 "$bin" solve --synthetic random-symmetric:32:1000000 -o "$work/a.h5" --force 2>&1 | grep -E "$stages|threads="
  for s in random-symmetric:32:1000000 random-general:30:500000 "radar:128:1800 --vectors"; do
    echo "== synthetic $s, --bind-to none"
    # shellcheck disable=SC2086  # $s carries an option after the spec
    solve3 "synthetic ${s%%:*}" syn --synthetic $s
  done
  echo "== where the setup time goes (EIG_TRACE_SETUP=1), new, synthetic random-general"
  EIG_TRACE_SETUP=1 "${mpi1[@]}" "$bin" solve --synthetic random-general:30:500000 -o "$work/t.h5" --force -q 2>&1
  echo "== generate 500,000 x 30 general (3.6 GB), gpu then cpu, beside dd of the same size"
  gen=(generate --family random-general --n 30 --count 500000 --backend gpu --force -q)
  timed "generate gpu" "$bin" "${gen[@]}" -o "$work/g.h5"
  ls -l "$work/g.h5"
  sync
  for r in $(seq "$repeat"); do
    [ -n "$before" ] && timed "generate gpu before" "$before" "${gen[@]}" -o "$work/g4.h5"
    timed "generate gpu old (EIG_WRITE_MPIIO=1)" env EIG_WRITE_MPIIO=1 "$bin" "${gen[@]}" -o "$work/g4.h5"
    timed "generate gpu new" "$bin" "${gen[@]}" -o "$work/g4.h5"
  done
  cmp "$work/g.h5" "$work/g4.h5" && echo "generate: same bytes on every run"
  rm -f "$work/g4.h5"; sync
  timed "generate gpu, then sync" bash -c "'$bin' ${gen[*]} -o '$work/g3.h5' && sync"
  rm -f "$work/g3.h5"; sync
  timed "generate cpu" "$bin" generate --family random-general --n 30 --count 500000 --backend cpu -o "$work/g2.h5" --force -q
  rm -f "$work/g2.h5"; sync
  timed "dd write 3.6 GB, no fsync" dd if=/dev/zero of="$work/dd.bin" bs=64M count=54 status=none
  rm -f "$work/dd.bin"; sync
  timed "dd write 3.6 GB, conv=fsync" dd if=/dev/zero of="$work/dd.bin" bs=64M count=54 conv=fsync status=none
  rm -f "$work/dd.bin"; sync
  echo "== file solve (page cache warm), cat, dd, check-only"
  cat "$work/g.h5" > /dev/null
  for r in $(seq "$repeat"); do
    timed cat cat "$work/g.h5" > /dev/null
    timed "dd read bs=64M" dd if="$work/g.h5" of=/dev/null bs=64M status=none
  done
  solve3 check-only chk "$work/g.h5" --check-only
  solve3 "file solve" file "$work/g.h5"
  echo "== where the setup time goes (EIG_TRACE_SETUP=1), new, file solve"
  EIG_TRACE_SETUP=1 "${mpi1[@]}" "$bin" solve "$work/g.h5" -o "$work/t.h5" --force -q 2>&1
} 2>&1 | tee "$out/pipeline_walls.log"
rm -f "$work"/*.h5 "$work/dd.bin"

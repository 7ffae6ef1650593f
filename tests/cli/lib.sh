# shellcheck shell=bash
# Shared helpers of the command-line tests. Source it; $1 of the test is the
# eigsweep binary. Each test works in a fresh directory under the build tree.
set -euo pipefail
# shellcheck disable=SC2034  # BIN and MPIRUN are for the tests that source this file
BIN=$1
shift
WORK=$(mktemp -d "${EIG_TEST_TMP:-/tmp}/eigsweep-test.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
cd "$WORK"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMP_NUM_THREADS=1
# shellcheck disable=SC2034  # (see BIN)
MPIRUN="mpirun --oversubscribe"
fails=0 passes=0
pass() { passes=$((passes + 1)); }
fail() { echo "FAIL: $*" >&2; fails=$((fails + 1)); }
expect() { # expect DESCRIPTION COMMAND...: the command must succeed
  local what=$1; shift
  if "$@"; then pass; else fail "$what"; fi
}
# expect_exit CODE PATTERN COMMAND...: exits with CODE and stderr matches PATTERN
expect_exit() {
  local code=$1 pattern=$2; shift 2
  local rc=0
  "$@" >out.txt 2>err.txt || rc=$?
  if [ "$rc" -ne "$code" ]; then fail "'$*' exited $rc, expected $code; stderr: $(cat err.txt)"; return; fi
  if ! grep -qE -- "$pattern" err.txt; then fail "'$*': stderr lacks /$pattern/: $(cat err.txt)"; return; fi
  pass
}
# same_datasets A B NAME...: datasets are bit-identical (tests/h5_rows --same)
same_datasets() {
  local a=$1 b=$2; shift 2
  for d in "$@"; do
    if ! "$H5_ROWS" --same "$a" "$b" "$d" 2>/dev/null; then fail "/$d differs between $a and $b"; return 1; fi
  done
  return 0
}
# need_h5py, need_gnuplot: the test's prerequisites, or exit 1 naming the package
need_h5py() {
  if ! "${EIG_PYTHON:-/usr/bin/python3}" -c 'import h5py, numpy' 2>/dev/null; then
    echo "FAIL: ${EIG_PYTHON:-/usr/bin/python3} cannot import h5py and numpy (apt-get install python3-h5py)" >&2
    exit 1
  fi
}
need_gnuplot() {
  if ! command -v gnuplot >/dev/null; then
    echo "FAIL: gnuplot is not installed (apt-get install gnuplot-nox; jobs/bootstrap.sh does)" >&2
    exit 1
  fi
}
# kill_half_way SHIM OUT SOLVE-ARGS...: `solve SOLVE-ARGS -o OUT` on one rank,
# counted, then run again and SIGKILLed (tests/kill_shim.c preloaded) at half
# of its writes: passes when OUT.partial is left and OUT is not.
kill_half_way() {
  local shim=$1 out=$2 writes; shift 2
  local env=(--mca odls_base_sigkill_timeout 0 -x LD_PRELOAD="$shim")
  rm -f "$out" "$out.partial" counts
  $MPIRUN -np 1 "${env[@]}" -x EIG_KILL_COUNT_FILE="$PWD/counts" "$BIN" solve "$@" -o "$out" -q >/dev/null 2>&1 ||
    { fail "counting run"; return 1; }
  writes=$(sort -k2 -n counts | tail -1 | cut -d' ' -f2)
  rm -f "$out"
  if $MPIRUN -np 1 "${env[@]}" -x EIG_KILL_AT_WRITE=$((writes / 2)) "$BIN" solve "$@" -o "$out" -q >kill.log 2>&1; then
    fail "the run was not killed"; return 1
  fi
  if [ -e "$out.partial" ] && [ ! -e "$out" ]; then pass; else
    fail "a run killed at write $((writes / 2)) of $writes left no $out.partial (or an $out)"; return 1
  fi
}
finish() { echo "$passes passed, $fails failed"; [ "$fails" -eq 0 ]; }

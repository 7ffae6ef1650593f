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
finish() { echo "$passes passed, $fails failed"; [ "$fails" -eq 0 ]; }

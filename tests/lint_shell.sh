#!/usr/bin/env bash
# The project's shell scripts parse (bash -n) and pass ShellCheck (settings in
# .shellcheckrc: sourced files are followed). jobs/, bench/, tests/run.sh,
# .ci/run and this file at ShellCheck's default severity (style notes too);
# tests/cli/*.sh at warning severity: their `check && pass || fail` lines (pass
# cannot fail) and lib.sh's word-split $MPIRUN are meant. Exit 77 (skipped)
# when shellcheck is not installed (tests/run.sh installs it) and bash -n passed.
#   tests/lint_shell.sh [REPO_ROOT]
set -uo pipefail
cd "${1:-$(dirname "${BASH_SOURCE[0]}")/..}" || exit 2
strict=(jobs/*.sh bench/*.sh tests/run.sh tests/lint_shell.sh .ci/run)
relaxed=(tests/cli/*.sh)
passes=0 fails=0
check() { # check WHAT COMMAND...
  local what=$1 out
  shift
  if out=$("$@" 2>&1); then
    passes=$((passes + 1))
  else
    fails=$((fails + 1))
    printf 'FAIL: %s\n%s\n' "$what" "$out" >&2
  fi
}
for f in "${strict[@]}" "${relaxed[@]}"; do check "bash -n $f" bash -n "$f"; done
if ! command -v shellcheck >/dev/null 2>&1; then
  echo "$passes passed, $fails failed (bash -n); shellcheck not installed (apt-get install shellcheck)"
  [ "$fails" -eq 0 ] && exit 77
  exit 1
fi
for f in "${strict[@]}"; do check "shellcheck $f" shellcheck "$f"; done
for f in "${relaxed[@]}"; do check "shellcheck -S warning $f" shellcheck -S warning "$f"; done
echo "$passes passed, $fails failed"
[ "$fails" -eq 0 ]

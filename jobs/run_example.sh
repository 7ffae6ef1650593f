#!/usr/bin/env bash
# The example run of quickstart.sh, given a built eigsweep binary:
# generate a control-design sweep, solve it on 2 ranks, show the report and
# a few eigenvalues. Also run by the end-to-end test.
#   jobs/run_example.sh BUILD/eigsweep [WORKDIR]
set -euo pipefail
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
work=${2:-$(mktemp -d "${TMPDIR:-/tmp}/eigsweep-example.XXXXXX")}
n=${N:-12} count=${COUNT:-20000} ranks=${RANKS:-2}
mkdir -p "$work"
cd "$work"
rm -f sweep.h5 eig.h5 report.json
[ "$(id -u)" -eq 0 ] && export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1

echo "== eigsweep --version"
"$bin" --version
echo "== generate: closed-loop matrices A - B K C over a 3-D grid of controller gains"
mpirun --oversubscribe -np "$ranks" "$bin" generate --family control --n "$n" --count "$count" -o sweep.h5
"$bin" info sweep.h5
echo "== solve on $ranks ranks"
mpirun --oversubscribe -np "$ranks" "$bin" solve sweep.h5 -o eig.h5 --report report.json
echo "== a few results (matrix: eigenvalues, rightmost last; stable when all real parts < 0)"
if command -v h5dump >/dev/null 2>&1; then
  h5dump -d /eigenvalues -s "0,0" -c "3,$n" -y -w 0 eig.h5 | sed -n '/DATA {/,/}/p' | head -n 12
  h5dump -d /status -c 8 -y -w 0 eig.h5 | sed -n '/DATA {/,/}/p'
fi
echo "== files in $work: sweep.h5 (input), eig.h5 (results), report.json (timings)"

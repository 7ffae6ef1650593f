#!/usr/bin/env bash
# The example run of quickstart.sh, given a built eigsweep binary:
# generate a control-design sweep, solve it on 2 ranks, show the report and
# a few eigenvalues. Also run by the end-to-end test.
#   jobs/run_example.sh BUILD/eigsweep [WORKDIR]
set -euo pipefail
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
work=${2:-$(mktemp -d "${TMPDIR:-/tmp}/eigsweep-example.XXXXXX")}
n=${N:-12} count=${COUNT:-20000}
source "$(dirname "${BASH_SOURCE[0]}")/example_launch.sh"   # ranks, OMP_NUM_THREADS, launch
mkdir -p "$work"
cd "$work"
rm -f sweep.h5 eig.h5 report.json

echo "== eigsweep --version"
"$bin" --version
echo "== generate: closed-loop matrices A - B K C over a 3-D grid of controller gains"
${launch[@]+"${launch[@]}"} "$bin" generate --family control --n "$n" --count "$count" -o sweep.h5
"$bin" info sweep.h5
echo "== solve on $ranks ranks, $OMP_NUM_THREADS threads each: ${launch[*]:-one process, no launcher}"
${launch[@]+"${launch[@]}"} "$bin" solve sweep.h5 -o eig.h5 --report report.json
echo "== the results file and its first matrices (eigenvalues by ascending real part: stable when the last is < 0)"
"$bin" info eig.h5 --show 3
echo "== check a sample of the results against the input (residuals, LAPACK where installed)"
"$bin" check eig.h5 --sample 1000
echo "== files in $work: sweep.h5 (input), eig.h5 (results), report.json (timings)"

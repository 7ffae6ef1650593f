#!/usr/bin/env bash
# The quickstart's example run (jobs/run_example.sh) end to end on a small
# collection: report printed, every matrix solved, eigenvalues checked
# against LAPACK by the oracle program.
source "$(dirname "$0")/lib.sh"
ORACLE=$1
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
COUNT=2000 N=10 "$ROOT/jobs/run_example.sh" "$BIN" "$WORK/example" > example.log 2>&1 || { cat example.log; fail "run_example.sh failed"; }
cat example.log
expect "report table printed" grep -q "^solve " example.log
expect "every matrix ok" grep -q "status: ok 2000, not_converged 0, invalid_input 0" example.log
expect "eigsweep check passes" grep -q "^verdict: ok" example.log
expect "JSON report written" grep -q '"matrices": 2000' "$WORK/example/report.json"
expect "eigenvalues agree with LAPACK" "$ORACLE" "$WORK/example/sweep.h5" "$WORK/example/eig.h5"
finish

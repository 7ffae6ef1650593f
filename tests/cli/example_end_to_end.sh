#!/usr/bin/env bash
# The quickstart's example run (jobs/run_example.sh) end to end on a small
# collection: report printed, every matrix solved, eigenvalues checked
# against LAPACK by the oracle program; then its stability map
# (jobs/stability_map.sh) on a small grid: a PNG and the reduced map.
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
# The quickstart's stability map (jobs/stability_map.sh): spec (h5py) -> solve --reduce -> PNG.
N=8 SIDE=9 "$ROOT/jobs/stability_map.sh" "$BIN" "$WORK/example" >map.log 2>&1 || { cat map.log; fail "stability_map.sh failed"; }
cat map.log
expect "map: every gain point solved" grep -q "status: ok 729, not_converged 0, invalid_input 0" map.log
expect "map: k3 fixed at 0.5 exactly" grep -q "plot: k3 = 0.5 (grid point 4, nearest to 0.5)" map.log
expect "map: where the PNG is" grep -q "== the stability map: $WORK/example/map.png" map.log
expect "map: a PNG" sh -c "[ \"\$(head -c 8 '$WORK/example/map.png' | od -An -tx1 | tr -d ' \n')\" = 89504e470d0a1a0a ]"
expect "map: reduced, no eigenvalues stored" "${EIG_PYTHON:-/usr/bin/python3}" -c "
import h5py; f = h5py.File('$WORK/example/map.h5', 'r'); assert f['abscissa'].shape == (9, 9, 9) and 'eigenvalues' not in f"
finish

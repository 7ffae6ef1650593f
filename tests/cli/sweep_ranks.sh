#!/usr/bin/env bash
# A sweep spec's results do not depend on how the work is split: np = 1..4,
# static and dynamic balance, both output modes, --range, and a run killed
# half-way (SIGKILL through tests/kill_shim.c) then --resumed with another
# rank count, and --range parts merged, all give bit for bit the rows of one
# uninterrupted run; check finds the spec and agrees with it.
source "$(dirname "$0")/lib.sh"
SHIM=$1
py=${EIG_PYTHON:-/usr/bin/python3}
seed=$(( (RANDOM << 15) | RANDOM ))
echo "seed $seed"
DS="eigenvalues status iterations"
"$py" - "$seed" <<'PY' || { echo "FAIL: cannot write the spec with h5py" >&2; exit 1; }
import sys, h5py, numpy as np
rng = np.random.default_rng(int(sys.argv[1]))
with h5py.File("spec.h5", "w") as f:
    f.create_dataset("A", data=rng.standard_normal((3, 6, 6))).attrs["kind"] = "general"
    f.create_dataset("axis_1", data=np.linspace(-1, 1, 20)).attrs["name"] = "k1"
    f.create_dataset("axis_2", data=rng.uniform(0, 2, 25)).attrs["name"] = "k2"
PY
"$BIN" solve spec.h5 -o ref.h5 -q --chunk 20 || { echo "FAIL: reference solve" >&2; exit 1; }
expect "info calls the spec a solvable sweep of its 500 points" sh -c \
  "'$BIN' info spec.h5 | grep -q 'solvable: a sweep of 500 general matrices of order 6, double precision: A_0 + p_1 A_1 + p_2 A_2'"
expect "info lists the axes by name" sh -c "'$BIN' info spec.h5 | grep -q \"axis 2 'k2': 25 values\""
for np in 1 2 3 4; do
  for bal in static dynamic; do
    $MPIRUN -np $np "$BIN" solve spec.h5 -o o.h5 -q --force --chunk 20 --balance $bal || fail "np=$np $bal: solve"
    expect "np=$np $bal: same results as np=1" same_datasets ref.h5 o.h5 $DS
  done
done
$MPIRUN -np 3 "$BIN" solve spec.h5 -o o.h5 -q --force --chunk 17 --output parallel || fail "np=3 parallel: solve"
expect "np=3 --output parallel --chunk 17: same results" same_datasets ref.h5 o.h5 $DS

# generate --spec: the same bytes on any rank count
"$BIN" generate --spec spec.h5 -q -o g1.h5 && $MPIRUN -np 3 "$BIN" generate --spec spec.h5 -q -o g3.h5 \
  || fail "generate --spec on 1 and 3 ranks"
expect "generate --spec: np=1 and np=3 write identical bytes" cmp -s g1.h5 g3.h5

# --range: the rows of the whole run, START..START+COUNT-1
$MPIRUN -np 2 "$BIN" solve spec.h5 -o r.h5 -q --range 137:211 --chunk 30 || fail "--range: solve"
expect "--range 137:211: the whole run's rows" cmp -s <("$H5_ROWS" ref.h5 eigenvalues 137 211) <("$H5_ROWS" r.h5 eigenvalues 0 211)

# merge of --range parts, and check against the spec (it forms the matrices again)
"$BIN" solve spec.h5 -o p1.h5 -q --range 0:137 && "$BIN" solve spec.h5 -o p2.h5 -q --range 137:363 \
  && "$BIN" merge m.h5 p1.h5 p2.h5 >/dev/null || fail "--range parts and merge"
expect "merged parts: same results" same_datasets ref.h5 m.h5 $DS
expect "check finds the spec and agrees" sh -c "'$BIN' check ref.h5 | grep -q 'verdict: ok'"
# The whole run's file is shaped like the grid: info names it, --show reads it flat
expect "info: the grid of the results" sh -c "'$BIN' info ref.h5 | grep -q 'grid: 2 axes, k1 20 x k2 25 points'"
expect "info --show: point 26 is [1,1]" sh -c "'$BIN' info ref.h5 --show 27 | grep -q '^  matrix 26 \[1,1\]: ok'"
expect "info --show: the rows h5_rows reads" cmp -s <("$BIN" info ref.h5 --show 2 | sed -n 's/^  matrix 1 \[0,1\]: ok, [0-9]* iterations: //p' | tr ' ' '\n' | wc -l) <(echo 6)

# kill half-way through, then --resume with another rank count and balance
if [ -n "${EIG_SANITIZED:-}" ]; then
  echo "kill + resume skipped: LD_PRELOAD shim under AddressSanitizer"
else
  kill_half_way "$SHIM" k.h5 spec.h5 --chunk 20
  $MPIRUN -np 3 "$BIN" solve spec.h5 -o k.h5 --chunk 20 --balance dynamic --resume >resume.log 2>&1 || fail "--resume: $(cat resume.log)"
  expect "--resume said it resumed" grep -q "resuming" resume.log
  expect "killed + resumed: same results as an uninterrupted run" same_datasets ref.h5 k.h5 $DS
fi
finish

#!/usr/bin/env bash
# The built-in `control` family is a sweep spec (examples/control_spec.py,
# docs/sweeps.md): for random orders and grid sides, `generate --spec` of the
# example's spec writes bit for bit the matrices of `generate --family
# control --count side^3`, and solving the spec gives the family's results.
source "$(dirname "$0")/lib.sh"
py=${EIG_PYTHON:-/usr/bin/python3}
example="$(dirname "$0")/../../examples/control_spec.py"
for n in 1 2 $(( 3 + RANDOM % 10 )) $(( 13 + RANDOM % 20 )); do
  side=$(( 2 + RANDOM % 5 ))
  what="n=$n side=$side"
  "$py" "$example" --n $n --side $side -o spec.h5 >/dev/null || { fail "$what: examples/control_spec.py"; continue; }
  "$BIN" generate --spec spec.h5 -q -o s.h5 || fail "$what: generate --spec"
  "$BIN" generate --family control --n $n --count $(( side * side * side )) -q -o f.h5 || fail "$what: generate --family"
  expect "$what: the spec's matrices are the family's, bit for bit" same_datasets s.h5 f.h5 matrices
  "$BIN" solve spec.h5 -q -o ss.h5 || fail "$what: solve SPEC"
  "$BIN" solve --synthetic control:$n:$(( side * side * side )) -q -o sf.h5 || fail "$what: solve --synthetic control"
  expect "$what: solving the spec = solving the family" same_datasets ss.h5 sf.h5 eigenvalues status iterations
  rm -f ./*.h5
done
finish

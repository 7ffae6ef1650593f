#!/usr/bin/env bash
# `solve` gives bit-identical eigenvalues, status and iterations for 1, 2, 3
# and 4 ranks, including N < R and N not divisible by R, and chunked runs,
# and for either way of reading the input (--read-with mpiio|posix).
source "$(dirname "$0")/lib.sh"
seed=$(( (RANDOM << 15) | RANDOM ))
echo "seed $seed"
check_family() { # family n count [extra solve args]
  local fam=$1 n=$2 count=$3; shift 3
  $MPIRUN -np 1 "$BIN" generate --family "$fam" --n $n --count $count --seed $seed -q -o in.h5
  for np in 1 2 3 4; do
    $MPIRUN -np $np "$BIN" solve in.h5 -o out.$np.h5 -q "$@" || { local rc=$?; [ $rc -eq 8 ] || fail "solve $fam np=$np exit $rc"; }
  done
  for np in 2 3 4; do
    expect "$fam n=$n N=$count np 1 vs $np" same_datasets out.1.h5 out.$np.h5 eigenvalues status iterations
  done
  # each rank reading its own rows through POSIX instead of MPI-IO: same file
  $MPIRUN -np 3 "$BIN" solve in.h5 -o out.posix.h5 -q --read-with posix "$@" || { local rc=$?; [ $rc -eq 8 ] || fail "solve --read-with posix exit $rc"; }
  expect "$fam n=$n N=$count --read-with posix vs mpiio" same_datasets out.1.h5 out.posix.h5 eigenvalues status iterations
  rm -f in.h5 out.*.h5
}
check_family random-general 9 $(( 50 + RANDOM % 100 ))
check_family control 12 343 --chunk 17
check_family random-general 5 3          # N < R
check_family random-general 1 10
finish

#!/usr/bin/env bash
# `generate` writes byte-identical files for 1, 2 and 3 ranks, for every family
# and both precisions (every matrix is a function of seed and global index).
source "$(dirname "$0")/lib.sh"
seed=$(( (RANDOM << 15) | RANDOM ))
echo "seed $seed"
for fam in $("$BIN" generate --help | sed -n '/^families:/,/^$/p' | awk 'NR>1 && NF {print $1}'); do
  for prec in double single; do
    n=$(( 1 + RANDOM % 23 )); count=$(( 1 + RANDOM % 400 ))
    for np in 1 2 3; do
      $MPIRUN -np $np "$BIN" generate --family "$fam" --n $n --count $count --seed $seed --precision $prec -q -o "$fam.$np.h5" \
        || fail "generate $fam np=$np"
    done
    expect "$fam $prec n=$n N=$count: np 1 vs 2 identical bytes" cmp -s "$fam.1.h5" "$fam.2.h5"
    expect "$fam $prec n=$n N=$count: np 1 vs 3 identical bytes" cmp -s "$fam.1.h5" "$fam.3.h5"
    rm -f "$fam".*.h5
  done
done
finish

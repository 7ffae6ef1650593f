#!/usr/bin/env bash
# solve --reduce on the GPU backend, end to end: the reductions made on the
# device equal numpy's from the eigenvalues the same run wrote (tests/cli/
# reduce_check.py, to the bit), for every kind, both precisions, 1 and 2
# ranks, --synthetic made on the GPU too; a run without values (the
# eigenvalues never leave the device) writes the same reductions, and with
# --reduce-type float32 their float32 roundings (tests/cli/reduce_type_check.py).
# Needs a GPU: exit 77 (skipped) otherwise.
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
ngpu=$(nvidia-smi -L 2>/dev/null | grep -c '^GPU' || true)
if [ "${ngpu:-0}" -lt 1 ]; then echo "no GPU: skipped"; exit 77; fi
py=${EIG_PYTHON:-/usr/bin/python3}
check() { "$py" "$here/reduce_check.py" "$@"; }
seed=$(( (RANDOM << 15) | RANDOM ))
echo "seed $seed"
export EIGSWEEP_BACKEND=gpu
real=abscissa,radius,min-damping,unstable,unstable-discrete,min,max,gap:1,eig:2
cplx=abscissa,radius,min-damping,unstable,unstable-discrete,eig:0,eig:3
for spec in random-general:7 random-general:24 random-symmetric:6 random-symmetric:40 random-hermitian:12 tridiag-uniform:9; do
  fam=${spec%%:*} n=${spec##*:}
  list=$real
  [ "$fam" = random-general ] && list=$cplx
  for prec in double single; do
    what="$fam n=$n $prec"
    "$BIN" generate --backend cpu --family "$fam" --n "$n" --count 3000 --seed "$seed" --precision $prec -q -o in.h5 --force
    for np in 1 2; do
      expect "$what np=$np: solve" $MPIRUN -np $np "$BIN" solve in.h5 -o "v$np.h5" -q --force --share-gpu \
        --reduce "$list,values" --chunk 700
      expect "$what np=$np: device reductions equal numpy's" check "v$np.h5"
      expect "$what np=$np: no values" $MPIRUN -np $np "$BIN" solve in.h5 -o "r$np.h5" -q --force --share-gpu \
        --reduce "$list,iterations" --chunk 700
      names=$(echo "$list" | tr ',:-' ' __')
      # shellcheck disable=SC2086  # one dataset name per word
      same_datasets "v$np.h5" "r$np.h5" $names status iterations && pass
      expect "$what np=$np: float32" $MPIRUN -np $np "$BIN" solve in.h5 -o "f$np.h5" -q --force --share-gpu \
        --reduce "$list" --reduce-type float32 --chunk 700
      expect "$what np=$np: float32 = np.float32 of the float64 reductions" \
        "$py" "$here/reduce_type_check.py" "f$np.h5" "v$np.h5"
    done
  done
done
expect "--synthetic on the GPU: solve" "$BIN" solve --synthetic control:12:5000:$seed -o syn.h5 -q --reduce "$cplx,values"
expect "--synthetic on the GPU: reductions equal numpy's" check syn.h5
finish

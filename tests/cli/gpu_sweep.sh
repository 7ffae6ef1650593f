#!/usr/bin/env bash
# Sweeps on the GPU, end to end, every kind and both precisions (random specs
# written by tests/make_sweep_spec.c: no h5py needed on the GPU machine):
#  - generate --spec --backend gpu writes the bytes --backend cpu writes;
#  - solve SPEC --backend gpu (each chunk formed on the device, straight into
#    the solver's input buffer) gives bit for bit the results of solving the
#    generated collection on the GPU (same input bits, same kernels), over
#    several chunks;
#  - its eigenvalues agree with LAPACK's for those matrices (solve_oracle,
#    the bound the CPU backend's results are held to as well).
# Needs a GPU: exit 77 (skipped) otherwise.
source "$(dirname "$0")/lib.sh"
MAKE_SPEC=$1 ORACLE=$2
ngpu=$(nvidia-smi -L 2>/dev/null | grep -c '^GPU' || true)
if [ "${ngpu:-0}" -lt 1 ]; then echo "no GPU: skipped"; exit 77; fi
seed=$(( (RANDOM << 15) | RANDOM ))
echo "seed $seed"
for kind in general symmetric hermitian tridiagonal; do
  for prec in double single; do
    n=$(( 2 + RANDOM % 31 ))
    what="$kind $prec n=$n"
    "$MAKE_SPEC" spec.h5 $kind $prec $n $seed || { fail "$what: writing the spec"; continue; }
    "$BIN" generate --spec spec.h5 --backend gpu -q -o g.h5 || fail "$what: generate --spec --backend gpu"
    "$BIN" generate --spec spec.h5 --backend cpu -q -o c.h5 || fail "$what: generate --spec --backend cpu"
    if [ "$kind" = tridiagonal ]; then data=(diag offdiag); else data=(matrices); fi
    expect "$what: GPU and CPU formation bit-identical" same_datasets g.h5 c.h5 "${data[@]}"
    "$BIN" solve spec.h5 -o sg.h5 -q --backend gpu --chunk 700 || fail "$what: solve SPEC --backend gpu"
    "$BIN" solve g.h5 -o fg.h5 -q --backend gpu --chunk 700 || fail "$what: solve the collection --backend gpu"
    expect "$what: sweep on the GPU = its collection on the GPU" same_datasets sg.h5 fg.h5 eigenvalues status iterations
    expect "$what: GPU sweep results agree with LAPACK" "$ORACLE" c.h5 sg.h5
    rm -f ./*.h5
  done
done
finish

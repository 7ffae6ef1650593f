#!/usr/bin/env bash
# Every family and every method runs through `eigsweep solve` on the CPU
# backend (or the GPU backend: second argument gpu; exit 77 without one) in both precisions, and the result file agrees with LAPACK
# (solve_oracle: eigenvalues, order, status, and eigenvectors when written).
source "$(dirname "$0")/lib.sh"
ORACLE=$1
BACKEND=${2:-cpu}
NP=2
if [ "$BACKEND" = gpu ]; then
  NP=1  # one rank per GPU
  "$BIN" generate --family random-general --n 3 --count 2 -q -o probe.h5
  if ! "$BIN" solve probe.h5 -o probe-out.h5 -q --backend gpu 2>probe.err; then
    # Skip only when there is no GPU; any other failure is a failure.
    if grep -qE "sees no CUDA device|built without CUDA" probe.err; then echo "no GPU: skipped"; exit 77; fi
    cat probe.err; fail "GPU solve of a tiny collection failed"; finish; exit 1
  fi
fi
seed=$(( (RANDOM << 15) | RANDOM ))
echo "seed $seed"
methods_of() {
  case $1 in
    general) echo "auto francis" ;;
    symmetric) echo "auto jacobi tridiag-ql bisection jacobi+v tridiag-ql+v" ;;
    hermitian) echo "auto jacobi tridiag-ql bisection jacobi+v tridiag-ql+v" ;;
    tridiagonal) echo "auto bisection" ;;
  esac
}
families=$("$BIN" generate --help | sed -n '/^families:/,/^$/p' | awk 'NR>1 && NF {print $1 ":" $2}')
for fk in $families; do
  fam=${fk%%:*} kind=${fk##*:}
  for prec in double single; do
    n=$(( 1 + RANDOM % 40 )); count=$(( 20 + RANDOM % 60 ))
    "$BIN" generate --family "$fam" --n $n --count $count --seed $seed --precision $prec -q -o in.h5 || fail "generate $fam"
    for m in $(methods_of "$kind"); do
      for kernel in $([ "$BACKEND" = gpu ] && echo "thread-global thread-shared" || echo none); do
        args=(--method "${m%+v}")
        [ "$m" != "${m%+v}" ] && args+=(--vectors)
        [ "$kernel" != none ] && args+=(--kernel "$kernel")
        rm -f out.h5
        if $MPIRUN -np $NP "$BIN" solve in.h5 -o out.h5 -q --backend "$BACKEND" "${args[@]}" 2>solve.err; then
          expect "$fam $prec n=$n $m $kernel agrees with LAPACK" "$ORACLE" in.h5 out.h5
        elif grep -q "more than fits" solve.err; then
          pass # this n needs more shared memory than a block has: the kernel is refused, as it should be
        else
          fail "solve $fam $prec n=$n $m $kernel: $(cat solve.err)"
        fi
      done
    done
    rm -f in.h5
  done
done
finish

#!/usr/bin/env bash
# Matrices made on the GPU (gpu/generate_gpu.cu), end to end, for every family
# and both precisions:
#  - `generate --backend gpu` writes the same bytes on 1 and 2 ranks, and says
#    so in its generator_backend attribute;
#  - for the families docs/format.md calls bit-identical, the same matrices as
#    `generate --backend cpu`;
#  - `solve --synthetic` on the GPU (each chunk generated on the device and
#    solved from there) gives bit for bit the results of solving the
#    GPU-generated file (same input bits, same kernels), over several chunks.
# Needs a GPU: exit 77 (skipped) otherwise.
source "$(dirname "$0")/lib.sh"
ngpu=$(nvidia-smi -L 2>/dev/null | grep -c '^GPU' || true)
if [ "${ngpu:-0}" -lt 1 ]; then echo "no GPU: skipped"; exit 77; fi
seed=$(( (RANDOM << 15) | RANDOM ))
echo "seed $seed"
for fam in $("$BIN" generate --help | sed -n '/^families:/,/^$/p' | awk 'NR>1 && NF {print $1 ":" $2}'); do
  kind=${fam#*:}; fam=${fam%%:*}
  for prec in double single; do
    n=$(( 2 + RANDOM % 30 )); count=$(( 2000 + RANDOM % 3000 ))
    [ "$fam" = radar ] && count=$(( 50 + RANDOM % 50 ))
    what="$fam $prec n=$n N=$count"
    for np in 1 2; do
      $MPIRUN -np $np "$BIN" generate --backend gpu --family "$fam" --n $n --count $count --seed $seed \
        --precision $prec -q -o "g$np.h5" || fail "$what: generate --backend gpu np=$np"
    done
    expect "$what: np 1 vs 2 identical bytes" cmp -s g1.h5 g2.h5
    expect "$what: generator_backend gpu" sh -c "'$BIN' info g1.h5 | grep -Eq 'generator_backend +gpu'"
    case $fam in tridiag-121|tridiag-uniform|wilkinson-glued|control)
      "$BIN" generate --backend cpu --family "$fam" --n $n --count $count --seed $seed --precision $prec -q -o c.h5 \
        || fail "$what: generate --backend cpu"
      if [ "$kind" = tridiagonal ]; then data=(diag offdiag); else data=(matrices); fi
      expect "$what: GPU and CPU matrices bit-identical" same_datasets g1.h5 c.h5 "${data[@]}"
      rm -f c.h5 ;;
    esac
    chunk=$(( count / 3 + 1 ))
    "$BIN" solve g1.h5 -o file.h5 -q --backend gpu --chunk $chunk || fail "$what: solve the GPU-generated file"
    "$BIN" solve --synthetic "$fam:$n:$count:$seed:$prec" -o synth.h5 -q --backend gpu --chunk $chunk \
      || fail "$what: solve --synthetic on the GPU"
    expect "$what: --synthetic on the GPU = the generated file" same_datasets file.h5 synth.h5 eigenvalues status iterations
    rm -f g1.h5 g2.h5 file.h5 synth.h5
  done
done
# Eigenvectors, and two ranks each generating their chunks.
"$BIN" generate --backend gpu --family random-symmetric --n 24 --count 3000 --seed $seed -q -o g.h5 || fail "generate"
$MPIRUN -np 2 "$BIN" solve g.h5 -o file.h5 -q --backend gpu --share-gpu --vectors --chunk 400 || fail "solve file, vectors"
$MPIRUN -np 2 "$BIN" solve --synthetic "random-symmetric:24:3000:$seed" -o synth.h5 -q --backend gpu --share-gpu \
  --vectors --chunk 400 || fail "solve --synthetic, vectors"
expect "vectors: --synthetic on the GPU = the generated file" same_datasets file.h5 synth.h5 eigenvalues eigenvectors status
finish

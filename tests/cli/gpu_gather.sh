#!/usr/bin/env bash
# Multi-GPU gather: two ranks, each on its own GPU, give the same output file
# whether results reach rank 0 over NCCL (GPU to GPU), over MPI, or are written
# by every rank (--output parallel); eigenvectors included. Needs two GPUs on
# this host: exit 77 (skipped) otherwise.
source "$(dirname "$0")/lib.sh"
ngpu=$(nvidia-smi -L 2>/dev/null | grep -c '^GPU' || true)
if [ "${ngpu:-0}" -lt 2 ]; then echo "fewer than 2 GPUs: skipped"; exit 77; fi
seed=$(( (RANDOM << 15) | RANDOM ))
echo "seed $seed"
run_three() { # family n count [solve args]
  local fam=$1 n=$2 count=$3; shift 3
  "$BIN" generate --family "$fam" --n $n --count $count --seed $seed -q --force -o in.h5 || fail "generate $fam"
  rm -f nccl.h5 mpi.h5 par.h5
  expect "$fam: gather over NCCL" $MPIRUN -np 2 "$BIN" solve in.h5 -o nccl.h5 -q --backend gpu --gather-via nccl "$@"
  expect "$fam: gather over MPI" $MPIRUN -np 2 "$BIN" solve in.h5 -o mpi.h5 -q --backend gpu --gather-via mpi "$@"
  expect "$fam: parallel output" $MPIRUN -np 2 "$BIN" solve in.h5 -o par.h5 -q --backend gpu --output parallel "$@"
  expect "$fam: NCCL = MPI" same_datasets nccl.h5 mpi.h5 eigenvalues status iterations
  expect "$fam: NCCL = parallel" same_datasets nccl.h5 par.h5 eigenvalues status iterations
}
run_three control 12 $(( 20000 + RANDOM % 5000 )) --chunk 1500
run_three random-general 5 3                       # fewer matrices than ranks x chunks
run_three random-symmetric 16 $(( 3000 + RANDOM % 500 )) --method jacobi --vectors --chunk 700
expect "symmetric vectors: NCCL = MPI" same_datasets nccl.h5 mpi.h5 eigenvectors
# The report names the transport.
"$BIN" generate --family control --n 8 --count 5000 --seed $seed -q --force -o in.h5
rm -f r.h5
$MPIRUN -np 2 "$BIN" solve in.h5 -o r.h5 --backend gpu --gather-via nccl > report.txt 2>&1 || fail "report run"
expect "the report names the NCCL gather" grep -q "gather-via=nccl" report.txt
finish

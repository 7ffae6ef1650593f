#!/usr/bin/env bash
# The MPI transport on one node (driver/mpi_transport.c, docs/jobs.md): a job
# whose ranks all run on this node asks Open MPI for ob1 (shared memory)
# before MPI_Init, and says so in the report's timeline (mpi_pml); the user's
# own choice (--mca pml X) and EIG_ONE_NODE_PML=0 are kept; results are the
# same bits whichever transport ran, with static and dynamic balance.
# shellcheck source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
need_h5py

pml_of() { "${EIG_PYTHON:-/usr/bin/python3}" -c 'import json, sys; print(json.load(open(sys.argv[1]))["timeline"]["mpi_pml"])' "$1"; }
# solve_as NAME PML_EXPECTED LAUNCH...: a synthetic solve under LAUNCH, its report's mpi_pml checked
solve_as() {
  local name=$1 want=$2; shift 2
  if ! "$@" "$BIN" solve --synthetic random-general:9:3000 --chunk 250 -o "$name.h5" --report "$name.json" -q \
    >"$name.log" 2>&1; then
    fail "$name: the solve failed: $(cat "$name.log")"
    return
  fi
  local got
  got=$(pml_of "$name.json")
  if [ "$got" = "$want" ]; then pass; else fail "$name: mpi_pml '$got', expected '$want'"; fi
}

mpi=(mpirun --oversubscribe)
solve_as singleton "ob1 (one node)" env
solve_as np1 "ob1 (one node)" "${mpi[@]}" -np 1
solve_as np3 "ob1 (one node)" "${mpi[@]}" -np 3
solve_as np3_default "MPI's default" "${mpi[@]}" -np 3 -x EIG_ONE_NODE_PML=0
solve_as np2_user "the user's (OMPI_MCA_pml)" "${mpi[@]}" -np 2 --mca pml ob1
for r in singleton np1 np3_default np2_user; do
  same_datasets np3.h5 "$r.h5" eigenvalues status iterations && pass
done

# Dynamic balance's one-sided counter (MPI_Win) works over ob1 too.
rm -f dyn.h5
if "${mpi[@]}" -np 3 "$BIN" solve --synthetic random-general:9:3000 --chunk 100 --balance dynamic -o dyn.h5 -q >dyn.log 2>&1; then
  same_datasets np3.h5 dyn.h5 eigenvalues status iterations && pass
else
  fail "dynamic balance over ob1: $(cat dyn.log)"
fi
finish

#!/usr/bin/env bash
# The MPI transport on one node (driver/mpi_transport.c, docs/jobs.md): a job
# whose ranks all run on this node asks Open MPI for ob1 (shared memory)
# before MPI_Init, and says so in the report's timeline (mpi_pml); the user's
# own choice (--mca pml X) and EIG_ONE_NODE_PML=0 are kept; results are the
# same bits whichever transport ran, with static and dynamic balance. A
# singleton starts without Open MPI's daemon (the report's mpi_start).
# shellcheck source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
need_h5py

timeline_of() {
  "${EIG_PYTHON:-/usr/bin/python3}" -c \
    'import json, sys; print(json.load(open(sys.argv[1]))["timeline"][sys.argv[2]])' "$1" "$2"
}
pml_of() { timeline_of "$1" mpi_pml; }
# solve_as NAME PML_EXPECTED LAUNCH...: a synthetic solve under LAUNCH, its report's mpi_pml checked
# (START_EXPECTED in the environment: its mpi_start too)
solve_as() {
  local name=$1 want=$2 start_want=${START_EXPECTED:-}; shift 2
  if ! "$@" "$BIN" solve --synthetic random-general:9:3000 --chunk 250 -o "$name.h5" --report "$name.json" -q \
    >"$name.log" 2>&1; then
    fail "$name: the solve failed: $(cat "$name.log")"
    return
  fi
  local got
  got=$(pml_of "$name.json")
  if [ "$got" = "$want" ]; then pass; else fail "$name: mpi_pml '$got', expected '$want'"; fi
  [ -z "$start_want" ] && return
  got=$(timeline_of "$name.json" mpi_start)
  if [ "$got" = "$start_want" ]; then pass; else fail "$name: mpi_start '$got', expected '$start_want'"; fi
}

mpi=(mpirun --oversubscribe)
# A singleton starts without Open MPI's daemon and hwloc's OpenCL plugin
# (driver/mpi_transport.h); EIG_SINGLETON_LEAN=0 and the user's own setting keep them.
START_EXPECTED="a singleton without a daemon" solve_as singleton "ob1 (one node)" env
START_EXPECTED="a singleton (EIG_SINGLETON_LEAN=0)" solve_as singleton_daemon "ob1 (one node)" env EIG_SINGLETON_LEAN=0
START_EXPECTED="a singleton (the user's OMPI_MCA_ess_singleton_isolated=0)" solve_as singleton_user "ob1 (one node)" \
  env OMPI_MCA_ess_singleton_isolated=0
# A Slurm batch script's own process (task 0 of the job, no srun step) is a singleton too.
START_EXPECTED="a singleton without a daemon" solve_as sbatch_shell "ob1 (one node)" env SLURM_PROCID=0 SLURM_JOB_ID=7
# The parameter eigsweep sets is one this Open MPI knows.
if command -v ompi_info >/dev/null 2>&1; then
  expect "Open MPI knows ess_singleton_isolated" \
    sh -c "ompi_info --param ess singleton --level 9 --parsable | grep -q ess_singleton_isolated"
fi
START_EXPECTED="a launcher" solve_as np1 "ob1 (one node)" "${mpi[@]}" -np 1
solve_as np3 "ob1 (one node)" "${mpi[@]}" -np 3
solve_as np3_default "MPI's default" "${mpi[@]}" -np 3 -x EIG_ONE_NODE_PML=0
solve_as np2_user "the user's (OMPI_MCA_pml)" "${mpi[@]}" -np 2 --mca pml ob1
for r in singleton singleton_daemon singleton_user sbatch_shell np1 np3_default np2_user; do
  same_datasets np3.h5 "$r.h5" eigenvalues status iterations && pass
done

# Dynamic balance's one-sided counter (MPI_Win) works over ob1 too.
rm -f dyn.h5
if "${mpi[@]}" -np 3 "$BIN" solve --synthetic random-general:9:3000 --chunk 100 --balance dynamic -o dyn.h5 -q >dyn.log 2>&1; then
  same_datasets np3.h5 dyn.h5 eigenvalues status iterations && pass
else
  fail "dynamic balance over ob1: $(cat dyn.log)"
fi
# ... and in a singleton without the daemon; so do generate's and check's HDF5 files.
rm -f dyn1.h5
if "$BIN" solve --synthetic random-general:9:3000 --chunk 100 --balance dynamic -o dyn1.h5 -q >dyn1.log 2>&1; then
  same_datasets np3.h5 dyn1.h5 eigenvalues status iterations && pass
else
  fail "dynamic balance in a singleton: $(cat dyn1.log)"
fi
if "$BIN" generate --family random-general --n 9 --count 3000 -o gen1.h5 -q >gen1.log 2>&1 &&
  "$BIN" solve gen1.h5 -o gen1_eig.h5 -q >>gen1.log 2>&1 && "$BIN" check gen1_eig.h5 --sample 50 >>gen1.log 2>&1; then
  pass
else
  fail "generate, solve and check in singletons: $(cat gen1.log)"
fi
finish

#!/usr/bin/env bash
# Cores per rank (driver/cores.c, docs/jobs.md): a rank bound to one core of
# several (Open MPI's default for up to 2 ranks, here forced with --bind-to
# core) makes rank 0 print ONE warning naming the fix, with -q too, from solve
# and generate; --bind-to none, or OMP_NUM_THREADS=1 set on purpose, gives
# none. The report's threads= is what OpenMP really has.
# shellcheck source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
unset OMP_NUM_THREADS # lib.sh sets 1; here OpenMP follows the rank's CPUs

# Every `mpirun -np N` example of --help and the README binds its ranks.
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
unbound() { grep -E "mpirun( [^ ]+)* -np [0-9]+ " | grep -vE -- "PE=[0-9]+|--bind-to" || true; }
for help in "--help" "solve --help" "generate --help"; do
  read -r -a args <<<"$help"
  lines=$("$BIN" "${args[@]}" | unbound)
  if [ -z "$lines" ]; then pass; else fail "eigsweep $help: mpirun examples without binding: $lines"; fi
done
lines=$(unbound <"$root/README.md")
if [ -z "$lines" ]; then pass; else fail "README.md: mpirun examples without binding: $lines"; fi

cpus=$(nproc)
if [ "$cpus" -lt 2 ]; then
  echo "SKIP: this machine gives the test 1 CPU; a rank cannot have fewer than its share"
  exit 77
fi
# What --bind-to core really gives a rank here (1 CPU, or a core's hardware threads).
bound=$(mpirun -np 1 --bind-to core nproc 2>/dev/null || true)
if ! [ "${bound:-0}" -ge 1 ] 2>/dev/null || [ "$bound" -ge "$cpus" ]; then
  echo "SKIP: mpirun --bind-to core gave a rank ${bound:-?} of $cpus CPUs (no binding to test against)"
  exit 77
fi
echo "machine: $cpus CPUs; --bind-to core gives a rank $bound"
warning="warning: 1 of 1 rank runs on $bound CPUs? where its node could give it [0-9]+"
fix="mpirun --map-by slot:PE=[0-9]+ \(or --bind-to none\), srun --cpus-per-task=[0-9]+ .*OMP_NUM_THREADS=[0-9]+"

# run NAME LAUNCH...: runs a solve and a generate, stdout and stderr to NAME.{out,err}
run() {
  local name=$1; shift
  : >"$name.out"
  : >"$name.err"
  "$@" "$BIN" solve --synthetic control:8:4000 -o "$name.h5" --force >>"$name.out" 2>>"$name.err" ||
    fail "$name: solve failed: $(cat "$name.err")"
  "$@" "$BIN" generate --family control --n 6 --count 500 -o "$name-gen.h5" --force -q >>"$name.out" 2>>"$name.err" ||
    fail "$name: generate failed: $(cat "$name.err")"
}
# warnings NAME COUNT WHAT: NAME.err holds COUNT warning lines about cores
warnings() {
  local got
  got=$(grep -c "eigsweep: warning: .* rank" "$1.err" || true)
  if [ "$got" = "$2" ]; then pass; else fail "$3: $got warning lines, expected $2: $(cat "$1.err")"; fi
}

run bound mpirun -np 1 --bind-to core
warnings bound 2 "--bind-to core: one warning from solve, one from generate"
expect "--bind-to core: the warning says what the rank has and could have" grep -qE "$warning" bound.err
expect "--bind-to core: the warning names the fix" grep -qE "$fix" bound.err
expect "--bind-to core: threads=$bound in the report" grep -q " threads=$bound " bound.out

run free mpirun -np 1 --bind-to none
warnings free 0 "--bind-to none"
expect "--bind-to none: threads=$cpus in the report" grep -q " threads=$cpus " free.out

# -q hides the report, not the warning.
mpirun -np 1 --bind-to core "$BIN" solve --synthetic control:8:1000 -o quiet.h5 --force -q >quiet.out 2>quiet.err ||
  fail "-q solve failed: $(cat quiet.err)"
expect "-q still warns" grep -qE "$warning" quiet.err
warnings quiet 1 "-q"

# OMP_NUM_THREADS=1 set on purpose: one CPU is what the rank was meant to use.
OMP_NUM_THREADS=1 run one mpirun -np 1 --bind-to core -x OMP_NUM_THREADS
warnings one 0 "OMP_NUM_THREADS=1"
# ... but asking for more threads than the rank has CPUs warns.
OMP_NUM_THREADS=$cpus run many mpirun -np 1 --bind-to core -x OMP_NUM_THREADS
warnings many 2 "OMP_NUM_THREADS=$cpus on $bound CPUs"

# Ranks that each have their share (the node's CPUs over its ranks): no warning.
if [ "$((cpus / 2))" -eq "$bound" ]; then
  run pair mpirun -np 2 --bind-to core
  warnings pair 0 "2 ranks of $bound CPUs each on $cpus"
fi
finish

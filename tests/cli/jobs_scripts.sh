#!/usr/bin/env bash
# The job scripts of jobs/: they parse (bash -n); the array scripts cut N
# matrices into ranges covering 0..N-1 exactly once; a Slurm array run locally
# (mpirun standing in for srun) merges into what one plain solve gives; a PBS
# job stopped by its walltime resubmits itself and the resubmission resumes to
# the same result; jobs/scaling.sh writes the CSV (and the PNG with gnuplot).
# Every launch gives each rank its share of the CPUs (docs/jobs.md "Cores per
# rank"): the launch lines name the binding, a Slurm job run through a
# stand-in srun passes --cpus-per-task, SRUN_CPUS_PER_TASK and OMP_NUM_THREADS,
# and no run here draws eigsweep's warning about ranks on too few cores.
jobs=$(cd "$(dirname "${BASH_SOURCE[0]}")/../../jobs" && pwd)
# shellcheck source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
export EIGSWEEP=$BIN LAUNCHER=mpirun LAUNCH_FLAGS=--oversubscribe
seed=$(( (RANDOM << 15) | RANDOM ))
echo "seed $seed"

for f in "$jobs"/*.sh; do
  expect "bash -n $(basename "$f")" bash -n "$f"
done

# covers N TASKS SCRIPT: the ranges of tasks 0..TASKS-1 tile 0..N-1, sizes within 1.
covers() {
  local n=$1 tasks=$2 script=$3 next=0 k r start count hi=0
  local lo=$n
  for ((k = 0; k < tasks; k++)); do
    # shellcheck disable=SC1090
    r=$(source "$script"; eig_array_range "$n" "$tasks" "$k") || { echo "N=$n T=$tasks: task $k failed" >&2; return 1; }
    start=${r%%:*} count=${r##*:}
    [ "$start" -eq "$next" ] && [ "$count" -ge 1 ] || { echo "N=$n T=$tasks: task $k got $r after $next" >&2; return 1; }
    next=$((start + count))
    [ "$count" -lt "$lo" ] && lo=$count
    [ "$count" -gt "$hi" ] && hi=$count
  done
  [ "$next" -eq "$n" ] && [ $((hi - lo)) -le 1 ] || { echo "N=$n T=$tasks: ends at $next, sizes $lo..$hi" >&2; return 1; }
}
for script in "$jobs/slurm_array.sh" "$jobs/pbs_array.sh"; do
  for nt in "1 1" "10 3" "7 7" "16 5" "1000003 16" "1000000000 1000" "$((1 + RANDOM)) $((1 + RANDOM % 64))"; do
    read -r n t <<<"$nt"
    [ "$t" -gt "$n" ] && t=$n
    expect "$(basename "$script"): $t ranges of $n" covers "$n" "$t" "$script"
  done
  expect_exit 2 "need 1 <= TASKS" bash -c "source '$script'; eig_array_range 3 4 0"
done

# A Slurm array of 3 tasks run here, then the merge: equals one plain solve.
N=$(( 2000 + RANDOM % 1000 ))
"$BIN" generate --family control --n 10 --count $N --seed $seed -q -o sweep.h5
$MPIRUN -np 1 "$BIN" solve sweep.h5 -o ref.h5 -q
for k in 0 1 2; do
  SLURM_ARRAY_TASK_ID=$k SLURM_ARRAY_TASK_COUNT=3 SLURM_NTASKS=2 SLURM_NTASKS_PER_NODE=2 EXTRA_ARGS=-q \
    bash "$jobs/slurm_array.sh" >task$k.log 2>&1 || fail "slurm array task $k: $(cat task$k.log)"
done
expect "array parts exist" test -e eig.part-0000.h5 -a -e eig.part-0001.h5 -a -e eig.part-0002.h5
bash "$jobs/slurm_array.sh" merge >merge.log 2>&1 || fail "merge of the array parts: $(cat merge.log)"
expect "merged array result matches a plain solve" same_datasets ref.h5 eig.h5 eigenvalues status iterations
expect "array task binds each rank to its CPUs" grep -q -- "--map-by ppr:2:node:PE=1 -x OMP_NUM_THREADS" task0.log

# core_warnings FILE...: no eigsweep warning about ranks on too few cores in FILE
core_warnings() { ! grep -H "eigsweep: warning: .* rank.* could give" "$@"; }

# A Slurm job as sbatch runs it, srun a stand-in that records what it was given
# and runs the command as one rank.
mkdir -p slurm-bin
# shellcheck disable=SC2016  # expands when the stand-in runs
printf '#!/bin/sh\necho "srun $* SRUN_CPUS_PER_TASK=$SRUN_CPUS_PER_TASK OMP_NUM_THREADS=$OMP_NUM_THREADS" >> %s/srun.log\nwhile [ $# -gt 0 ]; do case $1 in --*) shift ;; *) break ;; esac; done\nexec mpirun -np 1 --bind-to none "$@"\n' "$PWD" >slurm-bin/srun
chmod +x slurm-bin/srun
PATH=$PWD/slurm-bin:$PATH SLURM_JOB_ID=1 SLURM_CPUS_PER_TASK=2 LAUNCHER=srun LAUNCH_FLAGS='' INPUT=sweep.h5 OUTPUT=slurm.h5 \
  EXTRA_ARGS=-q bash "$jobs/slurm_single_node.sh" >slurm.log 2>&1 || fail "slurm single-node job: $(cat slurm.log)"
expect "slurm job: srun gets --cpus-per-task=2" grep -q -- "--cpus-per-task=2 " srun.log
expect "slurm job: SRUN_CPUS_PER_TASK=2 and OMP_NUM_THREADS=2 reach srun" \
  grep -q "SRUN_CPUS_PER_TASK=2 OMP_NUM_THREADS=2$" srun.log
expect "slurm job result matches a plain solve" same_datasets ref.h5 slurm.h5 eigenvalues status iterations

# The quickstart's example, one rank (no launcher), OpenMP left to follow the rank's CPUs.
env -u OMP_NUM_THREADS RANKS=1 COUNT=2000 bash "$jobs/run_example.sh" "$BIN" example >example.log 2>&1 ||
  fail "run_example.sh: $(cat example.log)"
expect "run_example.sh: the rank is not left on one core" core_warnings example.log
expect "run_example.sh: threads=$(env -u OMP_NUM_THREADS nproc) in the report" \
  grep -q " threads=$(env -u OMP_NUM_THREADS nproc) " example.log
# mpi_start_is REPORT TEXT: the report's timeline says how MPI started
mpi_start_is() {
  python3 -c 'import json, sys; sys.exit(json.load(open(sys.argv[1]))["timeline"]["mpi_start"] != sys.argv[2])' "$1" "$2"
}
expect "run_example.sh: one rank started without a launcher" \
  mpi_start_is example/report.json "a singleton without a daemon"

# PBS single node: the walltime stops the solve, the job resubmits itself (a
# stand-in qsub records it), the resubmission resumes: same result.
"$BIN" generate --family random-general --n 48 --count 12000 --seed $seed -q -o big.h5
$MPIRUN -np 1 "$BIN" solve big.h5 -o big-ref.h5 -q
mkdir -p bin
# shellcheck disable=SC2016  # $RESUBMIT and $* expand when the stand-in runs
printf '#!/bin/sh\necho "RESUBMIT=$RESUBMIT $*" >> %s/qsub.log\necho 1.pbs\n' "$PWD" >bin/qsub
chmod +x bin/qsub
PATH=$PWD/bin:$PATH INPUT=big.h5 OUTPUT=out.h5 GPUS_PER_NODE=1 OMP_NUM_THREADS=1 EXTRA_ARGS="-q --chunk 100" \
  WALLTIME=00:00:03 MARGIN_S=2 bash "$jobs/pbs_single_node.sh" >pbs1.log 2>&1 || fail "pbs job (attempt 0): $(cat pbs1.log)"
expect "pbs job binds each rank to its CPUs" grep -q -- "--map-by ppr:1:node:PE=1 -x OMP_NUM_THREADS" pbs1.log
if [ -e out.h5 ]; then
  echo "note: the solve beat the 1 s limit; resubmission not exercised"
else
  expect "stopped job leaves a partial file" test -e out.h5.partial
  expect "stopped job resubmitted itself with RESUBMIT=1" grep -q "RESUBMIT=1 -V .*pbs_single_node.sh" qsub.log
  sleep 2  # mpirun returns before its killed rank is gone; a real resubmission queues far longer
  INPUT=big.h5 OUTPUT=out.h5 GPUS_PER_NODE=2 OMP_NUM_THREADS=1 EXTRA_ARGS="-q --chunk 100" RESUBMIT=1 \
    bash "$jobs/pbs_single_node.sh" >pbs2.log 2>&1 || fail "pbs job (attempt 1): $(cat pbs2.log)"
fi
expect "resubmitted job result matches a plain solve" same_datasets big-ref.h5 out.h5 eigenvalues status iterations
# One GPU a node and no LAUNCH_FLAGS: one rank, started without mpirun (a singleton; docs/jobs.md "Start-up").
LAUNCH_FLAGS='' INPUT=big.h5 OUTPUT=one.h5 GPUS_PER_NODE=1 OMP_NUM_THREADS=1 EXTRA_ARGS="-q --chunk 100" \
  bash "$jobs/pbs_single_node.sh" >pbs3.log 2>&1 || fail "pbs job of one rank: $(cat pbs3.log)"
expect "pbs job of one rank: eigsweep started without mpirun" mpi_start_is one.report-0.json "a singleton without a daemon"
expect "pbs job of one rank: result matches a plain solve" same_datasets big-ref.h5 one.h5 eigenvalues status iterations

# Scaling study on the CPU: 1 and 2 ranks, strong and weak, from a file;
# OpenMP left to follow each rank's CPUs.
env -u OMP_NUM_THREADS MAX_RANKS=2 REPEAT=2 bash "$jobs/scaling.sh" --source file --family control --n 8 --total 4000 \
  --count-per-rank 2000 --backend cpu --out scal >scaling.log 2>&1 || fail "scaling.sh: $(cat scaling.log)"
expect "scaling.sh: no rank left on too few cores" core_warnings scal/scaling.log
check_csv() { # check_csv FILE ROWS...: header + these "ranks,mode,matrices" rows, numeric efficiency
  python3 - "$@" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
want = sys.argv[2:]
got = ["%s,%s,%s" % (r["ranks"], r["mode"], r["matrices"]) for r in rows]
assert got == want, "rows %s, expected %s" % (got, want)
for r in rows:
    e, t, rate = float(r["efficiency"]), float(r["wall_s"]), float(r["matrices_per_s"])
    assert 0 < e < 10 and t > 0 and abs(rate * t - int(r["matrices"])) <= 1e-3 * int(r["matrices"]), r
    assert r["ranks"] != "1" or abs(e - 1) < 1e-9, r
PY
}
expect "scaling CSV rows" check_csv scal/scaling.csv 1,strong,4000 2,strong,4000 1,weak,2000 2,weak,4000
if command -v gnuplot >/dev/null 2>&1; then
  expect "scaling PNG written" sh -c "head -c 4 scal/scaling.png | grep -q PNG"
else
  echo "gnuplot not installed: PNG check skipped"
fi
# --synthetic, when this eigsweep has it: strong only.
if "$BIN" solve --help | grep -q -- --synthetic; then
  MAX_RANKS=2 REPEAT=1 bash "$jobs/scaling.sh" --mode strong --family control --n 8 --total 3000 \
    --backend cpu --out syn >syn.log 2>&1 || fail "scaling.sh --synthetic: $(cat syn.log)"
  expect "synthetic scaling CSV rows" check_csv syn/scaling.csv 1,strong,3000 2,strong,3000
  expect "synthetic source used" grep -q "source synthetic" syn.log
fi
finish

#!/usr/bin/env bash
# Strong and weak scaling of `eigsweep solve` over 1, 2, 4, ... ranks (one GPU per
# rank when the backend is the GPU). Each point runs the solve with --report,
# takes the wall time (stages.total.max_s of the JSON report; the best of REPEAT
# runs), writes scaling.csv and, when gnuplot is installed, scaling.png.
# docs/scaling.md explains the columns and the plot.
#
#   jobs/scaling.sh                                   # strong and weak, synthetic control n=30
#   jobs/scaling.sh --mode strong --input sweep.h5    # strong scaling over a file
#   MAX_RANKS=8 LAUNCHER=srun jobs/scaling.sh --family random-symmetric --n 64
#   jobs/scaling.sh --max-ranks 4 -- --method jacobi --chunk 65536
#
# Flags (or the environment variable in capitals):
#   --mode strong|weak|both     MODE (default both)
#   --input FILE                INPUT: solve this collection (strong: all of it;
#                               weak: the first ranks x COUNT_PER_RANK matrices)
#   --source synthetic|file     SOURCE without --input (default: synthetic when this
#                               eigsweep has --synthetic, else generated files)
#   --family F --n N --seed S   FAMILY (control), N (30), SEED (1): the generated collection
#   --total T                   TOTAL: matrices of the strong study (default 1000000)
#   --count-per-rank C          COUNT_PER_RANK: matrices per rank in the weak study (default 250000)
#   --max-ranks P               MAX_RANKS: largest rank count (default: GPUs seen by nvidia-smi, else 2)
#   --launcher mpirun|srun      LAUNCHER (default mpirun); LAUNCH_FLAGS: more launcher options
#                               (e.g. --oversubscribe; srun: --gpus-per-task=1 is added for GPU runs).
#                               Each rank gets its share of the CPUs: mpirun --bind-to none with
#                               OMP_NUM_THREADS = CPUs / ranks (a --bind-to/--map-by in LAUNCH_FLAGS,
#                               or OMP_NUM_THREADS, overrides), srun --cpus-per-task=$SLURM_CPUS_PER_TASK
#   --backend auto|gpu|cpu      BACKEND (default: $EIGSWEEP_BACKEND, else auto)
#   --repeat R                  REPEAT: runs per point, the fastest counts (default 3)
#   --out DIR                   OUTDIR (default scaling-YYYYmmdd-HHMMSS)
#   --eigsweep BIN              EIGSWEEP (default: eigsweep on PATH)
#   -- ARGS...                  EXTRA_ARGS: more solve options for every run
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
MODE=${MODE:-both}
INPUT=${INPUT:-}
SOURCE=${SOURCE:-}
FAMILY=${FAMILY:-control}
N=${N:-30}
SEED=${SEED:-1}
TOTAL=${TOTAL:-1000000}
COUNT_PER_RANK=${COUNT_PER_RANK:-250000}
MAX_RANKS=${MAX_RANKS:-}
LAUNCHER=${LAUNCHER:-mpirun}
LAUNCH_FLAGS=${LAUNCH_FLAGS:-}
BACKEND=${BACKEND:-}
REPEAT=${REPEAT:-3}
OUTDIR=${OUTDIR:-scaling-$(date +%Y%m%d-%H%M%S)}
EIGSWEEP=${EIGSWEEP:-eigsweep}
read -r -a extra <<<"${EXTRA_ARGS:-}"

usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit "${1:-0}"; }
while [ $# -gt 0 ]; do
  case $1 in
    --mode) MODE=$2; shift ;;
    --input) INPUT=$2; shift ;;
    --source) SOURCE=$2; shift ;;
    --family) FAMILY=$2; shift ;;
    --n) N=$2; shift ;;
    --seed) SEED=$2; shift ;;
    --total) TOTAL=$2; shift ;;
    --count-per-rank) COUNT_PER_RANK=$2; shift ;;
    --max-ranks) MAX_RANKS=$2; shift ;;
    --launcher) LAUNCHER=$2; shift ;;
    --backend) BACKEND=$2; shift ;;
    --repeat) REPEAT=$2; shift ;;
    --out) OUTDIR=$2; shift ;;
    --eigsweep) EIGSWEEP=$2; shift ;;
    -h|--help) usage 0 ;;
    --) shift; extra+=("$@"); break ;;
    *) echo "scaling.sh: unknown option '$1' (see --help)" >&2; exit 2 ;;
  esac
  shift
done

die() { echo "scaling.sh: $*" >&2; exit 2; }
case $MODE in strong) modes=(strong) ;; weak) modes=(weak) ;; both) modes=(strong weak) ;; *) die "--mode: '$MODE' is not strong, weak or both" ;; esac
case $LAUNCHER in mpirun|srun) ;; *) die "--launcher: '$LAUNCHER' is not mpirun or srun" ;; esac
command -v "$EIGSWEEP" >/dev/null 2>&1 || die "no eigsweep binary '$EIGSWEEP' (set EIGSWEEP or --eigsweep)"
command -v python3 >/dev/null 2>&1 || die "python3 is needed to read the JSON reports"
if [ -z "$MAX_RANKS" ]; then
  MAX_RANKS=$(nvidia-smi -L 2>/dev/null | grep -c '^GPU' || true)
  [ "${MAX_RANKS:-0}" -ge 1 ] || MAX_RANKS=2
fi
[ "$MAX_RANKS" -ge 1 ] || die "--max-ranks must be at least 1"
[ "$REPEAT" -ge 1 ] || die "--repeat must be at least 1"

# Rank counts: 1, 2, 4, ... and MAX_RANKS itself.
ranks_list=()
for ((p = 1; p < MAX_RANKS; p *= 2)); do ranks_list+=("$p"); done
ranks_list+=("$MAX_RANKS")

# Where the matrices come from: a file (INPUT, or one generated here) or --synthetic.
if [ -z "$SOURCE" ]; then
  if [ -n "$INPUT" ]; then SOURCE="file"
  elif "$EIGSWEEP" solve --help 2>&1 | grep -q -- '--synthetic'; then SOURCE=synthetic
  else SOURCE="file"
  fi
fi
case $SOURCE in
  synthetic) "$EIGSWEEP" solve --help 2>&1 | grep -q -- '--synthetic' || die "this eigsweep has no --synthetic; use --source file" ;;
  file) ;;
  *) die "--source: '$SOURCE' is not synthetic or file" ;;
esac

mkdir -p "$OUTDIR/runs"
OUTDIR=$(cd "$OUTDIR" && pwd)
log=$OUTDIR/scaling.log

# Each rank gets its share of the CPUs (docs/jobs.md "Cores per rank"): left to
# itself Open MPI binds each rank of a 1- or 2-rank job to ONE core, which would
# make the small points of a study slow for the wrong reason. mpirun: no binding
# and OMP_NUM_THREADS = CPUs / P (unless OMP_NUM_THREADS or a binding in
# LAUNCH_FLAGS says otherwise); srun: --cpus-per-task of the allocation.
cpus=$(env -u OMP_NUM_THREADS nproc)
launch() { # launch P COMMAND...: run COMMAND on P ranks
  local p=$1; shift
  local flags
  read -r -a flags <<<"$LAUNCH_FLAGS"
  if [ "$LAUNCHER" = srun ]; then
    [ "${BACKEND:-${EIGSWEEP_BACKEND:-auto}}" != cpu ] && flags+=(--gpus-per-task=1)
    if [ -n "${SLURM_CPUS_PER_TASK:-}" ]; then
      flags+=(--cpus-per-task="$SLURM_CPUS_PER_TASK")
      OMP_NUM_THREADS=${OMP_NUM_THREADS:-$SLURM_CPUS_PER_TASK} srun -n "$p" "${flags[@]}" "$@"
    else
      srun -n "$p" "${flags[@]}" "$@"
    fi
  else
    case " $LAUNCH_FLAGS " in
      *" --bind-to "* | *" --map-by "* | *" --cpu-set "* | *" --cpu-list "*) ;;
      *) flags+=(--bind-to none) ;;
    esac
    local per=$((cpus / p > 1 ? cpus / p : 1))
    # without hwloc's OpenCL plugin: 0.2-0.3 s less of every point's start (docs/jobs.md "Start-up")
    OMP_NUM_THREADS=${OMP_NUM_THREADS:-$per} HWLOC_COMPONENTS=${HWLOC_COMPONENTS:--opencl} mpirun -np "$p" -x OMP_NUM_THREADS "${flags[@]}" "$@"
  fi
}

# collection_count FILE: matrices in a collection file.
collection_count() {
  "$EIGSWEEP" info "$1" | sed -nE 's#^ */(matrices|diag) +\[([0-9]+).*#\2#p' | head -n 1
}

# source_args MODE P: the solve arguments naming the matrices of one point.
# A file serves every point: strong solves its first TOTAL matrices, weak its
# first P x COUNT_PER_RANK (--range), so both studies read the same bytes per matrix.
source_args() {
  local mode=$1 p=$2 count
  if [ "$mode" = strong ]; then count=$TOTAL; else count=$((p * COUNT_PER_RANK)); fi
  if [ "$SOURCE" = synthetic ]; then
    echo "--synthetic $FAMILY:$N:$count:$SEED"
  else
    echo "$INPUT --range 0:$count"
  fi
}

if [ "$SOURCE" = file ] && [ -n "$INPUT" ]; then
  have=$(collection_count "$INPUT")
  [ -n "$have" ] || die "$INPUT: not a collection eigsweep can read"
  TOTAL=$have
  [[ " ${modes[*]} " == *" weak "* ]] && [ "$have" -lt $((MAX_RANKS * COUNT_PER_RANK)) ] &&
    die "$INPUT holds $have matrices; the weak study needs $MAX_RANKS x $COUNT_PER_RANK (lower --count-per-rank)"
elif [ "$SOURCE" = file ]; then
  # No input given: generate one file large enough for every point.
  need=0
  [[ " ${modes[*]} " == *" strong "* ]] && need=$TOTAL
  [[ " ${modes[*]} " == *" weak "* ]] && [ $((MAX_RANKS * COUNT_PER_RANK)) -gt "$need" ] && need=$((MAX_RANKS * COUNT_PER_RANK))
  INPUT=$OUTDIR/input-$FAMILY-n$N-$need.h5 generated=1
  if [ ! -e "$INPUT" ]; then
    echo "generating $need $FAMILY matrices of order $N -> $INPUT"
    launch "$MAX_RANKS" "$EIGSWEEP" generate --family "$FAMILY" --n "$N" --count "$need" --seed "$SEED" -q -o "$INPUT" >>"$log" 2>&1 ||
      die "generate failed (see $log)"
  fi
fi

backend_args=()
[ -n "$BACKEND" ] && backend_args=(--backend "$BACKEND")
BACKEND_NAME=${BACKEND:-${EIGSWEEP_BACKEND:-auto}}
echo "scaling: modes ${modes[*]}, ranks ${ranks_list[*]}, source $SOURCE, backend $BACKEND_NAME, $LAUNCHER, repeat $REPEAT -> $OUTDIR"
points=$OUTDIR/points.txt
: >"$points"
for mode in "${modes[@]}"; do
  for p in "${ranks_list[@]}"; do
    read -r -a src <<<"$(source_args "$mode" "$p")"
    for ((r = 1; r <= REPEAT; r++)); do
      json=$OUTDIR/runs/$mode-p$p-r$r.json
      cmd=("$EIGSWEEP" solve "${src[@]}" -o "$OUTDIR/runs/out.h5" --force -q "${backend_args[@]}" --report "$json" "${extra[@]}")
      echo "== $mode p=$p run $r: ${cmd[*]}" >>"$log"
      rc=0
      launch "$p" "${cmd[@]}" >>"$log" 2>&1 || rc=$?
      # 8: finished, but some matrices did not converge; the timing still counts.
      [ "$rc" = 0 ] || [ "$rc" = 8 ] || die "$mode p=$p: solve failed with exit code $rc (see $log)"
      echo "$mode $p $json" >>"$points"
    done
    rm -f "$OUTDIR/runs/out.h5"
  done
done

# Reports -> CSV. Best of the repeats per point; efficiency against the 1-rank point.
python3 - "$points" "$OUTDIR/scaling.csv" <<'PY'
import csv, json, sys
best = {}
for line in open(sys.argv[1]):
    mode, p, path = line.split()
    with open(path) as f:
        rep = json.load(f)
    st = rep["stages"]
    row = dict(ranks=int(p), mode=mode, matrices=int(rep["matrices"]), wall_s=float(st["total"]["max_s"]),
               **{s + "_s": float(st[s]["max_s"]) if s in st else 0.0 for s in ("read", "solve", "gather", "write", "setup", "pin", "finish")})
    key = (mode, int(p))
    if key not in best or row["wall_s"] < best[key]["wall_s"]:
        best[key] = row
cols = ["ranks", "mode", "matrices", "wall_s", "matrices_per_s", "efficiency", "read_s", "solve_s", "gather_s", "write_s", "setup_s", "pin_s", "finish_s"]
with open(sys.argv[2], "w", newline="") as out:
    w = csv.writer(out)
    w.writerow(cols)
    for mode in ("strong", "weak"):
        rows = [best[k] for k in sorted(best) if k[0] == mode]
        if not rows:
            continue
        t1 = rows[0]["wall_s"]  # the 1-rank point comes first
        for r in rows:
            p, t = r["ranks"], r["wall_s"]
            r["matrices_per_s"] = r["matrices"] / t if t > 0 else 0.0
            r["efficiency"] = (t1 / (p * t) if mode == "strong" else t1 / t) if t > 0 else 0.0
            w.writerow([r["ranks"], mode, r["matrices"], "%.6g" % t, "%.6g" % r["matrices_per_s"], "%.4f" % r["efficiency"]]
                       + ["%.6g" % r[c] for c in cols[6:]])
PY
column -s, -t <"$OUTDIR/scaling.csv" 2>/dev/null || cat "$OUTDIR/scaling.csv"

if command -v gnuplot >/dev/null 2>&1; then
  title="eigsweep $FAMILY n=$N, backend $BACKEND_NAME, source $SOURCE"
  [ -n "$INPUT" ] && [ -z "${generated:-}" ] && title="eigsweep $(basename "$INPUT"), backend $BACKEND_NAME"
  gnuplot -e "csv='$OUTDIR/scaling.csv'; png='$OUTDIR/scaling.png'; title='$title'" "$here/plot_scaling.gp" \
    && echo "plot: $OUTDIR/scaling.png"
else
  echo "gnuplot not found (apt-get install gnuplot-nox): no plot; the CSV is $OUTDIR/scaling.csv"
fi
echo "csv: $OUTDIR/scaling.csv"

#!/usr/bin/env bash
# The quickstart's stability map (docs/sweeps.md "From a spec to a map"): the
# control example written as a sweep spec with h5py (examples/control_spec.py),
# solved with --reduce abscissa,unstable (one number per gain point, no
# eigenvalues stored) and drawn by eigsweep plot as a PNG. Needs Python 3 with
# h5py and numpy (Debian: python3-h5py, which quickstart.sh installs) and
# gnuplot (gnuplot-nox); says so and skips the map when they are missing.
#   jobs/stability_map.sh BUILD/eigsweep [WORKDIR]
#   N=12 SIDE=31: the order and the gain values per axis (SIDE^3 points); RANKS:
#   MPI ranks (default one per GPU, else 2: jobs/example_launch.sh)
set -euo pipefail
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
work=${2:-$(mktemp -d "${TMPDIR:-/tmp}/eigsweep-map.XXXXXX")}
n=${N:-12} side=${SIDE:-31}
source "$root/jobs/example_launch.sh"   # ranks, OMP_NUM_THREADS, launch: as run_example.sh

# Debian's python3 first: a pyenv or venv python earlier on PATH usually lacks h5py.
py=""
for p in "${EIG_PYTHON:-}" /usr/bin/python3 python3; do
  if [ -n "$p" ] && "$p" -c 'import h5py, numpy' >/dev/null 2>&1; then py=$p; break; fi
done
if [ -z "$py" ]; then
  echo "== stability map skipped: it writes its sweep spec with Python's h5py, and no python3 here has"
  echo "   h5py and numpy (Debian/Ubuntu: apt-get install python3-h5py; or pip install h5py)"
  exit 0
fi
if ! command -v gnuplot >/dev/null 2>&1; then
  echo "== stability map skipped: eigsweep plot draws with gnuplot (apt-get install gnuplot-nox)"
  exit 0
fi
mkdir -p "$work"
cd "$work"
rm -f control.h5 map.h5 map.png

echo "== a stability map: the closed loop A - B K C over a grid of three gains, as a sweep spec (h5py)"
"$py" "$root/examples/control_spec.py" --n "$n" --side "$side" -o control.h5
echo "== solve it: one number per gain point, the spectral abscissa (max Re of the eigenvalues; stable when < 0)"
${launch[@]+"${launch[@]}"} "$bin" solve control.h5 -o map.h5 -q --reduce abscissa,unstable
"$bin" info map.h5 | grep -E "^  (grid|axis|status)"
"$py" - <<'PY'
import h5py
with h5py.File("map.h5", "r") as f:
    a, s = f["abscissa"][...], f["status"][...]
    print(f"   stable gain points (abscissa < 0): {int(((a < 0) & (s == 0)).sum())} of {a.size}")
PY
echo "== plot it over k1 and k2 at k3 = 0.5, the stability boundary (abscissa = 0) drawn"
"$bin" plot map.h5 --reduce abscissa --x k1 --y k2 --at k3=0.5 -o map.png
echo "== the stability map: $work/map.png"

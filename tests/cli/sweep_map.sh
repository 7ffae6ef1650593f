#!/usr/bin/env bash
# Sweeps and reductions end to end (docs/sweeps.md "From a spec to a map"):
# an h5py-written spec of 3 named axes, drawn fresh, solved with
# --reduce abscissa,unstable,values on 1 and 3 ranks (static, dynamic) gives
#   - grid-shaped datasets: /abscissa [len(k1), len(k2), len(k3)],
#     /eigenvalues [..., n], each dimension carrying its axis (name, values)
#     as a dimension scale;
#   - /abscissa == max Re of the run's own /eigenvalues and /unstable == the
#     count of Re > 0 (exact), both those of numpy.linalg.eigvals of A(p)
#     formed in numpy (within a tolerance);
#   - the same bytes on every rank count and balance, after kill + --resume
#     of the whole grid, and from --range parts joined by merge;
# check and info read the grid; plot draws the map (a PNG); a /points list
# spec gives [M] reductions that numpy agrees with.
source "$(dirname "$0")/lib.sh"
SHIM=$1
py=${EIG_PYTHON:-/usr/bin/python3}
need_h5py
need_gnuplot
seed=$(( (RANDOM << 15) | RANDOM ))
echo "seed $seed"
RED="abscissa unstable eigenvalues status iterations"

"$py" - "$seed" <<'PY' || { echo "FAIL: cannot write the specs with h5py" >&2; exit 1; }
import sys, h5py, numpy as np
rng = np.random.default_rng(int(sys.argv[1]))
n = 6
A = 0.5 * rng.standard_normal((4, n, n))
A[0] -= 0.8 * np.eye(n)  # stable and unstable points both, on most draws
axes = {"k1": np.linspace(-1, 1, 7), "k2": np.sort(rng.uniform(-1, 1, 6)), "k3": np.array([0.0, 0.5, 1.0])}
with h5py.File("spec.h5", "w") as f:
    f.create_dataset("A", data=A).attrs["kind"] = "general"
    for k, (name, v) in enumerate(axes.items()):
        f.create_dataset(f"axis_{k + 1}", data=v).attrs["name"] = name
with h5py.File("points.h5", "w") as f:
    f.create_dataset("A", data=A).attrs["kind"] = "general"
    f["points"] = rng.uniform(-1, 1, (11, 3))
PY

# The reference run, then every rank count and balance: the same bytes.
expect "np=1: solve --reduce" "$BIN" solve spec.h5 -o map.h5 -q --chunk 10 --reduce abscissa,unstable,values
for np in 1 3; do
  for bal in static dynamic; do
    expect "np=$np $bal: solve --reduce" $MPIRUN -np $np "$BIN" solve spec.h5 -o "map-$np-$bal.h5" -q --chunk 10 \
      --balance $bal --reduce abscissa,unstable,values
    expect "np=$np $bal: the same datasets as np=1" same_datasets map.h5 "map-$np-$bal.h5" $RED
  done
done

check_map() { # check_map SPEC MAP: the grid's shape and scales, the reductions against numpy
  "$py" - "$1" "$2" <<'PY'
import sys, h5py, numpy as np
spec, out = sys.argv[1], sys.argv[2]
fails = []
def need(ok, what):
    if not ok: fails.append(what)
with h5py.File(spec, "r") as s, h5py.File(out, "r") as f:
    A = s["A"][()]
    n = A.shape[1]
    if "points" in s:
        P = s["points"][()]
        grid, names = [len(P)], []
        need(np.array_equal(f["points"][()], P), "/points differs from the spec's")
    else:
        axes = [s[f"axis_{k + 1}"] for k in range(A.shape[0] - 1)]
        names = [a.attrs["name"] for a in axes]
        names = [x.decode() if isinstance(x, bytes) else x for x in names]
        vals = [a[()] for a in axes]
        grid = [len(v) for v in vals]
        P = np.stack([m.reshape(-1) for m in np.meshgrid(*vals, indexing="ij")], axis=1)
    for ds in ("abscissa", "unstable", "status", "iterations"):
        need(f[ds].shape == tuple(grid), f"/{ds} is {f[ds].shape}, not the grid {grid}")
    need(f["eigenvalues"].shape == tuple(grid + [n]), f"/eigenvalues is {f['eigenvalues'].shape}, not {grid + [n]}")
    for k, name in enumerate(names):
        for ds in ("abscissa", "unstable", "eigenvalues", "status"):
            dim = f[ds].dims[k]
            need(len(dim) == 1 and dim[0].name == "/" + name and np.array_equal(dim[0][()], vals[k]),
                 f"/{ds} dimension {k} does not carry the axis {name} and its values")
    need(f.attrs["reduce"] in (b"abscissa,unstable,values", "abscissa,unstable,values"), "reduce attribute")
    N = len(P)
    ev = f["eigenvalues"][()].reshape(N, n)
    re = ev["r"] if ev.dtype.names else ev.real  # h5py reads {r, i} as complex
    status = f["status"][()].reshape(N)
    absc, unst = f["abscissa"][()].reshape(N), f["unstable"][()].reshape(N)
    need((status == 0).all(), f"{(status != 0).sum()} points not ok")
    need(np.array_equal(absc, re.max(axis=1)), "abscissa is not max Re of the run's own eigenvalues")
    need(np.array_equal(unst, (re > 0).sum(axis=1)), "unstable is not the count of Re > 0 of the run's eigenvalues")
    worst = 0.0
    for g, p in enumerate(P):
        a = A[0].copy()
        for k, pk in enumerate(p):
            a = a + pk * A[k + 1]
        lam = np.linalg.eigvals(a)
        worst = max(worst, abs(lam.real.max() - absc[g]) / max(1.0, np.linalg.norm(a, 2)))
    need(worst < 1e-10, f"abscissa differs from numpy's eigvals by {worst:g} (relative)")
    print(f"{out}: {N} points, grid {grid}, {int((absc < 0).sum())} stable, worst |abscissa - numpy| {worst:.2g}")
for w in fails:
    print("FAIL:", w, file=sys.stderr)
sys.exit(1 if fails else 0)
PY
}
expect "the map: grid shape, scales, reductions equal numpy's" check_map spec.h5 map.h5

# Readers of the grid: check (sampled against LAPACK), info, info --show.
expect "check reads the grid and agrees" sh -c "'$BIN' check map.h5 --sample 0 | grep -q 'verdict: ok: all 126 checked'"
cp map.h5 tampered.h5
"$py" -c "
import h5py
with h5py.File('tampered.h5', 'r+') as f:
    e = f['eigenvalues'][2, 3, 1]; e[0] += 1; f['eigenvalues'][2, 3, 1] = e"
expect_exit 8 "matrix 46 \[2,3,1\]: values" "$BIN" check tampered.h5 --sample 0
"$BIN" info map.h5 >info.txt
expect "info names the grid's axes" grep -q "grid: 3 axes, k1 7 x k2 6 x k3 3 points" info.txt
expect "info gives an axis's range" grep -q "axis 3 'k3': 3 values, 0 .. 1 (/k3)" info.txt
expect "info --show: grid indices" sh -c "'$BIN' info map.h5 --show 4 | grep -q 'matrix 3 \[0,1,0\]: ok'"

# --range parts of the sweep, merged: the whole run's grid-shaped file.
"$BIN" solve spec.h5 -o part1.h5 -q --range 0:50 --reduce abscissa,unstable,values &&
  $MPIRUN -np 2 "$BIN" solve spec.h5 -o part2.h5 -q --range 50:76 --reduce abscissa,unstable,values ||
  fail "--range parts"
expect "merge of the parts" "$BIN" merge merged.h5 part2.h5 part1.h5
expect "merged parts: the map's datasets" same_datasets map.h5 merged.h5 $RED
expect "merged parts: grid shape and scales" check_map spec.h5 merged.h5
expect "check reads the merged grid" sh -c "'$BIN' check merged.h5 | grep -q 'verdict: ok'"
# The grid comes from the spec the parts record: missing, or another one, is refused.
mkdir -p elsewhere && cp part1.h5 part2.h5 elsewhere/
expect_exit 3 "part of a sweep over spec.h5, which is not there" sh -c "cd elsewhere && '$BIN' merge m.h5 part1.h5 part2.h5"
cp points.h5 elsewhere/spec.h5
expect_exit 3 "solved from another spec than" sh -c "cd elsewhere && '$BIN' merge m.h5 part1.h5 part2.h5"
expect "a refused merge leaves nothing" test ! -e elsewhere/m.h5 -a ! -e elsewhere/m.h5.partial

# Kill the whole-grid reduced sweep half-way, then --resume with another rank count.
if [ -n "${EIG_SANITIZED:-}" ]; then
  echo "kill + resume skipped: LD_PRELOAD shim under AddressSanitizer"
else
  kill_half_way "$SHIM" k.h5 spec.h5 --chunk 10 --reduce abscissa,unstable,values
  expect "the killed run's .partial is grid-shaped, some points pending" "$py" -c "
import h5py; f = h5py.File('k.h5.partial', 'r'); s = f['status'][()]
assert s.shape == (7, 6, 3) and (s == -1).any() and (s == 0).any(), (s.shape, (s == -1).sum())"
  $MPIRUN -np 3 "$BIN" solve spec.h5 -o k.h5 --chunk 10 --balance dynamic --resume \
    --reduce abscissa,unstable,values >resume.log 2>&1 || fail "--resume: $(cat resume.log)"
  expect "--resume said it resumed" grep -q "resuming" resume.log
  expect "killed + resumed: the uninterrupted map's datasets" same_datasets map.h5 k.h5 $RED
fi

# The picture: a heat map over k1, k2 at k3 = 0.5.
expect "plot writes the map" "$BIN" plot map.h5 --reduce abscissa --x k1 --y k2 --at k3=0.5 -o map.png
expect "plot: a PNG" sh -c "[ \"\$(head -c 8 map.png | od -An -tx1 | tr -d ' \n')\" = 89504e470d0a1a0a ] && [ \$(stat -c %s map.png) -gt 1000 ]"

# A /points list: [M] reductions, /points kept, numpy agrees; the same on 3 ranks.
expect "points: solve --reduce" "$BIN" solve points.h5 -o pmap.h5 -q --chunk 4 --reduce abscissa,unstable,values
expect "points: [M] reductions equal numpy's" check_map points.h5 pmap.h5
expect "points: np=3 dynamic" $MPIRUN -np 3 "$BIN" solve points.h5 -o pmap3.h5 -q --chunk 4 --balance dynamic \
  --reduce abscissa,unstable,values
expect "points: the same datasets on 3 ranks" same_datasets pmap.h5 pmap3.h5 $RED
finish

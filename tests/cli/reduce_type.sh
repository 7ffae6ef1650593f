#!/usr/bin/env bash
# solve --reduce-type float32 and the `iterations` item (issue 21: a 10^8-point
# map in 500 MB, docs/reductions.md "Size on disk"):
#   - float32 reductions are np.float32 of the float64 reductions of the same
#     input, to the bit (tests/cli/reduce_type_check.py), and of numpy's from
#     the run's own eigenvalues (reduce_check.py), for a sweep (general, with
#     eig:I's {r, i}) and a collection (symmetric: min, max, gap) with NaN
#     points; on np = 1..3, static and dynamic balance, gather and parallel
#     output, --range parts + merge, kill + --resume;
#   - /iterations only with `iterations` (or values) listed, then equal to a
#     plain run's;
#   - --resume and merge refuse another type; a bad or useless --reduce-type
#     is refused; info shows the type, info --show, check and plot read a
#     float32 file;
#   - 5 bytes a point for `--reduce abscissa --reduce-type float32`, on disk
#     and in the space reserved up front.
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
SHIM=$1
py=${EIG_PYTHON:-/usr/bin/python3}
need_h5py
need_gnuplot
typecheck() { "$py" "$here/reduce_type_check.py" "$@"; }
seed=${EIG_TEST_SEED:-$(( (RANDOM << 15) | RANDOM ))}
echo "seed $seed"

"$py" - "$seed" <<'PY' || { echo "FAIL: cannot write the inputs with h5py" >&2; exit 1; }
import sys, h5py, numpy as np
rng = np.random.default_rng(int(sys.argv[1]))
n = 6
A = 0.5 * rng.standard_normal((4, n, n))
A[0] -= 0.8 * np.eye(n)
with h5py.File("spec.h5", "w") as f:
    f.create_dataset("A", data=A).attrs["kind"] = "general"
    for k, (name, v) in enumerate((("k1", np.linspace(-1, 1, 9)), ("k2", np.sort(rng.uniform(-1, 1, 7))),
                                   ("k3", np.array([0.0, 0.5, 1.0])))):
        f.create_dataset(f"axis_{k + 1}", data=v).attrs["name"] = name
# A symmetric collection with failing (NaN) matrices: NaN reductions, -1 counts.
S = rng.standard_normal((150, 7, 7)) * 10.0 ** rng.uniform(-45, 45, (150, 1, 1))  # past float32 both ways
S = (S + S.transpose(0, 2, 1)) / 2
S[[4, 77]] = np.nan
with h5py.File("sym.h5", "w") as f:
    f["matrices"] = S
    f["matrices"].attrs["kind"] = "symmetric"
PY

G=abscissa,radius,min-damping,unstable,unstable-discrete,eig:0,eig:5
R=abscissa,radius,min-damping,unstable,min,max,gap:0,gap:5,eig:3

# The float64 references (with values: numpy checks them) and float32 with values.
expect "sweep: float64 reference" "$BIN" solve spec.h5 -o g64.h5 -q --chunk 20 --reduce "$G,values"
expect "sweep: float32 with values" "$BIN" solve spec.h5 -o g32v.h5 -q --chunk 20 --reduce "$G,values" --reduce-type float32
expect "sweep: float32 = numpy's from its own eigenvalues, rounded" "$py" "$here/reduce_check.py" g32v.h5
expect "sweep: float32 = np.float32 of the float64 run" typecheck g32v.h5 g64.h5
expect "sweep: eigenvalues untouched by the type" same_datasets g64.h5 g32v.h5 eigenvalues status iterations
rc=0
"$BIN" solve sym.h5 -o s64.h5 -q --chunk 16 --reduce "$R,values" 2>/dev/null || rc=$?
expect "collection with NaN matrices: exit 8" test "$rc" -eq 8
rc=0
"$BIN" solve sym.h5 -o s32.h5 -q --chunk 16 --reduce "$R" --reduce-type float32 2>/dev/null || rc=$?
expect "collection float32: exit 8" test "$rc" -eq 8
expect "collection: float32 = np.float32 of float64 (NaN, tiny and huge values too)" typecheck s32.h5 s64.h5
expect "collection: the float32 file has NaN and -1 where matrices failed" "$py" -c "
import h5py, numpy as np
f = h5py.File('s32.h5', 'r')
assert np.isnan(f['abscissa'][77]) and f['unstable'][4] == -1 and f['min'].dtype == np.float32"
# The checker can fail: the float64 value itself (not rounded), or one ulp off.
cp s32.h5 t.h5
"$py" -c "
import h5py, numpy as np
with h5py.File('t.h5', 'r+') as f:
    d = f['gap_0']; v = d[...]
    i = int(np.flatnonzero(np.isfinite(v))[9])  # a finite value: NaN and inf have no next float to differ by
    d[i] = np.nextafter(v[i], np.float32(np.inf))"
if typecheck t.h5 s64.h5 >/dev/null 2>&1; then fail "the float32 check missed a one-ulp change"; else pass; fi
if typecheck s64.h5 s64.h5 >/dev/null 2>&1; then fail "the float32 check took float64 datasets"; else pass; fi

# Ranks, balance, output modes: the same float32 bytes, /iterations only when listed.
expect "sweep: float32 reference (np 1)" "$BIN" solve spec.h5 -o g32.h5 -q --chunk 20 --reduce "$G" --reduce-type float32
expect "sweep: float32 without values = np.float32 of float64" typecheck g32.h5 g64.h5
expect "no values, no iterations listed: no /eigenvalues, no /iterations" "$py" -c "
import h5py; f = h5py.File('g32.h5', 'r'); assert 'eigenvalues' not in f and 'iterations' not in f, list(f)"
for np in 1 2 3; do
  for opts in "--balance static" "--balance dynamic" "--output parallel" "--output parallel --balance dynamic"; do
    tag="np$np-$(echo "$opts" | tr -d " -")"
    extra=""
    [ "$np" = 2 ] && extra=,iterations
    # shellcheck disable=SC2086  # opts are words
    expect "np $np $opts$extra: solve" $MPIRUN -np "$np" "$BIN" solve spec.h5 -o "$tag.h5" -q --chunk 11 $opts \
      --reduce "$G$extra" --reduce-type float32
    expect "np $np $opts$extra: float32 = np.float32 of float64" typecheck "$tag.h5" g64.h5
    expect "np $np $opts$extra: the np=1 bytes" same_datasets g32.h5 "$tag.h5" abscissa radius min_damping unstable \
      unstable_discrete eig_0 eig_5 status
    if [ -n "$extra" ]; then expect "np $np $opts: /iterations = a plain run's" same_datasets g64.h5 "$tag.h5" iterations; fi
  done
done

# --range parts (gather and parallel, 1 and 2 ranks) + merge: the whole run's file, its type kept.
"$BIN" solve spec.h5 -o p1.h5 -q --range 0:100 --reduce "$G" --reduce-type float32 &&
  $MPIRUN -np 2 "$BIN" solve spec.h5 -o p2.h5 -q --range 100:89 --chunk 30 --output parallel --reduce "$G" \
    --reduce-type float32 || fail "--range parts"
expect "merge: float32 parts" "$BIN" merge m32.h5 p2.h5 p1.h5
expect "merge: the whole float32 run's datasets" same_datasets g32.h5 m32.h5 abscissa radius min_damping unstable \
  unstable_discrete eig_0 eig_5 status
expect "merge: float32 kept, no /iterations" "$py" -c "
import h5py; f = h5py.File('m32.h5', 'r')
assert f.attrs['reduce_type'] in (b'float32', 'float32') and f['eig_5'].dtype == 'complex64' and 'iterations' not in f, list(f)"
expect "merge: grid-shaped, = np.float32 of float64" typecheck m32.h5 g64.h5
"$BIN" solve spec.h5 -o p2d.h5 -q --range 100:89 --reduce "$G"
expect_exit 3 "different --reduce-type \(float32; float64\)" "$BIN" merge bad.h5 p1.h5 p2d.h5
"$BIN" solve spec.h5 -o p2i.h5 -q --range 100:89 --reduce "$G,iterations" --reduce-type float32
expect_exit 3 "different --reduce lists" "$BIN" merge bad.h5 p1.h5 p2i.h5
"$BIN" solve spec.h5 -o p1i.h5 -q --range 0:100 --reduce "$G,iterations" --reduce-type float32
expect "merge: parts with iterations" "$BIN" merge mi.h5 p1i.h5 p2i.h5
expect "merge: /iterations joined" same_datasets g64.h5 mi.h5 iterations
expect "a refused merge leaves nothing" test ! -e bad.h5 -a ! -e bad.h5.partial

# --resume: keyed by the type (and the list); a killed float32 run resumes into the same bytes.
expect_exit 2 "different run.*reduce_type: float32 \(complete file\) vs float64 \(this run\)" "$BIN" solve spec.h5 \
  -o g32.h5 -q --chunk 20 --reduce "$G" --resume
expect_exit 2 "different run \(reduce: .*eig:5 \(complete file\) vs .*eig:5,iterations \(this run\)" "$BIN" solve spec.h5 -o g32.h5 -q --chunk 20 --reduce "$G,iterations" \
  --reduce-type float32 --resume
expect "--resume, same type and list: complete" "$BIN" solve spec.h5 -o g32.h5 -q --reduce "$G" --reduce-type float32 --resume
if [ -n "${EIG_SANITIZED:-}" ]; then
  echo "kill + resume skipped: LD_PRELOAD shim under AddressSanitizer"
else
  kill_half_way "$SHIM" k.h5 spec.h5 --chunk 10 --reduce "$G" --reduce-type float32
  expect_exit 2 "different run.*reduce_type: float32 \(partial\) vs float64 \(this run\)" "$BIN" solve spec.h5 -o k.h5 \
    -q --chunk 10 --reduce "$G" --resume
  expect "a refused --resume keeps the .partial" test -e k.h5.partial
  $MPIRUN -np 3 "$BIN" solve spec.h5 -o k.h5 --chunk 10 --balance dynamic --resume --reduce "$G" \
    --reduce-type float32 >resume.log 2>&1 || fail "--resume: $(cat resume.log)"
  expect "--resume said it resumed" grep -q "resuming" resume.log
  expect "killed + resumed: the uninterrupted float32 map" same_datasets g32.h5 k.h5 abscissa radius min_damping \
    unstable unstable_discrete eig_0 eig_5 status
  # The space reserved up front follows the sizes: 5 bytes a point (float32
  # abscissa, int8 status) plus the slack (1/64 + 2 MiB for HDF5's metadata,
  # and 64 KiB), not the 13 of float64 + iterations.
  N=200000
  kill_half_way "$SHIM" big.h5 --synthetic "control:6:$N" --chunk 20000 --reduce abscissa --reduce-type float32
  size=$(stat -c %s big.h5.partial)
  expect "reserved $size bytes for $N points: at least 5 a point, at most 5 + 1/64 + 2 MiB + 64 KiB" \
    test "$size" -ge $((5 * N)) -a "$size" -le $((5 * N + 5 * N / 64 + (2 << 20) + (64 << 10)))
  "$BIN" solve --synthetic "control:6:$N" --chunk 20000 --reduce abscissa --reduce-type float32 -o big.h5 -q --resume ||
    fail "big: --resume"
  size=$(stat -c %s big.h5)
  expect "--reduce abscissa --reduce-type float32: $size bytes for $N points (5 a point + metadata)" \
    test "$size" -ge $((5 * N)) -a "$size" -le $((5 * N + 65536))
  expect "big: only /abscissa float32 and /status" "$py" -c "
import h5py; f = h5py.File('big.h5', 'r'); assert sorted(f) == ['abscissa', 'status'] and f['abscissa'].dtype == 'float32', list(f)"
fi

# A grid whose side is not a multiple of the dataset chunk's: equal chunks,
# no padded edge chunk (464 cut as 282 + 182 stored 22% more than the data).
"$py" - <<'PY' || fail "the 3 x 464 x 464 spec"
import h5py, numpy as np
A = np.zeros((4, 2, 2)); A[0] = -np.eye(2); A[1, 0, 1] = A[2, 1, 0] = A[3, 0, 0] = 1
with h5py.File("wide.h5", "w") as f:
    f.create_dataset("A", data=A).attrs["kind"] = "general"
    for k, (name, num) in enumerate((("k1", 3), ("k2", 464), ("k3", 464))):
        a = f.create_dataset(f"axis_{k + 1}", data=np.zeros(0))
        a.attrs.update(start=-1.0, stop=1.0, num=num, name=name)
PY
N=$((3 * 464 * 464))
for t in float64 float32; do
  bytes=9
  [ $t = float32 ] && bytes=5
  expect "wide grid $t: solve" "$BIN" solve wide.h5 -o "wide-$t.h5" -q --reduce abscissa --reduce-type $t
  size=$(stat -c %s "wide-$t.h5")
  expect "wide grid $t: $size bytes for $N points, $bytes a point + metadata" \
    test "$size" -ge $((bytes * N)) -a "$size" -le $((bytes * N + 65536))
done

# Bad and useless types: one line, nothing written.
expect_exit 2 "--reduce-type: 'float16' is not float32 or float64" "$BIN" solve spec.h5 -o bad.h5 -q --reduce abscissa \
  --reduce-type float16
expect_exit 2 "--reduce-type float32: .* this run has none \(no --reduce\)" "$BIN" solve spec.h5 -o bad.h5 -q \
  --reduce-type float32
expect_exit 2 "--reduce-type float64: .*--reduce values alone keeps every eigenvalue" "$BIN" solve spec.h5 -o bad.h5 -q \
  --reduce values --reduce-type float64
expect_exit 2 "'iterations' is listed twice" "$BIN" solve spec.h5 -o bad.h5 -q --reduce abscissa,iterations,iterations
expect "bad types leave nothing" test ! -e bad.h5 -a ! -e bad.h5.partial
# `iterations` beside values says nothing more: the file and key of values.
"$BIN" solve spec.h5 -o vi.h5 -q --reduce "$G,values,iterations"
expect "values,iterations: the reduce attribute names values" "$py" -c "
import h5py; f = h5py.File('vi.h5', 'r'); assert f.attrs['reduce'] in (b'$G,values', '$G,values') and 'iterations' in f"
expect "values,iterations resumes a values run" "$BIN" solve spec.h5 -o g64.h5 -q --reduce "$G,values,iterations" --resume
# `iterations` alone: /status and /iterations.
"$BIN" solve spec.h5 -o it.h5 -q --reduce iterations
expect "iterations alone: /status and /iterations, a plain run's" same_datasets g64.h5 it.h5 status iterations

# Readers: info shows the type, --show reads a file with values, check reads its eigenvalues, plot draws it.
"$BIN" info g32.h5 >info.txt
expect "info: reduce_type float32" grep -qE "reduce_type +float32" info.txt
expect "info: /abscissa float32" grep -qE "/abscissa +\[9,7,3\] float32" info.txt
expect "info: /eig_0 complex64" grep -qE "/eig_0 +\[9,7,3\] complex64" info.txt
expect "info: no /iterations" sh -c "! grep -q /iterations info.txt"
expect "info --show on float32 with values" sh -c "'$BIN' info g32v.h5 --show 2 | grep -q 'matrix 1 \[0,0,1\]: ok, [0-9]* iterations:'"
expect "check: a float32 file with values" sh -c "'$BIN' check g32v.h5 --sample 0 | grep -q 'verdict: ok'"
expect "plot: a float32 map" "$BIN" plot g32.h5 --reduce abscissa --x k1 --y k2 --at k3=0.5 -o map.png
expect "plot: a PNG" sh -c "[ \"\$(head -c 8 map.png | od -An -tx1 | tr -d ' \n')\" = 89504e470d0a1a0a ]"
expect "plot: a float32 line" "$BIN" plot s32.h5 --reduce gap:0 --x index -o line.png
finish

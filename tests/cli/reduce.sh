#!/usr/bin/env bash
# solve --reduce (docs/reductions.md): every reduction of fresh random
# collections of each kind (and an h5py-written one with failing matrices)
# equals numpy's from the `values` of the same run (tests/cli/reduce_check.py,
# to the bit); the same bits for np = 1..4, static and dynamic balance,
# gather and parallel output; a reduced-only file is the reduced datasets of
# the full one; --resume with another list refused; every bad item refused
# with a one-line error; info describes, check and merge refuse clearly.
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
py=${EIG_PYTHON:-/usr/bin/python3}
if ! "$py" -c 'import h5py, numpy' 2>/dev/null; then
  echo "FAIL: $py cannot import h5py and numpy (apt-get install python3-h5py)" >&2
  exit 1
fi
check() { "$py" "$here/reduce_check.py" "$@"; }
seed=$(( $(date +%s%N) % 1000000 ))
echo "seed $seed"

all_general=abscissa,radius,min-damping,unstable,unstable-discrete,eig:0,eig:3,values
all_real=abscissa,radius,min-damping,unstable,unstable-discrete,min,max,gap:0,gap:4,eig:5,values
for spec in random-general:7 random-symmetric:6 random-hermitian:6 tridiag-uniform:9; do
  fam=${spec%%:*} n=${spec##*:}
  "$BIN" generate --family "$fam" --n "$n" --count 300 --seed "$seed" -o "$fam.h5" -q
  list=$all_real
  [ "$fam" = random-general ] && list=$all_general
  expect "$fam: solve --reduce" "$BIN" solve "$fam.h5" -o "$fam.red.h5" -q --reduce "$list" --chunk 37
  expect "$fam: reductions equal numpy's" check "$fam.red.h5"
done

# A collection written with h5py, some matrices NaN (invalid_input): NaN
# reductions, counts -1, status kept.
"$py" - <<PY
import h5py, numpy as np
rng = np.random.default_rng($seed)
a = rng.standard_normal((64, 5, 5))
a[[3, 17, 40]] = np.nan
with h5py.File("nan.h5", "w") as f:
    f["matrices"] = a
    f["matrices"].attrs["kind"] = "general"
PY
rc=0
"$BIN" solve nan.h5 -o nan.red.h5 -q --reduce abscissa,unstable,eig:1,values 2>/dev/null || rc=$?
expect "failing matrices: exit 8" test "$rc" -eq 8
expect "failing matrices: NaN and -1, numpy's elsewhere" check nan.red.h5
expect "failing matrices: 3 of them" "$py" -c "
import h5py, numpy as np
f = h5py.File('nan.red.h5', 'r')
assert (f['status'][...] != 0).sum() == 3 and np.isnan(f['abscissa'][17]) and f['unstable'][40] == -1"

# The checker can fail: one ulp off in one point.
cp random-general.red.h5 tampered.h5
"$py" -c "
import h5py, numpy as np
with h5py.File('tampered.h5', 'r+') as f:
    d = f['radius']; d[5] = np.nextafter(d[5], np.inf)"
if check tampered.h5 >/dev/null; then fail "the numpy check missed a one-ulp change"; else pass; fi

# The same bits whatever the ranks, balance and output mode; without values,
# the same reductions and no /eigenvalues, and /iterations only when listed
# (the parallel output runs list it).
list=abscissa,radius,min-damping,unstable,max,gap:2
"$BIN" solve random-symmetric.h5 -o ref.h5 -q --reduce "$list,values"
for np in 1 2 3 4; do
  for opts in "--balance static" "--balance dynamic" "--output parallel" "--output parallel --balance dynamic"; do
    tag="np$np-$(echo "$opts" | tr -d " -")"
    extra="" datasets="abscissa radius min_damping unstable max gap_2 status"
    case $opts in *parallel*) extra=,iterations datasets="$datasets iterations" ;; esac
    # shellcheck disable=SC2086  # opts are words
    expect "np $np $opts" $MPIRUN -np "$np" "$BIN" solve random-symmetric.h5 -o "$tag.h5" -q --reduce "$list$extra" \
      --chunk 23 $opts
    # shellcheck disable=SC2086  # datasets are words
    same_datasets ref.h5 "$tag.h5" $datasets && pass
  done
done
expect "no values: no /eigenvalues, no /iterations" "$py" -c "
import h5py; f = h5py.File('np2-balancestatic.h5', 'r'); assert 'eigenvalues' not in f and 'iterations' not in f, list(f)"
expect "iterations listed: /iterations, no /eigenvalues" "$py" -c "
import h5py; f = h5py.File('np2-outputparallel.h5', 'r'); assert 'eigenvalues' not in f and 'iterations' in f, list(f)"
expect "a list of N: [N] datasets" "$py" -c "
import h5py; f = h5py.File('np3-outputparallel.h5', 'r')
assert f['abscissa'].shape == (300,) and f['unstable'].dtype == 'int32' and f['status'].shape == (300,)"

# --resume is keyed by the list.
expect_exit 2 "different run.*reduce" "$BIN" solve random-symmetric.h5 -o ref.h5 -q --reduce abscissa --resume
expect "--resume with the same list (in another order): complete" "$BIN" solve random-symmetric.h5 -o ref.h5 -q \
  --reduce "values,gap:2,max,unstable,min-damping,radius,abscissa" --resume

# `values` alone is a run without --reduce: same datasets, no reduce attribute, same resume key.
"$BIN" solve random-symmetric.h5 -o plain.h5 -q
"$BIN" solve random-symmetric.h5 -o onlyvalues.h5 -q --reduce values
same_datasets plain.h5 onlyvalues.h5 eigenvalues status iterations && pass
expect "--reduce values: no reduce attribute" "$py" -c "
import h5py; f = h5py.File('onlyvalues.h5', 'r'); assert 'reduce' not in f.attrs and sorted(f) == ['eigenvalues', 'iterations', 'status'], list(f)"
expect "--reduce values resumes a plain run" "$BIN" solve random-symmetric.h5 -o plain.h5 -q --reduce values --resume

# Every bad item: one line naming it (and the valid ones where it is unknown).
bad() { expect_exit 2 "$1" "$BIN" solve "$2" -o bad.h5 -q --reduce "$3"; }
bad "unknown item 'foo' \(valid: abscissa, radius" random-symmetric.h5 abscissa,foo
bad "unknown item 'Abscissa'" random-symmetric.h5 Abscissa
bad "'radius' is listed twice" random-symmetric.h5 radius,abscissa,radius
bad "'gap:1' is listed twice" random-symmetric.h5 gap:1,gap:1
bad "'values' is listed twice" random-symmetric.h5 values,values
bad "empty item" random-symmetric.h5 abscissa,,radius
bad "empty item" random-symmetric.h5 abscissa,
bad "empty list" random-symmetric.h5 ""
bad "'gap' needs an index" random-symmetric.h5 gap
bad "'eig:' needs an index" random-symmetric.h5 eig:
bad "'eig:x': the index must be an integer" random-symmetric.h5 eig:x
bad "'gap:-1': the index must be an integer" random-symmetric.h5 gap:-1
bad "'abscissa:1' takes no index" random-symmetric.h5 abscissa:1
bad "eig:6: eig:I needs 0 <= I <= n-1 = 5" random-symmetric.h5 eig:6
bad "gap:5: gap:I needs 0 <= I <= n-2 = 4" random-symmetric.h5 gap:5
bad "min: general matrices have complex eigenvalues" random-general.h5 min
bad "max: general matrices" random-general.h5 radius,max
bad "gap:0: general matrices" random-general.h5 gap:0
expect_exit 2 "--vectors keeps their eigenvectors: add values" "$BIN" solve random-symmetric.h5 -o bad.h5 -q \
  --reduce abscissa --vectors
expect_exit 2 "reductions need every eigenvalue" "$BIN" solve tridiag-uniform.h5 -o bad.h5 -q \
  --reduce max --select-index 0:2
expect "a bad list leaves nothing" test ! -e bad.h5 -a ! -e bad.h5.partial
expect "--vectors with values" "$BIN" solve random-symmetric.h5 -o vec.h5 -q --reduce abscissa,values --vectors

# info describes a reduced file; check refuses one without values; merge
# joins reduced --range parts into the whole run's file.
"$BIN" info np1-balancestatic.h5 >info.txt
expect "info: the reductions" grep -qE "reduce +abscissa,radius,min-damping,unstable,max,gap:2" info.txt
expect "info: /abscissa listed" grep -q "/abscissa" info.txt
expect_exit 3 "reduced.*--reduce .*values" "$BIN" check np1-balancestatic.h5 --input random-symmetric.h5
"$BIN" solve random-symmetric.h5 -o part1.h5 -q --reduce "$list" --range 0:100
"$BIN" solve random-symmetric.h5 -o part2.h5 -q --reduce "$list" --range 100:200
expect "merge: reduced parts join" "$BIN" merge merged.h5 part2.h5 part1.h5
same_datasets np1-balancestatic.h5 merged.h5 abscissa radius min_damping unstable max gap_2 status && pass
expect "merge: the reduce list kept, no /eigenvalues" "$py" -c "
import h5py; f = h5py.File('merged.h5', 'r'); assert f.attrs['reduce'] in (b'$list', '$list') and 'eigenvalues' not in f, list(f)"
"$BIN" solve random-symmetric.h5 -o part3.h5 -q --reduce abscissa --range 200:100
expect_exit 3 "different --reduce lists" "$BIN" merge merged2.h5 part1.h5 part2.h5 part3.h5
finish

#!/usr/bin/env bash
# `eigsweep check`: results of every kind (values, vectors, a --range part, a
# subset, a --synthetic run) pass; a result with one eigenvalue or one
# eigenvector entry changed fails with exit 8 naming that matrix; a result
# checked against another collection fails (8, or 3 where N or n differ).
# The damaged matrix and the damage are drawn afresh each run.
source "$(dirname "$0")/lib.sh"
PY=${EIG_PYTHON:-/usr/bin/python3}
seed=$(( (RANDOM << 15) | RANDOM ))
echo "seed $seed"
RANDOM=$seed

"$BIN" generate --family random-general --n 8 --count 400 --seed $seed -q -o gen.h5
"$BIN" generate --family random-symmetric --n 9 --count 400 --seed $seed -q -o sym.h5
"$BIN" generate --family random-hermitian --n 7 --count 300 --seed $seed --precision single -q -o her.h5
"$BIN" generate --family tridiag-uniform --n 10 --count 300 --seed $seed -q -o tri.h5

"$BIN" solve gen.h5 -o gen_r.h5 -q
"$BIN" solve sym.h5 -o sym_r.h5 -q
"$BIN" solve sym.h5 -o sym_v.h5 -q --vectors
"$BIN" solve sym.h5 -o sym_part.h5 -q --vectors --range 150:100
"$BIN" solve her.h5 -o her_v.h5 -q --vectors
"$BIN" solve tri.h5 -o tri_r.h5 -q
"$BIN" solve tri.h5 -o tri_sel.h5 -q --select-index 2:5
"$BIN" solve --synthetic control:6:200:$seed -o syn_r.h5 -q

# Every result passes, its input found from what solve recorded.
for r in gen_r sym_r sym_v sym_part her_v tri_r tri_sel syn_r; do
  expect "check $r.h5 passes" "$BIN" check $r.h5 --sample 0 -q
done
expect "check with --input, a sample and a report" "$BIN" check sym_v.h5 --input sym.h5 --sample 50 --seed 3 \
  --report rep.json -q
expect "the report counts 50 checked matrices, none failed" "$PY" -c "
import json; r = json.load(open('rep.json'))
assert r['checked'] == 50 and r['failed'] == 0 and r['verdict'].startswith('ok'), r
assert r['measures']['residual']['max'] < 100 and r['measures']['orthogonality']['max'] < 100, r"
# Another seed, another sample (stratified: distinct rows, spread over the file).
"$BIN" check sym_v.h5 --sample 50 --seed 4 --report rep4.json -q
expect "the same sample for the same seed" "$BIN" check sym_v.h5 --sample 50 --seed 3 --report rep3.json -q
expect "reports of equal seeds agree" cmp <(grep -v '"result"' rep.json | grep -v '"input"') \
  <(grep -v '"result"' rep3.json | grep -v '"input"')
out=$("$BIN" check sym_r.h5 -q)
expect "-q is quiet" test -z "$out"
expect "the table names the measures" sh -c "'$BIN' check sym_v.h5 --sample 20 | grep -q 'orthogonality'"

# The solvers read a symmetric or Hermitian matrix's lower triangle; check
# measures that matrix too (here the upper triangle is noise, --trust-kind).
"$PY" -c "
import h5py, numpy as np
rng = np.random.default_rng($seed)
A = rng.standard_normal((60, 6, 6)) + 1j * rng.standard_normal((60, 6, 6))
A = A + A.conj().transpose(0, 2, 1)
A[:, 0, 5] += 0.5
with h5py.File('skew.h5', 'w') as f: f.create_dataset('matrices', data=A).attrs['kind'] = 'hermitian'"
"$BIN" solve skew.h5 -o skew_r.h5 -q --vectors --trust-kind
expect "check measures the lower triangle, as solved" "$BIN" check skew_r.h5 -q

# corrupt FILE DATASET ROW PYTHON-EXPR: changes one row of a copy with h5py.
corrupt() {
  "$PY" - "$1" "$2" "$3" "$4" <<'EOF'
import sys, h5py, numpy as np
path, name, row, expr = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
with h5py.File(path, "r+") as f:
    x = f[name][row]
    exec(expr)
    f[name][row] = x
EOF
}

row=$((RANDOM % 400))
k=$((RANDOM % 9))
cp sym_r.h5 bad.h5
corrupt bad.h5 eigenvalues $row "x[$k] += 1e-6 * max(1.0, abs(x[$k]))"
expect_exit 8 "matrix $row: " "$BIN" check bad.h5 --sample 0

row=$((RANDOM % 300))
cp her_v.h5 bad.h5
corrupt bad.h5 eigenvectors $row "x[$((RANDOM % 7)), $((RANDOM % 7))] += 1e-3"
expect_exit 8 "matrix $row: .*(residual|orthogonality)" "$BIN" check bad.h5 --sample 0

row=$((RANDOM % 400))
cp gen_r.h5 bad.h5
corrupt bad.h5 eigenvalues $row "x[$((RANDOM % 8))] += 1e-4j"
expect_exit 8 "matrix $row: " "$BIN" check bad.h5 --sample 0

# A --range part names the input's matrix and the part's row.
row=$((RANDOM % 100))
cp sym_part.h5 bad.h5
corrupt bad.h5 eigenvalues $row "x[0] -= 1e-5"
expect_exit 8 "matrix $((150 + row)) \(row $row\)" "$BIN" check bad.h5 --sample 0

# A subset with an eigenvalue in the NaN slots.
row=$((RANDOM % 300))
cp tri_sel.h5 bad.h5
corrupt bad.h5 eigenvalues $row "x[7] = 0.5"
expect_exit 8 "matrix $row: .*NaN" "$BIN" check bad.h5 --sample 0

# A matrix whose status is not ok is counted, not checked ...
"$PY" -c "
import h5py, numpy as np
A = np.random.default_rng($seed).standard_normal((40, 5, 5)); A = A + A.transpose(0, 2, 1); A[7, 2, 2] = np.nan  # on the diagonal: still symmetric
with h5py.File('nan.h5', 'w') as f: f.create_dataset('matrices', data=A).attrs['kind'] = 'symmetric'"
"$BIN" solve nan.h5 -o nan_r.h5 -q >/dev/null 2>&1 || true  # exit 8: one matrix invalid
expect "an invalid_input matrix is skipped and counted" sh -c "'$BIN' check nan_r.h5 | grep -q 'invalid_input 1'"
# ... but must hold NaN, never a value that looks like an answer.
row=$((RANDOM % 400))
cp sym_r.h5 bad.h5
corrupt bad.h5 status $row "x = np.int8(1)"
expect_exit 8 "matrix $row: status not_converged but eigenvalue 0 is" "$BIN" check bad.h5 --sample 0

# The wrong input: same shape, other matrices: refused by the recorded
# input_identity (3); a result without one (an older eigsweep) fails every
# matrix instead (8) ...
"$BIN" generate --family random-symmetric --n 9 --count 400 --seed $((seed + 1)) -q -o sym_other.h5
expect_exit 3 "was solved from other matrices than sym_other.h5 holds" "$BIN" check sym_r.h5 --input sym_other.h5
cp sym_r.h5 noid.h5
"$PY" -c 'import sys, h5py; f = h5py.File(sys.argv[1], "r+"); del f.attrs["input_identity"]; f.close()' noid.h5
expect_exit 8 "every one fails: was it solved from this input" "$BIN" check noid.h5 --input sym_other.h5 --sample 40
expect_exit 2 "given twice" "$BIN" check sym_r.h5 --sample 10 --sample 20
# ... another order n, another count N, another precision (3).
"$BIN" generate --family random-symmetric --n 8 --count 400 -q -o sym_n8.h5
expect_exit 3 "order 9 but sym_n8.h5 holds matrices of order 8" "$BIN" check sym_r.h5 --input sym_n8.h5
"$BIN" generate --family random-symmetric --n 9 --count 399 -q -o sym_399.h5
expect_exit 3 "400 matrices but sym_399.h5 holds 399" "$BIN" check sym_r.h5 --input sym_399.h5
"$BIN" generate --family random-symmetric --n 9 --count 400 --precision single -q -o sym_single.h5
expect_exit 3 "solved in double precision but sym_single.h5 is single" "$BIN" check sym_r.h5 --input sym_single.h5
# A result whose n differs from the input: /eigenvalues of order 9 re-made as 10.
"$PY" -c "
import h5py, numpy as np
with h5py.File('sym_r.h5') as f, h5py.File('wide.h5', 'w') as g:
    for k, v in f.attrs.items(): g.attrs[k] = v
    g['eigenvalues'] = np.zeros((400, 10)); g['status'] = f['status'][:]"
expect_exit 3 "holds eigenvalues of matrices of order 10 but sym.h5 holds matrices of order 9" "$BIN" check wide.h5
expect_exit 3 "no such file" "$BIN" check missing.h5
expect_exit 3 "not an eigsweep result file" "$BIN" check sym.h5
expect_exit 2 "contradicts" "$BIN" check sym_r.h5 --kind general
finish

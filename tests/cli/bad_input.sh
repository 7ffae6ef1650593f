#!/usr/bin/env bash
# Bad input is refused with one clear line (exit code of docs/errors.md),
# printed once on multi-rank runs, and leaves no output behind; matrices that
# fail individually do not spoil their neighbours.
source "$(dirname "$0")/lib.sh"
MAKE=$1
no_output() { [ ! -e out.h5 ] && [ ! -e out.h5.partial ]; }
refuse() { # refuse CODE PATTERN ARGS...: solve on 2 ranks fails cleanly
  local code=$1 pattern=$2; shift 2
  expect_exit "$code" "$pattern" $MPIRUN -np 2 "$BIN" solve "$@"
  expect "no output left by: solve $*" no_output
  local lines
  lines=$(grep -c "error:" err.txt || true)
  [ "$lines" -eq 1 ] && pass || fail "solve $*: $lines error lines on 2 ranks, expected 1: $(cat err.txt)"
}

"$BIN" generate --family random-general --n 4 --count 10 -q -o good.h5
echo "not hdf5" > text.h5
head -c 3000 good.h5 > truncated.h5

refuse 3 "missing.h5: no such file" missing.h5 -o out.h5
refuse 3 "text.h5: not an HDF5 file" text.h5 -o out.h5
refuse 3 "truncated.h5: .*(truncated|corrupted|damaged)" truncated.h5 -o out.h5
for case in no-dataset rank2 not-square N0 n0 nbig string-type complex-general real-hermitian no-kind unknown-kind \
            not-symmetric not-hermitian tridiag-mismatch; do
  "$MAKE" "$case" "$case.h5"
done
refuse 3 "no dataset /matrices" no-dataset.h5 -o out.h5
refuse 3 "/matrices is \[8,16\] \(2 dimensions\); expected \[N, n, n\]" rank2.h5 -o out.h5
refuse 3 "not square" not-square.h5 -o out.h5
refuse 3 "holds no matrices \(N = 0\)" N0.h5 -o out.h5
refuse 3 "order n = 0" n0.h5 -o out.h5
refuse 3 "n above the supported maximum" nbig.h5 -o out.h5
refuse 3 "unsupported element type" string-type.h5 -o out.h5
refuse 3 "kind is general but /matrices is complex" complex-general.h5 -o out.h5
refuse 3 "kind is hermitian but /matrices is real" real-hermitian.h5 -o out.h5
refuse 3 "no 'kind' attribute" no-kind.h5 -o out.h5
refuse 3 "kind 'skew'" unknown-kind.h5 -o out.h5
# Every matrix of these files breaks the claim; on two ranks the rank that
# meets one first stops the other, so which matrix is named depends on timing.
refuse 3 "marked symmetric, but matrix [0-9]+ is not.*--trust-kind" not-symmetric.h5 -o out.h5
refuse 3 "marked hermitian, but matrix [0-9]+ is not" not-hermitian.h5 -o out.h5
refuse 3 "/offdiag is \[8,4\] but /diag is \[8,4\]" tridiag-mismatch.h5 -o out.h5
expect "--trust-kind skips the symmetry check" $MPIRUN -np 2 "$BIN" solve not-symmetric.h5 -o trusted.h5 -q --trust-kind
# --check-only finds the same problems without solving or writing anything,
# and passes a good file.
refuse 3 "marked symmetric, but matrix [0-9]+ is not" not-symmetric.h5 --check-only
refuse 3 "marked hermitian, but matrix [0-9]+ is not" not-hermitian.h5 --check-only
files_before=$(ls | sort)
expect "--check-only passes a good file" $MPIRUN -np 2 "$BIN" solve good.h5 --check-only -q
[ "$(ls | sort)" = "$files_before" ] && pass || fail "--check-only created files: $(ls)"
refuse 2 "--check-only reads and checks IN.h5 and writes nothing" good.h5 --check-only -o out.h5
refuse 2 "--check-only checks an input file" --synthetic control:4:10 --check-only

# One rank fails mid-run (bad data only it reads): every rank stops promptly,
# one message naming the rank, no output left.
"$MAKE" late-asymmetric late.h5
for bal in static dynamic; do
  start=$(date +%s)
  refuse 3 "matrix 2900 is not.*reported by rank|reported by rank.*matrix 2900|matrix 2900 is not" late.h5 -o out.h5 --chunk 10 --balance $bal
  refuse 3 "matrix 2900 is not" late.h5 --check-only --chunk 10 --balance $bal
  [ $(( $(date +%s) - start )) -lt 30 ] && pass || fail "a failing rank did not stop the job promptly ($bal)"
done

# Options out of range or contradictory.
refuse 2 "--range: START 10 is past the last matrix" good.h5 -o out.h5 --range 10:1
refuse 2 "--range 5:6 goes past the last matrix" good.h5 -o out.h5 --range 5:6
refuse 2 "--chunk: 0 is out of range" good.h5 -o out.h5 --chunk 0
refuse 2 "unknown method 'qz'" good.h5 -o out.h5 --method qz
refuse 2 "method 'jacobi' does not apply to general" good.h5 -o out.h5 --method jacobi
refuse 2 "unknown option '--bogus'" good.h5 -o out.h5 --bogus
refuse 2 "-o OUT.h5 is required" good.h5
refuse 2 "--gather-via nccl needs the GPU backend" good.h5 -o out.h5 --gather-via nccl --backend cpu
refuse 2 "--gather-via: 'pigeon' is not mpi or nccl" good.h5 -o out.h5 --gather-via pigeon
refuse 2 "--read-with: 'carrier-pigeon' is not mpiio or posix" good.h5 -o out.h5 --read-with carrier-pigeon
refuse 2 "-o good.h5 would overwrite the input good.h5" good.h5 -o good.h5
"$BIN" generate --family random-symmetric --n 4 --count 10 -q -o sym.h5
refuse 2 "--vectors cannot be combined with bisection" sym.h5 -o out.h5 --method bisection --vectors
refuse 2 "--select-index 2:9: matrices have only n = 4" sym.h5 -o out.h5 --select-index 2:9
expect_exit 2 "unknown family 'nope'" "$BIN" generate --family nope --n 3 --count 3 -o out.h5
expect_exit 2 "--n: 0 is out of range" "$BIN" generate --family random-general --n 0 --count 3 -o out.h5
expect_exit 2 "unknown command 'slove'" "$BIN" slove good.h5

# Output is never overwritten without --force, and stays intact when refused.
cp good.h5 keep.h5
sum_before=$(md5sum keep.h5 | cut -d' ' -f1)
expect_exit 4 "keep.h5: output file exists.*--force" $MPIRUN -np 2 "$BIN" solve good.h5 -o keep.h5
[ "$(md5sum keep.h5 | cut -d' ' -f1)" = "$sum_before" ] && pass || fail "refused output was modified"
expect "--force replaces it" $MPIRUN -np 2 "$BIN" solve good.h5 -o keep.h5 -q --force
expect_exit 4 "keep.h5: output file exists" "$BIN" generate --family random-general --n 3 --count 3 -o keep.h5

# More ranks than matrices: idle ranks, correct output.
"$BIN" generate --family random-general --n 5 --count 2 -q -o two.h5
expect "4 ranks on 2 matrices" $MPIRUN -np 4 "$BIN" solve two.h5 -o two-out.h5 -q
expect "2 matrices written" sh -c "'$BIN' info two-out.h5 | grep -q 'status: ok 2, not_converged 0, invalid_input 0'"

# Poisoned matrices: status per matrix, neighbours fine, exit code 8, --strict fatal.
for kind in general symmetric; do
  "$MAKE" "poison-$kind" "poison-$kind.h5"
  expect_exit 8 "" $MPIRUN -np 3 "$BIN" solve "poison-$kind.h5" -o "p-$kind.h5" --chunk 2
  grep -q "status: ok 6, not_converged 0, invalid_input 2" out.txt && pass || fail "poison-$kind: status counts: $(cat out.txt)"
  [ "$("$H5_ROWS" "p-$kind.h5" status 0 8 | tr '\n' ' ')" = "0 2 0 2 0 0 0 0 " ] && pass || fail "poison-$kind: per-matrix status wrong"
  "$H5_ROWS" "p-$kind.h5" eigenvalues 1 1 | grep -qi nan && pass || fail "poison-$kind: NaN matrix has no NaN eigenvalues"
  "$H5_ROWS" "p-$kind.h5" eigenvalues 0 1 | grep -qi nan && fail "poison-$kind: the neighbour of a NaN matrix has NaN eigenvalues" || pass
  expect_exit 8 "--strict: 2 of 8 matrices failed" $MPIRUN -np 2 "$BIN" solve "poison-$kind.h5" -o strict.h5 --strict
  [ ! -e strict.h5 ] && [ ! -e strict.h5.partial ] && pass || fail "--strict left output behind"
done

# A write failure (file-size limit) is reported, leaves no partial file, and
# keeps an existing output intact.
"$BIN" generate --family random-general --n 30 --count 3000 -q -o big.h5
cp good.h5 prev.h5
sum_before=$(md5sum prev.h5 | cut -d' ' -f1)
expect_exit 4 "(write error|disk full|cannot)" $MPIRUN -np 1 bash -c "ulimit -f 64; exec '$BIN' solve big.h5 -o prev.h5 --force --chunk 100"
[ "$(md5sum prev.h5 | cut -d' ' -f1)" = "$sum_before" ] && pass || fail "failed write damaged the previous output"
[ ! -e prev.h5.partial ] && pass || fail "failed write left prev.h5.partial"
finish

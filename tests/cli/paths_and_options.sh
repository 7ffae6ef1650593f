#!/usr/bin/env bash
# Issue 19's audit of the CPU backend: long paths work (F9: Open MPI's
# lockedfile component aborted the process on paths of 245+ characters),
# output names that cannot take the .partial suffix are refused before any
# work, the first error's message is the one printed, and the command line
# refuses what it used to drop silently (an option given twice, a bad
# --kernel, extra --synthetic fields).
source "$(dirname "$0")/lib.sh"
seed=${EIG_TEST_SEED:-$(( (RANDOM << 15) | RANDOM ))}
echo "seed $seed (replay with EIG_TEST_SEED=$seed)"
RANDOM=$seed # N and the --range below follow from the seed too
DS="eigenvalues status iterations"
nothing_left() { # nothing_left NAME...: no output and no partial file
  for f in "$@"; do [ ! -e "$f" ] && [ ! -e "$f.partial" ] || return 1; done
}
# long_path LEN NAME: creates directories so that $PWD/.../NAME is LEN
# characters long (every component within NAME_MAX) and prints that path.
long_path() {
  local len=$1 name=$2 dir=$PWD/deep
  while [ $(( ${#dir} + 1 + ${#name} )) -lt "$len" ]; do
    local room=$(( len - ${#dir} - 2 - ${#name} )) comp
    [ "$room" -gt 200 ] && room=200
    [ "$room" -lt 1 ] && room=1
    comp=$(printf 'd%.0s' $(seq "$room"))
    dir=$dir/$comp
  done
  mkdir -p "$dir"
  local p=$dir/$name
  while [ ${#p} -lt "$len" ]; do p=$dir/x${p##*/}; done # pad the name when one character short
  echo "$p"
}

N=$(( 200 + RANDOM % 200 ))
"$BIN" generate --family random-symmetric --n 6 --count $N --seed $seed -q -o in.h5
$MPIRUN -np 1 "$BIN" solve in.h5 -o ref.h5 -q

# ---- F9: 250-character paths, on 1 and 2 ranks ----
LIN=$(long_path 250 in.h5)
LOUT=$(long_path 250 out.h5)
LGEN=$(long_path 250 gen.h5)
[ ${#LIN} -eq 250 ] && [ ${#LOUT} -eq 250 ] && [ ${#LGEN} -eq 250 ] && pass || fail "long_path: ${#LIN} ${#LOUT} ${#LGEN}"
cp in.h5 "$LIN"
for np in 1 2; do
  for read in mpiio posix; do
    rm -f o.h5
    expect "np=$np: solve reads a 250-character input path (--read-with $read)" \
      $MPIRUN -np $np "$BIN" solve "$LIN" -o o.h5 -q --read-with $read
    expect "np=$np: long input, $read: same results" same_datasets ref.h5 o.h5 $DS
  done
  for out in gather parallel; do
    rm -f "$LOUT"
    expect "np=$np: solve writes a 250-character output path (--output $out)" \
      $MPIRUN -np $np "$BIN" solve in.h5 -o "$LOUT" -q --output $out
    expect "np=$np: long output, $out: same results" same_datasets ref.h5 "$LOUT" $DS
    [ ! -e "$LOUT.partial" ] && pass || fail "np=$np: $out left $LOUT.partial"
  done
  rm -f "$LGEN" g.h5
  expect "np=$np: generate writes a 250-character path" \
    $MPIRUN -np $np "$BIN" generate --family random-symmetric --n 6 --count $N --seed $seed -q -o "$LGEN"
  expect "np=$np: long generate: same matrices" same_datasets in.h5 "$LGEN" matrices
  expect "np=$np: info reads a 250-character path" $MPIRUN -np $np "$BIN" info "$LGEN"
done
# The longest file name the suffix allows (NAME_MAX 255 - ".partial"), read and written in parallel.
name247=$(printf 'n%.0s' $(seq 244)).h5
cp in.h5 "$name247"
rm -f o.h5
expect "a 247-character input file name" $MPIRUN -np 2 "$BIN" solve "$name247" -o o.h5 -q
out247=$(printf 'o%.0s' $(seq 244)).h5
expect "a 247-character output file name, --output parallel" \
  $MPIRUN -np 2 "$BIN" solve in.h5 -o "$out247" -q --output parallel
expect "247-character output: same results" same_datasets ref.h5 "$out247" $DS

# ---- names that cannot work are refused up front, with exit 4 (input: 3) ----
name248=$(printf 'o%.0s' $(seq 245)).h5
# before any work: a missing input is not even looked at
expect_exit 4 "output file name 'o+\.h5' has 248 characters; the output is written as NAME\.partial.*at most 247" \
  $MPIRUN -np 2 "$BIN" solve missing.h5 -o "$name248"
expect_exit 4 "has 248 characters.*NAME\.partial" \
  "$BIN" generate --family control --n 3 --count 5 -q -o "$name248"
expect_exit 4 "has 248 characters.*NAME\.partial" "$BIN" solve --synthetic control:3:5 -q -o "$name248" --output parallel
expect "refused names leave nothing" nothing_left "$name248"
huge=$(printf "$(printf 'd%.0s' $(seq 199))/%.0s" $(seq 21))x.h5 # 4204 characters
expect_exit 4 "output path 'd+\.\.\.' has 4204 characters.*PATH_MAX" "$BIN" solve in.h5 -o "$huge"
expect_exit 3 "input path 'd+\.\.\.' has 4204 characters" $MPIRUN -np 2 "$BIN" solve "$huge" -o o2.h5
expect_exit 3 "$(printf 'y%.0s' $(seq 256))\.h5: cannot open: File name too long" \
  "$BIN" solve "$(printf 'y%.0s' $(seq 256)).h5" -o o2.h5
expect "nothing left" nothing_left o2.h5

# ---- the first error is the one reported ----
expect_exit 2 "merge: unknown option '--first'" "$BIN" merge --first --second m.h5 ref.h5

# ---- an option given twice with different values is refused (the last used to win) ----
refused() { # refused CODE PATTERN OUT COMMAND...: exits CODE, stderr matches, OUT not written
  local code=$1 pattern=$2 out=$3; shift 3
  expect_exit "$code" "$pattern" "$@"
  expect "no $out left by: $*" nothing_left "$out"
}
refused 2 "solve: --range given twice \('0:5', then '5:5'\)" t1.h5 $MPIRUN -np 2 "$BIN" solve in.h5 -o t1.h5 --range 0:5 --range 5:5
refused 2 "solve: -o given twice \('t2.h5', then 't3.h5'\)" t3.h5 "$BIN" solve in.h5 -o t2.h5 -o t3.h5
expect "... nor the first -o" nothing_left t2.h5
refused 2 "solve: --method given twice" t4.h5 "$BIN" solve in.h5 -o t4.h5 --method jacobi --method=bisection
refused 2 "solve: --backend given twice" t5.h5 "$BIN" solve in.h5 -o t5.h5 --backend cpu --backend auto
refused 2 "solve: --chunk given twice" t6.h5 "$BIN" solve in.h5 -o t6.h5 --chunk 10 --chunk 20
refused 2 "solve: --output given twice" t7.h5 "$BIN" solve in.h5 -o t7.h5 --output gather --output parallel
refused 2 "--select-index and --select-range exclude each other" t8.h5 "$BIN" solve in.h5 -o t8.h5 --select-index 0:1 --select-range 0:1
refused 2 "generate: --n given twice \('3', then '4'\)" t9.h5 "$BIN" generate --family control --n 3 --n 4 --count 5 -o t9.h5
refused 2 "generate: --output given twice" t11.h5 "$BIN" generate --family control --n 3 --count 5 -o t10.h5 --output t11.h5
expect "... nor the first -o" nothing_left t10.h5
# the same value twice is harmless
a=$(( RANDOM % (N / 2) )) c=$(( 1 + RANDOM % (N / 2) ))
expect "the same --range twice is accepted" $MPIRUN -np 2 "$BIN" solve in.h5 -o r.h5 -q --range $a:$c --range $a:$c
[ "$("$H5_ROWS" r.h5 eigenvalues 0 $c)" = "$("$H5_ROWS" ref.h5 eigenvalues $a $c)" ] && pass \
  || fail "--range $a:$c given twice: not the rows of that range"

# ---- --kernel: an unknown name, or a GPU kernel on the CPU backend, is a usage error ----
refused 2 "--kernel: unknown kernel 'nonsense'" k1.h5 "$BIN" solve in.h5 -o k1.h5 --kernel nonsense --backend cpu
refused 2 "--kernel: unknown kernel 'nonsense'" k2.h5 "$BIN" solve in.h5 -o k2.h5 --kernel nonsense --backend gpu
refused 2 "--kernel warp-jacobi forces a GPU kernel, but the backend is cpu" k3.h5 \
  "$BIN" solve in.h5 -o k3.h5 --kernel warp-jacobi --backend cpu
expect "--kernel auto runs on the CPU backend" "$BIN" solve in.h5 -o k4.h5 -q --kernel auto --backend cpu

# ---- --synthetic: every field is checked, none dropped ----
refused 2 "--synthetic random-symmetric:6:10:1:double:extra: unexpected field 'extra'" s1.h5 \
  "$BIN" solve --synthetic random-symmetric:6:10:1:double:extra -o s1.h5
refused 2 "unexpected field ''" s2.h5 "$BIN" solve --synthetic random-symmetric:6:10:1:double: -o s2.h5
refused 2 "--synthetic SEED: '' is not" s3.h5 "$BIN" solve --synthetic random-symmetric:6:10::single -o s3.h5
expect "--synthetic with all five fields" $MPIRUN -np 2 "$BIN" solve --synthetic random-symmetric:6:$N:$seed:double -o s4.h5 -q
expect "--synthetic matches the generated file" same_datasets ref.h5 s4.h5 $DS
finish

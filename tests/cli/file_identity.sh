#!/usr/bin/env bash
# Issue 19, F4/F6/F13: the files of a run are known by what they are, not by
# how their paths are spelled.
#  - --resume refuses a .partial whose input was replaced (same name, N, n),
#    and accepts the same input spelled ./IN.h5, copied elsewhere, or
#    --max-iter 30 given explicitly (the default).
#  - -o (or its .partial, or --report) naming the input by another spelling,
#    a symlink or a hard link is refused, --force or not; the input is intact.
#  - merge refuses parts of two inputs that share a file name, and parts
#    solved with different --select-index / --max-iter.
source "$(dirname "$0")/lib.sh"
seed=$(( (RANDOM << 15) | RANDOM ))
echo "seed $seed"
DS=(eigenvalues status iterations)
# succeeds COMMAND...: exits 0 (its output in out.txt, err.txt)
succeeds() {
  local rc=0
  "$@" >out.txt 2>err.txt || rc=$?
  if [ "$rc" -ne 0 ]; then fail "'$*' exited $rc; stderr: $(cat err.txt)"; else pass; fi
}
N=$(( 1500 + RANDOM % 1000 ))
"$BIN" generate --family control --n 8 --count $N --seed $seed -q -o in.h5
"$BIN" generate --family control --n 8 --count $N --seed $(( seed + 1 )) -q -o other.h5
cp in.h5 in.orig
"$BIN" solve in.h5 -o ref.h5 -q
"$BIN" solve other.h5 -o ref-other.h5 -q

# A complete result renamed to .partial stands for a killed run's file (it
# carries the same resume key); resuming it only finishes it.
partial_of() { rm -f "$2" "$2.partial"; cp "$1" "$2.partial"; }
swap_in() { cp "$1" in.h5; } # replace the input in place: same name, N and n

# ---- F4: --resume after the input was replaced ----
partial_of ref.h5 x.h5
swap_in other.h5
expect_exit 2 "x\.h5\.partial: --resume: the partial output was made by a different run \(input_content: file:bytes=[0-9]+:fnv1a64=[0-9a-f]{16} \(partial\) vs file:bytes=[0-9]+:fnv1a64=[0-9a-f]{16} \(this run\)\)" \
  "$BIN" solve in.h5 -o x.h5 --resume -q
expect "a refused --resume keeps the partial file" test -e x.h5.partial
expect "and writes no output" test ! -e x.h5
swap_in in.orig
# The same input, spelled otherwise, copied (cp: a new mtime), with --max-iter 30.
mkdir -p stage sub
cp in.h5 stage/in.h5
touch -d '2001-01-01' stage/in.h5
for how in "./in.h5" "$PWD/in.h5" "stage/in.h5" "in.h5 --max-iter 30"; do
  partial_of ref.h5 y.h5
  # shellcheck disable=SC2086 # $how holds the input and maybe an option
  succeeds "$BIN" solve $how -o y.h5 --resume
  expect "resume of the same input as '$how' continues the partial file" grep -q "resuming y.h5.partial" out.txt
  expect "resume as '$how' gives the result" same_datasets ref.h5 y.h5 "${DS[@]}"
done
# Options that change results still count.
partial_of ref.h5 y.h5
expect_exit 2 "maxit: 30 \(partial\) vs 50 \(this run\)" "$BIN" solve in.h5 -o y.h5 --resume --max-iter 50 -q

# A real killed run: kill -9 mid-way, replace the input, --resume is refused;
# put the input back and --resume finishes it as if never interrupted.
"$BIN" generate --family random-general --n 48 --count 4000 --seed $seed -q -o big.h5
"$BIN" generate --family random-general --n 48 --count 4000 --seed $(( seed + 2 )) -q -o big-other.h5
cp big.h5 big.orig
"$BIN" solve big.h5 -o big-ref.h5 -q
"$BIN" solve big.h5 -o k.h5 -q --chunk 50 &
pid=$!
for _ in $(seq 1 400); do [ -e k.h5.partial ] && break; sleep 0.05; done
sleep 0.4 # some chunks done, most not
kill -9 $pid 2>/dev/null && killed=1 || killed=0
wait $pid 2>/dev/null || true
expect "the run was killed half-way" test "$killed" = 1 -a -e k.h5.partial -a ! -e k.h5
cp big-other.h5 big.h5
expect_exit 2 "input_content: .* \(partial\) vs .* \(this run\)" "$BIN" solve big.h5 -o k.h5 --resume -q
expect "no output from the other input" test ! -e k.h5 -a -e k.h5.partial
cp big.orig big.h5
succeeds "$BIN" solve ./big.h5 -o k.h5 --resume -q
expect "the resumed run equals an uninterrupted one" same_datasets big-ref.h5 k.h5 "${DS[@]}"

# ---- F6: -o naming the input ----
ln -s in.h5 soft.h5
ln in.h5 hard.h5
for args in "in.h5 -o ./in.h5" "in.h5 -o ./in.h5 --force" "in.h5 -o $PWD/in.h5 --force" \
            "stage/in.h5 -o sub/../stage/in.h5 --force" "in.h5 -o soft.h5 --force" "soft.h5 -o in.h5 --force" \
            "hard.h5 -o in.h5 --force" "in.h5 -o in.h5 --resume"; do
  # shellcheck disable=SC2086
  expect_exit 2 "would overwrite the input .* \(the same file\)" "$BIN" solve $args -q
done
# The output's .partial, or the report, being the input.
cp in.h5 z.h5.partial
expect_exit 2 "-o \(its partial file\) z\.h5\.partial would overwrite the input" "$BIN" solve z.h5.partial -o z.h5 --force -q
expect_exit 2 "-o \(its partial file\) z\.h5\.partial would overwrite the input" "$BIN" solve ./z.h5.partial -o z.h5 --resume -q
expect_exit 2 "--report \./in\.h5 would overwrite the input" "$BIN" solve in.h5 -o r.h5 --report ./in.h5 -q
expect "the input is intact" cmp -s in.h5 in.orig
expect "and its copies" sh -c "cmp -s stage/in.h5 in.orig && cmp -s z.h5.partial in.orig"
# A file of equal content elsewhere is not the input: it may be replaced.
cp in.h5 copy.h5
succeeds "$BIN" solve in.h5 -o copy.h5 --force -q
expect "an output of equal content but another file is written" same_datasets ref.h5 copy.h5 "${DS[@]}"

# ---- F13: merge only parts of one input and one set of options ----
a=$(( N / 2 ))
"$BIN" solve in.h5 -o p1.h5 -q --range 0:$a
swap_in other.h5 # another input under the same name
"$BIN" solve in.h5 -o p2-other.h5 -q --range $a:$(( N - a ))
swap_in in.orig
expect_exit 3 "p1\.h5 and p2-other\.h5 come from different inputs" "$BIN" merge m.h5 p1.h5 p2-other.h5
"$BIN" solve in.h5 -o p2-maxit.h5 -q --range $a:$(( N - a )) --max-iter 50
expect_exit 3 "solved with different options \(maxit: 30 \(p1\.h5\) vs 50 \(p2-maxit\.h5\)\)" "$BIN" merge m.h5 p1.h5 p2-maxit.h5
# Same input under another spelling or a copy, --max-iter 30: one run.
"$BIN" solve stage/in.h5 -o p2.h5 -q --range $a:$(( N - a )) --max-iter 30
succeeds "$BIN" merge m.h5 p2.h5 p1.h5
expect "merged parts of one input match" same_datasets ref.h5 m.h5 "${DS[@]}"
expect "the merged file names the input's identity" sh -c "'$BIN' info m.h5 | grep -q 'input_identity *file:bytes=$(stat -c %s in.h5):fnv1a64='"
# --select-index differs (bisection on symmetric matrices).
"$BIN" generate --family random-symmetric --n 10 --count 600 --seed $seed -q -o sym.h5
"$BIN" solve sym.h5 -o s1.h5 -q --range 0:300 --method bisection --select-index 0:2
"$BIN" solve sym.h5 -o s2.h5 -q --range 300:300 --method bisection --select-index 0:3
expect_exit 3 "solved with different options \(select: index:0:2 \(s1\.h5\) vs index:0:3 \(s2\.h5\)\)" "$BIN" merge ms.h5 s1.h5 s2.h5
"$BIN" solve sym.h5 -o s2.h5 -q --range 300:300 --method bisection --select-index 0:2 --force
succeeds "$BIN" merge ms.h5 s1.h5 s2.h5
# merge never writes over one of its parts.
cp p1.h5 p1.orig
expect_exit 2 "merge: the output \./p1\.h5 would overwrite the part p1\.h5" "$BIN" merge ./p1.h5 p1.h5 p2.h5 --force
expect "the part is intact" cmp -s p1.h5 p1.orig
expect "refused merges leave no output" test ! -e m2.h5 -a ! -e p1.h5.partial
finish

#!/usr/bin/env bash
# Issue 4 on the CPU backend: gather vs parallel output, static vs dynamic
# balance, --range parts + merge, kill -9 + --resume, --synthetic: all give the
# same datasets as a plain single-rank run.
source "$(dirname "$0")/lib.sh"
seed=$(( (RANDOM << 15) | RANDOM ))
echo "seed $seed"
DS="eigenvalues status iterations"
N=$(( 3000 + RANDOM % 1000 ))
"$BIN" generate --family control --n 12 --count $N --seed $seed -q -o in.h5
$MPIRUN -np 1 "$BIN" solve in.h5 -o ref.h5 -q

for np in 1 2 3 4; do
  for out in gather parallel; do
    for bal in static dynamic; do
      rm -f o.h5
      $MPIRUN -np $np "$BIN" solve in.h5 -o o.h5 -q --output $out --balance $bal --chunk $(( 50 + RANDOM % 300 )) \
        || fail "solve np=$np --output $out --balance $bal"
      expect "np=$np $out $bal matches" same_datasets ref.h5 o.h5 $DS
    done
  done
done

# Job-array style: three ranges, merged; gaps and overlaps refused.
a=$(( N / 3 )) b=$(( 2 * N / 3 ))
$MPIRUN -np 2 "$BIN" solve in.h5 -o p1.h5 -q --range 0:$a
$MPIRUN -np 3 "$BIN" solve in.h5 -o p2.h5 -q --range $a:$(( b - a )) --output parallel
$MPIRUN -np 1 "$BIN" solve in.h5 -o p3.h5 -q --range $b:$(( N - b )) --balance dynamic
expect "merge joins the parts" "$BIN" merge merged.h5 p3.h5 p1.h5 p2.h5
expect "merged file matches" same_datasets ref.h5 merged.h5 $DS
expect_exit 3 "matrices $a\.\.$(( b - 1 )) are missing" "$BIN" merge gap.h5 p1.h5 p3.h5
$MPIRUN -np 1 "$BIN" solve in.h5 -o p2b.h5 -q --range $(( a - 5 )):$(( b - a + 5 ))
expect_exit 3 "are doubled" "$BIN" merge dup.h5 p1.h5 p2b.h5 p3.h5
[ ! -e gap.h5 ] && [ ! -e dup.h5 ] && pass || fail "refused merge left output"

# --synthetic gives what solving the generated file gives.
$MPIRUN -np 2 "$BIN" solve --synthetic control:12:$N:$seed -o syn.h5 -q
expect "--synthetic matches the file" same_datasets ref.h5 syn.h5 $DS

# kill -9 half-way, then --resume (with another rank count): same result.
"$BIN" generate --family random-general --n 48 --count 16000 --seed $seed -q -o big.h5
$MPIRUN -np 1 "$BIN" solve big.h5 -o big-ref.h5 -q
OMP_NUM_THREADS=1 "$BIN" solve big.h5 -o big-out.h5 -q --chunk 100 &
pid=$!
for _ in $(seq 1 100); do [ -e big-out.h5.partial ] && break; sleep 0.1; done
sleep 1.5  # some chunks done, most not
kill -9 $pid 2>/dev/null && killed=1 || killed=0
wait $pid 2>/dev/null || true
expect "the run was killed half-way (not finished)" test "$killed" = 1
expect "a killed run leaves its partial file" test -e big-out.h5.partial
expect "and no final file" test ! -e big-out.h5
$MPIRUN -np 3 "$BIN" solve big.h5 -o big-out.h5 --resume --chunk 70 > resume.log 2>&1 || fail "--resume failed: $(cat resume.log)"
cat resume.log | grep -E "resuming|already" || true
expect "resumed result matches an uninterrupted run" same_datasets big-ref.h5 big-out.h5 $DS
expect "--resume on a complete output is a no-op" sh -c "'$BIN' solve big.h5 -o big-out.h5 --resume | grep -q 'already complete'"
expect_exit 2 "made by a different run" sh -c "cp big-ref.h5 x.h5.partial; '$BIN' solve in.h5 -o x.h5 --resume"
finish

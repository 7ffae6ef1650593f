#!/usr/bin/env bash
# 200 randomly damaged copies of a small collection (flipped bytes anywhere,
# truncations): every solve ends with a clean error (exit 3) or a result that
# LAPACK confirms (exit 0/8) -- never a signal, never a hang.
source "$(dirname "$0")/lib.sh"
ORACLE=$1
COPIES=${COPIES:-200}
seed=${EIG_TEST_SEED:-$(( (RANDOM << 15) | RANDOM ))}
echo "seed $seed"
RANDOM=$seed
"$BIN" generate --family random-symmetric --n 6 --count 40 -q -o clean.h5
size=$(stat -c %s clean.h5)
# Where the one data chunk lies: a flip there changes matrices, not metadata.
need_h5py
data_start=$("${EIG_PYTHON:-/usr/bin/python3}" -c 'import h5py, sys
d = h5py.File(sys.argv[1], "r")["matrices"]
print(d.id.get_chunk_info(0).byte_offset)' clean.h5)
data_end=$((data_start + 40 * 6 * 6 * 8))

# A fixed case first: a chunk record whose stored size shrank from 11,520
# bytes (one 40 x 6 x 6 double chunk) to 256, the data left intact. Through
# its chunk cache HDF5 1.10 trusts the record and copies a whole chunk out of
# a 256-byte buffer; eigsweep reads around the cache (eig_h5_open_dataset), so
# the data must come out right. The record is found by its bytes (size 11520
# little-endian, then filter mask 0).
hex=$(od -An -v -tx1 clean.h5 | tr -d ' \n')
prefix=${hex%%002d000000000000*}
if [ ${#prefix} -lt ${#hex} ] && [ $(( ${#prefix} % 2 )) -eq 0 ]; then
  cp clean.h5 bad.h5
  printf '\001' | dd of=bad.h5 bs=1 seek=$(( ${#prefix} / 2 + 1 )) conv=notrunc status=none
  rm -f out.h5
  expect "shrunk chunk record: solve" timeout 60 "$BIN" solve bad.h5 -o out.h5 -q
  # against clean.h5: the data is intact, and a bad read of bad.h5 could
  # fool an oracle that reads it the same way
  expect "shrunk chunk record: LAPACK agrees" "$ORACLE" clean.h5 out.h5
else
  fail "no chunk record of 11520 bytes found in clean.h5 (HDF5 wrote a different layout?)"
fi

# A second fixed case: the v1 B-tree node of the chunk index ("TREE") with a
# damaged count of entries (1 -> 60). HDF5's own read then finds no chunk, while
# the chunk lookup the direct reader uses (H5Dget_chunk_info_by_coord) still
# finds it with its size intact: a clean error, or the clean file's answer,
# are both right -- not the garbage an oracle reading bad.h5 sees.
tree=${hex%%54524545*}
if [ ${#tree} -lt ${#hex} ] && [ $(( ${#tree} % 2 )) -eq 0 ]; then
  cp clean.h5 bad.h5
  printf '\074' | dd of=bad.h5 bs=1 seek=$(( ${#tree} / 2 + 6 )) conv=notrunc status=none
  rm -f out.h5
  rc=0
  timeout 60 "$BIN" solve bad.h5 -o out.h5 -q >/dev/null 2>err.txt || rc=$?
  case $rc in
    0) expect "damaged B-tree count: the clean file's answer" "$ORACLE" clean.h5 out.h5 ;;
    3) if [ -e out.h5 ]; then fail "damaged B-tree count: error but out.h5 exists"; else pass; fi ;;
    *) fail "damaged B-tree count: exit $rc: $(head -c 300 err.txt)" ;;
  esac
else
  fail "no v1 B-tree node (TREE) in clean.h5 (HDF5 wrote a different layout?)"
fi

declare -A outcomes
for i in $(seq 1 "$COPIES"); do
  cp clean.h5 bad.h5
  rm -f data_only.h5
  if [ $((RANDOM % 4)) -eq 0 ]; then
    truncate -s $(( (RANDOM * 32768 + RANDOM) % size )) bad.h5
    what="truncated to $(stat -c %s bad.h5)"
  else
    what="flipped"
    cp clean.h5 data_only.h5 # the same flips where they hit the data only
    for _ in $(seq 1 $(( 1 + RANDOM % 8 ))); do
      # Half the flips land in the first 4 KiB, where HDF5 keeps its metadata.
      if [ $((RANDOM % 2)) -eq 0 ]; then off=$((RANDOM % 4096)); else off=$(( (RANDOM * 32768 + RANDOM) % size )); fi
      b=$((RANDOM % 256)) # drawn here, not in a subshell, so EIG_TEST_SEED replays it
      byte=$(printf '\\x%02x' "$b")
      printf '%b' "$byte" | dd of=bad.h5 bs=1 seek=$off conv=notrunc status=none
      if [ "$off" -ge "$data_start" ] && [ "$off" -lt "$data_end" ]; then
        printf '%b' "$byte" | dd of=data_only.h5 bs=1 seek=$off conv=notrunc status=none
      fi
      what="$what @$off"
    done
  fi
  rm -f out.h5
  rc=0
  timeout 60 "$BIN" solve bad.h5 -o out.h5 -q >out.txt 2>err.txt || rc=$?
  outcomes[$rc]=$(( ${outcomes[$rc]:-0} + 1 ))
  case $rc in
    # right: the damaged file's data as HDF5 reads it, or the clean file's
    # (damaged index metadata that HDF5's read misses and the direct
    # reader's chunk lookup does not: the case above), or the bytes at the
    # chunk's intact address, flips in the data included (metadata flips
    # that HDF5's own read trips on while the chunk lookup does not)
    0) if "$ORACLE" bad.h5 out.h5 >oracle.txt 2>&1 || "$ORACLE" clean.h5 out.h5 >>oracle.txt 2>&1 ||
          { [ -e data_only.h5 ] && "$ORACLE" data_only.h5 out.h5 >>oracle.txt 2>&1; }; then pass
       else fail "copy $i ($what): exit 0 but wrong result: $(cat oracle.txt)"; fi ;;
    3|8) if [ $rc -eq 3 ] && [ -e out.h5 ]; then fail "copy $i ($what): error but out.h5 exists"; else pass; fi
         [ $rc -eq 3 ] && ! grep -q "^eigsweep: error: " err.txt && fail "copy $i ($what): exit 3 without an error line" ;;
    *) fail "copy $i ($what): exit $rc: $(head -c 300 err.txt)"; cp bad.h5 "$EIG_TEST_TMP/corrupt-case-$i.h5" 2>/dev/null || true ;;
  esac
done
for k in "${!outcomes[@]}"; do echo "exit $k: ${outcomes[$k]} copies"; done

# Damaged result files and `info`: a clean error (exit 3), or status counts
# that add up to the 40 matrices the file holds -- never a hang (a damaged
# /status header once left its size unset: info spun forever) and never a
# count of what little could be read ("ok 0", exit 0).
"$BIN" solve clean.h5 -o clean-eig.h5 -q
rsize=$(stat -c %s clean-eig.h5)
for i in $(seq 1 $(( COPIES / 2 ))); do
  cp clean-eig.h5 bad-eig.h5
  what="flipped"
  for _ in $(seq 1 $(( 1 + RANDOM % 8 ))); do
    if [ $((RANDOM % 2)) -eq 0 ]; then off=$((RANDOM % 4096)); else off=$(( (RANDOM * 32768 + RANDOM) % rsize )); fi
    printf "$(printf '\\x%02x' $((RANDOM % 256)))" | dd of=bad-eig.h5 bs=1 seek=$off conv=notrunc status=none
    what="$what @$off"
  done
  rc=0
  timeout 20 "$BIN" info bad-eig.h5 >out.txt 2>err.txt || rc=$?
  case $rc in
    0) line=$(grep -E '^  status: ' out.txt || true)
       total=0
       for v in $(echo "$line" | grep -oE '[0-9]+'); do total=$((total + v)); done
       if [ -n "$line" ] && [ "$total" = 40 ]; then pass; else fail "info on result copy $i ($what): exit 0 but counts '$line'"; fi ;;
    3) if grep -q "^eigsweep: error: " err.txt; then pass; else fail "info on result copy $i ($what): exit 3 without an error line"; fi ;;
    *) fail "info on result copy $i ($what): exit $rc: $(head -c 300 err.txt)"; cp bad-eig.h5 "$EIG_TEST_TMP/corrupt-result-$i.h5" 2>/dev/null || true ;;
  esac
done
finish

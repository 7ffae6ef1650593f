#!/usr/bin/env bash
# The report's wall is the process's: the timeline (docs/metrics.md) counts
# from main's start, in order (MPI_Init before the input, the input before
# the first chunk, ... the rename last), for rank 0 and the slowest rank,
# the same in the table and the JSON twin, and `total` is the renamed mark.
# shellcheck source=tests/cli/lib.sh
source "$(dirname "$0")/lib.sh"
PY=${EIG_PYTHON:-/usr/bin/python3}
for np in 1 3; do
  $MPIRUN -np $np "$BIN" solve --synthetic control:6:3000:$RANDOM -o out.h5 --force --chunk 700 --report r.json > table.txt
  expect "np=$np: the table has a timeline" grep -q "^timeline (s from main's start)" table.txt
  expect "np=$np: the wall line is there" grep -qE "^  output renamed = wall +[0-9.]+ +[0-9.]+ +[0-9]+$" table.txt
  expect "np=$np: timeline in order, total = wall" "$PY" - "$np" <<'PYEOF'
import json, sys
np_ = int(sys.argv[1])
r = json.load(open("r.json"))
t = r["timeline"]
order = ["mpi_init", "input_open", "output_created", "first_chunk", "solve_loop", "renamed"]
for k in order:
    assert t[k]["rank0_s"] > 0, (k, t[k])
    assert t[k]["slowest_s"] >= t[k]["rank0_s"], (k, t[k])
    assert 0 <= t[k]["slowest_rank"] < np_, (k, t[k])
for a, b in zip(order, order[1:]):
    assert t[a]["rank0_s"] <= t[b]["rank0_s"], (a, b, t)
assert t["cuda_context"]["slowest_rank"] == -1 and t["nccl"]["slowest_rank"] == -1, t  # CPU run: neither
assert abs(t["wall_s"] - t["renamed"]["slowest_s"]) < 1e-9, t
assert abs(r["stages"]["total"]["max_s"] - t["wall_s"]) < 0.05, (r["stages"]["total"], t["wall_s"])
assert t["before_main_s"] >= 0 and t["parent_before_main_s"] >= 0, t  # under mpirun: both known
PYEOF
done
# The CUDA context's hardware queues: one a stream unless the user set the
# driver's variable, nothing asked of the driver for a CPU-only run (the
# harness's EIGSWEEP_BACKEND=cpu is one; these runs ask for the GPU with
# --backend auto and, finding none here, solve on the CPU).
unset CUDA_DEVICE_MAX_CONNECTIONS
queues() { "$PY" -c 'import json,sys; print(json.load(open(sys.argv[1]))["timeline"]["cuda_queues"])' r.json; }
"$BIN" solve --synthetic control:6:500 -o out.h5 --force --backend auto --streams 3 --report r.json > /dev/null
expect "--streams 3: three queues" test "$(queues)" = "3 (one a stream)"
"$BIN" solve --synthetic control:6:500 -o out.h5 --force --backend auto --report r.json > /dev/null
expect "default streams: four queues" test "$(queues)" = "4 (one a stream)"
CUDA_DEVICE_MAX_CONNECTIONS=2 "$BIN" solve --synthetic control:6:500 -o out.h5 --force --backend auto --streams 3 \
  --report r.json > /dev/null
expect "the user's queue count kept" test "$(queues)" = "2 (the user's CUDA_DEVICE_MAX_CONNECTIONS)"
"$BIN" solve --synthetic control:6:500 -o out.h5 --force --backend auto --stre 5 --report r.json > /dev/null
expect "--stre 5 (a prefix getopt takes): five queues" test "$(queues)" = "5 (one a stream)"
CUDA_DEVICE_MAX_CONNECTIONS=lots "$BIN" solve --synthetic control:6:500 -o out.h5 --force --backend auto \
  --report r.json > /dev/null
expect "an unparsed user value named so" test "$(queues)" = "the driver's (CUDA_DEVICE_MAX_CONNECTIONS unparsed)"
"$BIN" solve --synthetic control:6:500 -o out.h5 --force --report r.json > /dev/null
expect "EIGSWEEP_BACKEND=cpu: no queue count" test -z "$(queues)"
finish

#!/usr/bin/env bash
# Sweeps on the GPU, end to end, every kind and both precisions (h5py-written
# specs, random bases each run):
#  - generate --spec --backend gpu writes the bytes --backend cpu writes;
#  - solve SPEC --backend gpu (each chunk formed on the device, straight into
#    the solver's input buffer) gives bit for bit the results of solving the
#    generated collection on the GPU (same input bits, same kernels), over
#    several chunks;
#  - and matches solve SPEC --backend cpu within the solver tolerance.
# Needs a GPU: exit 77 (skipped) otherwise.
source "$(dirname "$0")/lib.sh"
ngpu=$(nvidia-smi -L 2>/dev/null | grep -c '^GPU' || true)
if [ "${ngpu:-0}" -lt 1 ]; then echo "no GPU: skipped"; exit 77; fi
py=${EIG_PYTHON:-/usr/bin/python3}
seed=$(( (RANDOM << 15) | RANDOM ))
echo "seed $seed"
for kind in general symmetric hermitian tridiagonal; do
  for dtype in float64 float32; do
    what="$kind $dtype"
    "$py" - "$seed" "$kind" "$dtype" <<'PY' || { fail "$what: writing the spec"; continue; }
import os, sys
sys.path.insert(0, os.environ["SWEEP_LIB"])
import numpy as np
from sweep_lib import random_bases, write_spec
seed, kind, dtype = int(sys.argv[1]), sys.argv[2], np.dtype(sys.argv[3]).type
rng = np.random.default_rng(seed)
n = int(rng.integers(2, 33))
write_spec("spec.h5", kind, random_bases(rng, kind, 2, n, dtype),
           axes=[np.linspace(-1, 1, 40), rng.uniform(-1, 1, 50)], names=["k1", "k2"])
PY
    "$BIN" generate --spec spec.h5 --backend gpu -q -o g.h5 || fail "$what: generate --spec --backend gpu"
    "$BIN" generate --spec spec.h5 --backend cpu -q -o c.h5 || fail "$what: generate --spec --backend cpu"
    if [ "$kind" = tridiagonal ]; then data=(diag offdiag); else data=(matrices); fi
    expect "$what: GPU and CPU formation bit-identical" same_datasets g.h5 c.h5 "${data[@]}"
    "$BIN" solve spec.h5 -o sg.h5 -q --backend gpu --chunk 700 || fail "$what: solve SPEC --backend gpu"
    "$BIN" solve g.h5 -o fg.h5 -q --backend gpu --chunk 700 || fail "$what: solve the collection --backend gpu"
    expect "$what: sweep on the GPU = its collection on the GPU" same_datasets sg.h5 fg.h5 eigenvalues status iterations
    "$BIN" solve spec.h5 -o sc.h5 -q --backend cpu || fail "$what: solve SPEC --backend cpu"
    expect "$what: GPU within tolerance of CPU" "$py" - "$dtype" "$kind" <<'PY'
# The tolerance of tests/test_gpu_batch.c: (100, general 1000) n eps ||A(p)||_F
# per matrix; general eigenvalues matched as sets (near-equal real parts may
# come in either order).
import sys, h5py, numpy as np
eps, kind = np.finfo(np.dtype(sys.argv[1])).eps, sys.argv[2]
g, c = h5py.File("sg.h5")["eigenvalues"][()], h5py.File("sc.h5")["eigenvalues"][()]
coll = h5py.File("g.h5")
if kind == "tridiagonal":
    d, e = coll["diag"][()].astype(float), coll["offdiag"][()].astype(float)
    norms = np.sqrt((d**2).sum(1) + 2 * (e**2).sum(1))
else:
    a = coll["matrices"][()]
    if a.dtype.names:
        a = a["r"] + 1j * a["i"]
    norms = np.sqrt((np.abs(a.astype(complex)) ** 2).sum((1, 2)))
n = g.shape[1]
worst = 0.0
for m in range(g.shape[0]):
    tol = (1000 if kind == "general" else 100) * n * eps * norms[m]
    if g.dtype.names:
        gz, cz = g[m]["r"] + 1j * g[m]["i"], c[m]["r"] + 1j * c[m]["i"]
        err = max(np.abs(cz - z).min() for z in gz)
    else:
        err = np.abs(g[m] - c[m]).max()
    worst = max(worst, err / tol if tol > 0 else (0 if err == 0 else np.inf))
print("worst |gpu - cpu| / tol =", worst)
sys.exit(0 if worst <= 1 else 1)
PY
    rm -f ./*.h5
  done
done
finish

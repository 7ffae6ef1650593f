#!/usr/bin/env bash
# The direct reader (io/direct_read.h: pread past HDF5 where the file's
# bytes are the solver's) gives the same results as HDF5's read path, on
# files h5py writes: contiguous and chunked (chunks of odd row counts, so
# eigsweep's chunks cut through HDF5's), float32/64, complex64/128,
# tridiagonal, a chunked file with chunks never written (those read through
# HDF5: fill values); and stays off where HDF5 must convert (big-endian,
# integers). Ranks and --chunk vary so pieces start and end mid-chunk.
# shellcheck source=tests/cli/lib.sh
source "$(dirname "$0")/lib.sh"
PY=${EIG_PYTHON:-/usr/bin/python3}
"$PY" - <<'PYEOF'
import h5py, numpy as np
rng = np.random.default_rng()
N = 1000
def sym(n, dt):
    a = rng.standard_normal((N, n, n)); return ((a + a.transpose(0, 2, 1)) / 2).astype(dt)
def herm(n, dt):
    a = rng.standard_normal((N, n, n)) + 1j * rng.standard_normal((N, n, n))
    return ((a + a.conj().transpose(0, 2, 1)) / 2).astype(dt)
cases = {
    "gen_contig_f64": ("general", rng.standard_normal((N, 9, 9)), None),
    "gen_chunk_f32": ("general", rng.standard_normal((N, 9, 9)).astype(np.float32), (7, 9, 9)),
    "sym_chunk_f64": ("symmetric", sym(8, np.float64), (13, 8, 8)),
    "sym_contig_f32": ("symmetric", sym(8, np.float32), None),
    "her_contig_c128": ("hermitian", herm(6, np.complex128), None),
    "her_chunk_c64": ("hermitian", herm(6, np.complex64), (11, 6, 6)),
    "gen_bigendian": ("general", rng.standard_normal((N, 7, 7)).astype(">f8"), (50, 7, 7)),
    "gen_int32": ("general", rng.integers(-9, 9, (N, 7, 7)).astype(np.int32), None),
}
for name, (kind, a, chunks) in cases.items():
    with h5py.File(name + ".h5", "w") as f:
        f.create_dataset("matrices", data=a, chunks=chunks).attrs["kind"] = kind
with h5py.File("tri_chunk_f64.h5", "w") as f:
    f.create_dataset("diag", data=rng.standard_normal((N, 10)), chunks=(17, 10))
    f.create_dataset("offdiag", data=rng.standard_normal((N, 9)), chunks=(23, 9))
    f["diag"].attrs["kind"] = "tridiagonal"
with h5py.File("gen_holes.h5", "w") as f:  # chunks 10..19 and the last never written (fill value 0)
    d = f.create_dataset("matrices", shape=(N, 5, 5), dtype="f8", chunks=(20, 5, 5))
    d.attrs["kind"] = "general"
    a = rng.standard_normal((N, 5, 5))
    d[:200] = a[:200]; d[400:980] = a[400:980]
PYEOF
reader() { sed -n '1s/.* reader=\([a-z0-9]*\).*/\1/p' "$1"; }
for f in gen_contig_f64 gen_chunk_f32 sym_chunk_f64 sym_contig_f32 her_contig_c128 her_chunk_c64 tri_chunk_f64 gen_holes \
         gen_bigendian gen_int32; do
  want=direct
  case $f in
    gen_bigendian | gen_int32) want=hdf5 ;;
    gen_holes) want=any ;; # a read that meets a hole goes through HDF5 whole
  esac
  for run in "1 1000" "3 37"; do
    read -r np chunk <<< "$run"
    EIG_DIRECT_READ=0 $MPIRUN -np "$np" "$BIN" solve "$f.h5" -o "plain.h5" --force --chunk "$chunk" > plain.txt 2>&1 || true
    $MPIRUN -np "$np" "$BIN" solve "$f.h5" -o "direct.h5" --force --chunk "$chunk" > direct.txt 2>&1 || true
    if [ "$(reader plain.txt)" != hdf5 ]; then fail "$f np=$np: EIG_DIRECT_READ=0 read with '$(reader plain.txt)': $(head -3 plain.txt)"; continue; fi
    if [ "$want" != any ] && [ "$(reader direct.txt)" != "$want" ]; then fail "$f np=$np: read with '$(reader direct.txt)', expected $want: $(head -3 direct.txt)"; continue; fi
    same_datasets plain.h5 direct.h5 eigenvalues status iterations && pass
  done
  # --check-only takes the same reader
  out=$($MPIRUN -np 2 "$BIN" solve "$f.h5" --check-only 2>&1) || true
  if [[ $want == any || $out == *"reader=$want"* ]]; then pass; else fail "$f --check-only: expected reader=$want: $(echo "$out" | head -2)"; fi
done
# A file cut short: the direct reader says so, naming the file (exit 3, no output).
cp gen_contig_f64.h5 cut.h5
truncate -s $(( $(stat -c %s cut.h5) - 4000 )) cut.h5
expect_exit 3 "cut.h5: .*(file ends early|read error|truncated)" "$BIN" solve cut.h5 -o cut_out.h5
expect "no output from the cut file" test ! -e cut_out.h5
finish

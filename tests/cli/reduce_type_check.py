"""--reduce-type float32 against float64 (docs/reductions.md): F32.h5 was
solved with --reduce-type float32, REF.h5 with the same input and list in
float64 (the default). Every float reduction of F32.h5 must be float32
({r, i} float32 for eig:I of general matrices) and, to the bit,
np.float32 of REF.h5's float64 value (the double reduction rounded to
nearest once); counts int32 and /status equal; the root attribute
reduce_type says float32; /iterations is there exactly when the list names
`iterations` or `values`.

usage: reduce_type_check.py F32.h5 REF.h5"""
import sys

import h5py
import numpy as np


def text(attr):
    return attr.decode() if isinstance(attr, bytes) else str(attr)


def bits(a):
    """The bytes of an array, NaNs included (a float32 NaN rounded from the
    same double NaN has the same bits on every IEEE machine)."""
    return np.ascontiguousarray(a).view(np.uint8)


def main():
    path32, path64 = sys.argv[1], sys.argv[2]
    fails = []
    with h5py.File(path32, "r") as f, h5py.File(path64, "r") as g:
        if text(f.attrs.get("reduce_type", "")) != "float32":
            fails.append(f"{path32}: reduce_type is {f.attrs.get('reduce_type')!r}, not float32")
        if text(g.attrs.get("reduce_type", "float64")) != "float64":
            fails.append(f"{path64}: reduce_type is {g.attrs.get('reduce_type')!r}, not float64")
        items = text(f.attrs["reduce"]).split(",")
        names = [w.replace("-", "_").replace(":", "_") for w in items if w not in ("values", "iterations")]
        if not names:
            fails.append(f"{path32}: no reductions in its list {items}")
        if not np.array_equal(f["status"][...], g["status"][...]):
            fails.append("/status differs")
        want_iterations = "iterations" in items or "values" in items
        if ("iterations" in f) != want_iterations:
            fails.append(f"{path32}: /iterations {'present' if 'iterations' in f else 'absent'} with the list {items}")
        for name in names:
            a, b = f[name], g[name]
            if a.shape != b.shape:
                fails.append(f"/{name}: shape {a.shape} vs {b.shape}")
                continue
            if name.startswith("unstable"):
                if a.dtype != np.int32 or not np.array_equal(a[...], b[...]):
                    fails.append(f"/{name}: {a.dtype}, not the int32 counts of {path64}")
                continue
            complex_ = b.dtype == np.complex128
            if b.dtype not in (np.float64, np.complex128):
                fails.append(f"{path64}: /{name} is {b.dtype}, not float64")
                continue
            if a.dtype != (np.complex64 if complex_ else np.float32):
                fails.append(f"/{name} is {a.dtype}, not {'complex64' if complex_ else 'float32'}")
                continue
            want = b[...].astype(np.complex64 if complex_ else np.float32)  # round to nearest, once
            got = a[...]
            if not np.array_equal(bits(got), bits(want)):
                diff = np.flatnonzero((bits(got) != bits(want)).reshape(got.size, -1).any(axis=1))
                fails.append(f"/{name} is not np.float32 of the float64 value at flat points {diff[:5]}: "
                             f"{got.reshape(-1)[diff[:5]]} vs {want.reshape(-1)[diff[:5]]}")
        print(f"{path32}: {len(names)} reductions of {f['status'].size} points = np.float32 of {path64}'s")
    for w in fails:
        print("FAIL:", w, file=sys.stderr)
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())

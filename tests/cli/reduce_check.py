"""--reduce against numpy (docs/reductions.md): every reduction of a result
file written with `values` too is recomputed here from its /eigenvalues, by
the documented definitions, and must be equal to the bit (the same
eigenvalues, reduced by IEEE-exact operations: compares, +, *, /, sqrt).
Also: every dataset's shape is the grid's, counts are int32, failed points
carry NaN / -1. A file written with --reduce-type float32 (root attribute
reduce_type) holds float32 ({r, i} float32 for eig:I of general matrices):
each value must be numpy's float64 reduction rounded by np.float32, to the
bit.

usage: reduce_check.py RESULT.h5"""
import sys

import h5py
import numpy as np


def modulus(re, im):
    """|re + i im| as solvers/reduce_impl.h computes it."""
    a, b = np.abs(re), np.abs(im)
    big = np.maximum(a, b)
    s = np.where(big > 2.0**500, 2.0**-600, np.where(big < 2.0**-500, 2.0**600, 1.0))
    with np.errstate(all="ignore"):
        sa, sb = a * s, b * s
        m = np.sqrt(sa * sa + sb * sb) * (1.0 / s)
    m = np.where(b == 0, a, np.where(a == 0, b, m))
    return m


def reference(f, name, general, values, status):
    flat_status = status.reshape(-1)
    if general:  # (h5py reads the {r, i} compound as complex)
        re = values.real.astype(np.float64).reshape(len(flat_status), -1)
        im = values.imag.astype(np.float64).reshape(len(flat_status), -1)
    else:
        re = values.astype(np.float64).reshape(len(flat_status), -1)
        im = np.zeros_like(re)
    mod = modulus(re, im)
    with np.errstate(all="ignore"):
        damp = np.where(mod > 0, -re / mod, 0.0)
    kind, _, index = name.partition("_")
    if name == "abscissa":
        out = re.max(axis=1)
    elif name == "radius":
        out = mod.max(axis=1)
    elif name == "min_damping":
        out = damp.min(axis=1)
    elif name == "unstable":
        out = (re > 0).sum(axis=1).astype(np.int32)
    elif name == "unstable_discrete":
        out = (mod > 1).sum(axis=1).astype(np.int32)
    elif name == "min":
        out = re.min(axis=1)
    elif name == "max":
        out = re.max(axis=1)
    elif kind == "gap":
        i = int(index)
        out = re[:, i + 1] - re[:, i]
    elif kind == "eig":
        i = int(index)
        out = re[:, i] + 1j * im[:, i] if general else re[:, i]
    else:
        raise SystemExit(f"unknown reduction dataset /{name}")
    failed = flat_status != 0
    if out.dtype == np.int32:
        out[failed] = -1
    else:
        out = out.astype(complex if general and kind == "eig" else np.float64)
        out[failed] = np.nan
    return out


def main():
    path = sys.argv[1]
    bad = 0
    with h5py.File(path, "r") as f:
        general = f.attrs["kind"].decode() if isinstance(f.attrs["kind"], bytes) else f.attrs["kind"]
        general = general == "general"
        reduce = f.attrs["reduce"]
        reduce = reduce.decode() if isinstance(reduce, bytes) else reduce
        rtype = f.attrs.get("reduce_type", "float64")
        rtype = rtype.decode() if isinstance(rtype, bytes) else rtype
        f32 = rtype == "float32"
        if rtype not in ("float32", "float64"):
            print(f"FAIL: reduce_type {rtype!r}")
            bad += 1
        status = f["status"][...]
        values = f["eigenvalues"][...]
        grid = status.shape
        assert values.shape[:-1] == grid, (values.shape, grid)
        assert f["iterations"].shape == grid  # (with values, always there)
        names = [k for k in f.keys() if k not in ("eigenvalues", "status", "iterations", "eigenvectors", "points")
                 and f[k].shape == grid]
        expect = [w.replace("-", "_").replace(":", "_") for w in reduce.split(",") if w not in ("values", "iterations")]
        if sorted(names) != sorted(expect):
            print(f"FAIL: datasets {sorted(names)} but reduce={reduce}")
            bad += 1
        for name in names:
            d = f[name]
            got = d[...].reshape(-1)
            ref = reference(f, name, general, values, status)
            counts = name.startswith("unstable")
            if counts and d.dtype != np.int32:
                print(f"FAIL: /{name} is {d.dtype}, not int32")
                bad += 1
            want = (np.float32, np.complex64) if f32 else (np.float64, np.complex128)
            if not counts and d.dtype not in want:
                print(f"FAIL: /{name} is {d.dtype}, not {rtype}")
                bad += 1
            if not counts and f32:  # the float64 reduction rounded to nearest once
                ref = ref.astype(np.complex64 if np.iscomplexobj(ref) else np.float32)
            if not np.array_equal(got, ref, equal_nan=not counts):
                where = np.flatnonzero(got != ref)
                print(f"FAIL: /{name} differs from numpy at {where[:5]}: {got[where[:5]]} vs {ref[where[:5]]}")
                bad += 1
        failed = int((status != 0).sum())
    print(f"{path}: {len(names)} reductions of {status.size} points equal numpy's ({failed} failed points)")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())

"""Sweep specs written with h5py (docs/sweeps.md), end to end: every kind,
grids of K = 1, 2, 3 axes (values, and a linspace given by attributes) and
lists of /points, float32 and float64 bases drawn fresh each run. For each:
  - `generate --spec` writes exactly the matrices numpy forms from the spec
    (A_0 + p_1 A_1 + ... in that order, in double, then rounded once);
  - `solve SPEC` gives bit for bit the results of `solve` on that collection
    (the same matrices, formed where they are solved);
  - the eigenvalues are those of numpy/scipy for A(p), within a tolerance.
usage: sweep_specs.py EIGSWEEP"""
import os
import sys

import h5py
import numpy as np
import scipy.linalg

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sweep_lib import KINDS, axis_values, formed, grid_points, random_bases, run, write_spec, start  # noqa: E402

BIN, rng, t = start(sys.argv)


def layouts(K):
    """(description, axes, points, names) for K parameters."""
    axes = [np.sort(rng.uniform(-2, 2, rng.integers(1, 5))) for _ in range(K)]
    names = [f"k{k + 1}" for k in range(K)]
    out = [(f"grid K={K}", axes, None, names if rng.integers(2) else None)]
    if K == 2:
        out.append(("grid K=2 linspace attrs", [axes[0], {"start": -1.0, "stop": 0.5, "num": 3}], None, None))
    if K == 3:
        log = {"start": -2.0, "stop": 1.0, "num": int(rng.integers(1, 5)), "spacing": "log"}
        out.append(("grid K=3 logspace attrs", [axes[0], log, axes[2]], None, None))
    out.append((f"points K={K}", None, rng.uniform(-2, 2, (int(rng.integers(1, 9)), K)), None))
    return out


def eigs_numpy(kind, a):
    if kind == "tridiagonal":
        return scipy.linalg.eigvalsh_tridiagonal(a[0], a[1]) if len(a[1]) else a[0].copy()
    if kind in ("symmetric", "hermitian"):
        return np.linalg.eigvalsh(a)
    return np.linalg.eigvals(a)


def close_to_numpy(kind, ev, ref, scale, eps):
    tol = 1e3 * eps * max(scale, 1.0)
    if kind == "general":
        got = ev["r"] + 1j * ev["i"] if ev.dtype.names else ev
        return all(np.min(np.abs(ref - z)) <= tol * 10 for z in got)  # nonsymmetric: looser (conditioning)
    return np.max(np.abs(np.sort(ref) - ev)) <= tol


def grid_shaped(f, axes, points, names, n, what):
    """A whole sweep's results (docs/reductions.md): /eigenvalues [len_1, ...,
    len_K, n] and /status, /iterations [len_1, ..., len_K], each dimension
    carrying its axis (name and values) as a dimension scale; a point list
    [M, n] and [M] with /points."""
    if points is not None:
        grid = [len(points)]
        ok = t.check(np.array_equal(f["points"][()], np.asarray(points, dtype=np.float64)), f"{what}: /points differs from the spec's")
    else:
        grid = [len(axis_values(a)) for a in axes]
        ok = True
    ok &= t.check(f["eigenvalues"].shape == tuple(grid + [n]), f"{what}: /eigenvalues is {f['eigenvalues'].shape}, not {grid + [n]}")
    for ds in ("status", "iterations"):
        ok &= t.check(f[ds].shape == tuple(grid), f"{what}: /{ds} is {f[ds].shape}, not {grid}")
    if points is None:
        for k, a in enumerate(axes):
            name = names[k] if names else f"p{k + 1}"
            for ds in ("eigenvalues", "status", "iterations"):
                dim = f[ds].dims[k]
                ok &= t.check(len(dim) == 1 and dim[0].name == "/" + name and np.array_equal(dim[0][()], axis_values(a)),
                              f"{what}: /{ds} dimension {k} does not carry the axis {name} and its values")
        ok &= t.check(len(f["eigenvalues"].dims[len(axes)]) == 0, f"{what}: the eigenvalue index has a scale")
    return ok


def matrices_of(coll, kind):
    with h5py.File(coll, "r") as f:
        if kind == "tridiagonal":
            return f["diag"][()], f["offdiag"][()]
        return f["matrices"][()]


case = 0
for kind in KINDS:
    for K in (1, 2, 3):
        for desc, axes, points, names in layouts(K):
            dtype = np.float32 if rng.integers(2) else np.float64
            n = int(rng.integers(1 if kind != "general" else 2, 8))
            what = f"{kind} {desc} n={n} {np.dtype(dtype).name}"
            case += 1
            spec, coll = f"spec{case}.h5", f"coll{case}.h5"
            bases = random_bases(rng, kind, K, n, dtype)
            write_spec(spec, kind, bases, axes=axes, points=points, names=names, kind_on="A" if case % 2 else "root")
            r = run([BIN, "solve", spec, "-o", "s.h5", "-q", "--force", "--chunk", "3"])
            if not t.check(r.returncode == 0, f"{what}: solve SPEC: {r.stderr}"):
                continue
            r = run([BIN, "generate", "--spec", spec, "-o", coll, "-q"])
            if not t.check(r.returncode == 0, f"{what}: generate --spec: {r.stderr}"):
                continue
            r = run([BIN, "solve", coll, "-o", "c.h5", "-q", "--force"])
            if not t.check(r.returncode == 0, f"{what}: solve the generated collection: {r.stderr}"):
                continue
            P = grid_points(axes, points)
            single = dtype == np.float32
            mats = matrices_of(coll, kind)
            with h5py.File("s.h5", "r") as fs, h5py.File("c.h5", "r") as fc:
                t.check(grid_shaped(fs, axes, points, names, n, what), f"{what}: the results are not shaped like the grid")
                for ds in ("eigenvalues", "status", "iterations"):
                    a, b = fs[ds][()], fc[ds][()]
                    t.check(a.dtype == b.dtype and a.tobytes() == b.tobytes(), f"{what}: /{ds} of solve SPEC and solve COLL differ")
                ev = fs["eigenvalues"][()].reshape(len(P), n)  # flat rows, row-major: point g
                t.check(fs.attrs["input_identity"].decode().startswith("sweep:"), f"{what}: input_identity not a sweep's")
            exact = True
            worst_ok = True
            for g, p in enumerate(P):
                a = formed(kind, bases, p)
                if kind == "tridiagonal":
                    want = tuple(x.astype(np.float32) if single else x for x in a)
                    exact &= np.array_equal(want[0], mats[0][g]) and np.array_equal(want[1], mats[1][g])
                    num = tuple(x.astype(np.float64) for x in want)
                    scale = np.abs(num[0]).max() + 2 * (np.abs(num[1]).max() if n > 1 else 0)
                else:
                    want = a.astype(np.complex64 if kind == "hermitian" else np.float32) if single else a
                    got = mats[g]
                    if kind == "hermitian":
                        got = got["r"] + 1j * got["i"] if got.dtype.names else got
                    exact &= np.array_equal(want.view(np.float32 if single else np.float64),
                                            np.asarray(got, dtype=want.dtype).view(np.float32 if single else np.float64))
                    num = want.astype(np.complex128 if kind == "hermitian" else np.float64)
                    scale = np.linalg.norm(num, 2)
                ref = eigs_numpy(kind, num)
                worst_ok &= close_to_numpy(kind, ev[g], ref, scale, np.finfo(np.float32 if single else np.float64).eps)
            t.check(exact, f"{what}: generate --spec matrices differ from numpy's A_0 + sum p_k A_k")
            t.check(worst_ok, f"{what}: eigenvalues differ from numpy/scipy's beyond tolerance")
            for fn in (spec, coll):
                os.remove(fn)
t.finish()

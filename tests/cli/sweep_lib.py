"""Helpers of the sweep tests: specs written with h5py the natural way
(docs/sweeps.md), matrices A(p) formed in numpy in the order eigsweep forms
them, and a small pass/fail tally."""
import os
import subprocess
import sys

import h5py
import numpy as np

KINDS = ("general", "symmetric", "hermitian", "tridiagonal")


def random_bases(rng, kind, K, n, dtype):
    """K+1 bases of the kind: [K+1, n, n] (complex for hermitian) or, for
    tridiagonal, (diag [K+1, n], offdiag [K+1, n-1])."""
    if kind == "tridiagonal":
        return (rng.standard_normal((K + 1, n)).astype(dtype), rng.standard_normal((K + 1, n - 1)).astype(dtype))
    b = rng.standard_normal((K + 1, n, n))
    if kind == "hermitian":
        b = b + 1j * rng.standard_normal((K + 1, n, n))
        b = (b + np.conj(b.transpose(0, 2, 1))) / 2
        for k in range(K + 1):
            b[k][np.diag_indices(n)] = b[k].diagonal().real
        return b.astype(np.complex64 if dtype == np.float32 else np.complex128)
    if kind == "symmetric":
        b = (b + b.transpose(0, 2, 1)) / 2
    return b.astype(dtype)


def write_spec(path, kind, bases, axes=None, points=None, names=None, kind_on="A"):
    """axes: list of 1-D arrays (or dicts start/stop/num for a linspace by
    attributes); points: [M, K]."""
    with h5py.File(path, "w") as f:
        if kind == "tridiagonal":
            d = f.create_dataset("diag", data=bases[0])
            f.create_dataset("offdiag", data=bases[1])
        else:
            d = f.create_dataset("A", data=bases)
        (d if kind_on == "A" else f).attrs["kind"] = kind
        for k, ax in enumerate(axes or []):
            if isinstance(ax, dict):
                a = f.create_dataset(f"axis_{k + 1}", data=np.zeros(0))
                for key, v in ax.items():
                    a.attrs[key] = v
            else:
                a = f.create_dataset(f"axis_{k + 1}", data=ax)
            if names:
                a.attrs["name"] = names[k]
        if points is not None:
            f.create_dataset("points", data=points)


def axis_values(ax):
    if isinstance(ax, dict):  # eigsweep's formula (docs/sweeps.md), evaluated in the same order
        start, stop, num = ax["start"], ax["stop"], int(ax["num"])
        v = [float(start)] if num == 1 else [start + (stop - start) * float(i) / float(num - 1) for i in range(num)]
        return np.array([10.0 ** x for x in v] if ax.get("spacing") == "log" else v)
    return np.asarray(ax, dtype=np.float64)


def grid_points(axes=None, points=None):
    """[N, K] parameters, row-major over the axes (last fastest)."""
    if points is not None:
        return np.asarray(points, dtype=np.float64)
    vals = [axis_values(a) for a in axes]
    mesh = np.meshgrid(*vals, indexing="ij")
    return np.stack([m.reshape(-1) for m in mesh], axis=1)


def formed(kind, bases, p):
    """A(p) in double, summed as eigsweep does: ((A_0 + p_1 A_1) + p_2 A_2) ...
    For tridiagonal: (diag, offdiag)."""
    if kind == "tridiagonal":
        d, e = bases[0].astype(np.float64), bases[1].astype(np.float64)
        dd, ee = d[0].copy(), e[0].copy()
        for k, pk in enumerate(p):
            dd = dd + pk * d[k + 1]
            ee = ee + pk * e[k + 1]
        return dd, ee
    b = bases.astype(np.complex128 if kind == "hermitian" else np.float64)
    a = b[0].copy()
    for k, pk in enumerate(p):
        if kind == "hermitian":  # real and imaginary parts each as a + p*b
            a = (a.real + pk * b[k + 1].real) + 1j * (a.imag + pk * b[k + 1].imag)
        else:
            a = a + pk * b[k + 1]
    return a


class Tally:
    def __init__(self):
        self.passes = self.fails = 0

    def check(self, ok, what):
        if ok:
            self.passes += 1
        else:
            self.fails += 1
            print("FAIL:", what, file=sys.stderr)
        return ok

    def finish(self):
        print(f"{self.passes} passed, {self.fails} failed")
        sys.exit(1 if self.fails else 0)


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


def start(argv):
    """(eigsweep binary, a generator seeded afresh and printed, a Tally)."""
    seed = int.from_bytes(os.urandom(4), "little")
    print("seed", seed)
    return argv[1], np.random.default_rng(seed), Tally()

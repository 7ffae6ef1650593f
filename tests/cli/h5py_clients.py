"""Inputs written by h5py the ways Python users write them, solved by the real
eigsweep binary, results read back with h5py and checked against scipy.

usage: python3 h5py_clients.py EIGSWEEP   (run in a scratch directory)

Every case draws fresh random matrices. Prints one line per failure and a
closing "N passed, N failed" line; exits 1 on any failure.
"""
import os
import subprocess
import sys

import h5py
import numpy as np
import scipy.linalg

BIN = sys.argv[1]
rng = np.random.default_rng()
passes = fails = 0


def check(ok, what):
    global passes, fails
    if ok:
        passes += 1
    else:
        fails += 1
        print("FAIL:", what, flush=True)
    return ok


def run(*args, expect=0, pattern=None, what=None):
    """Runs eigsweep; checks the exit code and that stderr contains pattern."""
    p = subprocess.run([BIN, *args], capture_output=True, text=True)
    label = what or " ".join(args)
    ok = check(p.returncode == expect, f"{label}: exit {p.returncode}, expected {expect}; stderr: {p.stderr.strip()}")
    if ok and pattern is not None:
        check(pattern in p.stderr, f"{label}: stderr lacks '{pattern}': {p.stderr.strip()}")
    return p


# ---- matrices and their reference eigenvalues (scipy / LAPACK) ----

def random_batch(kind, count, n, dtype):
    if kind == "hermitian":
        a = rng.standard_normal((count, n, n)) + 1j * rng.standard_normal((count, n, n))
        a = (a + a.conj().transpose(0, 2, 1)) / 2
        return a.astype(dtype)
    a = rng.standard_normal((count, n, n))
    if kind == "symmetric":
        a = (a + a.transpose(0, 2, 1)) / 2
    return a.astype(dtype)


def reference(kind, a):
    if kind == "general":
        return [scipy.linalg.eigvals(m.astype(np.float64)) for m in a]
    return [scipy.linalg.eigvalsh(m.astype(np.complex128 if kind == "hermitian" else np.float64)) for m in a]


def results_match(out, kind, a, single, what):
    """The three lines docs/format.md shows, then a comparison with scipy."""
    with h5py.File(out) as f:
        lam, ok = f["eigenvalues"][:], f["status"][:] == 0
    if not check(ok.all(), f"{what}: status not all ok ({np.count_nonzero(~ok)} failed)"):
        return
    tol = 2e-3 if single else 1e-9
    worst = 0.0
    for got, want in zip(lam, reference(kind, a)):
        scale = max(1.0, float(np.max(np.abs(want))))
        if kind == "general":
            got = got["r"] + 1j * got["i"] if got.dtype.names else got
            # each computed eigenvalue against the nearest reference one, and back
            d = np.abs(got[:, None] - want[None, :])
            err = max(d.min(axis=1).max(), d.min(axis=0).max()) / scale
        else:
            err = float(np.max(np.abs(np.asarray(got, dtype=np.float64) - want))) / scale
        worst = max(worst, err)
    check(worst <= tol, f"{what}: eigenvalues differ from scipy by {worst:.3g} (tolerance {tol:g})")


def solve_and_check(path, kind, a, *extra, what=None, single=False):
    out = path.replace(".h5", "") + ".eig.h5"
    if os.path.exists(out):
        os.remove(out)
    p = run("solve", path, "-o", out, "-q", *extra, what=what or path)
    if p.returncode == 0:
        results_match(out, kind, a, single, what or path)


# ---- 1. the kind attribute in every string form, on the dataset or the root ----

def space_padded(obj, name, text, size):
    tid = h5py.h5t.C_S1.copy()
    tid.set_size(size)
    tid.set_strpad(h5py.h5t.STR_SPACEPAD)
    aid = h5py.h5a.create(obj.id, name.encode(), tid, h5py.h5s.create(h5py.h5s.SCALAR))
    aid.write(np.array(text.ljust(size).encode(), dtype=f"S{size}"))


def null_terminated(obj, name, text):
    tid = h5py.h5t.C_S1.copy()
    tid.set_size(len(text) + 1)
    tid.set_strpad(h5py.h5t.STR_NULLTERM)
    aid = h5py.h5a.create(obj.id, name.encode(), tid, h5py.h5s.create(h5py.h5s.SCALAR))
    aid.write(np.array(text.encode(), dtype=f"S{len(text) + 1}"))


attr_forms = {
    "str (variable-length UTF-8)": lambda o, k: o.attrs.__setitem__("kind", k),
    "bytes (variable-length ASCII)": lambda o, k: o.attrs.__setitem__("kind", k.encode()),
    "np.bytes_ (fixed, null-padded)": lambda o, k: o.attrs.__setitem__("kind", np.bytes_(k)),
    "fixed UTF-8, 24 bytes": lambda o, k: o.attrs.create("kind", k, dtype=h5py.string_dtype("utf-8", 24)),
    "variable-length ASCII dtype": lambda o, k: o.attrs.create("kind", k, dtype=h5py.string_dtype("ascii")),
    "one-element array of str": lambda o, k: o.attrs.__setitem__("kind", np.array([k], dtype=h5py.string_dtype())),
    "one-element array of bytes": lambda o, k: o.attrs.__setitem__("kind", np.array([k.encode()])),
    "fixed, space-padded": lambda o, k: space_padded(o, "kind", k, 16),
    "fixed, null-terminated": lambda o, k: null_terminated(o, "kind", k),
    "capitalised str": lambda o, k: o.attrs.__setitem__("kind", k.capitalize()),
}
for i, (form, setter) in enumerate(attr_forms.items()):
    kind = ["general", "symmetric"][i % 2]
    for where in ("dataset", "root"):
        a = random_batch(kind, 40, 6, np.float64)
        path = f"attr{i}_{where}.h5"
        with h5py.File(path, "w") as h:
            h["matrices"] = a
            setter(h["matrices"] if where == "dataset" else h, kind)
        solve_and_check(path, kind, a, what=f"kind as {form} on the {where}")

with h5py.File("attr_int.h5", "w") as h:
    h["matrices"] = random_batch("general", 4, 3, np.float64)
    h["matrices"].attrs["kind"] = 7
run("solve", "attr_int.h5", "-o", "x.h5", expect=3, pattern="integer, not text", what="an integer kind attribute")
with h5py.File("attr_many.h5", "w") as h:
    h["matrices"] = random_batch("general", 4, 3, np.float64)
    h["matrices"].attrs["kind"] = np.array(["general", "symmetric"], dtype=h5py.string_dtype())
run("solve", "attr_many.h5", "-o", "x.h5", expect=3, pattern="2 values of", what="a two-element kind attribute")
with h5py.File("attr_bad.h5", "w") as h:
    h["matrices"] = random_batch("general", 4, 3, np.float64)
    h["matrices"].attrs["kind"] = "nonsymmetric"
run("solve", "attr_bad.h5", "-o", "x.h5", expect=3, pattern="kind 'nonsymmetric'", what="an unknown kind")

# ---- 2. --kind for files without the attribute, and as an override ----

a = random_batch("symmetric", 50, 7, np.float64)
with h5py.File("nokind.h5", "w") as h:
    h["matrices"] = a
run("solve", "nokind.h5", "-o", "x.h5", expect=3, pattern="--kind", what="no kind attribute: the error names --kind")
solve_and_check("nokind.h5", "symmetric", a, "--kind", "symmetric", what="--kind symmetric on a file without kind")
p = run("info", "nokind.h5", expect=3, pattern="--kind", what="info on a file without kind")
check("not solvable" in p.stdout or "not solvable" in p.stderr, f"info's verdict on a file without kind: {p.stdout}")
run("info", "nokind.h5", "--kind", "symmetric", what="info --kind symmetric")
with h5py.File("override.h5", "w") as h:
    h["matrices"] = a
    h["matrices"].attrs["kind"] = "general"
p = run("solve", "override.h5", "-o", "override.eig.h5", "--kind", "symmetric", pattern="overrides the kind 'general'",
        what="--kind overriding the file's kind warns")
if p.returncode == 0:
    results_match("override.eig.h5", "symmetric", a, False, "--kind override")

# ---- 3. datasets elsewhere: groups, other names, tridiagonal pairs ----

a = random_batch("general", 60, 5, np.float64)
with h5py.File("group.h5", "w") as h:
    h.create_group("run1")["A"] = a
    h["run1/A"].attrs["kind"] = "general"
run("solve", "group.h5", "-o", "x.h5", expect=3, pattern="/run1/A", what="a collection in a group: the error names it")
solve_and_check("group.h5", "general", a, "--dataset", "/run1/A", what="--dataset /run1/A")
solve_and_check("group.h5", "general", a, "--dataset", "run1/A", what="--dataset run1/A (relative)")
run("solve", "group.h5", "-o", "x.h5", "--dataset", "/run1", expect=3, pattern="is a group", what="--dataset on a group")
run("info", "group.h5", "--dataset", "/run1/A", what="info --dataset")

n, count = 9, 70
d, e = rng.standard_normal((count, n)), rng.standard_normal((count, n - 1))
with h5py.File("tri.h5", "w") as h:
    h["sweep/d"], h["sweep/e"] = d, e
tri = [np.diag(d[i]) + np.diag(e[i], 1) + np.diag(e[i], -1) for i in range(count)]
solve_and_check("tri.h5", "symmetric", np.array(tri), "--diag", "sweep/d", "--offdiag", "sweep/e",
                what="--diag/--offdiag in a group, no kind attribute")

# ---- 4. element types as numpy gives them ----

for dtype, kind, single in ((np.float32, "symmetric", True), (np.float64, "general", False),
                            (np.complex128, "hermitian", False), (np.complex64, "hermitian", True)):
    a = random_batch(kind, 50, 8, dtype)
    path = f"type_{np.dtype(dtype).name}.h5"
    with h5py.File(path, "w") as h:
        h["matrices"] = a
        h["matrices"].attrs["kind"] = kind
    solve_and_check(path, kind, a, what=f"{np.dtype(dtype).name} {kind}", single=single)
ints = rng.integers(-9, 10, size=(40, 6, 6))
with h5py.File("type_int64.h5", "w") as h:
    h["matrices"] = ints
    h["matrices"].attrs["kind"] = "general"
solve_and_check("type_int64.h5", "general", ints.astype(np.float64), what="int64 matrices")
with h5py.File("type_f16.h5", "w") as h:
    h["matrices"] = random_batch("general", 4, 3, np.float16)
    h["matrices"].attrs["kind"] = "general"
run("solve", "type_f16.h5", "-o", "x.h5", expect=3, pattern="float16", what="float16 is refused by name")

# a Fortran-ordered numpy array: h5py writes it in C order, so it must solve the same
a = np.asfortranarray(random_batch("symmetric", 30, 6, np.float64))
with h5py.File("fortran.h5", "w") as h:
    h["matrices"] = a
    h["matrices"].attrs["kind"] = "symmetric"
solve_and_check("fortran.h5", "symmetric", a, what="a Fortran-ordered numpy array")

# ---- 5. chunked and compressed inputs of any chunk shape ----

storage = {
    "gzip": dict(compression="gzip"),
    "gzip 9 + shuffle": dict(compression="gzip", compression_opts=9, shuffle=True),
    "chunks (7,3,5)": dict(chunks=(7, 3, 5)),
    "chunks (1,10,10) + fletcher32": dict(chunks=(1, 10, 10), fletcher32=True),
    "gzip, chunks (333,1,10)": dict(compression="gzip", chunks=(333, 1, 10)),
    "auto chunks": dict(chunks=True),
}
for i, (label, opts) in enumerate(storage.items()):
    a = random_batch("general", 1000, 10, np.float64)
    path = f"store{i}.h5"
    with h5py.File(path, "w") as h:
        h.create_dataset("matrices", data=a, **opts).attrs["kind"] = "general"
    solve_and_check(path, "general", a, "--chunk", "128", what=label)
    solve_and_check(path, "general", a, "--chunk", "100", "--read-with", "posix", what=f"{label}, posix reads")

with h5py.File("lzf.h5", "w") as h:
    h.create_dataset("matrices", data=random_batch("general", 10, 4, np.float64), compression="lzf")
    h["matrices"].attrs["kind"] = "general"
run("solve", "lzf.h5", "-o", "x.h5", expect=3, pattern="lzf", what="lzf (absent filter) is named")
run("info", "lzf.h5", expect=3, pattern="lzf", what="info names the absent lzf filter")

# ---- 6. layouts that are not [N, n, n] ----

with h5py.File("nnN.h5", "w") as h:
    h["matrices"] = rng.standard_normal((6, 6, 50))
    h["matrices"].attrs["kind"] = "general"
run("solve", "nnN.h5", "-o", "x.h5", expect=3, pattern="transpose(2, 0, 1)", what="[n, n, N] data names the layout")
with h5py.File("one.h5", "w") as h:
    h["matrices"] = rng.standard_normal((6, 6))
    h["matrices"].attrs["kind"] = "general"
run("solve", "one.h5", "-o", "x.h5", expect=3, pattern="[1, n, n]", what="a single [n, n] matrix names the fix")
check(not os.path.exists("x.h5") and not os.path.exists("x.h5.partial"), "a refused input left x.h5 behind")

# ---- 7. result files whose /status is not one int8 per matrix: info says so ----

for label, make in {"a scalar /status": lambda h: h.__setitem__("status", np.int8(0)),
                    "an empty /status": lambda h: h.create_dataset("status", data=h5py.Empty("i1")),
                    "a /status of strings": lambda h: h.__setitem__("status", np.array([b"ok"] * 40)),
                    "a /status too short": lambda h: h.__setitem__("status", np.zeros(30, dtype=np.int8))}.items():
    with h5py.File("badresult.h5", "w") as h:
        h["eigenvalues"], h["iterations"] = np.zeros((40, 6)), np.zeros(40, dtype=np.int32)
        make(h)
    run("info", "badresult.h5", expect=3, pattern="cannot read /status", what=f"info on a result with {label}")

print(f"{passes} passed, {fails} failed")
sys.exit(1 if fails else 0)

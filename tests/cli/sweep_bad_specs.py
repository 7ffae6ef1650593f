"""Bad sweep specs (docs/errors.md "Sweep specs"): each gets its one-line
error naming the file and what is wrong, exit code 3 (bad input), and leaves
nothing behind (no output, no .partial, no lock), from solve (1 and 2 ranks)
and from generate --spec. usage: sweep_bad_specs.py EIGSWEEP"""
import glob
import os
import re
import sys

import h5py
import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sweep_lib import random_bases, run, write_spec, start  # noqa: E402

BIN, rng, t = start(sys.argv)
n = int(rng.integers(2, 7))


def ax(m=3):
    return np.sort(rng.uniform(-1, 1, m))


def sym(K):
    return random_bases(rng, "symmetric", K, n, np.float64)


def case_missing_axis(p):
    write_spec(p, "general", random_bases(rng, "general", 2, n, np.float64), axes=[ax()])


def case_collection_at_A(p):  # matrices at /A, no grid: the spec error says how to read them as a collection
    write_spec(p, "general", random_bases(rng, "general", 4, n, np.float64))


def case_extra_axis(p):
    write_spec(p, "general", random_bases(rng, "general", 1, n, np.float64), axes=[ax(), ax()])


def case_tri_mismatch(p):
    write_spec(p, "tridiagonal", (rng.standard_normal((2, n)), rng.standard_normal((2, n - 2))), axes=[ax()])


def case_tri_base_count(p):
    write_spec(p, "tridiagonal", (rng.standard_normal((2, n)), rng.standard_normal((3, n - 1))), axes=[ax()])


def case_empty_axis(p):
    write_spec(p, "symmetric", sym(2), axes=[ax(), np.zeros(0)])


def case_nan_axis(p):
    a = ax(4)
    a[int(rng.integers(4))] = np.nan
    write_spec(p, "symmetric", sym(1), axes=[a])


def case_inf_points(p):
    pts = rng.uniform(-1, 1, (5, 2))
    pts[int(rng.integers(5)), int(rng.integers(2))] = np.inf
    write_spec(p, "symmetric", sym(2), points=pts)


def case_nan_base(p):
    b = random_bases(rng, "general", 2, n, np.float64)
    b[int(rng.integers(3)), int(rng.integers(n)), int(rng.integers(n))] = np.nan
    write_spec(p, "general", b, axes=[ax(), ax()])


def case_nonsymmetric(p):
    b = sym(2)
    b[1, 0, 1] += 1e-13  # off by a hair: not exactly symmetric
    write_spec(p, "symmetric", b, axes=[ax(), ax()])


def case_nonhermitian(p):
    b = random_bases(rng, "hermitian", 1, n, np.float64)
    b[1, 1, 1] += 0.5j  # a complex diagonal entry
    write_spec(p, "hermitian", b, axes=[ax()])


def case_too_many_points(p):  # 256^8 = 2^64 points
    write_spec(p, "general", random_bases(rng, "general", 8, n, np.float64), axes=[np.linspace(0, 1, 256)] * 8)


def case_unknown_kind(p):
    write_spec(p, "skew", random_bases(rng, "general", 1, n, np.float64), axes=[ax()])


def case_no_kind(p):
    with h5py.File(p, "w") as f:
        f["A"] = random_bases(rng, "general", 1, n, np.float64)
        f["axis_1"] = ax()


def case_points_width(p):
    write_spec(p, "general", random_bases(rng, "general", 2, n, np.float64), points=rng.uniform(-1, 1, (4, 3)))


def case_points_and_axes(p):
    write_spec(p, "general", random_bases(rng, "general", 1, n, np.float64), axes=[ax()], points=rng.uniform(-1, 1, (4, 1)))


def case_no_parameters(p):
    write_spec(p, "general", random_bases(rng, "general", 0, n, np.float64), axes=[ax()])


def case_not_square(p):
    with h5py.File(p, "w") as f:
        f.create_dataset("A", data=rng.standard_normal((2, n, n + 1))).attrs["kind"] = "general"
        f["axis_1"] = ax()


def case_linspace_partial(p):
    write_spec(p, "general", random_bases(rng, "general", 1, n, np.float64), axes=[{"start": 0.0, "num": 4}])


def case_bad_spacing(p):
    write_spec(p, "general", random_bases(rng, "general", 1, n, np.float64),
               axes=[{"start": 0.0, "stop": 1.0, "num": 4, "spacing": "geometric"}])


def case_linspace_too_long(p):
    write_spec(p, "general", random_bases(rng, "general", 1, n, np.float64),
               axes=[{"start": 0.0, "stop": 1.0, "num": 2 ** 40}])


CASES = [  # (name, writer, pattern the one-line error must match)
    ("missing axis", case_missing_axis, r"K\+1 = 3 bases, so it needs axes /axis_1 \.\. /axis_2.*/axis_2 is missing"),
    ("collection at /A", case_collection_at_A, r"/axis_1 is missing \(a collection of matrices at /A, not a spec\? solve it with --dataset /A\)"),
    ("extra axis", case_extra_axis, r"/axis_2 exists but /A holds K\+1 = 2 bases"),
    ("offdiag length", case_tri_mismatch, r"/offdiag is \[2, %d\] .*beside /diag \[2, %d\].*\[K\+1, n-1\]" % (n - 2, n)),
    ("offdiag bases", case_tri_base_count, r"/offdiag is \[3, %d\].*beside /diag \[2, %d\]" % (n - 1, n)),
    ("empty axis", case_empty_axis, r"/axis_2 is empty"),
    ("NaN axis", case_nan_axis, r"/axis_1\[[0-9]+\] is NaN"),
    ("Inf point", case_inf_points, r"/points\[[0-9]+, [0-9]+\] is Inf"),
    ("NaN base", case_nan_base, r"base A_[0-9] \(/A\[[0-9]\]\) holds NaN"),
    ("non-symmetric base", case_nonsymmetric, r"kind is symmetric but A_1 = /A\[1\] is not: entry \(0,1\)"),
    ("non-Hermitian base", case_nonhermitian, r"kind is hermitian but A_1 = /A\[1\] is not: entry \(1,1\)"),
    ("2^64 points", case_too_many_points, r"the grid has 1.84e\+19 points, more than 2\^63 - 1"),
    ("unknown kind", case_unknown_kind, r"/A has kind 'skew'; expected general, symmetric, hermitian or tridiagonal"),
    ("no kind", case_no_kind, r"/A has no 'kind' attribute"),
    ("points width", case_points_width, r"/points is \[4, 3\] but /A holds K\+1 = 3 bases: expected \[M, 2\]"),
    ("points and axes", case_points_and_axes, r"holds both /points and /axis_1"),
    ("no parameters", case_no_parameters, r"/A holds 1 base; a spec needs A_0 and at least one A_k"),
    ("not square", case_not_square, r"the bases are not square"),
    ("unknown spacing", case_bad_spacing, r"the 'spacing' attribute of /axis_1 is geometric; expected \"linear\" or \"log\""),
    ("linspace too long", case_linspace_too_long, r"/axis_1: linspace num = 1099511627776 is more than 2\^27 points on one axis"),
    ("linspace partial", case_linspace_partial, r"/axis_1 gives a linspace by attributes but not all of start, stop and num"),
]

for name, writer, pattern in CASES:
    spec = "bad.h5"
    writer(spec)
    runs = [("solve", [BIN, "solve", spec, "-o", "out.h5"]),
            ("solve np=2", ["mpirun", "--oversubscribe", "-np", "2", BIN, "solve", spec, "-o", "out.h5"]),
            ("generate --spec", [BIN, "generate", "--spec", spec, "-o", "out.h5"])]
    for how, cmd in runs:
        if how == "solve np=2" and name not in ("non-symmetric base", "missing axis"):
            continue  # (two ranks for a few: one line, whichever rank reads)
        r = run(cmd)
        lines = [ln for ln in r.stderr.splitlines() if ln.strip()]
        if how == "solve np=2":  # (mpirun adds its own banner about the exit code)
            lines = [ln for ln in lines if ln.startswith("eigsweep")]
        what = f"{name} ({how})"
        t.check(r.returncode == 3, f"{what}: exit {r.returncode}, expected 3; stderr: {r.stderr}")
        t.check(len(lines) == 1 and lines[0].startswith("eigsweep: error: bad.h5: "),
                f"{what}: expected one line 'eigsweep: error: bad.h5: ...', got: {r.stderr!r}")
        t.check(bool(re.search(pattern, r.stderr)), f"{what}: stderr lacks /{pattern}/: {r.stderr}")
        left = glob.glob("out.h5*")
        t.check(not left, f"{what}: left {left} behind")
        for fn in left:
            os.remove(fn)
    os.remove(spec)
t.finish()

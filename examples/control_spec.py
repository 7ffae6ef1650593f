#!/usr/bin/env python3
"""The closed-loop A - B K C of a damped spring chain as a sweep spec
(docs/sweeps.md "Examples"): affine in the gains k1, k2, k3, so

    A(k) = A_0 + k1 A_1 + k2 A_2 + k3 A_3,  A_0 the plant, A_j = -B e_j e_j^T C.

This is the plant of the built-in `control` family (io/families_impl.h):
m = n // 2 unit masses in a chain between two walls, unit springs, damping
0.02 to ground; for odd n a sensor lag x_n' = -x_n + q_m. Three velocity /
position feedback loops: k1 (v_1 -> mass 1), k2 (v_m -> mass m), k3 (q_m ->
mass 1). The gain grid is the family's: k1, k2 in [-0.5, 2], k3 in [0, 1],
`side` values each, so `generate --spec` of this file writes bit for bit the
matrices of `generate --family control --n N --count side^3`.

    python3 examples/control_spec.py --n 12 --side 40 -o control.h5
    eigsweep solve control.h5 -o map.h5
"""
import argparse

import h5py
import numpy as np

p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
p.add_argument("--n", type=int, default=12, help="state dimension (default 12: 6 masses)")
p.add_argument("--side", type=int, default=20, help="gain values per axis (default 20: 8000 points)")
p.add_argument("-o", "--output", default="control_spec.h5")
a = p.parse_args()
n, m = a.n, a.n // 2

A = np.zeros((4, n, n))  # A_0 (the plant), then one base per gain
if n == 1:
    A[0, 0, 0] = 0.05  # an unstable scalar plant; every loop acts on it
    A[1:, 0, 0] = -1.0
else:
    for i in range(m):
        A[0, i, m + i] = 1.0  # q_i' = v_i
        A[0, m + i, i] = -2.0  # springs to both neighbours (walls at the ends)
        if i > 0:
            A[0, m + i, i - 1] = 1.0
        if i < m - 1:
            A[0, m + i, i + 1] = 1.0
        A[0, m + i, m + i] = -0.02  # damping
    if n % 2:
        A[0, n - 1, n - 1], A[0, n - 1, m - 1] = -1.0, 1.0  # sensor lag driven by q_m
    A[1, m, m] = -1.0  # k1: v_1 -> force on mass 1
    A[2, 2 * m - 1, 2 * m - 1] = -1.0  # k2: v_m -> force on mass m
    A[3, m, m - 1] = -1.0  # k3: q_m -> force on mass 1 (non-collocated)


def gains(lo, hi, g):  # the family's grid: lo + (hi - lo) * i / (g - 1), in that order
    return np.array([lo + (hi - lo) * float(i) / float(g - 1) for i in range(g)]) if g > 1 else np.array([lo])


with h5py.File(a.output, "w") as f:
    f.create_dataset("A", data=A).attrs["kind"] = "general"
    for k, (name, lo, hi) in enumerate([("k1", -0.5, 2.0), ("k2", -0.5, 2.0), ("k3", 0.0, 1.0)]):
        f.create_dataset(f"axis_{k + 1}", data=gains(lo, hi, a.side)).attrs["name"] = name
print(f"{a.output}: n = {n}, {a.side}^3 = {a.side ** 3} gain points (k1, k2, k3)")

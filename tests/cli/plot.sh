#!/usr/bin/env bash
# eigsweep plot (docs/reductions.md): a heat map of a 3-axis result (written
# with h5py the way solve --reduce lays one out: grid-shaped datasets, the
# axes as dimension scales) and a line plot of a collection's reductions
# are valid PNGs (the 8-byte signature, nonzero size); --at picks the
# nearest grid value and says so; bad axes, a missing --at, an unknown
# reduction and an existing -o are refused with one line and no PNG.
source "$(dirname "$0")/lib.sh"
py=${EIG_PYTHON:-/usr/bin/python3}
need_h5py
need_gnuplot
png_ok() { # the PNG signature, and more than it
  [ -s "$1" ] && [ "$(head -c 8 "$1" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] && [ "$(stat -c %s "$1")" -gt 1000 ]
}

"$py" - <<'PY'
import h5py, numpy as np
k1, k2, k3 = np.linspace(-1, 1, 21), np.linspace(0, 2, 17), np.array([0.0, 0.5, 1.0])
K1, K2, K3 = np.meshgrid(k1, k2, k3, indexing="ij")
with h5py.File("map.h5", "w") as f:
    f["abscissa"] = K1 ** 2 + K2 - 1.0 - K3
    f["unstable"] = (f["abscissa"][...] > 0).astype(np.int32)
    f["status"] = np.zeros(K1.shape, np.int8)
    f["status"][3, 4, 1] = 1
    a = f["abscissa"][...]; a[3, 4, 1] = np.nan; f["abscissa"][...] = a
    f.attrs["reduce"] = "abscissa,unstable"
    for name, v in (("k1", k1), ("k2", k2), ("k3", k3)):
        f[name] = v
        f[name].make_scale(name)
    for d in ("abscissa", "unstable", "status"):
        for i, name in enumerate(("k1", "k2", "k3")):
            f[d].dims[i].attach_scale(f[name])
PY
expect "heat map" "$BIN" plot map.h5 --reduce abscissa --x k1 --y k2 --at k3=0.47 -o map.png
expect "heat map is a PNG" png_ok map.png
"$BIN" plot map.h5 --reduce abscissa --x k1 --y k2 --at k3=0.47 -o map.png --force >said.txt
expect "--at said which value it used" grep -q "k3 = 0.5 (grid point 1, nearest to 0.47)" said.txt
expect "axes in any order, a count" "$BIN" plot map.h5 --reduce unstable --x k3 --y k1 --at k2=2 -o count.png
expect "count map is a PNG" png_ok count.png
expect "a line along one axis" "$BIN" plot map.h5 --reduce abscissa --x k2 --at k1=0 --at k3=1 -o line.png
expect "line is a PNG" png_ok line.png

"$BIN" generate --family random-general --n 5 --count 50 -o g.h5 -q
"$BIN" solve g.h5 -o r.h5 -q --reduce abscissa,radius
expect "a collection: line over index" "$BIN" plot r.h5 --reduce radius --x index -o r.png
expect "collection line is a PNG" png_ok r.png

expect_exit 2 "no axis 'k9' \(its axes: k1, k2, k3\)" "$BIN" plot map.h5 --reduce abscissa --x k9 --y k2 --at k3=0 -o bad.png
expect_exit 2 "--y k1: .*no axis|--x and --y are both" "$BIN" plot map.h5 --reduce abscissa --x k1 --y k1 -o bad.png
expect_exit 2 "axis 'k3' \(3 values\) is neither plotted .* --at k3=VALUE" "$BIN" plot map.h5 --reduce abscissa --x k1 --y k2 -o bad.png
expect_exit 2 "--at nope: .*no axis 'nope'" "$BIN" plot map.h5 --reduce abscissa --x k1 --y k2 --at nope=1 -o bad.png
expect_exit 2 "axis 'k1' is both plotted and fixed" "$BIN" plot map.h5 --reduce abscissa --x k1 --y k2 --at k1=0 --at k3=0 -o bad.png
expect_exit 2 "no reduction /radius .*--reduce list: abscissa,unstable" "$BIN" plot map.h5 --reduce radius --x k1 --y k2 --at k3=0 -o bad.png
expect_exit 2 "--reduce NAME is required" "$BIN" plot map.h5 --x k1 -o bad.png
expect "nothing written on errors" test ! -e bad.png -a ! -e bad.png.partial
expect_exit 4 "output file exists; .*--force" "$BIN" plot map.h5 --reduce abscissa --x k1 --y k2 --at k3=0 -o map.png
# gnuplot missing: a clear error naming the package (PATH holds only Open
# MPI's daemon, which a singleton run starts, and no remote agent is needed)
mkdir nognuplot && ln -s "$(command -v orted)" nognuplot/
expect_exit 5 "install the package gnuplot-nox" env PATH="$PWD/nognuplot" OMPI_MCA_plm_rsh_agent=/bin/false "$BIN" plot map.h5 \
  --reduce abscissa --x k1 --y k2 --at k3=0 -o nognuplot.png
expect "no PNG without gnuplot" test ! -e nognuplot.png -a ! -e nognuplot.png.partial
finish

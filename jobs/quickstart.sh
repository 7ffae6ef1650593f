#!/usr/bin/env bash
# eigsweep in one command: installs missing Debian packages, builds (Release,
# with CUDA when nvcc is present), generates a built-in example collection
# and solves it on 2 MPI ranks, on the GPU when there is one, else the CPU;
# then a stability map: the same control system as a sweep spec written with
# h5py, solved with --reduce abscissa and drawn as a PNG (jobs/stability_map.sh;
# skipped, saying why, without Python's h5py or gnuplot).
#   ./jobs/quickstart.sh            # defaults: control sweep, n = 12, 20000 matrices; map 31^3 points
#   COUNT=100000 N=30 SIDE=41 ./jobs/quickstart.sh
set -euo pipefail
source "$(dirname "$0")/bootstrap.sh"
eig_install_packages "${eig_packages[@]}"
# The map's spec is written with h5py: wanted, not required.
eig_install_packages "${eig_map_packages[@]}" ||
  echo "quickstart: could not install ${eig_map_packages[*]}; the stability map needs them"
eig_build_project "$eig_build"
work=$(mktemp -d "${TMPDIR:-/tmp}/eigsweep-example.XXXXXX")
"$eig_root/jobs/run_example.sh" "$eig_build/eigsweep" "$work"
"$eig_root/jobs/stability_map.sh" "$eig_build/eigsweep" "$work"

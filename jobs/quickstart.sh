#!/usr/bin/env bash
# eigsweep in one command: installs missing Debian packages, builds (Release,
# with CUDA when nvcc is present), generates a built-in example collection
# and solves it on 2 MPI ranks, on the GPU when there is one, else the CPU.
#   ./jobs/quickstart.sh            # defaults: control sweep, n = 12, 20000 matrices
#   COUNT=100000 N=30 ./jobs/quickstart.sh
set -euo pipefail
source "$(dirname "$0")/bootstrap.sh"
eig_install_packages "${eig_packages[@]}"
eig_build_project "$eig_build"
"$eig_root/jobs/run_example.sh" "$eig_build/eigsweep"

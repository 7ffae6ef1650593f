#!/usr/bin/env bash
# Runs the whole test suite on a fresh machine: installs missing Debian
# packages, builds (with CUDA when nvcc exists, so kernels always compile) and
# runs CTest. GPU tests skip (exit 77) when no GPU is present.
#   ./tests/run.sh                  # Release build in build/
#   EIGSWEEP_BUILD_DIR=build-asan EIGSWEEP_CMAKE_ARGS=-DEIGSWEEP_SANITIZE=ON ./tests/run.sh
set -euo pipefail
source "$(dirname "$0")/../jobs/bootstrap.sh"
eig_install_packages
eig_build_project
cd "$eig_build"
ctest --output-on-failure -j "$(nproc)" ${CTEST_ARGS:-}

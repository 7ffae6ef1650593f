#!/usr/bin/env bash
# Installs what eigsweep needs on Debian/Ubuntu (root, or sudo available) and
# configures + builds it. Sourced by quickstart.sh and tests/run.sh.
#   EIGSWEEP_BUILD_DIR   build directory (default: build)
#   EIGSWEEP_CMAKE_ARGS  extra CMake arguments (e.g. -DEIGSWEEP_SANITIZE=ON)
set -euo pipefail

eig_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
eig_build=${EIGSWEEP_BUILD_DIR:-$eig_root/build}

# shellcheck disable=SC2034  # used by quickstart.sh and tests/run.sh, which source this file
eig_packages=(build-essential cmake pkg-config openmpi-bin libopenmpi-dev libhdf5-openmpi-dev
              hdf5-tools liblapacke-dev libopenblas-dev gnuplot-nox)
# Wanted by the quickstart's stability map (jobs/stability_map.sh), which
# writes its sweep spec with h5py; it is skipped, saying so, without them.
# shellcheck disable=SC2034  # (as eig_packages)
eig_map_packages=(python3-h5py python3-numpy)
# Needed only to run the test suite (tests/run.sh): the lint test's ShellCheck, strace (what a run opens),
# and Python with h5py, numpy and scipy -- the clients users write files with.
# shellcheck disable=SC2034  # (as eig_packages)
eig_test_packages=(shellcheck python3-h5py python3-numpy python3-scipy strace)

# eig_install_packages PACKAGE...: installs those not installed yet
# (quickstart: "${eig_packages[@]}"; tests/run.sh: the test packages too).
eig_install_packages() {
  local missing=()
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "bootstrap: installing ${missing[*]}"
  local sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

# eig_build_project [BUILD_DIR [CMAKE ARGS...]]
eig_build_project() {
  local dir=${1:-$eig_build}
  [ $# -gt 0 ] && shift
  local cuda_flag=()
  # Build the GPU backend whenever nvcc exists (it may live outside PATH).
  if ! command -v nvcc >/dev/null 2>&1 && [ -x /usr/local/cuda/bin/nvcc ]; then
    export PATH=/usr/local/cuda/bin:$PATH
  fi
  command -v nvcc >/dev/null 2>&1 && cuda_flag=(-DEIGSWEEP_CUDA=ON)
  local user_args=()
  read -r -a user_args <<<"${EIGSWEEP_CMAKE_ARGS:-}"
  cmake -S "$eig_root" -B "$dir" -DCMAKE_BUILD_TYPE=Release "${cuda_flag[@]}" "${user_args[@]}" "$@" >/dev/null
  cmake --build "$dir" -j "$(nproc)"
}

# Open MPI refuses to run as root without these (containers, CI).
if [ "$(id -u)" -eq 0 ]; then
  export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
fi

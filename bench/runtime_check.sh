# shellcheck shell=bash
# Sourced by the device scripts: eig_runtime_check BINARY... stops the script
# with the libraries a binary cannot load on this machine, before any run
# fails on them one by one. The devkit (../shared/devkit) carries no HDF5
# high-level library, which eigsweep links for its dimension scales: carry
# libhdf5_openmpi_hl.so.100 from the build machine (/lib/x86_64-linux-gnu)
# in a folder and put that folder on LD_LIBRARY_PATH.
eig_runtime_check() {
  local b missing
  for b in "$@"; do
    [ -x "$b" ] || { echo "$b: no such program (build it, or carry the build folder)" >&2; exit 2; }
    missing=$(ldd "$b" 2>/dev/null | awk '/not found/ {print $1}' | tr '\n' ' ')
    if [ -n "$missing" ]; then
      echo "$b cannot start here: missing ${missing}(carry them and add their folder to LD_LIBRARY_PATH)" >&2
      exit 2
    fi
  done
}

#!/usr/bin/env bash
# Runs a Python test of tests/cli/ on the binary: python_test.sh EIGSWEEP
# SCRIPT.py (h5py_clients.py, sweep_specs.py, sweep_bad_specs.py: their
# docstrings say what they check). Needs Python 3 with h5py, numpy and scipy
# (Debian: python3-h5py python3-scipy; tests/run.sh installs them): a missing
# one fails the test rather than skipping it, so CI cannot pass without it.
source "$(dirname "$0")/lib.sh"
py=${EIG_PYTHON:-/usr/bin/python3}
if ! "$py" -c 'import h5py, numpy, scipy' 2>/dev/null; then
  echo "FAIL: $py cannot import h5py, numpy and scipy (apt-get install python3-h5py python3-scipy)" >&2
  exit 1
fi
"$py" "$(dirname "$0")/$1" "$BIN"

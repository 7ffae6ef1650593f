#!/usr/bin/env bash
# Inputs written with h5py the natural ways (every string form of `kind`,
# groups, dtypes, gzip and odd chunk shapes), solved and checked against scipy
# by tests/cli/h5py_clients.py. Needs Python 3 with h5py, numpy and scipy
# (Debian: python3-h5py python3-scipy; tests/run.sh installs them): a missing
# one fails the test rather than skipping it, so CI cannot pass without it.
source "$(dirname "$0")/lib.sh"
py=${EIG_PYTHON:-/usr/bin/python3}
if ! "$py" -c 'import h5py, numpy, scipy' 2>/dev/null; then
  echo "FAIL: $py cannot import h5py, numpy and scipy (apt-get install python3-h5py python3-scipy)" >&2
  exit 1
fi
"$py" "$(dirname "$0")/h5py_clients.py" "$BIN"

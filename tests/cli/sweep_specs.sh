#!/usr/bin/env bash
# Sweep specs written with h5py, every kind and layout: generate --spec, solve
# SPEC and solve of the generated collection agree bit for bit, and with
# numpy/scipy (tests/cli/sweep_specs.py). Needs Python 3 with h5py, numpy and
# scipy: a missing one fails the test rather than skipping it.
source "$(dirname "$0")/lib.sh"
py=${EIG_PYTHON:-/usr/bin/python3}
if ! "$py" -c 'import h5py, numpy, scipy' 2>/dev/null; then
  echo "FAIL: $py cannot import h5py, numpy and scipy (apt-get install python3-h5py python3-scipy)" >&2
  exit 1
fi
"$py" "$(dirname "$0")/sweep_specs.py" "$BIN"

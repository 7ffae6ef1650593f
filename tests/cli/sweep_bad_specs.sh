#!/usr/bin/env bash
# Bad sweep specs: one-line error, exit 3, nothing left behind
# (tests/cli/sweep_bad_specs.py). Needs Python 3 with h5py and numpy.
source "$(dirname "$0")/lib.sh"
py=${EIG_PYTHON:-/usr/bin/python3}
if ! "$py" -c 'import h5py, numpy' 2>/dev/null; then
  echo "FAIL: $py cannot import h5py and numpy (apt-get install python3-h5py)" >&2
  exit 1
fi
"$py" "$(dirname "$0")/sweep_bad_specs.py" "$BIN"

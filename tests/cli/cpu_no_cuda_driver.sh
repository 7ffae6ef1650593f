#!/usr/bin/env bash
# The CPU backend and --check-only never start the CUDA driver
# (driver/binding.c): on a GPU node its start took 0.1 s and its teardown at
# exit 0.06 s (H200), for nothing. Observed as the driver library's loading
# (libcuda.so.1), which the CUDA runtime attempts on its first call, found
# or not; where an auto run shows no such attempt (a build without CUDA, or
# no strace) there is nothing to compare with, and the test is skipped.
# shellcheck source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
command -v strace >/dev/null 2>&1 || { echo "SKIP: strace is not installed"; exit 77; }
driver_loads() { # driver_loads LOG: how many times the traced run looked for libcuda.so.1
  grep -c 'libcuda\.so\.1' "$1" || true
}
traced() { # traced LOG ARGS...: eigsweep ARGS under strace (the calls that name files)
  local log=$1; shift
  strace -f -qq -e trace=%file -o "$log" "$BIN" "$@" >"$log.out" 2>&1
}
"$BIN" generate --family random-general --n 6 --count 200 -o in.h5 -q --backend cpu
# What MPI_Init and the libraries look up on their own (a CUDA-aware MPI, an
# hwloc plugin may load the driver): --version starts no CUDA of eigsweep's.
traced base.trace --version || true
base=$(driver_loads base.trace)
EIGSWEEP_BACKEND=auto traced auto.trace solve in.h5 -o auto.h5 -q || true
if [ "$(driver_loads auto.trace)" -le "$base" ]; then
  echo "SKIP: an auto run did not look for the CUDA driver here (a build without CUDA?)"
  exit 77
fi
for run in "cpu:solve in.h5 -o cpu.h5 -q --backend cpu" "check:solve in.h5 --check-only -q" \
           "gen:generate --family random-symmetric --n 6 --count 200 -o gen.h5 -q --backend cpu"; do
  name=${run%%:*}
  # shellcheck disable=SC2086  # the arguments are split on purpose
  if ! EIGSWEEP_BACKEND=auto traced "$name.trace" ${run#*:}; then
    fail "$name: the run failed: $(cat "$name.trace.out")"
    continue
  fi
  n=$(driver_loads "$name.trace")
  if [ "$n" -le "$base" ]; then pass; else
    fail "$name (${run#*:}): looked for the CUDA driver $n times (--version: $base)"
  fi
done
finish

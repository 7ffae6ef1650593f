#!/usr/bin/env bash
# Runs the whole test suite on a fresh machine: installs missing Debian
# packages, builds Release (with CUDA when nvcc exists, so kernels always
# compile) and runs CTest; then builds the CPU path with AddressSanitizer +
# UndefinedBehaviorSanitizer and runs the suite again under them.
# GPU tests skip (exit 77) when no GPU is present.
#   ./tests/run.sh                      # both passes
#   EIGSWEEP_SANITIZERS=0 ./tests/run.sh  # Release pass only
#   CTEST_ARGS="-L unit" ./tests/run.sh   # a subset
set -euo pipefail
source "$(dirname "$0")/../jobs/bootstrap.sh"
eig_install_packages "${eig_packages[@]}" "${eig_test_packages[@]}"
read -r -a ctest_args <<<"${CTEST_ARGS:-}"

echo "== Release build ($eig_build)"
eig_build_project "$eig_build"
(cd "$eig_build" && ctest --output-on-failure -j "$(nproc)" "${ctest_args[@]}")

if [ "${EIGSWEEP_SANITIZERS:-1}" != 0 ]; then
  san="$eig_build-sanitize"
  echo "== AddressSanitizer + UndefinedBehaviorSanitizer build, CPU path ($san)"
  eig_build_project "$san" -DEIGSWEEP_CUDA=OFF -DEIGSWEEP_SANITIZE=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo
  # Open MPI's own allocations outlive MPI_Finalize: leak checking would only
  # report them. Any UB report fails the test that triggered it.
  export ASAN_OPTIONS=detect_leaks=0:abort_on_error=0:exitcode=86
  export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1:exitcode=86
  (cd "$san" && ctest --output-on-failure -j "$(nproc)" "${ctest_args[@]}")
fi

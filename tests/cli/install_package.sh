#!/usr/bin/env bash
# The installed package works for a program of a user's own (docs/api.md):
# `cmake --install` into a fresh prefix; the installed files are all there;
# libeigsweep.so exports exactly the functions the installed headers declare;
# examples/ builds against it with find_package(eigsweep) and runs; the same
# example compiles with `pkg-config --cflags --libs eigsweep` (strict C99,
# warnings as errors) and runs, also after the prefix is moved; the headers
# compile as C++. Without a GPU the example's GPU part reports "no GPU" (the
# GPU call must refuse with EIG_ERR_RESOURCE) and the CPU part decides.
# Args: EIGSWEEP_BINARY BUILD_DIR SOURCE_DIR CMAKE C_COMPILER
# shellcheck source=lib.sh
source "$(dirname "$0")/lib.sh"
BUILD=$1 SRC=$2 CMAKE=$3 CC=$4
PREFIX=$WORK/prefix

expect "cmake --install into a fresh prefix" "$CMAKE" --install "$BUILD" --prefix "$PREFIX"
pcfile=$(find "$PREFIX" -name eigsweep.pc -path "*/pkgconfig/*" | head -1)
libdir=$(dirname "$(dirname "$pcfile")")
for f in bin/eigsweep include/eigsweep.h include/eig_error.h; do
  expect "installed $f" test -f "$PREFIX/$f"
done
for f in libeigsweep.so cmake/eigsweep/eigsweepConfig.cmake cmake/eigsweep/eigsweepConfigVersion.cmake \
         cmake/eigsweep/eigsweepTargets.cmake pkgconfig/eigsweep.pc; do
  expect "installed lib/$f" test -e "$libdir/$f"
done
expect "installed eigsweep runs" "$PREFIX/bin/eigsweep" --version

# Exactly the functions the public headers declare are exported.
grep -hoE '^[A-Za-z][A-Za-z0-9_ ]*[ *]eig_[a-z0-9_]+\(' "$PREFIX"/include/eigsweep.h "$PREFIX"/include/eig_error.h |
  sed -E 's/.*[ *](eig_[a-z0-9_]+)\($/\1/' | sort -u >declared.txt
nm -D --defined-only "$libdir/libeigsweep.so" | awk '$2 == "T" { sub(/@.*/, "", $3); print $3 }' | sort -u >exported.txt
expect "the headers declare the API (eig_cpu_solve_batch, eig_gpu_solve_batch_on_stream)" \
  grep -qx eig_gpu_solve_batch_on_stream declared.txt
if ! diff declared.txt exported.txt >symbols.diff; then
  fail "libeigsweep.so exports other functions than the headers declare (< declared only, > exported only): $(cat symbols.diff)"
else pass; fi

# find_package(eigsweep): configure, build and run the example.
run_example() { # run_example LABEL PROGRAM: exits 0, CPU passes, GPU passes or "no GPU"
  local label=$1; shift
  if ! "$@" >"$label.out" 2>&1; then fail "$label: the example failed: $(cat "$label.out")"; return; fi
  if ! grep -q "^CPU: .*: pass$" "$label.out" || ! grep -q "^all checks passed$" "$label.out"; then
    fail "$label: unexpected output: $(cat "$label.out")"; return
  fi
  if ! grep -q "^no GPU: " "$label.out" && ! grep -q "^GPU against CPU: .*: pass$" "$label.out"; then
    fail "$label: neither a GPU result nor 'no GPU': $(cat "$label.out")"; return
  fi
  pass
  cat "$label.out"
}
if "$CMAKE" -S "$SRC/examples" -B ex -DCMAKE_PREFIX_PATH="$PREFIX" -DCMAKE_C_COMPILER="$CC" \
     -DCMAKE_BUILD_TYPE=Release >cmake.out 2>&1 && "$CMAKE" --build ex >>cmake.out 2>&1; then
  pass
  run_example find_package ex/api_example
else
  fail "the example does not build with find_package(eigsweep): $(cat cmake.out)"
fi

# pkg-config, strict: C99, pedantic, warnings as errors; then from a moved prefix.
pc_build() { # pc_build PREFIX OUTPUT
  local flags
  flags=$(PKG_CONFIG_PATH="$(dirname "$(find "$1" -name eigsweep.pc | head -1)")" pkg-config --cflags --libs eigsweep) ||
    return 1
  # shellcheck disable=SC2086  # the flags are words
  "$CC" -std=c99 -pedantic -Wall -Wextra -Werror "$SRC/examples/api_example.c" $flags -lm -o "$2" 2>pc.err
}
if pc_build "$PREFIX" ex_pc; then
  pass
  run_example pkg-config env LD_LIBRARY_PATH="$libdir" ./ex_pc
else
  fail "the example does not compile with pkg-config --cflags --libs eigsweep: $(cat pc.err)"
fi
mv "$PREFIX" "$WORK/moved"
if pc_build "$WORK/moved" ex_moved; then
  pass
  run_example moved-prefix env LD_LIBRARY_PATH="${libdir/$PREFIX/$WORK/moved}" ./ex_moved
else
  fail "pkg-config does not follow a moved prefix: $(cat pc.err)"
fi

# The public headers compile as C++ (extern "C", no C-only constructs).
if command -v c++ >/dev/null 2>&1; then
  printf '#include <eigsweep.h>\nint main() { eig_solve_params p = {}; return eig_layout_of(&p, 3).input == 9 ? 0 : 1; }\n' >cxx.cc
  expect "the headers compile as C++" c++ -Wall -Wextra -Werror -fsyntax-only -I"$WORK/moved/include" cxx.cc
fi
finish

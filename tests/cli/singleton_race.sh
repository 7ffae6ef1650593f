#!/usr/bin/env bash
# Singletons started side by side on one node (driver/mpi_transport.c): every
# isolated Open MPI singleton is job [0,1] rank 0, so without a session
# directory of its own one that finishes removes the directory another is
# creating, and that one's MPI_Init fails. Each lean singleton now keeps its
# session directory under a private $TMPDIR/eigsweep-mpi.XXXXXX, removed at exit.
# shellcheck source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

# Where Open MPI would put the shared directory is blocked by a plain file:
# a singleton still starts (its own directory is elsewhere) ...
if ! "$BIN" --version | grep -q "Open MPI v4"; then
  echo "SKIP: not Open MPI 4 (its singletons' session directories are what this tests)"
  exit 77
fi
mkdir blocked
host=$(uname -n)
for h in "$host" "${host%%.*}"; do : >"blocked/ompi.$h.$(id -u)"; done
if TMPDIR=$PWD/blocked "$BIN" solve --synthetic random-general:6:200 -o blocked.h5 -q >blocked.log 2>&1; then
  pass
else
  fail "a singleton with Open MPI's shared session directory blocked: $(cat blocked.log)"
fi
# ... while one told to use that place fails (the block is real), and says why.
if OMPI_MCA_orte_tmpdir_base=$PWD/blocked "$BIN" --version >user.log 2>&1; then
  fail "the blocked directory did not stop Open MPI: the test above proves nothing"
elif grep -q "mkdir\|session_dir\|session dir" user.log; then
  pass
else
  fail "a run told to use the blocked directory failed, but not on it: $(head -5 user.log)"
fi
left=$(find blocked -name 'eigsweep-mpi.*' | wc -l)
if [ "$left" -eq 0 ]; then pass; else fail "$left private session directories left in blocked/"; fi

# Many at once, as a job array packed onto one node would start them. The
# shortest runs (--version: MPI_Init, MPI_Finalize) collide most often: with
# the shared directory 64 at once failed in about one round of six here.
mkdir tmp
for round in 1 2 3 4 5 6; do
  pids=()
  for i in $(seq 1 64); do
    TMPDIR=$PWD/tmp "$BIN" --version >"r$round.$i.log" 2>&1 &
    pids+=($!)
  done
  bad=0
  for i in "${!pids[@]}"; do
    if ! wait "${pids[$i]}"; then
      bad=$((bad + 1))
      echo "round $round, run $((i + 1)): $(head -5 "r$round.$((i + 1)).log")" >&2
    fi
  done
  if [ "$bad" -eq 0 ]; then pass; else fail "round $round: $bad of 64 concurrent singletons failed"; fi
done
left=$(find tmp -mindepth 1 | wc -l)
if [ "$left" -eq 0 ]; then pass; else fail "$left entries left in \$TMPDIR after the runs: $(find tmp | head -5)"; fi
finish

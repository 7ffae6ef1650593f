# Unit tests: partition arithmetic, the file format round trip, solver pieces.
eig_add_test(unit_partition test_partition.c LABELS unit)
eig_add_test(unit_format_roundtrip test_format_roundtrip.c LABELS unit)
# tridiag-ql values in two halves (the warp-tridiag GPU kernel's split) equals
# the one-piece solver bit for bit.
eig_add_test(unit_tridiag_ql_split test_tridiag_ql_split.c LABELS unit)
# --method auto on the CPU and on the GPU (eig_method_resolve / _resolve_gpu).
eig_add_test(unit_method_choice test_method_choice.c LABELS unit)
# Cores per rank (driver/cores.c): CPU lists, shares, the one-line warning.
eig_add_test(unit_cores test_cores.c LABELS unit)
target_sources(unit_cores PRIVATE ${PROJECT_SOURCE_DIR}/driver/cores.c)
target_include_directories(unit_cores PRIVATE ${PROJECT_SOURCE_DIR}/driver)
# tridiag-ql with vectors, the sweeps applied to Z in groups of 2-4 (one
# pass a group: the GPU's warp-sym kernel), equals the plain solver bit for bit.
eig_add_test(unit_ql_groups test_ql_groups.c LABELS unit)
# The general solver's QR phase on band storage (the GPU's split warp-general)
# equals the dense one-piece solver bit for bit.
eig_add_test(unit_general_band test_general_band.c LABELS unit)
# Divide and conquer on tridiagonals (the GPU's block-tridiag with vectors
# runs it) against LAPACK dstedc: values, residuals, orthogonality.
eig_add_test(unit_tridiag_dc test_tridiag_dc.c LABELS unit)

# All eigenvalues of a tridiagonal by a team, each member bisecting its own
# indices (the warp-sym GPU kernel's values only) against LAPACKE_dsterf and
# the serial bisection.
eig_add_test(unit_bisect_team test_bisect_team.c LABELS unit)

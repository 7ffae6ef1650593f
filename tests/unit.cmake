# Unit tests: partition arithmetic, the file format round trip, solver pieces.
eig_add_test(unit_partition test_partition.c LABELS unit)
eig_add_test(unit_format_roundtrip test_format_roundtrip.c LABELS unit)
# tridiag-ql values in two halves (the warp-tridiag GPU kernel's split) equals
# the one-piece solver bit for bit.
eig_add_test(unit_tridiag_ql_split test_tridiag_ql_split.c LABELS unit)
# --method auto on the CPU and on the GPU (eig_method_resolve / _resolve_gpu).
eig_add_test(unit_method_choice test_method_choice.c LABELS unit)

# Unit tests: partition arithmetic, the file format round trip.
eig_add_test(unit_partition test_partition.c LABELS unit)
eig_add_test(unit_format_roundtrip test_format_roundtrip.c LABELS unit)

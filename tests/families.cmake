# Generator families and the counter-based RNG (io/families.c, io/rng.c).
eig_add_test(unit_families test_families.c LABELS unit)

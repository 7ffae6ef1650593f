# Generator families and the counter-based RNG (io/families.c, io/families_impl.h, io/rng.h).
eig_add_test(unit_families test_families.c LABELS unit)

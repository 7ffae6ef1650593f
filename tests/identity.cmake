# The input identity (--resume key, merge), and "is this path the input?".
eig_add_test(unit_input_identity test_input_identity.c LABELS unit)

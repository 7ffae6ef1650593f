# Issue 19 (F11, F12, eigenvalue overflow): rank-one matrices, NaN/Inf in one
# triangle, eigenvalues beyond the largest float, every method of every kind
# on the CPU backend against LAPACK; the structure check on NaN/Inf.
eig_add_test(test_special_inputs test_special_inputs.c LABELS accuracy)

# Tridiagonal bisection (eig_tridiag_bisect_d/_s) against LAPACK dstebz/sstebz,
# dsterf and the closed form of the (-1, 2, -1) matrix.
eig_add_test(accuracy_tridiagonal test_accuracy_tridiagonal.c LABELS accuracy)

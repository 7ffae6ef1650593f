# Accuracy of the symmetric (real) and hermitian (complex) families against
# LAPACK ?syevd/?syevx and ?heevd/?heevx, both precisions, every method.
eig_add_test(test_accuracy_symmetric test_accuracy_symmetric.c LABELS accuracy)
eig_add_test(test_accuracy_hermitian test_accuracy_hermitian.c LABELS accuracy)

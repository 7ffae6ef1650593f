# Accuracy of the general (real non-symmetric) solver against LAPACK xGEEVX.
eig_add_test(accuracy_general test_accuracy_general.c LABELS accuracy)

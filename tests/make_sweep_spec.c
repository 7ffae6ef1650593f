/* Writes a random sweep spec (docs/sweeps.md) with the HDF5 C library, for
 * tests on machines without h5py (the GPU machine):
 *   make_sweep_spec OUT.h5 KIND single|double N SEED
 * K = 2 parameters: bases of the kind (exactly symmetric / Hermitian with a
 * real diagonal), /axis_1 "k1" 40 values in [-1, 1], /axis_2 "k2" 50 random
 * values in [-1, 1): 2000 points. float32 bases for single. */
#include <hdf5.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "eigsweep.h"
#include "h5util.h"
#include "testutil.h"

/* Dataset `name` from buf, with the text attribute attr = value when attr is not NULL. */
static int write_dataset(hid_t f, const char *name, hid_t ftype, hid_t mtype, int rank, const hsize_t *dims,
                         const void *buf, const char *attr, const char *value)
{
    hid_t sp = H5Screate_simple(rank, dims, NULL);
    hid_t d = H5Dcreate2(f, name, ftype, sp, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
    int rc = d < 0 || H5Dwrite(d, mtype, H5S_ALL, H5S_ALL, H5P_DEFAULT, buf) < 0;
    if (!rc && attr) rc = eig_h5_write_attr_string(d, attr, value) != 0;
    if (d >= 0) H5Dclose(d);
    H5Sclose(sp);
    return rc;
}

int main(int argc, char **argv)
{
    eig_kind kind;
    if (argc != 6 || eig_kind_parse(argv[2], &kind) != 0 || (strcmp(argv[3], "single") && strcmp(argv[3], "double"))) {
        fprintf(stderr, "usage: make_sweep_spec OUT.h5 general|symmetric|hermitian|tridiagonal single|double N SEED\n");
        return 2;
    }
    const int n = atoi(argv[4]), K = 2;
    const int single = !strcmp(argv[3], "single");
    eig_test_rng rng;
    eig_test_rng_init(&rng, strtoull(argv[5], NULL, 10));
    const eig_precision prec = single ? EIG_PREC_SINGLE : EIG_PREC_DOUBLE;
    const size_t nn = (size_t)n * n;
    double *a = malloc(sizeof(double) * (size_t)(K + 1) * nn * 2);
    for (size_t e = 0; e < (size_t)(K + 1) * nn * 2; e++) a[e] = eig_test_normal(&rng);
    hid_t f = H5Fcreate(argv[1], H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT);
    int rc = f < 0;
    if (!rc && kind == EIG_KIND_TRIDIAGONAL) {
        hsize_t dd[2] = {(hsize_t)K + 1, (hsize_t)n}, od[2] = {(hsize_t)K + 1, (hsize_t)n - 1};
        hid_t t = eig_h5_real_type(prec);
        rc |= write_dataset(f, "diag", t, H5T_NATIVE_DOUBLE, 2, dd, a, "kind", "tridiagonal");
        rc |= write_dataset(f, "offdiag", t, H5T_NATIVE_DOUBLE, 2, od, a + (size_t)(K + 1) * n, NULL, NULL);
    } else if (!rc) {
        const int cplx = kind == EIG_KIND_HERMITIAN;
        for (int k = 0; k <= K; k++) /* mirror the upper triangle: exactly symmetric / Hermitian */
            for (int i = 0; i < n; i++)
                for (int j = 0; j <= i; j++) {
                    size_t ij = k * nn + (size_t)i * n + j, ji = k * nn + (size_t)j * n + i;
                    if (kind == EIG_KIND_SYMMETRIC) a[ij] = a[ji];
                    if (cplx) a[2 * ij] = a[2 * ji], a[2 * ij + 1] = i == j ? 0.0 : -a[2 * ji + 1];
                }
        hsize_t dims[3] = {(hsize_t)K + 1, (hsize_t)n, (hsize_t)n};
        hid_t ft = cplx ? eig_h5_complex_type(prec) : H5Tcopy(eig_h5_real_type(prec));
        hid_t mt = cplx ? eig_h5_complex_type(EIG_PREC_DOUBLE) : H5Tcopy(H5T_NATIVE_DOUBLE);
        rc |= write_dataset(f, "A", ft, mt, 3, dims, a, "kind", eig_kind_name(kind));
        H5Tclose(ft), H5Tclose(mt);
    }
    double ax1[40], ax2[50];
    for (int i = 0; i < 40; i++) ax1[i] = -1.0 + 2.0 * i / 39.0;
    for (int i = 0; i < 50; i++) ax2[i] = 2.0 * eig_test_uniform(&rng) - 1.0;
    hsize_t l1 = 40, l2 = 50;
    if (!rc) rc |= write_dataset(f, "axis_1", H5T_IEEE_F64LE, H5T_NATIVE_DOUBLE, 1, &l1, ax1, "name", "k1");
    if (!rc) rc |= write_dataset(f, "axis_2", H5T_IEEE_F64LE, H5T_NATIVE_DOUBLE, 1, &l2, ax2, "name", "k2");
    if (f >= 0) H5Fclose(f);
    free(a);
    if (rc) fprintf(stderr, "make_sweep_spec: cannot write %s\n", argv[1]);
    return rc ? 1 : 0;
}

/* Writes a malformed or awkward input collection for the bad-input tests.
 *   make_bad_input CASE OUT.h5
 * Each case breaks one rule of docs/format.md (or, for "poison", holds
 * matrices that must fail individually without spoiling their neighbours). */
#include <hdf5.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void attr(hid_t obj, const char *value)
{
    hid_t t = H5Tcopy(H5T_C_S1), sp = H5Screate(H5S_SCALAR);
    H5Tset_size(t, strlen(value) + 1);
    hid_t a = H5Acreate2(obj, "kind", t, sp, H5P_DEFAULT, H5P_DEFAULT);
    H5Awrite(a, t, value);
    H5Aclose(a), H5Sclose(sp), H5Tclose(t);
}

/* Dataset `name` of the given dims and type filled from data (may be NULL). */
static hid_t dset(hid_t f, const char *name, hid_t type, int rank, const hsize_t *dims, const void *data, hid_t mtype)
{
    hid_t sp = H5Screate_simple(rank, dims, NULL);
    hid_t d = H5Dcreate2(f, name, type, sp, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
    if (data) H5Dwrite(d, mtype, H5S_ALL, H5S_ALL, H5P_DEFAULT, data);
    H5Sclose(sp);
    return d;
}

static hid_t complex_type(void)
{
    hid_t t = H5Tcreate(H5T_COMPOUND, 16);
    H5Tinsert(t, "r", 0, H5T_NATIVE_DOUBLE);
    H5Tinsert(t, "i", 8, H5T_NATIVE_DOUBLE);
    return t;
}

int main(int argc, char **argv)
{
    if (argc != 3) { fprintf(stderr, "usage: make_bad_input CASE OUT.h5\n"); return 2; }
    const char *c = argv[1];
    hid_t f = H5Fcreate(argv[2], H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT);
    double buf[8 * 4 * 4 * 2];
    for (int i = 0; i < 8 * 4 * 4 * 2; i++) buf[i] = sin(1.0 + i);
    hsize_t d3[3] = {8, 4, 4};
    hid_t d = -1;
    if (!strcmp(c, "no-dataset")) {
        d = dset(f, "other", H5T_IEEE_F64LE, 3, d3, buf, H5T_NATIVE_DOUBLE);
    } else if (!strcmp(c, "rank2")) {
        hsize_t d2[2] = {8, 16};
        d = dset(f, "matrices", H5T_IEEE_F64LE, 2, d2, buf, H5T_NATIVE_DOUBLE), attr(d, "general");
    } else if (!strcmp(c, "not-square")) {
        hsize_t ds[3] = {8, 4, 3};
        d = dset(f, "matrices", H5T_IEEE_F64LE, 3, ds, buf, H5T_NATIVE_DOUBLE), attr(d, "general");
    } else if (!strcmp(c, "N0")) {
        hsize_t ds[3] = {0, 4, 4};
        d = dset(f, "matrices", H5T_IEEE_F64LE, 3, ds, NULL, 0), attr(d, "general");
    } else if (!strcmp(c, "n0")) {
        hsize_t ds[3] = {8, 0, 0};
        d = dset(f, "matrices", H5T_IEEE_F64LE, 3, ds, NULL, 0), attr(d, "general");
    } else if (!strcmp(c, "nbig")) {
        hsize_t ds[3] = {1, 5000, 5000};
        d = dset(f, "matrices", H5T_IEEE_F32LE, 3, ds, NULL, 0), attr(d, "general");
    } else if (!strcmp(c, "string-type")) { /* integers are read as float64; text is not a number */
        hid_t t = H5Tcopy(H5T_C_S1);
        H5Tset_size(t, 8);
        d = dset(f, "matrices", t, 3, d3, NULL, 0), attr(d, "general");
        H5Tclose(t);
    } else if (!strcmp(c, "complex-general")) {
        hid_t t = complex_type();
        d = dset(f, "matrices", t, 3, d3, buf, t), attr(d, "general");
        H5Tclose(t);
    } else if (!strcmp(c, "real-hermitian")) {
        d = dset(f, "matrices", H5T_IEEE_F64LE, 3, d3, buf, H5T_NATIVE_DOUBLE), attr(d, "hermitian");
    } else if (!strcmp(c, "no-kind")) {
        d = dset(f, "matrices", H5T_IEEE_F64LE, 3, d3, buf, H5T_NATIVE_DOUBLE);
    } else if (!strcmp(c, "unknown-kind")) {
        d = dset(f, "matrices", H5T_IEEE_F64LE, 3, d3, buf, H5T_NATIVE_DOUBLE), attr(d, "skew");
    } else if (!strcmp(c, "not-symmetric")) {
        d = dset(f, "matrices", H5T_IEEE_F64LE, 3, d3, buf, H5T_NATIVE_DOUBLE), attr(d, "symmetric");
    } else if (!strcmp(c, "not-hermitian")) {
        hid_t t = complex_type();
        d = dset(f, "matrices", t, 3, d3, buf, t), attr(d, "hermitian");
        H5Tclose(t);
    } else if (!strcmp(c, "tridiag-mismatch")) {
        hsize_t dd[2] = {8, 4}, od[2] = {8, 4};
        d = dset(f, "diag", H5T_IEEE_F64LE, 2, dd, buf, H5T_NATIVE_DOUBLE), attr(d, "tridiagonal");
        H5Dclose(dset(f, "offdiag", H5T_IEEE_F64LE, 2, od, buf, H5T_NATIVE_DOUBLE));
    } else if (!strcmp(c, "poison-general") || !strcmp(c, "poison-symmetric")) {
        /* 8 symmetric 4x4 matrices: 0 ok, 1 NaN, 2 ok, 3 Inf, 4 zero, 5 huge, 6 tiny, 7 ok. */
        for (int m = 0; m < 8; m++)
            for (int i = 0; i < 4; i++)
                for (int j = 0; j < 4; j++) buf[m * 16 + i * 4 + j] = buf[m * 16 + j * 4 + i] = cos(m + 3.0 * (i + j) + i * j);
        buf[16 + 5] = NAN;
        buf[3 * 16 + 0] = INFINITY;
        for (int k = 0; k < 16; k++) buf[4 * 16 + k] = 0, buf[5 * 16 + k] *= 1e300, buf[6 * 16 + k] *= 1e-300;
        d = dset(f, "matrices", H5T_IEEE_F64LE, 3, d3, buf, H5T_NATIVE_DOUBLE);
        attr(d, !strcmp(c, "poison-general") ? "general" : "symmetric");
    } else if (!strcmp(c, "late-asymmetric")) {
        /* 3000 symmetric 4x4 matrices; matrix 2900 is not symmetric: only the
         * rank that reads it fails, the others must stop too. */
        hsize_t dims[3] = {3000, 4, 4};
        double *big = malloc(sizeof(double) * 3000 * 16);
        for (int m = 0; m < 3000; m++)
            for (int i = 0; i < 4; i++)
                for (int j = 0; j <= i; j++) big[m * 16 + i * 4 + j] = big[m * 16 + j * 4 + i] = sin(m + i + 7.0 * j);
        big[2900 * 16 + 1] += 0.5;
        d = dset(f, "matrices", H5T_IEEE_F64LE, 3, dims, big, H5T_NATIVE_DOUBLE), attr(d, "symmetric");
        free(big);
    } else {
        fprintf(stderr, "make_bad_input: unknown case %s\n", c);
        return 2;
    }
    if (d >= 0) H5Dclose(d);
    H5Fclose(f);
    return 0;
}

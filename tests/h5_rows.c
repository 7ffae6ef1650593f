/* Test helper without hdf5-tools: prints or compares datasets.
 *   h5_rows FILE DSET START COUNT   rows START..START+COUNT-1 as text, one per line (a whole
 *                                   sweep's grid-shaped dataset [d1..dK, ...]: flat rows, row-major,
 *                                   the grid being /status's shape)
 *   h5_rows --same A B DSET...      exit 0 when the datasets are identical bit for bit
 *   h5_rows --set FILE DSET START COUNT V   sets rows of a 1-D integer dataset to V
 *                                   (e.g. /status back to -1: a run killed half-way) */
#include <hdf5.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "h5util.h"

/* Reads a whole dataset in its file type's native bytes; returns the size. */
static unsigned char *read_raw(const char *path, const char *name, size_t *bytes)
{
    hid_t f = H5Fopen(path, H5F_ACC_RDONLY, H5P_DEFAULT);
    if (f < 0) return NULL;
    hid_t d = eig_h5_open_dataset(f, name);
    unsigned char *buf = NULL;
    if (d >= 0) {
        hid_t t = H5Dget_type(d), s = H5Dget_space(d);
        *bytes = H5Tget_size(t) * (size_t)H5Sget_simple_extent_npoints(s);
        buf = malloc(*bytes + 1);
        if (buf && H5Dread(d, t, H5S_ALL, H5S_ALL, H5P_DEFAULT, buf) < 0) free(buf), buf = NULL;
        H5Sclose(s), H5Tclose(t), H5Dclose(d);
    }
    H5Fclose(f);
    return buf;
}

static int same(const char *a, const char *b, int n, char **names)
{
    for (int i = 0; i < n; i++) {
        size_t na = 0, nb = 0;
        unsigned char *x = read_raw(a, names[i], &na), *y = read_raw(b, names[i], &nb);
        int ok = x && y && na == nb && memcmp(x, y, na) == 0;
        free(x), free(y);
        if (!ok) { fprintf(stderr, "/%s differs between %s and %s\n", names[i], a, b); return 1; }
    }
    return 0;
}

static int rows(const char *path, const char *name, long long start, long long count)
{
    hid_t f = H5Fopen(path, H5F_ACC_RDONLY, H5P_DEFAULT);
    hid_t d = f < 0 ? -1 : eig_h5_open_dataset(f, name);
    if (d < 0) { fprintf(stderr, "cannot open %s:/%s\n", path, name); return 2; }
    hid_t t = H5Dget_type(d), s = H5Dget_space(d);
    int cplx = H5Tget_class(t) == H5T_COMPOUND, rank = H5Sget_simple_extent_ndims(s);
    hsize_t dims[H5S_MAX_RANK] = {1, 1, 1};
    H5Sget_simple_extent_dims(s, dims, NULL);
    /* rows: the points of the grid /status is shaped as ([N] for a list) */
    int lead = 1;
    hid_t sd = H5Lexists(f, "status", H5P_DEFAULT) > 0 ? eig_h5_open_dataset(f, "status") : -1;
    if (sd >= 0) {
        hid_t ss = H5Dget_space(sd);
        int sr = H5Sget_simple_extent_ndims(ss);
        if (sr >= 1 && sr <= rank) lead = sr;
        H5Sclose(ss), H5Dclose(sd);
    }
    long long per = 1, nrows = 1;
    for (int k = 0; k < lead; k++) nrows *= (long long)dims[k];
    for (int k = lead; k < rank; k++) per *= (long long)dims[k];
    per *= cplx ? 2 : 1;
    hid_t mt = H5T_NATIVE_DOUBLE;
    if (cplx) {
        mt = H5Tcreate(H5T_COMPOUND, 16);
        H5Tinsert(mt, "r", 0, H5T_NATIVE_DOUBLE);
        H5Tinsert(mt, "i", 8, H5T_NATIVE_DOUBLE);
    }
    double *all = malloc(sizeof(double) * (size_t)(per * nrows) + 8);
    int rc = H5Dread(d, mt, H5S_ALL, H5S_ALL, H5P_DEFAULT, all) < 0;
    for (long long r = start; !rc && r < start + count && r < nrows; r++) {
        for (long long k = 0; k < per; k++) printf(k ? ", %.17g" : "%.17g", all[r * per + k]);
        printf("\n");
    }
    free(all);
    if (cplx) H5Tclose(mt);
    H5Sclose(s), H5Tclose(t), H5Dclose(d), H5Fclose(f);
    return rc;
}

static int set_rows(const char *path, const char *name, long long start, long long count, int value)
{
    hid_t f = H5Fopen(path, H5F_ACC_RDWR, H5P_DEFAULT);
    hid_t d = f < 0 ? -1 : eig_h5_open_dataset(f, name);
    if (d < 0) { fprintf(stderr, "cannot open %s:/%s for writing\n", path, name); return 2; }
    int *v = malloc(sizeof(int) * (size_t)(count > 0 ? count : 1));
    for (long long i = 0; i < count; i++) v[i] = value;
    int rc = eig_h5_write_rows(d, H5T_NATIVE_INT, start, count, v, H5P_DEFAULT) != 0;
    free(v);
    H5Dclose(d);
    rc |= H5Fclose(f) < 0;
    return rc;
}

int main(int argc, char **argv)
{
    H5Eset_auto2(H5E_DEFAULT, NULL, NULL);
    if (argc >= 5 && !strcmp(argv[1], "--same")) return same(argv[2], argv[3], argc - 4, argv + 4);
    if (argc == 7 && !strcmp(argv[1], "--set")) return set_rows(argv[2], argv[3], atoll(argv[4]), atoll(argv[5]), atoi(argv[6]));
    if (argc == 5) return rows(argv[1], argv[2], atoll(argv[3]), atoll(argv[4]));
    fprintf(stderr, "usage: h5_rows FILE DSET START COUNT | h5_rows --same A B DSET...\n");
    return 2;
}

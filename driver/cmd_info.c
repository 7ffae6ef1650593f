/* `eigsweep info FILE`: what a collection or result file holds. Runs on rank 0. */
#include <getopt.h>
#include <hdf5.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "collection.h"
#include "eig_error.h"

static void info_usage(void)
{
    printf("usage: eigsweep info FILE.h5 [--show K]\n\n"
           "Prints what a collection (input) or result file holds: N, n, kind,\n"
           "precision, size on disk, chunking, provenance; for results also the\n"
           "count of matrices per status. --show K prints the eigenvalues, status and\n"
           "iterations of the first K matrices of a result file.\n\n"
           "examples:\n  eigsweep info sweep.h5\n  eigsweep info eig.h5 --show 3\n");
}

static void print_attrs(hid_t obj, const char *indent)
{
    hid_t a;
    int na = H5Aget_num_attrs(obj);
    for (int i = 0; i < na; i++) {
        a = H5Aopen_by_idx(obj, ".", H5_INDEX_NAME, H5_ITER_INC, (hsize_t)i, H5P_DEFAULT, H5P_DEFAULT);
        if (a < 0) continue;
        char name[256];
        H5Aget_name(a, sizeof name, name);
        hid_t t = H5Aget_type(a);
        if (H5Tget_class(t) == H5T_STRING && !H5Tis_variable_str(t)) {
            size_t sz = H5Tget_size(t);
            char *buf = calloc(sz + 1, 1);
            hid_t mt = H5Tcopy(H5T_C_S1);
            H5Tset_size(mt, sz + 1);
            if (buf && H5Aread(a, mt, buf) >= 0) printf("%s%-16s %s\n", indent, name, buf);
            H5Tclose(mt);
            free(buf);
        } else if (H5Tget_class(t) == H5T_INTEGER) {
            long long v = 0;
            if (H5Aread(a, H5T_NATIVE_LLONG, &v) >= 0) printf("%s%-16s %lld\n", indent, name, v);
        } else if (H5Tget_class(t) == H5T_FLOAT) {
            double v = 0;
            if (H5Aread(a, H5T_NATIVE_DOUBLE, &v) >= 0) printf("%s%-16s %g\n", indent, name, v);
        }
        H5Tclose(t);
        H5Aclose(a);
    }
}

static void print_dataset(hid_t file, const char *name)
{
    if (H5Lexists(file, name, H5P_DEFAULT) <= 0) return;
    hid_t d = eig_h5_open_dataset(file, name);
    if (d < 0) return;
    hid_t s = H5Dget_space(d), t = H5Dget_type(d), pl = H5Dget_create_plist(d);
    int rank = H5Sget_simple_extent_ndims(s);
    hsize_t dims[8], chunk[8];
    H5Sget_simple_extent_dims(s, dims, NULL);
    char shape[128] = "", cshape[128] = "contiguous";
    for (int i = 0; i < rank; i++)
        snprintf(shape + strlen(shape), sizeof shape - strlen(shape), "%s%llu", i ? "," : "", (unsigned long long)dims[i]);
    if (H5Pget_layout(pl) == H5D_CHUNKED) {
        H5Pget_chunk(pl, rank, chunk);
        snprintf(cshape, sizeof cshape, "chunks ");
        for (int i = 0; i < rank; i++)
            snprintf(cshape + strlen(cshape), sizeof cshape - strlen(cshape), "%s%llu", i ? "," : "", (unsigned long long)chunk[i]);
    }
    const char *tn = "other";
    size_t sz = H5Tget_size(t);
    switch (H5Tget_class(t)) {
    case H5T_FLOAT: tn = sz == 4 ? "float32" : "float64"; break;
    case H5T_COMPOUND: tn = sz == 8 ? "complex64 {r,i}" : "complex128 {r,i}"; break;
    case H5T_INTEGER: tn = sz == 1 ? "int8" : sz == 4 ? "int32" : "integer"; break;
    default: break;
    }
    printf("  /%-13s [%s] %s, %s, %.3f MB\n", name, shape, tn, cshape, (double)H5Dget_storage_size(d) / 1e6);
    print_attrs(d, "      ");
    H5Pclose(pl), H5Tclose(t), H5Sclose(s), H5Dclose(d);
}

static void print_status_counts(hid_t file)
{
    if (H5Lexists(file, "status", H5P_DEFAULT) <= 0) return;
    hid_t d = eig_h5_open_dataset(file, "status"), s = H5Dget_space(d);
    hsize_t n;
    H5Sget_simple_extent_dims(s, &n, NULL);
    long long counts[5] = {0, 0, 0, 0, 0}; /* ok, not converged, invalid, unknown, pending (-1) */
    const hsize_t block = 1 << 20;
    int8_t *buf = malloc(block);
    for (hsize_t off = 0; buf && off < n; off += block) {
        hsize_t cnt = n - off < block ? n - off : block;
        hid_t fs = H5Dget_space(d), ms = H5Screate_simple(1, &cnt, NULL);
        H5Sselect_hyperslab(fs, H5S_SELECT_SET, &off, NULL, &cnt, NULL);
        if (H5Dread(d, H5T_NATIVE_INT8, ms, fs, H5P_DEFAULT, buf) >= 0)
            for (hsize_t i = 0; i < cnt; i++) counts[buf[i] == -1 ? 4 : buf[i] >= 0 && buf[i] < 3 ? buf[i] : 3]++;
        H5Sclose(ms), H5Sclose(fs);
    }
    free(buf);
    printf("  status: ok %lld, not_converged %lld, invalid_input %lld", counts[0], counts[1], counts[2]);
    if (counts[4]) printf(", not solved yet %lld (a partial file: finish it with solve --resume)", counts[4]);
    if (counts[3]) printf(", unknown codes %lld (damaged file?)", counts[3]);
    printf("\n");
    H5Sclose(s), H5Dclose(d);
}

/* The first k matrices of a result file, one line each. */
static void show_results(hid_t f, long long k)
{
    hid_t d = eig_h5_open_dataset(f, "eigenvalues"), s = H5Dget_space(d), t = H5Dget_type(d);
    hsize_t dims[2];
    H5Sget_simple_extent_dims(s, dims, NULL);
    int cplx = H5Tget_class(t) == H5T_COMPOUND, n = (int)dims[1];
    if (k > (long long)dims[0]) k = (long long)dims[0];
    hsize_t off[2] = {0, 0}, cnt[2] = {(hsize_t)k, (hsize_t)n};
    double *v = malloc(sizeof(double) * (size_t)(2 * k * n + 1));
    int8_t *st = malloc((size_t)k + 1);
    int32_t *it = malloc(sizeof(int32_t) * (size_t)k + 1);
    hid_t mt = H5T_NATIVE_DOUBLE;
    if (cplx) {
        mt = H5Tcreate(H5T_COMPOUND, 16);
        H5Tinsert(mt, "r", 0, H5T_NATIVE_DOUBLE);
        H5Tinsert(mt, "i", 8, H5T_NATIVE_DOUBLE);
    }
    hid_t ms = H5Screate_simple(2, cnt, NULL);
    H5Sselect_hyperslab(s, H5S_SELECT_SET, off, NULL, cnt, NULL);
    int ok = k > 0 && H5Dread(d, mt, ms, s, H5P_DEFAULT, v) >= 0;
    H5Sclose(ms);
    hid_t ds = eig_h5_open_dataset(f, "status"), di = eig_h5_open_dataset(f, "iterations");
    hid_t s1 = H5Dget_space(ds), m1 = H5Screate_simple(1, cnt, NULL);
    H5Sselect_hyperslab(s1, H5S_SELECT_SET, off, NULL, cnt, NULL);
    ok = ok && H5Dread(ds, H5T_NATIVE_INT8, m1, s1, H5P_DEFAULT, st) >= 0 && H5Dread(di, H5T_NATIVE_INT32, m1, s1, H5P_DEFAULT, it) >= 0;
    for (long long m = 0; ok && m < k; m++) {
        printf("  matrix %lld: %s, %d iterations:", m, st[m] == -1 ? "pending" : eig_status_name(st[m]), it[m]);
        for (int j = 0; j < n; j++) {
            if (cplx) {
                double re = v[(m * n + j) * 2], im = v[(m * n + j) * 2 + 1];
                if (im == 0) printf(" %.6g", re);
                else printf(" %.6g%+.6gi", re, im);
            } else {
                printf(" %.6g", v[m * n + j]);
            }
        }
        printf("\n");
    }
    if (cplx) H5Tclose(mt);
    H5Sclose(m1), H5Sclose(s1), H5Dclose(ds), H5Dclose(di);
    free(v), free(st), free(it);
    H5Tclose(t), H5Sclose(s), H5Dclose(d);
}

int eig_cmd_info(eig_ctx *ctx, int argc, char **argv)
{
    if (argc == 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
        if (ctx->rank == 0) info_usage();
        return 0;
    }
    int rc = 0;
    int64_t show = 0;
    if (argc == 4 && !strcmp(argv[2], "--show")) rc = eig_parse_i64("--show", argv[3], 0, 1000000, &show);
    else if (argc != 2) rc = EIG_ERROR(EIG_ERR_USAGE, "info: expected one file (eigsweep info FILE.h5 [--show K])");
    if ((rc = eig_agree(ctx, rc))) return rc;
    if (ctx->rank == 0) {
        const char *path = argv[1];
        if (access(path, F_OK) != 0) rc = EIG_ERROR(EIG_ERR_INPUT, "%s: no such file", path);
        else if (!eig_h5_is_hdf5(path)) rc = EIG_ERROR(EIG_ERR_INPUT, "%s: not an HDF5 file (or truncated/corrupted)", path);
        hid_t f = rc ? -1 : H5Fopen(path, H5F_ACC_RDONLY, H5P_DEFAULT);
        if (!rc && f < 0) rc = EIG_ERROR(EIG_ERR_INPUT, "%s: cannot open as HDF5 (corrupted?)", path);
        if (!rc) {
            hsize_t fsz = 0;
            H5Fget_filesize(f, &fsz);
            int is_result = H5Lexists(f, "eigenvalues", H5P_DEFAULT) > 0;
            int is_coll = H5Lexists(f, "matrices", H5P_DEFAULT) > 0 || H5Lexists(f, "diag", H5P_DEFAULT) > 0;
            printf("%s: %s, %.3f MB\n", path, is_result ? "eigsweep result file" : is_coll ? "eigsweep collection" : "HDF5 file (no eigsweep datasets)",
                   (double)fsz / 1e6);
            hid_t root = H5Gopen2(f, "/", H5P_DEFAULT);
            if (root >= 0) print_attrs(root, "  "), H5Gclose(root);
            const char *names[] = {"matrices", "diag", "offdiag", "eigenvalues", "eigenvectors", "status", "iterations"};
            for (int i = 0; i < 7; i++) print_dataset(f, names[i]);
            if (is_result) print_status_counts(f);
            if (is_result && show > 0) show_results(f, show);
            if (!is_result && !is_coll) rc = EIG_ERROR(EIG_ERR_INPUT, "%s: holds neither /matrices, /diag nor /eigenvalues", path);
            H5Fclose(f);
        }
    }
    return eig_agree(ctx, rc);
}

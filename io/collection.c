/* HDF5 access for input collections and result files (docs/format.md). */
#include "collection.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "eig_error.h"
#include "h5util.h"

/* Element type of dataset `d`: real float32/float64, or the {r,i} compound. */
static int classify_type(const eig_collection *c, hid_t d, int *is_complex, eig_precision *prec)
{
    hid_t t = H5Dget_type(d);
    H5T_class_t cls = H5Tget_class(t);
    size_t sz = H5Tget_size(t);
    int rc = 0;
    if (cls == H5T_FLOAT && (sz == 4 || sz == 8)) {
        *is_complex = 0;
        *prec = sz == 4 ? EIG_PREC_SINGLE : EIG_PREC_DOUBLE;
    } else if (cls == H5T_COMPOUND && H5Tget_nmembers(t) == 2 && (sz == 8 || sz == 16) &&
               H5Tget_member_class(t, 0) == H5T_FLOAT && H5Tget_member_class(t, 1) == H5T_FLOAT) {
        *is_complex = 1;
        *prec = sz == 8 ? EIG_PREC_SINGLE : EIG_PREC_DOUBLE;
    } else {
        rc = EIG_ERROR(EIG_ERR_INPUT,
                       "%s: dataset /%s has an unsupported element type (need float32, float64 or a "
                       "complex {r,i} compound of them)",
                       c->path, c->dataset);
    }
    H5Tclose(t);
    return rc;
}

static int open_dataset(eig_collection *c, const char *name, hid_t *d)
{
    snprintf(c->dataset, sizeof c->dataset, "%s", name);
    EIG_CHECK(H5Lexists(c->file, name, H5P_DEFAULT) > 0, EIG_ERR_INPUT,
              "%s: no dataset /%s (is this an eigsweep collection? see `eigsweep info`)", c->path, name);
    *d = eig_h5_open_dataset(c->file, name);
    EIG_CHECK(*d >= 0, EIG_ERR_INPUT, "%s: cannot open dataset /%s (file damaged?)", c->path, name);
    return 0;
}

static int dataset_dims(eig_collection *c, hid_t d, int want_rank, hsize_t *dims)
{
    hid_t s = H5Dget_space(d);
    int rank = H5Sget_simple_extent_ndims(s);
    if (rank == want_rank) H5Sget_simple_extent_dims(s, dims, NULL);
    H5Sclose(s);
    EIG_CHECK(rank == want_rank, EIG_ERR_INPUT, "%s: dataset /%s has %d dimensions, expected %d",
              c->path, c->dataset, rank, want_rank);
    return 0;
}

static int check_input(eig_collection *c)
{
    char kind[64];
    int has_m = H5Lexists(c->file, "matrices", H5P_DEFAULT) > 0, has_d = H5Lexists(c->file, "diag", H5P_DEFAULT) > 0;
    EIG_CHECK(has_m || has_d, EIG_ERR_INPUT,
              "%s: no dataset /matrices (nor /diag and /offdiag for tridiagonal): not an eigsweep collection? "
              "(see docs/format.md)", c->path);
    const char *dname = has_m ? "matrices" : "diag";
    EIG_CALL(open_dataset(c, dname, &c->data));
    EIG_CHECK(eig_h5_read_attr_string(c->data, "kind", kind, sizeof kind) == 0, EIG_ERR_INPUT,
              "%s: dataset /%s has no 'kind' attribute (set it to general, symmetric, hermitian or "
              "tridiagonal)",
              c->path, c->dataset);
    eig_kind k;
    if (eig_kind_parse(kind, &k) != 0)
        return EIG_ERROR(EIG_ERR_INPUT,
                         "%s: dataset /%s has kind '%s'; expected general, symmetric, hermitian or "
                         "tridiagonal",
                         c->path, c->dataset, kind);
    c->kind = k;
    int is_complex;
    EIG_CALL(classify_type(c, c->data, &is_complex, &c->precision));
    hsize_t dims[3];
    if (k == EIG_KIND_TRIDIAGONAL) {
        EIG_CHECK(strcmp(dname, "diag") == 0, EIG_ERR_INPUT,
                  "%s: kind is tridiagonal but the file has /matrices; tridiagonal collections store "
                  "/diag [N,n] and /offdiag [N,n-1]",
                  c->path);
        EIG_CHECK(!is_complex, EIG_ERR_INPUT, "%s: /diag must be real", c->path);
        EIG_CALL(dataset_dims(c, c->data, 2, dims));
        c->count = (eig_idx)dims[0];
        c->n = (int)(dims[1] > EIG_MAX_N ? EIG_MAX_N + 1 : dims[1]);
        EIG_CALL(open_dataset(c, "offdiag", &c->offdiag));
        hsize_t od[2];
        EIG_CALL(dataset_dims(c, c->offdiag, 2, od));
        int oc;
        eig_precision op;
        EIG_CALL(classify_type(c, c->offdiag, &oc, &op));
        EIG_CHECK(!oc && op == c->precision, EIG_ERR_INPUT,
                  "%s: /offdiag must have the same real type as /diag", c->path);
        EIG_CHECK(od[0] == dims[0] && od[1] + 1 == dims[1], EIG_ERR_INPUT,
                  "%s: /offdiag is [%llu,%llu] but /diag is [%llu,%llu]; expected [N,n-1]", c->path,
                  (unsigned long long)od[0], (unsigned long long)od[1], (unsigned long long)dims[0],
                  (unsigned long long)dims[1]);
        snprintf(c->dataset, sizeof c->dataset, "diag");
    } else {
        EIG_CALL(dataset_dims(c, c->data, 3, dims));
        EIG_CHECK(dims[1] == dims[2], EIG_ERR_INPUT, "%s: /matrices is [%llu,%llu,%llu]: matrices are not square",
                  c->path, (unsigned long long)dims[0], (unsigned long long)dims[1],
                  (unsigned long long)dims[2]);
        c->count = (eig_idx)dims[0];
        c->n = (int)(dims[1] > EIG_MAX_N ? EIG_MAX_N + 1 : dims[1]);
        if (k == EIG_KIND_HERMITIAN)
            EIG_CHECK(is_complex, EIG_ERR_INPUT,
                      "%s: kind is hermitian but /matrices is real (store complex {r,i} entries, or set "
                      "kind to symmetric)",
                      c->path);
        else
            EIG_CHECK(!is_complex, EIG_ERR_INPUT,
                      "%s: kind is %s but /matrices is complex (only hermitian takes complex input)",
                      c->path, kind);
    }
    EIG_CHECK(c->count > 0, EIG_ERR_INPUT, "%s: /%s holds no matrices (N = 0)", c->path, c->dataset);
    EIG_CHECK(c->n > 0, EIG_ERR_INPUT, "%s: /%s has matrices of order n = 0", c->path, c->dataset);
    EIG_CHECK(c->n <= EIG_MAX_N, EIG_ERR_INPUT, "%s: /%s has n above the supported maximum %d",
              c->path, c->dataset, EIG_MAX_N);
    return 0;
}

int eig_h5_open_input(MPI_Comm comm, const char *path, eig_read_driver how, eig_collection *c)
{
    memset(c, 0, sizeof *c);
    c->file = c->data = c->offdiag = -1;
    snprintf(c->path, sizeof c->path, "%s", path);
    EIG_CHECK(access(path, F_OK) == 0, EIG_ERR_INPUT, "%s: no such file", path);
    EIG_CHECK(access(path, R_OK) == 0, EIG_ERR_INPUT, "%s: not readable (permission denied)", path);
    EIG_CHECK(eig_h5_is_hdf5(path), EIG_ERR_INPUT, "%s: not an HDF5 file (or truncated/corrupted)", path);
    hid_t fapl = H5Pcreate(H5P_FILE_ACCESS);
    if (how == EIG_READ_POSIX) H5Pset_fapl_sec2(fapl);
    else H5Pset_fapl_mpio(fapl, comm, MPI_INFO_NULL);
    c->file = H5Fopen(path, H5F_ACC_RDONLY, fapl);
    H5Pclose(fapl);
    EIG_CHECK(c->file >= 0, EIG_ERR_INPUT, "%s: cannot open as HDF5 (truncated or corrupted?)", path);
    int rc = check_input(c);
    if (rc) eig_h5_close_input(c);
    return rc;
}

/* Rows (first-dimension entries) per HDF5 storage block of dataset d: the
 * chunk's first dimension, or the whole extent when not chunked. */
static eig_idx rows_per_block(hid_t d, eig_idx count)
{
    eig_idx rows = count;
    hid_t dcpl = H5Dget_create_plist(d);
    hsize_t chunk[3];
    if (dcpl >= 0 && H5Pget_layout(dcpl) == H5D_CHUNKED && H5Pget_chunk(dcpl, 3, chunk) >= 1 && chunk[0] > 0)
        rows = (eig_idx)chunk[0];
    if (dcpl >= 0) H5Pclose(dcpl);
    return rows > 0 ? rows : 1;
}

/* Where a damaged chunk index says a block holds no data and the file's fill
 * time is "never", H5Dread succeeds and leaves the caller's buffer as it was:
 * yesterday's chunk would be solved as today's. So a signalling-NaN pattern
 * goes into the first element of every storage block the read covers, and
 * the read counts only if each was overwritten. */
static void plant_sentinels(char *buf, size_t es, size_t row_reals, eig_idx start, eig_idx count, eig_idx block_rows)
{
    const uint64_t s64 = 0x7FF4E1C5DEAD0001ULL;
    const uint32_t s32 = 0x7FA1DEADu;
    for (eig_idx g = start; g < start + count; g = (g / block_rows + 1) * block_rows)
        memcpy(buf + (size_t)(g - start) * row_reals * es, es == 8 ? (const void *)&s64 : (const void *)&s32, es);
}

/* The first matrix of a block whose sentinel survived the read, or -1. */
static eig_idx unwritten_block(const char *buf, size_t es, size_t row_reals, eig_idx start, eig_idx count,
                               eig_idx block_rows)
{
    const uint64_t s64 = 0x7FF4E1C5DEAD0001ULL;
    const uint32_t s32 = 0x7FA1DEADu;
    for (eig_idx g = start; g < start + count; g = (g / block_rows + 1) * block_rows)
        if (!memcmp(buf + (size_t)(g - start) * row_reals * es, es == 8 ? (const void *)&s64 : (const void *)&s32, es))
            return g;
    return -1;
}

/* Reads rows [start, start+count) of dataset d (row_reals reals of element
 * size es per row, memory type mt) into buf, refusing blocks HDF5 did not fill. */
static int read_rows(eig_collection *c, hid_t d, const char *name, hid_t mt, size_t es, size_t row_reals,
                     eig_idx start, eig_idx count, void *buf)
{
    hid_t fs, ms;
    eig_idx block_rows = rows_per_block(d, c->count);
    plant_sentinels(buf, es, row_reals, start, count, block_rows);
    eig_h5_select_rows(d, start, count, &fs, &ms);
    herr_t r = H5Dread(d, mt, ms, fs, H5P_DEFAULT, buf);
    H5Sclose(fs), H5Sclose(ms);
    EIG_CHECK(r >= 0, EIG_ERR_INPUT, "%s: read error in /%s at matrices %lld..%lld (file damaged?)", c->path, name,
              (long long)start, (long long)(start + count - 1));
    eig_idx g = unwritten_block(buf, es, row_reals, start, count, block_rows);
    EIG_CHECK(g < 0, EIG_ERR_INPUT, "%s: /%s: HDF5 returned no data for the storage block holding matrix %lld "
              "(chunk index damaged, or the file was never completely written)", c->path, name, (long long)g);
    return 0;
}

int eig_h5_read_slice(eig_collection *c, eig_idx start, eig_idx count, void *buf)
{
    EIG_CHECK(start >= 0 && count >= 0 && start + count <= c->count, EIG_ERR_INTERNAL,
              "read [%lld,+%lld) outside the collection of %lld", (long long)start, (long long)count,
              (long long)c->count);
    if (count == 0) return 0;
    if (c->kind == EIG_KIND_TRIDIAGONAL) {
        /* The solver layout is diag[n] then offdiag[n-1] per matrix; read both
         * datasets into a staging area and interleave. */
        int n = c->n;
        size_t es = eig_h5_real_size(c->precision);
        char *d = malloc((size_t)count * (size_t)(2 * n) * es);
        EIG_CHECK(d != NULL, EIG_ERR_RESOURCE, "out of host memory reading %lld tridiagonals", (long long)count);
        char *e = d + (size_t)count * (size_t)n * es;
        hid_t rt = eig_h5_real_type(c->precision);
        int rc = read_rows(c, c->data, "diag", rt, es, (size_t)n, start, count, d);
        if (!rc && n > 1) rc = read_rows(c, c->offdiag, "offdiag", rt, es, (size_t)(n - 1), start, count, e);
        if (!rc) {
            size_t per = (size_t)(2 * n - 1) * es;
            for (eig_idx m = 0; m < count; m++) {
                memcpy((char *)buf + (size_t)m * per, d + (size_t)m * (size_t)n * es, (size_t)n * es);
                memcpy((char *)buf + (size_t)m * per + (size_t)n * es, e + (size_t)m * (size_t)(n - 1) * es,
                       (size_t)(n - 1) * es);
            }
        }
        free(d);
        return rc;
    }
    hid_t mt = c->kind == EIG_KIND_HERMITIAN ? eig_h5_complex_type(c->precision) : H5Tcopy(eig_h5_real_type(c->precision));
    size_t row_reals = (size_t)c->n * (size_t)c->n * (c->kind == EIG_KIND_HERMITIAN ? 2 : 1);
    int rc = read_rows(c, c->data, c->dataset, mt, eig_h5_real_size(c->precision), row_reals, start, count, buf);
    H5Tclose(mt);
    return rc;
}

void eig_h5_close_input(eig_collection *c)
{
    if (c->offdiag >= 0) H5Dclose(c->offdiag);
    if (c->data >= 0) H5Dclose(c->data);
    if (c->file >= 0) H5Fclose(c->file);
    c->file = c->data = c->offdiag = -1;
}


int eig_h5_create_collection(MPI_Comm comm, const char *path, eig_kind kind, eig_precision prec,
                             eig_idx count, int n, eig_collection_writer *w)
{
    memset(w, 0, sizeof *w);
    eig_collection *c = &w->c;
    c->file = c->data = c->offdiag = -1;
    c->kind = kind, c->precision = prec, c->count = count, c->n = n;
    snprintf(c->path, sizeof c->path, "%s", path);
    eig_h5_tmp_path(w->tmp_path, sizeof w->tmp_path, path);
    int rank, rc = 0;
    MPI_Comm_rank(comm, &rank);
    eig_solve_params lp = {.kind = kind, .precision = prec};
    hsize_t raw = (hsize_t)count * (hsize_t)eig_layout_of(&lp, n).input * (prec == EIG_PREC_SINGLE ? 4 : 8);
    if (rank == 0) rc = eig_h5_reserve_bytes(w->tmp_path, raw + raw / 64 + (2 << 20), 1); /* room for it all? */
    MPI_Bcast(&rc, 1, MPI_INT, 0, comm);
    if (rc) return rc;
    hid_t fapl = H5Pcreate(H5P_FILE_ACCESS);
    H5Pset_fapl_mpio(fapl, comm, MPI_INFO_NULL);
    H5Pset_libver_bounds(fapl, H5F_LIBVER_V18, H5F_LIBVER_LATEST);
    hid_t fcpl = H5Pcreate(H5P_FILE_CREATE);
    H5Pset_obj_track_times(fcpl, 0); /* the root group's timestamps too */
    c->file = H5Fcreate(w->tmp_path, H5F_ACC_TRUNC, fcpl, fapl);
    H5Pclose(fcpl);
    H5Pclose(fapl);
    EIG_CHECK(c->file >= 0, EIG_ERR_OUTPUT, "%s: cannot create file", w->tmp_path);
    const char *kname = eig_kind_name(kind);
    if (kind == EIG_KIND_TRIDIAGONAL) {
        hsize_t dd[2] = {(hsize_t)count, (hsize_t)n}, od[2] = {(hsize_t)count, (hsize_t)(n - 1)};
        c->data = eig_h5_create_dataset(c->file, "diag", eig_h5_real_type(prec), 2, dd);
        c->offdiag = eig_h5_create_dataset(c->file, "offdiag", eig_h5_real_type(prec), 2, od);
        EIG_CHECK(c->data >= 0 && c->offdiag >= 0, EIG_ERR_OUTPUT, "%s: cannot create /diag, /offdiag", path);
    } else {
        hsize_t dims[3] = {(hsize_t)count, (hsize_t)n, (hsize_t)n};
        hid_t t = kind == EIG_KIND_HERMITIAN ? eig_h5_complex_type(prec) : H5Tcopy(eig_h5_real_type(prec));
        c->data = eig_h5_create_dataset(c->file, "matrices", t, 3, dims);
        H5Tclose(t);
        EIG_CHECK(c->data >= 0, EIG_ERR_OUTPUT, "%s: cannot create /matrices", path);
    }
    EIG_CALL(eig_h5_write_attr_string(c->data, "kind", kname));
    H5Fflush(c->file, H5F_SCOPE_LOCAL); /* collective: makes the allocated end of file known */
    if (rank == 0) rc = eig_h5_reserve_space(c->file, w->tmp_path, 0);
    MPI_Bcast(&rc, 1, MPI_INT, 0, comm);
    return rc;
}

/* Converts doubles to the file precision (in place is not possible: new buffer). */
static void *to_precision(const double *src, size_t len, eig_precision p)
{
    if (p == EIG_PREC_DOUBLE) return NULL;
    float *f = malloc(len * sizeof(float) + 1);
    if (f)
        for (size_t i = 0; i < len; i++) f[i] = (float)src[i];
    return f;
}

int eig_h5_write_collection_slice(eig_collection_writer *w, eig_idx start, eig_idx count, const double *buf)
{
    eig_collection *c = &w->c;
    int n = c->n;
    hid_t dxpl = H5Pcreate(H5P_DATASET_XFER);
    H5Pset_dxpl_mpio(dxpl, H5FD_MPIO_COLLECTIVE);
    int rc = 0;
    if (c->kind == EIG_KIND_TRIDIAGONAL) {
        /* Split the diag[n], offdiag[n-1] records into the two datasets. */
        double *d = malloc(sizeof(double) * ((size_t)count * (size_t)(2 * n) + 1)), *e = d + (size_t)count * (size_t)n;
        for (eig_idx m = 0; m < count; m++) {
            memcpy(d + m * n, buf + m * (2 * n - 1), sizeof(double) * (size_t)n);
            memcpy(e + m * (n - 1), buf + m * (2 * n - 1) + n, sizeof(double) * (size_t)(n - 1));
        }
        void *dc = to_precision(d, (size_t)count * (size_t)(2 * n), c->precision);
        const char *db = dc ? dc : (const char *)d;
        size_t es = eig_h5_real_size(c->precision);
        rc |= eig_h5_write_rows(c->data, eig_h5_real_type(c->precision), start, count, db, dxpl);
        if (n > 1) rc |= eig_h5_write_rows(c->offdiag, eig_h5_real_type(c->precision), start, count, db + (size_t)count * (size_t)n * es, dxpl);
        free(dc);
        free(d);
    } else {
        size_t len = (size_t)count * (size_t)n * (size_t)n * (c->kind == EIG_KIND_HERMITIAN ? 2 : 1);
        void *conv = to_precision(buf, len, c->precision);
        hid_t mt = c->kind == EIG_KIND_HERMITIAN ? eig_h5_complex_type(c->precision) : H5Tcopy(eig_h5_real_type(c->precision));
        rc = eig_h5_write_rows(c->data, mt, start, count, conv ? conv : (const void *)buf, dxpl);
        H5Tclose(mt);
        free(conv);
    }
    H5Pclose(dxpl);
    EIG_CHECK(rc == 0, EIG_ERR_OUTPUT, "%s: write error at matrices %lld..%lld (disk full?)", w->tmp_path,
              (long long)start, (long long)(start + count - 1));
    return 0;
}

int eig_h5_finish_collection(MPI_Comm comm, eig_collection_writer *w, int ok)
{
    eig_collection *c = &w->c;
    herr_t r = 0;
    if (c->offdiag >= 0) r |= H5Dclose(c->offdiag);
    if (c->data >= 0) r |= H5Dclose(c->data);
    if (c->file >= 0) r |= H5Fclose(c->file);
    c->file = c->data = c->offdiag = -1;
    int rank;
    MPI_Comm_rank(comm, &rank);
    int good = ok && r >= 0, all_good;
    MPI_Allreduce(&good, &all_good, 1, MPI_INT, MPI_LAND, comm);
    int rc = 0;
    if (rank == 0) {
        if (all_good) {
            if (rename(w->tmp_path, c->path) != 0)
                rc = EIG_ERROR(EIG_ERR_OUTPUT, "%s: cannot rename %s into place: %s", c->path, w->tmp_path,
                               strerror(errno));
        } else {
            unlink(w->tmp_path);
        }
    }
    MPI_Bcast(&rc, 1, MPI_INT, 0, comm);
    if (rc == 0 && !all_good && ok) rc = EIG_ERROR(EIG_ERR_OUTPUT, "%s: closing the file failed (disk full?)", c->path);
    return rc;
}

/* ---- results ---- */

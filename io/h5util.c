/* Shared HDF5 plumbing of the format: element types, hyperslabs, attributes,
 * dataset creation, output paths and disk-space reservation. */
#include "h5util.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "eig_error.h"

/* ---- element types ---- */

hid_t eig_h5_real_type(eig_precision p) { return p == EIG_PREC_SINGLE ? H5T_NATIVE_FLOAT : H5T_NATIVE_DOUBLE; }

/* The h5py/numpy complex convention: compound {r, i}. Caller closes. */
hid_t eig_h5_complex_type(eig_precision p)
{
    size_t sz = p == EIG_PREC_SINGLE ? sizeof(float) : sizeof(double);
    hid_t t = H5Tcreate(H5T_COMPOUND, 2 * sz);
    H5Tinsert(t, "r", 0, eig_h5_real_type(p));
    H5Tinsert(t, "i", sz, eig_h5_real_type(p));
    return t;
}

size_t eig_h5_real_size(eig_precision p) { return p == EIG_PREC_SINGLE ? sizeof(float) : sizeof(double); }

/* Hyperslab [start, start+count) along dim 0 of a dataset of rank `rank`. */
int eig_h5_select_rows(hid_t dset, eig_idx start, eig_idx count, hid_t *file_space, hid_t *mem_space)
{
    hid_t fs = H5Dget_space(dset);
    int rank = H5Sget_simple_extent_ndims(fs);
    hsize_t dims[3], off[3] = {0, 0, 0}, cnt[3];
    H5Sget_simple_extent_dims(fs, dims, NULL);
    off[0] = (hsize_t)start;
    cnt[0] = (hsize_t)count;
    for (int d = 1; d < rank; d++) cnt[d] = dims[d];
    hsize_t total = 1;
    for (int d = 0; d < rank; d++) total *= cnt[d];
    if (count > 0 && total > 0) {
        H5Sselect_hyperslab(fs, H5S_SELECT_SET, off, NULL, cnt, NULL);
        *mem_space = H5Screate_simple(rank, cnt, NULL);
    } else {
        H5Sselect_none(fs);
        hsize_t one = 1;
        *mem_space = H5Screate_simple(1, &one, NULL);
        H5Sselect_none(*mem_space);
    }
    *file_space = fs;
    return 0;
}

/* ---- attributes ---- */

/* Opens attribute `name` for writing `type`: the existing one when its type
 * has the same class and size (a rerun, or --resume: overwritten in place,
 * so no metadata moves), else a new one (an old one of another size is
 * deleted first). Attributes can thus be written any number of times. */
static hid_t attr_for_write(hid_t obj, const char *name, hid_t type)
{
    if (H5Aexists(obj, name) > 0) {
        hid_t a = H5Aopen(obj, name, H5P_DEFAULT);
        if (a >= 0) {
            hid_t t = H5Aget_type(a);
            hid_t sp = H5Aget_space(a);
            int same = t >= 0 && sp >= 0 && H5Tget_class(t) == H5Tget_class(type) && H5Tget_size(t) == H5Tget_size(type) &&
                       H5Sget_simple_extent_type(sp) == H5S_SCALAR;
            if (t >= 0) H5Tclose(t);
            if (sp >= 0) H5Sclose(sp);
            if (same) return a;
            H5Aclose(a);
        }
        if (H5Adelete(obj, name) < 0) return -1;
    }
    hid_t sp = H5Screate(H5S_SCALAR);
    hid_t a = H5Acreate2(obj, name, type, sp, H5P_DEFAULT, H5P_DEFAULT);
    H5Sclose(sp);
    return a;
}

int eig_h5_write_attr_string(hid_t obj, const char *name, const char *value)
{
    hid_t t = H5Tcopy(H5T_C_S1);
    H5Tset_size(t, strlen(value) + 1);
    H5Tset_strpad(t, H5T_STR_NULLTERM);
    hid_t a = attr_for_write(obj, name, t);
    herr_t rc = a < 0 ? -1 : H5Awrite(a, t, value);
    if (a >= 0) H5Aclose(a);
    H5Tclose(t);
    EIG_CHECK(rc >= 0, EIG_ERR_OUTPUT, "cannot write attribute '%s'", name);
    return 0;
}

int eig_h5_write_attr_int64(hid_t obj, const char *name, int64_t value)
{
    hid_t a = attr_for_write(obj, name, H5T_STD_I64LE);
    herr_t rc = a < 0 ? -1 : H5Awrite(a, H5T_NATIVE_INT64, &value);
    if (a >= 0) H5Aclose(a);
    EIG_CHECK(rc >= 0, EIG_ERR_OUTPUT, "cannot write attribute '%s'", name);
    return 0;
}

/* What an attribute's type is, in words, for errors ("a 3-element array of
 * 64-bit integers"). */
static void describe_attr(hid_t ft, hssize_t points, char *out, size_t cap)
{
    const char *cls;
    switch (H5Tget_class(ft)) {
    case H5T_INTEGER: cls = "integer"; break;
    case H5T_FLOAT: cls = "float"; break;
    case H5T_STRING: cls = "string"; break;
    case H5T_COMPOUND: cls = "compound"; break;
    case H5T_ENUM: cls = "enum"; break;
    case H5T_ARRAY: cls = "array-typed"; break;
    case H5T_VLEN: cls = "variable-length sequence"; break;
    case H5T_REFERENCE: cls = "reference"; break;
    default: cls = "other"; break;
    }
    if (points == 1) snprintf(out, cap, "a %zu-byte %s", H5Tget_size(ft), cls);
    else snprintf(out, cap, "%lld values of %zu-byte %s", (long long)points, H5Tget_size(ft), cls);
}

/* Reads a text attribute in every form HDF5 clients write it: fixed or
 * variable length, ASCII or UTF-8 (HDF5 refuses to convert between the two,
 * so the memory type takes the file's character set), null-terminated,
 * null- or space-padded, scalar or a one-element array (MATLAB, numpy
 * arrays of strings). Trailing padding and surrounding blanks are dropped. */
int eig_h5_read_attr_text(hid_t obj, const char *name, char *out, size_t cap, char *found, size_t found_cap)
{
    out[0] = '\0';
    if (found && found_cap) found[0] = '\0';
    if (H5Aexists(obj, name) <= 0) return EIG_ATTR_ABSENT;
    hid_t a = H5Aopen(obj, name, H5P_DEFAULT);
    if (a < 0) return EIG_ATTR_ABSENT;
    hid_t ft = H5Aget_type(a), sp = H5Aget_space(a);
    hssize_t points = sp >= 0 ? H5Sget_simple_extent_npoints(sp) : -1;
    int rc = EIG_ATTR_NOT_TEXT;
    if (ft >= 0 && H5Tget_class(ft) == H5T_STRING && points == 1) {
        hid_t mt = H5Tcopy(H5T_C_S1);
        H5Tset_cset(mt, H5Tget_cset(ft));
        if (H5Tis_variable_str(ft) > 0) {
            H5Tset_size(mt, H5T_VARIABLE);
            char *s = NULL;
            if (H5Aread(a, mt, &s) >= 0) {
                snprintf(out, cap, "%s", s ? s : "");
                /* HDF5 allocated it with its own allocator. */
                if (s) H5free_memory(s);
                rc = 0;
            }
        } else {
            size_t sz = H5Tget_size(ft);
            char *buf = calloc(sz + 1, 1);
            H5Tset_size(mt, sz + 1);
            H5Tset_strpad(mt, H5T_STR_NULLTERM);
            if (buf && H5Aread(a, mt, buf) >= 0) {
                snprintf(out, cap, "%s", buf);
                rc = 0;
            }
            free(buf);
        }
        H5Tclose(mt);
    }
    if (rc == 0) { /* trim blanks (space padding, a stray newline) */
        size_t len = strlen(out), lead = 0;
        while (len > 0 && (out[len - 1] == ' ' || out[len - 1] == '\n' || out[len - 1] == '\t' || out[len - 1] == '\r'))
            out[--len] = '\0';
        while (out[lead] == ' ' || out[lead] == '\t') lead++;
        memmove(out, out + lead, len - lead + 1);
    } else if (found && found_cap && ft >= 0) {
        describe_attr(ft, points, found, found_cap);
    }
    if (sp >= 0) H5Sclose(sp);
    if (ft >= 0) H5Tclose(ft);
    H5Aclose(a);
    return rc;
}

int eig_h5_read_attr_string(hid_t obj, const char *name, char *out, size_t cap)
{
    return eig_h5_read_attr_text(obj, name, out, cap, NULL, 0) == 0 ? 0 : -1;
}

int eig_h5_is_hdf5(const char *path)
{
#if H5_VERSION_GE(1, 12, 0)
    return H5Fis_accessible(path, H5P_DEFAULT) > 0;
#else
    return H5Fis_hdf5(path) > 0;
#endif
}

/* ---- output paths ---- */

/* The parent directory of path ("." or "/" where it has none), into dir. */
static void parent_dir(const char *path, char *dir, size_t cap)
{
    snprintf(dir, cap, "%s", path);
    char *slash = strrchr(dir, '/');
    if (slash) *slash = '\0'; else snprintf(dir, cap, ".");
    if (slash == dir) snprintf(dir, cap, "/");
}

int eig_h5_check_output_name(const char *path)
{
    EIG_CHECK(path && *path, EIG_ERR_USAGE, "no output file given (-o FILE)");
    const size_t suffix = strlen(EIG_PARTIAL_SUFFIX), len = strlen(path);
    /* PATH_MAX (4096 on Linux) is also the size of the path fields of
     * eig_result_file and eig_collection. */
    EIG_CHECK(len + suffix < PATH_MAX, EIG_ERR_OUTPUT,
              "output path '%.40s...' has %zu characters; the output is written as PATH%s until it is complete, "
              "which must stay below PATH_MAX (%d): use a path of at most %d characters", path, len,
              EIG_PARTIAL_SUFFIX, PATH_MAX, PATH_MAX - 1 - (int)suffix);
    const char *name = strrchr(path, '/');
    name = name ? name + 1 : path;
    EIG_CHECK(*name, EIG_ERR_OUTPUT, "%s: the output names a directory, not a file", path);
    char dir[PATH_MAX];
    parent_dir(path, dir, sizeof dir);
    long name_max = pathconf(dir, _PC_NAME_MAX); /* -1 when dir is missing: reported by the caller */
    if (name_max <= 0) name_max = NAME_MAX;
    EIG_CHECK(strlen(name) + suffix <= (size_t)name_max, EIG_ERR_OUTPUT,
              "output file name '%s' has %zu characters; the output is written as NAME%s until it is complete, "
              "and that name is longer than the file system allows (NAME_MAX %ld): use a name of at most %ld "
              "characters", name, strlen(name), EIG_PARTIAL_SUFFIX, name_max, name_max - (long)suffix);
    return 0;
}

int eig_h5_check_output_path(const char *path, int force)
{
    EIG_CALL(eig_h5_check_output_name(path));
    EIG_CHECK(force || access(path, F_OK) != 0, EIG_ERR_OUTPUT,
              "%s: output file exists; choose another name or pass --force to replace it", path);
    char dir[PATH_MAX];
    parent_dir(path, dir, sizeof dir);
    EIG_CHECK(access(dir, W_OK) == 0, EIG_ERR_OUTPUT, "%s: cannot write into directory '%s' (%s)", path,
              dir, strerror(errno));
    return 0;
}

/* Dataset creation properties shared by every dataset we write: chunked,
 * allocated at creation, no fill, no timestamps (reproducible bytes). */
hid_t eig_h5_make_dcpl(int rank, const hsize_t *dims, hsize_t row_bytes)
{
    hid_t dcpl = H5Pcreate(H5P_DATASET_CREATE);
    hsize_t chunk[3];
    hsize_t rows = row_bytes ? (hsize_t)(1 << 20) / row_bytes : 1; /* ~1 MiB chunks */
    if (rows < 1) rows = 1;
    if (rows > dims[0]) rows = dims[0];
    chunk[0] = rows;
    for (int d = 1; d < rank; d++) chunk[d] = dims[d] ? dims[d] : 1;
    int zero = 0;
    for (int d = 0; d < rank; d++) zero |= dims[d] == 0;
    if (!zero) H5Pset_chunk(dcpl, rank, chunk);
    H5Pset_alloc_time(dcpl, H5D_ALLOC_TIME_EARLY);
    H5Pset_fill_time(dcpl, H5D_FILL_TIME_NEVER);
    H5Pset_obj_track_times(dcpl, 0);
    return dcpl;
}

hid_t eig_h5_open_dataset(hid_t loc, const char *name)
{
    hid_t dapl = H5Pcreate(H5P_DATASET_ACCESS);
    H5Pset_chunk_cache(dapl, H5D_CHUNK_CACHE_NSLOTS_DEFAULT, 0, H5D_CHUNK_CACHE_W0_DEFAULT);
    hid_t d = H5Dopen2(loc, name, dapl);
    H5Pclose(dapl);
    return d;
}

hid_t eig_h5_create_dataset(hid_t file, const char *name, hid_t type, int rank, const hsize_t *dims)
{
    hsize_t row = H5Tget_size(type);
    for (int d = 1; d < rank; d++) row *= dims[d];
    hid_t sp = H5Screate_simple(rank, dims, NULL);
    hid_t dcpl = eig_h5_make_dcpl(rank, dims, row);
    hid_t d = H5Dcreate2(file, name, type, sp, H5P_DEFAULT, dcpl, H5P_DEFAULT);
    H5Pclose(dcpl);
    H5Sclose(sp);
    return d;
}

/* Reserves the disk blocks of everything allocated so far in an open file
 * (datasets are allocated at creation) plus slack for metadata, so a full
 * disk or a file-size limit is reported before any work is done rather than
 * as a failed HDF5 write hours later (HDF5 1.10 cannot close a file cleanly
 * after a failed flush). */
int eig_h5_reserve_bytes(const char *path, hsize_t size, int create)
{
    int fd = open(path, create ? O_WRONLY | O_CREAT | O_TRUNC : O_WRONLY, 0644);
    EIG_CHECK(fd >= 0, EIG_ERR_OUTPUT, "%s: cannot open to reserve space: %s", path, strerror(errno));
    int rc = posix_fallocate(fd, 0, (off_t)size);
    close(fd);
    if (rc != 0 && create) unlink(path);
    EIG_CHECK(rc == 0, EIG_ERR_OUTPUT, "%s: cannot reserve %.1f MB for the output: %s (disk full or file-size limit?)",
              path, (double)size / 1e6, strerror(rc));
    return 0;
}

/* Once datasets exist: reserve up to the end of allocated space (at least
 * `at_least` bytes), plus slack. Through MPI-IO, H5Fget_filesize reports
 * what the driver has seen written, not the space allocated to datasets,
 * so the caller's own estimate of the whole file is the floor. */
int eig_h5_reserve_space(hid_t file, const char *path, hsize_t at_least)
{
    hsize_t size = 0;
    if (H5Fget_filesize(file, &size) < 0) size = 0;
    if (size < at_least) size = at_least;
    return eig_h5_reserve_bytes(path, size + (64 << 10), 0);
}

void eig_h5_tmp_path(char *out, size_t cap, const char *path)
{
    snprintf(out, cap, "%s" EIG_PARTIAL_SUFFIX, path);
}

/* ---- collections (generate) ---- */
int eig_h5_write_rows(hid_t dset, hid_t mtype, eig_idx start, eig_idx count, const void *buf, hid_t dxpl)
{
    hid_t fs, ms;
    eig_h5_select_rows(dset, start, count, &fs, &ms);
    herr_t r = H5Dwrite(dset, mtype, ms, fs, dxpl, buf);
    H5Sclose(fs), H5Sclose(ms);
    return r < 0 ? -1 : 0;
}


/* ---- element types of a user's dataset ---- */

/* The memory type that reads a complex compound of the file: two float
 * members of one size, taken by the file's own member names (HDF5 converts
 * compounds member by member, by name): {r, i} from h5py, {real, imag} or
 * {re, im} from other clients. The member whose name starts with 'i' is the
 * imaginary part; otherwise the second is. */
hid_t eig_h5_complex_memory_type(hid_t ft, eig_precision p)
{
    char *n0 = H5Tget_member_name(ft, 0), *n1 = H5Tget_member_name(ft, 1);
    int swap = n0 && (n0[0] == 'i' || n0[0] == 'I') && !(n1 && (n1[0] == 'i' || n1[0] == 'I'));
    size_t es = eig_h5_real_size(p);
    hid_t t = H5Tcreate(H5T_COMPOUND, 2 * es);
    H5Tinsert(t, swap ? n1 : n0, 0, eig_h5_real_type(p));
    H5Tinsert(t, swap ? n0 : n1, es, eig_h5_real_type(p));
    H5free_memory(n0);
    H5free_memory(n1);
    return t;
}

int eig_h5_element_type(hid_t d, const char *path, const char *name, int *is_complex, eig_precision *prec,
                        hid_t *complex_mem)
{
    hid_t t = H5Dget_type(d);
    H5T_class_t cls = H5Tget_class(t);
    size_t sz = H5Tget_size(t);
    int rc = 0;
    *is_complex = 0;
    if (cls == H5T_FLOAT && (sz == 4 || sz == 8)) {
        *prec = sz == 4 ? EIG_PREC_SINGLE : EIG_PREC_DOUBLE;
    } else if (cls == H5T_INTEGER) {
        *prec = EIG_PREC_DOUBLE; /* HDF5 converts on read; solved in double */
    } else if (cls == H5T_COMPOUND && H5Tget_nmembers(t) == 2 && (sz == 8 || sz == 16) &&
               H5Tget_member_class(t, 0) == H5T_FLOAT && H5Tget_member_class(t, 1) == H5T_FLOAT &&
               H5Tget_member_offset(t, 1) == sz / 2) {
        *is_complex = 1;
        *prec = sz == 8 ? EIG_PREC_SINGLE : EIG_PREC_DOUBLE;
        if (complex_mem) *complex_mem = eig_h5_complex_memory_type(t, *prec);
    } else if (cls == H5T_FLOAT && sz == 2) {
        rc = EIG_ERROR(EIG_ERR_INPUT, "%s: %s holds float16, which eigsweep does not solve in; store float32 "
                       "(numpy: A.astype(np.float32))", path, name);
    } else {
        rc = EIG_ERROR(EIG_ERR_INPUT,
                       "%s: %s has an unsupported element type (need float32, float64, integers, or complex "
                       "numbers as h5py stores them: a compound {r, i} of two float32 or float64)",
                       path, name);
    }
    H5Tclose(t);
    return rc;
}

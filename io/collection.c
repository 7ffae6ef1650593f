/* HDF5 access for input collections and result files (docs/format.md). */
#include "collection.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "direct_read.h"
#include "eig_error.h"
#include "h5util.h"
#include "input_locate.h"

/* Element type of dataset `d` (eig_h5_element_type); the first complex
 * dataset's memory type is kept for reading. */
static int classify_type(eig_collection *c, hid_t d, const char *name, int *is_complex, eig_precision *prec)
{
    hid_t ct = -1;
    EIG_CALL(eig_h5_element_type(d, c->path, name, is_complex, prec, c->complex_type < 0 ? &ct : NULL));
    if (ct >= 0) c->complex_type = ct;
    return 0;
}

/* True when every component of an absolute path exists (H5Lexists fails on
 * "/a/b" when /a is missing, rather than saying no). */
static int path_exists(hid_t file, const char *path)
{
    char part[EIG_DATASET_PATH_MAX];
    const char *p = path;
    while (*p) {
        const char *slash = strchr(p + 1, '/');
        size_t len = slash ? (size_t)(slash - path) : strlen(path);
        if (len >= sizeof part) return 0;
        memcpy(part, path, len);
        part[len] = '\0';
        if (strcmp(part, "/") && H5Lexists(file, part, H5P_DEFAULT) <= 0) return 0;
        if (!slash) break;
        p = slash;
    }
    return 1;
}

/* "/name" for "name" or "/name": dataset paths are absolute in messages and provenance. */
static int absolute_path(const char *opt, const char *given, char *out, size_t cap)
{
    EIG_CHECK(given && *given, EIG_ERR_USAGE, "%s: empty dataset path", opt);
    int w = snprintf(out, cap, "%s%s", given[0] == '/' ? "" : "/", given);
    EIG_CHECK(w > 0 && (size_t)w < cap, EIG_ERR_USAGE, "%s: dataset path longer than %zu characters", opt, cap - 1);
    return 0;
}

/* Opens dataset `path` (absolute), refusing what is not a readable dataset. */
static int open_dataset(eig_collection *c, const char *path, hid_t *d)
{
    H5O_info_t info;
    EIG_CHECK(H5Oget_info_by_name(c->file, path, &info, H5P_DEFAULT) >= 0, EIG_ERR_INPUT,
              "%s: cannot read object %s (file damaged?)", c->path, path);
    EIG_CHECK(info.type == H5O_TYPE_DATASET, EIG_ERR_INPUT, "%s: %s is a group, not a dataset (name the dataset "
              "inside it with --dataset)", c->path, path);
    *d = eig_h5_open_dataset(c->file, path);
    EIG_CHECK(*d >= 0, EIG_ERR_INPUT, "%s: cannot open dataset %s (file damaged?)", c->path, path);
    EIG_CALL(eig_h5_check_filters(*d, c->path, path));
    return 0;
}

static int dataset_dims(eig_collection *c, hid_t d, const char *name, int want_rank, hsize_t *dims)
{
    hid_t s = H5Dget_space(d);
    int rank = H5Sget_simple_extent_ndims(s);
    unsigned long long ud[8] = {0};
    if (rank >= 1 && rank <= 8) {
        hsize_t all[8];
        H5Sget_simple_extent_dims(s, all, NULL);
        for (int i = 0; i < rank; i++) ud[i] = all[i];
        if (rank == want_rank) memcpy(dims, all, sizeof(hsize_t) * (size_t)rank);
    }
    H5Sclose(s);
    if (rank == want_rank) return 0;
    char shape[160] = "", hint[320] = "";
    for (int i = 0; i < rank && i < 8; i++)
        snprintf(shape + strlen(shape), sizeof shape - strlen(shape), "%s%llu", i ? "," : "", ud[i]);
    if (want_rank == 3 && rank == 2 && ud[0] == ud[1])
        snprintf(hint, sizeof hint, "; one matrix? store it as [1, n, n] (numpy: A[None])");
    return EIG_ERROR(EIG_ERR_INPUT, "%s: %s is [%s] (%d dimensions); expected %s%s", c->path, name, shape, rank,
                     want_rank == 3 ? "[N, n, n]: N matrices of order n, row-major" : "[N, n] and [N, n-1]", hint);
}

/* The collection's kind: --kind when given (a warning when the file says
 * otherwise), else the `kind` attribute of the dataset or of the file's root,
 * in any string form. Diagonals need none: they can only be tridiagonal. */
static int resolve_kind(eig_collection *c, const eig_input_spec *spec, int tridiagonal_layout, eig_kind *kind)
{
    char text[256], found[128];
    const char *where = c->dataset;
    int arc = eig_h5_read_attr_text(c->data, "kind", text, sizeof text, found, sizeof found);
    if (arc == EIG_ATTR_ABSENT) {
        arc = eig_h5_read_attr_text(c->file, "kind", text, sizeof text, found, sizeof found);
        where = "the file's root";
    }
    eig_kind stored = EIG_KIND_COUNT;
    if (arc == 0 && eig_kind_parse(text, &stored) != 0) {
        eig_error_clear();
        stored = EIG_KIND_COUNT;
    }
    if (spec && spec->kind_given) {
        *kind = spec->kind;
        if (arc == 0 && stored != spec->kind)
            snprintf(c->kind_note, sizeof c->kind_note, "--kind %s overrides the kind '%s' stored on %s",
                     eig_kind_name(spec->kind), text, where);
        return 0;
    }
    if (arc == EIG_ATTR_ABSENT && tridiagonal_layout) {
        *kind = EIG_KIND_TRIDIAGONAL;
        return 0;
    }
    EIG_CHECK(arc != EIG_ATTR_ABSENT, EIG_ERR_INPUT,
              "%s: %s has no 'kind' attribute (nor has the file's root): say what the matrices are with --kind "
              "general|symmetric|hermitian, or store it (h5py: f[\"%s\"].attrs[\"kind\"] = \"symmetric\")",
              c->path, c->dataset, c->dataset + 1);
    EIG_CHECK(arc == 0, EIG_ERR_INPUT,
              "%s: the 'kind' attribute of %s is %s, not text; store a string (general, symmetric, hermitian or "
              "tridiagonal), or pass --kind", c->path, where, found);
    EIG_CHECK(stored != EIG_KIND_COUNT, EIG_ERR_INPUT,
              "%s: %s has kind '%s'; expected general, symmetric, hermitian or tridiagonal (or pass --kind)",
              c->path, where, text);
    *kind = stored;
    return 0;
}

/* Which datasets hold the collection: --dataset, --diag/--offdiag, or the
 * format's /matrices, else /diag + /offdiag. */
static int locate(eig_collection *c, const eig_input_spec *spec, int *tridiagonal_layout)
{
    int tri_asked = spec && (spec->diag || spec->offdiag || (spec->kind_given && spec->kind == EIG_KIND_TRIDIAGONAL));
    EIG_CHECK(!(spec && spec->dataset && tri_asked), EIG_ERR_USAGE,
              "--dataset names [N,n,n] matrices; a tridiagonal collection is read from --diag and --offdiag");
    EIG_CHECK(!(spec && spec->kind_given && spec->kind != EIG_KIND_TRIDIAGONAL && (spec->diag || spec->offdiag)),
              EIG_ERR_USAGE, "--diag/--offdiag hold a tridiagonal collection, but --kind says %s",
              eig_kind_name(spec ? spec->kind : EIG_KIND_GENERAL));
    if (!tri_asked) {
        EIG_CALL(absolute_path("--dataset", spec && spec->dataset ? spec->dataset : "/matrices", c->dataset,
                               sizeof c->dataset));
        int given = spec && spec->dataset;
        if (path_exists(c->file, c->dataset)) {
            *tridiagonal_layout = 0;
            return 0;
        }
        if (!given && path_exists(c->file, "/diag")) tri_asked = 1;
        if (!tri_asked) {
            char cands[1024];
            eig_h5_list_candidates(c->file, cands, sizeof cands);
            if (!cands[0])
                return EIG_ERROR(EIG_ERR_INPUT, "%s: no dataset %s, and no other 2- or 3-dimensional dataset in the "
                                 "file: not a matrix collection (docs/format.md)", c->path, c->dataset);
            return EIG_ERROR(EIG_ERR_INPUT,
                             "%s: no dataset %s%s; the file holds %s: point at the matrices with --dataset PATH (or "
                             "--diag PATH --offdiag PATH for a tridiagonal collection)",
                             c->path, c->dataset, given ? "" : " (nor /diag)", cands);
        }
    }
    EIG_CALL(absolute_path("--diag", spec && spec->diag ? spec->diag : "/diag", c->dataset, sizeof c->dataset));
    EIG_CALL(absolute_path("--offdiag", spec && spec->offdiag ? spec->offdiag : "/offdiag", c->offdiag_name,
                           sizeof c->offdiag_name));
    for (int k = 0; k < 2; k++) {
        const char *name = k ? c->offdiag_name : c->dataset;
        if (path_exists(c->file, name)) continue;
        char cands[1024];
        eig_h5_list_candidates(c->file, cands, sizeof cands);
        return EIG_ERROR(EIG_ERR_INPUT, "%s: no dataset %s for the tridiagonal collection's %s; the file holds %s "
                         "(--diag PATH --offdiag PATH name them)", c->path, name, k ? "off-diagonals" : "diagonals",
                         cands[0] ? cands : "no 2-dimensional dataset");
    }
    *tridiagonal_layout = 1;
    return 0;
}

static int check_input(eig_collection *c, const eig_input_spec *spec)
{
    int tri_layout = 0;
    EIG_CALL(locate(c, spec, &tri_layout));
    EIG_CALL(open_dataset(c, c->dataset, &c->data));
    eig_kind k = EIG_KIND_GENERAL;
    EIG_CALL(resolve_kind(c, spec, tri_layout, &k));
    c->kind = k;
    int is_complex;
    EIG_CALL(classify_type(c, c->data, c->dataset, &is_complex, &c->precision));
    hsize_t dims[3];
    if (k == EIG_KIND_TRIDIAGONAL) {
        EIG_CHECK(tri_layout, EIG_ERR_INPUT,
                  "%s: kind is tridiagonal but %s holds [N,n,n] matrices; tridiagonal collections store the "
                  "diagonals [N,n] and off-diagonals [N,n-1] (default /diag and /offdiag, or --diag/--offdiag)",
                  c->path, c->dataset);
        EIG_CHECK(!is_complex, EIG_ERR_INPUT, "%s: %s must be real", c->path, c->dataset);
        EIG_CALL(dataset_dims(c, c->data, c->dataset, 2, dims));
        c->count = (eig_idx)dims[0];
        c->n = (int)(dims[1] > EIG_MAX_N ? EIG_MAX_N + 1 : dims[1]);
        EIG_CALL(open_dataset(c, c->offdiag_name, &c->offdiag));
        hsize_t od[2];
        EIG_CALL(dataset_dims(c, c->offdiag, c->offdiag_name, 2, od));
        int oc;
        eig_precision op;
        EIG_CALL(classify_type(c, c->offdiag, c->offdiag_name, &oc, &op));
        EIG_CHECK(!oc && op == c->precision, EIG_ERR_INPUT, "%s: %s must have the same real type as %s", c->path,
                  c->offdiag_name, c->dataset);
        EIG_CHECK(od[0] == dims[0] && od[1] + 1 == dims[1], EIG_ERR_INPUT,
                  "%s: %s is [%llu,%llu] but %s is [%llu,%llu]; expected [N,n-1] beside [N,n]", c->path,
                  c->offdiag_name, (unsigned long long)od[0], (unsigned long long)od[1], c->dataset,
                  (unsigned long long)dims[0], (unsigned long long)dims[1]);
    } else {
        EIG_CHECK(!tri_layout, EIG_ERR_INPUT,
                  "%s: kind is %s but the collection is stored as diagonals (%s, %s); only tridiagonal "
                  "collections are", c->path, eig_kind_name(k), c->dataset, c->offdiag_name);
        EIG_CALL(dataset_dims(c, c->data, c->dataset, 3, dims));
        if (dims[1] != dims[2]) {
            unsigned long long ud[3] = {dims[0], dims[1], dims[2]};
            char hint[320];
            eig_h5_layout_hint(ud, 3, hint, sizeof hint);
            return EIG_ERROR(EIG_ERR_INPUT, "%s: %s is [%llu,%llu,%llu]: the matrices are not square (expected "
                             "[N, n, n])%s", c->path, c->dataset, ud[0], ud[1], ud[2], hint);
        }
        c->count = (eig_idx)dims[0];
        c->n = (int)(dims[1] > EIG_MAX_N ? EIG_MAX_N + 1 : dims[1]);
        if (k == EIG_KIND_HERMITIAN)
            EIG_CHECK(is_complex, EIG_ERR_INPUT,
                      "%s: kind is hermitian but %s is real (store complex entries, or the kind symmetric)",
                      c->path, c->dataset);
        else
            EIG_CHECK(!is_complex, EIG_ERR_INPUT,
                      "%s: kind is %s but %s is complex (only hermitian takes complex input)", c->path,
                      eig_kind_name(k), c->dataset);
    }
    EIG_CHECK(c->count > 0, EIG_ERR_INPUT, "%s: %s holds no matrices (N = 0)", c->path, c->dataset);
    EIG_CHECK(c->n > 0, EIG_ERR_INPUT, "%s: %s has matrices of order n = 0", c->path, c->dataset);
    EIG_CHECK(c->n <= EIG_MAX_N, EIG_ERR_INPUT, "%s: %s has n above the supported maximum %d", c->path, c->dataset,
              EIG_MAX_N);
    return 0;
}

int eig_h5_open_input(MPI_Comm comm, const char *path, eig_read_driver how, const eig_input_spec *spec,
                      eig_collection *c)
{
    memset(c, 0, sizeof *c);
    c->file = c->data = c->offdiag = c->complex_type = -1;
    const size_t path_len = strlen(path);
    EIG_CHECK(path_len < sizeof c->path, EIG_ERR_INPUT,
              "input path '%.40s...' has %zu characters; eigsweep takes at most %zu (PATH_MAX)", path, path_len,
              sizeof c->path - 1);
    memcpy(c->path, path, path_len + 1); /* the length checked above (snprintf here drew a gcc format warning) */
    if (access(path, F_OK) != 0) {
        if (errno == ENOENT) return EIG_ERROR(EIG_ERR_INPUT, "%s: no such file", path);
        return EIG_ERROR(EIG_ERR_INPUT, "%s: cannot open: %s", path, strerror(errno)); /* ENAMETOOLONG, ENOTDIR, EACCES */
    }
    EIG_CHECK(access(path, R_OK) == 0, EIG_ERR_INPUT, "%s: not readable (permission denied)", path);
    EIG_CHECK(eig_h5_is_hdf5(path), EIG_ERR_INPUT, "%s: not an HDF5 file (or truncated/corrupted)", path);
    hid_t fapl = H5Pcreate(H5P_FILE_ACCESS);
    if (how == EIG_READ_POSIX) H5Pset_fapl_sec2(fapl);
    else H5Pset_fapl_mpio(fapl, comm, MPI_INFO_NULL);
    c->file = H5Fopen(path, H5F_ACC_RDONLY, fapl);
    H5Pclose(fapl);
    EIG_CHECK(c->file >= 0, EIG_ERR_INPUT, "%s: cannot open as HDF5 (truncated or corrupted?)", path);
    int rc = check_input(c, spec);
    if (rc) {
        eig_h5_close_input(c);
        return rc;
    }
    hid_t mt = c->kind == EIG_KIND_HERMITIAN ? c->complex_type : eig_h5_real_type(c->precision);
    c->direct[0] = eig_direct_open(path, c->file, c->data, mt);
    if (c->offdiag >= 0) c->direct[1] = eig_direct_open(path, c->file, c->offdiag, mt);
    return 0;
}

long long eig_h5_direct_bytes(const eig_collection *c) { return eig_direct_bytes(c->direct[0]) + eig_direct_bytes(c->direct[1]); }

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
    /* straight from the file where the bytes there are the bytes wanted */
    int direct = 0;
    EIG_CALL(eig_direct_read_rows(d == c->data ? c->direct[0] : c->direct[1], d, name, start, count, buf, &direct));
    if (direct) return 0;
    hid_t fs, ms;
    eig_idx block_rows = rows_per_block(d, c->count);
    plant_sentinels(buf, es, row_reals, start, count, block_rows);
    eig_h5_select_rows(d, start, count, &fs, &ms);
    herr_t r = H5Dread(d, mt, ms, fs, H5P_DEFAULT, buf);
    H5Sclose(fs), H5Sclose(ms);
    EIG_CHECK(r >= 0, EIG_ERR_INPUT, "%s: read error in %s at matrices %lld..%lld (file damaged?)", c->path, name,
              (long long)start, (long long)(start + count - 1));
    eig_idx g = unwritten_block(buf, es, row_reals, start, count, block_rows);
    EIG_CHECK(g < 0, EIG_ERR_INPUT, "%s: %s: HDF5 returned no data for the storage block holding matrix %lld "
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
        int rc = read_rows(c, c->data, c->dataset, rt, es, (size_t)n, start, count, d);
        if (!rc && n > 1) rc = read_rows(c, c->offdiag, c->offdiag_name, rt, es, (size_t)(n - 1), start, count, e);
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
    hid_t mt = H5Tcopy(c->kind == EIG_KIND_HERMITIAN ? c->complex_type : eig_h5_real_type(c->precision));
    size_t row_reals = (size_t)c->n * (size_t)c->n * (c->kind == EIG_KIND_HERMITIAN ? 2 : 1);
    int rc = read_rows(c, c->data, c->dataset, mt, eig_h5_real_size(c->precision), row_reals, start, count, buf);
    H5Tclose(mt);
    return rc;
}

void eig_h5_close_input(eig_collection *c)
{
    eig_direct_close(c->direct[0]), eig_direct_close(c->direct[1]);
    c->direct[0] = c->direct[1] = NULL;
    if (c->complex_type >= 0) H5Tclose(c->complex_type);
    if (c->offdiag >= 0) H5Dclose(c->offdiag);
    if (c->data >= 0) H5Dclose(c->data);
    if (c->file >= 0) H5Fclose(c->file);
    c->file = c->data = c->offdiag = c->complex_type = -1;
}


static int reopen_uncached(eig_collection *c, const char *name, hid_t *d)
{
    H5Dclose(*d);
    *d = eig_h5_open_dataset(c->file, name);
    EIG_CHECK(*d >= 0, EIG_ERR_OUTPUT, "%s: cannot reopen /%s", c->path, name);
    return 0;
}

int eig_h5_create_collection(MPI_Comm comm, const char *path, eig_kind kind, eig_precision prec,
                             eig_idx count, int n, eig_collection_writer *w)
{
    memset(w, 0, sizeof *w);
    eig_collection *c = &w->c;
    c->file = c->data = c->offdiag = c->complex_type = -1;
    c->kind = kind, c->precision = prec, c->count = count, c->n = n;
    EIG_CALL(eig_h5_check_output_name(path)); /* path and tmp_path must fit their fields */
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
    /* One rank writes through POSIX (sec2): MPI-IO's collective buffering
     * would copy every byte once more on the way. Same bytes in the file
     * (tests/cli/generate_determinism.sh). EIG_WRITE_MPIIO=1: MPI-IO anyway. */
    int nranks;
    MPI_Comm_size(comm, &nranks);
    const char *force_mpiio = getenv("EIG_WRITE_MPIIO");
    w->mpiio = nranks > 1 || (force_mpiio && !strcmp(force_mpiio, "1"));
    if (w->mpiio) H5Pset_fapl_mpio(fapl, comm, MPI_INFO_NULL);
    else H5Pset_fapl_sec2(fapl);
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
    /* Written again without a chunk cache (eig_h5_open_dataset): HDF5's
     * default 1 MiB cache takes in each ~1 MiB chunk whole and copies it
     * once more on the way to the file. */
    EIG_CALL(reopen_uncached(c, kind == EIG_KIND_TRIDIAGONAL ? "diag" : "matrices", &c->data));
    if (c->offdiag >= 0) EIG_CALL(reopen_uncached(c, "offdiag", &c->offdiag));
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
    if (w->mpiio) H5Pset_dxpl_mpio(dxpl, H5FD_MPIO_COLLECTIVE);
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
    /* The reservation's slack past HDF5's last byte: MPI-IO trims it at
     * close, the sec2 driver leaves it (trimmed below, to the same bytes). */
    haddr_t eoa = 0;
    if (c->file >= 0 && !w->mpiio && (H5Fflush(c->file, H5F_SCOPE_GLOBAL) < 0 || H5Fget_eoa(c->file, &eoa) < 0)) r = -1;
    if (c->file >= 0) r |= H5Fclose(c->file);
    c->file = c->data = c->offdiag = -1;
    int rank;
    MPI_Comm_rank(comm, &rank);
    int good = ok && r >= 0, all_good;
    MPI_Allreduce(&good, &all_good, 1, MPI_INT, MPI_LAND, comm);
    int rc = 0;
    struct stat st;
    if (rank == 0 && all_good && eoa > 0 && stat(w->tmp_path, &st) == 0 && (haddr_t)st.st_size > eoa &&
        truncate(w->tmp_path, (off_t)eoa) != 0)
        rc = EIG_ERROR(EIG_ERR_OUTPUT, "%s: cannot trim the reservation's slack: %s", w->tmp_path, strerror(errno));
    if (rank == 0 && rc) unlink(w->tmp_path);
    if (rank == 0 && !rc) {
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

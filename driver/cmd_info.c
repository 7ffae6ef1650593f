/* `eigsweep info FILE`: what a collection or result file holds. Runs on rank 0. */
#include <getopt.h>
#include <hdf5.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "collection.h"
#include "input_locate.h"
#include "eig_error.h"
#include "grid_scales.h"
#include "grid_select.h"
#include "sweep_spec.h"

static void info_usage(void)
{
    printf("usage: eigsweep info FILE.h5 [--show K] [--kind K] [--dataset PATH | --diag P --offdiag Q]\n\n"
           "Prints what a collection (input) or result file holds: N, n, kind,\n"
           "precision, size on disk, chunking, provenance; for results also the\n"
           "count of matrices per status. For an input it gives solve's verdict:\n"
           "solvable as it is, or the error solve would stop with (exit 3) -- with\n"
           "--kind, --dataset, --diag/--offdiag as solve would be given them.\n"
           "--show K prints the eigenvalues, status and iterations of the first K\n"
           "matrices of a result file.\n\n"
           "examples:\n  eigsweep info sweep.h5\n  eigsweep info eig.h5 --show 3\n"
           "  eigsweep info mine.h5 --dataset /run1/A --kind symmetric\n");
}

static void print_attrs(hid_t obj, const char *indent)
{
    int na = H5Aget_num_attrs(obj);
    for (int i = 0; i < na; i++) {
        hid_t a = H5Aopen_by_idx(obj, ".", H5_INDEX_NAME, H5_ITER_INC, (hsize_t)i, H5P_DEFAULT, H5P_DEFAULT);
        if (a < 0) continue;
        char name[256] = "";
        H5Aget_name(a, sizeof name, name);
        hid_t t = H5Aget_type(a);
        char text[1024];
        if (H5Tget_class(t) == H5T_STRING) {
            if (eig_h5_read_attr_text(obj, name, text, sizeof text, NULL, 0) == 0) printf("%s%-16s %s\n", indent, name, text);
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

/* One line per dataset: shape, type, storage; then its attributes. name is
 * an absolute path (it may lie in a group). */
static void print_dataset(hid_t file, const char *name)
{
    H5O_info_t oi;
    if (H5Oexists_by_name(file, name, H5P_DEFAULT) <= 0 || H5Oget_info_by_name(file, name, &oi, H5P_DEFAULT) < 0 ||
        oi.type != H5O_TYPE_DATASET)
        return;
    hid_t d = eig_h5_open_dataset(file, name);
    if (d < 0) return;
    hid_t s = H5Dget_space(d), t = H5Dget_type(d), pl = H5Dget_create_plist(d);
    /* A damaged header may claim any rank up to HDF5's 32: print what fits. */
    int rank = H5Sget_simple_extent_ndims(s);
    hsize_t dims[H5S_MAX_RANK] = {0}, chunk[H5S_MAX_RANK] = {0};
    if (rank < 0 || H5Sget_simple_extent_dims(s, dims, NULL) < 0) rank = 0;
    char shape[H5S_MAX_RANK * 21 + 1] = "", cshape[H5S_MAX_RANK * 21 + 8] = "contiguous";
    for (int i = 0; i < rank; i++)
        snprintf(shape + strlen(shape), sizeof shape - strlen(shape), "%s%llu", i ? "," : "", (unsigned long long)dims[i]);
    if (pl >= 0 && H5Pget_layout(pl) == H5D_CHUNKED && H5Pget_chunk(pl, rank, chunk) >= 0) {
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
    printf("  %-14s [%s] %s, %s, %.3f MB\n", name, shape, tn, cshape, (double)H5Dget_storage_size(d) / 1e6);
    print_attrs(d, "      ");
    if (pl >= 0) H5Pclose(pl);
    if (t >= 0) H5Tclose(t);
    if (s >= 0) H5Sclose(s);
    H5Dclose(d);
}

/* Counts /status by value. A file whose /status cannot be read whole is an
 * error, never a count of what could be read. */
static int print_status_counts(hid_t file, const char *path)
{
    hid_t d = eig_h5_open_dataset(file, "/status");
    EIG_CHECK(d >= 0, EIG_ERR_INPUT, "%s: cannot open /status (file damaged?)", path);
    hid_t s = H5Dget_space(d);
    /* [N], or shaped like a sweep's grid (docs/reductions.md): counted flat */
    int lead = s >= 0 ? H5Sget_simple_extent_ndims(s) : -1;
    hsize_t n = 0, sdims[H5S_MAX_RANK], values[H5S_MAX_RANK];
    int ok = lead >= 1 && lead <= EIG_GRID_MAX_AXES && H5Sget_simple_extent_dims(s, sdims, NULL) == lead;
    for (int k = 0; ok && k < lead; k++) n = k ? n * sdims[k] : sdims[k];
    /* one status per row of /eigenvalues (absent: reduced without values) */
    hid_t dv = H5Lexists(file, "eigenvalues", H5P_DEFAULT) > 0 ? eig_h5_open_dataset(file, "/eigenvalues") : -2,
          sv = dv >= 0 ? H5Dget_space(dv) : -1;
    if (dv != -2)
        ok = ok && sv >= 0 && H5Sget_simple_extent_ndims(sv) == lead + 1 &&
             H5Sget_simple_extent_dims(sv, values, NULL) == lead + 1 && !memcmp(values, sdims, sizeof(hsize_t) * (size_t)lead);
    if (sv >= 0) H5Sclose(sv);
    if (dv >= 0) H5Dclose(dv);
    long long counts[5] = {0, 0, 0, 0, 0}; /* ok, not converged, invalid, unknown, pending (-1) */
    const hsize_t block = 1 << 20;
    int8_t *buf = ok ? malloc(block) : NULL;
    ok = ok && buf;
    for (hsize_t off = 0; ok && off < n; off += block) {
        hsize_t cnt = n - off < block ? n - off : block;
        ok = eig_grid_read(d, H5T_NATIVE_INT8, lead, (eig_idx)off, (eig_idx)cnt, buf) == 0;
        for (hsize_t i = 0; ok && i < cnt; i++) counts[buf[i] == -1 ? 4 : buf[i] >= 0 && buf[i] < 3 ? buf[i] : 3]++;
    }
    free(buf);
    if (s >= 0) H5Sclose(s);
    H5Dclose(d);
    EIG_CHECK(ok, EIG_ERR_INPUT, "%s: cannot read /status, one int8 per row of /eigenvalues (file damaged?)", path);
    printf("  status: ok %lld, not_converged %lld, invalid_input %lld", counts[0], counts[1], counts[2]);
    if (counts[4]) printf(", not solved yet %lld (a partial file: finish it with solve --resume)", counts[4]);
    if (counts[3]) printf(", unknown codes %lld (damaged file?)", counts[3]);
    printf("\n");
    return 0;
}

/* The shape of a result's points (docs/reductions.md): a whole sweep's
 * grid, one line per axis (the dimension scales of /status), or a point
 * list; nothing for a collection's [N]. */
static void print_grid(hid_t file)
{
    hid_t d = eig_h5_open_dataset(file, "/status"), s = d >= 0 ? H5Dget_space(d) : -1;
    hsize_t dims[H5S_MAX_RANK];
    int lead = s >= 0 ? H5Sget_simple_extent_ndims(s) : -1;
    if (lead < 1 || lead > EIG_GRID_MAX_AXES || H5Sget_simple_extent_dims(s, dims, NULL) != lead) lead = 0;
    char name[EIG_GRID_MAX_AXES][EIG_GRID_NAME_MAX];
    int scales = 0;
    for (int k = 0; k < lead; k++) eig_grid_scale_name(d, (unsigned)k, name[k]), scales += name[k][0] != '\0';
    if (scales || lead > 1) {
        printf("  grid: %d axes,", lead);
        for (int k = 0; k < lead; k++) printf("%s %s %llu", k ? " x" : "", name[k][0] ? name[k] : "(unnamed)",
                                              (unsigned long long)dims[k]);
        printf(" points (row-major, the last axis fastest)\n");
        for (int k = 0; k < lead; k++) {
            hid_t a = name[k][0] ? eig_h5_open_dataset(file, name[k]) : -1, as = a >= 0 ? H5Dget_space(a) : -1;
            const int fits = as >= 0 && H5Sget_simple_extent_npoints(as) == (hssize_t)dims[k]; /* (damaged: not read) */
            if (as >= 0) H5Sclose(as);
            double *v = fits ? malloc(sizeof(double) * (size_t)dims[k]) : NULL;
            if (v && H5Dread(a, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, v) >= 0)
                printf("  axis %d '%s': %llu values, %.6g .. %.6g (/%s)\n", k + 1, name[k], (unsigned long long)dims[k],
                       v[0], v[dims[k] - 1], name[k]);
            free(v);
            if (a >= 0) H5Dclose(a);
        }
    } else if (lead == 1 && H5Lexists(file, "points", H5P_DEFAULT) > 0) {
        printf("  points: a sweep over a list of %llu points (their parameters in /points)\n", (unsigned long long)dims[0]);
    }
    if (s >= 0) H5Sclose(s);
    if (d >= 0) H5Dclose(d);
}

/* Every dataset at the root of a reduced or grid-shaped result (the
 * reductions, the axes), in name order. */
static herr_t print_link(hid_t g, const char *name, const H5L_info_t *info, void *data)
{
    (void)info, (void)data;
    char path[300];
    snprintf(path, sizeof path, "/%s", name);
    print_dataset(g, path);
    return 0;
}

/* The first k matrices of a result file, one line each; a whole sweep's
 * grid is read flat, row-major (point g = its flat index). */
static int show_results(hid_t f, const char *path, long long k)
{
    /* (/iterations: absent in a reduced file without `iterations` in its list) */
    hid_t d = eig_h5_open_dataset(f, "/eigenvalues"), ds = eig_h5_open_dataset(f, "/status"),
          di = H5Lexists(f, "iterations", H5P_DEFAULT) > 0 ? eig_h5_open_dataset(f, "/iterations") : -2;
    hid_t s = d >= 0 ? H5Dget_space(d) : -1, t = d >= 0 ? H5Dget_type(d) : -1;
    hsize_t dims[H5S_MAX_RANK] = {0};
    int nd = s >= 0 ? H5Sget_simple_extent_ndims(s) : -1, lead = nd - 1;
    int ok = d >= 0 && ds >= 0 && di != -1 && s >= 0 && t >= 0 && lead >= 1 && lead <= EIG_GRID_MAX_AXES &&
             H5Sget_simple_extent_dims(s, dims, NULL) == nd && dims[lead] <= 4096;
    int cplx = ok && H5Tget_class(t) == H5T_COMPOUND, n = ok ? (int)dims[lead] : 0;
    long long rows = 1;
    for (int a = 0; ok && a < lead; a++) rows *= (long long)dims[a];
    if (k > rows) k = rows;
    double *v = malloc(sizeof(double) * (size_t)(2 * k * n + 1));
    int8_t *st = malloc((size_t)k + 1);
    int32_t *it = malloc(sizeof(int32_t) * (size_t)k + 1);
    hid_t mt = cplx ? eig_h5_complex_type(EIG_PREC_DOUBLE) : H5Tcopy(H5T_NATIVE_DOUBLE);
    ok = ok && v && st && it;
    if (ok && k > 0)
        ok = eig_grid_read(d, mt, lead, 0, (eig_idx)k, v) == 0 && eig_grid_read(ds, H5T_NATIVE_INT8, lead, 0, (eig_idx)k, st) == 0 &&
             (di < 0 || eig_grid_read(di, H5T_NATIVE_INT32, lead, 0, (eig_idx)k, it) == 0);
    for (long long m = 0; ok && m < k; m++) {
        printf("  matrix %lld", m);
        if (lead > 1) { /* its grid indices, last axis fastest */
            long long idx[EIG_GRID_MAX_AXES], rest = m;
            for (int a = lead - 1; a >= 0; a--) idx[a] = rest % (long long)dims[a], rest /= (long long)dims[a];
            for (int a = 0; a < lead; a++) printf("%s%lld", a ? "," : " [", idx[a]);
            printf("]");
        }
        printf(": %s", st[m] == -1 ? "pending" : eig_status_name(st[m]));
        if (di >= 0) printf(", %d iterations", it[m]);
        printf(":");
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
    H5Tclose(mt);
    free(v), free(st), free(it);
    if (t >= 0) H5Tclose(t);
    if (s >= 0) H5Sclose(s);
    if (d >= 0) H5Dclose(d);
    if (ds >= 0) H5Dclose(ds);
    if (di >= 0) H5Dclose(di);
    EIG_CHECK(ok, EIG_ERR_INPUT, "%s: cannot read the first %lld results (file damaged?)", path, k);
    return 0;
}

typedef struct {
    const char *path;
    int64_t show;
    eig_input_spec spec;
} info_options;

static int parse_info(int argc, char **argv, info_options *o, int *help)
{
    enum { O_SHOW = 256, O_SPEC };
    static const struct option opts[] = {{"show", required_argument, 0, O_SHOW}, EIG_INPUT_SPEC_OPTIONS(O_SPEC),
                                         {"help", no_argument, 0, 'h'},        {0, 0, 0, 0}};
    memset(o, 0, sizeof *o);
    *help = 0;
    optind = 1;
    opterr = 0;
    int c;
    while ((c = getopt_long(argc, argv, ":h", opts, NULL)) != -1) {
        switch (c) {
        case O_SHOW: EIG_CALL(eig_parse_i64("--show", optarg, 0, 1000000, &o->show)); break;
        case O_SPEC: case O_SPEC + 1: case O_SPEC + 2: case O_SPEC + 3:
            EIG_CALL(eig_input_spec_option(c - O_SPEC, optarg, &o->spec));
            break;
        case 'h': *help = 1; return 0;
        case ':': return EIG_ERROR(EIG_ERR_USAGE, "info: option %s needs a value", argv[optind - 1]);
        default: return EIG_ERROR(EIG_ERR_USAGE, "info: unknown option '%s' (see eigsweep info --help)", argv[optind - 1]);
        }
    }
    EIG_CHECK(optind + 1 == argc, EIG_ERR_USAGE, "info: expected one file (eigsweep info FILE.h5 [options])");
    o->path = argv[optind];
    return 0;
}

/* A sweep spec's verdict, likewise: opened as solve opens it. */
static int describe_sweep(hid_t f, const info_options *o)
{
    eig_sweep_spec s;
    int rc = eig_sweep_spec_open(o->path, o->spec.kind_given ? &o->spec.kind : NULL, &s);
    const char *names[] = {"/A", "/diag", "/offdiag", "/points"};
    if (rc) {
        printf("  verdict: not solvable as it is (the error below says why)\n");
        for (int i = 0; i < 4; i++) print_dataset(f, names[i]);
        return rc;
    }
    const int K = s.form.params;
    char formula[256] = "A_0";
    for (int k = 1; k <= K; k++) snprintf(formula + strlen(formula), sizeof formula - strlen(formula), " + p_%d A_%d", k, k);
    printf("  verdict: solvable: a sweep of %lld %s matrices of order %d, %s precision: %s (docs/sweeps.md)\n",
           (long long)s.count, eig_kind_name(s.kind), s.n, s.precision == EIG_PREC_SINGLE ? "single" : "double", formula);
    for (int k = 0; k < s.grid.rank && s.grid.values[k]; k++)
        printf("  axis %d '%s': %lld values, %.6g .. %.6g\n", k + 1, s.grid.name[k], (long long)s.grid.dims[k],
               s.grid.values[k][0], s.grid.values[k][s.grid.dims[k] - 1]);
    if (s.grid.points) printf("  points: %lld of %d parameters (/points)\n", (long long)s.count, K);
    for (int i = 0; i < 4; i++) print_dataset(f, names[i]);
    eig_sweep_spec_close(&s);
    return 0;
}

/* An input's verdict is solve's own: the collection opened the way solve
 * opens it, so info never calls a file solvable that solve refuses. */
static int describe_input(hid_t f, const info_options *o)
{
    if (!(o->spec.dataset || o->spec.diag || o->spec.offdiag) && eig_sweep_spec_detect(o->path))
        return describe_sweep(f, o);
    eig_collection c;
    int rc = eig_h5_open_input(MPI_COMM_SELF, o->path, EIG_READ_POSIX, &o->spec, &c);
    if (rc) {
        printf("  verdict: not solvable as it is (the error below says why and what to pass)\n");
        const char *names[] = {"/matrices", "/diag", "/offdiag"};
        for (int i = 0; i < 3; i++) print_dataset(f, names[i]);
        char cands[1024];
        eig_h5_list_candidates(f, cands, sizeof cands);
        if (cands[0]) printf("  datasets: %s\n", cands);
        return rc;
    }
    printf("  verdict: solvable: %lld %s matrices of order %d, %s precision, from %s%s%s\n", (long long)c.count,
           eig_kind_name(c.kind), c.n, c.precision == EIG_PREC_SINGLE ? "single" : "double", c.dataset,
           c.offdiag_name[0] ? " and " : "", c.offdiag_name);
    if (c.kind_note[0]) printf("  note: %s\n", c.kind_note);
    print_dataset(f, c.dataset);
    if (c.offdiag_name[0]) print_dataset(f, c.offdiag_name);
    eig_h5_close_input(&c);
    return 0;
}

int eig_cmd_info(eig_ctx *ctx, int argc, char **argv)
{
    info_options o;
    int help;
    int rc = eig_agree(ctx, parse_info(argc, argv, &o, &help));
    if (rc) return rc;
    if (help) {
        if (ctx->rank == 0) info_usage();
        return 0;
    }
    if (ctx->rank == 0) {
        const char *path = o.path;
        if (access(path, F_OK) != 0) rc = EIG_ERROR(EIG_ERR_INPUT, "%s: no such file", path);
        else if (!eig_h5_is_hdf5(path)) rc = EIG_ERROR(EIG_ERR_INPUT, "%s: not an HDF5 file (or truncated/corrupted)", path);
        hid_t f = rc ? -1 : H5Fopen(path, H5F_ACC_RDONLY, H5P_DEFAULT);
        if (!rc && f < 0) rc = EIG_ERROR(EIG_ERR_INPUT, "%s: cannot open as HDF5 (corrupted?)", path);
        if (!rc) {
            hsize_t fsz = 0;
            H5Fget_filesize(f, &fsz);
            int is_result = H5Lexists(f, "eigenvalues", H5P_DEFAULT) > 0 && H5Lexists(f, "status", H5P_DEFAULT) > 0;
            /* solve --reduce: per-point reductions, /eigenvalues only with values */
            int reduced = H5Lexists(f, "status", H5P_DEFAULT) > 0 && H5Aexists(f, "reduce") > 0;
            printf("%s: %s, %.3f MB\n", path,
                   reduced ? "eigsweep result file (reduced: solve --reduce)"
                   : is_result ? "eigsweep result file"
                   : eig_sweep_spec_detect(path) ? "sweep spec (input)" : "matrix collection (input)",
                   (double)fsz / 1e6);
            hid_t root = H5Gopen2(f, "/", H5P_DEFAULT);
            if (root >= 0) print_attrs(root, "  "), H5Gclose(root);
            if (reduced) {
                H5Literate(f, H5_INDEX_NAME, H5_ITER_INC, NULL, print_link, NULL);
                print_grid(f);
                rc = print_status_counts(f, path);
                if (!rc && o.show > 0 && is_result) rc = show_results(f, path, o.show); /* reduced with values */
                else if (!rc && o.show > 0)
                    rc = EIG_ERROR(EIG_ERR_USAGE, "info --show: %s holds reductions, no eigenvalues (docs/reductions.md); "
                                   "read them with h5py", path);
            } else if (is_result) {
                const char *names[] = {"/eigenvalues", "/eigenvectors", "/status", "/iterations"};
                for (int i = 0; i < 4; i++) print_dataset(f, names[i]);
                print_grid(f);
                rc = print_status_counts(f, path);
                if (!rc && o.show > 0) rc = show_results(f, path, o.show);
            } else {
                rc = describe_input(f, &o);
            }
            H5Fclose(f);
        }
    }
    return eig_agree(ctx, rc);
}

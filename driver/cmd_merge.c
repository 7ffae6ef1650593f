/* `eigsweep merge OUT.h5 PART.h5...`: joins the result files of --range runs
 * (a job array over one collection) into one, refusing gaps, overlaps and
 * parts of different runs. Parts of a sweep (docs/sweeps.md) join into the
 * grid-shaped file one whole run writes: the spec, found as check finds an
 * input, gives the grid (axes, names); their reductions (solve --reduce)
 * join too. Runs on rank 0. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "eig_error.h"
#include "grid_select.h"
#include "h5util.h"
#include "identity.h"
#include "reduce.h"
#include "results.h"
#include "source.h"

typedef struct {
    const char *path;
    hid_t file;
    long long start, count, total;
    char input[4096], kind[32], method[32], precision[16];
    char identity[EIG_IDENTITY_CAP], dataset[EIG_DATASET_PATH_MAX * 2], options[512]; /* input_identity, input_dataset, solve_options */
    char reduce[1024]; /* the reduce attribute ("" without --reduce) */
    char reduce_type[16]; /* the reduce_type attribute: float32 or float64 (older parts: float64) */
    int n, vectors;    /* n: 0 in a part reduced without values (the spec says it) */
    int iterations;    /* holds /iterations (a reduced part only when `iterations` was listed) */
} part_info;

static void merge_usage(void)
{
    printf("usage: eigsweep merge OUT.h5 PART.h5 [PART.h5 ...] [--force]\n\n"
           "Joins result files written with --range START:COUNT (e.g. by a job array)\n"
           "into one result file covering the whole collection. The parts must come\n"
           "from the same input and options and cover 0..N-1 exactly once. Parts of a\n"
           "sweep (docs/sweeps.md) give the grid-shaped file one whole run writes (the\n"
           "spec, recorded in the parts, must be there); reduced parts (solve --reduce)\n"
           "join too.\n\n"
           "examples:\n"
           "  eigsweep merge eig.h5 eig.part-*.h5\n");
}

static int64_t attr_i64(hid_t f, const char *name)
{
    int64_t v = -1;
    hid_t a = H5Aexists(f, name) > 0 ? H5Aopen(f, name, H5P_DEFAULT) : -1;
    if (a >= 0) H5Aread(a, H5T_NATIVE_INT64, &v), H5Aclose(a);
    return v;
}

static int open_part(const char *path, part_info *p)
{
    memset(p, 0, sizeof *p);
    p->path = path;
    p->file = -1;
    EIG_CHECK(eig_h5_is_hdf5(path), EIG_ERR_INPUT, "%s: not an HDF5 file (or missing, truncated)", path);
    p->file = H5Fopen(path, H5F_ACC_RDONLY, H5P_DEFAULT);
    EIG_CHECK(p->file >= 0, EIG_ERR_INPUT, "%s: cannot open as HDF5", path);
    if (eig_h5_read_attr_string(p->file, "reduce", p->reduce, sizeof p->reduce) != 0) p->reduce[0] = '\0';
    if (eig_h5_read_attr_string(p->file, "reduce_type", p->reduce_type, sizeof p->reduce_type) != 0)
        snprintf(p->reduce_type, sizeof p->reduce_type, "float64"); /* (before --reduce-type: all float64) */
    EIG_CHECK(!strcmp(p->reduce_type, "float32") || !strcmp(p->reduce_type, "float64"), EIG_ERR_INPUT,
              "%s: reduce_type '%s' is not float32 or float64 (file damaged?)", path, p->reduce_type);
    p->iterations = H5Lexists(p->file, "iterations", H5P_DEFAULT) > 0;
    EIG_CHECK(H5Lexists(p->file, "status", H5P_DEFAULT) > 0 && (p->reduce[0] || H5Lexists(p->file, "eigenvalues", H5P_DEFAULT) > 0),
              EIG_ERR_INPUT, "%s: not an eigsweep result file", path);
    p->start = attr_i64(p->file, "range_start");
    p->count = attr_i64(p->file, "range_count");
    p->total = attr_i64(p->file, "input_count");
    EIG_CHECK(p->start >= 0 && p->count > 0 && p->total > 0, EIG_ERR_INPUT,
              "%s: lacks range_start/range_count/input_count attributes (not written by eigsweep solve?)", path);
    eig_h5_read_attr_string(p->file, "input_file", p->input, sizeof p->input);
    /* What the part was solved from and how: without these a part of another
     * input that shares the file name would pass. */
    EIG_CHECK(eig_h5_read_attr_string(p->file, "input_identity", p->identity, sizeof p->identity) == 0 &&
                  eig_h5_read_attr_string(p->file, "solve_options", p->options, sizeof p->options) == 0,
              EIG_ERR_INPUT,
              "%s: lacks the input_identity/solve_options attributes (written by an older eigsweep), so nothing shows "
              "it comes from the same input and options as the other parts; solve its range again",
              path);
    eig_h5_read_attr_string(p->file, "input_dataset", p->dataset, sizeof p->dataset);
    eig_h5_read_attr_string(p->file, "kind", p->kind, sizeof p->kind);
    eig_h5_read_attr_string(p->file, "method", p->method, sizeof p->method);
    eig_h5_read_attr_string(p->file, "precision", p->precision, sizeof p->precision);
    /* A part is a list: [count] and [count, n]. A whole sweep's grid-shaped
     * file covers every point already. */
    hid_t d = eig_h5_open_dataset(p->file, "status"), s = H5Dget_space(d);
    hsize_t dims[H5S_MAX_RANK];
    int nd = H5Sget_simple_extent_dims(s, dims, NULL);
    H5Sclose(s), H5Dclose(d);
    EIG_CHECK(nd == 1, EIG_ERR_INPUT, "%s: grid-shaped results (a whole sweep, %d axes): nothing to merge; merge joins "
              "the list-shaped parts that --range writes (docs/reductions.md)", path, nd);
    EIG_CHECK((long long)dims[0] == p->count, EIG_ERR_INPUT, "%s: /status has %llu rows but range_count is %lld", path,
              (unsigned long long)dims[0], p->count);
    if (H5Lexists(p->file, "eigenvalues", H5P_DEFAULT) > 0) {
        d = eig_h5_open_dataset(p->file, "eigenvalues"), s = H5Dget_space(d);
        nd = H5Sget_simple_extent_dims(s, dims, NULL);
        H5Sclose(s), H5Dclose(d);
        EIG_CHECK(nd == 2 && (long long)dims[0] == p->count && dims[1] >= 1 && dims[1] <= EIG_MAX_N, EIG_ERR_INPUT,
                  "%s: /eigenvalues is not [%lld, n] as range_count says (file damaged?)", path, p->count);
        p->n = (int)dims[1];
    } else { /* reduced without values: the order as solve keyed the run (" n=%d ") */
        char key[8192];
        const char *at = eig_h5_read_attr_string(p->file, "resume_key", key, sizeof key) == 0 ? strstr(key, " n=") : NULL;
        int n = 0;
        EIG_CHECK(at && sscanf(at, " n=%d", &n) == 1 && n >= 1 && n <= EIG_MAX_N, EIG_ERR_INPUT,
                  "%s: reduced without values and no order n recorded in its resume_key (file damaged?)", path);
        p->n = n;
    }
    p->vectors = H5Lexists(p->file, "eigenvectors", H5P_DEFAULT) > 0;
    return 0;
}

/* Parts of one run: the same input content (whatever its path was) and
 * the same normalised options (method, vectors, select, max-iter). */
static int same_run(const part_info *a, const part_info *b)
{
    EIG_CHECK(!strcmp(a->identity, b->identity) && !strcmp(a->dataset, b->dataset) && a->total == b->total,
              EIG_ERR_INPUT,
              "%s and %s come from different inputs (%s: %s /%s, N = %lld; %s: %s /%s, N = %lld; input files %s and %s)",
              a->path, b->path, a->path, a->identity, a->dataset, a->total, b->path, b->identity, b->dataset, b->total,
              a->input, b->input);
    char diff[2048];
    eig_key_difference(a->options, a->path, b->options, b->path, diff, sizeof diff);
    EIG_CHECK(!diff[0], EIG_ERR_INPUT, "%s and %s were solved with different options (%s)", a->path, b->path, diff);
    EIG_CHECK(!strcmp(a->kind, b->kind) && !strcmp(a->method, b->method) && !strcmp(a->precision, b->precision) &&
                  a->n == b->n && a->vectors == b->vectors,
              EIG_ERR_INPUT, "%s and %s were solved differently (kind, method, precision, n or --vectors differ)",
              a->path, b->path);
    EIG_CHECK(!strcmp(a->reduce, b->reduce), EIG_ERR_INPUT, "%s and %s were solved with different --reduce lists (%s; %s)",
              a->path, b->path, a->reduce[0] ? a->reduce : "none", b->reduce[0] ? b->reduce : "none");
    EIG_CHECK(!a->reduce[0] || !strcmp(a->reduce_type, b->reduce_type), EIG_ERR_INPUT,
              "%s and %s were solved with different --reduce-type (%s; %s): the merged file has one type; solve the "
              "parts again with the same type", a->path, b->path, a->reduce_type, b->reduce_type);
    EIG_CHECK(a->iterations == b->iterations, EIG_ERR_INPUT, "%s %s /iterations and %s %s it (solved by different "
              "eigsweep versions?); solve the parts again alike", a->path, a->iterations ? "holds" : "lacks", b->path,
              b->iterations ? "holds" : "lacks");
    return 0;
}

static int by_start(const void *x, const void *y)
{
    const part_info *a = x, *b = y;
    return (a->start > b->start) - (a->start < b->start);
}

/* Copies every row of part p into the output at its global place (the
 * output's grid: eig_results_write lays flat rows into it). */
static int copy_part(const part_info *p, eig_result_file *out, const eig_solve_params *params)
{
    const int values = out->values >= 0;
    eig_layout l = eig_layout_of(params, out->n);
    size_t es = params->precision == EIG_PREC_SINGLE ? 4 : 8;
    eig_idx block = 1 << 16;
    void *vals = values ? malloc((size_t)(l.values * block) * es) : NULL, *vecs = l.vectors ? malloc((size_t)(l.vectors * block) * es) : NULL;
    void *col = out->reduce.count ? malloc(16 * (size_t)block) : NULL; /* one reduction: at most {r, i} doubles */
    int8_t *st = malloc((size_t)block);
    int32_t *it = malloc(sizeof(int32_t) * (size_t)block);
    int rc = (vals || !values) && st && it && (!l.vectors || vecs) && (col || !out->reduce.count)
                 ? 0 : EIG_ERROR(EIG_ERR_RESOURCE, "out of host memory merging");
    hid_t vt = params->kind == EIG_KIND_GENERAL ? eig_h5_complex_type(params->precision) : H5Tcopy(eig_h5_real_type(params->precision));
    hid_t xt = params->kind == EIG_KIND_HERMITIAN ? eig_h5_complex_type(params->precision) : H5Tcopy(eig_h5_real_type(params->precision));
    struct { const char *name; hid_t type; void *buf; } sets[4] = {
        {"status", H5T_NATIVE_INT8, st}, {"iterations", H5T_NATIVE_INT32, it}, {"eigenvalues", vt, vals}, {"eigenvectors", xt, vecs}};
    const int nsets = values ? (l.vectors ? 4 : 3) : 2;
    for (eig_idx off = 0; !rc && off < p->count; off += block) {
        eig_idx cnt = p->count - off < block ? p->count - off : block;
        for (int k = 0; k < nsets && !rc; k++) {
            if (k == 1 && out->iterations < 0) continue; /* (reduced without `iterations`: none to copy) */
            hid_t d = eig_h5_open_dataset(p->file, sets[k].name), fs, ms;
            eig_h5_select_rows(d, off, cnt, &fs, &ms);
            herr_t e = d < 0 ? -1 : H5Dread(d, sets[k].type, ms, fs, H5P_DEFAULT, sets[k].buf);
            H5Sclose(fs), H5Sclose(ms);
            if (d >= 0) H5Dclose(d);
            if (e < 0) rc = EIG_ERROR(EIG_ERR_INPUT, "%s: cannot read /%s (file damaged?)", p->path, sets[k].name);
        }
        for (eig_idx m = 0; !rc && m < cnt; m++)
            if (st[m] == EIG_STATUS_PENDING)
                rc = EIG_ERROR(EIG_ERR_INPUT, "%s: matrix %lld was never solved (an unfinished part?)", p->path,
                               (long long)(p->start + off + m));
        /* The reductions, each in its file type, before the status (written last) */
        for (int j = 0; j < out->reduce.count && !rc; j++) {
            char name[64];
            eig_reduce_dataset_name(&out->reduce.item[j], name, sizeof name);
            hid_t d = eig_h5_open_dataset(p->file, name), t = d >= 0 ? H5Dget_type(d) : -1, fs = -1, ms = -1;
            /* The merged file's type is the parts' (--reduce-type): copied
             * as it is, never converted; a part whose dataset is of another
             * type than its reduce_type says is damaged. */
            hid_t ot = H5Dget_type(out->reduced[j]);
            const int same_type = t >= 0 && ot >= 0 && H5Tequal(t, ot) > 0;
            if (ot >= 0) H5Tclose(ot);
            if (d >= 0 && t >= 0 && !same_type) {
                H5Tclose(t), H5Dclose(d);
                rc = EIG_ERROR(EIG_ERR_INPUT, "%s: /%s is not of the type its reduce_type (%s) says (file damaged?)",
                               p->path, name, p->reduce_type);
                break;
            }
            herr_t e = d < 0 || t < 0 || H5Tget_size(t) > 16 ? -1 : eig_h5_select_rows(d, off, cnt, &fs, &ms);
            if (e >= 0) e = H5Dread(d, t, ms, fs, H5P_DEFAULT, col);
            if (e >= 0) e = eig_grid_write(out->reduced[j], t, out->grid.rank, p->start + off, cnt, col);
            if (fs >= 0) H5Sclose(fs);
            if (ms >= 0) H5Sclose(ms);
            if (t >= 0) H5Tclose(t);
            if (d >= 0) H5Dclose(d);
            if (e < 0) rc = EIG_ERROR(EIG_ERR_INPUT, "%s: cannot copy /%s (file damaged?)", p->path, name);
        }
        if (!rc) rc = eig_results_write(out, p->start + off, cnt, vals, st, it, vecs);
    }
    H5Tclose(vt), H5Tclose(xt);
    free(vals), free(vecs), free(col), free(st), free(it);
    return rc;
}

/* The grid of a sweep's parts: their spec, opened as solve opened it (the
 * recorded input_file, as given or beside the first part) and of the same
 * content (input_identity). Not a sweep: *src stays closed. */
static int open_spec(const part_info *p, eig_source *src, int *opened)
{
    *opened = 0;
    if (strncmp(p->identity, "sweep:", 6)) return 0;
    char path[8400];
    snprintf(path, sizeof path, "%s", p->input);
    const char *slash = strrchr(p->path, '/');
    if (access(path, F_OK) != 0 && slash && p->input[0] != '/')
        snprintf(path, sizeof path, "%.*s/%s", (int)(slash - p->path), p->path, p->input);
    EIG_CHECK(access(path, F_OK) == 0, EIG_ERR_INPUT,
              "merge: %s is a part of a sweep over %s, which is not there (nor beside the part); merge where the "
              "spec is: the merged file takes its grid (axes and their names) from it", p->path, p->input);
    eig_kind kind;
    EIG_CALL(eig_kind_parse(p->kind, &kind));
    EIG_CALL(eig_source_open_sweep(MPI_COMM_SELF, path, &kind, src));
    *opened = 1;
    EIG_CHECK(!strcmp(src->identity, p->identity), EIG_ERR_INPUT,
              "merge: the parts were solved from another spec than %s holds now (input_identity %s, the spec %s)",
              path, p->identity, src->identity);
    return 0;
}

static int merge(int nparts, char **paths, const char *output, int force)
{
    part_info *parts = calloc((size_t)nparts, sizeof *parts);
    EIG_CHECK(parts, EIG_ERR_RESOURCE, "out of host memory");
    int rc = 0, opened = 0;
    char partial[4200];
    eig_h5_tmp_path(partial, sizeof partial, output);
    for (int i = 0; i < nparts && !rc; i++)
        if (eig_same_file(paths[i], output) || eig_same_file(paths[i], partial))
            rc = EIG_ERROR(EIG_ERR_USAGE, "merge: the output %s would overwrite the part %s (the same file); choose another name",
                           output, paths[i]);
    for (; opened < nparts && !rc; opened++) rc = open_part(paths[opened], &parts[opened]);
    for (int i = 1; i < nparts && !rc; i++) rc = same_run(&parts[0], &parts[i]);
    if (!rc) qsort(parts, (size_t)nparts, sizeof *parts, by_start);
    long long expect = 0;
    for (int i = 0; i < nparts && !rc; i++) {
        if (parts[i].start > expect)
            rc = EIG_ERROR(EIG_ERR_INPUT, "matrices %lld..%lld are missing: no part covers them (next part %s starts at %lld)",
                           expect, parts[i].start - 1, parts[i].path, parts[i].start);
        else if (parts[i].start < expect)
            rc = EIG_ERROR(EIG_ERR_INPUT, "matrices %lld..%lld are doubled: %s overlaps %s", parts[i].start,
                           (expect < parts[i].start + parts[i].count ? expect : parts[i].start + parts[i].count) - 1,
                           parts[i].path, parts[i - 1].path);
        expect = parts[i].start + parts[i].count;
    }
    if (!rc && expect != parts[0].total)
        rc = EIG_ERROR(EIG_ERR_INPUT, "matrices %lld..%lld are missing: the parts end at %lld of %lld", expect,
                       parts[0].total - 1, expect, parts[0].total);
    eig_source spec;
    int have_spec = 0;
    if (!rc) rc = open_spec(&parts[0], &spec, &have_spec);
    if (!rc) {
        eig_solve_params p = {0};
        rc = eig_kind_parse(parts[0].kind, &p.kind);
        p.precision = strcmp(parts[0].precision, "single") ? EIG_PREC_DOUBLE : EIG_PREC_SINGLE;
        p.vectors = parts[0].vectors;
        const int n = parts[0].n;
        /* The reductions: as solve resolved them */
        eig_reduce_list reduce = {0};
        if (!rc && parts[0].reduce[0]) rc = eig_reduce_parse(parts[0].reduce, &reduce);
        if (!rc && parts[0].reduce[0]) rc = eig_reduce_resolve(&reduce, &p, n);
        if (!rc && reduce.given) {
            reduce.float32 = !strcmp(parts[0].reduce_type, "float32");
            /* Parts of an eigsweep before `iterations` was an item kept
             * /iterations whatever the list: so does their merged file. */
            if (parts[0].iterations && !reduce.values) reduce.iterations = 1;
        }
        /* A sweep's file has the grid's shape, as one whole run writes it */
        eig_results_mode mode = {0, force, 0, "merged", have_spec ? &spec.grid : NULL, reduce.given ? &reduce : NULL};
        eig_result_file out;
        memset(&out, 0, sizeof out);
        out.file = -1;
        int resumed, complete;
        if (!rc) rc = eig_results_open(MPI_COMM_SELF, output, &p, parts[0].total, n, &mode, &resumed, &complete, &out);
        for (int i = 0; i < nparts && !rc; i++) rc = copy_part(&parts[i], &out, &p);
        if (!rc) {
            /* Provenance: the first part's, for the whole range. */
            char v[4096];
            const char *names[] = {"eigsweep_version", "kind",          "method",        "precision",
                                   "backend",          "input_file",    "input_dataset", "input_offdiag",
                                   "input_identity",   "solve_options", "order",         "date"};
            for (int k = 0; k < (int)(sizeof names / sizeof *names) && !rc; k++)
                if (eig_h5_read_attr_string(parts[0].file, names[k], v, sizeof v) == 0) rc = eig_h5_write_attr_string(out.file, names[k], v);
            rc |= eig_h5_write_attr_int64(out.file, "range_start", 0);
            rc |= eig_h5_write_attr_int64(out.file, "range_count", parts[0].total);
            rc |= eig_h5_write_attr_int64(out.file, "input_count", parts[0].total);
            rc |= eig_h5_write_attr_int64(out.file, "merged_parts", nparts);
        }
        if (out.file >= 0 || rc == 0) {
            int frc = eig_results_finish(&out, rc == 0, 0);
            if (!rc) rc = frc;
        }
    }
    if (have_spec) eig_source_close(&spec);
    for (int i = 0; i < opened; i++)
        if (parts[i].file >= 0) H5Fclose(parts[i].file);
    if (!rc) printf("merge: %d parts, %lld matrices -> %s\n", nparts, parts[0].total, output);
    free(parts);
    return rc;
}

int eig_cmd_merge(eig_ctx *ctx, int argc, char **argv)
{
    int force = 0, rc = 0;
    char **files = calloc((size_t)argc + 1, sizeof *files);
    int nf = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            if (ctx->rank == 0) merge_usage();
            free(files);
            return 0;
        }
        if (!strcmp(argv[i], "--force")) force = 1;
        else if (argv[i][0] == '-' && argv[i][1]) rc = EIG_ERROR(EIG_ERR_USAGE, "merge: unknown option '%s'", argv[i]);
        else files[nf++] = argv[i];
    }
    if (!rc && nf < 2) rc = EIG_ERROR(EIG_ERR_USAGE, "merge: expected OUT.h5 and at least one PART.h5");
    if ((rc = eig_agree(ctx, rc))) { free(files); return rc; }
    if (ctx->rank == 0) rc = merge(nf - 1, files + 1, files[0], force);
    free(files);
    return eig_agree(ctx, rc);
}

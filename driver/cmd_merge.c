/* `eigsweep merge OUT.h5 PART.h5...`: joins the result files of --range runs
 * (a job array over one collection) into one, refusing gaps, overlaps and
 * parts of different runs. Runs on rank 0. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "eig_error.h"
#include "h5util.h"
#include "identity.h"
#include "results.h"

typedef struct {
    const char *path;
    hid_t file;
    long long start, count, total;
    char input[4096], kind[32], method[32], precision[16];
    char identity[EIG_IDENTITY_CAP], dataset[EIG_DATASET_PATH_MAX * 2], options[512]; /* input_identity, input_dataset, solve_options */
    int n, vectors;
} part_info;

static void merge_usage(void)
{
    printf("usage: eigsweep merge OUT.h5 PART.h5 [PART.h5 ...] [--force]\n\n"
           "Joins result files written with --range START:COUNT (e.g. by a job array)\n"
           "into one result file covering the whole collection. The parts must come\n"
           "from the same input and options and cover 0..N-1 exactly once.\n\n"
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
    char reduce[1024];
    EIG_CHECK(eig_h5_read_attr_string(p->file, "reduce", reduce, sizeof reduce) != 0 || !strcmp(reduce, "values"),
              EIG_ERR_INPUT, "%s: a reduced result (solve --reduce %s): merge joins eigenvalue files only; solve the "
              "whole range in one run (--resume finishes a killed one), or join the parts' datasets with h5py "
              "(docs/reductions.md)", path, reduce);
    EIG_CHECK(H5Lexists(p->file, "eigenvalues", H5P_DEFAULT) > 0, EIG_ERR_INPUT, "%s: not an eigsweep result file", path);
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
    hid_t d = eig_h5_open_dataset(p->file, "eigenvalues"), s = H5Dget_space(d);
    hsize_t dims[H5S_MAX_RANK];
    int nd = H5Sget_simple_extent_dims(s, dims, NULL);
    if (nd != 2) H5Sclose(s), H5Dclose(d);
    EIG_CHECK(nd == 2, EIG_ERR_INPUT, "%s: grid-shaped results (a whole sweep, %d axes): nothing to merge; merge joins "
              "the list-shaped parts that --range writes (docs/reductions.md)", path, nd - 1);
    H5Sclose(s), H5Dclose(d);
    p->n = (int)dims[1];
    p->vectors = H5Lexists(p->file, "eigenvectors", H5P_DEFAULT) > 0;
    EIG_CHECK((long long)dims[0] == p->count, EIG_ERR_INPUT, "%s: /eigenvalues has %llu rows but range_count is %lld", path,
              (unsigned long long)dims[0], p->count);
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
    return 0;
}

static int by_start(const void *x, const void *y)
{
    const part_info *a = x, *b = y;
    return (a->start > b->start) - (a->start < b->start);
}

/* Copies every row of part p into the output at its global place. */
static int copy_part(const part_info *p, eig_result_file *out, const eig_solve_params *params)
{
    eig_layout l = eig_layout_of(params, p->n);
    size_t es = params->precision == EIG_PREC_SINGLE ? 4 : 8;
    eig_idx block = 1 << 16;
    void *vals = malloc((size_t)(l.values * block) * es), *vecs = l.vectors ? malloc((size_t)(l.vectors * block) * es) : NULL;
    int8_t *st = malloc((size_t)block);
    int32_t *it = malloc(sizeof(int32_t) * (size_t)block);
    int rc = vals && st && it && (!l.vectors || vecs) ? 0 : EIG_ERROR(EIG_ERR_RESOURCE, "out of host memory merging");
    hid_t vt = params->kind == EIG_KIND_GENERAL ? eig_h5_complex_type(params->precision) : H5Tcopy(eig_h5_real_type(params->precision));
    hid_t xt = params->kind == EIG_KIND_HERMITIAN ? eig_h5_complex_type(params->precision) : H5Tcopy(eig_h5_real_type(params->precision));
    struct { const char *name; hid_t type; void *buf; } sets[4] = {
        {"eigenvalues", vt, vals}, {"status", H5T_NATIVE_INT8, st}, {"iterations", H5T_NATIVE_INT32, it}, {"eigenvectors", xt, vecs}};
    for (eig_idx off = 0; !rc && off < p->count; off += block) {
        eig_idx cnt = p->count - off < block ? p->count - off : block;
        for (int k = 0; k < (l.vectors ? 4 : 3) && !rc; k++) {
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
        if (!rc) rc = eig_results_write(out, p->start + off, cnt, vals, st, it, vecs);
    }
    H5Tclose(vt), H5Tclose(xt);
    free(vals), free(vecs), free(st), free(it);
    return rc;
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
    if (!rc) {
        eig_solve_params p = {0};
        rc = eig_kind_parse(parts[0].kind, &p.kind);
        p.precision = strcmp(parts[0].precision, "single") ? EIG_PREC_DOUBLE : EIG_PREC_SINGLE;
        p.vectors = parts[0].vectors;
        eig_results_mode mode = {0, force, 0, "merged", NULL, NULL};
        eig_result_file out;
        int resumed, complete;
        if (!rc) rc = eig_results_open(MPI_COMM_SELF, output, &p, parts[0].total, parts[0].n, &mode, &resumed, &complete, &out);
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

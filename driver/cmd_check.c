/* `eigsweep check RESULT.h5 [--input IN.h5]`: recomputes, for a sample of
 * the matrices of a result file, how far its eigenvalues (and vectors) are
 * from right -- residuals, orthogonality, and LAPACK's eigenvalues where this
 * binary has LAPACKE (docs/check.md). Runs on rank 0; OpenMP over the
 * sampled matrices (driver/check_measures.c measures one). */
#include <getopt.h>
#include <hdf5.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check_measures.h"
#include "cli.h"
#include "eig_error.h"
#include "identity.h"
#include "grid_select.h"
#include "h5util.h"
#include "results.h"
#include "rng.h"
#include "source.h"

#define CHECK_DEFAULT_SAMPLE 1000
#define CHECK_DEFAULT_TOLERANCE 100.0
#define CHECK_LISTED_FAILURES 3 /* the error message holds 1023 characters */

static void check_usage(void)
{
    printf("usage: eigsweep check RESULT.h5 [--input IN.h5] [--sample K] [--seed S] [--tolerance T]\n"
           "                      [--kind K] [--dataset P | --diag P --offdiag Q] [--report FILE.json] [-q]\n\n"
           "Checks a result file against its input: for K matrices sampled over the file\n"
           "(default %d; all when N <= K), recomputes in double\n"
           "  residual       max_k |A v_k - l_k v_k| / (|A| n eps)     (with eigenvectors)\n"
           "  orthogonality  max |V^H V - I| / (n eps)                 (with eigenvectors)\n"
           "  values         max |l - l_LAPACK| / (|A| n eps)          (%s)\n"
           "eps of the solve's precision. Every checked matrix must stay within --tolerance\n"
           "(default %g) in each; matrices whose status is not ok are counted, not checked.\n"
           "Exit 0: all within; 8: some matrix is not (named on stderr); 3: the files cannot\n"
           "be read or do not belong together (N, n, kind or precision differ).\n\n"
           "options:\n"
           "  --input IN.h5         the collection solved (default: the result's input_file\n"
           "                        attribute, relative to the current directory; a\n"
           "                        --synthetic result regenerates its matrices)\n"
           "  --sample K            matrices to check, spread over the file (0: all)\n"
           "  --seed S              which ones (default 1; the same seed, the same sample)\n"
           "  --tolerance T         largest value accepted in the units above (default %g)\n"
           "  --kind K, --dataset P, --diag P, --offdiag Q\n"
           "                        where the collection lies in IN.h5 and what it holds, as\n"
           "                        for solve (default: what the result records)\n"
           "  --report FILE.json    the measures and failures as JSON\n"
           "  -q, --quiet           no table; errors only\n\n"
           "examples:\n"
           "  eigsweep check eig.h5                          # its input as solve recorded it\n"
           "  eigsweep check eig.h5 --input sweep.h5 --sample 100000 --seed 7\n"
           "  eigsweep check part3.h5 --input sweep.h5       # a --range part: rows are START + j\n"
           "  eigsweep check eig.h5 --sample 0 --report check.json\n",
           CHECK_DEFAULT_SAMPLE, eig_check_have_lapack() ? "LAPACK dsyevd/zheevd/dgeevx/dsterf"
                                                         : "not in this build: no LAPACKE",
           CHECK_DEFAULT_TOLERANCE, CHECK_DEFAULT_TOLERANCE);
}

typedef struct {
    const char *result, *input, *report;
    int64_t sample;
    uint64_t seed;
    double tolerance;
    int quiet;
    eig_input_spec spec;
} check_options;

static int parse_check(int argc, char **argv, check_options *o, int *help)
{
    enum { O_INPUT = 256, O_SAMPLE, O_SEED, O_TOL, O_REPORT, O_SPEC };
    static const struct option opts[] = {
        {"input", required_argument, 0, O_INPUT}, {"sample", required_argument, 0, O_SAMPLE},
        {"seed", required_argument, 0, O_SEED},   {"tolerance", required_argument, 0, O_TOL},
        {"report", required_argument, 0, O_REPORT}, EIG_INPUT_SPEC_OPTIONS(O_SPEC),
        {"quiet", no_argument, 0, 'q'},           {"help", no_argument, 0, 'h'},
        {0, 0, 0, 0}};
    memset(o, 0, sizeof *o);
    o->sample = CHECK_DEFAULT_SAMPLE, o->seed = 1, o->tolerance = CHECK_DEFAULT_TOLERANCE;
    *help = 0;
    optind = 1;
    opterr = 0;
    int c;
    const char *first[EIG_OPTION_CODES] = {0}; /* every option with a value takes one value */
    for (int li = -1; (c = getopt_long(argc, argv, ":hq", opts, &li)) != -1; li = -1) {
        EIG_CALL(eig_option_once("check", ":hq", opts, li, c, first));
        switch (c) {
        case O_INPUT: o->input = optarg; break;
        case O_SAMPLE: EIG_CALL(eig_parse_i64("--sample", optarg, 0, INT64_MAX / 4, &o->sample)); break;
        case O_SEED: EIG_CALL(eig_parse_u64("--seed", optarg, &o->seed)); break;
        case O_TOL:
            EIG_CALL(eig_parse_double("--tolerance", optarg, &o->tolerance));
            EIG_CHECK(o->tolerance > 0, EIG_ERR_USAGE, "--tolerance: %s is not positive", optarg);
            break;
        case O_REPORT: o->report = optarg; break;
        case O_SPEC: case O_SPEC + 1: case O_SPEC + 2: case O_SPEC + 3:
            EIG_CALL(eig_input_spec_option(c - O_SPEC, optarg, &o->spec));
            break;
        case 'q': o->quiet = 1; break;
        case 'h': *help = 1; return 0;
        case ':': return EIG_ERROR(EIG_ERR_USAGE, "check: option %s needs a value", argv[optind - 1]);
        default: return EIG_ERROR(EIG_ERR_USAGE, "check: unknown option '%s' (see eigsweep check --help)", argv[optind - 1]);
        }
    }
    EIG_CHECK(optind < argc, EIG_ERR_USAGE, "check: expected a result file (eigsweep check RESULT.h5 [options])");
    EIG_CHECK(optind + 1 == argc, EIG_ERR_USAGE, "check: unexpected argument '%s'", argv[optind + 1]);
    o->result = argv[optind];
    return 0;
}

/* ---- the result file ---- */

typedef struct {
    hid_t file, values, vectors, status;
    eig_kind kind;
    int kind_known;
    eig_precision precision;
    int precision_known;
    eig_idx rows;             /* N of the result */
    int n;
    int lead;                 /* grid dimensions before the per-matrix ones: 1 for [N, n]; K for a whole
                                 sweep's [d1..dK, n], read flat, row-major (docs/reductions.md) */
    hsize_t grid[EIG_GRID_MAX_AXES]; /* d1..dK */
    int64_t range_start;      /* row j is input matrix range_start + j */
    int64_t input_count;      /* -1: not recorded */
    char method[64];
    char input_file[4200], input_dataset[EIG_DATASET_PATH_MAX], input_offdiag[EIG_DATASET_PATH_MAX];
    char input_identity[EIG_IDENTITY_CAP]; /* "" in results of an eigsweep before it was recorded */
    eig_check_setup setup;    /* kind, n, selection from the result */
} result_file;

static int read_attr_i64(hid_t obj, const char *name, int64_t *v)
{
    if (H5Aexists(obj, name) <= 0) return -1;
    hid_t a = H5Aopen(obj, name, H5P_DEFAULT);
    long long x = 0;
    int ok = a >= 0 && H5Aread(a, H5T_NATIVE_LLONG, &x) >= 0;
    if (a >= 0) H5Aclose(a);
    if (ok) *v = x;
    return ok ? 0 : -1;
}

/* dims of a dataset of the given rank, or -1. */
static int dataset_dims(hid_t d, int rank, hsize_t *dims)
{
    hid_t s = H5Dget_space(d);
    int ok = s >= 0 && H5Sget_simple_extent_ndims(s) == rank && H5Sget_simple_extent_dims(s, dims, NULL) == rank;
    if (s >= 0) H5Sclose(s);
    return ok ? 0 : -1;
}

static int dataset_is_compound(hid_t d)
{
    hid_t t = H5Dget_type(d);
    int c = t >= 0 && H5Tget_class(t) == H5T_COMPOUND;
    if (t >= 0) H5Tclose(t);
    return c;
}

static void close_result(result_file *r)
{
    if (r->values >= 0) H5Dclose(r->values);
    if (r->vectors >= 0) H5Dclose(r->vectors);
    if (r->status >= 0) H5Dclose(r->status);
    if (r->file >= 0) H5Fclose(r->file);
}

/* Parses the selection out of solve's option text: "select=all",
 * "select=index:I:J", "select=range:A:B" (root attribute solve_options), or
 * the older resume_key spelling "select=S:IL:IU:VL:VU". 1 when found. */
static int parse_selection(const char *text, eig_check_setup *s)
{
    const char *at = strstr(text, "select=");
    while (at && at != text && at[-1] != ' ') at = strstr(at + 1, "select=");
    if (!at) return 0;
    at += strlen("select=");
    int sel, il, iu;
    double vl, vu;
    if (!strncmp(at, "all", 3) && (at[3] == ' ' || at[3] == '\0')) {
        s->select = EIG_SELECT_ALL;
    } else if (sscanf(at, "index:%d:%d", &il, &iu) == 2) {
        s->select = EIG_SELECT_INDEX, s->il = il, s->iu = iu;
    } else if (sscanf(at, "range:%lf:%lf", &vl, &vu) == 2) {
        s->select = EIG_SELECT_RANGE, s->vl = vl, s->vu = vu;
    } else if (sscanf(at, "%d:%d:%d:%lf:%lf", &sel, &il, &iu, &vl, &vu) == 5 && sel >= 0 && sel <= EIG_SELECT_RANGE) {
        s->select = (eig_select)sel, s->il = il, s->iu = iu, s->vl = vl, s->vu = vu;
    } else {
        return 0;
    }
    s->select_known = 1;
    return 1;
}

/* What solve recorded about the selection (solve_options, else resume_key;
 * a merge of older parts has neither: the subset is then placed by fit). */
static void read_selection(hid_t f, eig_check_setup *s)
{
    char text[8192];
    if (eig_h5_read_attr_string(f, "solve_options", text, sizeof text) == 0 && parse_selection(text, s)) return;
    if (eig_h5_read_attr_string(f, "resume_key", text, sizeof text) == 0) parse_selection(text, s);
}

static int open_result(const char *path, result_file *r)
{
    memset(r, 0, sizeof *r);
    r->file = r->values = r->vectors = r->status = -1;
    r->input_count = -1;
    EIG_CHECK(access(path, F_OK) == 0, EIG_ERR_INPUT, "%s: no such file", path);
    EIG_CHECK(eig_h5_is_hdf5(path), EIG_ERR_INPUT, "%s: not an HDF5 file (or truncated/corrupted)", path);
    r->file = H5Fopen(path, H5F_ACC_RDONLY, H5P_DEFAULT);
    EIG_CHECK(r->file >= 0, EIG_ERR_INPUT, "%s: cannot open as HDF5 (corrupted?)", path);
    char reduce[1024];
    EIG_CHECK(H5Lexists(r->file, "eigenvalues", H5P_DEFAULT) > 0 ||
                  eig_h5_read_attr_string(r->file, "reduce", reduce, sizeof reduce) != 0,
              EIG_ERR_INPUT, "%s: a reduced result (solve --reduce %s) holds no eigenvalues to check; solve again with "
              "--reduce %s,values (docs/reductions.md)", path, reduce, reduce);
    EIG_CHECK(H5Lexists(r->file, "eigenvalues", H5P_DEFAULT) > 0 && H5Lexists(r->file, "status", H5P_DEFAULT) > 0,
              EIG_ERR_INPUT, "%s: not an eigsweep result file (no /eigenvalues and /status; see docs/format.md)", path);
    r->values = eig_h5_open_dataset(r->file, "/eigenvalues");
    r->status = eig_h5_open_dataset(r->file, "/status");
    /* [N] and [N, n], or a whole sweep's grid: [d1..dK] and [d1..dK, n],
     * read as N = d1 * ... * dK rows in flat row-major order. */
    hsize_t sd[H5S_MAX_RANK], vd[H5S_MAX_RANK], xd[H5S_MAX_RANK];
    hid_t ss = r->status >= 0 ? H5Dget_space(r->status) : -1;
    r->lead = ss >= 0 ? H5Sget_simple_extent_ndims(ss) : -1;
    if (ss >= 0) H5Sclose(ss);
    const int lead = r->lead;
    EIG_CHECK(lead >= 1 && lead <= EIG_GRID_MAX_AXES && dataset_dims(r->status, lead, sd) == 0, EIG_ERR_INPUT,
              "%s: /status is not an [N] dataset or a grid of 1..%d axes (file damaged?)", path, EIG_GRID_MAX_AXES);
    eig_idx rows = 1;
    for (int k = 0; k < lead; k++) rows *= (eig_idx)sd[k], r->grid[k] = sd[k];
    EIG_CHECK(r->values >= 0 && dataset_dims(r->values, lead + 1, vd) == 0 && rows >= 1 && vd[lead] >= 1 &&
                  vd[lead] <= EIG_MAX_N && !memcmp(vd, sd, sizeof(hsize_t) * (size_t)lead),
              EIG_ERR_INPUT, "%s: /eigenvalues is not an [N, n] dataset (or [d1..dK, n] on the grid of /status) with "
              "N >= 1, 1 <= n <= %d (file damaged?)", path, EIG_MAX_N);
    r->rows = rows, r->n = (int)vd[lead];
    if (H5Lexists(r->file, "eigenvectors", H5P_DEFAULT) > 0) {
        r->vectors = eig_h5_open_dataset(r->file, "/eigenvectors");
        EIG_CHECK(r->vectors >= 0 && dataset_dims(r->vectors, lead + 2, xd) == 0 &&
                      !memcmp(xd, vd, sizeof(hsize_t) * (size_t)(lead + 1)) && xd[lead + 1] == vd[lead],
                  EIG_ERR_INPUT, "%s: /eigenvectors is not shaped [%llu rows, %d, %d] as /eigenvalues says (file damaged?)",
                  path, (unsigned long long)rows, r->n, r->n);
    }
    char text[256];
    if (eig_h5_read_attr_string(r->file, "kind", text, sizeof text) == 0) {
        EIG_CHECK(eig_kind_parse(text, &r->kind) == 0, EIG_ERR_INPUT, "%s: root attribute kind '%s' is not a kind", path, text);
        r->kind_known = 1;
    }
    if (eig_h5_read_attr_string(r->file, "precision", text, sizeof text) == 0) {
        EIG_CHECK(eig_parse_precision(text, &r->precision) == 0, EIG_ERR_INPUT,
                  "%s: root attribute precision '%s' is not double or single", path, text);
        r->precision_known = 1;
    }
    eig_error_clear();
    if (eig_h5_read_attr_string(r->file, "method", r->method, sizeof r->method) != 0) snprintf(r->method, sizeof r->method, "?");
    int64_t start = 0;
    if (read_attr_i64(r->file, "range_start", &start) == 0) r->range_start = start;
    read_attr_i64(r->file, "input_count", &r->input_count);
    eig_h5_read_attr_string(r->file, "input_file", r->input_file, sizeof r->input_file);
    eig_h5_read_attr_string(r->file, "input_dataset", r->input_dataset, sizeof r->input_dataset);
    eig_h5_read_attr_string(r->file, "input_offdiag", r->input_offdiag, sizeof r->input_offdiag);
    eig_h5_read_attr_string(r->file, "input_identity", r->input_identity, sizeof r->input_identity);
    read_selection(r->file, &r->setup);
    return 0;
}

/* ---- the input ---- */

/* The input path: --input, else input_file as solve recorded it (relative to
 * the current directory, else to the result's directory). */
static int resolve_input(const check_options *o, const result_file *r, char *path, size_t cap)
{
    if (o->input) {
        snprintf(path, cap, "%s", o->input);
        return 0;
    }
    EIG_CHECK(r->input_file[0], EIG_ERR_USAGE,
              "check: %s records no input_file; name the collection it was solved from with --input IN.h5", o->result);
    snprintf(path, cap, "%s", r->input_file);
    if (access(path, F_OK) == 0 || !strncmp(path, "synthetic:", 10) || path[0] == '/') return 0;
    const char *slash = strrchr(o->result, '/');
    if (slash) {
        char beside[8400];
        snprintf(beside, sizeof beside, "%.*s/%s", (int)(slash - o->result), o->result, r->input_file);
        if (access(beside, F_OK) == 0) snprintf(path, cap, "%s", beside);
    }
    return 0;
}

static int open_input(const check_options *o, result_file *r, const char *path, eig_source *src)
{
    if (!strncmp(path, "synthetic:", 10) && access(path, F_OK) != 0) {
        EIG_CALL(eig_source_open_synthetic(path + 10, src));
    } else {
        EIG_CHECK(access(path, F_OK) == 0, EIG_ERR_INPUT, "%s: no such file%s", path,
                  o->input ? "" : " (the input recorded in the result; name it with --input IN.h5)");
        eig_input_spec spec = o->spec;
        if (r->kind_known) {
            EIG_CHECK(!spec.kind_given || spec.kind == r->kind, EIG_ERR_USAGE,
                      "check: %s holds the eigenvalues of %s matrices (its kind attribute); --kind %s contradicts it",
                      o->result, eig_kind_name(r->kind), eig_kind_name(spec.kind));
            spec.kind_given = 1, spec.kind = r->kind; /* what solve solved it as */
        }
        /* Where solve read it, unless told otherwise. */
        int placed = spec.dataset || spec.diag || spec.offdiag;
        int generated = !strcmp(r->input_dataset, "(generated)") || !strncmp(r->input_identity, "sweep:", 6); /* (a sweep spec finds its own) */
        if (!placed && r->input_dataset[0] && !generated) {
            if (spec.kind_given && spec.kind == EIG_KIND_TRIDIAGONAL) {
                spec.diag = r->input_dataset;
                if (r->input_offdiag[0]) spec.offdiag = r->input_offdiag;
            } else {
                spec.dataset = r->input_dataset;
            }
        }
        EIG_CALL(eig_source_open_file(MPI_COMM_SELF, path, EIG_READ_POSIX, &spec, src));
        if (src->file.kind_note[0] && !o->quiet) fprintf(stderr, "eigsweep: note: %s\n", src->file.kind_note);
    }
    /* Do they belong together? */
    const char *res = o->result;
    if (!r->kind_known) r->kind = src->kind;
    if (!r->precision_known) r->precision = src->precision;
    EIG_CHECK(src->kind == r->kind, EIG_ERR_INPUT, "%s holds %s matrices but %s holds the eigenvalues of %s ones: "
              "not the input it was solved from", src->name, eig_kind_name(src->kind), res, eig_kind_name(r->kind));
    EIG_CHECK(dataset_is_compound(r->values) == (r->kind == EIG_KIND_GENERAL), EIG_ERR_INPUT,
              "%s: /eigenvalues is %s, but the eigenvalues of %s matrices are %s (file damaged?)", res,
              dataset_is_compound(r->values) ? "complex" : "real", eig_kind_name(r->kind),
              r->kind == EIG_KIND_GENERAL ? "complex" : "real");
    EIG_CHECK(r->vectors < 0 || dataset_is_compound(r->vectors) == (r->kind == EIG_KIND_HERMITIAN), EIG_ERR_INPUT,
              "%s: /eigenvectors is %s, but those of %s matrices are %s (file damaged?)", res,
              dataset_is_compound(r->vectors) ? "complex" : "real", eig_kind_name(r->kind),
              r->kind == EIG_KIND_HERMITIAN ? "complex" : "real");
    EIG_CHECK(src->n == r->n, EIG_ERR_INPUT,
              "%s holds eigenvalues of matrices of order %d but %s holds matrices of order %d: not the input it was "
              "solved from", res, r->n, src->name, src->n);
    EIG_CHECK(src->precision == r->precision, EIG_ERR_INPUT,
              "%s was solved in %s precision but %s is %s: not the input it was solved from", res,
              r->precision == EIG_PREC_SINGLE ? "single" : "double", src->name,
              src->precision == EIG_PREC_SINGLE ? "single" : "double");
    EIG_CHECK(r->input_count < 0 || r->input_count == src->count, EIG_ERR_INPUT,
              "%s was solved from a collection of %lld matrices but %s holds %lld: not the input it was solved from",
              res, (long long)r->input_count, src->name, (long long)src->count);
    EIG_CHECK(r->range_start >= 0 && r->range_start + r->rows <= src->count, EIG_ERR_INPUT,
              "%s holds matrices %lld..%lld but %s has only %lld: not the input it was solved from", res,
              (long long)r->range_start, (long long)(r->range_start + r->rows - 1), src->name, (long long)src->count);
    EIG_CHECK(r->range_start > 0 || r->input_count >= 0 || r->rows == src->count, EIG_ERR_INPUT,
              "%s holds %lld matrices but %s holds %lld: not the input it was solved from", res, (long long)r->rows,
              src->name, (long long)src->count);
    /* The same shape: the content (io/identity.h), where the result recorded
     * it, so other matrices are refused here rather than failing every
     * comparison. */
    EIG_CHECK(!r->input_identity[0] || !strcmp(r->input_identity, src->identity), EIG_ERR_INPUT,
              "%s was solved from other matrices than %s holds (input_identity %s, this input %s): not the input it "
              "was solved from", res, src->name, r->input_identity, src->identity);
    return 0;
}

/* ---- the sample ---- */

/* K rows of N: one drawn at random in each of K equal strata, so the sample
 * is sorted, spread over the whole file and the same for the same seed. */
static eig_idx *draw_sample(eig_idx rows, int64_t k, uint64_t seed, eig_idx *count)
{
    if (k <= 0 || k > rows) k = rows;
    eig_idx *rowv = malloc(sizeof(eig_idx) * (size_t)k);
    if (!rowv) return NULL;
    for (int64_t s = 0; s < k; s++) {
        eig_idx lo = (eig_idx)((unsigned __int128)s * (unsigned __int128)rows / (unsigned __int128)k);
        eig_idx hi = (eig_idx)((unsigned __int128)(s + 1) * (unsigned __int128)rows / (unsigned __int128)k);
        rowv[s] = k == rows ? s : lo + (eig_idx)(eig_rng_uniform(seed, (uint64_t)s, 0) * (double)(hi - lo));
        if (rowv[s] >= hi) rowv[s] = hi - 1;
    }
    *count = k;
    return rowv;
}

/* ---- reading one row ---- */

/* Row `row` (flat) of a per-matrix dataset, whatever the grid's shape. */
static int read_row(const result_file *r, hid_t d, hid_t mtype, eig_idx row, void *buf)
{
    return eig_grid_read(d, mtype, r->lead, row, 1, buf);
}

/* ---- the tally ---- */

static const char *measure_name[EIG_CHECK_MEASURES] = {"residual", "orthogonality", "values", "trace"};
static const char *measure_unit[EIG_CHECK_MEASURES] = {"|Av-lv|/(|A| n eps)", "|V^H V-I|/(n eps)",
                                                       "|l-l_LAPACK|/(|A| n eps)", "|tr A-sum l|/(|A|_F n eps)"};

typedef struct {
    double max[EIG_CHECK_MEASURES], sum[EIG_CHECK_MEASURES];
    eig_idx count[EIG_CHECK_MEASURES], worst[EIG_CHECK_MEASURES];
    eig_idx sampled, checked, failed, skipped[4]; /* skipped: not_converged, invalid_input, pending, other */
    eig_idx unverified;                          /* values with no measure (no LAPACK, a subset) */
    char failures[CHECK_LISTED_FAILURES][320];
    int listed;
} tally;

static void add_failure(tally *t, const char *what)
{
    t->failed++;
    if (t->listed < CHECK_LISTED_FAILURES) snprintf(t->failures[t->listed++], sizeof t->failures[0], "%s", what);
}

static void describe_matrix(char *out, size_t cap, const result_file *r, eig_idx row)
{
    if (r->range_start) snprintf(out, cap, "matrix %lld (row %lld)", (long long)(r->range_start + row), (long long)row);
    else snprintf(out, cap, "matrix %lld", (long long)row);
    if (r->lead > 1) { /* a whole sweep's grid: the point's indices too, last axis fastest */
        long long idx[EIG_GRID_MAX_AXES], rest = (long long)row;
        for (int a = r->lead - 1; a >= 0; a--) idx[a] = rest % (long long)r->grid[a], rest /= (long long)r->grid[a];
        for (int a = 0; a < r->lead; a++) {
            size_t len = strlen(out);
            if (len + 24 < cap) snprintf(out + len, cap - len, "%s%lld%s", a ? "," : " [", idx[a], a == r->lead - 1 ? "]" : "");
        }
    }
}

static void add_result(tally *t, const result_file *r, eig_idx row, const eig_check_result *c, double tol)
{
    char who[96], what[320];
    describe_matrix(who, sizeof who, r, row);
    t->checked++;
    int bad = 0, valued = 0;
    size_t len = (size_t)snprintf(what, sizeof what, "%s:", who);
    for (int i = 0; i < EIG_CHECK_MEASURES; i++) {
        double v = c->value[i];
        if (isnan(v)) continue;
        valued |= i == EIG_CHECK_VALUES || i == EIG_CHECK_TRACE;
        t->count[i]++;
        t->sum[i] += v;
        if (t->count[i] == 1 || v > t->max[i]) t->max[i] = v, t->worst[i] = r->range_start + row;
        if (v > tol) {
            bad = 1;
            if (len < sizeof what)
                len += (size_t)snprintf(what + len, sizeof what - len, " %s %.3g", measure_name[i], v);
        }
    }
    if (!valued) t->unverified++;
    if (c->problem[0]) {
        bad = 1;
        if (len < sizeof what) snprintf(what + len, sizeof what - len, " %s", c->problem);
    }
    if (bad) add_failure(t, what);
}

/* Status not ok: counted; its values must be NaN (docs/format.md). */
static void add_skipped(tally *t, const result_file *r, eig_idx row, int status, const double *values, int reals)
{
    t->skipped[status == 1 ? 0 : status == 2 ? 1 : status == EIG_STATUS_PENDING ? 2 : 3]++;
    if (status == EIG_STATUS_PENDING) return; /* not written yet: any bytes */
    for (int j = 0; j < reals; j++) {
        if (!isnan(values[j])) {
            char who[96], what[320];
            describe_matrix(who, sizeof who, r, row);
            snprintf(what, sizeof what, "%s: status %s but eigenvalue %d is %g, not NaN", who, eig_status_name(status),
                     j, values[j]);
            add_failure(t, what);
            return;
        }
    }
}

/* ---- the run ---- */

static void to_double(const void *in, eig_precision p, eig_idx count, double *out)
{
    if (p == EIG_PREC_DOUBLE) memcpy(out, in, sizeof(double) * (size_t)count);
    else for (eig_idx i = 0; i < count; i++) out[i] = ((const float *)in)[i];
}

static int check_sample(const result_file *r, eig_source *src, const eig_idx *sample, eig_idx count, tally *t)
{
    int n = r->n, general = r->kind == EIG_KIND_GENERAL;
    eig_solve_params lp = {.kind = r->kind, .vectors = r->vectors >= 0};
    eig_layout l = eig_layout_of(&lp, n);
    size_t in_reals = (size_t)l.input, val_reals = (size_t)(general ? 2 * n : n);
    size_t vec_reals = r->vectors >= 0 ? (size_t)(r->kind == EIG_KIND_HERMITIAN ? 2 : 1) * (size_t)n * n : 0;
    size_t per = in_reals + val_reals + vec_reals;
    /* Batches of about 256 MiB: read serially (HDF5), measured in parallel. */
    eig_idx batch = (eig_idx)((256u << 20) / (per * sizeof(double)));
    if (batch < 1) batch = 1;
    if (batch > 4096) batch = 4096;
    double *buf = malloc(sizeof(double) * per * (size_t)batch);
    void *raw = malloc(sizeof(double) * in_reals);
    int8_t *status = malloc((size_t)batch);
    eig_check_result *res = malloc(sizeof *res * (size_t)batch);
    int rc = 0;
    if (!buf || !raw || !status || !res) rc = EIG_ERROR(EIG_ERR_RESOURCE, "check: out of memory for %lld matrices of order %d", (long long)batch, n);
    hid_t vtype = general ? eig_h5_complex_type(EIG_PREC_DOUBLE) : H5Tcopy(H5T_NATIVE_DOUBLE);
    hid_t xtype = r->kind == EIG_KIND_HERMITIAN ? eig_h5_complex_type(EIG_PREC_DOUBLE) : H5Tcopy(H5T_NATIVE_DOUBLE);
    eig_check_setup setup = r->setup;
    eig_check_single_threaded_blas();
    for (eig_idx b0 = 0; !rc && b0 < count; b0 += batch) {
        eig_idx nb = count - b0 < batch ? count - b0 : batch;
        for (eig_idx b = 0; !rc && b < nb; b++) {
            eig_idx row = sample[b0 + b];
            double *a = buf + (size_t)b * per, *val = a + in_reals, *vec = val + val_reals;
            if (read_row(r, r->status, H5T_NATIVE_INT8, row, &status[b]) != 0 ||
                read_row(r, r->values, vtype, row, val) != 0 ||
                (vec_reals && status[b] == 0 && read_row(r, r->vectors, xtype, row, vec) != 0)) {
                rc = EIG_ERROR(EIG_ERR_INPUT, "cannot read row %lld of the result (file damaged?)", (long long)row);
                break;
            }
            if (status[b] != 0) continue;
            rc = eig_source_read(src, r->range_start + row, 1, raw);
            if (rc) break;
            to_double(raw, src->precision, (eig_idx)in_reals, a);
        }
        if (rc) break;
#pragma omp parallel for schedule(dynamic) reduction(| : rc)
        for (eig_idx b = 0; b < nb; b++) {
            if (status[b] != 0) continue;
            double *a = buf + (size_t)b * per, *val = a + in_reals;
            rc |= eig_check_matrix(&setup, a, val, vec_reals ? val + val_reals : NULL, &res[b]);
        }
        if (rc) {
            rc = EIG_ERROR(EIG_ERR_RESOURCE, "check: out of memory measuring matrices of order %d", n);
            break;
        }
        for (eig_idx b = 0; b < nb; b++) {
            t->sampled++;
            if (status[b] == 0) add_result(t, r, sample[b0 + b], &res[b], setup.tolerance);
            else add_skipped(t, r, sample[b0 + b], status[b], buf + (size_t)b * per + in_reals, (int)val_reals);
        }
    }
    H5Tclose(vtype), H5Tclose(xtype);
    free(buf), free(raw), free(status), free(res);
    return rc;
}

/* ---- output ---- */

static void json_string(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"' || *s == '\\') fprintf(f, "\\%c", *s);
        else if ((unsigned char)*s < 0x20) fprintf(f, "\\u%04x", *s);
        else fputc(*s, f);
    }
    fputc('"', f);
}

static double json_number(double v) { return isfinite(v) ? v : 1e308; }

static int write_report(const char *path, const check_options *o, const result_file *r, const eig_source *src,
                        const tally *t, const char *verdict)
{
    FILE *f = fopen(path, "w");
    EIG_CHECK(f, EIG_ERR_OUTPUT, "--report %s: cannot create the file", path);
    fprintf(f, "{\n  \"result\": ");
    json_string(f, o->result);
    fprintf(f, ",\n  \"input\": ");
    json_string(f, src->name);
    fprintf(f, ",\n  \"kind\": \"%s\",\n  \"n\": %d,\n  \"precision\": \"%s\",\n  \"rows\": %lld,\n  \"range_start\": %lld,\n",
            eig_kind_name(r->kind), r->n, r->precision == EIG_PREC_SINGLE ? "single" : "double", (long long)r->rows,
            (long long)r->range_start);
    fprintf(f, "  \"oracle\": \"%s\",\n  \"seed\": %llu,\n  \"tolerance\": %g,\n  \"sampled\": %lld,\n  \"checked\": %lld,\n",
            eig_check_oracle(r->kind), (unsigned long long)o->seed, o->tolerance, (long long)t->sampled,
            (long long)t->checked);
    fprintf(f, "  \"skipped\": {\"not_converged\": %lld, \"invalid_input\": %lld, \"pending\": %lld, \"other\": %lld},\n",
            (long long)t->skipped[0], (long long)t->skipped[1], (long long)t->skipped[2], (long long)t->skipped[3]);
    fprintf(f, "  \"values_unverified\": %lld,\n  \"measures\": {", (long long)t->unverified);
    int first = 1;
    for (int i = 0; i < EIG_CHECK_MEASURES; i++) {
        if (!t->count[i]) continue;
        fprintf(f, "%s\n    \"%s\": {\"matrices\": %lld, \"max\": %.6g, \"mean\": %.6g, \"worst_matrix\": %lld}",
                first ? "" : ",", measure_name[i], (long long)t->count[i], json_number(t->max[i]),
                json_number(t->sum[i] / (double)t->count[i]), (long long)t->worst[i]);
        first = 0;
    }
    fprintf(f, "\n  },\n  \"failed\": %lld,\n  \"failures\": [", (long long)t->failed);
    for (int i = 0; i < t->listed; i++) {
        fprintf(f, "%s\n    ", i ? "," : "");
        json_string(f, t->failures[i]);
    }
    fprintf(f, "\n  ],\n  \"verdict\": ");
    json_string(f, verdict);
    fprintf(f, "\n}\n");
    int bad = ferror(f);
    bad |= fclose(f) != 0;
    EIG_CHECK(!bad, EIG_ERR_OUTPUT, "--report %s: write failed", path);
    return 0;
}

static void print_table(const check_options *o, const result_file *r, const eig_source *src, const tally *t)
{
    printf("%s: %lld %s matrices of order %d, %s precision, %s%s; input %s%s%s%s%s\n", o->result, (long long)r->rows,
           eig_kind_name(r->kind), r->n, r->precision == EIG_PREC_SINGLE ? "single" : "double", r->method,
           r->vectors >= 0 ? " with vectors" : "", src->name, src->synthetic ? "" : ":", src->synthetic ? "" : src->dataset,
           src->offdiag[0] ? " and " : "", src->offdiag);
    if (r->range_start || r->rows != src->count)
        printf("  rows are matrices %lld..%lld of the input\n", (long long)r->range_start,
               (long long)(r->range_start + r->rows - 1));
    printf("  sampled %lld of %lld (seed %llu), checked %lld", (long long)t->sampled, (long long)r->rows,
           (unsigned long long)o->seed, (long long)t->checked);
    eig_idx sk = t->skipped[0] + t->skipped[1] + t->skipped[2] + t->skipped[3];
    if (sk) {
        static const char *why[4] = {"not_converged", "invalid_input", "not solved yet", "unknown status"};
        printf("; skipped %lld whose status is not ok (", (long long)sk);
        for (int i = 0, first = 1; i < 4; i++)
            if (t->skipped[i]) printf("%s%s %lld", first ? "" : ", ", why[i], (long long)t->skipped[i]), first = 0;
        printf(")");
    }
    printf("\n  %-14s %-27s %10s %10s %10s  %s\n", "measure", "units", "matrices", "max", "mean", "worst matrix");
    for (int i = 0; i < EIG_CHECK_MEASURES; i++) {
        if (!t->count[i]) continue;
        const char *unit = i == EIG_CHECK_VALUES && r->kind == EIG_KIND_GENERAL ? "|l-l_LAPACK| s/(|A| n eps)" : measure_unit[i];
        printf("  %-14s %-27s %10lld %10.3g %10.3g  %lld\n", measure_name[i], unit, (long long)t->count[i],
               t->max[i], t->sum[i] / (double)t->count[i], (long long)t->worst[i]);
    }
    if (eig_check_have_lapack()) printf("  reference: LAPACK %s, in double\n", eig_check_oracle(r->kind));
}

static int run_check(const check_options *o)
{
    result_file r;
    eig_source src;
    int have_src = 0, rc = open_result(o->result, &r);
    char path[8400];
    if (!rc) rc = resolve_input(o, &r, path, sizeof path);
    if (!rc) rc = open_input(o, &r, path, &src), have_src = !rc;
    eig_idx count = 0, *sample = NULL;
    tally t;
    memset(&t, 0, sizeof t);
    if (!rc) {
        sample = draw_sample(r.rows, o->sample, o->seed, &count);
        if (!sample) rc = EIG_ERROR(EIG_ERR_RESOURCE, "check: out of memory for a sample of %lld", (long long)o->sample);
    }
    if (!rc) {
        r.setup.kind = r.kind, r.setup.n = r.n, r.setup.vectors = r.vectors >= 0, r.setup.tolerance = o->tolerance;
        r.setup.eps = r.precision == EIG_PREC_SINGLE ? 0x1p-24 : 0x1p-53;
        rc = check_sample(&r, &src, sample, count, &t);
    }
    if (!rc) {
        char verdict[400];
        if (t.failed)
            snprintf(verdict, sizeof verdict, "FAILED: %lld of %lld matrices outside the tolerance %g", (long long)t.failed,
                     (long long)t.sampled, o->tolerance);
        else if (!t.checked)
            snprintf(verdict, sizeof verdict, "FAILED: no sampled matrix has status ok: nothing could be checked");
        else if (t.unverified)
            snprintf(verdict, sizeof verdict, "ok: all %lld checked matrices within the tolerance %g, but the values of "
                     "%lld not verified", (long long)t.checked, o->tolerance, (long long)t.unverified);
        else
            snprintf(verdict, sizeof verdict, "ok: all %lld checked matrices within the tolerance %g", (long long)t.checked,
                     o->tolerance);
        if (!o->quiet) {
            print_table(o, &r, &src, &t);
            if (t.unverified)
                printf("  values not verified for %lld matrices: %s\n", (long long)t.unverified,
                       eig_check_have_lapack() ? "a subset that fits nowhere"
                                               : "this eigsweep was built without LAPACKE and they are a subset (no "
                                                 "trace to compare)");
            else if (!eig_check_have_lapack())
                printf("  values checked through the trace only: this eigsweep was built without LAPACKE\n");
            printf("verdict: %s\n", verdict);
            fflush(stdout);
        }
        if (o->report) rc = write_report(o->report, o, &r, &src, &t, verdict);
        if (!rc && t.failed) {
            char list[CHECK_LISTED_FAILURES * 330] = "";
            for (int i = 0; i < t.listed; i++)
                snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", i ? "; " : "", t.failures[i]);
            rc = EIG_ERROR(EIG_ERR_MATRIX_FAILED, "%s: %lld of %lld sampled matrices fail the check (tolerance %g): %s%s%s",
                           o->result, (long long)t.failed, (long long)t.sampled, o->tolerance, list,
                           t.failed > t.listed ? "; ..." : "",
                           t.failed == t.checked && t.checked > 1
                               ? " -- every one fails: was it solved from this input?"
                               : "");
        } else if (!rc && !t.checked) {
            rc = EIG_ERROR(EIG_ERR_MATRIX_FAILED, "%s: none of the %lld sampled matrices has status ok: nothing to check",
                           o->result, (long long)t.sampled);
        }
    }
    free(sample);
    if (have_src) eig_source_close(&src);
    close_result(&r);
    return rc;
}

int eig_cmd_check(eig_ctx *ctx, int argc, char **argv)
{
    check_options o;
    int help;
    int rc = eig_agree(ctx, parse_check(argc, argv, &o, &help));
    if (rc) return rc;
    if (help) {
        if (ctx->rank == 0) check_usage();
        return 0;
    }
    if (ctx->rank == 0) rc = run_check(&o);
    return eig_agree(ctx, rc);
}

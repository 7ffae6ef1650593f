/* `eigsweep plot MAP.h5 --reduce NAME --x AXIS [--y AXIS] [--at AXIS=V ...]
 * -o map.png`: one reduction of a result (docs/reductions.md) as a PNG: a
 * heat map over two axes with the stability boundary drawn, or a line
 * along one; the other axes fixed at the grid values nearest to --at.
 * Runs on rank 0; gnuplot draws (driver/plot_gnuplot.c). */
#include <getopt.h>
#include <hdf5.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "eig_error.h"
#include "grid.h"
#include "grid_scales.h"
#include "h5util.h"
#include "plot_gnuplot.h"


#define PLOT_MAX_AT EIG_GRID_MAX_AXES

typedef struct {
    const char *input, *output, *reduce, *x, *y;
    const char *at[PLOT_MAX_AT];
    int nat, force;
} plot_options;

/* One axis of the result: its name and coordinates (the dimension scale
 * attached to the dataset's dimension, else 0..len-1 named "index" for a
 * list or "dimK"). */
typedef struct {
    char name[EIG_GRID_NAME_MAX];
    hsize_t len;
    double *values;
    long long fixed; /* the index --at chose; -1: free */
} plot_axis;

static void plot_usage(void)
{
    printf("usage: eigsweep plot MAP.h5 --reduce NAME --x AXIS [--y AXIS] [--at AXIS=VALUE ...] -o MAP.png [--force]\n\n"
           "Draws one reduction of a result written by solve --reduce (docs/reductions.md) as a\n"
           "PNG, with gnuplot (package gnuplot-nox): over --x and --y a heat map with the\n"
           "stability boundary drawn (abscissa, min-damping, min, max, eig:I: 0; radius: 1;\n"
           "unstable, unstable-discrete: 0.5, where the count turns 1); over --x alone a\n"
           "line. Every other axis is fixed with --at at the grid value nearest to VALUE\n"
           "(plot says which it used). Axes are named as the result's dimension scales\n"
           "(a sweep's axis names; 'index' for a collection).\n\n"
           "examples:\n"
           "  eigsweep plot map.h5 --reduce abscissa --x k1 --y k2 -o map.png\n"
           "  eigsweep plot map.h5 --reduce unstable --x k1 --y k3 --at k2=0.5 -o slice.png\n"
           "  eigsweep plot eig.h5 --reduce radius --x index -o radius.png\n");
}

static int parse_plot(int argc, char **argv, plot_options *o, int *help)
{
    enum { O_REDUCE = 256, O_X, O_Y, O_AT, O_FORCE };
    static const struct option opts[] = {{"reduce", required_argument, 0, O_REDUCE}, {"x", required_argument, 0, O_X},
                                         {"y", required_argument, 0, O_Y},           {"at", required_argument, 0, O_AT},
                                         {"force", no_argument, 0, O_FORCE},         {"output", required_argument, 0, 'o'},
                                         {"help", no_argument, 0, 'h'},              {0, 0, 0, 0}};
    memset(o, 0, sizeof *o);
    *help = 0;
    optind = 1;
    opterr = 0;
    int c;
    const char *first[EIG_OPTION_CODES] = {0};
    for (int li = -1; (c = getopt_long(argc, argv, ":o:h", opts, &li)) != -1; li = -1) {
        if (c != O_AT) EIG_CALL(eig_option_once("plot", ":o:h", opts, li, c, first));
        switch (c) {
        case 'o': o->output = optarg; break;
        case O_REDUCE: o->reduce = optarg; break;
        case O_X: o->x = optarg; break;
        case O_Y: o->y = optarg; break;
        case O_AT:
            EIG_CHECK(o->nat < PLOT_MAX_AT, EIG_ERR_USAGE, "plot: at most %d --at", PLOT_MAX_AT);
            o->at[o->nat++] = optarg;
            break;
        case O_FORCE: o->force = 1; break;
        case 'h': *help = 1; return 0;
        case ':': return EIG_ERROR(EIG_ERR_USAGE, "plot: option %s needs a value", argv[optind - 1]);
        default: return EIG_ERROR(EIG_ERR_USAGE, "plot: unknown option '%s' (see eigsweep plot --help)", argv[optind - 1]);
        }
    }
    EIG_CHECK(optind + 1 == argc, EIG_ERR_USAGE, "plot: expected one result file (eigsweep plot MAP.h5 --reduce NAME --x AXIS -o MAP.png)");
    o->input = argv[optind];
    EIG_CHECK(o->reduce, EIG_ERR_USAGE, "plot: --reduce NAME is required (a reduction of %s, e.g. abscissa)", o->input);
    EIG_CHECK(o->x, EIG_ERR_USAGE, "plot: --x AXIS is required (an axis of %s: see eigsweep info)", o->input);
    EIG_CHECK(o->output, EIG_ERR_USAGE, "plot: -o MAP.png is required");
    EIG_CHECK(!o->y || strcmp(o->x, o->y), EIG_ERR_USAGE, "plot: --x and --y are both '%s'; give two axes", o->x);
    return eig_h5_check_output_path(o->output, o->force);
}

/* The dataset of --reduce NAME: spelled as --reduce spells it (min-damping,
 * gap:3) or as the dataset (min_damping, gap_3). */
static void dataset_name(const char *reduce, char *out, size_t cap)
{
    snprintf(out, cap, "%s", reduce);
    for (char *p = out; *p; p++)
        if (*p == '-' || *p == ':') *p = '_';
}

/* The level of the stability boundary for a reduction (docs/reductions.md). */
static int boundary_level(const char *ds, double *level)
{
    if (!strcmp(ds, "radius")) return *level = 1.0, 1;
    if (!strcmp(ds, "unstable") || !strcmp(ds, "unstable_discrete")) return *level = 0.5, 1;
    if (!strncmp(ds, "gap_", 4)) return 0;
    return *level = 0.0, 1; /* abscissa, min_damping, min, max, eig_I: signed */
}

static int read_axes(hid_t f, hid_t d, const char *path, int rank, const hsize_t *dims, plot_axis *ax)
{
    for (int k = 0; k < rank; k++) {
        ax[k].len = dims[k], ax[k].fixed = -1;
        ax[k].values = malloc(sizeof(double) * (size_t)dims[k]);
        EIG_CHECK(ax[k].values, EIG_ERR_RESOURCE, "plot: out of memory for axis %d (%llu values)", k,
                  (unsigned long long)dims[k]);
        eig_grid_scale_name(d, (unsigned)k, ax[k].name);
        hid_t s = ax[k].name[0] ? H5Dopen2(f, ax[k].name, H5P_DEFAULT) : -1;
        if (s >= 0) {
            hid_t sp = H5Dget_space(s);
            int ok = H5Sget_simple_extent_npoints(sp) == (hssize_t)dims[k] &&
                     H5Dread(s, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, ax[k].values) >= 0;
            H5Sclose(sp), H5Dclose(s);
            EIG_CHECK(ok, EIG_ERR_INPUT, "%s: the axis /%s is not %llu numbers (file damaged?)", path, ax[k].name,
                      (unsigned long long)dims[k]);
            continue;
        }
        if (!ax[k].name[0]) snprintf(ax[k].name, sizeof ax[k].name, rank == 1 ? "index" : "dim%d", k);
        for (hsize_t i = 0; i < dims[k]; i++) ax[k].values[i] = (double)i;
    }
    return 0;
}

static int find_axis(const plot_axis *ax, int rank, const char *name, const char *opt, const char *path)
{
    char names[EIG_GRID_MAX_AXES * (EIG_GRID_NAME_MAX + 2)] = "";
    for (int k = 0; k < rank; k++) {
        if (!strcmp(ax[k].name, name)) return k;
        snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s", k ? ", " : "", ax[k].name);
    }
    return -1 - EIG_ERROR(EIG_ERR_USAGE, "plot %s %s: %s has no axis '%s' (its axes: %s)", opt, name, path, name, names);
}

/* --at AXIS=VALUE: the grid value nearest to VALUE, said aloud. */
static int apply_at(plot_axis *ax, int rank, const char *at, const char *path)
{
    const char *eq = strchr(at, '=');
    EIG_CHECK(eq && eq != at, EIG_ERR_USAGE, "plot --at %s: expected AXIS=VALUE (e.g. --at k3=0.5)", at);
    char name[EIG_GRID_NAME_MAX];
    snprintf(name, sizeof name, "%.*s", (int)(eq - at), at);
    int k = find_axis(ax, rank, name, "--at", path);
    if (k < 0) return -1 - k;
    EIG_CHECK(ax[k].fixed < 0, EIG_ERR_USAGE, "plot: --at fixes axis '%s' twice", name);
    double v;
    EIG_CALL(eig_parse_double("--at", eq + 1, &v));
    hsize_t best = 0;
    for (hsize_t i = 1; i < ax[k].len; i++)
        if (fabs(ax[k].values[i] - v) < fabs(ax[k].values[best] - v)) best = i;
    ax[k].fixed = (long long)best;
    printf("plot: %s = %.10g (grid point %llu, nearest to %.10g)\n", name, ax[k].values[best], (unsigned long long)best, v);
    return 0;
}

/* The slice: x (and y) free, every other axis at its fixed index, as
 * z[iy * nx + ix] doubles. */
static int read_slice(hid_t d, int rank, const plot_axis *ax, int kx, int ky, double *z)
{
    hsize_t off[EIG_GRID_MAX_AXES], cnt[EIG_GRID_MAX_AXES];
    for (int k = 0; k < rank; k++) {
        const int free_axis = k == kx || k == ky;
        off[k] = free_axis ? 0 : (hsize_t)ax[k].fixed, cnt[k] = free_axis ? ax[k].len : 1;
    }
    const hsize_t nx = ax[kx].len, ny = ky >= 0 ? ax[ky].len : 1, total = nx * ny;
    double *raw = malloc(sizeof(double) * (size_t)total);
    EIG_CHECK(raw, EIG_ERR_RESOURCE, "plot: out of memory for a %llu x %llu slice", (unsigned long long)nx,
              (unsigned long long)ny);
    hid_t fs = H5Dget_space(d), ms = H5Screate_simple(1, &total, NULL);
    herr_t e = H5Sselect_hyperslab(fs, H5S_SELECT_SET, off, NULL, cnt, NULL);
    if (e >= 0) e = H5Dread(d, H5T_NATIVE_DOUBLE, ms, fs, H5P_DEFAULT, raw);
    H5Sclose(fs), H5Sclose(ms);
    /* raw is in the file's axis order: x first when kx < ky */
    for (hsize_t a = 0; e >= 0 && a < total; a++) {
        const hsize_t ix = ky < 0 || kx > ky ? a % nx : a / ny, iy = ky < 0 ? 0 : kx > ky ? a / nx : a % ny;
        z[iy * nx + ix] = raw[a];
    }
    free(raw);
    EIG_CHECK(e >= 0, EIG_ERR_INPUT, "plot: cannot read the slice (file damaged?)");
    return 0;
}

static int plot(const plot_options *o)
{
    char ds[128];
    dataset_name(o->reduce, ds, sizeof ds);
    EIG_CHECK(eig_h5_is_hdf5(o->input), EIG_ERR_INPUT, "%s: not an HDF5 file (or missing)", o->input);
    hid_t f = H5Fopen(o->input, H5F_ACC_RDONLY, H5P_DEFAULT);
    EIG_CHECK(f >= 0, EIG_ERR_INPUT, "%s: cannot open as HDF5", o->input);
    char have[1024] = "none";
    eig_h5_read_attr_string(f, "reduce", have, sizeof have);
    hid_t d = H5Lexists(f, "status", H5P_DEFAULT) > 0 && H5Lexists(f, ds, H5P_DEFAULT) > 0 && strcmp(ds, "status") &&
                      strcmp(ds, "iterations") && strcmp(ds, "eigenvalues")
                  ? eig_h5_open_dataset(f, ds) : -1;
    hid_t st = d >= 0 ? eig_h5_open_dataset(f, "status") : -1;
    hid_t sp = d >= 0 ? H5Dget_space(d) : -1, ssp = st >= 0 ? H5Dget_space(st) : -1, t = d >= 0 ? H5Dget_type(d) : -1;
    hsize_t dims[H5S_MAX_RANK], sdims[H5S_MAX_RANK];
    int rank = sp >= 0 ? H5Sget_simple_extent_dims(sp, dims, NULL) : -1;
    int ok = d >= 0 && rank >= 1 && rank <= EIG_GRID_MAX_AXES && H5Sget_simple_extent_dims(ssp, sdims, NULL) == rank &&
             !memcmp(dims, sdims, sizeof(hsize_t) * (size_t)rank);
    int rc = ok ? 0 : EIG_ERROR(EIG_ERR_USAGE, "plot --reduce %s: %s holds no reduction /%s shaped like its /status (its "
                                "--reduce list: %s)", o->reduce, o->input, ds, have);
    if (!rc && (H5Tget_class(t) != H5T_FLOAT && H5Tget_class(t) != H5T_INTEGER))
        rc = EIG_ERROR(EIG_ERR_USAGE, "plot --reduce %s: /%s is complex (an eigenvalue of general matrices); plot a "
                       "real reduction", o->reduce, ds);
    plot_axis ax[EIG_GRID_MAX_AXES];
    memset(ax, 0, sizeof ax);
    int kx = -1, ky = -1;
    if (!rc) rc = read_axes(f, d, o->input, rank, dims, ax);
    if (!rc && (kx = find_axis(ax, rank, o->x, "--x", o->input)) < 0) rc = -1 - kx;
    if (!rc && o->y && (ky = find_axis(ax, rank, o->y, "--y", o->input)) < 0) rc = -1 - ky;
    for (int i = 0; i < o->nat && !rc; i++) rc = apply_at(ax, rank, o->at[i], o->input);
    char title[1024];
    snprintf(title, sizeof title, "%s", o->reduce);
    for (int k = 0; k < rank && !rc; k++) {
        if (k == kx || k == ky) {
            if (ax[k].fixed >= 0)
                rc = EIG_ERROR(EIG_ERR_USAGE, "plot: axis '%s' is both plotted and fixed with --at", ax[k].name);
            continue;
        }
        if (ax[k].fixed < 0 && ax[k].len == 1) ax[k].fixed = 0;
        if (ax[k].fixed < 0)
            rc = EIG_ERROR(EIG_ERR_USAGE, "plot: axis '%s' (%llu values) is neither plotted (--x, --y) nor fixed: add "
                           "--at %s=VALUE", ax[k].name, (unsigned long long)ax[k].len, ax[k].name);
        else
            snprintf(title + strlen(title), sizeof title - strlen(title), "%s%s = %.6g", strchr(title, '(') ? ", " : "  (",
                     ax[k].name, ax[k].values[ax[k].fixed]);
    }
    if (!rc && strchr(title, '(')) snprintf(title + strlen(title), sizeof title - strlen(title), ")");
    double *z = NULL;
    if (!rc) {
        const size_t nz = (size_t)ax[kx].len * (ky >= 0 ? (size_t)ax[ky].len : 1);
        z = malloc(sizeof(double) * nz);
        rc = z ? read_slice(d, rank, ax, kx, ky, z) : EIG_ERROR(EIG_ERR_RESOURCE, "plot: out of memory for the slice");
    }
    if (!rc) {
        eig_plot_data pd = {title, ax[kx].name, ky >= 0 ? ax[ky].name : NULL, ax[kx].values, ky >= 0 ? ax[ky].values : NULL,
                            (size_t)ax[kx].len, ky >= 0 ? (size_t)ax[ky].len : 1, z, o->reduce, 0, 0.0};
        pd.has_level = boundary_level(ds, &pd.level);
        rc = eig_plot_png(&pd, o->output);
    }
    if (!rc) printf("plot: %s of %s -> %s\n", o->reduce, o->input, o->output);
    free(z);
    for (int k = 0; k < EIG_GRID_MAX_AXES; k++) free(ax[k].values);
    if (t >= 0) H5Tclose(t);
    if (sp >= 0) H5Sclose(sp);
    if (ssp >= 0) H5Sclose(ssp);
    if (st >= 0) H5Dclose(st);
    if (d >= 0) H5Dclose(d);
    H5Fclose(f);
    return rc;
}

int eig_cmd_plot(eig_ctx *ctx, int argc, char **argv)
{
    plot_options o;
    int help;
    int rc = eig_agree(ctx, parse_plot(argc, argv, &o, &help));
    if (rc) return rc;
    if (help) {
        if (ctx->rank == 0) plot_usage();
        return 0;
    }
    if (ctx->rank == 0) rc = plot(&o);
    return eig_agree(ctx, rc);
}

/* Reading and checking a sweep spec (sweep_spec.h, docs/sweeps.md). */
#include "sweep_spec.h"

#include <hdf5.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "eig_error.h"
#include "h5util.h"
#include "input_locate.h"

#define SPEC_MAX_N 4096 /* = EIG_MAX_N (collection.h) */
#define EIG_SWEEP_AXIS_MAX ((eig_idx)1 << 27) /* values of an axis given as a linspace (1 GiB of doubles) */

static int exists(hid_t f, const char *name) { return H5Lexists(f, name, H5P_DEFAULT) > 0; }

static int dataset_rank(hid_t f, const char *name)
{
    hid_t d = eig_h5_open_dataset(f, name);
    if (d < 0) return -1;
    hid_t sp = H5Dget_space(d);
    int r = H5Sget_simple_extent_ndims(sp);
    H5Sclose(sp);
    H5Dclose(d);
    return r;
}

int eig_sweep_spec_detect(const char *path)
{
    if (access(path, R_OK) != 0 || !eig_h5_is_hdf5(path)) return 0;
    hid_t f = H5Fopen(path, H5F_ACC_RDONLY, H5P_DEFAULT);
    if (f < 0) return 0;
    int spec = 0;
    H5E_BEGIN_TRY
    {
        int grid = exists(f, "/axis_1") || exists(f, "/points");
        if (exists(f, "/A")) spec = grid || !exists(f, "/matrices");
        else if (exists(f, "/diag") && grid) spec = dataset_rank(f, "/diag") == 2;
    }
    H5E_END_TRY;
    H5Fclose(f);
    return spec;
}

/* ---- reading whole datasets as doubles ---- */

/* Opens `name`, checks its rank (want_rank; -1: 0 or 1) and element type,
 * and reads it whole into a new double array (complex: (re, im) pairs). */
static int read_doubles(eig_sweep_spec *s, hid_t f, const char *name, int want_rank, hsize_t *dims, int *ndims,
                        int *is_complex, eig_precision *prec, double **out)
{
    *out = NULL;
    hid_t d = eig_h5_open_dataset(f, name);
    EIG_CHECK(d >= 0, EIG_ERR_INPUT, "%s: sweep spec: cannot open dataset %s (is it a dataset? file damaged?)", s->path, name);
    hid_t sp = H5Dget_space(d);
    int rank = H5Sget_simple_extent_ndims(sp), rc = 0;
    if (rank >= 0 && rank <= 3) H5Sget_simple_extent_dims(sp, dims, NULL);
    H5Sclose(sp);
    *ndims = rank;
    if (want_rank >= 0 ? rank != want_rank : (rank < 0 || rank > 1))
        rc = EIG_ERROR(EIG_ERR_INPUT, "%s: sweep spec: %s has %d dimensions; a spec's %s is %s (docs/sweeps.md)", s->path, name,
                       rank, name,
                       want_rank == 3 ? "[K+1, n, n]: A_0 .. A_K"
                       : want_rank == 2 ? (strcmp(name, "/points") ? "[K+1, n] (diagonals) or [K+1, n-1]"
                                                                   : "[M, K]: one row of K parameters per point")
                                        : "1-D: the axis's values");
    if (!rc) rc = eig_h5_check_filters(d, s->path, name);
    int cplx = 0;
    eig_precision p = EIG_PREC_DOUBLE;
    if (!rc) rc = eig_h5_element_type(d, s->path, name, &cplx, &p, NULL);
    hsize_t total = 1;
    for (int k = 0; !rc && k < rank; k++) total *= dims[k];
    double *buf = NULL;
    if (!rc) {
        buf = malloc(sizeof(double) * (size_t)(total ? total : 1) * (cplx ? 2 : 1));
        if (!buf) rc = EIG_ERROR(EIG_ERR_RESOURCE, "%s: out of memory reading %s", s->path, name);
    }
    if (!rc) {
        hid_t ft = H5Dget_type(d);
        hid_t dbl = cplx ? eig_h5_complex_memory_type(ft, EIG_PREC_DOUBLE) : H5Tcopy(H5T_NATIVE_DOUBLE);
        H5Tclose(ft);
        if (total && H5Dread(d, dbl, H5S_ALL, H5S_ALL, H5P_DEFAULT, buf) < 0)
            rc = EIG_ERROR(EIG_ERR_INPUT, "%s: sweep spec: read error in %s (file damaged?)", s->path, name);
        H5Tclose(dbl);
    }
    H5Dclose(d);
    if (rc) { free(buf); return rc; }
    if (is_complex) *is_complex = cplx;
    if (prec) *prec = p;
    *out = buf;
    return 0;
}

/* The first NaN or Inf among len doubles, or -1. */
static long long first_nonfinite(const double *v, size_t len)
{
    for (size_t i = 0; i < len; i++)
        if (!isfinite(v[i])) return (long long)i;
    return -1;
}

/* ---- the bases ---- */

static int resolve_kind(eig_sweep_spec *s, hid_t f, hid_t data_loc, const eig_kind *kind_override, int tri_layout)
{
    if (kind_override) {
        s->kind = *kind_override;
        return 0;
    }
    char text[256], found[128];
    const char *where = s->dataset;
    int arc = eig_h5_read_attr_text(data_loc, "kind", text, sizeof text, found, sizeof found);
    if (arc == EIG_ATTR_ABSENT) arc = eig_h5_read_attr_text(f, "kind", text, sizeof text, found, sizeof found), where = "the root";
    if (arc == EIG_ATTR_ABSENT && tri_layout) {
        s->kind = EIG_KIND_TRIDIAGONAL;
        return 0;
    }
    EIG_CHECK(arc != EIG_ATTR_ABSENT, EIG_ERR_INPUT,
              "%s: sweep spec: %s has no 'kind' attribute (nor has the root): store one (h5py: "
              "f[\"A\"].attrs[\"kind\"] = \"general\"; general, symmetric or hermitian), or pass --kind",
              s->path, s->dataset);
    EIG_CHECK(arc == 0, EIG_ERR_INPUT, "%s: sweep spec: the 'kind' attribute of %s is %s, not text; store a string "
              "(general, symmetric, hermitian or tridiagonal)", s->path, where, found);
    if (eig_kind_parse(text, &s->kind) != 0) {
        eig_error_clear();
        return EIG_ERROR(EIG_ERR_INPUT, "%s: sweep spec: %s has kind '%s'; expected general, symmetric, hermitian "
                         "or tridiagonal", s->path, where, text);
    }
    return 0;
}

/* Every A_k exactly symmetric (Hermitian: conjugate-symmetric, real
 * diagonal), so every A(p) is. */
static int check_structure(const eig_sweep_spec *s, int K)
{
    const int n = s->n;
    const eig_idx per = s->form.per;
    for (int k = 0; k <= K; k++) {
        const double *a = s->bases + (eig_idx)k * per;
        for (int i = 0; i < n; i++)
            for (int j = i; j < n; j++) {
                eig_idx ij = (eig_idx)i * n + j, ji = (eig_idx)j * n + i;
                if (s->kind == EIG_KIND_SYMMETRIC && a[ij] != a[ji])
                    return EIG_ERROR(EIG_ERR_INPUT, "%s: sweep spec: kind is symmetric but A_%d = %s[%d] is not: "
                                     "entry (%d,%d) = %.17g, (%d,%d) = %.17g; every base must be exactly symmetric "
                                     "(numpy: (B + B.T) / 2), or say kind general", s->path, k, s->dataset, k,
                                     i, j, a[ij], j, i, a[ji]);
                if (s->kind == EIG_KIND_HERMITIAN &&
                    (a[2 * ij] != a[2 * ji] || a[2 * ij + 1] != -a[2 * ji + 1] || (i == j && a[2 * ij + 1] != 0)))
                    return EIG_ERROR(EIG_ERR_INPUT, "%s: sweep spec: kind is hermitian but A_%d = %s[%d] is not: "
                                     "entry (%d,%d) = %.17g%+.17gi, (%d,%d) = %.17g%+.17gi; every base must be "
                                     "exactly Hermitian with a real diagonal (numpy: (B + B.conj().T) / 2)",
                                     s->path, k, s->dataset, k, i, j, a[2 * ij], a[2 * ij + 1], j, i, a[2 * ji],
                                     a[2 * ji + 1]);
            }
    }
    return 0;
}

/* /A [K+1, n, n], or /diag [K+1, n] + /offdiag [K+1, n-1]: into s->bases. */
static int read_bases(eig_sweep_spec *s, hid_t f, const eig_kind *kind_override, int *K)
{
    int tri = !exists(f, "/A");
    snprintf(s->dataset, sizeof s->dataset, tri ? "/diag" : "/A");
    hid_t d = eig_h5_open_dataset(f, s->dataset);
    EIG_CHECK(d >= 0, EIG_ERR_INPUT, "%s: sweep spec: cannot open %s as a dataset", s->path, s->dataset);
    int rc = resolve_kind(s, f, d, kind_override, tri);
    H5Dclose(d);
    EIG_CALL(rc);
    EIG_CHECK(tri == (s->kind == EIG_KIND_TRIDIAGONAL), EIG_ERR_INPUT,
              tri ? "%s: sweep spec: kind is %s but the bases are diagonals (/diag); only a tridiagonal spec stores them so"
                  : "%s: sweep spec: kind is %s but the bases are [K+1, n, n] matrices (/A); a tridiagonal spec stores "
                    "/diag [K+1, n] and /offdiag [K+1, n-1]",
              s->path, eig_kind_name(s->kind));
    hsize_t dims[3];
    int nd, cplx;
    double *raw = NULL;
    EIG_CALL(read_doubles(s, f, s->dataset, tri ? 2 : 3, dims, &nd, &cplx, &s->precision, &raw));
    s->bases = raw; /* freed by close from here on */
    EIG_CHECK(dims[0] >= 2, EIG_ERR_INPUT, "%s: sweep spec: %s holds %llu base%s; a spec needs A_0 and at least one "
              "A_k (K >= 1 parameters: [K+1, ...])", s->path, s->dataset, (unsigned long long)dims[0],
              dims[0] == 1 ? "" : "s");
    EIG_CHECK(dims[0] - 1 <= EIG_GRID_MAX_AXES, EIG_ERR_INPUT, "%s: sweep spec: %s holds K+1 = %llu bases; at most "
              "K = %d parameters are supported%s", s->path, s->dataset, (unsigned long long)dims[0], EIG_GRID_MAX_AXES,
              tri ? "" : " (a collection of matrices at /A, not a spec? solve it with --dataset /A)");
    *K = (int)dims[0] - 1;
    EIG_CHECK(dims[1] >= 1 && dims[1] <= SPEC_MAX_N, EIG_ERR_INPUT, "%s: sweep spec: %s has matrices of order n = "
              "%llu; 1 <= n <= %d", s->path, s->dataset, (unsigned long long)dims[1], SPEC_MAX_N);
    s->n = (int)dims[1];
    const int n = s->n;
    if (!tri) {
        EIG_CHECK(dims[2] == dims[1], EIG_ERR_INPUT, "%s: sweep spec: %s is [%llu, %llu, %llu]: the bases are not "
                  "square (expected [K+1, n, n])", s->path, s->dataset, (unsigned long long)dims[0],
                  (unsigned long long)dims[1], (unsigned long long)dims[2]);
        EIG_CHECK(!cplx || s->kind == EIG_KIND_HERMITIAN, EIG_ERR_INPUT, "%s: sweep spec: kind is %s but %s is "
                  "complex (only hermitian takes complex bases)", s->path, eig_kind_name(s->kind), s->dataset);
        EIG_CHECK(cplx || s->kind != EIG_KIND_HERMITIAN, EIG_ERR_INPUT, "%s: sweep spec: kind is hermitian but %s is "
                  "real (store complex bases, or the kind symmetric)", s->path, s->dataset);
    } else {
        EIG_CHECK(!cplx, EIG_ERR_INPUT, "%s: sweep spec: %s must be real", s->path, s->dataset);
        snprintf(s->offdiag, sizeof s->offdiag, "/offdiag");
        EIG_CHECK(exists(f, "/offdiag"), EIG_ERR_INPUT, "%s: sweep spec: /diag [K+1, n] has no /offdiag [K+1, n-1] "
                  "beside it", s->path);
        hsize_t od[3];
        int ond, oc;
        eig_precision op;
        double *off = NULL;
        EIG_CALL(read_doubles(s, f, "/offdiag", 2, od, &ond, &oc, &op, &off));
        int ok = !oc && op == s->precision && od[0] == dims[0] && od[1] + 1 == dims[1];
        if (!ok) {
            free(off);
            return EIG_ERROR(EIG_ERR_INPUT, "%s: sweep spec: /offdiag is [%llu, %llu] %s beside /diag [%llu, %llu] %s; "
                             "expected [K+1, n-1] of the same real type", s->path, (unsigned long long)od[0],
                             (unsigned long long)od[1], oc ? "complex" : op == EIG_PREC_SINGLE ? "float32" : "float64",
                             (unsigned long long)dims[0], (unsigned long long)dims[1],
                             s->precision == EIG_PREC_SINGLE ? "float32" : "float64");
        }
        /* interleave into the solver layout: diag[n] then offdiag[n-1] per base */
        double *b = malloc(sizeof(double) * (size_t)(*K + 1) * (size_t)(2 * n - 1));
        if (!b) { free(off); return EIG_ERROR(EIG_ERR_RESOURCE, "%s: out of memory", s->path); }
        for (int k = 0; k <= *K; k++) {
            memcpy(b + (size_t)k * (2 * n - 1), raw + (size_t)k * n, sizeof(double) * (size_t)n);
            memcpy(b + (size_t)k * (2 * n - 1) + n, off + (size_t)k * (n - 1), sizeof(double) * (size_t)(n - 1));
        }
        free(off);
        free(raw);
        s->bases = b;
    }
    eig_solve_params lp = {.kind = s->kind};
    s->form.per = eig_layout_of(&lp, n).input;
    long long bad = first_nonfinite(s->bases, (size_t)(*K + 1) * (size_t)s->form.per);
    if (bad >= 0) {
        const long long k = bad / s->form.per;
        const char *where = !tri ? s->dataset : bad % s->form.per < n ? "/diag" : "/offdiag";
        return EIG_ERROR(EIG_ERR_INPUT, "%s: sweep spec: base A_%lld (%s[%lld]) holds %s; every base entry must be "
                         "finite", s->path, k, where, k, isnan(s->bases[bad]) ? "NaN" : "Inf");
    }
    if (s->kind == EIG_KIND_SYMMETRIC || s->kind == EIG_KIND_HERMITIAN) EIG_CALL(check_structure(s, *K));
    return 0;
}

/* ---- the grid ---- */

/* A double-valued scalar attribute: 0, or -1 when absent or not numeric. */
static int attr_double(hid_t obj, const char *name, double *v)
{
    if (H5Aexists(obj, name) <= 0) return -1;
    hid_t a = H5Aopen(obj, name, H5P_DEFAULT);
    if (a < 0) return -1;
    hid_t t = H5Aget_type(a), sp = H5Aget_space(a);
    H5T_class_t cls = H5Tget_class(t);
    int ok = (cls == H5T_FLOAT || cls == H5T_INTEGER) && H5Sget_simple_extent_npoints(sp) == 1 &&
             H5Aread(a, H5T_NATIVE_DOUBLE, v) >= 0;
    H5Sclose(sp), H5Tclose(t), H5Aclose(a);
    return ok ? 0 : -1;
}

/* Axis k (1-based) as values, or as a linspace given by the attributes
 * start, stop, num of an empty or scalar dataset: a newly allocated array
 * of *len values; its name into name. */
static int read_axis(eig_sweep_spec *s, hid_t f, int k, double **vals, eig_idx *len, char *name, size_t name_cap)
{
    char ds[32];
    snprintf(ds, sizeof ds, "/axis_%d", k);
    EIG_CHECK(exists(f, ds), EIG_ERR_INPUT, "%s: sweep spec: %s holds K+1 = %d bases, so it needs axes /axis_1 .. "
              "/axis_%d (or /points [M, %d]), but %s is missing%s", s->path, s->dataset, s->form.params + 1,
              s->form.params, s->form.params, ds,
              k > 1 ? "" : s->kind == EIG_KIND_TRIDIAGONAL ? "" : " (a collection of matrices at /A, not a spec? "
                                                                  "solve it with --dataset /A)");
    hid_t d = eig_h5_open_dataset(f, ds);
    EIG_CHECK(d >= 0, EIG_ERR_INPUT, "%s: sweep spec: cannot open %s as a dataset", s->path, ds);
    char found[128];
    int arc = eig_h5_read_attr_text(d, "name", name, name_cap, found, sizeof found);
    if (arc == EIG_ATTR_ABSENT) snprintf(name, name_cap, "p%d", k);
    double start, stop, num;
    int lin = attr_double(d, "start", &start) == 0, has_stop = attr_double(d, "stop", &stop) == 0,
        has_num = attr_double(d, "num", &num) == 0;
    char spacing[32], sp_found[128];
    int src = eig_h5_read_attr_text(d, "spacing", spacing, sizeof spacing, sp_found, sizeof sp_found);
    H5Dclose(d);
    const int log_spacing = src == 0 && !strcmp(spacing, "log");
    EIG_CHECK(src == EIG_ATTR_ABSENT || (src == 0 && (log_spacing || !strcmp(spacing, "linear"))), EIG_ERR_INPUT,
              "%s: sweep spec: the 'spacing' attribute of %s is %s; expected \"linear\" or \"log\"", s->path, ds,
              src == 0 ? spacing : sp_found);
    EIG_CHECK(arc != EIG_ATTR_NOT_TEXT, EIG_ERR_INPUT, "%s: sweep spec: the 'name' attribute of %s is %s, not text",
              s->path, ds, found);
    EIG_CHECK(name[0], EIG_ERR_INPUT, "%s: sweep spec: the 'name' attribute of %s is empty", s->path, ds);
    EIG_CHECK(src == EIG_ATTR_ABSENT || lin || has_stop || has_num, EIG_ERR_INPUT, "%s: sweep spec: %s has a "
              "'spacing' attribute but no start, stop, num: spacing goes with a linspace given by attributes", s->path,
              ds);
    if (lin || has_stop || has_num) {
        EIG_CHECK(lin && has_stop && has_num, EIG_ERR_INPUT, "%s: sweep spec: %s gives a linspace by attributes but "
                  "not all of start, stop and num (numbers)", s->path, ds);
        EIG_CHECK(isfinite(start) && isfinite(stop), EIG_ERR_INPUT, "%s: sweep spec: %s: linspace start %g, stop %g: "
                  "both must be finite", s->path, ds, start, stop);
        EIG_CHECK(num >= 1 && num <= 9.2e18 && num == floor(num), EIG_ERR_INPUT, "%s: sweep spec: %s: linspace num = "
                  "%g; need a whole number of points >= 1", s->path, ds, num);
        hsize_t dims[3];
        int nd;
        double *stored = NULL;
        EIG_CALL(read_doubles(s, f, ds, -1, dims, &nd, NULL, NULL, &stored));
        free(stored);
        EIG_CHECK(nd == 0 || dims[0] == 0, EIG_ERR_INPUT, "%s: sweep spec: %s holds values and linspace attributes; "
                  "give one or the other", s->path, ds);
        *len = (eig_idx)num;
        EIG_CHECK(*len <= EIG_SWEEP_AXIS_MAX, EIG_ERR_INPUT, "%s: sweep spec: %s: linspace num = %lld is more than "
                  "2^27 points on one axis (every rank holds an axis's values); use more axes", s->path, ds,
                  (long long)*len);
        *vals = malloc(sizeof(double) * (size_t)*len);
        EIG_CHECK(*vals, EIG_ERR_RESOURCE, "%s: out of memory for %s", s->path, ds);
        for (eig_idx i = 0; i < *len; i++) { /* (numpy's linspace and logspace sum otherwise: equal within an ulp) */
            const double v = *len == 1 ? start : start + (stop - start) * (double)i / (double)(*len - 1);
            (*vals)[i] = log_spacing ? pow(10.0, v) : v;
        }
        long long bad = first_nonfinite(*vals, (size_t)*len);
        EIG_CHECK(bad < 0, EIG_ERR_INPUT, "%s: sweep spec: %s: value %lld of the log spacing, 10^%g, is not finite",
                  s->path, ds, bad, start + (stop - start) * (double)bad / (double)(*len > 1 ? *len - 1 : 1));
        return 0;
    }
    hsize_t dims[3];
    int nd;
    EIG_CALL(read_doubles(s, f, ds, 1, dims, &nd, NULL, NULL, vals));
    *len = (eig_idx)dims[0];
    EIG_CHECK(*len > 0, EIG_ERR_INPUT, "%s: sweep spec: %s is empty; an axis needs at least one value (or the "
              "attributes start, stop, num)", s->path, ds);
    long long bad = first_nonfinite(*vals, (size_t)*len);
    EIG_CHECK(bad < 0, EIG_ERR_INPUT, "%s: sweep spec: %s[%lld] is %s; axis values must be finite", s->path, ds, bad,
              bad >= 0 && isnan((*vals)[bad]) ? "NaN" : "Inf");
    return 0;
}

static int read_axes(eig_sweep_spec *s, hid_t f, int K)
{
    double *vals[EIG_GRID_MAX_AXES] = {0};
    eig_idx total = 0, count = 1;
    int rc = 0, overflow = 0;
    for (int k = 0; k < K && !rc; k++) {
        rc = read_axis(s, f, k + 1, &vals[k], &s->grid.dims[k], s->grid.name[k], sizeof s->grid.name[k]);
        if (!rc) {
            total += s->grid.dims[k];
            overflow |= __builtin_mul_overflow(count, s->grid.dims[k], &count);
        }
    }
    for (int k = 0; k < K && !rc; k++)
        for (int j = 0; j < k && !rc; j++)
            if (!strcmp(s->grid.name[j], s->grid.name[k]))
                rc = EIG_ERROR(EIG_ERR_INPUT, "%s: sweep spec: /axis_%d and /axis_%d are both named '%s'; axis names "
                               "must differ", s->path, j + 1, k + 1, s->grid.name[k]);
    if (!rc && overflow) {
        double prod = 1;
        for (int k = 0; k < K; k++) prod *= (double)s->grid.dims[k];
        rc = EIG_ERROR(EIG_ERR_INPUT, "%s: sweep spec: the grid has %.3g points, more than 2^63 - 1; split it into "
                       "several specs (fewer values per axis)", s->path, prod);
    }
    if (!rc && !(s->coords = malloc(sizeof(double) * (size_t)total)))
        rc = EIG_ERROR(EIG_ERR_RESOURCE, "%s: out of memory for the axes", s->path);
    eig_idx off = 0;
    for (int k = 0; k < K && !rc; k++) {
        memcpy(s->coords + off, vals[k], sizeof(double) * (size_t)s->grid.dims[k]);
        s->form.offset[k] = off;
        s->form.dims[k] = s->grid.dims[k];
        s->grid.values[k] = s->coords + off;
        off += s->grid.dims[k];
    }
    for (int k = 0; k < K; k++) free(vals[k]);
    EIG_CALL(rc);
    s->form.axes = K;
    s->grid.rank = K;
    s->count = count;
    return 0;
}

static int read_points(eig_sweep_spec *s, hid_t f, int K)
{
    EIG_CHECK(!exists(f, "/axis_1"), EIG_ERR_INPUT, "%s: sweep spec: holds both /points and /axis_1; give a grid "
              "(/axis_1 .. /axis_K) or a list of points (/points), not both", s->path);
    hsize_t dims[3];
    int nd, cplx;
    EIG_CALL(read_doubles(s, f, "/points", 2, dims, &nd, &cplx, NULL, &s->coords));
    EIG_CHECK(!cplx, EIG_ERR_INPUT, "%s: sweep spec: /points must be real", s->path);
    EIG_CHECK(dims[1] == (hsize_t)K, EIG_ERR_INPUT, "%s: sweep spec: /points is [%llu, %llu] but %s holds K+1 = %d "
              "bases: expected [M, %d]", s->path, (unsigned long long)dims[0], (unsigned long long)dims[1],
              s->dataset, K + 1, K);
    EIG_CHECK(dims[0] > 0, EIG_ERR_INPUT, "%s: sweep spec: /points is empty (M = 0); list at least one point",
              s->path);
    long long bad = first_nonfinite(s->coords, (size_t)dims[0] * (size_t)K);
    EIG_CHECK(bad < 0, EIG_ERR_INPUT, "%s: sweep spec: /points[%lld, %lld] is %s; every parameter must be finite",
              s->path, bad / K, bad % K, bad >= 0 && isnan(s->coords[bad]) ? "NaN" : "Inf");
    s->count = (eig_idx)dims[0];
    s->form.axes = 0;
    s->grid.rank = 1;
    s->grid.dims[0] = s->count;
    snprintf(s->grid.name[0], sizeof s->grid.name[0], "point");
    s->grid.points = s->coords;
    return 0;
}

static int check_spec(eig_sweep_spec *s, hid_t f, const eig_kind *kind_override)
{
    int K = 0;
    EIG_CALL(read_bases(s, f, kind_override, &K));
    s->form.params = K;
    s->grid.params = K;
    if (exists(f, "/points")) EIG_CALL(read_points(s, f, K));
    else EIG_CALL(read_axes(s, f, K));
    char extra[32];
    snprintf(extra, sizeof extra, "/axis_%d", K + 1);
    EIG_CHECK(!exists(f, extra), EIG_ERR_INPUT, "%s: sweep spec: %s exists but %s holds K+1 = %d bases (K = %d "
              "parameters): one base per axis plus A_0 ([K+1, ...])", s->path, extra, s->dataset, K + 1, K);
    s->form.bases = s->bases;
    s->form.coords = s->coords;
    return 0;
}

int eig_sweep_spec_open(const char *path, const eig_kind *kind_override, eig_sweep_spec *s)
{
    memset(s, 0, sizeof *s);
    const size_t len = strlen(path);
    EIG_CHECK(len < sizeof s->path, EIG_ERR_INPUT, "spec path '%.40s...' is too long", path);
    memcpy(s->path, path, len + 1);
    EIG_CHECK(access(path, R_OK) == 0, EIG_ERR_INPUT, "%s: cannot read the sweep spec", path);
    hid_t f = H5Fopen(path, H5F_ACC_RDONLY, H5P_DEFAULT);
    EIG_CHECK(f >= 0, EIG_ERR_INPUT, "%s: cannot open as HDF5 (truncated or corrupted?)", path);
    int rc;
    H5E_BEGIN_TRY { rc = check_spec(s, f, kind_override); }
    H5E_END_TRY;
    H5Fclose(f);
    if (rc) eig_sweep_spec_close(s);
    return rc;
}

void eig_sweep_spec_close(eig_sweep_spec *s)
{
    free(s->bases);
    free(s->coords);
    s->bases = s->coords = NULL;
}

/* The grid-shaped result writer (io/grid_select.h, io/grid_scales.h,
 * eig_results_* with a grid and a --reduce list): a collection of
 * N = 6*5*4 points written as a 3-axis grid (and as 1- and 2-axis grids) in
 * random flat chunks, read back with HDF5: every dataset grid-shaped, every
 * point where its flat row-major index says, the axes dimension scales
 * attached to every per-point dataset. And eig_grid_boxes against brute
 * force: for every range of small 1-, 2-, 3- and 4-D grids, at most 2K-1
 * disjoint boxes that cover exactly the range, in flat order. */
#include <hdf5.h>
#include <hdf5_hl.h>
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "eig_error.h"
#include "grid_scales.h"
#include "grid_select.h"
#include "h5util.h"
#include "results.h"
#include "testutil.h"

static eig_test_rng rng;

static eig_idx flat_of(int rank, const hsize_t *dims, const hsize_t *at)
{
    eig_idx g = 0;
    for (int k = 0; k < rank; k++) g = g * (eig_idx)dims[k] + (eig_idx)at[k];
    return g;
}

/* Every point of every box, in box order then row-major within a box, must
 * be start, start+1, ...: disjoint, complete, in flat order. */
static void check_boxes(int rank, const hsize_t *dims, eig_idx start, eig_idx count)
{
    eig_grid_box b[EIG_GRID_MAX_BOXES + 4];
    int nb = eig_grid_boxes(rank, dims, start, count, b);
    eig_idx next = start;
    int ok = nb <= 2 * rank - 1;
    for (int i = 0; i < nb && ok; i++) {
        hsize_t at[EIG_GRID_MAX_AXES], pts = 1;
        for (int k = 0; k < rank; k++) pts *= b[i].count[k], at[k] = b[i].start[k];
        for (hsize_t p = 0; p < pts && ok; p++) {
            hsize_t rem = p;
            for (int k = rank - 1; k >= 0; k--) at[k] = b[i].start[k] + rem % b[i].count[k], rem /= b[i].count[k];
            ok = flat_of(rank, dims, at) == next++;
        }
    }
    ok = ok && next == start + count;
    eig_test_expect(ok, "eig_grid_boxes rank %d [%lld, +%lld): %d boxes, wrong cover", rank, (long long)start,
                    (long long)count, nb);
}

static void test_boxes(void)
{
    const hsize_t shapes[][4] = {{7, 0, 0, 0}, {4, 5, 0, 0}, {1, 6, 0, 0}, {3, 1, 4, 0}, {3, 4, 5, 0}, {2, 3, 2, 3}};
    const int ranks[] = {1, 2, 2, 3, 3, 4};
    for (int s = 0; s < 6; s++) {
        eig_idx total = 1;
        for (int k = 0; k < ranks[s]; k++) total *= (eig_idx)shapes[s][k];
        for (eig_idx a = 0; a < total; a++)
            for (eig_idx c = 1; a + c <= total; c++) check_boxes(ranks[s], shapes[s], a, c);
    }
}

/* Point g's made-up results: two reductions and n = 3 eigenvalues. */
static double red_of(eig_idx g, int j) { return j == 0 ? 0.25 * (double)g - 7.0 : (double)(g % 5); }
static double val_of(eig_idx g, int k) { return (double)g + 0.001 * k; }

/* parallel: every rank of comm opens the file (MPI-IO) and writes every
 * size-th chunk; rank 0 reads it back. */
static void test_writer(int rank, const eig_idx *dims, int parallel, MPI_Comm comm)
{
    int me = 0, size = 1;
    MPI_Comm_rank(comm, &me);
    MPI_Comm_size(comm, &size);
    const int n = 3;
    eig_grid g;
    memset(&g, 0, sizeof g);
    g.rank = rank;
    double *axis[EIG_GRID_MAX_AXES] = {0};
    eig_idx N = 1;
    for (int k = 0; k < rank; k++) {
        g.dims[k] = dims[k], N *= dims[k];
        snprintf(g.name[k], sizeof g.name[k], "k%d", k + 1);
        axis[k] = malloc(sizeof(double) * (size_t)dims[k]);
        for (eig_idx i = 0; i < dims[k]; i++) axis[k][i] = 0.5 * (double)i - (double)k;
        g.values[k] = axis[k];
        g.params = rank;
    }
    eig_reduce_list red;
    eig_solve_params p = {0};
    p.kind = EIG_KIND_SYMMETRIC, p.method = EIG_METHOD_JACOBI;
    int rc = eig_reduce_parse("abscissa,unstable,values", &red);
    if (!rc) rc = eig_reduce_resolve(&red, &p, n);
    char path[64];
    int pid = getpid();
    MPI_Bcast(&pid, 1, MPI_INT, 0, comm); /* one name for every rank */
    snprintf(path, sizeof path, "grid_output_%d_%d_%d.h5", rank, parallel, pid);
    eig_results_mode mode = {parallel, 1, 0, "test", &g, &red};
    eig_result_file out;
    int resumed, complete;
    if (!rc) rc = eig_results_open(comm, path, &p, N, n, &mode, &resumed, &complete, &out);
    eig_test_expect(rc == 0, "open a %d-axis grid output: %s", rank, eig_error_message());
    if (rc) return;
    /* random chunks, written in a shuffled order */
    eig_idx starts[256], counts[256];
    int nc = 0;
    for (eig_idx at = 0; at < N; nc++) {
        eig_idx c = 1 + (eig_idx)(eig_test_next(&rng) % 29);
        if (c > N - at) c = N - at;
        starts[nc] = at, counts[nc] = c, at += c;
    }
    for (int i = nc - 1; i > 0; i--) {
        int j = (int)(eig_test_next(&rng) % (uint64_t)(i + 1));
        eig_idx t = starts[i]; starts[i] = starts[j], starts[j] = t;
        t = counts[i]; counts[i] = counts[j], counts[j] = t;
    }
    for (int i = me; i < nc && !rc; i += size) {
        eig_idx s0 = starts[i], c = counts[i];
        double *r = malloc(sizeof(double) * 2 * (size_t)c), *v = malloc(sizeof(double) * (size_t)(n * c));
        int8_t *st = malloc((size_t)c);
        int32_t *it = malloc(sizeof(int32_t) * (size_t)c);
        for (eig_idx m = 0; m < c; m++) {
            r[m * red.slots + red.item[0].offset] = red_of(s0 + m, 0);
            r[m * red.slots + red.item[1].offset] = red_of(s0 + m, 1);
            for (int k = 0; k < n; k++) v[m * n + k] = val_of(s0 + m, k);
            st[m] = 0, it[m] = (int32_t)(s0 + m);
        }
        rc = eig_results_write_reduced(&out, s0, c, r);
        if (!rc) rc = eig_results_write(&out, s0, c, v, st, it, NULL);
        free(r), free(v), free(st), free(it);
    }
    int frc = eig_results_finish(&out, rc == 0, 0);
    eig_test_expect(rc == 0 && frc == 0, "write the %d-axis grid: %s", rank, eig_error_message());
    MPI_Barrier(comm);
    if (me != 0) {
        for (int k = 0; k < rank; k++) free(axis[k]);
        return;
    }

    /* read back */
    hid_t f = H5Fopen(path, H5F_ACC_RDONLY, H5P_DEFAULT);
    eig_test_expect(f >= 0, "reopen %s", path);
    if (f < 0) return;
    const char *sets[] = {"abscissa", "unstable", "status", "iterations", "eigenvalues"};
    double *buf = malloc(sizeof(double) * (size_t)(N * n));
    for (int i = 0; i < 5; i++) {
        hid_t d = H5Dopen2(f, sets[i], H5P_DEFAULT), sp = H5Dget_space(d), t = H5Dget_type(d);
        hsize_t got[H5S_MAX_RANK];
        int nd = H5Sget_simple_extent_dims(sp, got, NULL), want_nd = rank + (i == 4);
        int shape_ok = nd == want_nd;
        for (int k = 0; k < rank && shape_ok; k++) shape_ok = got[k] == (hsize_t)dims[k];
        if (i == 4 && shape_ok) shape_ok = got[rank] == (hsize_t)n;
        eig_test_expect(shape_ok, "/%s of a %d-axis grid: rank %d, not the grid's shape", sets[i], rank, nd);
        if (i == 1) eig_test_expect(H5Tget_class(t) == H5T_INTEGER && H5Tget_size(t) == 4, "/unstable is not int32");
        if (i == 0) eig_test_expect(H5Tget_class(t) == H5T_FLOAT && H5Tget_size(t) == 8, "/abscissa is not float64");
        H5Dread(d, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, buf);
        int bad = 0;
        for (eig_idx gi = 0; gi < N && !bad; gi++) {
            if (i == 4) {
                for (int k = 0; k < n; k++) bad |= buf[gi * n + k] != val_of(gi, k);
            } else {
                double want = i == 0 ? red_of(gi, 0) : i == 1 ? red_of(gi, 1) : i == 2 ? 0.0 : (double)gi;
                bad |= buf[gi] != want;
            }
        }
        eig_test_expect(!bad, "/%s of a %d-axis grid: a point is not at its flat row-major place", sets[i], rank);
        for (int k = 0; k < rank; k++) {
            hid_t sc = H5Dopen2(f, g.name[k], H5P_DEFAULT);
            eig_test_expect(sc >= 0 && H5DSis_scale(sc) > 0 && H5DSis_attached(d, sc, (unsigned)k) > 0,
                            "/%s: axis /%s not a dimension scale attached to dimension %d", sets[i], g.name[k], k);
            if (sc >= 0) {
                double *ax = malloc(sizeof(double) * (size_t)dims[k]);
                H5Dread(sc, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, ax);
                eig_test_expect(!memcmp(ax, axis[k], sizeof(double) * (size_t)dims[k]), "/%s holds other values",
                                g.name[k]);
                free(ax);
                H5Dclose(sc);
            }
        }
        H5Tclose(t), H5Sclose(sp), H5Dclose(d);
    }
    char text[256];
    eig_test_expect(eig_h5_read_attr_string(f, "reduce", text, sizeof text) == 0 && !strcmp(text, "abscissa,unstable,values"),
                    "attribute reduce: '%s'", text);
    free(buf);
    H5Fclose(f);
    unlink(path);
    for (int k = 0; k < rank; k++) free(axis[k]);
}

/* Points [a, b) of the 3-axis grid with abscissa = red_of(g, 0), status 0. */
static int write_points(eig_result_file *out, eig_idx a, eig_idx b)
{
    const int n = 3;
    int rc = 0;
    for (eig_idx s0 = a; s0 < b && !rc; s0 += 7) {
        eig_idx c = b - s0 < 7 ? b - s0 : 7;
        double r[7], v[21];
        int8_t st[7];
        int32_t it[7];
        for (eig_idx m = 0; m < c; m++) {
            r[m] = red_of(s0 + m, 0), st[m] = 0, it[m] = 1;
            for (int k = 0; k < n; k++) v[m * n + k] = 0;
        }
        rc = eig_results_write_reduced(out, s0, c, r);
        if (!rc) rc = eig_results_write(out, s0, c, v, st, it, NULL);
    }
    return rc;
}

/* A killed grid run: the .partial keeps its done points (status read back
 * by flat index), --resume reopens the reduced datasets and finishes. */
static void test_resume_grid(void)
{
    eig_grid g;
    memset(&g, 0, sizeof g);
    g.rank = 3, g.dims[0] = 6, g.dims[1] = 5, g.dims[2] = 4;
    for (int k = 0; k < 3; k++) snprintf(g.name[k], sizeof g.name[k], "p%d", k);
    const eig_idx N = 120, cut = 53;
    eig_solve_params p = {0};
    p.kind = EIG_KIND_GENERAL, p.method = EIG_METHOD_FRANCIS;
    eig_reduce_list red;
    int rc = eig_reduce_parse("abscissa", &red);
    if (!rc) rc = eig_reduce_resolve(&red, &p, 3);
    char path[64];
    snprintf(path, sizeof path, "grid_resume_%d.h5", getpid());
    eig_results_mode fresh = {0, 1, 0, "key", &g, &red}, again = {0, 0, 1, "key", &g, &red};
    eig_result_file out;
    int resumed = 0, complete = 0;
    if (!rc) rc = eig_results_open(MPI_COMM_SELF, path, &p, N, 3, &fresh, &resumed, &complete, &out);
    if (!rc) rc = write_points(&out, 0, cut);
    if (!rc) eig_results_finish(&out, 0, 1); /* "killed": the partial stays */
    if (!rc) rc = eig_results_open(MPI_COMM_SELF, path, &p, N, 3, &again, &resumed, &complete, &out);
    eig_test_expect(rc == 0 && resumed, "resume a 3-axis partial: rc %d resumed %d: %s", rc, resumed, eig_error_message());
    if (rc) return;
    int8_t st[120];
    rc = eig_results_read_status(&out, 0, N, st);
    int bad = rc != 0;
    for (eig_idx m = 0; m < N; m++) bad |= st[m] != (m < cut ? 0 : EIG_STATUS_PENDING);
    eig_test_expect(!bad, "resume: /status of the 3-axis partial read back wrong");
    rc = write_points(&out, cut, N);
    int frc = eig_results_finish(&out, rc == 0, 1);
    eig_test_expect(rc == 0 && frc == 0, "finish the resumed grid: %s", eig_error_message());
    hid_t f = H5Fopen(path, H5F_ACC_RDONLY, H5P_DEFAULT);
    double a[120];
    hid_t d = f >= 0 ? H5Dopen2(f, "abscissa", H5P_DEFAULT) : -1;
    bad = d < 0 || H5Dread(d, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, a) < 0;
    for (eig_idx m = 0; !bad && m < N; m++) bad |= a[m] != red_of(m, 0);
    eig_test_expect(!bad, "resumed grid: /abscissa wrong");
    eig_test_expect(f >= 0 && H5Lexists(f, "eigenvalues", H5P_DEFAULT) == 0, "reduced without values has /eigenvalues");
    if (d >= 0) H5Dclose(d);
    if (f >= 0) H5Fclose(f);
    unlink(path);
}

/* A fresh output of `count` symmetric 2x2 results on grid g, no reductions,
 * at STEM_PID.h5 (into path). */
static int open_plain(const eig_grid *g, const char *stem, eig_idx count, char *path, size_t cap, eig_result_file *out)
{
    eig_solve_params p = {0};
    p.kind = EIG_KIND_SYMMETRIC, p.method = EIG_METHOD_JACOBI;
    eig_results_mode mode = {0, 1, 0, "test", g, NULL};
    int resumed, complete;
    snprintf(path, cap, "%s_%d.h5", stem, getpid());
    return eig_results_open(MPI_COMM_SELF, path, &p, count, 2, &mode, &resumed, &complete, out);
}

/* A point list (M points of K parameters): datasets [M], and /points [M, K]
 * holding the points; no dimension scales. */
static void test_point_list(void)
{
    enum { M = 9, K = 2 };
    double pts[M * K];
    for (int i = 0; i < M * K; i++) pts[i] = eig_test_normal(&rng);
    eig_grid g;
    memset(&g, 0, sizeof g);
    g.rank = 1, g.dims[0] = M, g.params = K, g.points = pts;
    snprintf(g.name[0], sizeof g.name[0], "point");
    eig_result_file out;
    char path[64];
    int rc = open_plain(&g, "grid_points", M, path, sizeof path, &out);
    double v[2 * M] = {0};
    int8_t st[M] = {0};
    int32_t it[M] = {0};
    if (!rc) rc = eig_results_write(&out, 0, M, v, st, it, NULL);
    int frc = rc ? 0 : eig_results_finish(&out, 1, 0);
    eig_test_expect(rc == 0 && frc == 0, "a point list: %s", eig_error_message());
    hid_t f = H5Fopen(path, H5F_ACC_RDONLY, H5P_DEFAULT);
    hid_t d = f >= 0 ? H5Dopen2(f, "points", H5P_DEFAULT) : -1, sp = d >= 0 ? H5Dget_space(d) : -1;
    hsize_t dims[2] = {0, 0};
    double back[M * K];
    int ok = sp >= 0 && H5Sget_simple_extent_dims(sp, dims, NULL) == 2 && dims[0] == M && dims[1] == K &&
             H5Dread(d, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, back) >= 0 && !memcmp(back, pts, sizeof pts);
    eig_test_expect(ok, "/points is not the [%d, %d] points", M, K);
    hid_t s = f >= 0 ? H5Dopen2(f, "status", H5P_DEFAULT) : -1;
    eig_test_expect(s >= 0 && H5DSget_num_scales(s, 0) <= 0, "a point list's /status has a dimension scale");
    if (s >= 0) H5Dclose(s);
    if (sp >= 0) H5Sclose(sp);
    if (d >= 0) H5Dclose(d);
    if (f >= 0) H5Fclose(f);
    unlink(path);
}

/* An axis named like a dataset of the result is refused, and nothing stays. */
static void test_axis_clash(void)
{
    eig_grid g;
    memset(&g, 0, sizeof g);
    double v[3] = {1, 2, 3}, w[2] = {0, 1};
    g.rank = 2, g.dims[0] = 3, g.dims[1] = 2, g.values[0] = v, g.values[1] = w, g.params = 2;
    snprintf(g.name[0], sizeof g.name[0], "a");
    snprintf(g.name[1], sizeof g.name[1], "status");
    eig_result_file out;
    char path[64];
    int rc = open_plain(&g, "grid_clash", 6, path, sizeof path, &out);
    eig_test_expect(rc == EIG_ERR_INPUT && strstr(eig_error_message(), "'status'"), "axis named status: rc %d, %s", rc,
                    eig_error_message());
    eig_test_expect(access(path, F_OK) != 0, "a refused grid left a file");
    char partial[80];
    snprintf(partial, sizeof partial, "%s.partial", path);
    eig_test_expect(access(partial, F_OK) != 0, "a refused grid left a .partial");
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    H5Eset_auto2(H5E_DEFAULT, NULL, NULL); /* errors are ours to report, as in eigsweep's main */
    int me = 0, size = 1;
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    uint64_t seed = me == 0 ? eig_test_seed("unit_grid_output") : 0;
    MPI_Bcast(&seed, 1, MPI_UINT64_T, 0, MPI_COMM_WORLD); /* the same chunks on every rank */
    eig_test_rng_init(&rng, seed);
    const eig_idx d1[] = {120}, d2[] = {12, 10}, d3[] = {6, 5, 4};
    if (size > 1) { /* under mpirun: the parallel (MPI-IO) writer, axes and all */
        test_writer(3, d3, 1, MPI_COMM_WORLD);
        test_writer(2, d2, 1, MPI_COMM_WORLD);
    } else {
        test_boxes();
        test_writer(1, d1, 0, MPI_COMM_SELF);
        test_writer(2, d2, 0, MPI_COMM_SELF);
        test_writer(3, d3, 0, MPI_COMM_SELF);
        test_writer(3, d3, 1, MPI_COMM_SELF);
        test_axis_clash();
        test_resume_grid();
        test_point_list();
    }
    int rc = eig_test_summary();
    MPI_Finalize();
    return rc;
}

#include "results.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "eig_error.h"
#include "grid_scales.h"
#include "grid_select.h"
#include "h5util.h"
#include "identity.h"

static hid_t values_type(const eig_solve_params *p)
{
    return p->kind == EIG_KIND_GENERAL ? eig_h5_complex_type(p->precision) : H5Tcopy(eig_h5_real_type(p->precision));
}

static hid_t vectors_type(const eig_solve_params *p)
{
    return p->kind == EIG_KIND_HERMITIAN ? eig_h5_complex_type(p->precision) : H5Tcopy(eig_h5_real_type(p->precision));
}

/* File access: MPI-IO in parallel mode; no raw-data chunk cache, so every
 * write reaches the file at once and a killed job leaves done rows on disk. */
static hid_t make_fapl(const eig_result_file *r)
{
    hid_t fapl = H5Pcreate(H5P_FILE_ACCESS);
    if (r->parallel) H5Pset_fapl_mpio(fapl, r->comm, MPI_INFO_NULL);
    H5Pset_libver_bounds(fapl, H5F_LIBVER_V18, H5F_LIBVER_LATEST);
    H5Pset_cache(fapl, 0, 0, 0, 1.0);
    return fapl;
}

/* /status: int8, filled with EIG_STATUS_PENDING at allocation. */
static hid_t create_status(hid_t file, const eig_grid *g)
{
    int8_t pending = EIG_STATUS_PENDING;
    return eig_grid_create_dataset(file, "status", H5T_STD_I8LE, g, 0, NULL, H5T_NATIVE_INT8, &pending);
}

/* A reduction's dataset type: int32 for counts; for the others float64,
 * or float32 with --reduce-type float32 ({r, i} of that float for eig:I of
 * a general matrix). Caller closes. */
static hid_t reduced_type(const eig_reduce_item *it, int float32)
{
    if (eig_reduce_is_count(it->kind)) return H5Tcopy(H5T_STD_I32LE);
    if (it->width == 2) return eig_h5_complex_type(float32 ? EIG_PREC_SINGLE : EIG_PREC_DOUBLE);
    return H5Tcopy(float32 ? H5T_IEEE_F32LE : H5T_IEEE_F64LE);
}

/* Bytes a point's reductions take in the file. */
static hsize_t reduced_bytes_per_point(const eig_reduce_list *red)
{
    hsize_t bytes = 0;
    for (int j = 0; j < red->count; j++)
        bytes += eig_reduce_is_count(red->item[j].kind) ? 4 : (hsize_t)red->item[j].width * (red->float32 ? 4 : 8);
    return bytes;
}

/* The reductions' datasets (created, or opened on --resume), then the
 * axes as dimension scales attached to every per-point dataset. */
static int reduced_datasets(eig_result_file *r, int create)
{
    for (int j = 0; j < r->reduce.count; j++) {
        char name[64];
        eig_reduce_dataset_name(&r->reduce.item[j], name, sizeof name);
        hid_t t = reduced_type(&r->reduce.item[j], r->reduce.float32);
        r->reduced[j] = create ? eig_grid_create_dataset(r->file, name, t, &r->grid, 0, NULL, -1, NULL)
                               : eig_h5_open_dataset(r->file, name);
        H5Tclose(t);
        EIG_CHECK(r->reduced[j] >= 0, EIG_ERR_OUTPUT, "%s: cannot %s the dataset /%s", r->tmp_path,
                  create ? "create" : "open (--resume)", name);
    }
    return 0;
}

static int write_axes(eig_result_file *r, int rank)
{
    EIG_CALL(eig_grid_write_axes(r->file, &r->grid, rank == 0));
    hid_t per_point[4 + EIG_REDUCE_MAX] = {r->values, r->status, r->iterations, r->vectors};
    for (int j = 0; j < r->reduce.count; j++) per_point[4 + j] = r->reduced[j];
    for (int i = 0; i < 4 + r->reduce.count; i++)
        if (per_point[i] >= 0) EIG_CALL(eig_grid_attach_axes(r->file, &r->grid, per_point[i]));
    return 0;
}

/* Bytes the whole file needs: raw data plus room for HDF5's metadata. */
static hsize_t bytes_needed(const eig_result_file *r)
{
    const eig_solve_params *p = &r->params;
    eig_layout l = eig_layout_of(p, r->n);
    const eig_idx values = eig_reduce_keeps_values(&r->reduce) ? l.values : 0;
    const hsize_t status = 1, iterations = eig_reduce_keeps_iterations(&r->reduce) ? 4 : 0;
    hsize_t raw = (hsize_t)r->count * ((hsize_t)(values + l.vectors) * eig_h5_real_size(p->precision) + status +
                                       iterations + reduced_bytes_per_point(&r->reduce));
    return raw + raw / 64 + (2 << 20);
}

/* Every error below is raised on rank 0 (which holds the lock and decides)
 * or by a collective HDF5 call; the other ranks of a parallel open return
 * the same code without a message (eig_agree prints rank 0's). */
static int share_rc(const eig_result_file *r, int rc)
{
    if (r->parallel) MPI_Bcast(&rc, 1, MPI_INT, 0, r->comm);
    return rc;
}

static int create_fresh(eig_result_file *r)
{
    int rank = 0, rc = 0;
    if (r->parallel) MPI_Comm_rank(r->comm, &rank);
    const eig_solve_params *p = &r->params;
    /* Room for all of it, before HDF5 touches the file. */
    if (rank == 0) {
        unlink(r->tmp_path); /* a stale or empty .partial: a new inode, not a truncated one */
        rc = eig_h5_reserve_bytes(r->tmp_path, r->reserve, 1);
    }
    if ((rc = share_rc(r, rc))) return rc;
    hid_t fapl = make_fapl(r), fcpl = H5Pcreate(H5P_FILE_CREATE);
    H5Pset_obj_track_times(fcpl, 0);
    /* Root attributes stay in the root's object header (not a separate
     * heap), created once here and then only overwritten in place: a kill
     * while the finish writes them cannot leave them half-linked. */
    H5Pset_attr_phase_change(fcpl, 64, 48);
    r->file = H5Fcreate(r->tmp_path, H5F_ACC_TRUNC, fcpl, fapl);
    H5Pclose(fcpl), H5Pclose(fapl);
    EIG_CHECK(r->file >= 0, EIG_ERR_OUTPUT, "%s: cannot create file", r->tmp_path);
    /* Every per-point dataset is shaped like the grid: [N] ([N, n]) for a list. */
    const eig_grid *g = &r->grid;
    const int keep_values = eig_reduce_keeps_values(&r->reduce);
    hsize_t nn[2] = {(hsize_t)r->n, (hsize_t)r->n};
    hid_t t = values_type(p);
    if (keep_values) r->values = eig_grid_create_dataset(r->file, "eigenvalues", t, g, 1, nn, -1, NULL);
    H5Tclose(t);
    r->status = create_status(r->file, g);
    const int keep_iterations = eig_reduce_keeps_iterations(&r->reduce);
    if (keep_iterations) r->iterations = eig_grid_create_dataset(r->file, "iterations", H5T_STD_I32LE, g, 0, NULL, -1, NULL);
    int ok = (r->values >= 0 || !keep_values) && r->status >= 0 && (r->iterations >= 0 || !keep_iterations);
    if (p->vectors) {
        t = vectors_type(p);
        r->vectors = eig_grid_create_dataset(r->file, "eigenvectors", t, g, 2, nn, -1, NULL);
        H5Tclose(t);
        ok = ok && r->vectors >= 0;
    }
    if (ok && (rc = reduced_datasets(r, 1)) == 0) rc = write_axes(r, rank);
    if (r->parallel) { /* (collective calls: every rank has the same outcome; agree anyway) */
        int mine = rc, worst;
        MPI_Allreduce(&mine, &worst, 1, MPI_INT, MPI_MAX, r->comm);
        rc = worst ? (rc ? rc : EIG_ERR_OUTPUT) : 0;
    }
    if (rc) {
        eig_results_finish(r, 0, 0);
        return rc;
    }
    if (r->reduce.given) {
        char text[1024];
        eig_reduce_text(&r->reduce, text, sizeof text);
        ok = ok && eig_h5_write_attr_string(r->file, "reduce", text) == 0;
        ok = ok && eig_h5_write_attr_string(r->file, "reduce_type", eig_reduce_type_name(&r->reduce)) == 0;
    }
    ok = ok && eig_h5_write_attr_string(r->file, "resume_key", r->key) == 0;
    ok = ok && eig_h5_write_attr_string(r->file, "run_id", r->run_id) == 0;
    /* Metadata on disk now: later writes touch raw data only. */
    ok = ok && H5Fflush(r->file, H5F_SCOPE_LOCAL) >= 0;
    /* HDF5 truncated the file on create (sec2: O_TRUNC; MPI-IO: set_size 0),
     * freeing the blocks reserved above: reserve them again, now that the
     * datasets are allocated. */
    if (rank == 0 && ok) rc = eig_h5_reserve_space(r->file, r->tmp_path, r->reserve);
    rc = share_rc(r, rc);
    if (!ok || rc) {
        eig_results_finish(r, 0, 0);
        return rc ? rc : EIG_ERROR(EIG_ERR_OUTPUT, "%s: cannot create the result datasets (disk full?)", r->tmp_path);
    }
    return 0;
}

static int reopen_partial(eig_result_file *r)
{
    int rank = 0, rc = 0;
    if (r->parallel) MPI_Comm_rank(r->comm, &rank);
    /* The space may have been lost since (a copy, an older eigsweep whose
     * parallel output did not keep it): reserve it again, before HDF5 writes
     * a byte (it cannot close a file after a failed write of metadata). */
    if (rank == 0) rc = eig_h5_reserve_bytes(r->tmp_path, r->reserve, 0);
    if ((rc = share_rc(r, rc))) {
        eig_results_finish(r, 0, 1); /* (nothing open: keeps the file, says how to finish it) */
        return rc;
    }
    hid_t fapl = make_fapl(r);
    r->file = H5Fopen(r->tmp_path, H5F_ACC_RDWR, fapl);
    H5Pclose(fapl);
    if (r->file < 0) {
        eig_results_finish(r, 0, 1);
        return EIG_ERROR(EIG_ERR_OUTPUT, "%s: --resume: cannot open the partial output", r->tmp_path);
    }
    const int keep_values = eig_reduce_keeps_values(&r->reduce);
    if (keep_values) r->values = eig_h5_open_dataset(r->file, "eigenvalues");
    r->status = eig_h5_open_dataset(r->file, "status");
    const int keep_iterations = eig_reduce_keeps_iterations(&r->reduce);
    if (keep_iterations) r->iterations = eig_h5_open_dataset(r->file, "iterations");
    if (r->params.vectors) r->vectors = eig_h5_open_dataset(r->file, "eigenvectors");
    if ((keep_values && r->values < 0) || r->status < 0 || (keep_iterations && r->iterations < 0) ||
        (r->params.vectors && r->vectors < 0) ||
        reduced_datasets(r, 0) != 0) {
        eig_results_finish(r, 0, 1);
        return EIG_ERROR(EIG_ERR_OUTPUT, "%s: --resume: the partial output lacks its datasets; remove it", r->tmp_path);
    }
    /* This run owns the file now; it checks the id before the rename. */
    int ok = eig_h5_write_attr_string(r->file, "run_id", r->run_id) == 0;
    ok = ok && H5Fflush(r->file, H5F_SCOPE_LOCAL) >= 0;
    if (!ok) {
        eig_results_finish(r, 0, 1);
        return EIG_ERROR(EIG_ERR_OUTPUT, "%s: --resume: cannot update the partial output", r->tmp_path);
    }
    return 0;
}

/* First row of /status still pending (or solved, when want_solved) at or
 * after 0; -1 when none; -2 when /status cannot be read. Block by block, so
 * a billion matrices need no billion-byte buffer. */
static long long find_status(hid_t status, int want_solved)
{
    hid_t sp = H5Dget_space(status);
    hsize_t total = 0;
    /* (grid-shaped: read as its flat row-major index) */
    int lead = sp >= 0 ? H5Sget_simple_extent_ndims(sp) : -1;
    hssize_t points = sp >= 0 ? H5Sget_simple_extent_npoints(sp) : -1;
    int ok = lead >= 1 && lead <= EIG_GRID_MAX_AXES && points >= 0;
    total = ok ? (hsize_t)points : 0;
    if (sp >= 0) H5Sclose(sp);
    if (!ok) return -2;
    enum { BLOCK = 1 << 20 };
    int8_t *buf = malloc(BLOCK);
    if (!buf) return -2;
    long long found = -1;
    for (hsize_t at = 0; at < total && found == -1; at += BLOCK) {
        eig_idx cnt = (eig_idx)(total - at < BLOCK ? total - at : BLOCK);
        if (eig_grid_read(status, H5T_NATIVE_INT8, lead, (eig_idx)at, cnt, buf) < 0) { found = -2; break; }
        for (eig_idx m = 0; m < cnt; m++)
            if ((buf[m] != EIG_STATUS_PENDING) == want_solved) { found = (long long)at + m; break; }
    }
    free(buf);
    return found;
}

/* What a file left by an earlier run holds (read-only, rank 0 alone). */
typedef struct {
    int readable;       /* HDF5 that opens, with a readable /status */
    int solved;         /* at least one row of /status is not pending */
    int key_found;
    char key[8192];
    char run_id[64];
    long long pending;  /* first pending row, -1 when none */
    haddr_t eoa;        /* HDF5's end of allocated space: the file needs no byte past it */
} eig_file_probe;

static void probe_file(const char *path, eig_file_probe *pr)
{
    memset(pr, 0, sizeof *pr);
    pr->pending = -1;
    if (!eig_h5_is_hdf5(path)) return;
    hid_t f = H5Fopen(path, H5F_ACC_RDONLY, H5P_DEFAULT);
    if (f < 0) return;
    if (H5Fget_eoa(f, &pr->eoa) < 0) pr->eoa = 0;
    pr->key_found = eig_h5_read_attr_string(f, "resume_key", pr->key, sizeof pr->key) == 0;
    if (eig_h5_read_attr_string(f, "run_id", pr->run_id, sizeof pr->run_id) != 0) pr->run_id[0] = '\0';
    hid_t st = eig_h5_open_dataset(f, "status");
    if (st >= 0) {
        long long solved = find_status(st, 1);
        pr->pending = find_status(st, 0);
        pr->readable = solved != -2 && pr->pending != -2;
        pr->solved = solved >= 0;
        H5Dclose(st);
    }
    H5Fclose(f);
}

enum { OPEN_CREATE, OPEN_RESUME, OPEN_COMPLETE };

/* --resume goes on only from a file of this run's input and options; a
 * refusal names the words of the key that differ. */
static int same_run(const eig_file_probe *pr, const char *key, const char *path, const char *what,
                    const char *label, const char *way_out, const char *no_key)
{
    if (pr->key_found && strcmp(pr->key, key) == 0) return 0;
    char diff[4096];
    eig_key_difference(pr->key, label, key, "this run", diff, sizeof diff);
    return EIG_ERROR(EIG_ERR_USAGE,
                     "%s: --resume: %s was made by a different run (%s); use the same input and options, or %s",
                     path, what, pr->key_found ? diff : no_key, way_out);
}

/* Rank 0, holding the lock: what to do with what an earlier run left. */
static int decide_open(eig_result_file *r, const eig_results_mode *mode, int *action)
{
    *action = OPEN_CREATE;
    int has_partial = access(r->tmp_path, F_OK) == 0, has_final = access(r->path, F_OK) == 0;
    eig_file_probe pr;
    if (mode->resume && has_partial) {
        probe_file(r->tmp_path, &pr);
        if (pr.solved) {
            EIG_CALL(same_run(&pr, r->key, r->tmp_path, "the partial output", "partial", "remove it", "no resume key"));
            *action = OPEN_RESUME;
            return 0;
        }
        /* Killed while creating it (or before any chunk was done): nothing to
         * keep, and nothing another run could want. */
        fprintf(stderr, "eigsweep: note: %s holds no solved matrix (%s); creating it again\n", r->tmp_path,
                pr.readable ? "every row pending" : "its creation was interrupted");
        EIG_CALL(eig_h5_check_output_path(r->path, 1));
        return 0;
    }
    if (mode->resume && has_final && !mode->force) {
        probe_file(r->path, &pr);
        EIG_CALL(same_run(&pr, r->key, r->path, "the output is complete but", "complete file", "another -o",
                          "no resume key: not an eigsweep result"));
        *action = OPEN_COMPLETE;
        return 0;
    }
    EIG_CALL(eig_h5_check_output_path(r->path, mode->force));
    return 0;
}

/* 32 hex digits, different for every run (the kernel's randomness; the
 * clock and pid where /dev/urandom cannot be read). */
static void make_run_id(char *out, size_t cap)
{
    unsigned char b[16];
    int fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
    ssize_t got = fd >= 0 ? read(fd, b, sizeof b) : -1;
    if (fd >= 0) close(fd);
    if (got != (ssize_t)sizeof b) {
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        uint64_t x = (uint64_t)ts.tv_sec * 1000000007u ^ (uint64_t)ts.tv_nsec ^ ((uint64_t)getpid() << 32);
        for (int i = 0; i < 16; i++) x = x * 6364136223846793005u + 1442695040888963407u, b[i] = (unsigned char)(x >> 56);
    }
    for (int i = 0; i < 16 && 2 * i + 2 < (int)cap; i++) snprintf(out + 2 * i, 3, "%02x", b[i]);
}

int eig_results_open(MPI_Comm comm, const char *path, const eig_solve_params *p, eig_idx count, int n,
                     const eig_results_mode *mode, int *resumed, int *complete, eig_result_file *r)
{
    memset(r, 0, sizeof *r);
    EIG_CALL(eig_h5_check_output_name(path)); /* path and tmp_path must fit their fields */
    r->file = r->values = r->vectors = r->status = r->iterations = -1;
    for (int j = 0; j < EIG_REDUCE_MAX; j++) r->reduced[j] = -1;
    r->lock.fd = -1;
    r->params = *p, r->count = count, r->n = n, r->parallel = mode->parallel, r->comm = comm;
    if (mode->grid) r->grid = *mode->grid;
    else eig_grid_list(&r->grid, count);
    if (mode->reduce) r->reduce = *mode->reduce;
    EIG_CHECK(r->grid.rank >= 1 && r->grid.rank <= EIG_GRID_MAX_AXES && eig_grid_points(&r->grid) == count,
              EIG_ERR_USAGE, "%s: the results' grid (%d axes) does not hold the %lld points solved", path, r->grid.rank,
              (long long)count);
    snprintf(r->path, sizeof r->path, "%s", path);
    snprintf(r->key, sizeof r->key, "%s", mode->key);
    eig_h5_tmp_path(r->tmp_path, sizeof r->tmp_path, path);
    r->reserve = bytes_needed(r);
    *resumed = *complete = 0;
    int rank = 0, rc = 0, action = OPEN_CREATE;
    if (r->parallel) MPI_Comm_rank(comm, &rank);
    if (rank == 0) {
        make_run_id(r->run_id, sizeof r->run_id);
        rc = eig_h5_check_output_path(path, 1); /* (the directory: the lock file goes there) */
        if (!rc) rc = eig_output_lock_take(&r->lock, path, r->run_id);
        if (!rc) rc = decide_open(r, mode, &action);
        if (rc || action == OPEN_COMPLETE) eig_output_lock_release(&r->lock);
    }
    if (r->parallel) {
        int shared[2] = {rc, action};
        MPI_Bcast(shared, 2, MPI_INT, 0, comm);
        rc = shared[0], action = shared[1];
        MPI_Bcast(r->run_id, sizeof r->run_id, MPI_CHAR, 0, comm);
    }
    if (rc) return rc;
    if (action == OPEN_COMPLETE) {
        *complete = 1;
        return 0;
    }
    *resumed = action == OPEN_RESUME;
    rc = *resumed ? reopen_partial(r) : create_fresh(r);
    if (rc) eig_output_lock_release(&r->lock); /* (held by rank 0 only) */
    return rc;
}

int eig_results_flush(eig_result_file *r)
{
    EIG_CHECK(H5Fflush(r->file, H5F_SCOPE_LOCAL) >= 0, EIG_ERR_OUTPUT, "%s: cannot write the file's metadata (disk full?)",
              r->tmp_path);
    return 0;
}

int eig_results_write(eig_result_file *r, eig_idx start, eig_idx count, const void *values, const int8_t *status,
                      const int32_t *iterations, const void *vectors)
{
    if (count == 0) return 0;
    const int lead = r->grid.rank; /* points are the flat index of the first `lead` dimensions */
    int rc = 0;
    if (r->values >= 0) {
        hid_t vt = values_type(&r->params);
        rc |= eig_grid_write(r->values, vt, lead, start, count, values);
        H5Tclose(vt);
    }
    if (r->vectors >= 0 && vectors) {
        hid_t xt = vectors_type(&r->params);
        rc |= eig_grid_write(r->vectors, xt, lead, start, count, vectors);
        H5Tclose(xt);
    }
    if (r->iterations >= 0) rc |= eig_grid_write(r->iterations, H5T_NATIVE_INT32, lead, start, count, iterations);
    /* Last: a row counts as done (for --resume) only once all of it is written. */
    rc |= eig_grid_write(r->status, H5T_NATIVE_INT8, lead, start, count, status);
    EIG_CHECK(rc == 0, EIG_ERR_OUTPUT, "%s: write error at matrices %lld..%lld (disk full?)", r->tmp_path,
              (long long)start, (long long)(start + count - 1));
    return 0;
}

int eig_results_write_reduced(eig_result_file *r, eig_idx start, eig_idx count, const double *reduced)
{
    if (count == 0 || !r->reduce.count) return 0;
    /* One reduction at a time, gathered out of the point-major records. */
    const int slots = r->reduce.slots;
    void *col = malloc(sizeof(double) * 2 * (size_t)count);
    EIG_CHECK(col, EIG_ERR_RESOURCE, "out of host memory writing the reductions of %lld points", (long long)count);
    int rc = 0;
    for (int j = 0; j < r->reduce.count && !rc; j++) {
        const eig_reduce_item *it = &r->reduce.item[j];
        hid_t mt;
        if (eig_reduce_is_count(it->kind)) {
            int32_t *c = col;
            for (eig_idx m = 0; m < count; m++) c[m] = (int32_t)reduced[m * slots + it->offset];
            mt = H5Tcopy(H5T_NATIVE_INT32);
        } else if (r->reduce.float32) {
            /* --reduce-type float32: the double reduction rounded to nearest
             * once, here (C's conversion in the default rounding mode, as
             * numpy's np.float32(x)): the same bits from the CPU and the GPU,
             * and no HDF5 conversion with its own overflow rules. */
            float *c = col;
            for (eig_idx m = 0; m < count; m++)
                for (int q = 0; q < it->width; q++) c[m * it->width + q] = (float)reduced[m * slots + it->offset + q];
            mt = it->width == 2 ? eig_h5_complex_type(EIG_PREC_SINGLE) : H5Tcopy(H5T_NATIVE_FLOAT);
        } else {
            double *c = col;
            for (eig_idx m = 0; m < count; m++)
                for (int q = 0; q < it->width; q++) c[m * it->width + q] = reduced[m * slots + it->offset + q];
            mt = it->width == 2 ? eig_h5_complex_type(EIG_PREC_DOUBLE) : H5Tcopy(H5T_NATIVE_DOUBLE);
        }
        rc = eig_grid_write(r->reduced[j], mt, r->grid.rank, start, count, col);
        H5Tclose(mt);
    }
    free(col);
    EIG_CHECK(rc == 0, EIG_ERR_OUTPUT, "%s: write error in the reductions of points %lld..%lld (disk full?)",
              r->tmp_path, (long long)start, (long long)(start + count - 1));
    return 0;
}

int eig_results_read_status(eig_result_file *r, eig_idx start, eig_idx count, int8_t *status)
{
    if (count == 0) return 0;
    herr_t e = eig_grid_read(r->status, H5T_NATIVE_INT8, r->grid.rank, start, count, status);
    EIG_CHECK(e >= 0, EIG_ERR_OUTPUT, "%s: cannot read /status back (file damaged?)", r->tmp_path);
    return 0;
}

/* fsync: the data is on disk before the rename makes it the result. */
static int sync_path(const char *path, int directory)
{
    int fd = open(path, (directory ? O_RDONLY | O_DIRECTORY : O_RDONLY) | O_CLOEXEC);
    EIG_CHECK(fd >= 0, EIG_ERR_OUTPUT, "%s: cannot open to sync it: %s", path, strerror(errno));
    int e = fsync(fd) == 0 ? 0 : errno;
    close(fd);
    /* Some file systems cannot fsync a directory (EINVAL): the rename
     * itself is then as durable as they make it. */
    EIG_CHECK(e == 0 || (directory && e == EINVAL), EIG_ERR_OUTPUT, "%s: cannot sync to disk: %s", path, strerror(e));
    return 0;
}

/* Rank 0, file closed: what is about to become OUT.h5 is this run's file,
 * complete. Another run that wrote into it (the lock circumvented, e.g. on
 * a file system where flock is node-local) changed its run id. */
static int verify_before_rename(const eig_result_file *r, haddr_t *eoa)
{
    eig_file_probe pr;
    probe_file(r->tmp_path, &pr);
    *eoa = pr.eoa;
    EIG_CHECK(pr.readable, EIG_ERR_OUTPUT, "%s: cannot read the finished file back; not renamed to %s", r->tmp_path, r->path);
    EIG_CHECK(pr.key_found && strcmp(pr.key, r->key) == 0 && strcmp(pr.run_id, r->run_id) == 0, EIG_ERR_OUTPUT,
              "%s: changed by another run while this one wrote it (run id %s, this run %s); not renamed to %s: check "
              "both runs' results, then finish it with --resume",
              r->tmp_path, pr.run_id[0] ? pr.run_id : "none", r->run_id, r->path);
    EIG_CHECK(pr.pending < 0, EIG_ERR_OUTPUT, "%s: matrix %lld has no result; not renamed to %s: finish it with --resume",
              r->tmp_path, pr.pending, r->path);
    return 0;
}

static void dir_of(const char *path, char *dir, size_t cap)
{
    snprintf(dir, cap, "%s", path);
    char *slash = strrchr(dir, '/');
    if (!slash) snprintf(dir, cap, ".");
    else if (slash == dir) dir[1] = '\0';
    else *slash = '\0';
}

int eig_results_finish(eig_result_file *r, int ok, int keep_partial)
{
    herr_t e = 0;
    hid_t *ids[] = {&r->values, &r->vectors, &r->status, &r->iterations};
    for (int i = 0; i < 4; i++)
        if (*ids[i] >= 0) e |= H5Dclose(*ids[i]), *ids[i] = -1;
    for (int j = 0; j < EIG_REDUCE_MAX; j++)
        if (r->reduced[j] >= 0) e |= H5Dclose(r->reduced[j]), r->reduced[j] = -1;
    if (r->file >= 0) e |= H5Fclose(r->file), r->file = -1;
    int rank = 0, rc = 0;
    if (r->parallel) {
        MPI_Comm_rank(r->comm, &rank);
        int mine = e >= 0, all;
        MPI_Allreduce(&mine, &all, 1, MPI_INT, MPI_LAND, r->comm);
        if (!all) e = -1;
    }
    if (rank == 0) {
        if (!ok || e < 0) {
            if (!keep_partial) unlink(r->tmp_path);
            else if (access(r->tmp_path, F_OK) == 0)
                fprintf(stderr, "eigsweep: note: %s keeps the matrices solved so far; run the same command with "
                                "--resume to finish it\n", r->tmp_path);
            if (ok) rc = EIG_ERROR(EIG_ERR_OUTPUT, "%s: closing the result file failed (disk full?); %s", r->path,
                                   keep_partial ? "the .partial is kept" : "nothing was written");
        } else {
            char dir[4096];
            dir_of(r->path, dir, sizeof dir);
            haddr_t eoa = 0;
            struct stat st;
            rc = sync_path(r->tmp_path, 0);
            if (!rc) rc = verify_before_rename(r, &eoa);
            /* The reservation's slack past HDF5's last byte goes back (the
             * sec2 driver leaves it; MPI-IO trims it at close). Not synced:
             * a crash that loses it only leaves the file longer. */
            if (!rc && eoa > 0 && stat(r->tmp_path, &st) == 0 && (haddr_t)st.st_size > eoa && truncate(r->tmp_path, (off_t)eoa) != 0)
                rc = EIG_ERROR(EIG_ERR_OUTPUT, "%s: cannot trim the reservation's slack: %s", r->tmp_path, strerror(errno));
            if (!rc && rename(r->tmp_path, r->path) != 0)
                rc = EIG_ERROR(EIG_ERR_OUTPUT, "%s: cannot rename %s into place: %s", r->path, r->tmp_path, strerror(errno));
            if (!rc) rc = sync_path(dir, 1);
        }
        eig_output_lock_release(&r->lock);
    }
    if (r->parallel) {
        MPI_Bcast(&rc, 1, MPI_INT, 0, r->comm);
    }
    return rc;
}

#include "results.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "eig_error.h"
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
static hid_t create_status(hid_t file, eig_idx count)
{
    hsize_t dims[1] = {(hsize_t)count};
    hid_t sp = H5Screate_simple(1, dims, NULL), dcpl = eig_h5_make_dcpl(1, dims, 1);
    int8_t pending = EIG_STATUS_PENDING;
    H5Pset_fill_value(dcpl, H5T_NATIVE_INT8, &pending);
    H5Pset_fill_time(dcpl, H5D_FILL_TIME_ALLOC);
    hid_t d = H5Dcreate2(file, "status", H5T_STD_I8LE, sp, H5P_DEFAULT, dcpl, H5P_DEFAULT);
    H5Pclose(dcpl), H5Sclose(sp);
    return d;
}

static int create_fresh(eig_result_file *r, const char *key)
{
    const eig_solve_params *p = &r->params;
    int rank = 0, rc = 0;
    if (r->parallel) MPI_Comm_rank(r->comm, &rank);
    /* Room for all of it, before HDF5 touches the file. */
    eig_layout l = eig_layout_of(p, r->n);
    hsize_t raw = (hsize_t)r->count * ((hsize_t)(l.values + l.vectors) * eig_h5_real_size(p->precision) + 5);
    if (rank == 0) rc = eig_h5_reserve_bytes(r->tmp_path, raw + raw / 64 + (2 << 20), 1);
    if (r->parallel) MPI_Bcast(&rc, 1, MPI_INT, 0, r->comm);
    if (rc) return rank == 0 ? rc : EIG_ERR_OUTPUT;
    hid_t fapl = make_fapl(r), fcpl = H5Pcreate(H5P_FILE_CREATE);
    H5Pset_obj_track_times(fcpl, 0);
    r->file = H5Fcreate(r->tmp_path, H5F_ACC_TRUNC, fcpl, fapl);
    H5Pclose(fcpl), H5Pclose(fapl);
    EIG_CHECK(r->file >= 0, EIG_ERR_OUTPUT, "%s: cannot create file", r->tmp_path);
    hsize_t vd[2] = {(hsize_t)r->count, (hsize_t)r->n}, one[1] = {(hsize_t)r->count};
    hid_t t = values_type(p);
    r->values = eig_h5_create_dataset(r->file, "eigenvalues", t, 2, vd);
    H5Tclose(t);
    r->status = create_status(r->file, r->count);
    r->iterations = eig_h5_create_dataset(r->file, "iterations", H5T_STD_I32LE, 1, one);
    int ok = r->values >= 0 && r->status >= 0 && r->iterations >= 0;
    if (p->vectors) {
        hsize_t xd[3] = {(hsize_t)r->count, (hsize_t)r->n, (hsize_t)r->n};
        t = vectors_type(p);
        r->vectors = eig_h5_create_dataset(r->file, "eigenvectors", t, 3, xd);
        H5Tclose(t);
        ok = ok && r->vectors >= 0;
    }
    ok = ok && eig_h5_write_attr_string(r->file, "resume_key", key) == 0;
    /* Metadata on disk now: later writes touch raw data only. */
    ok = ok && H5Fflush(r->file, H5F_SCOPE_LOCAL) >= 0;
    if (rank == 0 && ok) rc = eig_h5_reserve_space(r->file, r->tmp_path);
    if (r->parallel) MPI_Bcast(&rc, 1, MPI_INT, 0, r->comm);
    if (!ok || rc) {
        eig_results_finish(r, 0, 0);
        return rc ? rc : EIG_ERROR(EIG_ERR_OUTPUT, "%s: cannot create the result datasets (disk full?)", r->tmp_path);
    }
    return 0;
}

static int reopen_partial(eig_result_file *r, const char *key)
{
    EIG_CHECK(eig_h5_is_hdf5(r->tmp_path), EIG_ERR_OUTPUT,
              "%s: --resume: the partial output is damaged; remove it to start over", r->tmp_path);
    hid_t fapl = make_fapl(r);
    r->file = H5Fopen(r->tmp_path, H5F_ACC_RDWR, fapl);
    H5Pclose(fapl);
    EIG_CHECK(r->file >= 0, EIG_ERR_OUTPUT, "%s: --resume: cannot open the partial output", r->tmp_path);
    char found[8192];
    int have = eig_h5_read_attr_string(r->file, "resume_key", found, sizeof found) == 0;
    if (!have || strcmp(found, key) != 0) {
        char diff[4096];
        eig_key_difference(found, "partial", key, "this run", diff, sizeof diff);
        eig_results_finish(r, 0, 1);
        return EIG_ERROR(EIG_ERR_USAGE,
                         "%s: --resume: the partial output was made by a different run (%s); use the same input and "
                         "options, or remove it",
                         r->tmp_path, have ? diff : "no resume key");
    }
    r->values = eig_h5_open_dataset(r->file, "eigenvalues");
    r->status = eig_h5_open_dataset(r->file, "status");
    r->iterations = eig_h5_open_dataset(r->file, "iterations");
    if (r->params.vectors) r->vectors = eig_h5_open_dataset(r->file, "eigenvectors");
    if (r->values < 0 || r->status < 0 || r->iterations < 0 || (r->params.vectors && r->vectors < 0)) {
        eig_results_finish(r, 0, 1);
        return EIG_ERROR(EIG_ERR_OUTPUT, "%s: --resume: the partial output lacks its datasets; remove it", r->tmp_path);
    }
    return 0;
}

int eig_results_open(MPI_Comm comm, const char *path, const eig_solve_params *p, eig_idx count, int n,
                     const eig_results_mode *mode, int *resumed, int *complete, eig_result_file *r)
{
    memset(r, 0, sizeof *r);
    EIG_CALL(eig_h5_check_output_name(path)); /* path and tmp_path must fit their fields */
    r->file = r->values = r->vectors = r->status = r->iterations = -1;
    r->params = *p, r->count = count, r->n = n, r->parallel = mode->parallel, r->comm = comm;
    snprintf(r->path, sizeof r->path, "%s", path);
    eig_h5_tmp_path(r->tmp_path, sizeof r->tmp_path, path);
    *resumed = *complete = 0;
    int has_partial = access(r->tmp_path, F_OK) == 0, has_final = access(path, F_OK) == 0;
    if (mode->resume && has_partial) {
        *resumed = 1;
        return reopen_partial(r, mode->key);
    }
    if (mode->resume && has_final && !mode->force) {
        *complete = 1;
        return 0;
    }
    EIG_CALL(eig_h5_check_output_path(path, mode->force));
    return create_fresh(r, mode->key);
}

int eig_results_write(eig_result_file *r, eig_idx start, eig_idx count, const void *values, const int8_t *status,
                      const int32_t *iterations, const void *vectors)
{
    if (count == 0) return 0;
    hid_t vt = values_type(&r->params);
    int rc = eig_h5_write_rows(r->values, vt, start, count, values, H5P_DEFAULT);
    H5Tclose(vt);
    if (r->vectors >= 0 && vectors) {
        hid_t xt = vectors_type(&r->params);
        rc |= eig_h5_write_rows(r->vectors, xt, start, count, vectors, H5P_DEFAULT);
        H5Tclose(xt);
    }
    rc |= eig_h5_write_rows(r->iterations, H5T_NATIVE_INT32, start, count, iterations, H5P_DEFAULT);
    /* Last: a row counts as done (for --resume) only once all of it is written. */
    rc |= eig_h5_write_rows(r->status, H5T_NATIVE_INT8, start, count, status, H5P_DEFAULT);
    EIG_CHECK(rc == 0, EIG_ERR_OUTPUT, "%s: write error at matrices %lld..%lld (disk full?)", r->tmp_path,
              (long long)start, (long long)(start + count - 1));
    return 0;
}

int eig_results_read_status(eig_result_file *r, eig_idx start, eig_idx count, int8_t *status)
{
    if (count == 0) return 0;
    hid_t fs, ms;
    eig_h5_select_rows(r->status, start, count, &fs, &ms);
    herr_t e = H5Dread(r->status, H5T_NATIVE_INT8, ms, fs, H5P_DEFAULT, status);
    H5Sclose(fs), H5Sclose(ms);
    EIG_CHECK(e >= 0, EIG_ERR_OUTPUT, "%s: cannot read /status back (file damaged?)", r->tmp_path);
    return 0;
}

int eig_results_finish(eig_result_file *r, int ok, int keep_partial)
{
    herr_t e = 0;
    hid_t *ids[] = {&r->values, &r->vectors, &r->status, &r->iterations};
    for (int i = 0; i < 4; i++)
        if (*ids[i] >= 0) e |= H5Dclose(*ids[i]), *ids[i] = -1;
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
            if (ok) rc = EIG_ERROR(EIG_ERR_OUTPUT, "%s: closing the result file failed (disk full?); nothing was written", r->path);
        } else if (rename(r->tmp_path, r->path) != 0) {
            rc = EIG_ERROR(EIG_ERR_OUTPUT, "%s: cannot rename %s into place: %s", r->path, r->tmp_path, strerror(errno));
        }
    }
    if (r->parallel) {
        MPI_Bcast(&rc, 1, MPI_INT, 0, r->comm);
        if (rc && rank != 0) rc = EIG_ERR_OUTPUT;
    }
    return rc;
}

/* Grid-shaped datasets and their dimension scales (io/grid_scales.h). */
#include "grid_scales.h"

#include <hdf5_hl.h>
#include <stdio.h>
#include <string.h>

#include "eig_error.h"
#include "h5util.h"

void eig_grid_list(eig_grid *g, eig_idx count)
{
    memset(g, 0, sizeof *g);
    g->rank = 1, g->dims[0] = count;
    snprintf(g->name[0], sizeof g->name[0], "index");
}

eig_idx eig_grid_points(const eig_grid *g)
{
    eig_idx p = 1;
    for (int k = 0; k < g->rank; k++) p *= g->dims[k];
    return p;
}

/* Chunks of about 1 MiB: whole trailing dimensions, and along the grid as
 * many steps of the first axis as fit (down to one step; then the next
 * axis is cut the same way). The cut axis is split into equal chunks: HDF5
 * allocates the last chunk whole, so 464 cut as 282 + 182 would store 564
 * (a 464^3 float64 map 22% larger than its data), 2 x 232 stores 464. */
static hid_t grid_dcpl(int nd, const hsize_t *dims, size_t elem)
{
    hid_t dcpl = H5Pcreate(H5P_DATASET_CREATE);
    hsize_t chunk[H5S_MAX_RANK];
    int zero = 0;
    for (int k = 0; k < nd; k++) chunk[k] = dims[k] ? dims[k] : 1, zero |= dims[k] == 0;
    for (int k = 0; k < nd; k++) {
        hsize_t step = elem; /* bytes of one step of axis k with later axes whole */
        for (int j = k + 1; j < nd; j++) step *= chunk[j];
        hsize_t fit = ((hsize_t)1 << 20) / step;
        if (fit >= 1) {
            if (chunk[k] > fit) {
                const hsize_t pieces = (chunk[k] + fit - 1) / fit;
                chunk[k] = (chunk[k] + pieces - 1) / pieces; /* (<= fit: at most pieces - 1 elements of padding) */
            }
            break;
        }
        chunk[k] = 1;
    }
    if (!zero) H5Pset_chunk(dcpl, nd, chunk);
    H5Pset_alloc_time(dcpl, H5D_ALLOC_TIME_EARLY);
    H5Pset_fill_time(dcpl, H5D_FILL_TIME_NEVER);
    H5Pset_obj_track_times(dcpl, 0);
    return dcpl;
}

hid_t eig_grid_create_dataset(hid_t file, const char *name, hid_t type, const eig_grid *g, int ntail,
                              const hsize_t *tail, hid_t fill_type, const void *fill)
{
    hsize_t dims[H5S_MAX_RANK];
    int nd = g->rank + ntail;
    if (g->rank < 1 || g->rank > EIG_GRID_MAX_AXES || ntail < 0 || nd > H5S_MAX_RANK) return -1;
    for (int k = 0; k < g->rank; k++) dims[k] = (hsize_t)g->dims[k];
    for (int k = 0; k < ntail; k++) dims[g->rank + k] = tail[k];
    hid_t dcpl;
    if (g->rank == 1 && nd <= 3) { /* a list: the chunking results always had */
        hsize_t row = H5Tget_size(type);
        for (int d = 1; d < nd; d++) row *= dims[d];
        dcpl = eig_h5_make_dcpl(nd, dims, row);
    } else {
        dcpl = grid_dcpl(nd, dims, H5Tget_size(type));
    }
    if (fill) {
        H5Pset_fill_value(dcpl, fill_type, fill);
        H5Pset_fill_time(dcpl, H5D_FILL_TIME_ALLOC);
    }
    hid_t sp = H5Screate_simple(nd, dims, NULL);
    hid_t d = H5Dcreate2(file, name, type, sp, H5P_DEFAULT, dcpl, H5P_DEFAULT);
    H5Sclose(sp), H5Pclose(dcpl);
    return d;
}

static int axis_name_ok(hid_t file, const char *name)
{
    EIG_CHECK(name[0] && !strchr(name, '/') && strcmp(name, ".") && strcmp(name, ".."), EIG_ERR_INPUT,
              "grid axis name '%s' cannot name a dataset (empty, '.', '..' or with '/'): rename the axis", name);
    EIG_CHECK(H5Lexists(file, name, H5P_DEFAULT) <= 0, EIG_ERR_INPUT,
              "grid axis name '%s' is also the name of the result's dataset /%s: rename the axis", name, name);
    return 0;
}

static int write_1d(hid_t file, const char *name, int nd, const hsize_t *dims, const double *values, int writer,
                    hid_t *out)
{
    hid_t d = eig_h5_create_dataset(file, name, H5T_IEEE_F64LE, nd, dims);
    EIG_CHECK(d >= 0, EIG_ERR_OUTPUT, "cannot create the axis dataset /%s", name);
    herr_t e = writer ? H5Dwrite(d, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, values) : 0;
    if (e < 0) H5Dclose(d);
    EIG_CHECK(e >= 0, EIG_ERR_OUTPUT, "cannot write the axis dataset /%s", name);
    *out = d;
    return 0;
}

int eig_grid_write_axes(hid_t file, const eig_grid *g, int writer)
{
    if (g->points) {
        EIG_CALL(axis_name_ok(file, "points"));
        hsize_t dims[2] = {(hsize_t)g->dims[0], (hsize_t)g->params};
        hid_t d = -1;
        EIG_CALL(write_1d(file, "points", 2, dims, g->points, writer, &d));
        H5Dclose(d);
        return 0;
    }
    for (int k = 0; k < g->rank; k++) {
        if (!g->values[k]) continue;
        EIG_CALL(axis_name_ok(file, g->name[k]));
        hsize_t len = (hsize_t)g->dims[k];
        hid_t d = -1;
        EIG_CALL(write_1d(file, g->name[k], 1, &len, g->values[k], writer, &d));
        herr_t e = H5DSset_scale(d, g->name[k]);
        H5Dclose(d);
        EIG_CHECK(e >= 0, EIG_ERR_OUTPUT, "cannot make /%s a dimension scale", g->name[k]);
    }
    return 0;
}

static herr_t first_scale_name(hid_t did, unsigned dim, hid_t scale, void *data)
{
    (void)did, (void)dim;
    char path[256] = "";
    H5Iget_name(scale, path, sizeof path);
    const char *slash = strrchr(path, '/');
    snprintf((char *)data, EIG_GRID_NAME_MAX, "%s", slash ? slash + 1 : path);
    return 1; /* the first scale */
}

void eig_grid_scale_name(hid_t dset, unsigned dim, char *name)
{
    name[0] = '\0';
    if (H5DSget_num_scales(dset, dim) > 0) H5DSiterate_scales(dset, dim, NULL, first_scale_name, name);
}

int eig_grid_attach_axes(hid_t file, const eig_grid *g, hid_t dset)
{
    if (g->points) return 0;
    for (int k = 0; k < g->rank; k++) {
        if (!g->values[k]) continue;
        hid_t s = H5Dopen2(file, g->name[k], H5P_DEFAULT);
        herr_t e = s < 0 ? -1 : H5DSattach_scale(dset, s, (unsigned)k);
        if (s >= 0) H5Dclose(s);
        EIG_CHECK(e >= 0, EIG_ERR_OUTPUT, "cannot attach the axis /%s to dimension %d", g->name[k], k);
    }
    return 0;
}

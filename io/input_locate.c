/* Helpers that make input errors point at the way out (io/input_locate.h). */
#include "input_locate.h"

#include <stdio.h>
#include <string.h>

#include "eig_error.h"

typedef struct {
    char *out;
    size_t cap;
    int listed, more;
} candidates;

static const char *type_word(hid_t t)
{
    size_t sz = H5Tget_size(t);
    switch (H5Tget_class(t)) {
    case H5T_FLOAT: return sz == 4 ? "float32" : sz == 8 ? "float64" : sz == 2 ? "float16" : "float";
    case H5T_INTEGER: return "integer";
    case H5T_COMPOUND: return sz == 16 ? "complex128?" : sz == 8 ? "complex64?" : "compound";
    default: return "other";
    }
}

static herr_t visit_one(hid_t obj, const char *name, const H5O_info_t *info, void *arg)
{
    candidates *c = arg;
    if (info->type != H5O_TYPE_DATASET || !strcmp(name, ".")) return 0;
    hid_t d = H5Dopen2(obj, name, H5P_DEFAULT);
    if (d < 0) return 0;
    hid_t s = H5Dget_space(d), t = H5Dget_type(d);
    int rank = H5Sget_simple_extent_ndims(s);
    hsize_t dims[8] = {0};
    if (rank >= 2 && rank <= 3) {
        H5Sget_simple_extent_dims(s, dims, NULL);
        if (c->listed >= 6) {
            c->more++;
        } else {
            size_t len = strlen(c->out);
            if (rank == 3)
                snprintf(c->out + len, c->cap - len, "%s/%s [%llu,%llu,%llu] %s", c->listed ? ", " : "", name,
                         (unsigned long long)dims[0], (unsigned long long)dims[1], (unsigned long long)dims[2],
                         type_word(t));
            else
                snprintf(c->out + len, c->cap - len, "%s/%s [%llu,%llu] %s", c->listed ? ", " : "", name,
                         (unsigned long long)dims[0], (unsigned long long)dims[1], type_word(t));
            c->listed++;
        }
    }
    H5Tclose(t), H5Sclose(s), H5Dclose(d);
    return 0;
}

void eig_h5_list_candidates(hid_t file, char *out, size_t cap)
{
    candidates c = {out, cap, 0, 0};
    out[0] = '\0';
    H5Ovisit(file, H5_INDEX_NAME, H5_ITER_INC, visit_one, &c);
    if (c.more) {
        size_t len = strlen(out);
        snprintf(out + len, cap - len, " and %d more", c.more);
    }
}

/* Registered names of the third-party filters users meet most (The HDF
 * Group's filter registry), for errors about a filter that is absent. */
static const char *known_filter(H5Z_filter_t id)
{
    switch (id) {
    case 32000: return "lzf, h5py's own compression";
    case 32001: return "blosc";
    case 32004: return "lz4";
    case 32008: return "bitshuffle";
    case 32013: return "zfp";
    case 32015: return "zstd";
    case 32026: return "blosc2";
    default: return NULL;
    }
}

int eig_h5_check_filters(hid_t dset, const char *path, const char *name)
{
    hid_t dcpl = H5Dget_create_plist(dset);
    EIG_CHECK(dcpl >= 0, EIG_ERR_INPUT, "%s: cannot read the storage properties of %s (file damaged?)", path, name);
    int nf = H5Pget_nfilters(dcpl), rc = 0;
    for (int i = 0; i < nf && !rc; i++) {
        unsigned flags, conf[8];
        size_t nconf = 8;
        char fname[128] = "";
        H5Z_filter_t id = H5Pget_filter2(dcpl, (unsigned)i, &flags, &nconf, conf, sizeof fname, fname, NULL);
        if (id < 0 || H5Zfilter_avail(id) > 0) continue;
        const char *known = known_filter(id);
        rc = EIG_ERROR(EIG_ERR_INPUT,
                       "%s: %s is stored with HDF5 filter %d (%s), which this HDF5 build cannot decode; rewrite it "
                       "with gzip (h5py: compression=\"gzip\"; or h5repack -f GZIP=4 IN OUT), or point "
                       "HDF5_PLUGIN_PATH at a plugin for it",
                       path, name, (int)id, known ? known : fname[0] ? fname : "unregistered");
    }
    H5Pclose(dcpl);
    return rc;
}

void eig_h5_layout_hint(const unsigned long long *dims, int rank, char *out, size_t cap)
{
    out[0] = '\0';
    if (rank == 3 && dims[0] == dims[1] && dims[1] != dims[2])
        snprintf(out, cap,
                 "; it looks like matrices stacked along the last axis ([n, n, N], matrix i at [:, :, i]): "
                 "eigsweep reads [N, n, n] with matrix i at [i, :, :]; in numpy write "
                 "np.ascontiguousarray(A.transpose(2, 0, 1))");
}

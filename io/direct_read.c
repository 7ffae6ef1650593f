#include "direct_read.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "eig_error.h"

struct eig_direct_reader {
    int fd;
    char path[4096];
    size_t row_bytes;      /* one first-dimension entry (a matrix, a diagonal) */
    eig_idx rows;          /* the dataset's extent */
    eig_idx chunk_rows;    /* rows per HDF5 chunk; 0: contiguous */
    haddr_t base;          /* contiguous: the data's file offset */
    haddr_t *chunk_addr;   /* chunked: file offset per chunk, 0 = not looked up yet */
    long long bytes;
};

/* A piece of one read: `len` bytes from file offset `at` to buffer offset `to`. */
typedef struct {
    off_t at;
    size_t to, len;
} piece;

enum { PIECE_BYTES = 8 << 20 }; /* large enough for full speed per call, small enough to spread over threads */

static int direct_enabled(void)
{
    const char *e = getenv("EIG_DIRECT_READ");
    return !(e && !strcmp(e, "0"));
}

/* Whether d's chunks (if any) hold whole rows; sets chunk_rows (0: contiguous). */
static int storage_allows(hid_t file, hid_t d, int rank, const hsize_t *dims, eig_idx *chunk_rows)
{
    hid_t fcpl = H5Fget_create_plist(file);
    hsize_t ub = 1;
    if (fcpl >= 0) H5Pget_userblock(fcpl, &ub), H5Pclose(fcpl);
    if (ub != 0) return 0; /* addresses would be relative to the user block */
    hid_t dcpl = H5Dget_create_plist(d);
    if (dcpl < 0) return 0;
    int ok = H5Pget_nfilters(dcpl) == 0 && H5Pget_external_count(dcpl) == 0;
    H5D_layout_t layout = H5Pget_layout(dcpl);
    *chunk_rows = 0;
    if (ok && layout == H5D_CHUNKED) {
        hsize_t ch[8];
        ok = H5Pget_chunk(dcpl, 8, ch) == rank && ch[0] > 0;
        for (int k = 1; ok && k < rank; k++) ok = ch[k] == dims[k];
        if (ok) *chunk_rows = (eig_idx)ch[0];
    } else if (layout != H5D_CONTIGUOUS) {
        ok = 0; /* compact, virtual */
    }
    H5Pclose(dcpl);
    return ok;
}

eig_direct_reader *eig_direct_open(const char *path, hid_t file, hid_t d, hid_t mt)
{
    if (!direct_enabled() || d < 0 || mt < 0) return NULL;
    hid_t ft = H5Dget_type(d);
    int same = ft >= 0 && H5Tequal(ft, mt) > 0;
    size_t es = ft >= 0 ? H5Tget_size(ft) : 0;
    if (ft >= 0) H5Tclose(ft);
    if (!same) return NULL; /* HDF5 converts (integers, byte order, member order) */
    hid_t sp = H5Dget_space(d);
    int rank = H5Sget_simple_extent_ndims(sp);
    hsize_t dims[8] = {0};
    if (rank >= 1 && rank <= 8) H5Sget_simple_extent_dims(sp, dims, NULL);
    H5Sclose(sp);
    eig_idx chunk_rows = 0;
    if (rank < 1 || rank > 8 || !storage_allows(file, d, rank, dims, &chunk_rows)) return NULL;
    haddr_t base = 0;
    if (!chunk_rows && (base = H5Dget_offset(d)) == HADDR_UNDEF) {
        H5Eclear2(H5E_DEFAULT);
        return NULL; /* not allocated: HDF5 gives the fill value */
    }
    eig_direct_reader *r = calloc(1, sizeof *r);
    if (!r) return NULL;
    r->row_bytes = es;
    for (int k = 1; k < rank; k++) r->row_bytes *= dims[k];
    r->rows = (eig_idx)dims[0], r->chunk_rows = chunk_rows, r->base = base;
    snprintf(r->path, sizeof r->path, "%s", path);
    eig_idx nchunks = chunk_rows ? (r->rows + chunk_rows - 1) / chunk_rows : 0;
    r->chunk_addr = nchunks ? calloc((size_t)nchunks, sizeof(haddr_t)) : NULL;
    r->fd = open(path, O_RDONLY | O_CLOEXEC);
    if (r->fd < 0 || (nchunks && !r->chunk_addr)) {
        eig_direct_close(r);
        return NULL;
    }
    return r;
}

/* Chunk k's file offset (looked up once), or HADDR_UNDEF where the chunk is
 * not allocated or not stored as a plain whole chunk. */
static haddr_t chunk_address(eig_direct_reader *r, hid_t d, eig_idx k)
{
    if (r->chunk_addr[k]) return r->chunk_addr[k];
    hsize_t off[8] = {(hsize_t)(k * r->chunk_rows)};
    unsigned mask = 0;
    haddr_t addr = HADDR_UNDEF;
    hsize_t size = 0;
    if (H5Dget_chunk_info_by_coord(d, off, &mask, &addr, &size) < 0) {
        H5Eclear2(H5E_DEFAULT);
        return HADDR_UNDEF;
    }
    if (addr == HADDR_UNDEF || mask != 0 || size != (hsize_t)r->chunk_rows * r->row_bytes) return HADDR_UNDEF;
    return r->chunk_addr[k] = addr;
}

/* The file ranges holding rows [start, start+count), merged where they
 * follow each other on disk and cut into PIECE_BYTES pieces. *n = 0 when a
 * chunk cannot be read directly. */
static piece *plan(eig_direct_reader *r, hid_t d, eig_idx start, eig_idx count, size_t *n)
{
    size_t total = (size_t)count * r->row_bytes, cap = total / PIECE_BYTES + 2;
    eig_idx per = r->chunk_rows ? r->chunk_rows : r->rows;
    cap += (size_t)((start + count - 1) / per - start / per + 1);
    piece *p = malloc(cap * sizeof *p);
    *n = 0;
    if (!p) return NULL;
    size_t to = 0;
    for (eig_idx row = start; row < start + count;) {
        eig_idx k = row / per, end = (k + 1) * per < start + count ? (k + 1) * per : start + count;
        haddr_t a = r->chunk_rows ? chunk_address(r, d, k) : r->base;
        if (a == HADDR_UNDEF) { *n = 0; return p; }
        off_t at = (off_t)(a + (haddr_t)(row - k * per) * r->row_bytes);
        size_t len = (size_t)(end - row) * r->row_bytes;
        if (*n && p[*n - 1].at + (off_t)p[*n - 1].len == at) p[*n - 1].len += len;
        else p[(*n)++] = (piece){at, to, len};
        to += len, row = end;
    }
    /* cut the merged ranges into pieces the threads share */
    size_t m = 0;
    for (size_t i = 0; i < *n; i++) m += (p[i].len + PIECE_BYTES - 1) / PIECE_BYTES;
    piece *q = malloc((m ? m : 1) * sizeof *q);
    if (!q) { *n = 0; return p; }
    size_t j = 0;
    for (size_t i = 0; i < *n; i++)
        for (size_t done = 0; done < p[i].len; done += PIECE_BYTES, j++) {
            size_t len = p[i].len - done < PIECE_BYTES ? p[i].len - done : PIECE_BYTES;
            q[j] = (piece){p[i].at + (off_t)done, p[i].to + done, len};
        }
    free(p);
    *n = j;
    return q;
}

int eig_direct_read_rows(eig_direct_reader *r, hid_t d, const char *name, eig_idx start, eig_idx count, void *buf,
                         int *done)
{
    *done = 0;
    if (!r || count <= 0 || start < 0 || start + count > r->rows) return 0;
    size_t n = 0;
    piece *p = plan(r, d, start, count, &n);
    if (!n) { free(p); return 0; }
    *done = 1;
    int err = 0;
    long long short_at = -1;
#pragma omp parallel for schedule(dynamic, 1) reduction(| : err)
    for (size_t i = 0; i < n; i++) {
        size_t got = 0;
        while (got < p[i].len) {
            ssize_t k = pread(r->fd, (char *)buf + p[i].to + got, p[i].len - got, p[i].at + (off_t)got);
            if (k < 0 && errno == EINTR) continue;
            if (k <= 0) {
                err |= k < 0 ? 1 : 2; /* 2: end of file (truncated) */
#pragma omp critical(direct_read_short)
                if (short_at < 0 || (long long)(p[i].to + got) < short_at) short_at = (long long)(p[i].to + got);
                break;
            }
            got += (size_t)k;
        }
    }
    free(p);
    if (err) {
        eig_idx row = start + (eig_idx)(short_at / (long long)r->row_bytes);
        return EIG_ERROR(EIG_ERR_INPUT, "%s: %s in %s at matrix %lld (rows %lld..%lld)%s", r->path,
                         err & 1 ? "read error" : "file ends early", name, (long long)row, (long long)start,
                         (long long)(start + count - 1), err & 1 ? "" : " (truncated file?)");
    }
    r->bytes += (long long)((size_t)count * r->row_bytes);
    return 0;
}

long long eig_direct_bytes(const eig_direct_reader *r) { return r ? r->bytes : 0; }

void eig_direct_close(eig_direct_reader *r)
{
    if (!r) return;
    if (r->fd >= 0) close(r->fd);
    free(r->chunk_addr);
    free(r);
}

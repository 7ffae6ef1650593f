#include "identity.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "eig_error.h"

#define MIB ((uint64_t)1 << 20)
#define WHOLE_FILE_MAX (8 * MIB) /* hashed whole up to this size */
#define EDGE_BYTES MIB           /* head and tail hashed above it */
#define SAMPLE_BLOCKS 64         /* ... and these blocks in between */
#define SAMPLE_BYTES (64 * 1024)

uint64_t eig_fnv1a64(uint64_t h, const void *data, size_t len)
{
    const unsigned char *p = data;
    for (size_t i = 0; i < len; i++) h = (h ^ p[i]) * 0x100000001b3ULL;
    return h;
}

/* Hashes bytes [off, off+len) of fd into *h through buf (len <= MIB). */
static int hash_bytes(int fd, const char *path, uint64_t off, uint64_t len, unsigned char *buf, uint64_t *h)
{
    uint64_t got = 0;
    while (got < len) {
        ssize_t r = pread(fd, buf + got, (size_t)(len - got), (off_t)(off + got));
        if (r < 0 && errno == EINTR) continue;
        EIG_CHECK(r > 0, EIG_ERR_INPUT, "%s: cannot read bytes %llu..%llu to identify the input: %s", path,
                  (unsigned long long)(off + got), (unsigned long long)(off + len - 1),
                  r < 0 ? strerror(errno) : "the file became shorter");
        got += (uint64_t)r;
    }
    *h = eig_fnv1a64(*h, buf, (size_t)len);
    return 0;
}

static int hash_file(int fd, const char *path, uint64_t size, unsigned char *buf, uint64_t *h)
{
    if (size <= WHOLE_FILE_MAX) {
        for (uint64_t off = 0; off < size; off += MIB) EIG_CALL(hash_bytes(fd, path, off, size - off < MIB ? size - off : MIB, buf, h));
        return 0;
    }
    /* A large collection is mostly matrices: the head holds the HDF5 header
     * and the first rows, and the blocks spread over the rest hit data
     * wherever the datasets lie, so two inputs generated with different
     * seeds differ in the sample even when their headers are identical. */
    EIG_CALL(hash_bytes(fd, path, 0, EDGE_BYTES, buf, h));
    uint64_t span = size - 2 * EDGE_BYTES - SAMPLE_BYTES;
    for (uint64_t k = 0; k < SAMPLE_BLOCKS; k++)
        EIG_CALL(hash_bytes(fd, path, EDGE_BYTES + k * span / (SAMPLE_BLOCKS - 1), SAMPLE_BYTES, buf, h));
    return hash_bytes(fd, path, size - EDGE_BYTES, EDGE_BYTES, buf, h);
}

int eig_input_identity(const char *path, char *out, size_t cap)
{
    int fd = open(path, O_RDONLY);
    EIG_CHECK(fd >= 0, EIG_ERR_INPUT, "%s: cannot open to identify the input: %s", path, strerror(errno));
    struct stat st;
    unsigned char *buf = malloc(MIB);
    int rc = fstat(fd, &st) == 0 ? 0 : EIG_ERROR(EIG_ERR_INPUT, "%s: cannot stat the input: %s", path, strerror(errno));
    if (!rc && !buf) rc = EIG_ERROR(EIG_ERR_RESOURCE, "out of host memory identifying %s", path);
    uint64_t h = EIG_FNV1A64_INIT, size = rc ? 0 : (uint64_t)st.st_size;
    if (!rc) rc = hash_file(fd, path, size, buf, &h);
    free(buf);
    close(fd);
    if (rc) return rc;
    snprintf(out, cap, "file:bytes=%llu:fnv1a64=%016llx", (unsigned long long)size, (unsigned long long)h);
    return 0;
}

/* The absolute path of path with every symlink resolved; for a path that
 * does not exist yet, the real path of its directory plus the final name.
 * 0, or -1 when not even the directory resolves. */
static int canonical_path(const char *path, char *out, size_t cap)
{
    char *real = realpath(path, NULL);
    if (real) {
        snprintf(out, cap, "%s", real);
        free(real);
        return 0;
    }
    char dir[PATH_MAX];
    snprintf(dir, sizeof dir, "%s", path);
    char *slash = strrchr(dir, '/');
    const char *base = slash ? path + (slash - dir) + 1 : path;
    if (!*base || !strcmp(base, ".") || !strcmp(base, "..")) return -1;
    if (!slash) snprintf(dir, sizeof dir, ".");
    else if (slash == dir) snprintf(dir, sizeof dir, "/");
    else *slash = '\0';
    real = realpath(dir, NULL);
    if (!real) return -1;
    snprintf(out, cap, "%s%s%s", real, strcmp(real, "/") ? "/" : "", base);
    free(real);
    return 0;
}

int eig_same_file(const char *a, const char *b)
{
    struct stat sa, sb;
    if (stat(a, &sa) == 0 && stat(b, &sb) == 0) return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
    char ca[PATH_MAX], cb[PATH_MAX];
    if (canonical_path(a, ca, sizeof ca) == 0 && canonical_path(b, cb, sizeof cb) == 0) return strcmp(ca, cb) == 0;
    return strcmp(a, b) == 0;
}

/* The value of word `name` (nlen bytes) in key, and its length; NULL when absent. */
static const char *key_value(const char *key, const char *name, size_t nlen, size_t *vlen)
{
    for (const char *w = key; *w;) {
        size_t len = strcspn(w, " ");
        if (len > nlen && w[nlen] == '=' && !strncmp(w, name, nlen)) {
            *vlen = len - nlen - 1;
            return w + nlen + 1;
        }
        w += len;
        w += strspn(w, " ");
    }
    return NULL;
}

/* Appends the words of x that are missing from y or differ there. */
static void append_differences(const char *x, const char *xl, const char *y, const char *yl, int x_first,
                               int only_missing, char *out, size_t cap)
{
    for (const char *w = x + strspn(x, " "); *w;) {
        size_t len = strcspn(w, " "), nlen = strcspn(w, "= ");
        if (nlen > len) nlen = len;
        size_t xv_len = len > nlen ? len - nlen - 1 : 0, yv_len = 0;
        const char *xv = w + (len > nlen ? nlen + 1 : len), *yv = key_value(y, w, nlen, &yv_len);
        int differs = only_missing ? !yv : !yv || xv_len != yv_len || strncmp(xv, yv, xv_len);
        size_t used = strlen(out);
        if (differs && used + 1 < cap) {
            const char *none = "(none)";
            int xn = (int)xv_len, yn = yv ? (int)yv_len : (int)strlen(none);
            if (!yv) yv = none;
            if (x_first)
                snprintf(out + used, cap - used, "%s%.*s: %.*s (%s) vs %.*s (%s)", used ? "; " : "", (int)nlen, w, xn, xv,
                         xl, yn, yv, yl);
            else
                snprintf(out + used, cap - used, "%s%.*s: %.*s (%s) vs %.*s (%s)", used ? "; " : "", (int)nlen, w, yn, yv,
                         yl, xn, xv, xl);
        }
        w += len;
        w += strspn(w, " ");
    }
}

void eig_key_difference(const char *a, const char *a_label, const char *b, const char *b_label, char *out, size_t cap)
{
    if (!cap) return;
    out[0] = '\0';
    append_differences(a, a_label, b, b_label, 1, 0, out, cap);
    append_differences(b, b_label, a, a_label, 0, 1, out, cap);
}

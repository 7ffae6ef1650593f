/* LD_PRELOAD shim for the kill tests (tests/cli/kill_points.sh): kills this
 * process with SIGKILL at a chosen point of writing an output, as a
 * wall-time limit or a node failure would, at a point a test can name.
 *
 *   EIG_KILL_AT_WRITE=k      SIGKILL just before the k-th write (write,
 *                            pwrite, writev, pwritev) to a file whose path
 *                            ends in ".partial" (fds tracked from open)
 *   EIG_KILL_BEFORE_RENAME=1 SIGKILL at rename() of a ".partial"
 *   EIG_STOP_AT_FSYNC=1      SIGSTOP at fsync() of a ".partial" (the finish,
 *                            before it checks and renames the file): a test
 *                            then acts on the file and sends SIGCONT
 *   EIG_KILL_COUNT_FILE=F    at exit, append "pid writes" to F (how many
 *                            such writes an uninterrupted run makes)
 *
 * Only syscall wrappers called from other libraries are seen (HDF5, MPI-IO),
 * which is every write to the output. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/uio.h>
#include <unistd.h>

enum { MAX_FD = 65536 };
static unsigned char tracked[MAX_FD];
static long writes_seen;

static int ends_with_partial(const char *path)
{
    size_t n = path ? strlen(path) : 0, k = strlen(".partial");
    return n >= k && strcmp(path + n - k, ".partial") == 0;
}

static void track(int fd, const char *path)
{
    if (fd >= 0 && fd < MAX_FD) tracked[fd] = (unsigned char)ends_with_partial(path);
}

static long env_long(const char *name)
{
    const char *v = getenv(name);
    return v ? atol(v) : 0;
}

static void before_write(int fd)
{
    if (fd < 0 || fd >= MAX_FD || !tracked[fd]) return;
    writes_seen++;
    long k = env_long("EIG_KILL_AT_WRITE");
    if (k > 0 && writes_seen == k) raise(SIGKILL);
}

__attribute__((destructor)) static void report_count(void)
{
    const char *f = getenv("EIG_KILL_COUNT_FILE");
    if (!f) return;
    FILE *out = fopen(f, "a");
    if (!out) return;
    fprintf(out, "%ld %ld\n", (long)getpid(), writes_seen);
    fclose(out);
}

#define REAL(ret, name, ...) static ret (*real)(__VA_ARGS__); if (!real) real = (ret (*)(__VA_ARGS__))dlsym(RTLD_NEXT, name)

static mode_t mode_arg(int flags, va_list ap)
{
    return (flags & (O_CREAT | O_TMPFILE)) ? (mode_t)va_arg(ap, int) : 0;
}

int open(const char *path, int flags, ...)
{
    REAL(int, "open", const char *, int, ...);
    va_list ap;
    va_start(ap, flags);
    mode_t m = mode_arg(flags, ap);
    va_end(ap);
    int fd = real(path, flags, m);
    track(fd, path);
    return fd;
}

int open64(const char *path, int flags, ...)
{
    REAL(int, "open64", const char *, int, ...);
    va_list ap;
    va_start(ap, flags);
    mode_t m = mode_arg(flags, ap);
    va_end(ap);
    int fd = real(path, flags, m);
    track(fd, path);
    return fd;
}

int openat(int dir, const char *path, int flags, ...)
{
    REAL(int, "openat", int, const char *, int, ...);
    va_list ap;
    va_start(ap, flags);
    mode_t m = mode_arg(flags, ap);
    va_end(ap);
    int fd = real(dir, path, flags, m);
    track(fd, path);
    return fd;
}

int openat64(int dir, const char *path, int flags, ...)
{
    REAL(int, "openat64", int, const char *, int, ...);
    va_list ap;
    va_start(ap, flags);
    mode_t m = mode_arg(flags, ap);
    va_end(ap);
    int fd = real(dir, path, flags, m);
    track(fd, path);
    return fd;
}

int close(int fd)
{
    REAL(int, "close", int);
    if (fd >= 0 && fd < MAX_FD) tracked[fd] = 0;
    return real(fd);
}

ssize_t write(int fd, const void *buf, size_t n)
{
    REAL(ssize_t, "write", int, const void *, size_t);
    before_write(fd);
    return real(fd, buf, n);
}

ssize_t pwrite(int fd, const void *buf, size_t n, off_t off)
{
    REAL(ssize_t, "pwrite", int, const void *, size_t, off_t);
    before_write(fd);
    return real(fd, buf, n, off);
}

ssize_t pwrite64(int fd, const void *buf, size_t n, off_t off)
{
    REAL(ssize_t, "pwrite64", int, const void *, size_t, off_t);
    before_write(fd);
    return real(fd, buf, n, off);
}

ssize_t writev(int fd, const struct iovec *iov, int cnt)
{
    REAL(ssize_t, "writev", int, const struct iovec *, int);
    before_write(fd);
    return real(fd, iov, cnt);
}

ssize_t pwritev(int fd, const struct iovec *iov, int cnt, off_t off)
{
    REAL(ssize_t, "pwritev", int, const struct iovec *, int, off_t);
    before_write(fd);
    return real(fd, iov, cnt, off);
}

ssize_t pwritev64(int fd, const struct iovec *iov, int cnt, off_t off)
{
    REAL(ssize_t, "pwritev64", int, const struct iovec *, int, off_t);
    before_write(fd);
    return real(fd, iov, cnt, off);
}

int rename(const char *from, const char *to)
{
    REAL(int, "rename", const char *, const char *);
    if (ends_with_partial(from)) {
        if (env_long("EIG_KILL_BEFORE_RENAME")) raise(SIGKILL);
    }
    return real(from, to);
}

int fsync(int fd)
{
    REAL(int, "fsync", int);
    if (fd >= 0 && fd < MAX_FD && tracked[fd] && env_long("EIG_STOP_AT_FSYNC")) raise(SIGSTOP);
    return real(fd);
}

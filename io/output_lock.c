/* The output's lock file (output_lock.h). */
#include "output_lock.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "eig_error.h"

/* The lock file names its holder: "pid host run-id". */
static void holder_of(int fd, char *out, size_t cap)
{
    char buf[512];
    ssize_t got = pread(fd, buf, sizeof buf - 1, 0);
    buf[got > 0 ? got : 0] = '\0';
    long pid = 0;
    char host[256] = "?";
    if (sscanf(buf, "%ld %255s", &pid, host) >= 1)
        snprintf(out, cap, "pid %ld, host %s", pid, host);
    else
        snprintf(out, cap, "its pid and host not yet written");
}

int eig_output_lock_take(eig_output_lock *l, const char *path, const char *what)
{
    l->fd = -1;
    snprintf(l->path, sizeof l->path, "%s.lock", path);
    /* A finished run unlinks the file while holding it: a run that opened the
     * old file just then would lock an orphan, so it checks that the file it
     * locked is still the one under the name, and tries again if not. */
    for (int attempt = 0; attempt < 8; attempt++) {
        int fd = open(l->path, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
        EIG_CHECK(fd >= 0, EIG_ERR_OUTPUT, "%s: cannot create the output's lock file: %s", l->path, strerror(errno));
        int err = flock(fd, LOCK_EX | LOCK_NB) == 0 ? 0 : errno;
        if (err == ENOSYS || err == ENOLCK || err == EOPNOTSUPP) {
            /* A file system without flock (Lustre mounted noflock): run
             * unlocked; the check before the rename still guards OUT.h5. */
            fprintf(stderr, "eigsweep: note: %s: this file system cannot lock files (%s); nothing stops a second run "
                            "on the same output\n", l->path, strerror(err));
            l->fd = fd;
            return 0;
        }
        if (err) {
            char holder[320];
            holder_of(fd, holder, sizeof holder);
            close(fd);
            if (err == EWOULDBLOCK)
                return EIG_ERROR(EIG_ERR_OUTPUT,
                                 "%s.partial is being written by another eigsweep run (%s); wait for it to end, or "
                                 "choose another -o",
                                 path, holder);
            return EIG_ERROR(EIG_ERR_OUTPUT, "%s: cannot lock the output's lock file: %s", l->path, strerror(err));
        }
        struct stat held, named;
        if (fstat(fd, &held) == 0 && stat(l->path, &named) == 0 && held.st_dev == named.st_dev &&
            held.st_ino == named.st_ino) {
            char host[256] = "?", line[600];
            gethostname(host, sizeof host - 1);
            int len = snprintf(line, sizeof line, "%ld %s %s\n", (long)getpid(), host, what);
            if (ftruncate(fd, 0) != 0 || pwrite(fd, line, (size_t)len, 0) != len) {
                /* The lock holds without the note; only the message of a
                 * second run would lack the pid. */
            }
            l->fd = fd;
            return 0;
        }
        close(fd);
    }
    return EIG_ERROR(EIG_ERR_OUTPUT, "%s: the lock file keeps changing under this run (another run starting and "
                     "ending?); try again", l->path);
}

void eig_output_lock_release(eig_output_lock *l)
{
    if (l->fd < 0) return;
    unlink(l->path); /* while still held: no other run can have it now */
    close(l->fd);
    l->fd = -1;
}

/* gnuplot as a child process for `eigsweep plot` (driver/plot_gnuplot.h):
 * the slice and the script go to a private temporary directory, gnuplot
 * draws into OUT.partial, which becomes OUT once gnuplot exits 0. */
#include "plot_gnuplot.h"

#include <errno.h>
#include <math.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "eig_error.h"
#include "h5util.h"

extern char **environ;

/* x y z lines, a blank line after each row of y (gnuplot's grid format). */
static int write_data(const eig_plot_data *d, const char *path)
{
    FILE *f = fopen(path, "w");
    EIG_CHECK(f, EIG_ERR_OUTPUT, "%s: cannot write the plot's data: %s", path, strerror(errno));
    if (!d->ylabel) {
        for (size_t i = 0; i < d->nx; i++) fprintf(f, "%.17g %.17g\n", d->x[i], d->z[i]);
    } else {
        for (size_t j = 0; j < d->ny; j++) {
            for (size_t i = 0; i < d->nx; i++) fprintf(f, "%.17g %.17g %.17g\n", d->x[i], d->y[j], d->z[j * d->nx + i]);
            fprintf(f, "\n");
        }
    }
    int bad = ferror(f);
    bad |= fclose(f) != 0;
    EIG_CHECK(!bad, EIG_ERR_OUTPUT, "%s: cannot write the plot's data (disk full?)", path);
    return 0;
}

/* A gnuplot string literal: single-quoted, '' for a quote. */
static void quoted(FILE *f, const char *s)
{
    fputc('\'', f);
    for (; *s; s++) {
        if (*s == '\'') fputc('\'', f);
        fputc(*s, f);
    }
    fputc('\'', f);
}

static int write_script(const eig_plot_data *d, const char *dir, const char *png, const char *path)
{
    FILE *f = fopen(path, "w");
    EIG_CHECK(f, EIG_ERR_OUTPUT, "%s: cannot write the gnuplot script: %s", path, strerror(errno));
    char data[4200];
    snprintf(data, sizeof data, "%s/data.txt", dir);
    fprintf(f, "set datafile missing 'NaN'\nset terminal pngcairo size 960,720 noenhanced\nset output ");
    quoted(f, png);
    fprintf(f, "\nset title ");
    quoted(f, d->title);
    fprintf(f, "\nset xlabel ");
    quoted(f, d->xlabel);
    fprintf(f, "\nset grid\n");
    if (!d->ylabel) { /* a line along one axis, the level dashed */
        fprintf(f, "set ylabel ");
        quoted(f, d->zlabel);
        fprintf(f, "\nplot ");
        quoted(f, data);
        fprintf(f, " using 1:2 with linespoints pt 7 ps 0.5 title ");
        quoted(f, d->zlabel);
        if (d->has_level) fprintf(f, ", %.17g with lines dt 2 lc rgb 'black' title 'boundary (%g)'", d->level, d->level);
        fprintf(f, "\n");
    } else { /* a heat map; the boundary as a contour, drawn on top */
        fprintf(f, "set ylabel ");
        quoted(f, d->ylabel);
        fprintf(f, "\nset cblabel ");
        quoted(f, d->zlabel);
        fprintf(f, "\nset xrange [*:*] noextend\nset yrange [*:*] noextend\nset palette defined (0 '#2c7bb6', 1 '#ffffbf', 2 '#d7191c')\n");
        if (d->has_level) {
            /* the palette's middle (pale yellow) at the boundary */
            double m = 0;
            for (size_t k = 0; k < d->nx * d->ny; k++)
                if (isfinite(d->z[k]) && fabs(d->z[k] - d->level) > m) m = fabs(d->z[k] - d->level);
            if (m > 0) fprintf(f, "set cbrange [%.17g:%.17g]\n", d->level - m, d->level + m);
            /* The contour drawn by the same splot, in the plane of the map. (A
             * contour written with `set table` and splot back `with lines`
             * is read as a mesh: its segments, separated by single blank
             * lines, got joined across into a hatch.) */
            fprintf(f, "set contour base\nset cntrlabel onecolor\nset cntrparam levels discrete %.17g\n", d->level);
        }
        fprintf(f, "set view map\nset key at screen 0.5, screen 0.03 center horizontal\nsplot ");
        quoted(f, data);
        fprintf(f, " using 1:2:3 with pm3d nocontours notitle");
        if (d->has_level) {
            fprintf(f, ", ");
            quoted(f, data);
            fprintf(f, " using 1:2:3 nosurface with lines lw 2 lc rgb 'black' title 'boundary (%s = %g)'", d->zlabel,
                    d->level);
        }
        fprintf(f, "\n");
    }
    int bad = ferror(f);
    bad |= fclose(f) != 0;
    EIG_CHECK(!bad, EIG_ERR_OUTPUT, "%s: cannot write the gnuplot script (disk full?)", path);
    return 0;
}

/* gnuplot SCRIPT; 0 when it exits 0. */
static int run_gnuplot(const char *script)
{
    pid_t pid;
    char *argv[] = {"gnuplot", (char *)script, NULL};
    int e = posix_spawnp(&pid, "gnuplot", NULL, NULL, argv, environ);
    EIG_CHECK(e != ENOENT, EIG_ERR_RESOURCE,
              "plot: gnuplot is not installed (not on PATH): install the package gnuplot-nox (apt-get install "
              "gnuplot-nox; jobs/bootstrap.sh does)");
    EIG_CHECK(e == 0, EIG_ERR_RESOURCE, "plot: cannot start gnuplot: %s", strerror(e));
    int status = 0;
    while (waitpid(pid, &status, 0) < 0)
        EIG_CHECK(errno == EINTR, EIG_ERR_RESOURCE, "plot: waiting for gnuplot: %s", strerror(errno));
    EIG_CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0, EIG_ERR_RESOURCE,
              "plot: gnuplot failed (%s %d; its messages are above); no PNG written",
              WIFEXITED(status) ? "exit status" : "signal", WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status));
    return 0;
}

int eig_plot_png(const eig_plot_data *d, const char *out)
{
    const char *tmp = getenv("TMPDIR");
    char dir[4096], data[4200], script[4200], partial[4200];
    snprintf(dir, sizeof dir, "%s/eigsweep-plot.XXXXXX", tmp && *tmp ? tmp : "/tmp");
    EIG_CHECK(mkdtemp(dir), EIG_ERR_OUTPUT, "plot: cannot make a temporary directory in %s: %s", tmp && *tmp ? tmp : "/tmp",
              strerror(errno));
    snprintf(data, sizeof data, "%s/data.txt", dir);
    snprintf(script, sizeof script, "%s/plot.gp", dir);
    eig_h5_tmp_path(partial, sizeof partial, out);
    int rc = write_data(d, data);
    if (!rc) rc = write_script(d, dir, partial, script);
    if (!rc) rc = run_gnuplot(script);
    if (!rc && rename(partial, out) != 0)
        rc = EIG_ERROR(EIG_ERR_OUTPUT, "%s: cannot rename %s into place: %s", out, partial, strerror(errno));
    if (rc) unlink(partial);
    unlink(data), unlink(script), rmdir(dir);
    return rc;
}

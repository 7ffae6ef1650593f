#include "cli.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "eig_error.h"

int eig_agree(eig_ctx *ctx, int rc)
{
    int mine = rc ? ctx->rank : ctx->size, first;
    MPI_Allreduce(&mine, &first, 1, MPI_INT, MPI_MIN, ctx->comm);
    if (first == ctx->size) return 0;
    if (ctx->rank == first) {
        fprintf(stderr, "eigsweep: error: %s\n", eig_error_message());
        if (getenv("EIGSWEEP_TRACE")) fprintf(stderr, "%s", eig_error_trace_text());
        if (ctx->size > 1 && first != 0) fprintf(stderr, "eigsweep: (reported by rank %d of %d)\n", first, ctx->size);
        fflush(stderr);
    }
    int code = rc;
    MPI_Bcast(&code, 1, MPI_INT, first, ctx->comm);
    eig_error_clear(); /* reported (or superseded by the first failing rank's): the next error starts afresh */
    return code;
}

void eig_say(const eig_ctx *ctx, const char *fmt, ...)
{
    if (ctx->rank != 0) return;
    va_list ap;
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    fflush(stdout);
}

void eig_warn(const eig_ctx *ctx, const char *fmt, ...)
{
    if (ctx->rank != 0) return;
    va_list ap;
    va_start(ap, fmt);
    fflush(stdout);
    fputs("eigsweep: warning: ", stderr);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fflush(stderr);
}

int eig_input_spec_option(int which, const char *value, eig_input_spec *spec)
{
    switch (which) {
    case 0:
        EIG_CALL(eig_kind_parse(value, &spec->kind));
        spec->kind_given = 1;
        return 0;
    case 1: spec->dataset = value; return 0;
    case 2: spec->diag = value; return 0;
    default: spec->offdiag = value; return 0;
    }
}

int eig_parse_i64(const char *opt, const char *s, int64_t lo, int64_t hi, int64_t *out)
{
    char *end;
    errno = 0;
    long long v = strtoll(s ? s : "", &end, 10);
    EIG_CHECK(s && *s && !*end && !errno, EIG_ERR_USAGE, "%s: '%s' is not an integer", opt, s ? s : "");
    EIG_CHECK(v >= lo && v <= hi, EIG_ERR_USAGE, "%s: %lld is out of range [%lld, %lld]", opt, v,
              (long long)lo, (long long)hi);
    *out = v;
    return 0;
}

int eig_parse_int(const char *opt, const char *s, int lo, int hi, int *out)
{
    int64_t v = 0;
    EIG_CALL(eig_parse_i64(opt, s, lo, hi, &v));
    *out = (int)v;
    return 0;
}

int eig_parse_u64(const char *opt, const char *s, uint64_t *out)
{
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s ? s : "", &end, 0);
    EIG_CHECK(s && *s && *s != '-' && !*end && !errno, EIG_ERR_USAGE, "%s: '%s' is not a non-negative integer",
              opt, s ? s : "");
    *out = v;
    return 0;
}

int eig_parse_double(const char *opt, const char *s, double *out)
{
    char *end;
    errno = 0;
    double v = strtod(s ? s : "", &end);
    EIG_CHECK(s && *s && !*end && !errno, EIG_ERR_USAGE, "%s: '%s' is not a number", opt, s ? s : "");
    *out = v;
    return 0;
}

int eig_parse_precision(const char *s, eig_precision *p)
{
    if (s && (!strcmp(s, "double") || !strcmp(s, "float64"))) { *p = EIG_PREC_DOUBLE; return 0; }
    if (s && (!strcmp(s, "single") || !strcmp(s, "float32") || !strcmp(s, "float"))) { *p = EIG_PREC_SINGLE; return 0; }
    return EIG_ERROR(EIG_ERR_USAGE, "--precision: '%s' is not double or single", s ? s : "");
}

int eig_parse_once(const char *cmd, const char *opt, const char **first, const char *value)
{
    EIG_CHECK(!*first || !strcmp(*first, value), EIG_ERR_USAGE, "%s: %s given twice ('%s', then '%s'): give it once",
              cmd, opt, *first, value);
    *first = value;
    return 0;
}

int eig_option_once(const char *cmd, const char *shortopts, const struct option *opts, int li, int c,
                    const char **first)
{
    const char *s = c > 0 && c < 128 && c != ':' ? strchr(shortopts, c) : NULL;
    int takes_value = li >= 0 ? opts[li].has_arg == required_argument : s && s[1] == ':';
    if (!takes_value || !optarg || c < 0 || c >= EIG_OPTION_CODES) return 0;
    char spelled[64];
    if (li >= 0) snprintf(spelled, sizeof spelled, "--%s", opts[li].name);
    else snprintf(spelled, sizeof spelled, "-%c", c);
    return eig_parse_once(cmd, spelled, &first[c], optarg);
}

void eig_trace_setup(int rank, const char *what)
{
    static int on = -1;
    static double t0;
    if (on < 0) {
        const char *e = getenv("EIG_TRACE_SETUP");
        on = e && *e && strcmp(e, "0") != 0;
        t0 = eig_now();
    }
    if (on) fprintf(stderr, "setup: rank %d: %s at %.4f s\n", rank, what, eig_now() - t0);
}

double eig_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

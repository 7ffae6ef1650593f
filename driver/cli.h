/* Command-line plumbing shared by the subcommands. */
#ifndef EIG_CLI_H
#define EIG_CLI_H

#include <getopt.h>
#include <mpi.h>
#include <stdint.h>

#include "collection.h"
#include "eigsweep.h"

typedef struct {
    MPI_Comm comm;
    int rank, size;
} eig_ctx;

/* Subcommands: argv[0] is the subcommand name. Return an eig_err code;
 * rank 0 has already printed the message when they return non-zero. */
int eig_cmd_generate(eig_ctx *ctx, int argc, char **argv);
int eig_cmd_solve(eig_ctx *ctx, int argc, char **argv);
int eig_cmd_info(eig_ctx *ctx, int argc, char **argv);
int eig_cmd_merge(eig_ctx *ctx, int argc, char **argv);
int eig_cmd_check(eig_ctx *ctx, int argc, char **argv);
int eig_cmd_plot(eig_ctx *ctx, int argc, char **argv);

/* Makes all ranks agree on an outcome: returns the error code of the lowest
 * failing rank (0 if none), and that rank prints its message once. Every
 * rank must call it at the same point (a collective). */
int eig_agree(eig_ctx *ctx, int rc);

/* Prints on rank 0 only. */
void eig_say(const eig_ctx *ctx, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* "eigsweep: warning: ..." on stderr, rank 0 only (shown with -q too). */
void eig_warn(const eig_ctx *ctx, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Parsers that raise a usage error naming the option. */
int eig_parse_i64(const char *opt, const char *s, int64_t lo, int64_t hi, int64_t *out);
int eig_parse_int(const char *opt, const char *s, int lo, int hi, int *out);
int eig_parse_u64(const char *opt, const char *s, uint64_t *out);
int eig_parse_double(const char *opt, const char *s, double *out);

/* solve --streams: its default and its largest value (also what
 * driver/gpu_warmup.c reads from argv before MPI_Init to size the CUDA
 * context's hardware queues) */
enum { EIG_STREAMS_DEFAULT = 4, EIG_STREAMS_MAX = 64 };

int eig_parse_precision(const char *s, eig_precision *p);
/* Refuses a single-valued option given twice with different values (getopt
 * lets the last one win silently: `--range 0:10 --range 10:10`); the same
 * value twice is accepted. *first holds the option's first value (NULL until
 * given); opt is how the user spelled it ("-o", "--range"). */
int eig_parse_once(const char *cmd, const char *opt, const char **first, const char *value);
/* Call after each getopt_long(argc, argv, shortopts, opts, &li) that
 * returned c (li reset to -1 before each call): an option that takes a
 * value, given twice with different values, is a usage error naming it.
 * first: EIG_OPTION_CODES slots, zeroed, kept across the loop; options are
 * told apart by their code, so a short and a long spelling of one option
 * (-o, --output) share a slot. */
#define EIG_OPTION_CODES 512
int eig_option_once(const char *cmd, const char *shortopts, const struct option *opts, int li, int c,
                    const char **first);

/* --kind, --dataset, --diag, --offdiag (solve, info, check): where a
 * collection lies in a user's file and what it holds. Put
 * EIG_INPUT_SPEC_OPTIONS(FIRST) in a getopt_long table and pass
 * `c - FIRST` with optarg for the codes FIRST .. FIRST+3. */
#define EIG_INPUT_SPEC_OPTIONS(first)                                                              \
    {"kind", required_argument, 0, (first)}, {"dataset", required_argument, 0, (first) + 1},    \
        {"diag", required_argument, 0, (first) + 2}, {"offdiag", required_argument, 0, (first) + 3}
int eig_input_spec_option(int which, const char *value, eig_input_spec *spec);

double eig_now(void); /* seconds, monotonic */
/* With EIG_TRACE_SETUP=1 in the environment: "setup: rank R: WHAT at T s"
 * on stderr, T counted from the first call (where the setup stage's time
 * goes, step by step; docs/metrics.md). */
void eig_trace_setup(int rank, const char *what);

#endif

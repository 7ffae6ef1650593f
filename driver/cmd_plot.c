#include "cli.h"
#include "eig_error.h"
int eig_cmd_plot(eig_ctx *ctx, int argc, char **argv);
int eig_cmd_plot(eig_ctx *ctx, int argc, char **argv) { (void)ctx, (void)argc, (void)argv; return EIG_ERROR(EIG_ERR_USAGE, "plot: not yet"); }

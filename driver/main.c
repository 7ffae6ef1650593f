/* eigsweep: eigenvalues of huge collections of small dense matrices on many
 * ranks (and GPUs). main() sets up MPI and HDF5, dispatches the subcommand and
 * turns its error code into the process exit code (docs/errors.md). */
#include <hdf5.h>
#include <mpi.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "build_info.h"
#include "cli.h"
#include "eig_error.h"
#include "gpu_warmup.h"
#include "mpi_transport.h"
#include "mpiio_env.h"
#include "release_later.h"
#include "timeline.h"

static void print_usage(void)
{
    printf(
        "eigsweep %s: eigenvalues of huge collections of small dense matrices, on many ranks and GPUs\n"
        "\n"
        "usage: eigsweep <command> [options]      (run under mpirun/srun for several ranks)\n"
        "\n"
        "commands:\n"
        "  generate   write a matrix collection (built-in families) to an HDF5 file\n"
        "  solve      compute the eigenvalues of every matrix of a collection\n"
        "  info       describe a collection or result file\n"
        "  merge      join the result files of --range runs (job arrays) into one\n"
        "  plot       a PNG map of a reduction (solve --reduce) over one or two axes\n"
        "  check      verify a result file against its input (residuals, LAPACK)\n"
        "\n"
        "options:\n"
        "  -h, --help     this help; `eigsweep <command> --help` for a command's options\n"
        "  -V, --version  version, git hash and build flags\n"
        "\n"
        "examples:\n"
        "  eigsweep generate --family control --n 30 --count 100000 -o sweep.h5\n"
        "  mpirun -np 4 --map-by slot:PE=4 eigsweep solve sweep.h5 -o eig.h5 --report report.json\n"
        "    (PE=K: K cores per rank, here 16 cores / 4 ranks; Open MPI alone binds a rank to ONE\n"
        "     core for up to 2 ranks; srun: --cpus-per-task=K; docs/jobs.md \"Cores per rank\")\n"
        "  eigsweep info eig.h5\n"
        "  eigsweep check eig.h5 --sample 1000\n"
        "\n"
        "file format: docs/format.md; exit codes: docs/errors.md\n",
        EIGSWEEP_VERSION);
}

static void print_version(void)
{
    printf("eigsweep %s (git %s)\n", EIGSWEEP_VERSION, EIGSWEEP_GIT_HASH);
    printf("build: %s, %s, CUDA %s (archs %s), NCCL %s, sanitizers %s\n", EIGSWEEP_BUILD_TYPE,
           EIGSWEEP_C_COMPILER, EIGSWEEP_BUILD_CUDA, EIGSWEEP_BUILD_CUDA_ARCHS, EIGSWEEP_BUILD_NCCL,
           EIGSWEEP_BUILD_SANITIZE);
#ifdef EIGSWEEP_HAVE_LAPACKE
    printf("check: against LAPACKE\n");
#else
    printf("check: without LAPACK (built without LAPACKE)\n");
#endif
    unsigned maj, min, rel;
    H5get_libversion(&maj, &min, &rel);
    char mpi[MPI_MAX_LIBRARY_VERSION_STRING];
    int len;
    MPI_Get_library_version(mpi, &len);
    char *nl = strchr(mpi, '\n');
    if (nl) *nl = '\0';
    char *comma = strchr(mpi, ',');
    if (comma) *comma = '\0';
    printf("libraries: HDF5 %u.%u.%u (parallel), %s\n", maj, min, rel, mpi);
}

int main(int argc, char **argv)
{
    eig_timeline_start(); /* the report's wall starts here, before MPI_Init (driver/timeline.h) */
    eig_mpiio_prepare_env(); /* before MPI_Init reads it: long file names (io/mpiio_env.c) */
    eig_mpi_transport_prepare_env(); /* shared memory only for a one-node job: 0.2 s less MPI_Init */
    eig_mpi_singleton_prepare_env(); /* no launcher: no daemon, no OpenCL topology (0.3 s less) */
    eig_gpu_prepare_env(argc, argv); /* as many hardware queues as streams: a context made 0.05 s sooner */
    eig_gpu_warmup_start(argc, argv); /* the CUDA context, while MPI_Init runs (driver/gpu_warmup.h) */
    int provided;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
    eig_timeline_mark(EIG_MARK_MPI_INIT);
    eig_ctx ctx = {MPI_COMM_WORLD, 0, 1};
    MPI_Comm_rank(ctx.comm, &ctx.rank);
    MPI_Comm_size(ctx.comm, &ctx.size);
    /* A file-size limit (ulimit -f) must surface as a write error we report,
     * not kill the rank. */
    signal(SIGXFSZ, SIG_IGN);
    /* We report HDF5 failures ourselves, with the file and dataset named. */
    H5Eset_auto2(H5E_DEFAULT, NULL, NULL);

    int rc = 0;
    const char *cmd = argc > 1 ? argv[1] : NULL;
    if (!cmd || !strcmp(cmd, "-h") || !strcmp(cmd, "--help") || !strcmp(cmd, "help")) {
        if (ctx.rank == 0) print_usage();
        rc = cmd ? 0 : EIG_ERR_USAGE;
    } else if (!strcmp(cmd, "-V") || !strcmp(cmd, "--version")) {
        if (ctx.rank == 0) print_version();
    } else if (!strcmp(cmd, "generate")) {
        rc = eig_cmd_generate(&ctx, argc - 1, argv + 1);
    } else if (!strcmp(cmd, "solve")) {
        rc = eig_cmd_solve(&ctx, argc - 1, argv + 1);
    } else if (!strcmp(cmd, "merge")) {
        rc = eig_cmd_merge(&ctx, argc - 1, argv + 1);
    } else if (!strcmp(cmd, "check")) {
        rc = eig_cmd_check(&ctx, argc - 1, argv + 1);
    } else if (!strcmp(cmd, "info")) {
        rc = eig_cmd_info(&ctx, argc - 1, argv + 1);
    } else if (!strcmp(cmd, "plot")) {
        rc = eig_cmd_plot(&ctx, argc - 1, argv + 1);
    } else {
        rc = eig_agree(&ctx, EIG_ERROR(EIG_ERR_USAGE, "unknown command '%s' (see eigsweep --help)", cmd));
    }
    eig_timeline_trace_exit("command done");
    eig_gpu_warmup_join();
    eig_release_join(); /* buffers a solve left to free after its output was renamed */
    eig_timeline_trace_exit("buffers released");
    MPI_Finalize();
    eig_mpi_singleton_cleanup();
    eig_timeline_trace_exit("MPI_Finalize done");
    return rc;
}

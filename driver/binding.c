#include "binding.h"

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "batch_gpu.h"
#include "eig_error.h"

int eig_bind_pick_device(int lr, int ls, int ngpu) { return ngpu >= ls ? lr : (ngpu == 1 ? 0 : lr % ngpu); }

int eig_bind_devices(eig_ctx *ctx, int want, int share_gpu, eig_binding *b)
{
    memset(b, 0, sizeof *b);
    char host[128] = "?";
    gethostname(host, sizeof host);
    MPI_Comm node;
    int lr, ls;
    MPI_Comm_split_type(ctx->comm, MPI_COMM_TYPE_SHARED, ctx->rank, MPI_INFO_NULL, &node);
    MPI_Comm_rank(node, &lr);
    MPI_Comm_size(node, &ls);
    /* The CPU backend (and --check-only) leaves the CUDA driver alone: its
     * start (0.1 s) and its teardown at exit (0.06 s, H200) buy nothing there. */
    int ngpu = want == EIG_BACKEND_CPU ? 0 : eig_gpu_device_count(), min_gpu;
    MPI_Allreduce(&ngpu, &min_gpu, 1, MPI_INT, MPI_MIN, ctx->comm);
    int rc = 0;
    if (want == EIG_BACKEND_GPU && ngpu == 0)
        rc = EIG_ERROR(EIG_ERR_RESOURCE, "--backend gpu: rank %d on %s sees no CUDA device%s (use --backend cpu)",
                       ctx->rank, host, eig_gpu_device_count() == 0 && getenv("CUDA_VISIBLE_DEVICES") ? " (CUDA_VISIBLE_DEVICES is set)" : "");
    b->use_gpu = want == EIG_BACKEND_GPU || (want == EIG_BACKEND_AUTO && min_gpu > 0);
    if (!rc && !b->use_gpu)
        snprintf(b->line, sizeof b->line, "%s  cpu (%d OpenMP threads)", host, omp_get_max_threads());
    char name[200] = "";
    if (!rc && b->use_gpu) {
        /* One GPU per local rank; with per-task visibility each rank sees one. */
        b->device = eig_bind_pick_device(lr, ls, ngpu);
        eig_gpu_describe(b->device, name, sizeof name);
        const char *vis = getenv("CUDA_VISIBLE_DEVICES");
        snprintf(b->line, sizeof b->line, "%s  gpu %d: %s%s%s", host, b->device, name, vis ? "  CUDA_VISIBLE_DEVICES=" : "",
                 vis ? vis : "");
    }
    /* Two ranks of one node on the same physical GPU (same name + PCI id)? */
    char *all = malloc((size_t)ls * sizeof name);
    MPI_Allgather(name, (int)sizeof name, MPI_CHAR, all, (int)sizeof name, MPI_CHAR, node);
    for (int i = 0; !rc && b->use_gpu && !share_gpu && i < lr; i++)
        if (!strcmp(all + (size_t)i * sizeof name, name))
            rc = EIG_ERROR(EIG_ERR_USAGE,
                           "node-local ranks %d and %d on %s would share GPU %s: start at most %d rank%s per node "
                           "(one per GPU), or pass --share-gpu",
                           i, lr, host, name, ngpu, ngpu == 1 ? "" : "s");
    free(all);
    MPI_Comm_free(&node);
    return rc;
}

#include "gpu_warmup.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "batch_gpu.h"
#include "binding.h"
#include "timeline.h"

static pthread_t thread;
static int started;
static int device;

/* The node-local rank and size the launcher gives; 0 when it gives none we know. */
static int launcher_local(int *lr, int *ls)
{
    static const char *const pairs[][2] = {{"OMPI_COMM_WORLD_LOCAL_RANK", "OMPI_COMM_WORLD_LOCAL_SIZE"},
                                           {"PMIX_LOCAL_RANK", "PMIX_LOCAL_SIZE"},
                                           {"MPI_LOCALRANKID", "MPI_LOCALNRANKS"}};
    for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
        const char *r = getenv(pairs[i][0]), *s = getenv(pairs[i][1]);
        if (r && s && *r && *s) {
            *lr = atoi(r), *ls = atoi(s);
            return *lr >= 0 && *ls > *lr;
        }
    }
    /* No launcher at all (a singleton): rank 0 of 1. Under one we do not
     * know (Slurm's srun, PMI-1), leave the context to the binding. */
    static const char *const launched[] = {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_RANK", "PMI_SIZE", "SLURM_PROCID"};
    for (size_t i = 0; i < sizeof launched / sizeof launched[0]; i++)
        if (getenv(launched[i])) return 0;
    *lr = 0, *ls = 1;
    return 1;
}

/* solve or generate, not on the CPU, not a --help or a --check-only (host only). */
static int wants_gpu(int argc, char **argv)
{
    if (argc < 2 || (strcmp(argv[1], "solve") && strcmp(argv[1], "generate"))) return 0;
    const char *env = getenv("EIGSWEEP_BACKEND");
    int cpu = env && !strcmp(env, "cpu");
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--check-only") || !strcmp(a, "--help") || !strcmp(a, "-h")) return 0;
        if (!strcmp(a, "--backend") && i + 1 < argc) cpu = !strcmp(argv[i + 1], "cpu");
        if (!strncmp(a, "--backend=", 10)) cpu = !strcmp(a + 10, "cpu");
    }
    return !cpu;
}

static void *warm(void *arg)
{
    (void)arg;
    if (eig_gpu_warm_context(device)) eig_timeline_mark(EIG_MARK_CUDA_CONTEXT);
    return NULL;
}

void eig_gpu_warmup_start(int argc, char **argv)
{
    const char *off = getenv("EIG_EARLY_CUDA");
    int lr, ls;
    if ((off && !strcmp(off, "0")) || !wants_gpu(argc, argv) || !launcher_local(&lr, &ls)) return;
    /* The driver's initialisation (it reads the environment) on this thread,
     * before MPI_Init may change the environment; the binding pays it anyway.
     * The thread then only makes the context. */
    int ngpu = eig_gpu_device_count();
    if (ngpu <= 0) return;
    device = eig_bind_pick_device(lr, ls, ngpu);
    started = pthread_create(&thread, NULL, warm, NULL) == 0;
}

void eig_gpu_warmup_join(void)
{
    if (started) pthread_join(thread, NULL);
    started = 0;
}

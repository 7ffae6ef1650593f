#include "gpu_warmup.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "batch_gpu.h"
#include "binding.h"
#include "launcher.h"
#include "timeline.h"

static pthread_t thread;
static int started;
static int device;

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

static atomic_int precision_hint = -1; /* eig_gpu_warmup_hint's: -1 not given yet */

void eig_gpu_warmup_hint(int single) { atomic_store(&precision_hint, single); }

static void *warm(void *arg)
{
    (void)arg;
    if (!eig_gpu_warm_context(device)) return NULL;
    eig_timeline_mark(EIG_MARK_CUDA_CONTEXT);
    const char *off = getenv("EIG_PRELOAD");
    int single = atomic_load(&precision_hint);
    if (single >= 0 && !(off && !strcmp(off, "0"))) eig_gpu_preload(device, single);
    return NULL;
}

/* --streams S or --streams=S of argv (a value the option parser will
 * refuse later counts as the default). */
static int streams_in(int argc, char **argv)
{
    int streams = 4;
    for (int i = 2; i < argc; i++) {
        const char *v = !strcmp(argv[i], "--streams") && i + 1 < argc ? argv[i + 1]
                        : !strncmp(argv[i], "--streams=", 10) ? argv[i] + 10
                                                               : NULL;
        char *end;
        long k = v ? strtol(v, &end, 10) : 0;
        if (v && *v && !*end && k >= 1 && k <= 64) streams = (int)k;
    }
    return streams;
}

static char queues_choice[64]; /* for the report; "" when the run asked for no GPU */

void eig_gpu_prepare_env(int argc, char **argv)
{
    if (!wants_gpu(argc, argv)) return;
    const char *user = getenv("CUDA_DEVICE_MAX_CONNECTIONS");
    if (user) {
        snprintf(queues_choice, sizeof queues_choice, "%d (the user's CUDA_DEVICE_MAX_CONNECTIONS)", atoi(user));
        return;
    }
    int queues = streams_in(argc, argv);
    queues = queues > 32 ? 32 : queues; /* the driver's limit */
    char v[16];
    snprintf(v, sizeof v, "%d", queues);
    setenv("CUDA_DEVICE_MAX_CONNECTIONS", v, 0);
    snprintf(queues_choice, sizeof queues_choice, "%d (one a stream)", queues);
}

const char *eig_gpu_queues_choice(void) { return queues_choice; }

void eig_gpu_warmup_start(int argc, char **argv)
{
    const char *off = getenv("EIG_EARLY_CUDA");
    int lr, ls;
    if ((off && !strcmp(off, "0")) || !wants_gpu(argc, argv) || !eig_launcher_local(&lr, &ls)) return;
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

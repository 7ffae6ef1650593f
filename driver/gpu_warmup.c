#include "gpu_warmup.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "batch_gpu.h"
#include "binding.h"
#include "cli.h"
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
static int preload = 1;                  /* EIG_PRELOAD, read before the thread starts */

void eig_gpu_warmup_hint(int single) { atomic_store(&precision_hint, single); }

/* The thread reads no environment: it runs while MPI_Init may change it. */
static void *warm(void *arg)
{
    (void)arg;
    if (!eig_gpu_warm_context(device)) return NULL;
    eig_timeline_mark(EIG_MARK_CUDA_CONTEXT);
    int single = atomic_load(&precision_hint);
    if (single >= 0 && preload) eig_gpu_preload(device, single);
    return NULL;
}

/* argv[i] is `name` (a long option) or a prefix of it of at least `least`
 * characters, as getopt_long accepts; *value: what follows '=', or NULL. */
static int long_option(const char *arg, const char *name, size_t least, const char **value)
{
    if (strncmp(arg, "--", 2)) return 0;
    size_t len = strcspn(arg + 2, "=");
    if (len < least || len > strlen(name) || strncmp(arg + 2, name, len)) return 0;
    *value = arg[2 + len] == '=' ? arg + 3 + len : NULL;
    return 1;
}

/* --streams S (or a prefix getopt_long takes for it: --stre S, --streams=S;
 * a value the option parser will refuse later counts as the default), and
 * whether the gather goes over NCCL, which adds two streams of eigsweep's. */
static int streams_in(int argc, char **argv)
{
    int streams = EIG_STREAMS_DEFAULT, nccl = 0;
    for (int i = 2; i < argc; i++) {
        const char *v = NULL;
        if (long_option(argv[i], "gather-via", 1, &v)) { /* the only solve option in "g" */
            if (!v && i + 1 < argc) v = argv[i + 1];
            nccl = v && !strcmp(v, "nccl");
            continue;
        }
        if (!long_option(argv[i], "streams", 4, &v)) continue; /* "--str" is also --strict's */
        if (!v && i + 1 < argc) v = argv[i + 1];
        char *end;
        long k = v ? strtol(v, &end, 10) : 0;
        if (v && *v && !*end && k >= 1 && k <= EIG_STREAMS_MAX) streams = (int)k;
    }
    return streams + 2 * nccl;
}

static char queues_choice[64]; /* for the report; "" when the run asked for no GPU */

void eig_gpu_prepare_env(int argc, char **argv)
{
    if (!wants_gpu(argc, argv)) return;
    const char *user = getenv("CUDA_DEVICE_MAX_CONNECTIONS");
    if (user) {
        char *end;
        long k = strtol(user, &end, 10);
        if (*user && !*end && k >= 1 && k <= 32)
            snprintf(queues_choice, sizeof queues_choice, "%ld (the user's CUDA_DEVICE_MAX_CONNECTIONS)", k);
        else snprintf(queues_choice, sizeof queues_choice, "the driver's (CUDA_DEVICE_MAX_CONNECTIONS unparsed)");
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
     * The thread then makes the context and loads the kernels, reading no
     * environment (EIG_PRELOAD is read here). */
    int ngpu = eig_gpu_device_count();
    if (ngpu <= 0) return;
    device = eig_bind_pick_device(lr, ls, ngpu);
    const char *no_preload = getenv("EIG_PRELOAD");
    preload = !(no_preload && !strcmp(no_preload, "0"));
    started = pthread_create(&thread, NULL, warm, NULL) == 0;
}

void eig_gpu_warmup_join(void)
{
    if (started) pthread_join(thread, NULL);
    started = 0;
}

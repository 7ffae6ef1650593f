#include "release_later.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "batch_gpu.h"
#include "generate_gpu.h"

typedef struct {
    eig_release_set set;
    pthread_t thread;
    int threaded;
    int joined; /* by the retire thread */
} pending;

static pending *queue[4];
static int queued;

/* The retire step: one thread that waits for the releases queued before it,
 * then ends the device's context. */
static struct {
    pthread_t thread;
    int started, device, waits_for;
} retire;

static int off(const char *name)
{
    const char *e = getenv(name);
    return e && !strcmp(e, "0");
}

static void release_gpu_side(eig_release_set *s)
{
    if (s->device < 0) return;
    eig_gpu_use_device(s->device);
    for (int i = 0; i < s->nbuf; i++) eig_gpu_unpin(s->host[i]);
    eig_gpu_release(); /* the solve arena and streams */
    eig_gpu_free(s->device, s->device_memory);
}

static void free_host_side(eig_release_set *s)
{
    for (int i = 0; i < s->nbuf; i++) free(s->host[i]);
}

static void *run(void *arg)
{
    release_gpu_side(&((pending *)arg)->set);
    return NULL;
}

void eig_release_later(const eig_release_set *set)
{
    pending *p = queued < 4 && !off("EIG_RELEASE_LATER") ? malloc(sizeof *p) : NULL;
    if (p) {
        p->set = *set;
        p->joined = 0;
        p->threaded = pthread_create(&p->thread, NULL, run, p) == 0;
        if (p->threaded) {
            queue[queued++] = p;
            return;
        }
        free(p);
    }
    eig_release_set in_place = *set;
    release_gpu_side(&in_place);
    free_host_side(&in_place);
}

static void *retire_run(void *arg)
{
    (void)arg;
    for (int i = 0; i < retire.waits_for; i++) {
        pthread_join(queue[i]->thread, NULL);
        queue[i]->joined = 1;
    }
    eig_gpu_retire_device(retire.device);
    return NULL;
}

void eig_release_retire_gpu(int device)
{
    if (device < 0 || retire.started || off("EIG_RETIRE_GPU")) return;
    retire.device = device, retire.waits_for = queued;
    retire.started = !off("EIG_RELEASE_LATER") && pthread_create(&retire.thread, NULL, retire_run, NULL) == 0;
    if (!retire.started) { /* in place: the releases first */
        eig_release_join();
        eig_gpu_retire_device(device);
    }
}

void eig_release_join(void)
{
    if (retire.started) pthread_join(retire.thread, NULL);
    retire.started = 0;
    for (int i = 0; i < queued; i++) {
        if (!queue[i]->joined) pthread_join(queue[i]->thread, NULL);
        free_host_side(&queue[i]->set);
        free(queue[i]);
    }
    queued = 0;
}

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
} pending;

static pending *queue[4];
static int queued;

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
    const char *e = getenv("EIG_RELEASE_LATER");
    pending *p = queued < 4 && !(e && !strcmp(e, "0")) ? malloc(sizeof *p) : NULL;
    if (p) {
        p->set = *set;
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

void eig_release_join(void)
{
    for (int i = 0; i < queued; i++) {
        pthread_join(queue[i]->thread, NULL);
        free_host_side(&queue[i]->set);
        free(queue[i]);
    }
    queued = 0;
}

#include "solve_worker.h"

#include <pthread.h>
#include <stdlib.h>
#include <time.h>

#include "eig_error.h"

struct eig_solve_worker {
    pthread_t thread;
    pthread_mutex_t lock;
    pthread_cond_t changed;
    eig_job_fn fn;
    void *arg;
    int posted, finished, result, quit;
};

static void *worker_main(void *p)
{
    eig_solve_worker *w = p;
    pthread_mutex_lock(&w->lock);
    for (;;) {
        while (!w->quit && !(w->posted && !w->finished)) pthread_cond_wait(&w->changed, &w->lock);
        if (w->quit) break;
        eig_job_fn fn = w->fn;
        void *arg = w->arg;
        pthread_mutex_unlock(&w->lock);
        int rc = fn(arg);
        pthread_mutex_lock(&w->lock);
        w->result = rc;
        w->finished = 1;
        pthread_cond_broadcast(&w->changed);
    }
    pthread_mutex_unlock(&w->lock);
    return NULL;
}

eig_solve_worker *eig_worker_start(void)
{
    eig_solve_worker *w = calloc(1, sizeof *w);
    if (!w) {
        EIG_ERROR(EIG_ERR_RESOURCE, "out of host memory for the solve thread");
        return NULL;
    }
    pthread_mutex_init(&w->lock, NULL);
    pthread_cond_init(&w->changed, NULL);
    if (pthread_create(&w->thread, NULL, worker_main, w) != 0) {
        pthread_mutex_destroy(&w->lock);
        pthread_cond_destroy(&w->changed);
        free(w);
        EIG_ERROR(EIG_ERR_RESOURCE, "cannot start the solve thread (process or thread limit reached?)");
        return NULL;
    }
    return w;
}

void eig_worker_post(eig_solve_worker *w, eig_job_fn fn, void *arg)
{
    pthread_mutex_lock(&w->lock);
    w->fn = fn, w->arg = arg;
    w->posted = 1, w->finished = 0;
    pthread_cond_broadcast(&w->changed);
    pthread_mutex_unlock(&w->lock);
}

int eig_worker_wait_polling(eig_solve_worker *w, void (*poll)(void *), void *arg)
{
    pthread_mutex_lock(&w->lock);
    int rc = 0;
    if (w->posted) {
        while (!w->finished) {
            if (!poll) {
                pthread_cond_wait(&w->changed, &w->lock);
                continue;
            }
            struct timespec until;
            clock_gettime(CLOCK_REALTIME, &until);
            until.tv_nsec += 200000; /* 0.2 ms */
            if (until.tv_nsec >= 1000000000L) until.tv_sec++, until.tv_nsec -= 1000000000L;
            pthread_cond_timedwait(&w->changed, &w->lock, &until);
            if (w->finished) break;
            pthread_mutex_unlock(&w->lock);
            poll(arg);
            pthread_mutex_lock(&w->lock);
        }
        rc = w->result;
        w->posted = 0;
    }
    pthread_mutex_unlock(&w->lock);
    return rc;
}

int eig_worker_wait(eig_solve_worker *w) { return eig_worker_wait_polling(w, NULL, NULL); }

void eig_worker_stop(eig_solve_worker *w)
{
    if (!w) return;
    eig_worker_wait(w);
    pthread_mutex_lock(&w->lock);
    w->quit = 1;
    pthread_cond_broadcast(&w->changed);
    pthread_mutex_unlock(&w->lock);
    pthread_join(w->thread, NULL);
    pthread_mutex_destroy(&w->lock);
    pthread_cond_destroy(&w->changed);
    free(w);
}

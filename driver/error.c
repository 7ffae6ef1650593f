/* The error record behind EIG_CHECK / EIG_CALL (include/eig_error.h).
 * One record per process: the first raised error keeps its message; frames
 * are appended as the error travels up to main(). */
#include "eig_error.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>

/* The pipeline's solve thread may raise while the main thread reads: the
 * record is guarded so two errors at once cannot tear it. */
static pthread_mutex_t record_lock = PTHREAD_MUTEX_INITIALIZER;

static char message[1024];
static char trace[4096];
static size_t trace_len;

int eig_error_raise(int code, const char *file, int line, const char *func, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    pthread_mutex_lock(&record_lock);
    vsnprintf(message, sizeof message, fmt, ap);
    trace_len = 0;
    trace[0] = '\0';
    pthread_mutex_unlock(&record_lock);
    va_end(ap);
    eig_error_trace(code, file, line, func);
    return code;
}

int eig_error_trace(int code, const char *file, int line, const char *func)
{
    pthread_mutex_lock(&record_lock);
    if (trace_len < sizeof trace - 1) {
        int w = snprintf(trace + trace_len, sizeof trace - trace_len, "  at %s (%s:%d)\n", func,
                         file, line);
        if (w > 0) trace_len += (size_t)w;
        if (trace_len > sizeof trace - 1) trace_len = sizeof trace - 1;
    }
    pthread_mutex_unlock(&record_lock);
    return code;
}

const char *eig_error_message(void) { return message; }
const char *eig_error_trace_text(void) { return trace; }

void eig_error_clear(void)
{
    message[0] = '\0';
    trace[0] = '\0';
    trace_len = 0;
}

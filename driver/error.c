/* The error record behind EIG_CHECK / EIG_CALL (include/eig_error.h).
 * One record per process: the first raised error keeps its message; frames
 * are appended as the error travels up to main(). An error raised while the
 * record holds one is usually a consequence of the first (a cleanup that
 * fails after a failed write, a second bad option): it does not replace the
 * message, it is noted in the trace as "then: MESSAGE". eig_agree() empties
 * the record once it has reported it, so the next error starts afresh. */
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

static void append_trace(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void append_trace(const char *fmt, ...)
{
    if (trace_len >= sizeof trace - 1) return;
    va_list ap;
    va_start(ap, fmt);
    int w = vsnprintf(trace + trace_len, sizeof trace - trace_len, fmt, ap);
    va_end(ap);
    if (w > 0) trace_len += (size_t)w;
    if (trace_len > sizeof trace - 1) trace_len = sizeof trace - 1;
}

int eig_error_raise(int code, const char *file, int line, const char *func, const char *fmt, ...)
{
    char text[sizeof message];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    pthread_mutex_lock(&record_lock);
    if (!message[0]) {
        memcpy(message, text, sizeof message);
        trace_len = 0;
        trace[0] = '\0';
    } else {
        append_trace("  then: %s\n", text);
    }
    append_trace("  at %s (%s:%d)\n", func, file, line);
    pthread_mutex_unlock(&record_lock);
    return code;
}

int eig_error_trace(int code, const char *file, int line, const char *func)
{
    pthread_mutex_lock(&record_lock);
    append_trace("  at %s (%s:%d)\n", func, file, line);
    pthread_mutex_unlock(&record_lock);
    return code;
}

const char *eig_error_message(void) { return message; }
const char *eig_error_trace_text(void) { return trace; }

void eig_error_clear(void)
{
    pthread_mutex_lock(&record_lock);
    message[0] = '\0';
    trace[0] = '\0';
    trace_len = 0;
    pthread_mutex_unlock(&record_lock);
}

/* Error propagation, house style (PETSc PetscCall, libCEED CeedCall).
 *
 * Functions return an int error code (0 = success). EIG_CHECK raises an
 * error with a message; EIG_CALL propagates one, adding the call site to the
 * trace. Only main() turns an error into an exit. Process errors (bad file,
 * bad option, I/O failure) go through here; a matrix that fails to converge
 * is data (per-matrix status), never an error. */
#ifndef EIG_ERROR_H
#define EIG_ERROR_H

#include <stdarg.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Process exit codes, documented in docs/errors.md. */
enum eig_err {
    EIG_SUCCESS = 0,
    EIG_ERR_USAGE = 2,        /* bad command line */
    EIG_ERR_INPUT = 3,        /* input file missing, unreadable or malformed */
    EIG_ERR_OUTPUT = 4,       /* output cannot be written / would be overwritten */
    EIG_ERR_RESOURCE = 5,     /* out of memory, device unavailable */
    EIG_ERR_INTERNAL = 6,     /* a bug: please report */
    EIG_ERR_MATRIX_FAILED = 8 /* run complete, but some matrices not ok (see --strict) */
};

/* Records the error's message (with file:line:function) and returns code.
 * While the record holds an earlier error (not yet reported or cleared), that
 * message stays, and this one goes into the trace ("then: ..."). */
int eig_error_raise(int code, const char *file, int line, const char *func, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
/* Appends a "called from" frame to the current error trace; returns code. */
int eig_error_trace(int code, const char *file, int line, const char *func);
/* The message of the current (first) error, "" when none. */
const char *eig_error_message(void);
/* The call trace (for --verbose / debug builds). */
const char *eig_error_trace_text(void);
/* Empties the record: after an error was reported, or handled and dropped. */
void eig_error_clear(void);

#ifdef __cplusplus
}
#endif

#define EIG_CHECK(cond, code, ...)                                                   \
    do {                                                                             \
        if (!(cond)) return eig_error_raise((code), __FILE__, __LINE__, __func__, __VA_ARGS__); \
    } while (0)

#define EIG_ERROR(code, ...) eig_error_raise((code), __FILE__, __LINE__, __func__, __VA_ARGS__)

#define EIG_CALL(expr)                                                               \
    do {                                                                             \
        int eig_call_rc_ = (expr);                                                   \
        if (eig_call_rc_ != 0) return eig_error_trace(eig_call_rc_, __FILE__, __LINE__, __func__); \
    } while (0)

#endif

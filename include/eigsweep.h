/* eigsweep public C API: batched eigensolvers for collections of small dense
 * matrices, callable in-process (the CLI is built on the same calls).
 * docs/api.md is the guide, with an example; link with find_package(eigsweep)
 * (target eigsweep::eigsweep) or `pkg-config --cflags --libs eigsweep`.
 *
 * Every function that can fail returns 0 or an error code of enum eig_err
 * (eig_error.h: EIG_ERR_USAGE for bad arguments, EIG_ERR_RESOURCE for no
 * memory, no GPU or a CUDA error); eig_error_message() then says what is
 * wrong. A matrix that does not converge is not an error: it gets a status
 * (eig_status_name) and NaN values. The error record is one per process:
 * read the message before another call on another thread can replace it. */
#ifndef EIGSWEEP_H
#define EIGSWEEP_H

#include <stddef.h>
#include <stdint.h>

#include "eig_error.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef int64_t eig_idx;

typedef enum {
    EIG_KIND_GENERAL = 0,   /* real non-symmetric; complex eigenvalues */
    EIG_KIND_SYMMETRIC,     /* real symmetric */
    EIG_KIND_HERMITIAN,     /* complex Hermitian */
    EIG_KIND_TRIDIAGONAL,   /* real symmetric tridiagonal (diag, offdiag) */
    EIG_KIND_COUNT
} eig_kind;

typedef enum { EIG_PREC_DOUBLE = 0, EIG_PREC_SINGLE } eig_precision;

typedef enum {
    EIG_METHOD_AUTO = 0,
    EIG_METHOD_FRANCIS,     /* general: Hessenberg + double-shift QR */
    EIG_METHOD_JACOBI,      /* symmetric/hermitian: cyclic Jacobi, round-robin order */
    EIG_METHOD_TRIDIAG_QL,  /* symmetric/hermitian: tridiagonalise + implicit QL */
    EIG_METHOD_BISECTION,   /* symmetric/hermitian/tridiagonal: Sturm bisection */
    EIG_METHOD_COUNT
} eig_method;

typedef enum { EIG_SELECT_ALL = 0, EIG_SELECT_INDEX, EIG_SELECT_RANGE } eig_select;

typedef struct {
    eig_kind kind;
    eig_precision precision;
    eig_method method;      /* AUTO resolved by eig_method_resolve */
    int vectors;            /* 1: eigenvectors too (symmetric/hermitian) */
    eig_select select;      /* subsets: bisection only */
    int il, iu;             /* EIG_SELECT_INDEX: 0-based inclusive index range */
    double vl, vu;          /* EIG_SELECT_RANGE: half-open interval (vl, vu] */
    int max_iter_factor;    /* iteration cap per eigenvalue (0: default 30); the GPU's bisections of
                               tridiag-ql values (warp-sym; block-tridiag from n = 24) keep their own cap */
} eig_solve_params;

/* Sizes in elements of one matrix's slots, for buffer planning. */
typedef struct {
    eig_idx input;        /* real scalars per input matrix (2 per complex entry) */
    eig_idx values;       /* real scalars of eigenvalue output (2 per complex) */
    eig_idx vectors;      /* real scalars of eigenvector output (0 without) */
} eig_layout;

/* "eigsweep 0.1.0 (git 1a2b3c4d5e6f, CUDA ON, Release)": the library's
 * version, source and whether it has the GPU backend. */
const char *eig_version(void);

const char *eig_kind_name(eig_kind k);
int eig_kind_parse(const char *s, eig_kind *k);
const char *eig_method_name(eig_method m);
int eig_method_parse(const char *s, eig_method *m);
const char *eig_status_name(int status);

/* Picks the method for method == AUTO (see docs/methods.md); checks the
 * combination is supported. Returns 0 or an eig_err code with a message. */
int eig_method_resolve(eig_solve_params *p, int n);
/* The same for a solve on the GPU backend: there the tridiagonal route beats
 * Jacobi from n = 6 up (docs/methods.md), so AUTO resolves to tridiag-ql
 * where the CPU would take Jacobi. */
int eig_method_resolve_gpu(eig_solve_params *p, int n);

eig_layout eig_layout_of(const eig_solve_params *p, int n);

/* ---- Buffers (both backends) ----
 * `count` matrices of order n (1 <= n <= 4096), stored one after another,
 * each row-major, in double or float as p->precision; sizes per matrix in
 * real scalars from eig_layout_of():
 *   input       general/symmetric: n*n; hermitian: n*n complex entries as
 *               (re, im) pairs; tridiagonal: diag[n] then offdiag[n-1].
 *               Symmetric and Hermitian input must be exactly symmetric /
 *               Hermitian.
 *   values      n eigenvalues, ascending (general: n (re, im) pairs by
 *               ascending real part, conjugate pairs adjacent, +im first);
 *               with a subset (bisection), the selected ones first, NaN
 *               after them. A matrix whose status is not 0 has NaN values
 *               (and vectors).
 *   vectors     when p->vectors: n*n (hermitian: n*n complex), row-major,
 *               column k the unit eigenvector of eigenvalue k; else NULL.
 *   status      one int8 per matrix: 0 ok, else eig_status_name(status).
 *   iterations  one int32 per matrix (sweeps or QR/QL iterations; bisection steps where
 *               the GPU bisects tridiag-ql values: docs/format.md).
 * p->method may be EIG_METHOD_AUTO: each call resolves it (CPU: as
 * eig_method_resolve, GPU: as eig_method_resolve_gpu) and refuses
 * combinations that do not apply (EIG_ERR_USAGE). count 0 does nothing. */

/* CPU backend: OpenMP threads over the matrices (OMP_NUM_THREADS). `input`
 * is clobbered (used as workspace). Calls from several threads at once are
 * safe on distinct buffers. */
int eig_cpu_solve_batch(const eig_solve_params *p, int n, eig_idx count, void *input,
                        void *values, int8_t *status, int32_t *iterations, void *vectors);

/* ---- GPU backend (CUDA) ----
 * In a build without CUDA, or on a machine without a CUDA device,
 * eig_gpu_device_count() is 0 and the solve calls return EIG_ERR_RESOURCE
 * ("no CUDA device") without touching the buffers. A GPU solve gives the
 * same answers as the CPU to rounding (not bit for bit), and the same
 * answers bit for bit whether the buffers are on the host or the device. */

/* Zero-initialise (eig_gpu_config cfg = {0}): 0 or NULL is the default of
 * every field. */
typedef struct {
    int device;           /* CUDA device ordinal this rank uses */
    int streams;          /* concurrent streams (default 4) */
    eig_idx chunk;        /* matrices per stream sub-chunk (0: automatic) */
    size_t max_gpu_mem;   /* bytes of device memory we may use (0: 80% of free) */
    const char *kernel;   /* force a kernel (NULL or "auto": the measured table): "thread-global",
                             "thread-shared" (one thread per matrix, global / shared memory), "warp-jacobi"
                             (symmetric Jacobi, n <= 32), "eigval-thread" (tridiagonal bisection),
                             "warp-general" (general Francis QR, a team of lanes per matrix in shared memory),
                             "block-tridiag" (tridiag-ql, symmetric and Hermitian, a thread block per matrix),
                             "warp-tridiag" (tridiag-ql: a warp's teams reduce a group of 4-24
                             matrices, then a lane runs the QL of one; with vectors, A in shared memory,
                             the lanes log their rotations and the teams apply them to Q, a team being
                             a block of 64 or 128 threads above n = 48), "warp-sym" (tridiag-ql, real
                             symmetric, and Hermitian with vectors, n <= 256: a warp per matrix, A, Q
                             and Z in global memory), "block-jacobi" (Jacobi, Hermitian, or symmetric when
                             asked for: a thread block per matrix in shared memory) */
    eig_idx job_matrices; /* matrices in the whole job (0: this call's count): the automatic kernel
                             choice depends on it, never on how the job is cut into calls, so
                             results do not depend on the rank count or chunk size */
} eig_gpu_config;

/* Number of usable CUDA devices (0 when none or no CUDA build). */
int eig_gpu_device_count(void);
/* "NVIDIA H100 80GB HBM3 (PCI 0000:1b:00.0, 79 GiB)" into buf. */
int eig_gpu_describe(int device, char *buf, size_t cap);
/* Pins (page-locks) a host buffer, so copies run at full speed and overlap
 * kernels; harmless when it fails or without CUDA. eig_gpu_unpin undoes it. */
int eig_gpu_pin(void *ptr, size_t bytes);
void eig_gpu_unpin(void *ptr);

/* Solves on GPU cfg->device and returns when the results are in place.
 * The five buffers may be host memory (pinned with eig_gpu_pin: copies
 * overlap kernels; pageable memory works, slower) or memory on that device;
 * `input` is not modified. Inside, the batch streams through the device in
 * sub-chunks over cfg->streams internal streams, in a device workspace kept
 * between calls (eig_gpu_release gives it back). Calls from several threads
 * are serialised. The call makes cfg->device the calling thread's current
 * device (cudaSetDevice). */
int eig_gpu_solve_batch(const eig_gpu_config *cfg, const eig_solve_params *p, int n, eig_idx count,
                        const void *input, void *values, int8_t *status, int32_t *iterations, void *vectors);

/* The same solve on buffers already in memory of device cfg->device (from
 * cudaMalloc or cudaMallocManaged; anything else is refused with
 * EIG_ERR_USAGE), ordered on the caller's CUDA stream: `stream` is a
 * cudaStream_t passed as void * (NULL: the legacy default stream), so that
 * this header needs no CUDA headers. The work is enqueued on that stream
 * itself, after whatever the caller enqueued before; the call returns
 * without waiting for it (no stream or device synchronisation), and the
 * results are ready when the stream reaches that point (cudaStreamSynchronize,
 * or an event). The caller must not change `input` or read the outputs
 * before then. The device workspace comes from a stream-ordered memory pool
 * of eigsweep's own, kept between calls (eig_gpu_release), so calls on
 * different streams or threads run concurrently and never share memory.
 * cfg->streams is not used (one stream: the caller's); cfg->chunk and
 * cfg->max_gpu_mem bound the workspace as above. Argument errors, no
 * device and no memory are returned before anything is enqueued; a failed
 * kernel launch is returned after (the outputs are then undefined); a
 * fault inside a kernel shows, as for any CUDA work, at the caller's next
 * synchronisation of the stream. The stream must belong to cfg->device,
 * which the call makes current on the calling thread. */
int eig_gpu_solve_batch_on_stream(const eig_gpu_config *cfg, const eig_solve_params *p, int n, eig_idx count,
                                  const void *input, void *values, int8_t *status, int32_t *iterations,
                                  void *vectors, void *stream);

/* Gives back the device memory and streams the GPU calls keep between calls;
 * the next call sets them up again. Call it when no GPU call is running
 * (e.g. at the end of a job). No-op without CUDA or before the first call. */
void eig_gpu_release(void);

#ifdef __cplusplus
}
#endif
#endif

#include "pipeline.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "eig_error.h"
#include "generate_gpu.h"
#include "nccl_link.h"
#include "partition.h"
#include "reduce_batch.h"
#include "release_later.h"
#include "solve_worker.h"
#include "sweep_form_gpu.h"
#include "timeline.h"
#include "validate.h"
#include "writeback.h"

enum { TAG_HEADER = 10, TAG_VALUES, TAG_STATUS, TAG_ITERS, TAG_VECTORS };

/* A chunk's buffers: input, values, status, iterations, vectors, and the
 * reductions (--reduce: reduce->slots doubles per matrix). */
typedef struct {
    void *input, *values, *vectors;
    int8_t *status;
    int32_t *iters;
    double *reduced;
    MPI_Request req[5]; /* outstanding sends from these buffers */
    int nreq;
    int pinned;
} chunk_buf;

typedef struct {
    eig_pipeline *pl;
    eig_layout l;
    size_t es;
    MPI_Win win;         /* on rank 0: [next chunk, abort flag] */
    int64_t *win_mem;
    eig_slice mine;      /* static: this rank's block of chunk indices */
    eig_idx next_static;
    /* Three buffers: the worker solves one while the main thread reads the
     * next chunk into another; the third holds a chunk a leaf is still
     * sending (rank 0 in gather mode receives into it). */
    chunk_buf buf[3];
    eig_idx written;     /* rank 0 (gather): matrices written so far */
    eig_nccl_link *nccl; /* gather payloads over NCCL; NULL: over MPI */
    int nbuf, gather_root, done_ranks, drain_rc; /* drain_rc: rank 0's receive/write error while polling */
    double t_start, t_progress;
    /* --synthetic on the GPU: the solve thread generates each chunk on the
     * device, into gen_input, and solves it from there (no host input
     * buffers, nothing copied in). */
    int gpu_generate;
    void *gen_input; /* device memory of one chunk's input; allocated by the first solve job */
    eig_gpu_sweep *sweep_dev; /* a sweep spec's bases on the device; uploaded by the first solve job */
} loop_state;

eig_idx eig_pipeline_chunks(const eig_pipeline *pl) { return eig_part_chunk_count(pl->range_count, pl->chunk); }

static eig_slice global_chunk(const eig_pipeline *pl, eig_idx g)
{
    eig_slice all = {pl->range_start, pl->range_count};
    return eig_part_chunk(all, pl->chunk, g);
}

/* host_input 0: the input never lies in host memory (generated on the GPU). */
static int alloc_chunk_buf(chunk_buf *b, eig_layout l, size_t es, eig_idx chunk, int host_input, int slots)
{
    memset(b, 0, sizeof *b);
    if (!host_input) l.input = 0;
    b->input = host_input ? malloc((size_t)(l.input * chunk) * es + 1) : NULL;
    b->values = malloc((size_t)(l.values * chunk) * es + 1);
    b->vectors = l.vectors ? malloc((size_t)(l.vectors * chunk) * es) : NULL;
    b->status = malloc((size_t)chunk + 1);
    b->iters = malloc(sizeof(int32_t) * (size_t)chunk + 1);
    b->reduced = slots ? malloc(sizeof(double) * (size_t)slots * (size_t)chunk) : NULL;
    EIG_CHECK((b->input || !host_input) && b->values && b->status && b->iters && (!l.vectors || b->vectors) &&
                  (!slots || b->reduced), EIG_ERR_RESOURCE,
              "out of host memory for a chunk of %lld matrices (%.1f MB); try a smaller --chunk", (long long)chunk,
              (double)((size_t)(l.input + l.values + l.vectors) * (size_t)chunk * es) / 1e6);
    return 0;
}

/* Page-locks a buffer set for the GPU's copies (the whole run uses them).
 * The solve thread does it while the main thread reads the first chunk,
 * all but buffer `later` (-1: none), which the main thread pins after
 * reading the second chunk into it, while the first is solved: the first
 * solve does not wait for that buffer's pinning (0.02-0.035 s of a 3.6 GB
 * file's solve on the H200; EIG_PIN_ALL_FIRST=1 pins all first).
 * Registering pages that were never touched is slow (the kernel faults
 * them in one at a time: 0.33 s per GiB against 0.05 s for touched pages
 * on nvidia-h200-x2, bench/bench_pin), so touch_pages() has the OpenMP
 * threads fault them in first. */
typedef struct {
    int device;
    chunk_buf *bufs;
    int nbuf;
    eig_layout l;
    size_t es;
    eig_idx chunk;
    int slots; /* reduced doubles per matrix */
    int later; /* the buffer left to pin_chunk_buf on the main thread, or -1 */
    double seconds;
} pin_job;

static void touch_pages(void *p, size_t bytes)
{
    if (!p) return;
    const long long pages = (long long)((bytes + 4095) / 4096);
#pragma omp parallel for schedule(static)
    for (long long k = 0; k < pages; k++) ((volatile char *)p)[k * 4096] = 0;
}

/* Pins buffer set b; returns the seconds it took. */
static double pin_chunk_buf(const pin_job *j, chunk_buf *b)
{
    const double t = eig_now();
    b->pinned = 1;
    eig_gpu_pin(b->input, (size_t)(j->l.input * j->chunk) * j->es);
    eig_gpu_pin(b->values, (size_t)(j->l.values * j->chunk) * j->es);
    eig_gpu_pin(b->vectors, (size_t)(j->l.vectors * j->chunk) * j->es);
    eig_gpu_pin(b->status, (size_t)j->chunk);
    eig_gpu_pin(b->iters, sizeof(int32_t) * (size_t)j->chunk);
    eig_gpu_pin(b->reduced, sizeof(double) * (size_t)j->slots * (size_t)j->chunk);
    return eig_now() - t;
}

static int run_pin_job(void *arg)
{
    pin_job *j = arg;
    const double t = eig_now();
    eig_gpu_use_device(j->device); /* creates the context on the first call */
    j->seconds = eig_now() - t;    /* the pin stage counts the context, as it always did */
    eig_timeline_mark(EIG_MARK_CUDA_CONTEXT);
    for (int i = 0; i < j->nbuf; i++)
        if (i != j->later) j->seconds += pin_chunk_buf(j, &j->bufs[i]);
    eig_timeline_mark(EIG_MARK_PINNED);
    return 0;
}

/* The host memory a chunk_buf owns (NULLs where a buffer is not used). */
enum { CHUNK_BUF_PARTS = 6 };
static void chunk_buf_memory(const chunk_buf *b, void *ptrs[CHUNK_BUF_PARTS])
{
    void *all[CHUNK_BUF_PARTS] = {b->input, b->values, b->vectors, b->status, b->iters, b->reduced};
    memcpy(ptrs, all, sizeof all);
}

static void free_chunk_buf(chunk_buf *b)
{
    if (b->nreq) MPI_Waitall(b->nreq, b->req, MPI_STATUSES_IGNORE);
    void *ptrs[CHUNK_BUF_PARTS];
    chunk_buf_memory(b, ptrs);
    for (int i = 0; i < CHUNK_BUF_PARTS; i++) {
        if (b->pinned) eig_gpu_unpin(ptrs[i]);
        free(ptrs[i]);
    }
}

/* The run's buffers, released off the critical path: sends completed here
 * (MPI), the unpinning and the GPU's arena on a thread, the frees later. */
static void release_buffers(eig_pipeline *pl, loop_state *s, int nbuf)
{
    _Static_assert(3 * CHUNK_BUF_PARTS <= EIG_RELEASE_MAX_BUFFERS, "a run's three chunk buffers fit one release set");
    eig_release_set set = {pl->use_gpu && !pl->check_only ? pl->gpu.device : -1, s->gen_input, 0, {0}};
    for (int i = 0; i < nbuf; i++) {
        chunk_buf *b = &s->buf[i];
        if (set.device >= 0 && !b->pinned) { /* never used (pinned later, on first use): nothing to unregister */
            free_chunk_buf(b);
            continue;
        }
        if (b->nreq) MPI_Waitall(b->nreq, b->req, MPI_STATUSES_IGNORE);
        b->nreq = 0;
        chunk_buf_memory(b, set.host + set.nbuf);
        set.nbuf += CHUNK_BUF_PARTS;
    }
    eig_release_later(&set);
    eig_writeback_close();
}

/* ---- the shared counter and abort flag (MPI one-sided, passive target) ---- */

static int64_t fetch_add(loop_state *s, int slot, int64_t add)
{
    int64_t old;
    MPI_Fetch_and_op(&add, &old, MPI_INT64_T, 0, slot, add ? MPI_SUM : MPI_NO_OP, s->win);
    MPI_Win_flush(0, s->win);
    return old;
}

static void raise_abort(loop_state *s) { fetch_add(s, 1, 1); }

/* Next global chunk for this rank, or -1 when there is no more work (or some
 * rank has failed). */
static eig_idx claim_chunk(loop_state *s)
{
    if (fetch_add(s, 1, 0)) return -1;
    eig_idx g;
    if (s->pl->dynamic) g = fetch_add(s, 0, 1);
    else g = s->next_static < s->mine.start + s->mine.count ? s->next_static++ : -1;
    return g >= 0 && g < eig_pipeline_chunks(s->pl) ? g : -1;
}

/* Next chunk that --resume has not marked done, or -1. */
static eig_idx claim_undone_chunk(loop_state *s)
{
    eig_idx g;
    while ((g = claim_chunk(s)) >= 0 && s->pl->done && s->pl->done[g]) {}
    return g;
}

/* ---- one chunk: read (main thread), solve (worker thread) ---- */

static int read_chunk(loop_state *s, chunk_buf *b, eig_slice c)
{
    eig_pipeline *pl = s->pl;
    double t = eig_now();
    if (b->nreq) { /* this buffer's previous sends must be complete */
        MPI_Waitall(b->nreq, b->req, MPI_STATUSES_IGNORE);
        b->nreq = 0;
        eig_stats_lap(&pl->stats, EIG_STAGE_GATHER, &t);
    }
    /* Generated on the device by the solve job; symmetric (Hermitian) by
     * construction, so nothing to check. */
    if (s->gpu_generate) return 0;
    EIG_CALL(eig_source_read(pl->src, c.start, c.count, b->input));
    if (pl->check_structure)
        EIG_CALL(eig_validate_structure(pl->src->name, pl->src->dataset, pl->src->kind, pl->src->precision, pl->src->n,
                                        b->input, c.start, c.count));
    eig_stats_lap(&pl->stats, EIG_STAGE_READ, &t);
    pl->stats.bytes_read += (long long)((size_t)(s->l.input * c.count) * s->es);
    return 0;
}

/* What the worker thread runs: the backend on one chunk, timed there (the
 * main thread adds the time to the stats once the job is waited for). */
typedef struct {
    eig_pipeline *pl;
    loop_state *s;
    chunk_buf *b;
    eig_idx start, count;
    double seconds, gen_seconds; /* solving; generating on the GPU (--synthetic) */
} solve_job;

/* --synthetic on the GPU: the chunk's matrices, made on the device into
 * s->gen_input (allocated on first use, in the run's precision). */
static int generate_on_gpu(solve_job *j)
{
    loop_state *s = j->s;
    eig_pipeline *pl = j->pl;
    const eig_source *src = pl->src;
    if (!s->gen_input)
        EIG_CALL(eig_gpu_alloc(pl->gpu.device, (size_t)(s->l.input * pl->chunk) * s->es, &s->gen_input));
    double t = eig_now();
    if (src->sweep) { /* a sweep spec: formed from its bases, copied to the device once */
        if (!s->sweep_dev) EIG_CALL(eig_gpu_sweep_upload(pl->gpu.device, &src->spec, &s->sweep_dev));
        EIG_CALL(eig_gpu_sweep_form(s->sweep_dev, j->start, j->count, src->precision, s->gen_input));
    } else {
        EIG_CALL(eig_gpu_generate(pl->gpu.device, src->family, src->n, src->seed, j->start, j->count, src->count,
                                  src->precision, s->gen_input));
    }
    j->gen_seconds = eig_now() - t;
    return 0;
}

static int run_solve_job(void *arg)
{
    solve_job *j = arg;
    eig_pipeline *pl = j->pl;
    chunk_buf *b = j->b;
    if (j->s->gpu_generate) EIG_CALL(generate_on_gpu(j));
    const void *input = j->s->gpu_generate ? j->s->gen_input : b->input;
    /* --reduce: reduced where solved (the CPU's threads, or on the GPU, whose
     * eigenvalues then stay there unless values are kept). */
    const eig_reduce_list *red = pl->reduce && pl->reduce->count ? pl->reduce : NULL;
    double t = eig_now();
    int rc = pl->use_gpu
                 ? eig_gpu_solve_reduce_batch(&pl->gpu, pl->params, pl->src->n, j->count, input,
                                              eig_reduce_keeps_values(pl->reduce) ? b->values : NULL, b->status,
                                              b->iters, b->vectors, red, b->reduced)
                 : eig_cpu_solve_reduce_batch(pl->params, pl->src->n, j->count, b->input, b->values, b->status,
                                              b->iters, b->vectors, red, b->reduced);
    j->seconds = eig_now() - t;
    return rc;
}

static void count_solved(eig_pipeline *pl, const solve_job *j)
{
    pl->stats.seconds[EIG_STAGE_SOLVE] += j->seconds;
    pl->stats.calls[EIG_STAGE_SOLVE]++;
    if (pl->stats.calls[EIG_STAGE_SOLVE] <= 3) { /* the first calls carry one-time costs (EIG_TRACE_SETUP=1) */
        char what[96];
        snprintf(what, sizeof what, "chunk %lld solved (generated in %.4f s, solved in %.4f s)",
                 (long long)pl->stats.calls[EIG_STAGE_SOLVE], j->gen_seconds, j->seconds);
        eig_trace_setup(pl->ctx->rank, what);
    }
    if (j->s->gpu_generate) { /* the chunk's "read": made on the GPU, before its solve */
        pl->stats.seconds[EIG_STAGE_READ] += j->gen_seconds;
        pl->stats.calls[EIG_STAGE_READ]++;
    }
    for (eig_idx m = 0; m < j->count; m++) {
        int st = j->b->status[m];
        pl->stats.status_counts[st >= 0 && st < 3 ? st : 2]++;
    }
    pl->stats.matrices += j->count;
}

static int write_chunk(loop_state *s, const chunk_buf *b, eig_slice c)
{
    double t = eig_now();
    int rc = eig_results_write_reduced(s->pl->out, c.start - s->pl->range_start, c.count, b->reduced);
    if (!rc)
        rc = eig_results_write(s->pl->out, c.start - s->pl->range_start, c.count, b->values, b->status, b->iters,
                               b->vectors);
    eig_writeback_kick(s->pl->out->tmp_path); /* the fsync at the end finds it mostly on disk */
    eig_stats_lap(&s->pl->stats, EIG_STAGE_WRITE, &t);
    s->written += c.count;
    return rc;
}

/* ---- gather: non-root ranks send chunks to rank 0 ---- */

/* The parts of a chunk's payload, in the order they travel (at most
 * PAYLOAD_PARTS): what the output keeps, no more (--reduce without values:
 * no eigenvalues, and no iterations unless listed). */
enum { PAYLOAD_PARTS = 5 };
static int payload_parts(loop_state *s, chunk_buf *b, eig_idx count, void **parts, size_t *sizes)
{
    int np = 0;
    const eig_reduce_list *red = s->pl->reduce;
    if (eig_reduce_keeps_values(red)) parts[np] = b->values, sizes[np++] = (size_t)(s->l.values * count) * s->es;
    parts[np] = b->status, sizes[np++] = (size_t)count;
    if (eig_reduce_keeps_iterations(red)) parts[np] = b->iters, sizes[np++] = sizeof(int32_t) * (size_t)count;
    if (s->l.vectors) parts[np] = b->vectors, sizes[np++] = (size_t)(s->l.vectors * count) * s->es;
    if (red && red->slots) parts[np] = b->reduced, sizes[np++] = sizeof(double) * (size_t)red->slots * (size_t)count;
    return np;
}

static int job_aborted(void *arg) { return fetch_add(arg, 1, 0) != 0; }

static int send_chunk(loop_state *s, chunk_buf *b, eig_idx g, eig_slice c)
{
    double t = eig_now();
    MPI_Comm comm = s->pl->ctx->comm;
    int64_t header[3] = {g, c.count, 0};
    void *parts[PAYLOAD_PARTS];
    size_t sizes[PAYLOAD_PARTS];
    int np = payload_parts(s, b, c.count, parts, sizes);
    b->nreq = 0;
    if (s->nccl) {
        /* header first: rank 0 posts the matching receive when it reads it */
        MPI_Send(header, 3, MPI_INT64_T, 0, TAG_HEADER, comm);
        EIG_CALL(eig_nccl_send(s->nccl, np, (const void *const *)parts, sizes, job_aborted, s));
    } else {
        MPI_Send(header, 3, MPI_INT64_T, 0, TAG_HEADER, comm);
        for (int p = 0; p < np; p++)
            MPI_Isend(parts[p], (int)sizes[p], MPI_BYTE, 0, TAG_VALUES + p, comm, &b->req[b->nreq++]);
    }
    eig_stats_lap(&s->pl->stats, EIG_STAGE_GATHER, &t);
    return 0;
}

/* A solved chunk leaves this rank: sent to rank 0, or written here. */
static int deliver_chunk(loop_state *s, chunk_buf *b, eig_idx g)
{
    eig_slice c = global_chunk(s->pl, g);
    return !s->pl->parallel_output && s->pl->ctx->rank != 0 ? send_chunk(s, b, g, c) : write_chunk(s, b, c);
}

static void send_done(loop_state *s, int rc)
{
    int64_t header[3] = {-1, 0, rc};
    MPI_Send(header, 3, MPI_INT64_T, 0, TAG_HEADER, s->pl->ctx->comm);
}

/* Rank 0: receives one message's chunk (header already read) and writes it
 * unless an error has already happened. Returns 1 for a "done" header. */
static int receive_one(loop_state *s, const int64_t *header, int from, chunk_buf *rb, int *rc)
{
    if (header[0] < 0) return 1; /* a sender that failed reports its own error at the end */
    double t = eig_now();
    eig_idx cnt = header[1];
    void *parts[PAYLOAD_PARTS];
    size_t sizes[PAYLOAD_PARTS];
    int np = payload_parts(s, rb, cnt, parts, sizes);
    if (s->nccl) {
        int r = eig_nccl_recv(s->nccl, from, np, parts, sizes);
        if (r && !*rc) *rc = r, raise_abort(s);
    } else {
        for (int p = 0; p < np; p++)
            MPI_Recv(parts[p], (int)sizes[p], MPI_BYTE, from, TAG_VALUES + p, s->pl->ctx->comm, MPI_STATUS_IGNORE);
    }
    eig_stats_lap(&s->pl->stats, EIG_STAGE_GATHER, &t);
    if (!*rc) {
        eig_slice c = global_chunk(s->pl, header[0]);
        *rc = write_chunk(s, rb, c);
        if (*rc) raise_abort(s);
    }
    return 0;
}

/* Rank 0: handles whatever has arrived (block: until `need` done headers). */
static void drain(loop_state *s, chunk_buf *rb, int *done_ranks, int block, int *rc)
{
    int need = s->pl->ctx->size - 1;
    while (*done_ranks < need) {
        int flag = 1;
        MPI_Status st;
        if (block) MPI_Probe(MPI_ANY_SOURCE, TAG_HEADER, s->pl->ctx->comm, &st);
        else MPI_Iprobe(MPI_ANY_SOURCE, TAG_HEADER, s->pl->ctx->comm, &flag, &st);
        if (!flag) return;
        int64_t header[3];
        MPI_Recv(header, 3, MPI_INT64_T, st.MPI_SOURCE, TAG_HEADER, s->pl->ctx->comm, MPI_STATUS_IGNORE);
        *done_ranks += receive_one(s, header, st.MPI_SOURCE, rb, rc);
    }
}

static void progress(loop_state *s, eig_idx own_done, eig_idx own_total)
{
    eig_pipeline *pl = s->pl;
    double now = eig_now();
    if (pl->quiet || pl->ctx->rank != 0 || now - s->t_progress < 10.0) return;
    s->t_progress = now;
    double frac = pl->parallel_output ? (own_total ? (double)own_done / (double)own_total : 1.0)
                                      : (double)s->written / (double)pl->range_count;
    if (frac <= 0 || frac >= 1) return;
    printf("solve: %5.1f%%  %.1f s elapsed, about %.0f s left\n", 100 * frac, now - s->t_start,
           (now - s->t_start) * (1 - frac) / frac);
    fflush(stdout);
}

/* While the worker solves: complete this rank's finished sends (Open MPI
 * moves a large message only while its sender calls into MPI) and, on rank
 * 0, receive and write what the other ranks have sent. */
static void poll_while_solving(void *arg)
{
    loop_state *s = arg;
    for (int i = 0; i < s->nbuf; i++) {
        chunk_buf *b = &s->buf[i];
        int flag = 0;
        if (b->nreq) MPI_Testall(b->nreq, b->req, &flag, MPI_STATUSES_IGNORE);
        if (flag) b->nreq = 0;
    }
    if (s->gather_root && !s->drain_rc) drain(s, &s->buf[2], &s->done_ranks, 0, &s->drain_rc);
}

int eig_pipeline_run(eig_pipeline *pl)
{
    eig_ctx *ctx = pl->ctx;
    double t_setup = eig_now();
    loop_state s;
    memset(&s, 0, sizeof s);
    s.pl = pl;
    s.l = eig_layout_of(pl->params, pl->src->n);
    s.es = pl->params->precision == EIG_PREC_SINGLE ? 4 : 8;
    s.t_start = s.t_progress = eig_now();
    eig_idx nchunks = eig_pipeline_chunks(pl);
    s.mine = eig_part_block(nchunks, ctx->size, ctx->rank);
    s.next_static = s.mine.start;
    s.gpu_generate = pl->use_gpu && (pl->src->synthetic || pl->src->sweep) && !pl->check_only;

    int gather_root = !pl->parallel_output && ctx->rank == 0 && ctx->size > 1;
    int gather_leaf = !pl->parallel_output && ctx->rank != 0;
    int nbuf = gather_root || gather_leaf ? 3 : 2;
    s.nbuf = nbuf, s.gather_root = gather_root;
    /* The CUDA context (~0.1 s after the driver's own start) is made by the
     * warm-up thread main() started (driver/gpu_warmup.h), or else by the
     * solve thread's pin job, while this thread reads the first chunk; this
     * thread selects the device once the context exists, to pin the second
     * ring buffer (and NCCL selects it in eig_nccl_open). */
    int rc = 0;
    if (pl->check_only) nbuf = 1;
    for (int i = 0; i < nbuf && !rc; i++) rc = alloc_chunk_buf(&s.buf[i], s.l, s.es, pl->chunk, !s.gpu_generate,
                                                                  pl->reduce ? pl->reduce->slots : 0);
    for (int i = 0; i < nbuf && !rc && pl->use_gpu; i++) { /* before the first read writes into buf[0] */
        touch_pages(s.buf[i].input, (size_t)(s.l.input * pl->chunk) * s.es);
        touch_pages(s.buf[i].values, (size_t)(s.l.values * pl->chunk) * s.es);
        touch_pages(s.buf[i].vectors, (size_t)(s.l.vectors * pl->chunk) * s.es);
    }
    eig_trace_setup(ctx->rank, "buffers allocated and touched");
    eig_solve_worker *worker = rc || pl->check_only ? NULL : eig_worker_start();
    if (!rc && !worker && !pl->check_only) rc = EIG_ERR_RESOURCE;
    if ((rc = eig_agree(ctx, rc))) {
        eig_worker_stop(worker);
        for (int i = 0; i < nbuf; i++) free_chunk_buf(&s.buf[i]);
        return rc;
    }
    if (pl->gather_nccl && (gather_root || gather_leaf)) {
        void *parts[PAYLOAD_PARTS];
        size_t sizes[PAYLOAD_PARTS], slot = 0;
        int np = payload_parts(&s, &s.buf[0], pl->chunk, parts, sizes);
        for (int p = 0; p < np; p++) slot += sizes[p];
        rc = eig_nccl_open(ctx->comm, pl->gpu.device, slot, &s.nccl); /* collective; same outcome on every rank */
        eig_timeline_mark(EIG_MARK_NCCL);
        if (rc) {
            eig_worker_stop(worker);
            for (int i = 0; i < nbuf; i++) free_chunk_buf(&s.buf[i]);
            return eig_agree(ctx, rc);
        }
    }
    MPI_Win_allocate(ctx->rank == 0 ? 2 * sizeof(int64_t) : 0, sizeof(int64_t), MPI_INFO_NULL, ctx->comm, &s.win_mem, &s.win);
    if (ctx->rank == 0) s.win_mem[0] = s.win_mem[1] = 0;
    MPI_Barrier(ctx->comm);
    MPI_Win_lock_all(0, s.win);
    eig_stats_lap(&pl->stats, EIG_STAGE_SETUP, &t_setup);
    eig_trace_setup(ctx->rank, "solve thread, NCCL, counter window ready");

    /* Software pipeline: while the worker solves chunk g, this thread
     * delivers chunk g-1 (send or write) and then claims and reads chunk g+1
     * into the buffer g-1 came from (a leaf rotates three buffers, so its
     * sends of g-1 can still be in flight). Delivering, reading and solving
     * overlap; results land by global index, so the output does not depend
     * on the order. */
    int cur = 0, prev = -1, ring = gather_leaf ? 3 : 2;
    eig_idx own_done = 0, g_prev = -1;
    eig_idx g;
    while (pl->check_only && !rc && (g = claim_undone_chunk(&s)) >= 0) { /* read and check, nothing else */
        eig_slice c = global_chunk(pl, g);
        rc = read_chunk(&s, &s.buf[0], c);
        eig_timeline_mark(EIG_MARK_FIRST_CHUNK);
        if (!rc) pl->stats.matrices += c.count, own_done++;
        progress(&s, own_done, pl->dynamic ? nchunks / ctx->size : s.mine.count);
    }
    if (pl->check_only) goto finish;
    const char *pin_all = getenv("EIG_PIN_ALL_FIRST");
    pin_job pins = {pl->gpu.device, s.buf, nbuf, s.l, s.es, pl->chunk, pl->reduce ? pl->reduce->slots : 0,
                    pin_all && atoi(pin_all) ? -1 : 1, 0.0};
    if (pl->use_gpu) eig_worker_post(worker, run_pin_job, &pins);
    g = claim_undone_chunk(&s);
    if (g >= 0) rc = read_chunk(&s, &s.buf[cur], global_chunk(pl, g));
    eig_trace_setup(ctx->rank, "first chunk read");
    eig_timeline_mark(EIG_MARK_FIRST_CHUNK);
    t_setup = eig_now();
    eig_worker_wait(worker); /* the pinning */
    eig_trace_setup(ctx->rank, "buffers pinned");
    eig_stats_lap(&pl->stats, EIG_STAGE_SETUP, &t_setup); /* what the first read did not hide */
    pl->stats.seconds[EIG_STAGE_PIN] += pins.seconds;
    pl->stats.calls[EIG_STAGE_PIN] += pl->use_gpu;
    while (!rc && g >= 0) {
        eig_slice c = global_chunk(pl, g);
        solve_job job = {pl, &s, &s.buf[cur], c.start, c.count, 0.0, 0.0};
        eig_worker_post(worker, run_solve_job, &job);
        int rc_deliver = g_prev >= 0 ? deliver_chunk(&s, &s.buf[prev], g_prev) : 0;
        own_done += g_prev >= 0 && !rc_deliver;
        int nxt = (cur + 1) % ring;
        eig_idx g_next = rc_deliver ? -1 : claim_undone_chunk(&s);
        int rc_read = g_next >= 0 ? read_chunk(&s, &s.buf[nxt], global_chunk(pl, g_next)) : 0;
        if (pl->use_gpu && g_next >= 0 && !s.buf[nxt].pinned) { /* pins.later, while the worker solves */
            eig_gpu_use_device(pl->gpu.device);
            pl->stats.seconds[EIG_STAGE_PIN] += pin_chunk_buf(&pins, &s.buf[nxt]);
        }
        rc = eig_worker_wait_polling(worker, poll_while_solving, &s);
        if (!rc) rc = rc_deliver;
        if (!rc) rc = rc_read;
        if (!rc) rc = s.drain_rc;
        if (rc) break;
        count_solved(pl, &job);
        if (gather_root) drain(&s, &s.buf[2], &s.done_ranks, 0, &rc);
        if (rc) break;
        progress(&s, own_done, pl->dynamic ? nchunks / ctx->size : s.mine.count);
        g_prev = g, prev = cur;
        g = g_next, cur = nxt;
    }
    if (!rc && g_prev >= 0) rc = deliver_chunk(&s, &s.buf[prev], g_prev); /* the last one */
finish:
    eig_timeline_mark(EIG_MARK_SOLVE_LOOP);
    if (rc) raise_abort(&s);
    eig_worker_stop(worker);
    if (gather_leaf && s.nccl && !rc) {
        double t = eig_now();
        if ((rc = eig_nccl_flush(s.nccl, job_aborted, &s))) raise_abort(&s);
        eig_stats_lap(&pl->stats, EIG_STAGE_GATHER, &t);
    }
    if (gather_leaf) send_done(&s, rc);
    if (!rc) rc = s.drain_rc;
    if (gather_root) drain(&s, &s.buf[2], &s.done_ranks, 1, &rc);
    MPI_Win_unlock_all(s.win);
    MPI_Win_free(&s.win);
    if (pl->use_gpu && !pl->check_only && s.sweep_dev) {
        eig_gpu_use_device(pl->gpu.device);
        eig_gpu_sweep_free(s.sweep_dev); /* the spec's bases (small) */
    }
    release_buffers(pl, &s, nbuf); /* while the output is finished (driver/release_later.h) */
    /* A rank that stopped because another failed reports no error of its own. */
    rc = eig_agree(ctx, rc);
    eig_nccl_close(s.nccl, rc != 0);
    return rc;
}

/* `eigsweep solve`: the per-rank pipeline. Each rank owns a contiguous block
 * of global indices, reads it chunk by chunk, solves each chunk on its backend
 * and sends the results to rank 0, which writes them at their global place. */
#include <getopt.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "batch_gpu.h"
#include "build_info.h"
#include "cli.h"
#include "collection.h"
#include "eig_error.h"
#include "partition.h"
#include "report.h"
#include "validate.h"

typedef enum { BACKEND_AUTO, BACKEND_CPU, BACKEND_GPU } backend_choice;

typedef struct {
    const char *input, *output, *report_json;
    eig_solve_params params;
    backend_choice backend;
    eig_idx chunk, range_start, range_count;
    int streams, force, quiet, strict, trust_kind;
    const char *kernel;
} solve_options;

static void solve_usage(void)
{
    printf("usage: [mpirun -np R] eigsweep solve IN.h5 -o OUT.h5 [options]\n"
           "\n"
           "Computes the eigenvalues of every matrix in IN.h5 and writes them, with a\n"
           "status and iteration count per matrix, to OUT.h5 in global order. Ranks\n"
           "split the collection into contiguous blocks; results do not depend on R.\n"
           "\n"
           "options:\n"
           "  -o, --output FILE     result file (refused if it exists, unless --force)\n"
           "  --method M            auto (default), francis, jacobi, tridiag-ql, bisection\n"
           "  --vectors             eigenvectors too (symmetric, hermitian; not bisection)\n"
           "  --select-index I:J    eigenvalues I..J (0-based, ascending; bisection)\n"
           "  --select-range A:B    eigenvalues in (A, B] (bisection)\n"
           "  --backend B           auto (GPU when present, default), cpu, gpu\n"
           "  --chunk N             matrices per chunk (default: about 64 MB of input)\n"
           "  --streams S           CUDA streams per rank (default 4)\n"
           "  --kernel NAME         force a GPU kernel (see docs/methods.md)\n"
           "  --range START:COUNT   solve only matrices START..START+COUNT-1\n"
           "  --max-iter K          iteration cap per eigenvalue (default 30)\n"
           "  --report FILE.json    timing statistics as JSON\n"
           "  --strict              a matrix that fails makes the run fail (no output)\n"
           "  --trust-kind          skip the check that symmetric/hermitian input is so\n"
           "  --force               replace an existing output file\n"
           "  -q, --quiet           no report table, no progress\n"
           "\n"
           "exit status: 0 all matrices ok; 8 output complete but some matrices failed\n"
           "(status not_converged or invalid_input); other codes: docs/errors.md\n"
           "\n"
           "examples:\n"
           "  eigsweep solve sweep.h5 -o eig.h5\n"
           "  mpirun -np 4 eigsweep solve sweep.h5 -o eig.h5 --report report.json\n"
           "  eigsweep solve sym.h5 -o eig.h5 --method jacobi --vectors\n"
           "  eigsweep solve tri.h5 -o low.h5 --select-index 0:9\n");
}

static int parse_pair_i64(const char *opt, const char *s, int64_t *a, int64_t *b)
{
    const char *colon = s ? strchr(s, ':') : NULL;
    EIG_CHECK(colon, EIG_ERR_USAGE, "%s: expected A:B, got '%s'", opt, s ? s : "");
    char left[64];
    snprintf(left, sizeof left, "%.*s", (int)(colon - s), s);
    EIG_CALL(eig_parse_i64(opt, left, 0, INT64_MAX / 2, a));
    EIG_CALL(eig_parse_i64(opt, colon + 1, 0, INT64_MAX / 2, b));
    return 0;
}

static int parse_solve(int argc, char **argv, solve_options *o, int *help)
{
    enum { O_METHOD = 256, O_VECTORS, O_SELI, O_SELR, O_BACKEND, O_CHUNK, O_STREAMS, O_KERNEL, O_RANGE,
           O_MAXIT, O_REPORT, O_STRICT, O_FORCE, O_TRUST };
    static const struct option opts[] = {
        {"output", required_argument, 0, 'o'},   {"method", required_argument, 0, O_METHOD},
        {"vectors", no_argument, 0, O_VECTORS},  {"select-index", required_argument, 0, O_SELI},
        {"select-range", required_argument, 0, O_SELR}, {"backend", required_argument, 0, O_BACKEND},
        {"chunk", required_argument, 0, O_CHUNK}, {"streams", required_argument, 0, O_STREAMS},
        {"kernel", required_argument, 0, O_KERNEL}, {"range", required_argument, 0, O_RANGE},
        {"max-iter", required_argument, 0, O_MAXIT}, {"report", required_argument, 0, O_REPORT},
        {"strict", no_argument, 0, O_STRICT},    {"trust-kind", no_argument, 0, O_TRUST},    {"force", no_argument, 0, O_FORCE},
        {"quiet", no_argument, 0, 'q'},          {"help", no_argument, 0, 'h'},
        {0, 0, 0, 0}};
    memset(o, 0, sizeof *o);
    o->streams = 4;
    o->range_count = -1;
    *help = 0;
    optind = 1;
    opterr = 0;
    int c;
    int64_t a, b;
    while ((c = getopt_long(argc, argv, ":o:qh", opts, NULL)) != -1) {
        switch (c) {
        case 'o': o->output = optarg; break;
        case O_METHOD: EIG_CALL(eig_method_parse(optarg, &o->params.method)); break;
        case O_VECTORS: o->params.vectors = 1; break;
        case O_SELI:
            EIG_CALL(parse_pair_i64("--select-index", optarg, &a, &b));
            EIG_CHECK(a <= b && b < EIG_MAX_N, EIG_ERR_USAGE, "--select-index %s: need I <= J < %d", optarg, EIG_MAX_N);
            o->params.select = EIG_SELECT_INDEX, o->params.il = (int)a, o->params.iu = (int)b;
            break;
        case O_SELR: {
            const char *colon = strchr(optarg, ':');
            EIG_CHECK(colon, EIG_ERR_USAGE, "--select-range: expected A:B, got '%s'", optarg);
            char left[64];
            snprintf(left, sizeof left, "%.*s", (int)(colon - optarg), optarg);
            EIG_CALL(eig_parse_double("--select-range", left, &o->params.vl));
            EIG_CALL(eig_parse_double("--select-range", colon + 1, &o->params.vu));
            EIG_CHECK(o->params.vl < o->params.vu, EIG_ERR_USAGE, "--select-range %s: need A < B", optarg);
            o->params.select = EIG_SELECT_RANGE;
            break;
        }
        case O_BACKEND:
            if (!strcmp(optarg, "auto")) o->backend = BACKEND_AUTO;
            else if (!strcmp(optarg, "cpu")) o->backend = BACKEND_CPU;
            else if (!strcmp(optarg, "gpu")) o->backend = BACKEND_GPU;
            else return EIG_ERROR(EIG_ERR_USAGE, "--backend: '%s' is not auto, cpu or gpu", optarg);
            break;
        case O_CHUNK: EIG_CALL(eig_parse_i64("--chunk", optarg, 1, INT64_MAX / 2, &o->chunk)); break;
        case O_STREAMS: EIG_CALL(eig_parse_int("--streams", optarg, 1, 64, &o->streams)); break;
        case O_KERNEL: o->kernel = optarg; break;
        case O_RANGE:
            EIG_CALL(parse_pair_i64("--range", optarg, &o->range_start, &o->range_count));
            EIG_CHECK(o->range_count > 0, EIG_ERR_USAGE, "--range %s: COUNT must be at least 1", optarg);
            break;
        case O_MAXIT: EIG_CALL(eig_parse_int("--max-iter", optarg, 1, 100000, &o->params.max_iter_factor)); break;
        case O_REPORT: o->report_json = optarg; break;
        case O_STRICT: o->strict = 1; break;
        case O_TRUST: o->trust_kind = 1; break;
        case O_FORCE: o->force = 1; break;
        case 'q': o->quiet = 1; break;
        case 'h': *help = 1; return 0;
        case ':': return EIG_ERROR(EIG_ERR_USAGE, "solve: option %s needs a value", argv[optind - 1]);
        default: return EIG_ERROR(EIG_ERR_USAGE, "solve: unknown option '%s' (see eigsweep solve --help)", argv[optind - 1]);
        }
    }
    EIG_CHECK(optind < argc, EIG_ERR_USAGE, "solve: no input file (eigsweep solve IN.h5 -o OUT.h5)");
    o->input = argv[optind++];
    EIG_CHECK(optind == argc, EIG_ERR_USAGE, "solve: unexpected argument '%s'", argv[optind < argc ? optind : 0]);
    EIG_CHECK(o->output, EIG_ERR_USAGE, "solve: -o OUT.h5 is required");
    EIG_CHECK(strcmp(o->input, o->output) != 0, EIG_ERR_USAGE, "solve: the output would overwrite the input %s", o->input);
    return 0;
}

/* Node-local rank, for choosing this rank's GPU. */
static int local_rank(eig_ctx *ctx)
{
    MPI_Comm node;
    int lr;
    MPI_Comm_split_type(ctx->comm, MPI_COMM_TYPE_SHARED, ctx->rank, MPI_INFO_NULL, &node);
    MPI_Comm_rank(node, &lr);
    MPI_Comm_free(&node);
    return lr;
}

static int choose_backend(eig_ctx *ctx, solve_options *o, eig_gpu_config *gcfg, char *device, size_t cap)
{
    int ngpu = eig_gpu_device_count();
    EIG_CHECK(!(o->backend == BACKEND_GPU && ngpu == 0), EIG_ERR_RESOURCE,
              "--backend gpu: no CUDA device is visible%s (use --backend cpu)",
              EIGSWEEP_BUILD_CUDA[0] == 'O' && EIGSWEEP_BUILD_CUDA[1] == 'N' ? "" : " and this build has no CUDA");
    char host[128] = "?";
    gethostname(host, sizeof host);
    if (o->backend == BACKEND_CPU || ngpu == 0) {
        o->backend = BACKEND_CPU;
        snprintf(device, cap, "%s  cpu (%d OpenMP threads)", host, omp_get_max_threads());
        return 0;
    }
    o->backend = BACKEND_GPU;
    memset(gcfg, 0, sizeof *gcfg);
    gcfg->device = local_rank(ctx) % ngpu;
    gcfg->streams = o->streams;
    gcfg->kernel = o->kernel;
    char name[200];
    eig_gpu_describe(gcfg->device, name, sizeof name);
    snprintf(device, cap, "%s  gpu %d: %s", host, gcfg->device, name);
    return 0;
}

/* Buffers of one chunk: input, values, status, iterations, vectors. */
typedef struct {
    void *input, *values, *vectors;
    int8_t *status;
    int32_t *iters;
    size_t in_bytes, val_bytes, vec_bytes;
} chunk_buffers;

static int alloc_buffers(chunk_buffers *b, eig_layout l, size_t es, eig_idx chunk)
{
    memset(b, 0, sizeof *b);
    b->in_bytes = (size_t)(l.input * chunk) * es;
    b->val_bytes = (size_t)(l.values * chunk) * es;
    b->vec_bytes = (size_t)(l.vectors * chunk) * es;
    b->input = malloc(b->in_bytes + 1);
    b->values = malloc(b->val_bytes + 1);
    b->vectors = b->vec_bytes ? malloc(b->vec_bytes) : NULL;
    b->status = malloc((size_t)chunk + 1);
    b->iters = malloc(sizeof(int32_t) * (size_t)chunk + 1);
    EIG_CHECK(b->input && b->values && b->status && b->iters && (!b->vec_bytes || b->vectors), EIG_ERR_RESOURCE,
              "out of host memory for a chunk of %lld matrices (%.1f MB); try a smaller --chunk", (long long)chunk,
              (double)(b->in_bytes + b->val_bytes + b->vec_bytes) / 1e6);
    return 0;
}

static void free_buffers(chunk_buffers *b)
{
    free(b->input), free(b->values), free(b->vectors), free(b->status), free(b->iters);
}

/* Rank 0 receives rank r's results for chunk c (sizes from the partition). */
static void recv_chunk(eig_ctx *ctx, chunk_buffers *b, eig_layout l, size_t es, eig_idx cnt, int from)
{
    (void)ctx;
    MPI_Recv(b->values, (int)((size_t)(l.values * cnt) * es), MPI_BYTE, from, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Recv(b->status, (int)cnt, MPI_INT8_T, from, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Recv(b->iters, (int)cnt, MPI_INT32_T, from, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (l.vectors)
        MPI_Recv(b->vectors, (int)((size_t)(l.vectors * cnt) * es), MPI_BYTE, from, 4, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}

static void send_chunk(const chunk_buffers *b, eig_layout l, size_t es, eig_idx cnt)
{
    MPI_Send(b->values, (int)((size_t)(l.values * cnt) * es), MPI_BYTE, 0, 1, MPI_COMM_WORLD);
    MPI_Send(b->status, (int)cnt, MPI_INT8_T, 0, 2, MPI_COMM_WORLD);
    MPI_Send(b->iters, (int)cnt, MPI_INT32_T, 0, 3, MPI_COMM_WORLD);
    if (l.vectors) MPI_Send(b->vectors, (int)((size_t)(l.vectors * cnt) * es), MPI_BYTE, 0, 4, MPI_COMM_WORLD);
}

typedef struct {
    eig_ctx *ctx;
    solve_options *o;
    eig_collection *in;
    eig_result_file *out; /* rank 0 only */
    eig_gpu_config gpu;
    eig_idx chunk;
    eig_rank_stats stats;
} pipeline;

static int solve_chunk(pipeline *pl, chunk_buffers *b, eig_slice c)
{
    const eig_solve_params *p = &pl->o->params;
    if (pl->o->backend == BACKEND_GPU)
        return eig_gpu_solve_batch(&pl->gpu, p, pl->in->n, c.count, b->input, b->values, b->status, b->iters, b->vectors);
    return eig_cpu_solve_batch(p, pl->in->n, c.count, b->input, b->values, b->status, b->iters, b->vectors);
}

/* The chunk loop. Every rank runs the same number of iterations so the
 * per-chunk agreement (a collective) lines up; rank 0 writes its own chunk
 * and then each other rank's chunk of the same step. */
static int run_pipeline(pipeline *pl)
{
    eig_ctx *ctx = pl->ctx;
    const solve_options *o = pl->o;
    eig_layout l = eig_layout_of(&o->params, pl->in->n);
    size_t es = o->params.precision == EIG_PREC_SINGLE ? 4 : 8;
    eig_slice mine = eig_part_block_range(o->range_start, o->range_count, ctx->size, ctx->rank);
    eig_idx max_chunks = eig_part_chunk_count(eig_part_block_range(o->range_start, o->range_count, ctx->size, 0).count, pl->chunk);
    chunk_buffers b;
    int rc = eig_agree(ctx, alloc_buffers(&b, l, es, pl->chunk));
    if (rc) { free_buffers(&b); return rc; }
    double t = eig_now(), started = t, last_progress = t;
    for (eig_idx k = 0; k < max_chunks; k++) {
        eig_slice c = eig_part_chunk(mine, pl->chunk, k);
        if (c.count > 0) {
            rc = eig_h5_read_slice(pl->in, c.start, c.count, b.input);
            eig_stats_lap(&pl->stats, EIG_STAGE_READ, &t);
            pl->stats.bytes_read += (long long)b.in_bytes / pl->chunk * c.count;
            if (!rc && !o->trust_kind) rc = eig_validate_structure(pl->in, b.input, c.start, c.count);
            if (!rc) rc = solve_chunk(pl, &b, c);
            eig_stats_lap(&pl->stats, EIG_STAGE_SOLVE, &t);
            for (eig_idx m = 0; !rc && m < c.count; m++) pl->stats.status_counts[b.status[m] >= 0 && b.status[m] < 3 ? b.status[m] : 2]++;
            pl->stats.matrices += c.count;
        }
        /* Nobody sends or writes a chunk unless every rank got this far. */
        if ((rc = eig_agree(ctx, rc))) break;
        if (ctx->rank == 0) {
            rc = eig_h5_write_results(pl->out, c.start - o->range_start, c.count, b.values, b.status, b.iters, b.vectors);
            eig_stats_lap(&pl->stats, EIG_STAGE_WRITE, &t);
            for (int r = 1; r < ctx->size && !rc; r++) {
                eig_slice rc_slice = eig_part_chunk(eig_part_block_range(o->range_start, o->range_count, ctx->size, r), pl->chunk, k);
                if (rc_slice.count == 0) continue;
                recv_chunk(ctx, &b, l, es, rc_slice.count, r);
                eig_stats_lap(&pl->stats, EIG_STAGE_GATHER, &t);
                rc = eig_h5_write_results(pl->out, rc_slice.start - o->range_start, rc_slice.count, b.values, b.status, b.iters, b.vectors);
                eig_stats_lap(&pl->stats, EIG_STAGE_WRITE, &t);
            }
        } else if (c.count > 0) {
            send_chunk(&b, l, es, c.count);
            eig_stats_lap(&pl->stats, EIG_STAGE_GATHER, &t);
        }
        if ((rc = eig_agree(ctx, rc))) break;
        double now = eig_now();
        if (!o->quiet && ctx->rank == 0 && now - last_progress > 10.0 && k + 1 < max_chunks) {
            double frac = (double)(k + 1) / (double)max_chunks;
            printf("solve: %5.1f%%  %.1f s elapsed, about %.0f s left\n", 100 * frac, now - started,
                   (now - started) * (1 - frac) / frac);
            fflush(stdout);
            last_progress = now;
        }
    }
    free_buffers(&b);
    return rc;
}

static int write_provenance(const pipeline *pl, const char *backend)
{
    hid_t f = pl->out->file;
    const solve_options *o = pl->o;
    char date[64];
    time_t now = time(NULL);
    strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
    int rc = 0;
    rc |= eig_h5_write_attr_string(f, "eigsweep_version", EIGSWEEP_VERSION " (git " EIGSWEEP_GIT_HASH ")");
    rc |= eig_h5_write_attr_string(f, "kind", eig_kind_name(o->params.kind));
    rc |= eig_h5_write_attr_string(f, "method", eig_method_name(o->params.method));
    rc |= eig_h5_write_attr_string(f, "precision", o->params.precision == EIG_PREC_SINGLE ? "single" : "double");
    rc |= eig_h5_write_attr_string(f, "backend", backend);
    rc |= eig_h5_write_attr_int64(f, "ranks", pl->ctx->size);
    rc |= eig_h5_write_attr_int64(f, "gpus", pl->o->backend == BACKEND_GPU ? pl->ctx->size : 0);
    rc |= eig_h5_write_attr_string(f, "input_file", o->input);
    rc |= eig_h5_write_attr_string(f, "input_dataset", pl->in->dataset);
    rc |= eig_h5_write_attr_int64(f, "range_start", o->range_start);
    rc |= eig_h5_write_attr_int64(f, "range_count", o->range_count);
    rc |= eig_h5_write_attr_string(f, "order", o->params.kind == EIG_KIND_GENERAL
                                                   ? "ascending real part, then |imag|; +imag before -imag"
                                                   : "ascending");
    rc |= eig_h5_write_attr_string(f, "date", date);
    return rc ? EIG_ERR_OUTPUT : 0;
}

static int check_ranges(solve_options *o, const eig_collection *in)
{
    EIG_CHECK(o->range_start < in->count, EIG_ERR_USAGE, "--range: START %lld is past the last matrix (N = %lld in %s)",
              (long long)o->range_start, (long long)in->count, in->path);
    if (o->range_count < 0) o->range_count = in->count - o->range_start;
    EIG_CHECK(o->range_start + o->range_count <= in->count, EIG_ERR_USAGE,
              "--range %lld:%lld goes past the last matrix (N = %lld in %s)", (long long)o->range_start,
              (long long)o->range_count, (long long)in->count, in->path);
    if (o->params.select == EIG_SELECT_INDEX)
        EIG_CHECK(o->params.iu < in->n, EIG_ERR_USAGE, "--select-index %d:%d: matrices have only n = %d eigenvalues",
                  o->params.il, o->params.iu, in->n);
    return 0;
}

static eig_idx choose_chunk(const solve_options *o, const eig_collection *in, int nranks)
{
    eig_layout l = eig_layout_of(&o->params, in->n);
    size_t es = o->params.precision == EIG_PREC_SINGLE ? 4 : 8;
    eig_idx per_rank = (o->range_count + nranks - 1) / nranks;
    eig_idx bytes = (eig_idx)((size_t)(l.input + l.values + l.vectors) * es + 5);
    if (o->chunk > 0) return o->chunk < per_rank ? o->chunk : (per_rank > 0 ? per_rank : 1);
    return eig_part_auto_chunk(bytes, per_rank, (eig_idx)64 << 20);
}

int eig_cmd_solve(eig_ctx *ctx, int argc, char **argv)
{
    solve_options o;
    int help;
    int rc = eig_agree(ctx, parse_solve(argc, argv, &o, &help));
    if (rc) return rc;
    if (help) { if (ctx->rank == 0) solve_usage(); return 0; }

    double t_start = eig_now();
    eig_collection in;
    if ((rc = eig_agree(ctx, eig_h5_open_input(ctx->comm, o.input, &in)))) return rc;
    o.params.kind = in.kind;
    o.params.precision = in.precision;
    rc = check_ranges(&o, &in);
    if (!rc) rc = eig_method_resolve(&o.params, in.n);
    if ((rc = eig_agree(ctx, rc))) { eig_h5_close_input(&in); return rc; }

    pipeline pl;
    memset(&pl, 0, sizeof pl);
    pl.ctx = ctx, pl.o = &o, pl.in = &in;
    eig_report_info info;
    memset(&info, 0, sizeof info);
    if ((rc = eig_agree(ctx, choose_backend(ctx, &o, &pl.gpu, info.device, sizeof info.device)))) {
        eig_h5_close_input(&in);
        return rc;
    }
    pl.chunk = choose_chunk(&o, &in, ctx->size);
    eig_result_file out;
    rc = ctx->rank == 0 ? eig_h5_create_results(o.output, &o.params, o.range_count, in.n, o.force, &out) : 0;
    if ((rc = eig_agree(ctx, rc))) { eig_h5_close_input(&in); return rc; }
    pl.out = &out;

    const char *backend = o.backend == BACKEND_GPU ? "gpu" : "cpu";
    snprintf(info.header, sizeof info.header,
             "eigsweep %s solve input=%s output=%s N=%lld n=%d kind=%s precision=%s method=%s vectors=%s "
             "backend=%s ranks=%d threads=%d chunk=%lld streams=%d range=%lld:%lld",
             EIGSWEEP_VERSION, o.input, o.output, (long long)in.count, in.n, eig_kind_name(o.params.kind),
             o.params.precision == EIG_PREC_SINGLE ? "single" : "double", eig_method_name(o.params.method),
             o.params.vectors ? "yes" : "no", backend, ctx->size, omp_get_max_threads(), (long long)pl.chunk,
             o.streams, (long long)o.range_start, (long long)o.range_count);
    info.total_matrices = o.range_count;

    rc = run_pipeline(&pl);
    eig_h5_close_input(&in);
    eig_rank_stats sum;
    memset(&sum, 0, sizeof sum);
    MPI_Allreduce(pl.stats.status_counts, sum.status_counts, 3, MPI_LONG_LONG, MPI_SUM, ctx->comm);
    long long failed = sum.status_counts[1] + sum.status_counts[2];
    if (!rc && o.strict && failed)
        rc = eig_agree(ctx, EIG_ERROR(EIG_ERR_MATRIX_FAILED, "--strict: %lld of %lld matrices failed (%lld not converged, "
                                      "%lld invalid input); no output written", failed, (long long)o.range_count,
                                      sum.status_counts[1], sum.status_counts[2]));
    int frc = 0;
    if (ctx->rank == 0) {
        if (!rc) frc = write_provenance(&pl, backend);
        int frc2 = eig_h5_finish_results(&out, rc == 0 && frc == 0);
        if (!frc) frc = frc2;
    }
    frc = eig_agree(ctx, frc);
    if (rc || frc) return rc ? rc : frc;

    double t = t_start;
    eig_stats_lap(&pl.stats, EIG_STAGE_TOTAL, &t);
    if ((rc = eig_report(ctx, &info, &pl.stats, o.quiet, o.report_json, &sum))) return rc;
    if (!o.quiet)
        eig_say(ctx, "status: ok %lld, not_converged %lld, invalid_input %lld  ->  %s\n", sum.status_counts[0],
                sum.status_counts[1], sum.status_counts[2], o.output);
    if (failed) {
        eig_say(ctx, "eigsweep: warning: %lld matrices did not give eigenvalues (see /status in %s); exit code %d\n",
                failed, o.output, EIG_ERR_MATRIX_FAILED);
        return EIG_ERR_MATRIX_FAILED;
    }
    return 0;
}

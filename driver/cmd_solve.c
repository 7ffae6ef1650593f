/* `eigsweep solve`: options, input and output set-up, the report. The chunk
 * loop itself is driver/pipeline.c. */
#include <getopt.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "batch_gpu.h"
#include "binding.h"
#include "build_info.h"
#include "cli.h"
#include "collection.h"
#include "cores.h"
#include "eig_error.h"
#include "gpu_warmup.h"
#include "h5util.h"
#include "identity.h"
#include "nccl_link.h"
#include "partition.h"
#include "grid_scales.h"
#include "pipeline.h"
#include "reduce.h"
#include "release_later.h"
#include "report.h"
#include "results.h"
#include "source.h"
#include "timeline.h"

typedef enum { BACKEND_AUTO = EIG_BACKEND_AUTO, BACKEND_CPU = EIG_BACKEND_CPU, BACKEND_GPU = EIG_BACKEND_GPU } backend_choice;

/* How gathered results travel to rank 0. MPI is the default: the results
 * are in pinned host memory when a chunk is solved, and measured on one
 * 2-GPU node NCCL's setup (about a second) outweighs its faster transfer
 * (docs/scaling.md). */
enum { GATHER_VIA_MPI, GATHER_VIA_NCCL };

typedef struct {
    const char *input, *output, *report_json, *synthetic;
    eig_solve_params params;
    backend_choice backend;
    eig_idx chunk, range_start, range_count;
    int streams, force, quiet, strict, trust_kind, resume, parallel_output, dynamic, share_gpu, check_only;
    int gather_via; /* GATHER_VIA_* */
    eig_read_driver read_with;
    int64_t max_gpu_mem;
    const char *kernel;
    eig_input_spec in_spec; /* --kind, --dataset, --diag, --offdiag */
    eig_reduce_list reduce; /* --reduce (docs/reductions.md); zero: every eigenvalue */
    const char *reduce_type; /* --reduce-type as given (NULL: float64), applied to reduce after parsing */
} solve_options;

static void solve_usage(void)
{
    printf("usage: [mpirun -np R] eigsweep solve IN.h5 -o OUT.h5 [options]\n"
           "       [mpirun -np R] eigsweep solve --synthetic FAMILY:N:COUNT[:SEED[:single]] -o OUT.h5 [options]\n"
           "       [mpirun -np R] eigsweep solve SPEC.h5 -o OUT.h5 [options]   (a parametric sweep: docs/sweeps.md)\n"
           "\n"
           "Computes the eigenvalues of every matrix in IN.h5 and writes them, with a\n"
           "status and iteration count per matrix, to OUT.h5 in global order. Ranks\n"
           "split the collection into contiguous blocks; results do not depend on R.\n"
           "\n"
           "options:\n"
           "  -o FILE               result file (refused if it exists, unless --force)\n"
           "  --kind K              general, symmetric, hermitian or tridiagonal: for files without a\n"
           "                        'kind' attribute (MATLAB, Julia, plain h5py); overrides one with a warning\n"
           "  --dataset PATH        the [N,n,n] matrices when not at /matrices (e.g. /run1/A)\n"
           "  --diag P --offdiag Q  a tridiagonal collection's [N,n] and [N,n-1] datasets\n"
           "  --method M            auto (default), francis, jacobi, tridiag-ql, bisection\n"
           "  --vectors             eigenvectors too (symmetric, hermitian; not bisection)\n"
           "  --select-index I:J    eigenvalues I..J (0-based, ascending; bisection)\n"
           "  --select-range A:B    eigenvalues in (A, B] (bisection)\n"
           "  --backend B           auto (GPU when every rank has one; default), cpu, gpu\n"
           "                        (default taken from $EIGSWEEP_BACKEND when set)\n"
           "  --chunk N             matrices per chunk (default: 64 MB of buffers on the CPU,\n"
           "                        256 MB-1 GiB on a GPU by kernel, at least 4 chunks per\n"
           "                        rank; a rank holds 2-3 chunks of buffers)\n"
           "  --streams S           CUDA streams per rank (default 4)\n"
           "  --kernel NAME         force a GPU kernel (see docs/methods.md): auto, thread-global,\n"
           "                        thread-shared, warp-jacobi, eigval-thread, warp-general,\n"
           "                        block-tridiag, warp-tridiag, warp-sym, block-jacobi\n"
           "  --share-gpu           allow several ranks of a node on one GPU (default: error)\n"
           "  --max-gpu-mem MB      device memory this rank may use (default: 80%% of free)\n"
           "  --range START:COUNT   solve only matrices START..START+COUNT-1 (job arrays; see merge)\n"
           "  --resume              finish OUT.h5.partial left by a killed run (same input and\n"
           "                        options; any rank count); no-op when OUT.h5 is complete\n"
           "  --output MODE         gather (default: results travel to rank 0, which writes)\n"
           "                        or parallel (every rank writes its rows through MPI-IO)\n"
           "  --gather-via T        mpi (default) or nccl: results go GPU to GPU to rank 0\n"
           "                        (one GPU per rank; pays off on large runs across nodes)\n"
           "  --balance MODE        static (default: a fixed block of chunks per rank) or\n"
           "                        dynamic (ranks take chunks from a shared counter)\n"
           "  --read-with D         mpiio (default) or posix: how ranks read their slices of\n"
           "                        IN.h5 (posix: each rank reads its own rows, no MPI-IO)\n"
           "  --check-only          read IN.h5 and check it (shape, type, every block readable,\n"
           "                        the symmetric/hermitian claim unless --trust-kind) with the\n"
           "                        given ranks, solve and write nothing (no -o): a dry run\n"
           "                        before a long job, and the time just to read the file\n"
           "  --synthetic SPEC      generate the input in memory instead of reading a file\n"
           "                        (FAMILY:N:COUNT[:SEED[:single]]; separates I/O from compute;\n"
           "                        on the GPU backend made on the GPU: docs/format.md)\n"
           "  --max-iter K          iteration cap per eigenvalue (default 30)\n"
           "  --reduce LIST         per matrix (grid point), instead of every eigenvalue: a comma list of\n"
           "                        abscissa, radius, min-damping, unstable, unstable-discrete, min, max,\n"
           "                        gap:I, eig:I (I 0-based), values (keep the eigenvalues too) and\n"
           "                        iterations (keep /iterations, which a list without values drops);\n"
           "                        datasets shaped like the grid: docs/reductions.md\n"
           "  --reduce-type T       float64 (default) or float32: the type of the float reductions in\n"
           "                        the file (computed in double, rounded to float32 once when written;\n"
           "                        counts stay int32)\n"
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
           "  mpirun -np 4 --map-by slot:PE=4 eigsweep solve sweep.h5 -o eig.h5 --report report.json\n"
           "    (PE=K: K cores per rank, here a 16-core node; Open MPI alone binds each rank of a\n"
           "     1- or 2-rank job to ONE core; docs/jobs.md \"Cores per rank\")\n"
           "  srun --cpus-per-task=8 eigsweep solve sweep.h5 -o eig.h5 --resume --balance dynamic --output parallel\n"
           "  mpirun -np 2 --map-by slot:PE=8 eigsweep solve --synthetic control:30:1000000 -o eig.h5 --report r.json\n"
           "  eigsweep solve sym.h5 -o eig.h5 --method jacobi --vectors\n"
           "  eigsweep solve mine.h5 -o eig.h5 --dataset /run1/A --kind symmetric\n"
           "  eigsweep solve tri.h5 -o low.h5 --select-index 0:9\n"
           "  eigsweep solve control.h5 -o map.h5 --reduce abscissa --reduce-type float32\n"
           "    (a sweep's stability map: 5 bytes a point, /abscissa float32 and /status int8)\n"
           "  mpirun -np 8 --map-by slot:PE=2 eigsweep solve huge.h5 --check-only\n");
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

/* Nothing this run writes may be its input, however the path is spelled
 * (./IN.h5, a symlink, a hard link): not even with --force or --resume. */
static int check_not_input(const solve_options *o)
{
    if (!o->input) return 0;
    char partial[4200];
    eig_h5_tmp_path(partial, sizeof partial, o->output);
    const char *written[] = {o->output, partial, o->report_json};
    const char *what[] = {"-o", "-o (its partial file)", "--report"};
    for (int k = 0; k < 3; k++)
        EIG_CHECK(!written[k] || !eig_same_file(o->input, written[k]), EIG_ERR_USAGE,
                  "solve: %s %s would overwrite the input %s (the same file); choose another name", what[k], written[k],
                  o->input);
    return 0;
}

/* A --kernel that names no kernel, or one the backend will not run. */
static int check_kernel(const solve_options *o)
{
    if (!o->kernel) return 0;
    EIG_CHECK(eig_gpu_kernel_known(o->kernel), EIG_ERR_USAGE,
              "--kernel: unknown kernel '%s' (see eigsweep solve --help, docs/methods.md)", o->kernel);
    EIG_CHECK(o->backend != BACKEND_CPU || !strcmp(o->kernel, "auto"), EIG_ERR_USAGE,
              "--kernel %s forces a GPU kernel, but the backend is cpu (--backend, or $EIGSWEEP_BACKEND): drop "
              "--kernel, or use --backend gpu", o->kernel);
    return 0;
}

static int parse_solve(int argc, char **argv, solve_options *o, int *help)
{
    enum { O_METHOD = 256, O_VECTORS, O_SELI, O_SELR, O_BACKEND, O_CHUNK, O_STREAMS, O_KERNEL, O_RANGE,
           O_MAXIT, O_REPORT, O_STRICT, O_FORCE, O_TRUST, O_RESUME, O_OUTPUT, O_BALANCE, O_SYNTH, O_SHARE, O_GPUMEM, O_GATHER_VIA, O_READ_WITH, O_CHECK_ONLY, O_REDUCE, O_REDUCE_TYPE, O_SPEC };
    static const struct option opts[] = {
        {"method", required_argument, 0, O_METHOD},
        {"vectors", no_argument, 0, O_VECTORS},  {"select-index", required_argument, 0, O_SELI},
        {"select-range", required_argument, 0, O_SELR}, {"backend", required_argument, 0, O_BACKEND},
        {"chunk", required_argument, 0, O_CHUNK}, {"streams", required_argument, 0, O_STREAMS},
        {"kernel", required_argument, 0, O_KERNEL}, {"range", required_argument, 0, O_RANGE},
        {"max-iter", required_argument, 0, O_MAXIT}, {"report", required_argument, 0, O_REPORT},
        {"strict", no_argument, 0, O_STRICT},    {"trust-kind", no_argument, 0, O_TRUST},
        {"resume", no_argument, 0, O_RESUME},    {"output", required_argument, 0, O_OUTPUT},
        {"balance", required_argument, 0, O_BALANCE}, {"synthetic", required_argument, 0, O_SYNTH}, {"share-gpu", no_argument, 0, O_SHARE},
        {"max-gpu-mem", required_argument, 0, O_GPUMEM}, {"gather-via", required_argument, 0, O_GATHER_VIA}, {"read-with", required_argument, 0, O_READ_WITH}, {"check-only", no_argument, 0, O_CHECK_ONLY},    {"force", no_argument, 0, O_FORCE},
        {"reduce", required_argument, 0, O_REDUCE}, {"reduce-type", required_argument, 0, O_REDUCE_TYPE},
        EIG_INPUT_SPEC_OPTIONS(O_SPEC),
        {"quiet", no_argument, 0, 'q'},          {"help", no_argument, 0, 'h'},
        {0, 0, 0, 0}};
    memset(o, 0, sizeof *o);
    o->streams = EIG_STREAMS_DEFAULT;
    /* A site or test harness may set the default backend. */
    const char *env_backend = getenv("EIGSWEEP_BACKEND");
    if (env_backend && !strcmp(env_backend, "cpu")) o->backend = BACKEND_CPU;
    if (env_backend && !strcmp(env_backend, "gpu")) o->backend = BACKEND_GPU;
    o->range_count = -1;
    *help = 0;
    optind = 1;
    opterr = 0;
    int c;
    int64_t a, b;
    /* Every option with a value takes one value: the first one given, kept to refuse a different second. */
    const char *first[EIG_OPTION_CODES] = {0};
    for (int li = -1; (c = getopt_long(argc, argv, ":o:qh", opts, &li)) != -1; li = -1) {
        EIG_CALL(eig_option_once("solve", ":o:qh", opts, li, c, first));
        switch (c) {
        case 'o': o->output = optarg; break;
        case O_METHOD: EIG_CALL(eig_method_parse(optarg, &o->params.method)); break;
        case O_SPEC: case O_SPEC + 1: case O_SPEC + 2: case O_SPEC + 3:
            EIG_CALL(eig_input_spec_option(c - O_SPEC, optarg, &o->in_spec));
            break;
        case O_VECTORS: o->params.vectors = 1; break;
        case O_SELI:
            EIG_CHECK(o->params.select != EIG_SELECT_RANGE, EIG_ERR_USAGE, "solve: --select-index and --select-range exclude each other: give one");
            EIG_CALL(parse_pair_i64("--select-index", optarg, &a, &b));
            EIG_CHECK(a <= b && b < EIG_MAX_N, EIG_ERR_USAGE, "--select-index %s: need I <= J < %d", optarg, EIG_MAX_N);
            o->params.select = EIG_SELECT_INDEX, o->params.il = (int)a, o->params.iu = (int)b;
            break;
        case O_SELR: {
            EIG_CHECK(o->params.select != EIG_SELECT_INDEX, EIG_ERR_USAGE, "solve: --select-index and --select-range exclude each other: give one");
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
        case O_STREAMS: EIG_CALL(eig_parse_int("--streams", optarg, 1, EIG_STREAMS_MAX, &o->streams)); break;
        case O_KERNEL: o->kernel = optarg; break;
        case O_RANGE:
            EIG_CALL(parse_pair_i64("--range", optarg, &o->range_start, &o->range_count));
            EIG_CHECK(o->range_count > 0, EIG_ERR_USAGE, "--range %s: COUNT must be at least 1", optarg);
            break;
        case O_MAXIT: EIG_CALL(eig_parse_int("--max-iter", optarg, 1, 100000, &o->params.max_iter_factor)); break;
        case O_REPORT: o->report_json = optarg; break;
        case O_STRICT: o->strict = 1; break;
        case O_TRUST: o->trust_kind = 1; break;
        case O_CHECK_ONLY: o->check_only = 1; break;
        case O_RESUME: o->resume = 1; break;
        case O_OUTPUT:
            if (!strcmp(optarg, "gather")) o->parallel_output = 0;
            else if (!strcmp(optarg, "parallel")) o->parallel_output = 1;
            else return EIG_ERROR(EIG_ERR_USAGE, "--output: '%s' is not gather or parallel (the file is -o FILE)", optarg);
            break;
        case O_BALANCE:
            if (!strcmp(optarg, "static")) o->dynamic = 0;
            else if (!strcmp(optarg, "dynamic")) o->dynamic = 1;
            else return EIG_ERROR(EIG_ERR_USAGE, "--balance: '%s' is not static or dynamic", optarg);
            break;
        case O_SYNTH: o->synthetic = optarg; break;
        case O_READ_WITH:
            if (!strcmp(optarg, "mpiio")) o->read_with = EIG_READ_MPIIO;
            else if (!strcmp(optarg, "posix")) o->read_with = EIG_READ_POSIX;
            else return EIG_ERROR(EIG_ERR_USAGE, "--read-with: '%s' is not mpiio or posix", optarg);
            break;
        case O_GATHER_VIA:
            if (!strcmp(optarg, "mpi")) o->gather_via = GATHER_VIA_MPI;
            else if (!strcmp(optarg, "nccl")) o->gather_via = GATHER_VIA_NCCL;
            else return EIG_ERROR(EIG_ERR_USAGE, "--gather-via: '%s' is not mpi or nccl", optarg);
            break;
        case O_SHARE: o->share_gpu = 1; break;
        case O_GPUMEM: {
            double mb;
            EIG_CALL(eig_parse_double("--max-gpu-mem", optarg, &mb));
            EIG_CHECK(mb >= 1, EIG_ERR_USAGE, "--max-gpu-mem: %s MB is too small", optarg);
            o->max_gpu_mem = (int64_t)(mb * 1048576.0);
            break;
        }
        case O_FORCE: o->force = 1; break;
        case O_REDUCE: EIG_CALL(eig_reduce_parse(optarg, &o->reduce)); break;
        case O_REDUCE_TYPE: {
            int float32;
            EIG_CALL(eig_reduce_type_parse(optarg, &float32));
            o->reduce_type = optarg;
            break;
        }
        case 'q': o->quiet = 1; break;
        case 'h': *help = 1; return 0;
        case ':': return EIG_ERROR(EIG_ERR_USAGE, "solve: option %s needs a value", argv[optind - 1]);
        default: return EIG_ERROR(EIG_ERR_USAGE, "solve: unknown option '%s' (see eigsweep solve --help)", argv[optind - 1]);
        }
    }
    EIG_CHECK(!o->synthetic || !(o->in_spec.kind_given || o->in_spec.dataset || o->in_spec.diag || o->in_spec.offdiag),
              EIG_ERR_USAGE, "solve: --kind, --dataset, --diag and --offdiag describe an input file; --synthetic has none");
    EIG_CALL(check_kernel(o));
    if (!o->synthetic) {
        EIG_CHECK(optind < argc, EIG_ERR_USAGE, "solve: no input file (eigsweep solve IN.h5 -o OUT.h5)");
        o->input = argv[optind++];
    }
    EIG_CHECK(optind == argc, EIG_ERR_USAGE, "solve: unexpected argument '%s'%s", argv[optind < argc ? optind : 0],
              o->synthetic ? " (--synthetic replaces the input file)" : "");
    if (o->check_only) {
        EIG_CHECK(!o->synthetic, EIG_ERR_USAGE, "solve: --check-only checks an input file; --synthetic has none");
        EIG_CHECK(!o->output && !o->resume && !o->force, EIG_ERR_USAGE,
                  "solve: --check-only reads and checks IN.h5 and writes nothing: drop -o, --resume and --force");
        return 0;
    }
    if (o->reduce_type) /* (after the loop: --reduce may come after it) */
        EIG_CALL(eig_reduce_type_parse(o->reduce_type, &o->reduce.float32));
    EIG_CHECK(o->output, EIG_ERR_USAGE, "solve: -o OUT.h5 is required");
    EIG_CALL(eig_h5_check_output_name(o->output)); /* OUT.h5.partial must fit: refused before any work */
    EIG_CALL(check_not_input(o));
    EIG_CHECK(!(o->resume && o->force), EIG_ERR_USAGE, "solve: --resume and --force contradict each other (continue, or start over?)");
    return 0;
}

/* The solvers' iteration cap when --max-iter is not given (0 means this). */
enum { DEFAULT_MAX_ITER = 30 };

/* The options that shape the results, normalised so that equal runs give
 * equal text ("method=M vectors=0|1 select=all|index:I:J|range:A:B
 * maxit=K|none"): the default --max-iter spelled as its value, the select
 * bounds only where a subset was asked for, no cap for bisection (it has
 * none). The solve_options attribute of a result; merge compares it. */
static void solve_options_text(const eig_solve_params *p, char *out, size_t cap)
{
    char select[96], maxit[16];
    if (p->select == EIG_SELECT_INDEX) snprintf(select, sizeof select, "index:%d:%d", p->il, p->iu);
    else if (p->select == EIG_SELECT_RANGE) snprintf(select, sizeof select, "range:%.17g:%.17g", p->vl, p->vu);
    else snprintf(select, sizeof select, "all");
    if (p->method == EIG_METHOD_BISECTION) snprintf(maxit, sizeof maxit, "none");
    else snprintf(maxit, sizeof maxit, "%d", p->max_iter_factor > 0 ? p->max_iter_factor : DEFAULT_MAX_ITER);
    snprintf(out, cap, "method=%s vectors=%d select=%s maxit=%s", eig_method_name(p->method), p->vectors, select,
             maxit);
}

/* What must match for --resume to continue a partial output: the input's
 * content (not its path: a copy of it, or another spelling, resumes), its
 * shape, the range and the normalised options (docs/format.md). */
static void resume_key(const solve_options *o, const eig_source *src, char *key, size_t cap)
{
    const eig_solve_params *p = &o->params;
    char options[512];
    solve_options_text(p, options, sizeof options);
    int at = snprintf(key, cap, "input_content=%s dataset=%s%s%s N=%lld n=%d kind=%s precision=%s range=%lld:%lld %s",
             src->identity, src->dataset, src->offdiag[0] ? "," : "", src->offdiag, (long long)src->count, src->n,
             eig_kind_name(p->kind), p->precision == EIG_PREC_SINGLE ? "single" : "double", (long long)o->range_start,
             (long long)o->range_count, options);
    /* --reduce: what the file holds (a run without it keeps its old key).
     * The type is always named: a reduced .partial of an eigsweep before
     * --reduce-type (whose lists without values still kept /iterations)
     * has a key without it, and is refused rather than half-resumed. */
    if (o->reduce.given && at > 0 && (size_t)at < cap) {
        char reduce[1024];
        eig_reduce_text(&o->reduce, reduce, sizeof reduce);
        snprintf(key + at, cap - (size_t)at, " reduce=%s reduce_type=%s", reduce, eig_reduce_type_name(&o->reduce));
    }
}

static int write_provenance(const solve_options *o, const eig_source *src, eig_result_file *out, int nranks,
                            const char *backend)
{
    hid_t f = out->file;
    char date[64];
    /* Attribute writes through MPI-IO must be the same on every rank. */
    long long now_s = (long long)time(NULL);
    if (out->parallel) MPI_Bcast(&now_s, 1, MPI_LONG_LONG, 0, out->comm);
    time_t now = (time_t)now_s;
    strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
    int rc = 0;
    rc |= eig_h5_write_attr_string(f, "eigsweep_version", EIGSWEEP_VERSION " (git " EIGSWEEP_GIT_HASH ")");
    rc |= eig_h5_write_attr_string(f, "kind", eig_kind_name(o->params.kind));
    rc |= eig_h5_write_attr_string(f, "method", eig_method_name(o->params.method));
    rc |= eig_h5_write_attr_string(f, "precision", o->params.precision == EIG_PREC_SINGLE ? "single" : "double");
    rc |= eig_h5_write_attr_string(f, "backend", backend);
    rc |= eig_h5_write_attr_int64(f, "ranks", nranks);
    rc |= eig_h5_write_attr_int64(f, "gpus", o->backend == BACKEND_GPU ? nranks : 0);
    rc |= eig_h5_write_attr_string(f, "input_file", src->name);
    rc |= eig_h5_write_attr_string(f, "input_dataset", src->dataset);
    if (src->offdiag[0]) rc |= eig_h5_write_attr_string(f, "input_offdiag", src->offdiag);
    rc |= eig_h5_write_attr_string(f, "input_identity", src->identity);
    char options[512];
    solve_options_text(&o->params, options, sizeof options);
    rc |= eig_h5_write_attr_string(f, "solve_options", options);
    rc |= eig_h5_write_attr_int64(f, "range_start", o->range_start);
    rc |= eig_h5_write_attr_int64(f, "range_count", o->range_count);
    rc |= eig_h5_write_attr_int64(f, "input_count", src->count);
    rc |= eig_h5_write_attr_string(f, "order", o->params.kind == EIG_KIND_GENERAL
                                                   ? "ascending real part, then |imag|; +imag before -imag"
                                                   : "ascending");
    rc |= eig_h5_write_attr_string(f, "date", date);
    return rc ? EIG_ERR_OUTPUT : 0;
}

static int check_ranges(solve_options *o, const eig_source *in)
{
    EIG_CHECK(o->range_start < in->count, EIG_ERR_USAGE, "--range: START %lld is past the last matrix (N = %lld in %s)",
              (long long)o->range_start, (long long)in->count, in->name);
    if (o->range_count < 0) o->range_count = in->count - o->range_start;
    EIG_CHECK(o->range_start + o->range_count <= in->count, EIG_ERR_USAGE,
              "--range %lld:%lld goes past the last matrix (N = %lld in %s)", (long long)o->range_start,
              (long long)o->range_count, (long long)in->count, in->name);
    if (o->params.select == EIG_SELECT_INDEX)
        EIG_CHECK(o->params.iu < in->n, EIG_ERR_USAGE, "--select-index %d:%d: matrices have only n = %d eigenvalues",
                  o->params.il, o->params.iu, in->n);
    return 0;
}

/* Chunk size: --chunk, or about 64 MB of buffers per chunk on the CPU and
 * what the GPU backend asks for on a GPU (eig_gpu_chunk_bytes: 1 GiB for
 * one thread per matrix, which needs a few hundred thousand matrices per
 * call to fill an H100/H200 -- 30,000-matrix calls ran the n = 32 general
 * solve at half speed on an H200 -- and 256 MiB for the cooperative
 * kernels, which are at full speed from ~16,000), and at least four chunks
 * per rank, so reading the next chunk overlaps solving this one for most of
 * the run (eight with dynamic balance, so it has something to balance). */
static eig_idx choose_chunk(const solve_options *o, const eig_source *in, int nranks, const eig_gpu_config *gpu)
{
    eig_layout l = eig_layout_of(&o->params, in->n);
    size_t es = o->params.precision == EIG_PREC_SINGLE ? 4 : 8;
    eig_idx bytes = (eig_idx)((size_t)(l.input + l.values + l.vectors) * es + 5);
    if (o->chunk > 0) return o->chunk < o->range_count ? o->chunk : o->range_count;
    size_t gpu_bytes = gpu ? eig_gpu_chunk_bytes(gpu, &o->params, in->n) : 0;
    eig_idx c = eig_part_auto_chunk(bytes, o->range_count, gpu_bytes ? (eig_idx)gpu_bytes : (eig_idx)64 << 20);
    eig_idx per_rank = (o->range_count + nranks - 1) / nranks;
    eig_idx want = (per_rank + (o->dynamic ? 7 : 3)) / (o->dynamic ? 8 : 4);
    if (want > 0 && c > want) c = want;
    return c;
}

/* --resume: rank 0 reads /status back and marks the global chunks whose
 * matrices are all done; every rank gets the map. */
static int done_chunks(eig_ctx *ctx, eig_pipeline *pl, uint8_t **done_out, eig_idx *skipped)
{
    eig_idx g_count = eig_pipeline_chunks(pl);
    uint8_t *done = calloc((size_t)g_count + 1, 1);
    int8_t *st = ctx->rank == 0 ? malloc((size_t)pl->chunk + 1) : NULL;
    int rc = done && (ctx->rank != 0 || st) ? 0 : EIG_ERROR(EIG_ERR_RESOURCE, "out of host memory for --resume");
    for (eig_idx g = 0; !rc && ctx->rank == 0 && g < g_count; g++) {
        eig_idx first = g * pl->chunk, cnt = pl->range_count - first < pl->chunk ? pl->range_count - first : pl->chunk;
        rc = eig_results_read_status(pl->out, first, cnt, st);
        int all = 1;
        for (eig_idx m = 0; m < cnt && all; m++) all = st[m] != EIG_STATUS_PENDING;
        done[g] = (uint8_t)all;
    }
    free(st);
    if ((rc = eig_agree(ctx, rc))) { free(done); return rc; }
    MPI_Bcast(done, (int)g_count, MPI_UINT8_T, 0, ctx->comm);
    *skipped = 0;
    for (eig_idx g = 0; g < g_count; g++) *skipped += done[g];
    *done_out = done;
    return 0;
}

int eig_cmd_solve(eig_ctx *ctx, int argc, char **argv)
{
    solve_options o;
    int help;
    int rc = eig_agree(ctx, parse_solve(argc, argv, &o, &help));
    if (rc) return rc;
    if (help) { if (ctx->rank == 0) solve_usage(); return 0; }

    double t_start = eig_now();
    eig_trace_setup(ctx->rank, "start");
    eig_source src;
    rc = o.synthetic ? eig_source_open_synthetic(o.synthetic, &src) : eig_source_open_file(ctx->comm, o.input, o.read_with, &o.in_spec, &src);
    if ((rc = eig_agree(ctx, rc))) return rc;
    if (!o.synthetic && src.file.kind_note[0]) eig_warn(ctx, "%s: %s\n", src.name, src.file.kind_note);
    o.params.kind = src.kind;
    o.params.precision = src.precision;
    eig_gpu_warmup_hint(o.params.precision == EIG_PREC_SINGLE); /* its kernels loaded beside the first read */
    rc = check_ranges(&o, &src);
    int auto_method = o.params.method == EIG_METHOD_AUTO;
    if (!rc) rc = eig_method_resolve(&o.params, src.n);
    const int values_listed = o.reduce.values; /* (resolve forgets a list of values alone) */
    if (!rc) rc = eig_reduce_resolve(&o.reduce, &o.params, src.n);
    if (!rc && o.reduce_type && !o.reduce.given)
        rc = EIG_ERROR(EIG_ERR_USAGE, "--reduce-type %s: the type of the reductions, but this run has none (%s); "
                       "give --reduce LIST, or drop --reduce-type", o.reduce_type,
                       values_listed ? "--reduce values alone keeps every eigenvalue, as without --reduce"
                                       : "no --reduce");
    if ((rc = eig_agree(ctx, rc))) { eig_source_close(&src); return rc; }

    eig_pipeline pl;
    memset(&pl, 0, sizeof pl);
    pl.ctx = ctx, pl.params = &o.params, pl.src = &src;
    pl.range_start = o.range_start, pl.range_count = o.range_count;
    pl.dynamic = o.dynamic, pl.parallel_output = o.parallel_output;
    pl.check_structure = !o.trust_kind, pl.quiet = o.quiet;
    pl.reduce = o.reduce.given ? &o.reduce : NULL;
    eig_report_info info;
    memset(&info, 0, sizeof info);
    eig_binding bind;
    eig_trace_setup(ctx->rank, "input opened");
    eig_timeline_mark(EIG_MARK_INPUT_OPEN);
    /* --check-only reads on the host: no GPU, no output, no gather. */
    if (o.check_only) o.backend = BACKEND_CPU, o.parallel_output = 1;
    pl.check_only = o.check_only, pl.parallel_output = o.parallel_output;
    if ((rc = eig_agree(ctx, eig_bind_devices(ctx, (int)o.backend, o.share_gpu, &bind)))) {
        eig_source_close(&src);
        return rc;
    }
    (void)eig_cores_check(ctx); /* one warning when ranks run on fewer cores than they could */
    snprintf(info.device, sizeof info.device, "%s", bind.line);
    pl.use_gpu = bind.use_gpu;
    o.backend = bind.use_gpu ? BACKEND_GPU : BACKEND_CPU;
    /* The GPU's own automatic method (tridiag-ql where the CPU takes Jacobi
     * above n = 5). It cannot fail where the CPU's choice passed: both
     * methods take every option Jacobi takes. */
    if (auto_method && bind.use_gpu) {
        o.params.method = EIG_METHOD_AUTO;
        (void)eig_method_resolve_gpu(&o.params, src.n);
    }
    pl.gpu.device = bind.device, pl.gpu.streams = o.streams, pl.gpu.kernel = o.kernel;
    pl.gpu.job_matrices = o.range_count;
    /* NCCL needs a GPU of its own on every rank (it refuses two ranks on one
     * device) and the gather output mode. */
    int nccl_ok = bind.use_gpu && !o.share_gpu && !o.parallel_output && eig_nccl_built(); /* (one rank: nothing to gather) */
    if (o.gather_via == GATHER_VIA_NCCL && !nccl_ok) {
        rc = eig_agree(ctx, EIG_ERROR(EIG_ERR_USAGE, "--gather-via nccl needs the GPU backend with one GPU per rank (no "
                                      "--share-gpu), --output gather and a build with NCCL (this build: NCCL %s); use "
                                      "--gather-via mpi", eig_nccl_built() ? "yes" : "no"));
        eig_source_close(&src);
        return rc;
    }
    eig_trace_setup(ctx->rank, "devices bound");
    pl.gather_nccl = o.gather_via == GATHER_VIA_NCCL;
    pl.gpu.max_gpu_mem = (size_t)o.max_gpu_mem;
    pl.chunk = choose_chunk(&o, &src, ctx->size, bind.use_gpu ? &pl.gpu : NULL);

    /* The output: opened by rank 0 (gather) or by every rank (parallel). */
    char key[8192];
    resume_key(&o, &src, key, sizeof key);
    /* The results take the grid's shape when they cover all of it; a --range
     * part is a list of its points (docs/reductions.md). */
    eig_grid out_grid;
    if (o.range_start == 0 && o.range_count == src.count) out_grid = src.grid;
    else eig_grid_list(&out_grid, o.range_count);
    eig_results_mode mode = {o.parallel_output, o.force, o.resume, key, &out_grid, pl.reduce};
    eig_result_file out;
    memset(&out, 0, sizeof out);
    int resumed = 0, complete = 0, opened = !o.check_only && (o.parallel_output || ctx->rank == 0);
    rc = opened ? eig_results_open(ctx->comm, o.output, &o.params, o.range_count, src.n, &mode, &resumed, &complete, &out) : 0;
    if ((rc = eig_agree(ctx, rc))) { eig_source_close(&src); return rc; }
    eig_trace_setup(ctx->rank, "output created");
    MPI_Bcast(&complete, 1, MPI_INT, 0, ctx->comm);
    MPI_Bcast(&resumed, 1, MPI_INT, 0, ctx->comm);
    if (complete) {
        eig_say(ctx, "solve: %s is already complete; nothing to resume\n", o.output);
        eig_source_close(&src);
        return 0;
    }
    /* Every attribute exists from the start, so the finish only overwrites
     * values in place: a kill there leaves a .partial that --resume finishes. */
    const char *backend = o.backend == BACKEND_GPU ? "gpu" : "cpu";
    if (opened) {
        rc = write_provenance(&o, &src, &out, ctx->size, backend);
        if (!rc) rc = eig_results_flush(&out);
        if (rc) eig_results_finish(&out, 0, resumed);
    }
    if ((rc = eig_agree(ctx, rc))) { eig_source_close(&src); return rc; }
    pl.out = &out;
    if (opened) eig_timeline_mark(EIG_MARK_OUTPUT_CREATED);
    uint8_t *done = NULL;
    eig_idx skipped = 0;
    if (resumed) {
        /* In gather mode only rank 0 holds the file; it reads /status for all. */
        if ((rc = done_chunks(ctx, &pl, &done, &skipped))) {
            if (opened) eig_results_finish(&out, 0, 1);
            eig_source_close(&src);
            return rc;
        }
        pl.done = done;
        if (!o.quiet)
            eig_say(ctx, "solve: resuming %s: %lld of %lld chunks already done\n", out.tmp_path, (long long)skipped,
                    (long long)eig_pipeline_chunks(&pl));
    }

    info.total_matrices = o.range_count;

    double t_lap = t_start;
    eig_stats_lap(&pl.stats, EIG_STAGE_SETUP, &t_lap);
    rc = eig_pipeline_run(&pl);
    /* The GPU's last call is behind us (the warm-up thread's too): its
     * context ends while the output is finished. */
    eig_gpu_warmup_join();
    if (pl.use_gpu && !pl.check_only) eig_release_retire_gpu(pl.gpu.device);
    snprintf(info.header, sizeof info.header,
             "eigsweep %s solve input=%s output=%s N=%lld n=%d kind=%s precision=%s method=%s vectors=%s "
             "backend=%s ranks=%d threads=%d chunk=%lld streams=%d range=%lld:%lld output=%s%s balance=%s%s%s",
             EIGSWEEP_VERSION, src.name, o.check_only ? "none(--check-only)" : o.output, (long long)src.count, src.n, eig_kind_name(o.params.kind),
             o.params.precision == EIG_PREC_SINGLE ? "single" : "double", eig_method_name(o.params.method),
             o.params.vectors ? "yes" : "no", backend, ctx->size, omp_get_max_threads(), (long long)pl.chunk,
             o.streams, (long long)o.range_start, (long long)o.range_count, o.check_only ? "none" : o.parallel_output ? "parallel" : "gather",
             o.parallel_output || ctx->size == 1 ? "" : pl.gather_nccl ? " gather-via=nccl" : " gather-via=mpi",
             o.dynamic ? "dynamic" : "static", resumed ? " resumed" : "",
             o.synthetic || src.sweep ? "" : o.read_with == EIG_READ_POSIX ? " read-with=posix" : " read-with=mpiio");
    if (o.reduce.given) { /* --reduce: part of every parameter the header names */
        char reduce[1024];
        eig_reduce_text(&o.reduce, reduce, sizeof reduce);
        size_t at = strlen(info.header);
        snprintf(info.header + at, sizeof info.header - at, " reduce=%s reduce_type=%s", reduce,
                 eig_reduce_type_name(&o.reduce));
    }
    if (!o.synthetic) { /* which reader carried the input (io/direct_read.h); rank 0's; a sweep's are formed */
        size_t hl = strlen(info.header);
        snprintf(info.header + hl, sizeof info.header - hl, " reader=%s",
                 src.sweep ? "formed" : eig_h5_direct_bytes(&src.file) ? "direct" : "hdf5");
    }
    free(done);
    eig_source_close(&src);
    eig_rank_stats sum;
    memset(&sum, 0, sizeof sum);
    MPI_Allreduce(pl.stats.status_counts, sum.status_counts, 3, MPI_LONG_LONG, MPI_SUM, ctx->comm);
    long long failed = sum.status_counts[1] + sum.status_counts[2];
    if (!rc && o.strict && failed)
        rc = eig_agree(ctx, EIG_ERROR(EIG_ERR_MATRIX_FAILED, "--strict: %lld of %lld matrices failed (%lld not converged, "
                                      "%lld invalid input); no output written", failed, (long long)o.range_count,
                                      sum.status_counts[1], sum.status_counts[2]));
    /* After --resume, this run solved only part: count the whole file. */
    int frc = 0;
    t_lap = eig_now();
    if (opened) {
        if (!rc) frc = write_provenance(&o, &src, &out, ctx->size, backend);
        /* A resumed run keeps the .partial on error: it holds earlier runs' rows. */
        int frc2 = eig_results_finish(&out, rc == 0 && frc == 0, resumed);
        if (!frc) frc = frc2;
    }
    frc = eig_agree(ctx, frc);
    if (rc || frc) return rc ? rc : frc;
    eig_stats_lap(&pl.stats, EIG_STAGE_FINISH, &t_lap);
    eig_timeline_mark(EIG_MARK_RENAMED);

    /* total: the process's wall, from main's start (driver/timeline.h) */
    pl.stats.seconds[EIG_STAGE_TOTAL] = eig_timeline_now();
    pl.stats.calls[EIG_STAGE_TOTAL]++;
    if ((rc = eig_report(ctx, &info, &pl.stats, o.quiet, o.report_json, &sum))) return rc;
    if (o.check_only) {
        if (!o.quiet)
            eig_say(ctx, "check: %lld matrices of %s read%s; nothing solved or written\n", (long long)o.range_count,
                    src.name, o.trust_kind ? " (--trust-kind: kind not verified)"
                              : o.params.kind == EIG_KIND_SYMMETRIC   ? ", all symmetric"
                              : o.params.kind == EIG_KIND_HERMITIAN   ? ", all Hermitian"
                                                                      : "");
        return 0;
    }
    if (!o.quiet)
        eig_say(ctx, "status: ok %lld, not_converged %lld, invalid_input %lld%s  ->  %s\n", sum.status_counts[0],
                sum.status_counts[1], sum.status_counts[2], resumed ? " (this run's share)" : "", o.output);
    if (failed) {
        eig_say(ctx, "eigsweep: warning: %lld matrices did not give eigenvalues (see /status in %s); exit code %d\n",
                failed, o.output, EIG_ERR_MATRIX_FAILED);
        return EIG_ERR_MATRIX_FAILED;
    }
    return 0;
}

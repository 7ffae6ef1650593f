/* `eigsweep generate`: writes a collection from a built-in family. Each rank
 * computes and writes its own contiguous slice collectively; every matrix is
 * a pure function of (family, n, seed, index, count), so the file's bytes do
 * not depend on the rank count. The matrices are made on the GPU where every
 * rank has one (--backend), else by the CPU's OpenMP threads; a helper
 * thread fills chunk k+1 while this one writes chunk k. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "batch_gpu.h"
#include "binding.h"
#include "build_info.h"
#include "cli.h"
#include "collection.h"
#include "cores.h"
#include "eig_error.h"
#include "gpu_warmup.h"
#include "families.h"
#include "generate_gpu.h"
#include "partition.h"
#include "release_later.h"
#include "solve_worker.h"
#include "sweep_form_gpu.h"
#include "sweep_spec.h"

typedef struct {
    const char *family, *output;
    const char *spec; /* --spec: a sweep spec's matrices instead of a family's */
    int n, force, quiet, precision_given, seed_given;
    int backend; /* EIG_BACKEND_AUTO, _CPU, _GPU */
    eig_idx count;
    uint64_t seed;
    eig_precision precision;
} gen_options;

static void gen_usage(void)
{
    int nf;
    const eig_family *f = eig_family_table(&nf);
    printf("usage: eigsweep generate --family NAME --n N --count N -o FILE.h5 [options]\n"
           "       eigsweep generate --spec SPEC.h5 -o FILE.h5 [--precision P] [--backend B] [--force]\n"
           "\n"
           "Writes a collection of N matrices of order n. Matrix i depends only on\n"
           "(family, n, seed, i), so the file is identical whatever the rank count.\n"
           "\n"
           "options:\n"
           "  --family NAME      matrix family (below)\n"
           "  --spec SPEC.h5     the matrices of a parametric sweep, one per grid point, formed\n"
           "                     as solve forms them (docs/sweeps.md); --precision defaults\n"
           "                     to the bases' (float32 bases: single)\n"
           "  --n N              matrix order, 1..%d\n"
           "  --count N          number of matrices\n"
           "  --seed S           random seed (default 1)\n"
           "  --precision P      double (default) or single\n"
           "  -o, --output FILE  output file (refused if it exists)\n"
           "  --force            replace an existing output file\n"
           "  --backend B        where the matrices are made: auto (the GPU when every rank\n"
           "                     has one; default), cpu, gpu. The GPU's Box-Muller, pow, sin\n"
           "                     and cos round differently in the last bits: docs/format.md\n"
           "  -q, --quiet        no progress output\n"
           "\nfamilies:\n", EIG_MAX_N);
    for (int i = 0; i < nf; i++) printf("  %-18s %-12s %s\n", f[i].name, eig_kind_name(f[i].kind), f[i].summary);
    printf("\nexamples:\n"
           "  eigsweep generate --family random-general --n 30 --count 500000 -o general.h5\n"
           "  mpirun -np 4 --map-by slot:PE=4 eigsweep generate --family control --n 12 --count 1000000 --seed 7 -o sweep.h5\n"
           "    (PE=K: K cores per rank, here a 16-core node; docs/jobs.md \"Cores per rank\")\n"
           "  eigsweep generate --family radar --n 128 --count 180 --precision single -o radar.h5\n");
}

static int parse_gen(eig_ctx *ctx, int argc, char **argv, gen_options *o, int *help)
{
    static const struct option opts[] = {
        {"family", required_argument, 0, 'f'}, {"n", required_argument, 0, 'n'},
        {"count", required_argument, 0, 'c'},  {"seed", required_argument, 0, 's'},
        {"precision", required_argument, 0, 'p'}, {"output", required_argument, 0, 'o'},
        {"force", no_argument, 0, 'F'},        {"quiet", no_argument, 0, 'q'},
        {"backend", required_argument, 0, 'b'}, {"spec", required_argument, 0, 'S'},
        {"help", no_argument, 0, 'h'},         {0, 0, 0, 0}};
    memset(o, 0, sizeof *o);
    o->seed = 1;
    o->count = -1;
    o->backend = EIG_BACKEND_AUTO;
    /* A site or test harness may set the default backend (as for solve). */
    const char *env_backend = getenv("EIGSWEEP_BACKEND");
    if (env_backend && !strcmp(env_backend, "cpu")) o->backend = EIG_BACKEND_CPU;
    if (env_backend && !strcmp(env_backend, "gpu")) o->backend = EIG_BACKEND_GPU;
    *help = 0;
    optind = 1;
    opterr = 0;
    int c;
    const char *first[EIG_OPTION_CODES] = {0}; /* -o and --output share one */
    for (int li = -1; (c = getopt_long(argc, argv, ":o:qh", opts, &li)) != -1; li = -1) {
        EIG_CALL(eig_option_once("generate", ":o:qh", opts, li, c, first));
        switch (c) {
        case 'f': o->family = optarg; break;
        case 'n': EIG_CALL(eig_parse_int("--n", optarg, 1, EIG_MAX_N, &o->n)); break;
        case 'c': EIG_CALL(eig_parse_i64("--count", optarg, 1, INT64_MAX / 2, &o->count)); break;
        case 's': EIG_CALL(eig_parse_u64("--seed", optarg, &o->seed)); o->seed_given = 1; break;
        case 'p': EIG_CALL(eig_parse_precision(optarg, &o->precision)); o->precision_given = 1; break;
        case 'S': o->spec = optarg; break;
        case 'o': o->output = optarg; break;
        case 'F': o->force = 1; break;
        case 'b':
            if (!strcmp(optarg, "auto")) o->backend = EIG_BACKEND_AUTO;
            else if (!strcmp(optarg, "cpu")) o->backend = EIG_BACKEND_CPU;
            else if (!strcmp(optarg, "gpu")) o->backend = EIG_BACKEND_GPU;
            else return EIG_ERROR(EIG_ERR_USAGE, "generate: --backend: '%s' is not auto, cpu or gpu", optarg);
            break;
        case 'q': o->quiet = 1; break;
        case 'h': *help = 1; return 0;
        case ':': return EIG_ERROR(EIG_ERR_USAGE, "generate: option %s needs a value", argv[optind - 1]);
        default: return EIG_ERROR(EIG_ERR_USAGE, "generate: unknown option '%s' (see eigsweep generate --help)", argv[optind - 1]);
        }
    }
    (void)ctx;
    EIG_CHECK(optind == argc, EIG_ERR_USAGE, "generate: unexpected argument '%s'", argv[optind < argc ? optind : 0]);
    if (o->spec) {
        EIG_CHECK(!o->family && !o->n && o->count < 0 && !o->seed_given, EIG_ERR_USAGE,
                  "generate: --spec gives the matrices (their kind, order and number); --family, --n, --count and "
                  "--seed describe a built-in family instead: give one or the other");
        EIG_CHECK(o->output, EIG_ERR_USAGE, "generate: -o FILE is required");
        EIG_CALL(eig_h5_check_output_name(o->output));
        return 0;
    }
    EIG_CHECK(o->family, EIG_ERR_USAGE, "generate: --family (or --spec) is required (see eigsweep generate --help)");
    EIG_CHECK(eig_family_find(o->family), EIG_ERR_USAGE, "generate: unknown family '%s' (see eigsweep generate --help)", o->family);
    EIG_CHECK(o->n > 0, EIG_ERR_USAGE, "generate: --n is required");
    EIG_CHECK(o->count > 0, EIG_ERR_USAGE, "generate: --count is required");
    EIG_CHECK(o->output, EIG_ERR_USAGE, "generate: -o FILE is required");
    EIG_CALL(eig_h5_check_output_name(o->output)); /* FILE.partial must fit */
    return 0;
}

/* One chunk of this rank's slice, filled in double on the helper thread
 * (no MPI, no HDF5 there): on the GPU, or by the OpenMP threads. */
typedef struct {
    const gen_options *o;
    const eig_family *fam;    /* NULL with --spec */
    const eig_sweep_spec *sw; /* --spec */
    eig_gpu_sweep *sw_dev;    /* --spec on the GPU */
    int use_gpu, device;
    eig_slice c;
    double *buf;
} fill_job;

static int run_fill_job(void *arg)
{
    fill_job *j = arg;
    if (j->sw && j->use_gpu) return eig_gpu_sweep_form(j->sw_dev, j->c.start, j->c.count, EIG_PREC_DOUBLE, j->buf);
    if (j->sw) return eig_sweep_fill(j->sw, j->c.start, j->c.count, EIG_PREC_DOUBLE, j->buf);
    if (j->use_gpu)
        return eig_gpu_generate(j->device, j->fam, j->o->n, j->o->seed, j->c.start, j->c.count, j->o->count,
                                EIG_PREC_DOUBLE, j->buf);
    return eig_family_fill_range(j->fam, j->o->n, j->o->seed, j->c.start, j->c.count, j->o->count, EIG_PREC_DOUBLE,
                                 j->buf);
}

/* Fills and writes this rank's slice, chunk by chunk: chunk k+1 is filled
 * while chunk k is written. Every rank makes the same number of
 * (collective) write calls. */
static int write_slice(eig_ctx *ctx, const gen_options *o, const eig_family *fam, const eig_sweep_spec *sw,
                       const eig_binding *bind, eig_collection_writer *w)
{
    eig_slice mine = eig_part_block(o->count, ctx->size, ctx->rank);
    eig_solve_params lp = {.kind = w->c.kind};
    eig_idx per = eig_layout_of(&lp, o->n).input;
    eig_idx chunk = eig_part_auto_chunk(per * 8, o->count, (eig_idx)32 << 20);
    eig_idx nchunks = eig_part_chunk_count(mine.count, chunk), max_chunks;
    MPI_Allreduce(&nchunks, &max_chunks, 1, MPI_INT64_T, MPI_MAX, ctx->comm);
    const size_t bytes = sizeof(double) * (size_t)(chunk * per);
    double *buf[2] = {malloc(bytes), malloc(bytes)};
    int rc = buf[0] && buf[1] ? 0 : EIG_ERROR(EIG_ERR_RESOURCE, "out of host memory (2 x %zu bytes for a chunk)", bytes);
    eig_solve_worker *worker = rc ? NULL : eig_worker_start();
    if (!rc && !worker) rc = EIG_ERR_RESOURCE;
    if (!rc && bind->use_gpu) { /* on this rank's GPU (else a context on device 0), for faster copies back */
        eig_gpu_use_device(bind->device);
        for (int i = 0; i < 2; i++) eig_gpu_pin(buf[i], bytes);
    }
    eig_gpu_sweep *sw_dev = NULL;
    if (!rc && sw && bind->use_gpu) rc = eig_gpu_sweep_upload(bind->device, sw, &sw_dev);
    fill_job job[2];
    for (int i = 0; i < 2; i++) job[i] = (fill_job){o, fam, sw, sw_dev, bind->use_gpu, bind->device, {0, 0}, buf[i]};
    if (!rc && max_chunks > 0) { /* the first chunk: nothing to overlap with */
        job[0].c = eig_part_chunk(mine, chunk, 0);
        eig_worker_post(worker, run_fill_job, &job[0]);
        rc = eig_worker_wait(worker);
    }
    double t0 = eig_now(), last = t0;
    for (eig_idx k = 0; k < max_chunks; k++) {
        fill_job *cur = &job[k % 2], *next = &job[(k + 1) % 2];
        int posted = !rc && k + 1 < max_chunks;
        if (posted) {
            next->c = eig_part_chunk(mine, chunk, k + 1);
            eig_worker_post(worker, run_fill_job, next);
        }
        /* Collective write: a failed rank still takes part, with nothing selected. */
        int wrc = eig_h5_write_collection_slice(w, cur->c.start, rc ? 0 : cur->c.count, cur->buf);
        if (!rc) rc = wrc;
        int frc = posted ? eig_worker_wait(worker) : 0;
        if (!rc) rc = frc;
        if (eig_agree(ctx, rc)) {
            rc = rc ? rc : EIG_ERR_OUTPUT;
            break;
        }
        double now = eig_now();
        if (!o->quiet && ctx->rank == 0 && now - last > 5.0) {
            last = now;
            printf("generate: %.0f%% (%.1f s)\n", 100.0 * (double)(k + 1) / (double)max_chunks, now - t0);
            fflush(stdout);
        }
    }
    eig_worker_stop(worker);
    eig_gpu_sweep_free(sw_dev);
    if (bind->use_gpu) {
        for (int i = 0; i < 2; i++) eig_gpu_unpin(buf[i]);
        eig_gpu_warmup_join(); /* its last CUDA call before the context ends */
        eig_release_retire_gpu(bind->device); /* while the file is closed (driver/release_later.h) */
    }
    free(buf[0]), free(buf[1]);
    return rc;
}

static int generate(eig_ctx *ctx, const gen_options *o, const eig_family *fam, const eig_sweep_spec *sw);

int eig_cmd_generate(eig_ctx *ctx, int argc, char **argv)
{
    gen_options o;
    int help;
    int rc = eig_agree(ctx, parse_gen(ctx, argc, argv, &o, &help));
    if (rc) return rc;
    if (help) { if (ctx->rank == 0) gen_usage(); return 0; }
    (void)eig_cores_check(ctx); /* one warning when ranks run on fewer cores than they could */
    const eig_family *fam = o.spec ? NULL : eig_family_find(o.family);
    rc = ctx->rank == 0 ? eig_h5_check_output_path(o.output, o.force) : 0;
    if ((rc = eig_agree(ctx, rc))) return rc;
    eig_sweep_spec sw; /* --spec: every rank reads the (small) spec */
    memset(&sw, 0, sizeof sw);
    if (o.spec) {
        if ((rc = eig_agree(ctx, eig_sweep_spec_open(o.spec, NULL, &sw)))) return rc;
        o.n = sw.n, o.count = sw.count;
        if (!o.precision_given) o.precision = sw.precision;
    }
    rc = generate(ctx, &o, fam, o.spec ? &sw : NULL);
    eig_sweep_spec_close(&sw);
    return rc;
}

/* Writes the collection: a family's or (sw) a sweep spec's matrices. */
static int generate(eig_ctx *ctx, const gen_options *o_in, const eig_family *fam, const eig_sweep_spec *sw)
{
    const gen_options o = *o_in;
    const eig_kind kind = sw ? sw->kind : fam->kind;
    int rc;

    eig_binding bind; /* ranks may share a GPU: generating is light work */
    if ((rc = eig_agree(ctx, eig_bind_devices(ctx, o.backend, 1, &bind)))) return rc;
    const char *backend = bind.use_gpu ? "gpu" : "cpu";

    double t0 = eig_now();
    eig_collection_writer w;
    rc = eig_agree(ctx, eig_h5_create_collection(ctx->comm, o.output, kind, o.precision, o.count, o.n, &w));
    if (rc) return rc;
    rc = write_slice(ctx, &o, fam, sw, &bind, &w);
    if (!rc) {
        int arc = sw ? eig_h5_write_attr_string(w.c.file, "sweep_spec", sw->path)
                     : eig_h5_write_attr_string(w.c.file, "family", fam->name);
        if (!sw) arc |= eig_h5_write_attr_int64(w.c.file, "seed", (int64_t)o.seed);
        arc |= eig_h5_write_attr_string(w.c.file, "generator", "eigsweep " EIGSWEEP_VERSION);
        /* where the matrices were made: the bits of some families depend on it (docs/format.md) */
        arc |= eig_h5_write_attr_string(w.c.file, "generator_backend", backend);
        rc = eig_agree(ctx, arc);
    }
    int frc = eig_agree(ctx, eig_h5_finish_collection(ctx->comm, &w, rc == 0));
    if (rc || frc) return rc ? rc : frc;
    double dt = eig_now() - t0;
    if (!o.quiet)
        eig_say(ctx, "generate: wrote %lld %s matrices of order %d (%s, %s) to %s in %.2f s on %d rank%s (%s)\n",
                (long long)o.count, sw ? "sweep" : fam->name, o.n, eig_kind_name(kind),
                o.precision == EIG_PREC_SINGLE ? "single" : "double", o.output, dt, ctx->size,
                ctx->size > 1 ? "s" : "", backend);
    return 0;
}

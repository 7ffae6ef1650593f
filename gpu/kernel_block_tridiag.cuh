/* ---- block-tridiag: one thread block per matrix, method tridiag-ql ----
 * Symmetric and Hermitian, values and vectors, both precisions. The block
 * is one eig_team (solvers/eig_hd.h) running the same solvers/ code as the
 * CPU (eig_sym_tridiag_ql_team / eig_herm_tridiag_ql_team): the Householder
 * reduction on the whole square (solvers/tridiag_reduce_square_impl.h: A u
 * and the rank-2 update a thread per column, or two or four splitting its
 * rows where the block has them, a warp on one row at a time),
 * without vectors from n = 24 the block bisects the tridiagonal's
 * eigenvalues, a share of them a thread (solvers/tridiag_values_team_impl.h);
 * with them
 * the unitary diagonal scaling, then implicit QL: the leader chases each sweep (rotations to shared memory) while the
 * rest of the block applies the sweep before it to Z, a row per thread
 * (with vectors; two rotation buffers taking turns); with vectors from
 * n = 16 divide and conquer instead of QL (EIG_BLOCK_TRIDIAG_DC_FROM). For n <= 32 a warp per matrix,
 * four matrices to a block; with vectors, jobs of at most 1.5 matrices an
 * SM take 128 threads a matrix for n = 16..128, and jobs of at most one
 * an SM 256 for n = 65..128. The
 * matrix stays in global memory, matrix-wise (a block reads and writes its
 * own 2n^2 reals in place: no transposes); d, e, tau, the rotations and the
 * team scratch live in shared memory, and so does Z (real, n x (n|1), a
 * column per padded stride so a warp's rows fall in distinct banks) when it
 * fits, else in the global workspace. Z gets the tridiagonal's
 * eigenvectors, and V = D Z then takes the reflectors, Q D Z
 * (eig_back_transform_team: Q is never formed). Per precision body,
 * included from batch_gpu_impl.cuh. */
#ifndef EIG_BLOCK_TRIDIAG_ONCE
#define EIG_BLOCK_TRIDIAG_ONCE
#include <stdlib.h>
/* Threads per block: n rounded up to whole warps, at most this many (and
 * this many for small jobs with vectors, twice as many at one matrix an SM
 * for 65 <= n <= 128: block_tridiag_threads); above
 * n = 128 twice as many (_WIDE) with vectors, and without them when the job
 * leaves each SM at most _WIDE_JOB_PER_SM matrices (a block each: more
 * threads shorten every matrix's chain of dependent loads; with many
 * matrices the narrower block packs more of them per SM). H100,
 * 2026-11-24, device-resident, ms, 128 / 256 threads (512 and more exceed
 * the kernel's registers): symmetric vectors n = 160 (132 matrices) 13.6 /
 * 10.2, (2,000) 155.6 / 154.7; n = 256 (132) 59.2 / 44.2, (1,000) 344.1 /
 * 322.4; n = 512 (132) 581.3 / 405.8; n = 1024 (16) 2544 / 1587; Hermitian
 * vectors n = 256 (180) 108.7 / 108.8, n = 512 (66) 614.5 / 410.2;
 * symmetric values n = 256 (132) 21.0 / 19.0, (2,000) 191.8 / 277.0;
 * n = 512 (132) 164.0 / 133.8; n = 1024 (132) 1153.6 / 882.2; Hermitian
 * n = 128 with vectors (180) 11.5 / 17.7. EIG_BLOCK_TRIDIAG_THREADS in the
 * environment overrides it (a multiple of 32, up to the kernel's limit)
 * and EIG_BLOCK_TRIDIAG_ZGLOBAL=1 keeps Z in global memory (tuning knobs,
 * read per batch). */
#define EIG_BLOCK_TRIDIAG_THREADS 128
#define EIG_BLOCK_TRIDIAG_THREADS_WIDE 256
#define EIG_BLOCK_TRIDIAG_WIDE_JOB_PER_SM 4
/* The automatic choice takes block-tridiag for tridiag-ql from these n up
 * (values only / with vectors): H100, 2026-11-22, symmetric, host to host,
 * vectors 100,000 matrices: n = 12 thread-global 9.96 ms vs 13.7, n = 16
 * 28.8 vs 22.5, n = 32 258 vs 78.4; values: n = 64 (20,000) 63.4 vs 70.7,
 * n = 96 (10,000) 124.9 vs 136.5, n = 128 (5,000) 381 vs 115
 * (docs/performance.md). */
#define EIG_BLOCK_TRIDIAG_FROM 128
#define EIG_BLOCK_TRIDIAG_VECTORS_FROM 16
/* With vectors from this n up the tridiagonal's eigenvectors come from
 * divide and conquer (solvers/tridiag_dc_impl.h, its workspace in global
 * memory) instead of the QL iteration: the QL's chase is one serial chain
 * of rotations a matrix. EIG_TRIDIAG_DC=0 / 1 in the environment forces it
 * off / on at any n, EIG_TRIDIAG_DC_LEAF sets its leaf size (2..32) and
 * EIG_TRIDIAG_DC_SMEM=1 puts its small workspace in shared memory (tuning
 * knobs, read per batch). H100, 2026-11-25, 180 x 128 device-resident, ms,
 * QL / D&C: Hermitian 8.71 / 6.79, single 7.31 / 6.32, symmetric 6.68 /
 * 4.54; symmetric 10,000 x 128 240.2 / 169.5; Hermitian 2,000 x 64 10.06 /
 * 8.77 (docs/performance.md). Leaves of 16 rows: 7.09-7.14 against
 * 7.00-7.02 with 32. From n = 16 with leaves of 8 or 16 rows
 * (block_tridiag_dc_leaf): H100, 2026-11-28, 132 / 1,320 matrices,
 * device-resident, ms, QL against D&C: symmetric n = 16 0.32 / 0.42
 * against 0.29 / 0.39, n = 32 0.70 / 1.17 against 0.55 / 0.81, n = 48
 * (132) 1.01 against 0.70; Hermitian n = 16 0.36 / 0.48 against 0.33 /
 * 0.45 (docs/performance.md, "Small jobs"). */
#define EIG_BLOCK_TRIDIAG_DC_FROM 16
/* Without vectors from this n up the team bisects the tridiagonal's
 * eigenvalues (eig_tridiag_values_bisect_team) instead of one thread's QL
 * chase while the rest wait. H200, 2026-11-28, symmetric, 132 matrices,
 * device-resident, ms, QL / bisection: n = 16 0.15 / 0.18, 32 0.40 / 0.33,
 * 64 1.12 / 0.64, 128 3.75 / 1.54; 396 x 128 4.36 / 2.15; Hermitian 132 x
 * 128 4.38 / 2.12 (docs/performance.md, "Values by the block's bisection");
 * 17-31 not timed. */
#define EIG_BLOCK_TRIDIAG_VALUES_BISECT_FROM 24
/* 1 when the kernel bisects (values only, from the order above): the kernel,
 * its profile twin and the profile's report all ask this. */
EIG_HD int block_tridiag_bisects(int vectors, int n) { return !vectors && n >= EIG_BLOCK_TRIDIAG_VALUES_BISECT_FROM; }

/* 1 when a kernel that can run divide and conquer from n = `from` up runs
 * it (vectors only; EIG_TRIDIAG_DC=0 / 1 forces it off / on at any n). */
static int tridiag_dc_wanted(const eig_solve_params *p, int n, int from)
{
    const char *s = getenv("EIG_TRIDIAG_DC");
    if (!p->vectors) return 0;
    if (s && *s) return atoi(s) != 0;
    return n >= from;
}
static int block_tridiag_dc(const eig_solve_params *p, int n)
{
    return tridiag_dc_wanted(p, n, EIG_BLOCK_TRIDIAG_DC_FROM);
}
/* EIG_TRIDIAG_DC_LEAF, divide and conquer's leaf size for block-tridiag
 * and warp-sym alike: 2..32, else 0 (the kernel's own default). */
static int tridiag_dc_leaf_knob(void)
{
    const char *s = getenv("EIG_TRIDIAG_DC_LEAF");
    const int leaf = s ? atoi(s) : 0;
    return leaf >= 2 && leaf <= 32 ? leaf : 0;
}
/* Divide and conquer's largest leaf for order n (0: EIG_DC_LEAF, 32 rows):
 * up to n = 64 smaller leaves let the team's warps (or a warp's lane
 * groups) chase several at once, where a leaf of 32 rows is one warp's
 * serial chain (n = 32: the whole QL). Same calls as above: symmetric
 * n = 32 leaves of 8 0.55 / 0.81 ms against 16 0.54 / 0.93, n = 48
 * (132) 16 0.70 against 8 0.80. H200, 2026-11-28, block-tridiag, 132
 * matrices (one an SM), device-resident, ms, leaves of 8 / 16 / 32 rows:
 * Hermitian n = 64 0.94 / 0.86 / 1.02 (198 matrices 1.03 / 0.96 / 1.16),
 * 72 1.20 / 1.08 / 1.04, 80 1.35 / 1.26 / 1.24, 96 1.73 / 1.65 / 1.63,
 * 128 (256 threads) 2.72 / 2.55 / 2.63; symmetric 64 0.76 / 0.69 / 0.84,
 * 96 1.38 / 1.25 / 1.27, 128 2.09 / 1.94 / 1.98; radar 180 x 128 3.77 /
 * 3.62 / 3.68, 264 x 128 4.54 / 4.37 / 4.44: 16 rows up to n = 64 and
 * from 113 to 128 (113-127 not timed), 32 between and above.
 * EIG_TRIDIAG_DC_LEAF (2..32) overrides it. */
static int block_tridiag_dc_leaf(int n)
{
    const int knob = tridiag_dc_leaf_knob();
    return knob ? knob : n <= 32 ? 8 : n <= 64 || (n > 112 && n <= 128) ? 16 : 0;
}

/* 1: divide and conquer's small workspace (its vectors and lists) in
 * shared memory (EIG_TRIDIAG_DC_SMEM=1, a tuning knob); by default in
 * global memory after the large one. H100, 2026-11-25 05:33, Hermitian
 * 180 x 128 with vectors, device-resident: 8.00 / 8.05 ms in shared memory
 * against 7.84 / 7.85 in global: the D&C's phases gain 0.09 M cycles a
 * matrix in shared memory, but V <- V Z then takes 1.13 M cycles instead
 * of 0.70 M (its uncoalesced reads of Z lean on L1, which the larger
 * shared allocation shrinks). */
static int block_tridiag_dc_smem(void)
{
    const char *s = getenv("EIG_TRIDIAG_DC_SMEM");
    return s && *s && atoi(s) != 0;
}

/* Threads per matrix (the team), for a job of `job` matrices on `sms` SMs.
 * A job of at most 1.5 matrices an SM with vectors (16 <= n <= 128) takes
 * a block of EIG_BLOCK_TRIDIAG_THREADS a matrix: its time is one
 * matrix's chain, and more warps shorten the reduction's passes and
 * chase more leaves at once. H100, 2026-11-28, 132 matrices,
 * device-resident, ms, the n-sized team against 128 threads (with this
 * file's D&C leaves): symmetric n = 16 0.29 / 0.26, 32 0.55 / 0.46, 48
 * 0.70 / 0.66; Hermitian n = 24 0.46 / 0.37, 32 0.64 / 0.54, 40 0.77 /
 * 0.66, 80 1.72 / 1.48, 96 2.31 / 2.02 (at 10 an SM 128 threads lose:
 * symmetric n = 32 0.81 / 1.35). */
#define EIG_BLOCK_TRIDIAG_WHOLE_BLOCK_FROM 16
/* With vectors above n = 64, a job of at most one matrix an SM takes
 * EIG_BLOCK_TRIDIAG_THREADS_WIDE a matrix: two or more members a column
 * split the rows of the reduction's and V = Q D Z's passes
 * (eig_square_split), and every scheduler has two warps. H200, 2026-11-28,
 * 132 matrices, device-resident, ms, 128 / 256 threads: Hermitian n = 80
 * 1.31 / 1.21-1.24, 96 1.84 / 1.60, 128 3.10 / 2.58; symmetric n = 96
 * 1.42 / 1.25, 128 2.32 / 1.97-2.02; single Hermitian n = 128 2.63 / 2.10
 * (n = 64: 1.03 / 1.05-1.09); with more matrices than SMs a block an SM
 * leaves a second wave: radar 180 x 128 3.68 / 5.04, 264 x 128 4.49 /
 * 5.16 (docs/performance.md, "Rows split"); 65 <= n < 80 not timed. */
#define EIG_BLOCK_TRIDIAG_WIDE_ONE_AN_SM_FROM 65
static int block_tridiag_threads(const eig_solve_params *p, int n, long long job, int sms)
{
    const char *s = getenv("EIG_BLOCK_TRIDIAG_THREADS");
    int T = s ? atoi(s) : 0;
    if (T >= 32 && T <= 1024 && T % 32 == 0) return T;
    if (p->vectors && n >= EIG_BLOCK_TRIDIAG_WIDE_ONE_AN_SM_FROM && n <= EIG_BLOCK_TRIDIAG_THREADS && job <= sms)
        return EIG_BLOCK_TRIDIAG_THREADS_WIDE;
    if (n > EIG_BLOCK_TRIDIAG_THREADS && (p->vectors || job <= (long long)sms * EIG_BLOCK_TRIDIAG_WIDE_JOB_PER_SM))
        return EIG_BLOCK_TRIDIAG_THREADS_WIDE;
    if (p->vectors && n >= EIG_BLOCK_TRIDIAG_WHOLE_BLOCK_FROM && 2 * job <= 3LL * sms) return EIG_BLOCK_TRIDIAG_THREADS;
    T = (n + 31) / 32 * 32;
    return T < EIG_BLOCK_TRIDIAG_THREADS ? T : EIG_BLOCK_TRIDIAG_THREADS;
}

/* 1: the kernel whose registers are capped for three blocks an SM
 * (block_tridiag_kernel3), for a block of 128 threads a matrix when the job has
 * three matrices an SM or more (the same arithmetic either way).
 * EIG_BLOCK_TRIDIAG_MINB3=0 / 1 forces it off / on (128 threads or fewer).
 * H100, 2026-11-26 19:13 UTC, device-resident, ms, two blocks / three:
 * Hermitian with vectors 1,000 x 128 20.75 / 19.87-20.19, 1,584 x 128
 * 31.21 / 28.95-29.00, values 1,000 x 128 21.60-21.72 / 18.37-18.44;
 * symmetric with vectors 792 x 128 9.40-9.44 / 8.86-8.89, 1,584 x 128
 * 18.58-18.61 / 17.19; radar 180 x 128 4.32-4.37 / 4.34-4.42; with 96
 * or 64 threads a block (registers do not limit those) it lost: Hermitian
 * 1,000 x 96 10.64 / 10.78-10.81, 2,000 x 64 6.07 / 6.35-6.40. */
static int block_tridiag_three_an_sm(int ts, int teams, long long job, int sms)
{
    const char *s = getenv("EIG_BLOCK_TRIDIAG_MINB3");
    if (s && *s) return ts * teams <= 128 && atoi(s) != 0;
    return ts == 128 && teams == 1 && job >= 3LL * sms; /* a block a matrix: warp teams were never timed */
}

/* Matrices per block: a warp per matrix takes four to a block (else a block
 * of one warp would cap an SM at 32 warps); EIG_BLOCK_TRIDIAG_TEAMS
 * overrides it for warp teams. */
static int block_tridiag_teams(int ts)
{
    const char *s = getenv("EIG_BLOCK_TRIDIAG_TEAMS");
    if (ts != 32) return 1;
    return s && atoi(s) >= 1 && atoi(s) <= 32 ? atoi(s) : 4;
}
#endif

/* Shared reals of one matrix (team), without and with Z; with divide and
 * conquer its small workspace after them. */
static size_t EIG_FN(block_tridiag_smem_reals)(const eig_solve_params *p, int n, int z_shared)
{
    size_t r = (size_t)n + (size_t)EIG_FN(eig_solve_one_work)(p, n) + (size_t)EIG_FN(eig_tridiag_team_scratch)(n);
    r += p->vectors && z_shared ? (size_t)n * (size_t)(n | 1) : 0;
    return r + (block_tridiag_dc(p, n) && block_tridiag_dc_smem() ? (size_t)EIG_FN(eig_tridiag_dc_small_work)(n) : 0);
}

/* 1 when Z goes to shared memory: when two blocks still fit an SM. A block
 * per SM costs more than Z's traffic through L1/L2 (H100, 180 x 128
 * Hermitian: 32.8 ms with Z shared, 21.8 in global memory). */
static int EIG_FN(block_tridiag_z_shared)(const eig_solve_params *p, int n, int teams)
{
    const char *g = getenv("EIG_BLOCK_TRIDIAG_ZGLOBAL");
    if (!p->vectors || (g && atoi(g))) return 0;
    return (size_t)teams * EIG_FN(block_tridiag_smem_reals)(p, n, 1) * sizeof(eig_real) <= (size_t)100 * 1024;
}

/* One team's share of a block-tridiag launch: its matrix m, its slices of
 * shared memory (d, work, scratch) and of the outputs. */
typedef struct {
    eig_idx m;
    eig_team t;
    int ld, zc;
    eig_real *d, *work, *scr, *zt, *a, *v;
    eig_dc_cfg dc; /* dc.work NULL: QL */
} EIG_FN(block_tridiag_share);

/* 0 when this thread's team has no matrix (the whole team leaves together). */
__device__ static int EIG_FN(block_tridiag_setup)(const eig_solve_params *p, int n, eig_idx count, int teams,
                                                  int team_reals, eig_real *in, eig_real *vectors, eig_real *zglob,
                                                  eig_real *dcglob, int dc_leaf, int dc_smem, eig_idx wstride,
                                                  EIG_FN(block_tridiag_share) *s)
{
    extern __shared__ unsigned char eig_smem_raw[];
    const int ts = blockDim.x / teams, ti = threadIdx.x / ts;
    s->m = (eig_idx)blockIdx.x * teams + ti;
    if (s->m >= count) return 0;
    s->t.rank = (int)threadIdx.x % ts, s->t.size = ts, s->t.mask = 0xffffffffu, s->t.block = teams == 1;
    s->ld = n | 1, s->zc = p->kind == EIG_KIND_HERMITIAN ? 2 : 1;
    const eig_idx nn = (eig_idx)n * n * s->zc;
    s->d = (eig_real *)eig_smem_raw + (eig_idx)ti * team_reals, s->work = s->d + n;
    s->scr = s->work + EIG_FN(eig_solve_one_work)(p, n);
    s->zt = 0;
    if (p->vectors) s->zt = zglob ? zglob + s->m * wstride : s->scr + EIG_FN(eig_tridiag_team_scratch)(n);
    s->dc.work = dcglob ? dcglob + s->m * wstride : 0;
    s->dc.swork = dc_smem ? s->scr + EIG_FN(eig_tridiag_team_scratch)(n) + (zglob ? 0 : (eig_idx)n * s->ld) : 0;
    s->dc.leaf = dc_leaf;
    s->a = in + s->m * nn, s->v = p->vectors ? vectors + s->m * nn : 0;
    return 1;
}

/* in: matrix-wise input (destroyed); values, vectors: matrix-wise outputs;
 * zglob: NULL (Z in shared memory) or n*(n|1) reals per matrix; dcglob:
 * NULL (QL) or eig_tridiag_dc_large_work(n) reals per matrix (divide and
 * conquer, its small workspace in shared memory after the team's other
 * arrays; dc_leaf its leaf size, 0 the default); wstride: the global
 * workspace's reals per matrix. teams
 * matrices per block (> 1: a warp each), team_reals shared reals each. */
__device__ static __forceinline__ void EIG_FN(block_tridiag_body)(eig_solve_params p, int n, eig_idx count, int teams,
                                                                  int team_reals, eig_real *in, eig_real *values,
                                                                  eig_real *vectors, eig_real *zglob,
                                                                  eig_real *dcglob, int dc_leaf, int dc_smem,
                                                                  eig_idx wstride, int8_t *status, int32_t *iterations)
{
    extern __shared__ unsigned char eig_smem_raw[];
    EIG_FN(block_tridiag_share) sh;
    if (!EIG_FN(block_tridiag_setup)(&p, n, count, teams, team_reals, in, vectors, zglob, dcglob, dc_leaf, dc_smem, wstride,
                                            &sh))
        return;
    const eig_idx m = sh.m;
    const eig_team t = sh.t;
    const int ld = sh.ld, zc = sh.zc;
    eig_real *d = sh.d, *work = sh.work, *scr = sh.scr, *zt = sh.zt, *a = sh.a, *v = sh.v;
    int it = 0, st;
    const eig_dc_cfg *dc = sh.dc.work ? &sh.dc : 0;
    if (block_tridiag_bisects(p.vectors, n)) /* the team bisects */
        st = EIG_FN(eig_tridiag_values_bisect_team)(t, n, zc, a, 1, d, work, scr, &it);
    else if (zc == 2)
        st = EIG_FN(eig_herm_tridiag_vectors_team)(t, n, a, 1, d, 1, v, 1, work, 1, scr, zt, ld, dc, p.max_iter_factor,
                                                   &it);
    else
        st = EIG_FN(eig_sym_tridiag_vectors_team)(t, n, a, 1, d, 1, v, 1, work, 1, scr, zt, ld, dc, p.max_iter_factor,
                                                  &it);
    /* the solvers end on a team sync: d is complete */
    EIG_TEAM_FOR(t, k, 0, n - 1) values[m * n + k] = d[k];
    if (EIG_TEAM_LEAD(t)) status[m] = (int8_t)st, iterations[m] = it;
}
#define EIG_BLOCK_TRIDIAG_ARGS                                                                                       \
    eig_solve_params p, int n, eig_idx count, int teams, int team_reals, eig_real *in, eig_real *values,            \
        eig_real *vectors, eig_real *zglob, eig_real *dcglob, int dc_leaf, int dc_smem, eig_idx wstride,            \
        int8_t *status, int32_t *iterations
__global__ void EIG_FN(block_tridiag_kernel)(EIG_BLOCK_TRIDIAG_ARGS)
{
    EIG_FN(block_tridiag_body)(p, n, count, teams, team_reals, in, values, vectors, zglob, dcglob, dc_leaf, dc_smem,
                               wstride, status, iterations);
}
/* The same, for blocks of at most 128 threads, with the registers capped so
 * that three blocks fit an SM (168 a thread; uncapped the kernel takes
 * about 210, two blocks an SM): block_tridiag_three_an_sm. */
__global__ void __launch_bounds__(128, 3) EIG_FN(block_tridiag_kernel3)(EIG_BLOCK_TRIDIAG_ARGS)
{
    EIG_FN(block_tridiag_body)(p, n, count, teams, team_reals, in, values, vectors, zglob, dcglob, dc_leaf, dc_smem,
                               wstride, status, iterations);
}
#undef EIG_BLOCK_TRIDIAG_ARGS

/* EIG_BLOCK_TRIDIAG_PROFILE=1 (diagnostics): the same solver run phase by
 * phase (what eig_*_tridiag_vectors_team does, without its failure
 * handling), the leader's clock64() between phases summed per phase over
 * the batch and printed to stderr: prepare, reduce, realify, the
 * tridiagonal's eigenvectors (QL or D&C) or, without vectors, its values
 * (QL, or from EIG_BLOCK_TRIDIAG_VALUES_BISECT_FROM the team's bisection,
 * as the kernel), V <- Q D Z. */
__device__ unsigned long long EIG_FN(block_tridiag_prof)[8 + EIG_DC_CLOCKS];

__global__ void EIG_FN(block_tridiag_profile_kernel)(eig_solve_params p, int n, eig_idx count, int teams,
                                                     int team_reals, eig_real *in, eig_real *values,
                                                     eig_real *vectors, eig_real *zglob, eig_real *dcglob,
                                                     int dc_leaf, int dc_smem, eig_idx wstride, int8_t *status,
                                                     int32_t *iterations)
{
    extern __shared__ unsigned char eig_smem_raw[];
    EIG_FN(block_tridiag_share) sh;
    if (!EIG_FN(block_tridiag_setup)(&p, n, count, teams, team_reals, in, vectors, zglob, dcglob, dc_leaf, dc_smem, wstride,
                                            &sh))
        return;
    const eig_idx m = sh.m;
    const eig_team t = sh.t;
    const int ld = sh.ld, zc = sh.zc;
    eig_real *d = sh.d, *work = sh.work, *scr = sh.scr, *zt = sh.zt, *a = sh.a, *v = sh.v;
    long long c[6];
    int it = 0, st;
    eig_real sigma;
    c[0] = clock64();
    st = EIG_FN(eig_dense_prepare_team)(t, n, a, 1, zc, &sigma, scr);
    eig_team_sync(t);
    c[1] = clock64();
    eig_real *e = work, *tau = v ? work + (eig_idx)n * zc : 0, *rot = v ? work + (eig_idx)n * (zc + 1) : 0;
    if (zc == 2) EIG_FN(eig_herm_tridiag_reduce_team)(t, n, a, 1, d, 1, e, 1, tau, 1, scr);
    else EIG_FN(eig_sym_tridiag_reduce_team)(t, n, a, 1, d, 1, e, 1, tau, 1, scr);
    eig_team_sync(t);
    c[2] = clock64();
    /* without vectors from EIG_BLOCK_TRIDIAG_VALUES_BISECT_FROM the kernel bisects |e| (no realify), unscaled */
    const int bisect = block_tridiag_bisects(v != 0, n);
    if (zc == 2 && !bisect) EIG_FN(eig_herm_realify_team)(t, n, e, 1, 0, 1, v, 1);
    c[3] = clock64();
    if (bisect)
        st = EIG_FN(eig_tridiag_values_bisect_tail)(t, n, zc, d, e, scr, st, sigma, &it);
    else if (v)
        st = EIG_FN(eig_tridiag_z_team)(t, n, d, 1, e, zc, zt, ld, sh.dc.work ? &sh.dc : 0, rot, scr + 32, 1,
                                        p.max_iter_factor, &it);
    else
        st = EIG_FN(eig_tridiag_ql_team)(t, n, d, 1, e, zc, zt, 1, ld, 0, 1, rot, 0, 1, p.max_iter_factor, &it);
    eig_team_sync(t);
    c[4] = clock64();
    if (v && st == EIG_STATUS_OK)
        EIG_FN(eig_back_transform_team)(t, n, zc, a, 1, tau, 1, v, 1, zt, 1, ld, zc == 2 ? v : 0, 1, scr);
    eig_team_sync(t);
    c[5] = clock64();
    EIG_TEAM_FOR(t, k, 0, n - 1) values[m * n + k] = bisect ? d[k] : d[k] / sigma;
    if (EIG_TEAM_LEAD(t)) {
        status[m] = (int8_t)st, iterations[m] = it;
        for (int k = 0; k < 5; k++) atomicAdd(&EIG_FN(block_tridiag_prof)[k], (unsigned long long)(c[k + 1] - c[k]));
        atomicAdd(&EIG_FN(block_tridiag_prof)[6], 1ull);
        atomicAdd(&EIG_FN(block_tridiag_prof)[7], (unsigned long long)it);
        if (v && sh.dc.work) { /* divide and conquer's own phase clocks */
            const EIG_FN(eig_dc_ws) w = EIG_FN(eig_dc_layout)(n, (eig_real *)sh.dc.work, (eig_real *)sh.dc.swork,
                                                                 EIG_FN(eig_tridiag_dc_small_work)(n));
            for (int k = 0; k < EIG_DC_CLOCKS; k++)
                atomicAdd(&EIG_FN(block_tridiag_prof)[8 + k], (unsigned long long)w.clk[k]);
        }
    }
}

/* Reals of global workspace per matrix: Z when it is not in shared memory,
 * then divide and conquer's workspace when dc (room for both parts: the
 * small one goes to shared memory unless EIG_TRIDIAG_DC_SMEM=0). */
static eig_idx EIG_FN(block_tridiag_global_reals)(const eig_solve_params *p, int n, int z_shared, int dc)
{
    return (p->vectors && !z_shared ? (eig_idx)n * (n | 1) : 0) + (dc ? EIG_FN(eig_tridiag_dc_work)(n) : 0);
}

/* Launches block-tridiag on one sub-chunk (or, profiling, the phase-timed
 * twin, synchronously, printing the running per-matrix averages). work:
 * the global workspace, block_tridiag_global_reals a matrix. */
static void EIG_FN(block_tridiag_launch)(const eig_solve_params *p, int n, eig_idx cnt, int T, int teams, size_t smem,
                                         int team_reals, eig_real *in, eig_real *values, eig_real *vectors,
                                         eig_real *work, int z_shared, int dc, int three, int8_t *status,
                                         int32_t *iterations, cudaStream_t st)
{
    unsigned blocks = (unsigned)((cnt + teams - 1) / teams);
    const eig_idx wstride = EIG_FN(block_tridiag_global_reals)(p, n, z_shared, dc);
    eig_real *zglob = p->vectors && !z_shared ? work : 0;
    eig_real *dcglob = dc ? work + (zglob ? (eig_idx)n * (n | 1) : 0) : 0;
    const int dc_leaf = block_tridiag_dc_leaf(n), dc_smem = block_tridiag_dc_smem();
    const char *prof = getenv("EIG_BLOCK_TRIDIAG_PROFILE");
    if (!prof || !atoi(prof)) {
        if (three)
            EIG_FN(block_tridiag_kernel3)<<<blocks, T, smem, st>>>(*p, n, cnt, teams, team_reals, in, values, vectors,
                                                                   zglob, dcglob, dc_leaf, dc_smem, wstride, status,
                                                                   iterations);
        else
            EIG_FN(block_tridiag_kernel)<<<blocks, T, smem, st>>>(*p, n, cnt, teams, team_reals, in, values, vectors,
                                                                  zglob, dcglob, dc_leaf, dc_smem, wstride, status,
                                                                  iterations);
        return;
    }
    static int attr_set = 0;
    if (!attr_set) {
        cudaFuncSetAttribute(EIG_FN(block_tridiag_profile_kernel), cudaFuncAttributeMaxDynamicSharedMemorySize, 220 * 1024);
        attr_set = 1;
    }
    EIG_FN(block_tridiag_profile_kernel)<<<blocks, T, smem, st>>>(*p, n, cnt, teams, team_reals, in, values, vectors,
                                                                  zglob, dcglob, dc_leaf, dc_smem, wstride, status,
                                                                  iterations);
    unsigned long long h[8 + EIG_DC_CLOCKS];
    const int bisect = block_tridiag_bisects(p->vectors, n);
    cudaStreamSynchronize(st);
    cudaMemcpyFromSymbol(h, EIG_FN(block_tridiag_prof), sizeof h);
    if (h[6])
        fprintf(stderr, "block-tridiag profile n=%d T=%d: %llu matrices, cycles per matrix: prepare %.0f reduce %.0f "
                        "realify %.0f %s %.0f V=QDZ %.0f; %s %.1f\n", n, T, h[6], (double)h[0] / h[6],
                (double)h[1] / h[6], (double)h[2] / h[6], dc ? "D&C" : bisect ? "bisect" : "QL", (double)h[3] / h[6],
                (double)h[4] / h[6], bisect ? "bisection steps" : "QL sweeps", (double)h[7] / h[6]);
    if (h[6] && dc)
        fprintf(stderr, "block-tridiag profile D&C phases, cycles per matrix: leaves %.0f deflate %.0f roots %.0f "
                        "zhat+U %.0f gather+order %.0f QU %.0f\n", (double)h[8] / h[6], (double)h[9] / h[6],
                (double)h[10] / h[6], (double)h[11] / h[6], (double)h[12] / h[6], (double)h[13] / h[6]);
}

/* ---- warp-tridiag: tridiag-ql without vectors, a warp per G matrices ----
 * Symmetric and Hermitian, both precisions. The two halves of tridiag-ql
 * need different mappings: the Householder reduction is O(n^3) work with
 * O(n) parallelism per step (a team's job), the QL iteration on the
 * tridiagonal is a serial chase (a thread's job: block-tridiag's leader
 * chases while the rest of its block waits). So a warp takes G matrices:
 * first it reduces them as teams of T lanes (one 32-lane team, or four of 8
 * for small n, each reducing its share of the group in turn;
 * eig_tridiag_ql_values_reduce_team: the same code as block-tridiag and
 * the CPU), the matrix in shared memory (small n) or where it lies in
 * global memory (destroyed), leaving each matrix's d and e in shared
 * memory; then lane j < G runs the QL iteration of matrix j
 * (eig_tridiag_ql_values_finish), G chases at once. d and e are
 * interleaved across the group (entry k of matrix j at k * G + j) so the
 * lanes' chases fall in distinct banks. One warp per block.
 * Per-precision body included by batch_gpu_impl.cuh. */
#ifndef EIG_WARP_TRIDIAG_ONCE
#define EIG_WARP_TRIDIAG_ONCE
#include <stdlib.h>
#include <cuda_pipeline.h>
static int warp_tridiag_team(const eig_solve_params *p, int n); /* lanes per team, below */
/* auto_kernel: warp-tridiag for tridiag-ql from FROM to TO (with vectors to
 * the _VECTORS_ limits of kernel_warp_tridiag_vectors.cuh).
 * (measurements: docs/performance.md §2, bench/bench_gpu symmetric N COUNT
 * method=tridiag-ql kernel=K resident). FROM was 16 until the thread kernels
 * it replaced below were measured against it (H100, 2026-11-23, 500,000
 * matrices, host to host, ms, thread kernel / warp-tridiag): symmetric with
 * vectors n = 8 11.6 / 8.2, 12 51.7 / 17.8, 14 83.9 / 25.2; Hermitian with
 * vectors n = 6 11.4 / 9.2, 10 74.0 / 23.3, 14 202.4 / 48.4; values up to
 * 5% faster from n = 8, even at n = 6; Hermitian n = 4 even (4.20 / 4.25). */
#define EIG_WARP_TRIDIAG_FROM 6
#define EIG_WARP_TRIDIAG_TO 128
/* below this n: four 8-lane teams, and G = 24 for real matrices
 * (warp_tridiag_team, warp_tridiag_group) */
#define EIG_WARP_TRIDIAG_SMALL_TEAM_BELOW 24
/* Matrices per warp, G: 24 for real matrices below n = 24 (four 8-lane
 * teams, six matrices each), 8 for 32 < n <= 48, else 16
 * (EIG_WARP_TRIDIAG_GROUP = 4 .. 32 in the environment overrides it: a
 * tuning knob, read per batch). Measured
 * on the H100, 100,000 (n > 64: 20,000) matrices, device resident,
 * `bench/bench_gpu symmetric N COUNT kernel=warp-tridiag resident` with the
 * knob set (docs/performance.md §2): with 32-lane teams 16 beats 32
 * everywhere (n = 32: 10.9 vs 12.9 ms; less shared memory a warp, so more
 * warps per SM, while 16 chases still run side by side) and 8 beats 16 by
 * 8-12% at n = 40 and 48, real and complex, and loses elsewhere (n = 80
 * 67.8 vs 46.7); with 8-lane teams 24 beats 16 (n = 16: 1.81 vs 1.90 ms,
 * n = 20: 3.39 vs 3.88) for real matrices, loses for complex ones (n = 16
 * Hermitian: 3.47 vs 3.25). Other values are within 4%. With vectors
 * (kernel_warp_tridiag_vectors.cuh, symmetric, ms): n = 32 (100,000) G = 12
 * 20.55, 16 22.12, 24 24.06; n = 48 (20,000) 6 19.15, 8 18.40, 16 21.82;
 * n = 64 (20,000, 32-lane teams) 4 48.07, 6 46.64, 8 48.24, 12 52.69.
 * Hence 12 for 24 < n <= 32. Above n = 48 (block teams): symmetric n = 64
 * (100,000) 6 196.5, 8 180.4, 10 164.3, 12 158.8, 16 157.4 (20,000: 42.7,
 * 37.5, 34.4, 38.8, 39.0: how the blocks fill the last wave decides there);
 * n = 56 (100,000) 6 116.6, 8 122.5, 10 113.8, 12 108.0; n = 80 (50,000)
 * 8 178.0, 12 159.6, 16 218.9; n = 96 (50,000) 8 352.4, 12 308.3, 16 306.2;
 * n = 128 (20,000) 8 449.2, 12 397.6, 16 405.5, 24 377.1 (32 does not fit).
 * Hence 12 up to n = 96, 24 above. */
#define EIG_WARP_TRIDIAG_GROUP 16
/* G forced by EIG_WARP_TRIDIAG_GROUP (4 .. 32), else 0 */
static int warp_tridiag_group_forced(void)
{
    const char *s = getenv("EIG_WARP_TRIDIAG_GROUP");
    return s && atoi(s) >= 4 && atoi(s) <= 32 ? atoi(s) : 0;
}
static int warp_tridiag_group(const eig_solve_params *p, int n)
{
    if (warp_tridiag_group_forced()) return warp_tridiag_group_forced();
    if (n < EIG_WARP_TRIDIAG_SMALL_TEAM_BELOW && p->kind != EIG_KIND_HERMITIAN) return 24;
    /* with vectors above n = 48 the team is a block (warp_tridiag_team):
     * measured at 100,000 (n = 56, 64), 50,000 (80, 96) and 20,000 (128)
     * symmetric matrices, where few waves of blocks round less
     * (docs/performance.md §2); Hermitian n = 56, 64: 6 and 8 within 2% */
    /* (values with block teams, 20,000 matrices, ms: n = 80 G = 8 38.3, 12
     * 32.2, 16 35.0, 24 40.6; n = 96 74.9, 61.4, 59.4, 55.8; n = 128
     * (10,000) 125.0, 101.5, 97.2, 91.7, 32: 94.6. 24 at n = 96 leaves
     * 1,000-matrix jobs too few blocks, so 12 there as with vectors.) */
    if ((p->vectors && n > 48) || warp_tridiag_team(p, n) > 32)
        return p->kind == EIG_KIND_HERMITIAN && p->vectors ? 8 : n > 96 ? 24 : 12;
    if (p->vectors && n > 24 && n <= 32) return 12;
    return n > 32 && n <= 48 ? 8 : EIG_WARP_TRIDIAG_GROUP;
}
/* Shared memory a warp-tridiag block may take: 200 KB, or what the current
 * GPU gives a block where that is less (A100: 163 KB; without it a forced
 * or automatic choice near the limit would fail at launch instead of
 * going to block-tridiag). 200 KB when no GPU answers. */
static size_t warp_tridiag_smem_limit(void)
{
    int dev = 0, optin = 0;
    if (cudaGetDevice(&dev) != cudaSuccess ||
        cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, dev) != cudaSuccess) {
        cudaGetLastError();
        return (size_t)200 * 1024;
    }
    return optin < 200 * 1024 ? (size_t)optin : (size_t)200 * 1024;
}
/* Values: A in shared memory up to this n (EIG_WARP_TRIDIAG_SHARED_TO in
 * the environment overrides it: a tuning knob, read per batch), and always
 * for a block team (warp_tridiag_team), which exists to share one matrix
 * in shared memory among several warps. */
#define EIG_WARP_TRIDIAG_SHARED_TO 64
static int warp_tridiag_a_shared(const eig_solve_params *p, int n)
{
    const char *s = getenv("EIG_WARP_TRIDIAG_SHARED_TO");
    return warp_tridiag_team(p, n) > 32 || n <= (s ? atoi(s) : EIG_WARP_TRIDIAG_SHARED_TO);
}
/* The fewest matrices in a job for which auto takes warp-tridiag: below it
 * block-tridiag (a block per matrix) is faster, since warp-tridiag's time
 * is one wave of warps that each solve G matrices one after another. H100,
 * device-resident, forced kernels (docs/performance.md §6): the two cross
 * at about 1.1-1.3 warps of G matrices per SM for 32 < n <= 64 (A in shared
 * memory, n = 48: 1,400 matrices; n = 64: 2,300) and for n = 16 with
 * G = 24 (about 4,000), 1.4-2.5 elsewhere (n = 24: 5,300; 32: 4,500;
 * 96: 5,000; 128: 3,800). */
static long long warp_tridiag_min_job(const eig_solve_params *p, int n, int sms)
{
    /* With vectors, warp teams and n <= 32 G follows the job
     * (warp_tridiag_vectors_group: 4 for small jobs), and warp-tridiag's
     * time no longer grows with the job below the crossing but stays at
     * one warp's: 20 matrices an SM, whatever G. H100, 2026-11-27
     * (docs/performance.md, fourteenth session), device-resident, ms,
     * block-tridiag / warp-tridiag with G by the job: symmetric n = 32, 1,600
     * matrices 1.24 / 1.41-1.50, 2,000 1.32 / 1.40-1.47, 2,640 1.85 / 1.55;
     * Hermitian n = 32, 2,000 1.62 / 2.17, 2,640 2.34 / 2.29, 3,500 3.09 /
     * 2.31-2.38; symmetric n = 20, 1,600 0.61 / 0.80, 3,000 0.88 /
     * 0.81-0.89, 5,000 1.38 / 0.94; n = 24, 1,600 0.81 / 1.00, 3,000 1.15 /
     * 1.04-1.13. */
    if (p->vectors && n <= 32 && warp_tridiag_team(p, n) == 32) return (long long)sms * 20;
    const int few_warps = (n > 32 && n <= 64) || n < EIG_WARP_TRIDIAG_SMALL_TEAM_BELOW;
    /* warps (blocks) per SM, times 4; with vectors up to n = 32, 3
     * (symmetric n = 32: warp-tridiag 3.9 ms from 2,000 to 8,000 matrices,
     * block-tridiag 2.6 at 4,000, 4.9 at 8,000); with vectors above n = 64,
     * half a block (symmetric n = 128, 128-lane teams, G = 16: 40.8 ms for
     * 500 to 2,000 matrices, block-tridiag 30.5 at 500, 48.5 at 1,000; n = 80
     * G = 8: 10.3 against 12.5 at 1,000); with vectors below n = 16, 1.5
     * (n = 8: block-tridiag 0.19 ms at 2,000 matrices, 0.48 at 8,000,
     * warp-tridiag 0.33, 0.37; n = 12: 0.32, 0.95 against 0.69, 0.68);
     * values with block teams above n = 64 half a block too (n = 128: 500
     * matrices block-tridiag 16.2 ms, warp-tridiag 23.0; 953: 24.3 / 23.2;
     * n = 80, 1,000: 9.4 / 6.5) */
    const long long warps_x4 = p->vectors && n < 16          ? 6
                               : p->vectors && n <= 32       ? 12
                               : warp_tridiag_team(p, n) > 64 ? 2
                               : few_warps             ? 5
                                                       : 8;
    return (long long)sms * warp_tridiag_group(p, n) * warps_x4 / 4;
}
/* Lanes per reducing team, T: the warp splits into 32 / T teams that reduce
 * different matrices of the group at once: 8 below n = 24 (with vectors
 * below n = 20), else 32; with vectors a block of 64 threads above n = 48
 * (Hermitian n = 36) and of 128 above n = 64; values a block of 128 above
 * n = 64 (Hermitian up to n = 72), A in shared memory
 * (EIG_WARP_TRIDIAG_TEAM = 8, 16, 32, 64 or 128 overrides it). A small matrix leaves
 * most of a 32-lane team idle and its scalar steps (norms, square roots,
 * divisions) run once per matrix; four 8-lane teams run four at once.
 * H100, 100,000 matrices, device resident (docs/performance.md §2): n = 16
 * symmetric 1.91 ms against 2.9 with T = 32 and 2.1-2.4 on thread-global,
 * Hermitian 3.2 against 4.0, single 1.2 against 1.6; at n = 24 T = 32 wins
 * (5.6 against 6.5 ms). With vectors from n = 20 (symmetric n = 20: 9.37
 * against 10.56 ms; n = 16: 6.65 against 4.52). Block teams with vectors
 * (20,000 matrices): at n = 64 the team's matrix fills the shared memory of
 * a quarter SM, so with 32 lanes each SM scheduler has one warp and waits
 * out every shared-memory latency of the reduction and of the log, applied
 * a row per lane; 64 lanes give it two. Symmetric n = 64: 37.5 ms (64
 * lanes, G = 8) against 46.8 (32, G = 6); n = 56: 25.0 / 31.1; n = 52:
 * 22.1 / 22.8; n = 48: 19.1 / 18.5; n = 40: 13.9 / 9.7. Hermitian n = 38:
 * 22.2 / 27.1; n = 34: 17.8 / 17.1. n = 128 (10,000, G = 16): 128 lanes
 * 203 ms, 64 lanes 298; n = 80 (50,000, G = 8): 178 / 229. Values above
 * n = 64 (2026-11-23 19:50 UTC, device-resident, ms; 128 lanes with A in
 * shared memory / 64 lanes / 32 lanes with A in global memory, G = 16, as
 * before): n = 72 (20,000) 26.8 / 27.6 / 32.0; 80 32.3 / 33.8 / 43.6; 96
 * 61.4 / 65.4 / 98.9; 128 (10,000) 91.7 / 107.9 / 99.5, single 39.8 /
 * - / 120.2; 96 (2,260) 9.1 / 9.7 / 29.6 (block-tridiag 23.0). Hermitian
 * values take the block team only up to n = 72
 * (EIG_WARP_TRIDIAG_HERMITIAN_BLOCK_TO, G = 12), 32 lanes above. */
#define EIG_WARP_TRIDIAG_TEAM 32
#define EIG_WARP_TRIDIAG_VECTORS_SMALL_TEAM_BELOW 20
/* Whether the values kernel's block team (128 lanes, A in shared memory;
 * warp_tridiag_smem_reals with T = 128, one real component, G as
 * warp_tridiag_group gives it then) fits this device's shared memory: at
 * n = 128 it takes 185 KB in double, more than a GPU with 163 KB a block
 * (A100) offers; there the 32-lane team with A in global memory runs
 * instead. */
static int warp_tridiag_values_block_fits(const eig_solve_params *p, int n)
{
    const size_t G = warp_tridiag_group_forced() ? (size_t)warp_tridiag_group_forced() : n > 96 ? 24 : 12;
    const size_t np = (size_t)(n | 1), bytes = p->precision == EIG_PREC_SINGLE ? 4 : 8;
    const size_t zc = p->kind == EIG_KIND_HERMITIAN ? 2 : 1;
    return (zc * np * np + (1 + zc) * G * np + 2 * G + 32 + 2 * np) * bytes <= warp_tridiag_smem_limit();
}
/* Hermitian values take the block team up to this n: complex A is twice
 * the size, and from n = 80 one block fills an SM's shared memory. H100,
 * 2026-11-24, 20,000 matrices, device-resident, ms, 32 lanes with A in
 * global memory / 128 lanes G = 8 / 128 lanes G = 12: n = 72 84.3 / 65.1 /
 * 57.1; n = 80 117.3 / 147.4 / 126.5; n = 96 164.2 / 207.7 / 176.4. */
#define EIG_WARP_TRIDIAG_HERMITIAN_BLOCK_TO 72
static int warp_tridiag_team(const eig_solve_params *p, int n)
{
    const char *s = getenv("EIG_WARP_TRIDIAG_TEAM");
    if (s && (atoi(s) == 8 || atoi(s) == 16 || atoi(s) == 32)) return atoi(s);
    if (s && (atoi(s) == 64 || atoi(s) == 128)) return atoi(s); /* a block team */
    const int below = p->vectors ? EIG_WARP_TRIDIAG_VECTORS_SMALL_TEAM_BELOW : EIG_WARP_TRIDIAG_SMALL_TEAM_BELOW;
    if (n > 64 && p->vectors) return 128;
    if (n > 64 && (p->kind != EIG_KIND_HERMITIAN || n <= EIG_WARP_TRIDIAG_HERMITIAN_BLOCK_TO) &&
        warp_tridiag_values_block_fits(p, n))
        return 128;
    if (p->vectors && n > (p->kind == EIG_KIND_HERMITIAN ? 36 : 48)) return 64;
    return n < below ? 8 : EIG_WARP_TRIDIAG_TEAM;
}
#endif

/* In shared memory the team reduces an n' x n' matrix, n' = n | 1: a row
 * per lane reads down a column with a stride of n' reals, which hits 32
 * distinct banks only for odd n'. An even n is bordered by a zero first row
 * and column: the reduction's first step then finds a zero column (no
 * reflector, d = e = 0 there: the tridiagonal splits exactly) and its
 * later steps do on the trailing block exactly what they would do on the
 * original matrix, so the QL iteration runs on entries 1..n of d and e. */
EIG_HD int EIG_FN(warp_tridiag_order)(int n) { return n | 1; }

/* Team scratch of a warp team: the copy of u, n' complex entries at most,
 * for the reduction and (with vectors) forming Q (a warp team reduces
 * through shuffles, so eig_team_u_copy puts u first); with vectors the
 * values' ranks reuse it afterwards. */
EIG_HD int EIG_FN(warp_tridiag_scratch)(int np) { return 2 * np; }

/* Reals between two teams' matrices in shared memory: n'^2 (complex: 2n'^2)
 * padded to T mod 32, so that the teams' lanes, which walk the same rows and
 * columns of their own matrices in step, land in different banks. */
EIG_HD eig_idx EIG_FN(warp_tridiag_team_stride)(int np, int zc, int T)
{
    const eig_idx s = (eig_idx)np * np * zc;
    return T >= 32 ? s : s + (T - s % 32 + 32) % 32;
}

/* Shared reals of one warp: each team's bordered matrix when A goes to
 * shared memory, the group's d and e (e complex for Hermitian: the
 * reduction works on it before it is made real), the group's scale factors
 * and statuses (a team hands them to the lane that chases), then each
 * team's scratch. (Shared memory is what limits warps per SM: n = 32
 * double, G = 16, one team, 18 KB a warp.) */
static size_t EIG_FN(warp_tridiag_smem_reals)(const eig_solve_params *p, int n, int a_shared)
{
    const size_t zc = p->kind == EIG_KIND_HERMITIAN ? 2 : 1, T = (size_t)warp_tridiag_team(p, n);
    const size_t teams = T > 32 ? 1 : 32 / T, red = T > 32 ? 32 : 0; /* a block team's reduction slots */
    const size_t np = a_shared ? (size_t)EIG_FN(warp_tridiag_order)(n) : (size_t)n;
    const size_t G = (size_t)warp_tridiag_group(p, n);
    return (a_shared ? teams * (size_t)EIG_FN(warp_tridiag_team_stride)((int)np, (int)zc, (int)T) : 0) +
           G * (1 + zc) * np + 2 * G + teams * (red + (size_t)EIG_FN(warp_tridiag_scratch)((int)np));
}

static int EIG_FN(warp_tridiag_fits)(const eig_solve_params *p, int n)
{
    return EIG_FN(warp_tridiag_smem_reals)(p, n, warp_tridiag_a_shared(p, n)) * sizeof(eig_real) <= warp_tridiag_smem_limit();
}

/* The border of a team's bordered matrix As (n' = n + off), zeroed once
 * per warp: the reduction leaves it zero. */
template <int T>
__device__ static void EIG_FN(warp_tridiag_zero_border)(const eig_team &t, eig_real *As, int np, int zc, int off)
{
    if (!off) return;
    const int rowlen = np * zc;
    for (int x = t.rank; x < rowlen; x += T) As[x] = EIG_ZERO;
    for (int r = t.rank; r < np; r += T)
        for (int c = 0; c < zc; c++) As[r * rowlen + c] = EIG_ZERO;
}

/* Matrix src (n x n, zc reals per element) into the team's bordered As, row
 * by row (lane-consecutive reads coalesce) as asynchronous copies, all in
 * flight at once, then waited for: a load then a store per element waited
 * out a global-memory latency each, 15% of the time at n = 16 (Nsight
 * Compute, docs/performance.md §2). */
template <int T>
__device__ static void EIG_FN(warp_tridiag_load)(const eig_team &t, eig_real *As, const eig_real *src, int n, int zc,
                                                 int off)
{
    const int rowlen = (n + off) * zc, offc = off * zc;
    for (int r = 0; r < n; r++)
        for (int x = t.rank; x < n * zc; x += T)
            __pipeline_memcpy_async(As + (r + off) * rowlen + offc + x, src + (eig_idx)r * n * zc + x,
                                    sizeof(eig_real));
    __pipeline_commit();
    __pipeline_wait_prior(0);
    eig_team_sync(t);
}

/* in: matrix-wise input (destroyed when A_SHARED is 0); values: matrix-wise
 * output. G: matrices per warp; T: lanes per team (8, 16 or 32). Both
 * template parameters matter for speed: A_SHARED makes the reduction's loads
 * and stores shared-memory (or global) ones, not generic; a constant T
 * unrolls the team loops and shuffles (a runtime T cost 14% at n = 32). */
template <int A_SHARED, int T>
__global__ void EIG_FN(warp_tridiag_kernel)(eig_solve_params p, int n, int G, eig_idx count, eig_real *in,
                                            eig_real *values, int8_t *status, int32_t *iterations)
{
    extern __shared__ unsigned char eig_smem_raw[];
    /* (lane < 32 made visible to the compiler: with T = 32 the team index is
     * then the constant 0 and the code that of a single team, 4-15% faster
     * at n = 16-64 than with a runtime team index) */
    const int lane = T > 32 ? (int)threadIdx.x : (int)(threadIdx.x & 31u), zc = p.kind == EIG_KIND_HERMITIAN ? 2 : 1;
    const int np = A_SHARED ? EIG_FN(warp_tridiag_order)(n) : n, off = np - n;
    /* T > 32: one team, the whole block of T / 32 warps */
    const int teams = T > 32 ? 1 : 32 / T, team = T > 32 ? 0 : lane / T, red = T > 32 ? 32 : 0;
    const eig_idx first = (eig_idx)blockIdx.x * G;
    if (first >= count) return;
    const int members = count - first < G ? (int)(count - first) : G;
    const eig_idx asz = A_SHARED ? EIG_FN(warp_tridiag_team_stride)(np, zc, T) : 0;
    eig_real *As = (eig_real *)eig_smem_raw + team * asz, *d = (eig_real *)eig_smem_raw + teams * asz;
    eig_real *e = d + (eig_idx)G * np, *sig = e + (eig_idx)G * np * zc, *stat = sig + G;
    eig_real *scr = stat + G + team * (red + EIG_FN(warp_tridiag_scratch)(np));
    const eig_team t = {lane % T, T, T >= 32 ? 0xffffffffu : ((1u << T) - 1u) << (team * T), T > 32};
    const eig_idx nn = (eig_idx)n * n * zc;
    if (A_SHARED) EIG_FN(warp_tridiag_zero_border)<T>(t, As, np, zc, off);
    for (int j = team; j < members; j += teams) {
        eig_real *src = in + (first + j) * nn, *A = A_SHARED ? As : src;
        if (A_SHARED) EIG_FN(warp_tridiag_load)<T>(t, As, src, n, zc, off);
        eig_real sigma = EIG_ONE;
        int st = EIG_FN(eig_tridiag_ql_values_reduce_team)(t, np, zc, A, 1, d + j, G, e + j, G, scr, &sigma);
        if (t.rank == 0) sig[j] = sigma, stat[j] = (eig_real)st;
        eig_team_sync(t); /* A and the scratch are reused by the team's next matrix */
    }
    /* every team's d, e, sigma and status before the chases */
    if (T > 32) __syncthreads();
    else __syncwarp();
    if (lane >= members) return;
    int it = 0;
    eig_real *dl = d + lane + (eig_idx)off * G, *el = e + lane + (eig_idx)off * zc * G;
    int st = EIG_FN(eig_tridiag_ql_values_finish)(n, (int)stat[lane], sig[lane], dl, G, el, G, zc, p.max_iter_factor,
                                                  &it);
    const eig_idx m = first + lane;
    for (int k = 0; k < n; k++) values[m * n + k] = dl[(eig_idx)k * G];
    status[m] = (int8_t)st, iterations[m] = it;
}

/* The instance for (A in shared memory?, lanes per team), to set its shared
 * memory limit and launch it (32 threads a block, G matrices a block). */
typedef void (*EIG_FN(warp_tridiag_fn))(eig_solve_params, int, int, eig_idx, eig_real *, eig_real *, int8_t *,
                                        int32_t *);
static EIG_FN(warp_tridiag_fn) EIG_FN(warp_tridiag_kernel_for)(int a_shared, int T)
{
    if (a_shared)
        return T == 8     ? EIG_FN(warp_tridiag_kernel)<1, 8>
               : T == 16  ? EIG_FN(warp_tridiag_kernel)<1, 16>
               : T == 64  ? EIG_FN(warp_tridiag_kernel)<1, 64>
               : T == 128 ? EIG_FN(warp_tridiag_kernel)<1, 128>
                          : EIG_FN(warp_tridiag_kernel)<1, 32>;
    return T == 8 ? EIG_FN(warp_tridiag_kernel)<0, 8> : T == 16 ? EIG_FN(warp_tridiag_kernel)<0, 16>
                                                                : EIG_FN(warp_tridiag_kernel)<0, 32>;
}

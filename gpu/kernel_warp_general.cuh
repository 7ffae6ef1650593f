/* ---- warp-general: a team of lanes per general matrix, in shared memory ----
 * Per-precision body included by batch_gpu_impl.cuh (no guard). A team of
 * 8, 16 or 32 lanes of one warp owns one real non-symmetric matrix, copied
 * matrix-wise into shared memory with rows padded to an odd length (a column
 * walk across the lanes then hits distinct banks), and runs the same
 * solvers/general_impl.h code as the CPU through eig_general_eigvals_team:
 * the Hessenberg reduction's left update dealt out over columns, its right
 * update over rows, the Francis reflectors' row update over columns and
 * column update over rows; deflation search, shifts and the 3-element
 * reflectors run redundantly on every lane. wr and wi (scratch in the
 * reduction) sit in shared memory too; the sorted eigenvalues go out as
 * the thread kernels' re,im pairs. Matrix-wise in and out (no transposes): a team's
 * lanes read consecutive entries. The grid is persistent (see the kernel).
 * A matrix too large for shared memory (n > 159 double, > 225 single) is
 * worked on in global memory instead: a 32-lane team per matrix, its A, wr
 * and wi in the device workspace (the same code, slower memory; one thread
 * per matrix was the only choice there before, 12x slower for 500 matrices
 * of order 192). From n = 8 in double, 48 in single (warp_general_split)
 * to the global path the work is split in two kernels, the reduction as
 * above and the QR phase on band storage (warp_general_qr_kernel below). */
#ifndef EIG_WARP_GENERAL_ONCE
#define EIG_WARP_GENERAL_ONCE
#include <cuda_pipeline.h>
#include <stdlib.h>
/* Lanes per matrix: fewer lanes for small n (the scalar control runs on
 * every lane; fewer lanes per matrix = more matrices per warp instruction),
 * more where shared memory leaves few matrices per SM (latency). Measured on
 * one H100, 500,000 matrices, double, host to host (docs/performance.md §1):
 * n = 20: 8 lanes 127 ms, 16 lanes 175; n = 25: 248 vs 250; n = 30: 8 lanes
 * 472, 16 lanes 408, 32 lanes 518; n = 40: 16 lanes 1083, 32 lanes 969.
 * EIG_GPU_GENERAL_TEAM=8|16|32 overrides (tuning). */
static int warp_general_team_rule(int n)
{
    return n <= 24 ? 8 : n <= 35 ? 16 : 32; /* (32 whenever the matrix is in global memory, n > 35) */
}
static int warp_general_team(int n)
{
    const char *env = getenv("EIG_GPU_GENERAL_TEAM");
    if (env && (!strcmp(env, "8") || !strcmp(env, "16") || !strcmp(env, "32"))) return atoi(env);
    return warp_general_team_rule(n);
}
/* Lanes per matrix in the QR phase of the split kernel: EIG_GPU_GENERAL_QR_TEAM
 * (8|16|32; tuning), else as warp_general_team. */
static int warp_general_qr_team(int n)
{
    const char *env = getenv("EIG_GPU_GENERAL_QR_TEAM");
    if (env && (!strcmp(env, "8") || !strcmp(env, "16") || !strcmp(env, "32"))) return atoi(env);
    return warp_general_team(n);
}
/* The team size the kernels' instances take as a compile-time constant:
 * ts for teams of 8 and 16, else 0 (the size a run-time value, as for 32
 * lanes); EIG_WARP_GENERAL_TS_FIXED=0 gives 0 always (tuning). Fixed, the
 * team's syncs and loops lose their run-time size tests. */
static int warp_general_fixed_ts(int ts)
{
    const char *env = getenv("EIG_WARP_GENERAL_TS_FIXED");
    if (env && !strcmp(env, "0")) return 0;
    return ts == 8 || ts == 16 ? ts : 0;
}
/* Whether warp-general (with A in shared memory) runs as two kernels, the
 * reduction and the QR phase on band storage (warp_general_qr_kernel): from
 * order `from` up (EIG_WARP_GENERAL_SPLIT=0|1 overrides: tuning). Double
 * from n = 8, single from 48. H200, 2026-11-29 (twenty-seventh session,
 * the reflector's square root and reciprocal without slow paths), 500,000
 * matrices, host to host, ms, split / one kernel: double n = 8 9.04 /
 * 12.77, 10 12.98 / 17.93, 12 16.63 / 22.44, 14 21.18 / 28.27, 16 27.4 /
 * 32.0, 20 42.0 / 47.5, 25 74.6 / 83.4, 30 120.0 / 143.5; single n = 30
 * 78.4 / 75.1, 40 (100,000) 44.3 / 43.7. Earlier (2026-11-29, twenty-sixth
 * session): single n = 16 19.7 / 19.5, 25 59.3 / 53.7: in single precision
 * the dense matrix is half the bytes, shared memory already holds 57 of
 * order 30 an SM. The band's row offsets had been a branch and two
 * products an access; with them the split lost below n = 48 (H100,
 * 2026-11-25: n = 30 218.3 / 205.3; docs/performance.md). */
#define EIG_WARP_GENERAL_SPLIT_FROM_DOUBLE 8
#define EIG_WARP_GENERAL_SPLIT_FROM_SINGLE 48
static int warp_general_split(int n, int is_double)
{
    const char *env = getenv("EIG_WARP_GENERAL_SPLIT");
    if (env && (!strcmp(env, "0") || !strcmp(env, "1"))) return atoi(env);
    return n >= (is_double ? EIG_WARP_GENERAL_SPLIT_FROM_DOUBLE : EIG_WARP_GENERAL_SPLIT_FROM_SINGLE);
}
/* auto_kernel: warp-general from this n up (below, the thread kernels).
 * H200, 2026-11-29, 500,000 matrices, host to host, ms, thread-shared /
 * thread-global / warp-general: double n = 10 8.54 / 12.46 / 12.84, 11
 * 16.95 / 16.01 / 14.68, 12 20.07 / 20.23 / 16.63, 14 29.65 / 33.14 /
 * 21.18; single n = 15 14.81 / - / 17.38, 16 29.61 / 25.86 / 18.65, 20
 * 48.02 / 55.00 / 24.44. Large n (H100, 2026-11-23, 20,000 matrices,
 * thread-global / warp-general): n = 96 1376 / 593; n = 128 3292 / 1356
 * (in shared memory, one matrix per SM: 3875); n = 160 6524 / 2710; n =
 * 192 11449 / 4952. */
#define EIG_WARP_GENERAL_FROM_DOUBLE 11
#define EIG_WARP_GENERAL_FROM_SINGLE 16
#define EIG_WARP_GENERAL_SMEM_MAX (200 * 1024) /* bytes of one team's matrix at most (H100: 227 KB a block) */

/* A launch shape: threads a block, the blocks the whole GPU keeps
 * resident (the persistent grid's most) and shared bytes a block.
 * warp_general_fit gives two that keep the same teams an SM: [0] the
 * smallest block, [1] the largest; warp_general_shape picks one a launch. */
typedef struct {
    int T, resident;
    size_t smem;
} eig_wg_shape;

/* The largest block for a launch that fills every resident team at least
 * once: with the reduction and QR kernels of several sub-chunks sharing
 * the SMs, fewer and larger blocks ran faster (H200, 2026-11-30, host to
 * host, ms, smallest / largest block: n = 30 (500,000) 87.6-87.8 / 84.7,
 * 32 (500,000) 107.2 / 99.7, 40 (100,000) 48.2 / 47.4, 48 (18,084) 16.3
 * / 15.8, 64 (100,000) 190.6 / 184.1-184.2, 64 (7,629) 17.4 / 16.6, 96
 * (2,260) 25.3 / 25.1, 128 (953) 38.2 / 38.7; a single launch alone the
 * same). A smaller launch takes the smallest block: its blocks spread
 * over more SMs (132 matrices in blocks of 16 teams would take 9 SMs). */
static eig_wg_shape warp_general_shape(const eig_wg_shape s[2], int ts, long long cnt)
{
    return cnt >= (long long)s[1].resident * (s[1].T / ts) ? s[1] : s[0];
}

/* The blocks a launch of cnt matrices in shape s takes: a team a matrix,
 * at most the resident blocks (a persistent grid). */
static unsigned warp_general_blocks(eig_wg_shape s, int ts, long long cnt)
{
    const long long teams = s.T / ts, blocks = (cnt + teams - 1) / teams;
    return (unsigned)(blocks < s.resident ? blocks : s.resident);
}

/* This thread's team: `ts` lanes (8, 16 or 32) of one warp, team number
 * `team` of the block; the mask names the team's lanes for its syncs. */
__device__ static inline eig_team warp_general_team_of(int team, int ts)
{
    eig_team t;
    t.rank = threadIdx.x - team * ts;
    t.size = ts;
    t.block = 0;
    t.mask = ts >= 32 ? 0xffffffffu : ((1u << ts) - 1u) << ((threadIdx.x & 31) & ~(ts - 1));
    return t;
}
#endif

/* warp_general_kernel's registers at most, double: at n = 16 (8-lane
 * teams) and 25 (16) registers, not shared memory, bound the teams an SM.
 * The reduction's column-wise left update took the double kernel from 94
 * to 100 registers (21 to 19 warps an SM): n = 16 39.5 -> 45.5 ms, n = 25
 * 118.5 -> 133.5; capped at 96 (24 bytes of stack) 40.1-40.2 and 117.0-
 * 117.2, n = 30 205.6-206.3 -> 201.6-202.9 (H200, 500,000 matrices, host
 * to host, 2026-11-28). The single kernel keeps the compiler's 72: a cap
 * of 96 let it grow to 82 (n = 30 single 112.9 ms; 91.5 at 72, 96.9
 * before). With the team's size fixed at compile time (teams of 8 and 16)
 * the double kernel takes 84 registers and no stack, single 64 (the
 * run-time size's instances keep 96 + 48 bytes and 72).
 * __maxnreg__ needs nvcc 12.4. */
#undef EIG_WARP_GENERAL_MAXNREG
#if EIG_IS_DOUBLE && (__CUDACC_VER_MAJOR__ > 12 || (__CUDACC_VER_MAJOR__ == 12 && __CUDACC_VER_MINOR__ >= 4))
#define EIG_WARP_GENERAL_MAXNREG __maxnreg__(96)
#else
#define EIG_WARP_GENERAL_MAXNREG
#endif

EIG_HD int EIG_FN(warp_general_ld)(int n) { return n | 1; }

/* Team t copies the n×n matrix src (global memory, row-major) into A
 * (shared memory, rows ld apart) with asynchronous copies (cp.async): all
 * of a member's loads in flight at once instead of a load and a store in
 * turn (the copy's wait for global memory was 12 % of the reduction
 * kernel's stall samples at n = 30). The caller syncs the team after. */
__device__ static inline void EIG_FN(warp_general_copy_in)(eig_team t, int n, int ld, eig_real *A,
                                                           const eig_real *src)
{
    for (int i = 0; i < n; i++)
        EIG_TEAM_FOR(t, j, 0, n - 1) __pipeline_memcpy_async(&A[i * ld + j], &src[i * n + j], sizeof(eig_real));
    __pipeline_commit();
    __pipeline_wait_prior(0);
}

/* Shared reals per matrix: A (padded rows), wr, wi. */
EIG_HD int EIG_FN(warp_general_smem_reals)(int n) { return n * EIG_FN(warp_general_ld)(n) + 2 * n; }

static int EIG_FN(warp_general_fits)(int n)
{
    return (size_t)EIG_FN(warp_general_smem_reals)(n) * sizeof(eig_real) <= EIG_WARP_GENERAL_SMEM_MAX;
}

/* Team size ts (a tuning knob's, or the rule's) for a kernel that gives a
 * team `per` bytes of shared memory: a block of one warp holds 32/ts teams,
 * so a knob's small team for a large matrix may not fit any block; then the
 * rule's size (which always fits where shared memory is taken): a knob must
 * not turn a job that runs into an error (single n = 200 with
 * EIG_GPU_GENERAL_QR_TEAM=8 asked for 4 bands of 82 KB a block). */
static int EIG_FN(warp_general_team_that_fits)(int ts, int n, size_t per)
{
    int dev = 0, optin = 0;
    if (cudaGetDevice(&dev) != cudaSuccess ||
        cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, dev) != cudaSuccess)
        return ts; /* (warp_general_fit reports the error) */
    return (size_t)(32 / ts) * per <= (size_t)optin ? ts : warp_general_team_rule(n);
}

/* 1 when A goes to the device workspace: only when it does not fit shared
 * memory (EIG_WARP_GENERAL_GLOBAL_FROM=N also from order N up: a tuning
 * knob, read per batch). Global memory had been taken from n = 80 since
 * 2026-11-23, when shared memory meant the one kernel with the dense
 * matrix (H100, 20,000 matrices: n = 96 593 ms in global memory against
 * 720 in shared, n = 128 1356 against 3875). The split (the QR phase on
 * band storage) wins wherever the matrix fits: H200, 2026-11-29, host to
 * host, ms, global / shared: double n = 80 (20,000) 554 / 114, 96 (2,260)
 * 137 / 28, 96 (20,000) 1172 / 226, 112 (1,500) 139 / 32, 128 (20,000)
 * 3161 / 804, 144 (700) 134 / 53, 159 (5,000) 1662 / 441; single n = 96
 * (2,260) 67 / 14, 128 (953) 59 / 20, 192 (500) 113 / 61, 224 (500)
 * 187 / 88. */
static int EIG_FN(warp_general_in_global)(int n)
{
    const char *s = getenv("EIG_WARP_GENERAL_GLOBAL_FROM");
    return !EIG_FN(warp_general_fits)(n) || (s && atoi(s) > 0 && n >= atoi(s));
}

/* Lanes per matrix of the one kernel (warp_general_kernel): in global
 * memory any size does; in shared memory one that fits. */
static int EIG_FN(warp_general_one_team)(int n)
{
    if (EIG_FN(warp_general_in_global)(n)) return warp_general_team(n);
    return EIG_FN(warp_general_team_that_fits)(warp_general_team(n), n,
                                               (size_t)EIG_FN(warp_general_smem_reals)(n) * sizeof(eig_real));
}

/* A persistent grid: team g of G solves matrices g, g + G, g + 2G, ... so a
 * team that finishes early takes its next matrix instead of holding the
 * block's shared memory until the block's slowest matrix is done. */
/* IN_GLOBAL = 0: A in shared memory, known at compile time, so the Francis
 * loop's loads and stores are shared-memory ones. A run-time choice between
 * shared and global left a generic pointer there: n = 30, 500,000
 * matrices, H100: 375 ms against 317 ms. IN_GLOBAL = 1: A in gwork through
 * that run-time choice, a generic pointer on purpose: with the pointer
 * known to be global the same kernel took 12.8 s instead of 4.9 s for
 * 20,000 matrices of order 192 (measured, not explained). */
template <int IN_GLOBAL, int TS>
__global__ void EIG_WARP_GENERAL_MAXNREG
    EIG_FN(warp_general_kernel)(int n, int ts_arg, int max_iter_factor, eig_idx count,
                                const eig_real *__restrict__ in, eig_real *values, int8_t *status,
                                int32_t *iterations, eig_real *gwork)
{
    const int ts = TS ? TS : ts_arg; /* TS: the team's size known to the compiler (warp_general_kernel_for) */
    extern __shared__ unsigned char eig_smem_raw[];
    const int teams = blockDim.x / ts, team = threadIdx.x / ts, ld = EIG_FN(warp_general_ld)(n);
    const eig_team t = warp_general_team_of(team, ts);
    const eig_idx stride = (eig_idx)gridDim.x * teams, reals = EIG_FN(warp_general_smem_reals)(n);
    /* the loop condition is the team's own: its syncs name only its lanes */
    for (eig_idx m = (eig_idx)blockIdx.x * teams + team; m < count; m += stride) {
        /* shared memory, or (gwork) this matrix's slot of the global workspace */
        eig_real *A = IN_GLOBAL && gwork ? gwork + m * reals : (eig_real *)eig_smem_raw + (eig_idx)team * reals;
        eig_real *wr = A + n * ld, *wi = wr + n;
        const eig_real *src = in + m * n * n; /* matrix-wise: lane-consecutive reads coalesce */
        if (IN_GLOBAL && gwork) {
            for (int i = 0; i < n; i++)
                EIG_TEAM_FOR(t, j, 0, n - 1) A[i * ld + j] = src[i * n + j];
        } else {
            EIG_FN(warp_general_copy_in)(t, n, ld, A, src);
        }
        eig_team_sync(t); /* (the previous matrix's last reads of A were before its final sync) */
        int it = 0;
        const int st = EIG_FN(eig_general_eigvals_team)(t, n, A, 1, ld, wr, wi, 1, max_iter_factor, &it);
        eig_real *out = values + m * 2 * n; /* re,im pairs, as the thread kernels */
        for (int k = t.rank; k < 2 * n; k += ts) out[k] = (k & 1) ? wi[k >> 1] : wr[k >> 1];
        if (EIG_TEAM_LEAD(t)) {
            status[m] = (int8_t)st;
            iterations[m] = it;
        }
    }
}

/* The instance of warp_general_kernel for teams of ts lanes
 * (warp_general_fixed_ts). */
typedef void (*EIG_FN(warp_general_fn))(int, int, int, eig_idx, const eig_real *, eig_real *, int8_t *, int32_t *,
                                        eig_real *);
static EIG_FN(warp_general_fn) EIG_FN(warp_general_kernel_for)(int in_global, int ts)
{
    if (in_global) return EIG_FN(warp_general_kernel)<1, 0>;
    switch (warp_general_fixed_ts(ts)) {
    case 8: return EIG_FN(warp_general_kernel)<0, 8>;
    case 16: return EIG_FN(warp_general_kernel)<0, 16>;
    default: return EIG_FN(warp_general_kernel)<0, 0>;
    }
}

/* ---- warp-general split in two (EIG_WARP_GENERAL_SPLIT): the reduction,
 * then the QR phase on band storage ----
 * The QR phase reads and writes only the Hessenberg matrix and the two
 * diagonals the bulge fills below it: in band storage
 * (solvers/general_band_impl.h) a matrix of order 30 takes 4.4 KB of shared
 * memory instead of 7.9 (wr and wi: warp_general_qr_smem_reals), so more
 * teams stay resident per SM to hide the latency of the bulge chase's
 * scalar chain. The reduction
 * (dense, as warp_general_kernel) leaves per matrix in the device
 * workspace: the band, wr, wi, then status, ilo, ihi and the scale factor
 * (small integers and a power of two: exact as reals). Nsight Compute, n =
 * 30, one launch of 50,000 matrices (2026-11-29): reduction 3.56 ms +
 * QR phase 19.04 ms (46 teams of 16 lanes an SM, 0.70 instructions a
 * scheduler a cycle) against 23.20 ms for warp_general_kernel (28 teams,
 * 0.43), and that QR phase still ran 35 % more instructions than the one
 * kernel's, from the band's row offsets (now one product a row,
 * EIG_GEN_BAND_ROW). */
EIG_HD int EIG_FN(warp_general_split_reals)(int n) { return EIG_FN(eig_gen_band_reals)(n) + 2 * n + 4; }
/* The QR phase's shared memory: the band alone. On band storage the
 * solver keeps the eigenvalues in the matrix until it writes them, sorted,
 * to wr and wi (EIG_GEN_IN_PLACE, solvers/general_impl.h): here straight
 * into the output. Without wr and wi a team takes 4.4 KB instead of 4.9
 * at n = 30, so 48 teams fit an SM instead of 44 (as many as the register
 * cap allows). */
EIG_HD int EIG_FN(warp_general_qr_smem_reals)(int n) { return EIG_FN(eig_gen_band_reals)(n); }

template <int TS>
__global__ void EIG_FN(warp_general_reduce_kernel)(int n, int ts_arg, eig_idx count,
                                                   const eig_real *__restrict__ in, eig_real *gwork)
{
    const int ts = TS ? TS : ts_arg; /* as warp_general_kernel */
    extern __shared__ unsigned char eig_smem_raw[];
    const int teams = blockDim.x / ts, team = threadIdx.x / ts, ld = EIG_FN(warp_general_ld)(n);
    const eig_team t = warp_general_team_of(team, ts);
    const eig_idx stride = (eig_idx)gridDim.x * teams, reals = EIG_FN(warp_general_smem_reals)(n);
    const int band = EIG_FN(eig_gen_band_reals)(n), W = EIG_FN(warp_general_split_reals)(n);
    for (eig_idx m = (eig_idx)blockIdx.x * teams + team; m < count; m += stride) {
        eig_real *A = (eig_real *)eig_smem_raw + (eig_idx)team * reals;
        eig_real *wr = A + n * ld, *wi = wr + n;
        EIG_FN(warp_general_copy_in)(t, n, ld, A, in + m * n * n);
        eig_team_sync(t);
        int ilo, ihi;
        eig_real f;
        const int st = EIG_FN(eig_general_reduce_team)(t, n, A, 1, ld, wr, wi, 1, &ilo, &ihi, &f);
        eig_real *dst = gwork + m * W; /* the band row by row: consecutive lanes, consecutive addresses */
        for (int r = 0; r < 2 && r + 1 < n; r++) /* the entries unused after rows 0 and 1: the QR kernel copies them */
            EIG_TEAM_FOR(t, g, EIG_GEN_BAND_ROW(r, n) + n, EIG_GEN_BAND_ROW(r + 1, n) - 1) dst[g] = EIG_ZERO;
        for (int i = 0; i < n; i++) {
            const int c0 = i > 3 ? i - 3 : 0;
            eig_real *row = dst + EIG_GEN_BAND_ROW(i, n);
            EIG_TEAM_FOR(t, j, c0, n - 1) row[j] = A[i * ld + j];
        }
        EIG_TEAM_FOR(t, k, 0, n - 1) {
            dst[band + k] = wr[k];
            dst[band + n + k] = wi[k];
        }
        if (EIG_TEAM_LEAD(t)) {
            dst[band + 2 * n] = (eig_real)st;
            dst[band + 2 * n + 1] = (eig_real)ilo;
            dst[band + 2 * n + 2] = (eig_real)ihi;
            dst[band + 2 * n + 3] = f;
        }
        eig_team_sync(t); /* A read out before the next matrix overwrites it */
    }
}

/* MINB: __launch_bounds__(256, MINB) caps the registers (MINB 3: 85 a
 * thread, 768 threads an SM) so that registers do not limit the teams an
 * SM keeps before shared memory does (98 registers uncapped: 32 teams of 16
 * lanes an SM at n = 30, where shared memory holds 46; 48 since the band
 * alone is in it, the cap's limit too). In double from
 * n = 64 (EIG_WARP_GENERAL_QR_UNCAPPED_FROM) shared memory keeps few
 * enough teams that the cap only costs: the run-time team size's instance
 * spills 72 bytes under it (108 registers without; single: not measured).
 * H200, 2026-11-29, host to host, ms, capped / not: n = 36 (100,000) 44.0
 * / 51.2, 48 (100,000) 92.6 / 97.8, 64 (100,000) 219.3 / 215.7, 96
 * (20,000) 226.0 / 220.1, 128 (20,000) 802.8 / 782.0, 159 (5,000) 441.2 /
 * 426.4. */
#define EIG_WARP_GENERAL_QR_UNCAPPED_FROM 64
template <int MINB, int TS>
__global__ void __launch_bounds__(256, MINB)
    EIG_FN(warp_general_qr_kernel)(int n, int ts_arg, int max_iter_factor, eig_idx count,
                                   const eig_real *__restrict__ gwork, eig_real *values, int8_t *status,
                                   int32_t *iterations)
{
    const int ts = TS ? TS : ts_arg; /* TS: the team's size known to the compiler */
    extern __shared__ unsigned char eig_smem_raw[];
    const int teams = blockDim.x / ts, team = threadIdx.x / ts;
    const eig_team t = warp_general_team_of(team, ts);
    const eig_idx stride = (eig_idx)gridDim.x * teams, reals = EIG_FN(warp_general_qr_smem_reals)(n);
    const int band = EIG_FN(eig_gen_band_reals)(n), W = EIG_FN(warp_general_split_reals)(n);
    for (eig_idx m = (eig_idx)blockIdx.x * teams + team; m < count; m += stride) {
        eig_real *A = (eig_real *)eig_smem_raw + (eig_idx)team * reals;
        const eig_real *src = gwork + m * W;
        for (int k = t.rank; k < band; k += ts) /* as warp_general_copy_in */
            __pipeline_memcpy_async(&A[k], &src[k], sizeof(eig_real));
        __pipeline_commit();
        int st = (int)src[band + 2 * n];
        const int ilo = (int)src[band + 2 * n + 1], ihi = (int)src[band + 2 * n + 2];
        const eig_real f = src[band + 2 * n + 3];
        __pipeline_wait_prior(0);
        eig_team_sync(t);
        int it = 0;
        eig_real *out = values + m * 2 * n; /* re,im pairs, as the thread kernels */
        if (st == EIG_STATUS_OK)
            st = EIG_FN(eig_general_finish_team_band)(t, n, A, 1, n, out, out + 1, 2, ilo, ihi, f, max_iter_factor,
                                                      &it);
        else /* the NaN the reduction wrote */
            for (int k = t.rank; k < 2 * n; k += ts) out[k] = src[band + (k & 1) * n + (k >> 1)];
        if (EIG_TEAM_LEAD(t)) {
            status[m] = (int8_t)st;
            iterations[m] = it;
        }
        /* (no sync: A's last reads came before the solver's final one) */
    }
}

/* After warp_general_kernel: eigenvalues beyond the largest float become
 * status invalid_input and NaN (eig_gen_overflowed), a thread per matrix
 * over the re,im pairs in global memory. A kernel of its own: inside the
 * team solver the same check cost 4 % at n = 30. */
__global__ void EIG_FN(warp_general_overflow_kernel)(int n, eig_idx count, eig_real *values, int8_t *status)
{
    const eig_idx m = (eig_idx)blockIdx.x * blockDim.x + threadIdx.x;
    if (m >= count || status[m] != EIG_STATUS_OK) return;
    eig_real *out = values + m * 2 * n;
    status[m] = (int8_t)EIG_FN(eig_gen_overflowed)(EIG_STATUS_OK, n, out, out + 1, 2);
}

/* Threads per block (a multiple of 32, whole teams of ts lanes), shared
 * bytes and the blocks the whole GPU keeps resident for kernel k with `per`
 * shared bytes a team: the block sizes that keep the most matrices resident
 * on an SM (registers and shared memory, as the occupancy calculator counts
 * them), the smallest and the largest of them (shape[0], shape[1]:
 * warp_general_shape). Shared memory, not threads, is what limits a general
 * matrix. EIG_WARP_GENERAL_TIE=small: the smallest always (tuning). */
template <typename K>
static int EIG_FN(warp_general_fit)(K k, int n, size_t per, int ts, eig_wg_shape shape[2])
{
    int dev = 0, optin = 0, sms = 0;
    long best = 0;
    GPU_CALL(cudaGetDevice(&dev));
    GPU_CALL(cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, dev));
    GPU_CALL(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev));
    GPU_CALL(cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize, optin));
    const char *tie = getenv("EIG_WARP_GENERAL_TIE");
    const int smallest_only = tie && !strcmp(tie, "small");
    for (int T = 32; T <= 256; T += 32) {
        const size_t smem = (size_t)(T / ts) * per;
        if (smem > (size_t)optin) break;
        int blocks = 0;
        GPU_CALL(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, k, T, smem));
        const long teams = (long)blocks * (T / ts);
        const eig_wg_shape here = {T, blocks * sms, smem};
        if (teams > best) best = teams, shape[0] = shape[1] = here;
        else if (teams == best && teams > 0 && !smallest_only) shape[1] = here;
    }
    EIG_CHECK(best > 0, EIG_ERR_RESOURCE, "--kernel warp-general: a matrix of order %d needs %zu bytes of shared "
              "memory, more than this GPU gives a block (%d)", n, per, optin);
    return 0;
}

static int EIG_FN(warp_general_config)(int n, int ts, eig_wg_shape shape[2])
{
    if (EIG_FN(warp_general_in_global)(n)) { /* in global memory: four 32-lane teams a block, a team per matrix */
        shape[0].T = 128, shape[0].resident = 1 << 30, shape[0].smem = 0;
        shape[1] = shape[0];
        return 0;
    }
    const size_t per = (size_t)EIG_FN(warp_general_smem_reals)(n) * sizeof(eig_real);
    return EIG_FN(warp_general_fit)(EIG_FN(warp_general_kernel_for)(0, ts), n, per, ts, shape);
}

/* The split's two launches (warp_general_split), each with its own block
 * size, shared memory and persistent grid. */
typedef void (*EIG_FN(warp_general_qr_fn))(int, int, int, eig_idx, const eig_real *, eig_real *, int8_t *,
                                           int32_t *);
typedef void (*EIG_FN(warp_general_reduce_fn))(int, int, eig_idx, const eig_real *, eig_real *);
typedef struct {
    int ts1, ts2;
    eig_wg_shape shape1[2], shape2[2]; /* the reduction's, the QR phase's (warp_general_fit) */
    EIG_FN(warp_general_reduce_fn) reduce;
    EIG_FN(warp_general_qr_fn) qr;
} EIG_FN(warp_general_split_cfg);

static int EIG_FN(warp_general_split_config)(int n, EIG_FN(warp_general_split_cfg) *c)
{
    c->ts1 = EIG_FN(warp_general_team_that_fits)(warp_general_team(n), n,
                                                 (size_t)EIG_FN(warp_general_smem_reals)(n) * sizeof(eig_real));
    c->ts2 = EIG_FN(warp_general_team_that_fits)(warp_general_qr_team(n), n,
                                                 (size_t)EIG_FN(warp_general_qr_smem_reals)(n) * sizeof(eig_real));
    const char *env = getenv("EIG_WARP_GENERAL_QR_MINB"); /* tuning: 1 (no cap), 3, 4 (1, 4: run-time team size) */
    const int minb = env ? atoi(env) : (EIG_IS_DOUBLE && n >= EIG_WARP_GENERAL_QR_UNCAPPED_FROM) ? 1 : 3;
    const int fixed2 = warp_general_fixed_ts(c->ts2), fixed1 = warp_general_fixed_ts(c->ts1);
    c->qr = minb == 1       ? EIG_FN(warp_general_qr_kernel)<1, 0>
            : minb == 4     ? EIG_FN(warp_general_qr_kernel)<4, 0>
            : fixed2 == 16  ? EIG_FN(warp_general_qr_kernel)<3, 16>
            : fixed2 == 8   ? EIG_FN(warp_general_qr_kernel)<3, 8>
                            : EIG_FN(warp_general_qr_kernel)<3, 0>;
    c->reduce = fixed1 == 16 ? EIG_FN(warp_general_reduce_kernel)<16>
                : fixed1 == 8 ? EIG_FN(warp_general_reduce_kernel)<8>
                              : EIG_FN(warp_general_reduce_kernel)<0>;
    GPU_CALL(cudaFuncSetAttribute(c->qr, cudaFuncAttributePreferredSharedMemoryCarveout,
                                  (int)cudaSharedmemCarveoutMaxShared));
    EIG_CALL(EIG_FN(warp_general_fit)(c->reduce, n,
                                      (size_t)EIG_FN(warp_general_smem_reals)(n) * sizeof(eig_real), c->ts1,
                                      c->shape1));
    return EIG_FN(warp_general_fit)(c->qr, n, (size_t)EIG_FN(warp_general_qr_smem_reals)(n) * sizeof(eig_real),
                                    c->ts2, c->shape2);
}

static void EIG_FN(warp_general_split_launch)(const EIG_FN(warp_general_split_cfg) *c, int n, int max_iter_factor,
                                              eig_idx cnt, const eig_real *in, eig_real *values, int8_t *status,
                                              int32_t *iterations, eig_real *gwork, cudaStream_t st)
{
    const eig_wg_shape s1 = warp_general_shape(c->shape1, c->ts1, (long long)cnt);
    const eig_wg_shape s2 = warp_general_shape(c->shape2, c->ts2, (long long)cnt);
    c->reduce<<<warp_general_blocks(s1, c->ts1, (long long)cnt), s1.T, s1.smem, st>>>(n, c->ts1, cnt, in, gwork);
    c->qr<<<warp_general_blocks(s2, c->ts2, (long long)cnt), s2.T, s2.smem, st>>>(n, c->ts2, max_iter_factor, cnt,
                                                                                  gwork, values, status, iterations);
}

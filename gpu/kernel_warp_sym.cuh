/* ---- warp-sym: real symmetric eigenvalues and vectors, one warp per matrix ----
 * Occupancy instead of residency (docs/performance.md, "What EigenG does
 * that puts it ahead at n = 192-256"): block-tridiag gives a matrix a block
 * of 256 threads and paces it by block barriers, a few matrices an SM; here
 * a matrix gets one warp, no block barrier anywhere (shuffles, ballots and
 * __syncwarp only), and 16 warps an SM interleave their chains of
 * dependent loads. A, V and Z stay in global memory (L1/L2); shared memory
 * holds only d, e and a buffer of 4n-8n reals per warp (the reduction's
 * V, the rotations of 2-4 sweeps (warp_sym_group), divide and conquer's
 * hottest vectors, the bisection's workspace: warp_sym_smem_reals_nb).
 * The phases:
 *   1. eig_dense_prepare_team (NaN/Inf check, power-of-two scaling),
 *      real: the lower triangle mirrored so that a lane can own whole
 *      columns;
 *   2. Householder reduction, LAPACK's blocked one (dsytrd / dlatrd:
 *      dsytd2's reflectors, u below the subdiagonal of column k as the CPU
 *      stores it, tau on the subdiagonal) in panels of 4: each reflector's
 *      w against the trailing block as it stood before the panel (a read
 *      pass, lane = column, coalesced; complex: the lower triangle only),
 *      the panel's rank-8 update applied once, in the pass that makes the
 *      next panel's first A u from the entries it has just updated;
 *   3. V = Q = H_0 ... H_{n-3} in the vectors output, four reflectors at a
 *      time (compact WY, I - U T U^T: a pass for U^T V, a pass for the
 *      update), then copied transposed into A's slot as Z (column-major, so
 *      that a lane per row reads consecutive addresses);
 *   4. implicit QL/QR with LAPACK's splitting test, solvers/ code as on the
 *      CPU (eig_tridiag_ql_grouped_team with a warp team: the chase in one
 *      lane, the rotations of 2-4 sweeps (warp_sym_group) then applied to
 *      Z together by all lanes on their own rows, one pass over Z for the
 *      group), the sort with Z's columns;
 *   5. values unscaled, Z written out row-major; a failure (not converged,
 *      an eigenvalue past the largest float) leaves NaN in every value and
 *      vector slot of the matrix and its status, as the CPU does.
 * Values only (warp_sym_kernel<0, ...>): phases 1 and 2 as above (real
 * from n = 68: the tridiagonal in two stages instead, through a band,
 * kernel_warp_sym_band.cuh), no V, Q or Z; then all 32 lanes bisect on
 * Sturm counts (solvers/bisection_impl.h,
 * the team functions: lane 0 prepares the scaled tridiagonal, each lane
 * takes n/32 consecutive indices, values to full precision as the CPU's
 * bisection; NaN on failure). EIG_WARP_SYM_VALUES_QL=1 (diagnostics): the
 * CPU's values-only QL on lane 0 instead (eig_tridiag_ql_values_finish).
 * COLS (columns a lane owns: 2, 4, 8 for n <= 64, 128, 256) and NB
 * (reflectors a panel) are template parameters: register arrays sized to n.
 * Per precision body, included from batch_gpu_impl.cuh. */
#ifndef EIG_WARP_SYM_ONCE
#define EIG_WARP_SYM_ONCE
#define EIG_WARP_SYM_WARPS 4 /* warps (matrices) a block */
/* This thread's lane, its warp in the block and that warp's matrix */
__device__ __forceinline__ eig_idx warp_sym_matrix(int &lane, int &warp)
{
    lane = (int)(threadIdx.x & 31u), warp = (int)(threadIdx.x >> 5);
    return (eig_idx)blockIdx.x * EIG_WARP_SYM_WARPS + warp;
}
/* Columns a lane owns at most in the reduction and in forming Q (register
 * arrays): n <= 32 * this. */
#define EIG_WARP_SYM_COLS 8
#define EIG_WARP_SYM_MAX_N (32 * EIG_WARP_SYM_COLS)
/* Rows whose loads the reduction's update pass issues before their stores
 * (one at a time waits a memory latency a row: with it, n = 128 / 192 /
 * 256 vectors 160.0 / 220.9 / 269.5 ms unblocked, 05:08 call, against
 * 144.9 / 199.0 / 252.4 of the old fused pass; 4 rows: 203.0 at 192,
 * 05:22). 2 rows measured the same as 4: 124.85 / 177.35 / 247.44 ms
 * vectors, 54.25 / 64.07 / 72.61 values, against 124.81 / 176.38 /
 * 247.99 and 54.79 / 64.00 / 72.55 (H100, 05:22 call). */
#define EIG_WARP_SYM_ROWS 4
/* Rows whose loads the reduction's read-only pass issues before their
 * sums, by the columns a lane owns: 2 rows a memory round trip before.
 * H100, 2026-11-26 09:00, 2 / 4 / 8 rows, values only, ms: 20,000 x 64
 * 15.29 / 14.59 / 14.27, 10,000 x 96 27.58 / 26.58 / 25.74, 10,000 x 128
 * 54.88 / 52.68 / 51.22 (vectors 102.23 / 100.67 / 100.24); 4 rows at
 * 8 columns (n > 128): 4,000 x 192 63.49 / 63.76, 2,000 x 256 73.10 /
 * 73.01, the same (there the pass is bound by the memory's rate, not its
 * latency). */
#define EIG_WARP_SYM_PASS_ROWS(cols) ((cols) <= 4 ? 8 : 4)
/* __launch_bounds__ minimum blocks an SM: 4 blocks of 4 warps caps the
 * registers at 128 a thread (16 warps an SM at least). 6 (80 registers,
 * 24 warps) spilled and lost: n = 128 / 192 / 256 292.5 / 394.7 / 353.2 ms
 * against 179.4 / 211.0 / 240.6 (H100, 2026-11-25 02:10 UTC). At 128
 * the kernels with vectors spill (double symmetric n <= 128: 368 bytes of
 * stack; Hermitian n > 128: 1,136); most jobs take twins built for 3
 * or 2 blocks (warp_sym_min_blocks). */
#define EIG_WARP_SYM_MIN_BLOCKS 4
/* The values-only kernel too: 6 / 8 blocks (80 / 64 registers, 280 / 336
 * bytes of stack in double) lost at every n, double n = 128 / 160 / 192 /
 * 224 / 256: 4 blocks 76.2 / 83.4 / 92.0 / 111.1 / 104.1 ms, 6: 111.1 /
 * 118.9 / 156.8 / 167.2 / 151.8, 8: 147.6 / 176.6 / 215.3 / 199.0 / 169.1;
 * single n = 192 / 256: 57.7 / 64.6, 62.4 / 68.7, 60.5 / 78.4 (H100,
 * 2026-11-25 03:12 UTC, device-resident). */
/* auto takes warp-sym for symmetric matrices with vectors from this n up
 * (single precision: _SINGLE), for jobs of at least _MIN_JOB_PER_SM
 * matrices an SM (fewer leave most of each SM idle, where block-tridiag's
 * 256 threads a matrix finish sooner). H100, 2026-11-25 05:22 UTC call
 * (blocked reduction), `bench_gpu symmetric N COUNT vectors resident
 * reps=3 [single] [kernel=warp-sym]`, ms, auto before (warp-tridiag) /
 * warp-sym: double n = 64 (20,000) 35.05 / 43.97, 80 (10,000) 37.15 /
 * 41.51, 96 (10,000) 66.04 / 62.59; single n = 96 28.73 / 35.65, 128
 * (10,000) 79.25 / 71.20. Above, warp-sym (n = 128 / 192 / 256: 124.81 /
 * 176.38 / 247.99; block-tridiag at 192 / 256 387.7 / 552.5, 02:22 call).
 * Small jobs, block-tridiag / warp-sym (02:10-02:22 calls, unblocked
 * reduction): n = 256, 132 matrices 41.8 / 80.2, 264: 81.7 / 92.7, 1,056:
 * 300.2 / 145.3; n = 192, 264: 28.3 / 39.1, 528: 54.9 / 46.4; n = 128,
 * 264: 8.0 / 10.9, 1,056: 29.1 / 23.6 (docs/performance.md, "warp-sym").
 * With divide and conquer (H100, 2026-11-26 06:45 UTC, 10,000 matrices,
 * auto before / warp-sym): double n = 64 17.98 / 19.86, 72 30.94 / 29.18,
 * 80 37.27 / 35.44, 88 57.34 / 43.95; single n = 96 28.70 / 33.30, 112
 * 62.74 / 48.27, 120 71.11 / 56.49, 128 (warp-sym both) 62.48. */
/* With part 1 in shared memory (kernel_sym_reduce_block.cuh), from 64 in
 * both precisions (_RB). H100, 2026-11-28 05:15 UTC, `bench_gpu symmetric N
 * COUNT vectors resident reps=3 [single] [kernel=warp-sym]`, ms, auto
 * before / warp-sym: double n = 48 (20,000) 17.51 / 21.28, 56 (20,000)
 * 22.15 / 28.89, 64 (20,000) 34.91 / 18.45, (100,000) 143.21 / 92.28;
 * single (10,000) n = 64 14.03 / 8.98, 80 29.49 / 15.77, 96 40.43 / 22.09
 * (docs/performance.md, "Part 1 in shared memory for Hermitian matrices"). */
#define EIG_WARP_SYM_FROM_RB 64
#define EIG_WARP_SYM_FROM 72 /* part 1 a warp a matrix (EIG_SYM_RB=0) */
#define EIG_WARP_SYM_FROM_SINGLE 112
/* auto takes warp-sym for Hermitian matrices with vectors from this n up
 * (single: _SINGLE), for jobs of at least _MIN_JOB_PER_SM matrices an SM.
 * H100, 2026-11-26 05:3x UTC call (the helper's second), `bench_gpu
 * hermitian N COUNT vectors resident reps=3 kernel=K`, double, ms,
 * warp-sym / warp-tridiag (auto before up to 64): n = 16 (10,000) 2.02 /
 * 1.25, 24 3.90 / 4.63, 32 6.33 / 5.60, 48 17.47 / 22.17, 64 32.57 /
 * 55.90; warp-sym / block-tridiag (auto before above 64) / XsyevBatched:
 * n = 96 (10,000) 101.81 / 153.21 / 123.48, 128 (4,000) 83.35 / 108.33 /
 * 72.86, 192 (2,000) 133.51 / 218.17 / 137.13, 256 (1,000) 206.40 /
 * 263.07 / 121.91; single 128 (4,000) 49.64 / 80.78, 256 (1,000) 125.72 /
 * 185.19; single, auto before (warp-tridiag) / warp-sym, 06:45 call: n =
 * 40 8.74 / 7.69, 48 11.88 / 10.17, 56 16.02 / 14.66, 64 20.24 / 18.95
 * (below 40 not measured: warp-tridiag kept). Small jobs,
 * warp-sym / block-tridiag: n = 64, 264 matrices 2.72 / 2.04, 528 3.03 /
 * 4.02; n = 128, 180 14.94 / 6.76, 528 20.65 / 15.71, 1,056 29.18 /
 * 30.47; n = 256, 132 118.99 / 35.92, 264 144.23 / 70.77, 528 176.56 /
 * 138.55, 1,000 206.40 / 263.07: crossing near 6 matrices an SM. */
#define EIG_WARP_SYM_HERMITIAN_FROM 33
#define EIG_WARP_SYM_HERMITIAN_FROM_SINGLE 40
#define EIG_WARP_SYM_HERMITIAN_MIN_JOB_PER_SM 6
#define EIG_WARP_SYM_MIN_JOB_PER_SM 4
/* Double with vectors: the job per SM from which warp-sym beats
 * block-tridiag. H100, 2026-11-27 13:10 UTC (after the twelfth
 * session's twins and back-transformation apart), `bench_gpu KIND N
 * 132*PER vectors resident reps=3 kernel=K`, warp-sym / block-tridiag,
 * ms, PER = 2 / 4 / 6 / 8: Hermitian n = 96 5.21 / 2.87, 6.24 / 5.51,
 * 7.75 / 8.21, 9.43 / 10.78; 128 10.30 / 5.54, 12.51 / 11.78, 14.86 /
 * 15.11, 18.44 / 19.53; 192 27.82 / 19.40, 33.67 / 37.17, 41.97 / 57.04;
 * 256 56.69 / 41.96, 73.38 / 79.22, 89.09 / 122.76; symmetric n = 96
 * 2.49 / 2.17, 2.72 / 4.26; 128 4.32 / 3.23, 5.12 / 6.99; 192 12.70 /
 * 11.29, 15.56 / 22.26; 256 26.07 / 25.32, 32.11 / 48.38 (the crossings
 * were 5-9 an SM on 2026-11-26, docs/performance.md). Single precision
 * and values only keep the constants above (values: warp-sym's band wins
 * from 2 an SM), unless part 1 runs in shared memory (below). */
/* With vectors where part 1 runs in shared memory (rb: sym_rb_wanted),
 * from n = 48, both precisions: warp-sym's reduction is then a block a
 * matrix too, and the crossing moves down. H100, 2026-11-28 05:06-05:15
 * UTC, `bench_gpu KIND N 132*PER vectors resident reps=3 [single]
 * [kernel=warp-sym]`, ms, PER = 1 / 2 / 3 / 4, auto before (block-tridiag
 * below the constants above) ; warp-sym: Hermitian double n = 48 1.08 /
 * 1.22 / 1.22 / 2.19 ; 0.88 / 0.89 / 0.99 / 0.91, 64 1.22 / 1.42 / 1.48 /
 * 2.70 ; 1.24 / 1.27 / 1.46 / 1.41, 80 1.64 / 1.90 / 3.47 / 3.58 ; 1.94 /
 * 2.06 / 2.43 / 2.76, 96 2.21 / 2.68 / 5.02 / 5.20 ; 2.45 / 2.92 / 3.65 /
 * 4.07, 112 2.51 / 3.70 / 5.39 / 8.39 ; 3.68 / 5.17 / 6.17 / 7.33, 128
 * 3.31 / 5.37 / 7.75 / 11.60 ; 4.56 / 6.46 / 7.70 / 8.81, 144 4.30 / 8.49
 * / 12.71 / 16.88 ; 6.52 / 9.37 / 10.97 / 12.54; single the same
 * crossings (n = 64 1.19 / 2.07 ; 1.16 / 1.15 at PER 2 / 3, 112 3.12 /
 * 5.33 ; 3.84 / 4.43 at 3 / 4); symmetric double n = 96 1.78 / 2.02 /
 * 3.74 ; 1.54 / 1.56 / 1.75, 128 2.42 / 2.97 / 4.24 ; 2.45 / 3.16 / 3.54,
 * 144 2.92 / 5.76 / 8.65 ; 3.47 / 4.58 / 5.11; single n = 96 1.80 / 3.26
 * ; 1.94 / 2.20 at 2 / 3, 128 3.01 / 3.68 ; 3.75 / 3.73 at 3 / 4, 144
 * 2.71 / 5.32 ; 4.44 / 4.70 at 1 / 2 (docs/performance.md, "Part 1 in
 * shared memory for Hermitian matrices"). */
static int warp_sym_min_job_per_sm_rb(int herm, int n, int single)
{
    if (herm) return n <= 64 ? 2 : n <= 96 ? 3 : n <= 128 ? 4 : 3; /* n <= 64 from 1.5: warp_sym_small_hermitian */
    if (single) return n <= 96 ? 3 : n <= 128 ? 4 : 2;
    return n <= 96 ? 1 : n <= 128 ? 3 : 2;
}
static int warp_sym_min_job_per_sm(const eig_solve_params *p, int n, int single, int rb)
{
    const int herm = p->kind == EIG_KIND_HERMITIAN;
    if (p->vectors && rb && n >= 48) return warp_sym_min_job_per_sm_rb(herm, n, single);
    if (single || !p->vectors) return herm ? EIG_WARP_SYM_HERMITIAN_MIN_JOB_PER_SM : EIG_WARP_SYM_MIN_JOB_PER_SM;
    if (herm) return n <= 160 ? 6 : 4;
    return 4;
}
/* Small jobs of small Hermitian matrices with vectors (double; from n = 48
 * single too, where part 1 runs in shared memory: rb): warp-sym for
 * 24 <= n <= 64 from more than 1.5 matrices an SM (where block-tridiag's
 * block a matrix stops), for n <= 32 up to warp-tridiag's minimum job
 * (wt_few), where it would start at 6 an SM (33 <= n < 48) or never
 * (n <= 32: block-tridiag). Up to 1.5 an SM the block a matrix wins (at
 * 1.5, where the two rules meet, timed at n = 48-64 only); at n = 48-64
 * since its passes split rows (H200, 2026-11-28, ms, warp-sym /
 * block-tridiag: 132 matrices n = 48 0.70-0.71 / 0.59-0.63, n = 64
 * 1.09-1.14 / 0.86, single n = 64 0.96-0.99 / 0.86-0.88; 198 matrices
 * n = 48 0.74-0.75 / 0.66, n = 64 1.13-1.14 / 0.96). H100,
 * 2026-11-28, device-resident, ms, block-tridiag (auto before) /
 * warp-sym: n = 24 396 matrices 0.54 / 0.46, 1,320 0.92 / 0.75; n = 32
 * 396 0.86 / 0.59, 1,320 1.51 / 1.02; n = 40 396 1.56 / 0.75; at 132
 * block-tridiag with 128 threads 0.37 / 0.54 / 0.66 against 0.40 / 0.55 /
 * 0.71 (docs/performance.md, "Small jobs"). */
static int warp_sym_small_hermitian(const eig_solve_params *p, int n, long long job, int sms, int single, int wt_few,
                                    int rb)
{
    if (p->kind != EIG_KIND_HERMITIAN || !p->vectors || n < 24 || n > 64) return 0;
    if (n >= 48 ? !rb : single) return 0;
    return 2 * job > 3LL * sms && (n > 32 || wt_few);
}
/* Mid-size jobs of symmetric matrices with vectors (double) of order
 * 33 <= n < EIG_WARP_SYM_FROM_RB: warp-sym from more than 7 matrices an SM
 * below n = 50, 9 from 50 (below, block-tridiag's block a matrix is level
 * or ahead: 20-30 % at 7 an SM and n >= 50, where warp-sym leads by 3-4 %
 * at 10; 8 and 9 an SM not timed), up to 25 an
 * SM for n < 50 and 40 for n < 60 (above, warp-tridiag's lane a matrix
 * wins), at any job from n = 60. Before, auto took block-tridiag, then
 * warp-tridiag from its minimum job (about 1,000 matrices). H200,
 * 2026-11-28, device-resident, ms, auto before / warp-sym /
 * block-tridiag / warp-tridiag: n = 34 924 0.88 / 0.90 / 0.86 / 1.81,
 * 3,960 2.00 / 2.62 / 3.18 / 2.01; n = 36 1,320 1.98 / 1.09 / 1.31 /
 * 1.98, 2,640 2.15 / 1.95 / 2.51 / 2.16, 6,600 2.66 / 4.53 / 5.51 / 2.71;
 * n = 44 924 1.16 / 1.27 / 1.20 / 2.91, 3,960 3.15 / 4.10 / 4.43 / 3.13;
 * n = 48 1,320 3.27 / 1.72 / 1.88 / 3.27, 2,640 3.55 / 3.12 / 3.69 / 3.55,
 * 6,600 5.98 / 7.63 / 8.10 / 6.04; n = 52 3,960 6.47 / 5.50 / 5.68 /
 * 6.43, 4,620 6.57 / 5.96 / 6.51 / 6.45; n = 56 2,640 6.64 / 4.21 / 4.62 /
 * 6.65, 6,600 8.02 / 10.16 / 10.28 / 8.03; n = 60 924 1.83 / 2.36 / 1.82
 * / 7.54, 4,620 8.26 / 7.74 / 8.06 / 8.18; n = 63 6,600 18.22 / 12.49 /
 * 12.70 / 18.17, 13,200 28.51 / 23.87 / 25.51 / 28.58; not timed: 25-30
 * an SM at n < 50, 35-50 at 50 <= n < 60, above 35 at n = 57-62
 * (docs/performance.md, "Rows split"). */
static int warp_sym_mid_symmetric(const eig_solve_params *p, int n, long long job, int sms, int single)
{
    if (p->kind != EIG_KIND_SYMMETRIC || !p->vectors || single || n <= 32 || n >= EIG_WARP_SYM_FROM_RB) return 0;
    const long long least = n < 50 ? 7 : 9, most = n < 50 ? 25 : n < 60 ? 40 : 0; /* an SM; 0: no limit */
    return job > least * sms && (!most || job <= most * sms);
}
/* auto takes warp-sym for symmetric values only from this n up (same
 * minimum job): below, warp-tridiag (a lane per matrix) wins. H100,
 * 2026-11-25 05:22 UTC call (blocked reduction, warp bisection),
 * `bench_gpu symmetric N COUNT resident reps=3 [single] [kernel=warp-sym]`,
 * ms, auto before (warp-tridiag) / warp-sym: double n = 48 (20,000) 6.72 /
 * 9.03, 64 (20,000) 17.82 / 15.46, 96 (10,000) 27.05 / 27.32, 128
 * (10,000) 69.60 / 54.79; single n = 64 9.77 / 6.56, 96 11.72 / 14.13,
 * 128 30.29 / 29.77 (single keeps warp-tridiag to 128: it wins at 96).
 * Above 128 warp-sym (192 / 256: 64.00 / 72.55; block-tridiag 164.1 /
 * 196.3 at the 03:04 call) (docs/performance.md, "warp-sym"). With the
 * band and Newton's points in the bisection (2026-11-26 12:05 call,
 * single, auto (warp-tridiag) / warp-sym): n = 64 9.76 / 6.25, 96 11.79 /
 * 12.22, 112 23.61 / 16.65, 128 30.25 / 20.72: single from 97 (96 still
 * warp-tridiag's); double n = 48 6.73 auto, 8.13 warp-sym with the band.
 * With the faster band pass and chase and the tiled copy of the lower
 * triangle (2026-11-26 14:20-14:21 calls, warp-tridiag / warp-sym):
 * double n = 48 (20,000) 6.77 / 6.22 but (100,000) 27.21 / 30.14, 56
 * (20,000) 10.06 / 8.14, (100,000) 46.80 / 38.88: double from 56; single
 * n = 48 (20,000) 3.74 / 4.10, 56 (20,000) 4.65 / 5.05, (100,000) 21.29 /
 * 24.32, 64 (20,000) 9.84 / 6.13, (100,000) 31.74 / 29.13, 80 8.68 / 6.17,
 * 96 11.82 / 8.47: single from 64. */
#define EIG_WARP_SYM_VALUES_FROM 56
#define EIG_WARP_SYM_VALUES_FROM_SINGLE 64
/* Shared memory a warp may take: 16 warps (four blocks) an SM. */
#define EIG_WARP_SYM_SMEM_PER_WARP (14 * 1024)
/* With vectors from this n up, the tridiagonal's eigenvectors by divide
 * and conquer and V = Q Z by the reflectors (warp_sym_dc_vectors) instead
 * of forming Q and the QL iteration on it. EIG_TRIDIAG_DC=0 / 1 forces it
 * off / on at any n (as for block-tridiag); Hermitian matrices always take
 * it (there is no QL on complex Z). H200, 2026-11-26 05:23 UTC,
 * `bench_gpu symmetric N COUNT vectors resident reps=3 kernel=warp-sym`,
 * double, ms, QL / D&C: n = 64 (20,000) 41.57 / 39.35, 96 (10,000) 55.65 /
 * 49.19, 128 (10,000) 106.58 / 94.42, 192 (4,000) 155.00 / 114.69, 256
 * (2,000) 202.72 / 123.57 (XsyevBatched 65.67 / 81.40 / 118.10 / 161.01 /
 * 134.80); single 256 83.65 / 70.47. The back-transformation in blocks of
 * four (form_q's) instead of eight: 129.59 at 256 (05:10 call). */
#define EIG_WARP_SYM_DC_FROM 64
/* Divide and conquer's largest leaf in warp-sym: 16 rows, the leaves
 * solved side by side by groups of 4 lanes (eig_dc_subteam);
 * EIG_TRIDIAG_DC_LEAF overrides it. H100, 2026-11-27 05:18 call,
 * device-resident, ms, leaves of 32 rows by the whole warp / these:
 * symmetric 10,000 x 128 90.1-90.2 / 86.9-87.0, 10,000 x 96 46.3 / 43.9,
 * 4,000 x 192 109.1 / 108.1-108.2, 2,000 x 256 122.5-122.6 / 122.2-122.5,
 * 1,000 x 256 60.7-60.8 / 59.3-59.4; Hermitian 2,000 x 192 98.9 /
 * 96.4-96.6, 1,000 x 256 110.8-111.0 / 109.3-109.4, 4,000 x 128 63.8-63.9
 * / 63.4-63.5, 10,000 x 96 86.1-86.3 / 87.6 (lost); n = 64 within 0.5 %. */
#define EIG_WARP_SYM_DC_LEAF 16
/* The back-transformation's reflectors a block and columns a lane works on
 * at a time, lane by lane (warp_sym_back_transform: single precision and
 * Hermitian; double real takes the tensor cores, below). Two rows' loads issued together
 * lost: 43.6 M cycles a matrix at n = 256 against 34.3 M (H100, 05:33 and
 * 05:38 calls, EIG_WARP_SYM_PROFILE=1). */
#define EIG_WARP_SYM_BT_NB 8
#define EIG_WARP_SYM_BT_CH 4
/* The back-transformation on FP64 tensor cores (double, real, sm_80 and
 * later: warp_sym_bt_mma): reflectors a block in warp_sym_kernel and in
 * the kernel apart (168 registers: room for 32), columns of V a pass
 * over U covers. Since 2026-11-27 (warp_sym_bt_apart) double real runs
 * it apart by default; inside the kernel only with
 * EIG_WARP_SYM_BT_APART=0, for comparing. H100, 2026-11-27, device-resident, ms, lane path
 * (blocks of 8) / these: symmetric 10,000 x 128 79.0-79.1 / 71.3, 2,000
 * x 256 114.7-114.9 / 103.2-103.3, 4,000 x 192 101.3 / 87.4-87.6, 1,000
 * x 256 (apart) 56.7-57.2 / 46.8 (10:38 call). Blocks of 32 in the
 * kernel: 128 74.4, 256 103.1-103.3 (spills; 10:14); 64 columns a pass:
 * 128 75.4, 256 106.2-106.5 (10:08); blocks of 32 apart against 16:
 * 1,000 x 256 39.7-39.8 / 40.4-40.6 (H200, 10:33). -DEIG_WARP_SYM_BT_MMA=0
 * keeps the lane path. */
#ifndef EIG_WARP_SYM_BT_MMA
#define EIG_WARP_SYM_BT_MMA 1
#endif
#define EIG_WARP_SYM_BT_MMA_NB 16
#define EIG_WARP_SYM_BT_APART_MMA_NB 32
#define EIG_WARP_SYM_BT_MMA_CW 32
/* Shared reals of the back-transformation: complex T (the lane path), or
 * G, then T over it, and the taus (tensor cores, blocks of nb) */
#define EIG_WARP_SYM_BT_SMEM_REALS(zc, nb) ((zc) == 2 ? 2 * EIG_WARP_SYM_BT_NB * EIG_WARP_SYM_BT_NB : (nb) * ((nb) + 1))
static int warp_sym_dc(const eig_solve_params *p, int n)
{
    return p->kind == EIG_KIND_HERMITIAN ? p->vectors : tridiag_dc_wanted(p, n, EIG_WARP_SYM_DC_FROM);
}
#endif

/* The element type of the functions below, one source for both families:
 * eig_real (symmetric, ZC = 1) or wcx (Hermitian, ZC = 2: re and im
 * interleaved, the storage of a complex matrix), with the conjugate, the
 * real part and the warp sum they need (on eig_real: the identity, the
 * value, eig_team_reduce, so the symmetric code is what it was). */
struct EIG_FN(wcx) {
    eig_real r, i;
    EIG_FN(wcx)() = default;
    __device__ __forceinline__ EIG_FN(wcx)(eig_real x) : r(x), i(EIG_ZERO) {}
    __device__ __forceinline__ EIG_FN(wcx)(eig_real x, eig_real y) : r(x), i(y) {}
};
template <int ZC> struct EIG_FN(ws_el) { typedef eig_real type; };
template <> struct EIG_FN(ws_el)<2> { typedef EIG_FN(wcx) type; };
__device__ __forceinline__ EIG_FN(wcx) operator+(EIG_FN(wcx) a, EIG_FN(wcx) b) { return EIG_FN(wcx)(a.r + b.r, a.i + b.i); }
__device__ __forceinline__ EIG_FN(wcx) operator-(EIG_FN(wcx) a, EIG_FN(wcx) b) { return EIG_FN(wcx)(a.r - b.r, a.i - b.i); }
__device__ __forceinline__ EIG_FN(wcx) operator-(EIG_FN(wcx) a) { return EIG_FN(wcx)(-a.r, -a.i); }
__device__ __forceinline__ EIG_FN(wcx) operator*(EIG_FN(wcx) a, EIG_FN(wcx) b)
{
    return EIG_FN(wcx)(a.r * b.r - a.i * b.i, a.r * b.i + a.i * b.r);
}
__device__ __forceinline__ EIG_FN(wcx) operator*(eig_real s, EIG_FN(wcx) b) { return EIG_FN(wcx)(s * b.r, s * b.i); }
__device__ __forceinline__ EIG_FN(wcx) operator*(EIG_FN(wcx) a, eig_real s) { return EIG_FN(wcx)(a.r * s, a.i * s); }
__device__ __forceinline__ EIG_FN(wcx) &operator+=(EIG_FN(wcx) &a, EIG_FN(wcx) b) { return a = a + b; }
__device__ __forceinline__ EIG_FN(wcx) &operator-=(EIG_FN(wcx) &a, EIG_FN(wcx) b) { return a = a - b; }
__device__ __forceinline__ eig_real EIG_FN(ws_conj)(eig_real x) { return x; }
__device__ __forceinline__ EIG_FN(wcx) EIG_FN(ws_conj)(EIG_FN(wcx) x) { return EIG_FN(wcx)(x.r, -x.i); }
__device__ __forceinline__ eig_real EIG_FN(ws_re)(eig_real x) { return x; }
__device__ __forceinline__ eig_real EIG_FN(ws_re)(EIG_FN(wcx) x) { return x.r; }
__device__ __forceinline__ int EIG_FN(ws_nz)(eig_real x) { return x != 0; }
__device__ __forceinline__ int EIG_FN(ws_nz)(EIG_FN(wcx) x) { return x.r != 0 || x.i != 0; }
__device__ __forceinline__ eig_real EIG_FN(ws_sum)(eig_team t, eig_real x) { return EIG_FN(eig_team_reduce)(t, x, 0, 0); }
__device__ __forceinline__ EIG_FN(wcx) EIG_FN(ws_sum)(eig_team t, EIG_FN(wcx) x)
{
    return EIG_FN(wcx)(EIG_FN(eig_team_reduce)(t, x.r, 0, 0), EIG_FN(eig_team_reduce)(t, x.i, 0, 0));
}
__device__ __forceinline__ eig_real EIG_FN(ws_xor)(eig_real x, int m) { return __shfl_xor_sync(0xffffffffu, x, m); }
__device__ __forceinline__ EIG_FN(wcx) EIG_FN(ws_xor)(EIG_FN(wcx) x, int m)
{
    return EIG_FN(wcx)(__shfl_xor_sync(0xffffffffu, x.r, m), __shfl_xor_sync(0xffffffffu, x.i, m));
}
__device__ __forceinline__ eig_real EIG_FN(ws_shfl)(eig_real x, int s) { return __shfl_sync(0xffffffffu, x, s); }
__device__ __forceinline__ EIG_FN(wcx) EIG_FN(ws_shfl)(EIG_FN(wcx) x, int s)
{
    return EIG_FN(wcx)(__shfl_sync(0xffffffffu, x.r, s), __shfl_sync(0xffffffffu, x.i, s));
}

/* Complex: the reduction reads only A's lower triangle, so a pass over the
 * trailing block gives each entry A(r, j), r > j, two uses: conj(A(r, j))
 * u_r into y_j (the lane's own column) and A(r, j) u_j into y_r, a sum
 * across the lanes. The lanes keep the latter for RG rows R.. (R a
 * multiple of RG) in p; here they are summed over the warp (RG - 1 halving
 * exchanges leave lane l with row R + (l mod RG), then a butterfly over
 * the higher lane bits: 6 exchanges for 4 rows, 12 shuffles for complex) and added to y of the
 * row's owner: lane r mod 32, slot r / 32. */
template <int COLS, int RG, typename E>
__device__ __forceinline__ void EIG_FN(ws_add_row_sums)(int lane, int R, E (&p)[RG], E (&y)[COLS])
{
    EIG_UNROLL
    for (int m = RG / 2; m >= 1; m >>= 1) {
        const int hi = lane & m;
        EIG_UNROLL
        for (int v = 0; v < m; v++) {
            const E send = hi ? p[v] : p[v + m], keep = hi ? p[v + m] : p[v];
            p[v] = keep + EIG_FN(ws_xor)(send, m);
        }
    }
    E s = p[0];
    EIG_UNROLL
    for (int m = RG; m < 32; m <<= 1) s += EIG_FN(ws_xor)(s, m);
    if ((lane & (32 - RG)) == (R & (32 - RG)))
        EIG_UNROLL
        for (int c = 0; c < COLS; c++)
            if (c == R >> 5) y[c] += s;
}

/* Reflector k from alpha (its subdiagonal entry, updated) and xnorm (the
 * norm below it): beta (real), tau and the scale of the entries below
 * (1 / (alpha - beta)); tau = 0: none. Real: as eig_sym_tridiag_reduce_team
 * (no reflector under eig_reflector_floor). Complex: LAPACK's zlarfg,
 * H^H (alpha, x) = (beta, 0) with H = I - tau u u^H, tau = (beta -
 * alpha) / beta (zhetrd's convention: T real, no diagonal scaling after);
 * a column under the floor with a complex alpha (at or above the floor)
 * still gets a reflector, u = e_1 (scale 0: x is left out, as the real one
 * leaves it), so that beta is real. */
__device__ __forceinline__ void EIG_FN(warp_sym_reflector)(eig_real alpha, eig_real xnorm, eig_real &beta,
                                                         eig_real &tau, eig_real &scale)
{
    beta = alpha, tau = 0, scale = 0;
    if (xnorm >= EIG_FN(eig_reflector_floor)()) {
        beta = -EIG_COPYSIGN(EIG_HYPOT(alpha, xnorm), alpha);
        tau = (beta - alpha) / beta;
        scale = 1 / (alpha - beta);
    }
}
__device__ __forceinline__ void EIG_FN(warp_sym_reflector)(EIG_FN(wcx) alpha, eig_real xnorm, eig_real &beta,
                                                         EIG_FN(wcx) &tau, EIG_FN(wcx) &scale)
{
    const eig_real floor = EIG_FN(eig_reflector_floor)();
    const int keep = xnorm >= floor;
    beta = alpha.r, tau = EIG_ZERO, scale = EIG_ZERO;
    /* alpha under the floor too: its imaginary part is left out, as x is
     * (a subnormal alpha's phase would give a tau whose H is not unitary:
     * single precision, graded matrices from n = 97, orthogonality 0.25) */
    if (!keep && (alpha.i == 0 || EIG_HYPOT(alpha.r, alpha.i) < floor)) return;
    beta = -EIG_COPYSIGN(EIG_HYPOT(EIG_HYPOT(alpha.r, alpha.i), keep ? xnorm : EIG_ZERO), alpha.r);
    tau = EIG_FN(wcx)((beta - alpha.r) / beta, -alpha.i / beta);
    if (keep) {
        const eig_real cr = alpha.r - beta, ci = alpha.i, m = EIG_HYPOT(cr, ci);
        scale = EIG_FN(wcx)(cr / m / m, -ci / m / m);
    }
}

/* A's strictly lower triangle copied onto its upper one (real, n x n,
 * row-major), as the real reductions keep the full square; tb: tb_reals
 * of the warp's shared memory, free for now. In tiles of 16 x 16 through
 * tb, read by rows and written by rows: entry by entry, each lane's store
 * went to another row (32 sectors a store), which cost 2,000 x 256
 * values-only 4.1 of 43.6 ms and 10,000 x 128 2.3 of 26.7 (H100,
 * 2026-11-26 14:07, the copy skipped on symmetric input to price it;
 * docs/performance.md, "Values through the band: the pass, the chase,
 * the copy"). Entry by entry still where tb holds no tile (small n). */
#define EIG_WS_MIRROR_T 16
__device__ void EIG_FN(warp_sym_mirror)(int lane, int n, eig_real *a, eig_real *tb, int tb_reals)
{
    constexpr int T = EIG_WS_MIRROR_T, TP = T + 1; /* TP: rows padded, the transposed reads conflict-free */
    if (tb_reals < T * TP) {
        for (int i = 1; i < n; i++)
            for (int j = lane; j < i; j += 32) a[(eig_idx)j * n + i] = a[(eig_idx)i * n + j];
        __syncwarp();
        return;
    }
    const int nt = (n + T - 1) / T, c = lane % T, h = lane / T; /* a load: two rows of a tile */
    for (int I = 0; I < nt; I++)
        for (int J = 0; J <= I; J++) {
            /* tile (I, J): rows I T.., columns J T.., its entries below the diagonal */
            EIG_UNROLL
            for (int k = 0; k < T; k += 2) {
                const int i = I * T + k + h, j = J * T + c;
                if (i < n && j < i) tb[(k + h) * TP + c] = a[(eig_idx)i * n + j];
            }
            __syncwarp();
            /* onto row J T + k + h, columns I T + c: entry (I T + c, J T + k + h) */
            EIG_UNROLL
            for (int k = 0; k < T; k += 2) {
                const int i = I * T + c, j = J * T + k + h;
                if (i < n && j < i) a[(eig_idx)j * n + i] = tb[c * TP + k + h];
            }
            __syncwarp();
        }
}

#include "kernel_warp_sym_band.cuh"

/* Sweeps the QL phase applies to Z together (eig_tridiag_ql_grouped_team):
 * as many as EIG_QL_GROUP_MAX whose rotations (2n reals a sweep) still let
 * 16 warps share an SM's shared memory (14 KB a warp), at least two.
 * Each group is one pass over Z instead of one a sweep. */
EIG_HD int EIG_FN(warp_sym_group)(int n)
{
    int g = EIG_QL_GROUP_MAX;
    while (g > 2 && (size_t)(2 + 2 * g) * (size_t)n * sizeof(eig_real) > EIG_WARP_SYM_SMEM_PER_WARP) g--;
    return g;
}

/* Reflectors a panel of the reduction: 4, or fewer where d, e, V and u
 * would pass the shared memory a warp may take (7n reals: n = 256 double
 * fits); EIG_WARP_SYM_NB=1 (diagnostics): unblocked, a pass per reflector.
 * Hermitian (zc 2): unblocked (four complex reflectors' V and W entries of
 * a column pair in registers, with the complex rows, would pass the 128
 * registers a thread). */
static int EIG_FN(warp_sym_nb)(int n, int zc)
{
    const char *s = getenv("EIG_WARP_SYM_NB");
    if (zc == 2 || (s && atoi(s) == 1)) return 1;
    return (size_t)7 * (size_t)n * sizeof(eig_real) <= EIG_WARP_SYM_SMEM_PER_WARP ? 4 : 1;
}

/* Shared reals of one warp: d, e, and a buffer for the reduction's V and
 * first u ((nb + 1) n), the four reflectors of a compact-WY block (4n),
 * the bisection's workspace (values only, 4n) and the QL's rotations
 * (vectors, 2n a sweep of the group) or the back-transformation's T.
 * Hermitian: d, e and the reduction's complex V and u or the
 * back-transformation's complex T (divide and conquer's workspace is in
 * global memory). */
EIG_HD size_t EIG_FN(warp_sym_smem_reals_nb)(int n, int vectors, int nb, int zc, int band)
{
    if (band) /* d, e, one or two panels' V; the chase's band over d, e and the first V, the bisection's workspace in it */
        return (size_t)(2 + band * EIG_WARP_SYM_BAND_NB) * (size_t)n;
    if (zc == 2) { /* the reduction's V and u, or the back-transformation's complex T */
        const size_t r = (size_t)2 * (size_t)(nb + 1) * (size_t)n, tr = EIG_WARP_SYM_BT_SMEM_REALS(2, 0);
        return 2 * (size_t)n + (r > tr ? r : tr);
    }
    int b = nb + 1 > 4 ? nb + 1 : 4;
    if (vectors && 2 * EIG_FN(warp_sym_group)(n) > b) b = 2 * EIG_FN(warp_sym_group)(n);
    /* the back-transformation's T (and G, on tensor cores) at small n */
    const int tr = EIG_WARP_SYM_BT_SMEM_REALS(1, EIG_WARP_SYM_BT_MMA_NB);
    if (vectors && b * n < tr) b = (tr + n - 1) / n;
    return (size_t)(2 + b) * (size_t)n;
}
static int EIG_FN(warp_sym_zc)(const eig_solve_params *p) { return p->kind == EIG_KIND_HERMITIAN ? 2 : 1; }
/* Values only by the two-stage reduction (kernel_warp_sym_band.cuh),
 * real, from n = EIG_WARP_SYM_BAND_FROM: 2 with the pending panel's V in
 * shared memory where two panels' V fit a warp's share, else 1 (that V
 * below the band in global memory); 0: the one-stage reduction.
 * EIG_WARP_SYM_BAND=0 turns it off, EIG_WARP_SYM_BAND=1 keeps V in global
 * memory at every n, EIG_WARP_SYM_BAND_FROM=N moves its start (tuning
 * knobs, read per batch). H100, 2026-11-26 11:17, values only,
 * device-resident, ms, one-stage / V shared (where it fits 16 warps an
 * SM) / V global: 10,000 x 96 25.72 / 22.90 / 25.52, 10,000 x 128 50.96 /
 * 40.17 / 45.21, 6,000 x 176 80.08 / 56.32 / 65.57, 4,000 x 192 63.94 /
 * - / 50.56 (V shared at 12 warps an SM, 10:58: 50.46), 2,000 x 256 72.97
 * / - / 53.16 (8 warps an SM, 10:58: 57.05); below 96 it lost (11:04,
 * 20,000 x 80: 32.28 one-stage, 34.11 / 32.40 band). With the faster
 * pass and chase (14:20-14:21 calls, one-stage / band, double; single in
 * brackets): 20,000 x 64 10.12 / 11.24 (6.08 / 7.07), 20,000 x 68 16.68 /
 * 15.46 (10.21 / 9.35), 20,000 x 72 18.87 / 17.02 (11.42 / 10.15), 10,000
 * x 80 12.72 / 10.40 (7.27 / 6.17), 10,000 x 88 15.98 / 12.39 (9.10 /
 * 7.44): from 68. */
#define EIG_WARP_SYM_BAND_FROM 68
static int EIG_FN(warp_sym_band)(const eig_solve_params *p, int n)
{
    const char *s = getenv("EIG_WARP_SYM_BAND"), *f = getenv("EIG_WARP_SYM_BAND_FROM");
    if (p->vectors || EIG_FN(warp_sym_zc)(p) == 2 || (s && *s && atoi(s) == 0)) return 0;
    if (n < (f && *f ? atoi(f) : EIG_WARP_SYM_BAND_FROM)) return 0;
    if (!(s && *s && atoi(s) == 1) &&
        EIG_FN(warp_sym_smem_reals_nb)(n, 0, 1, 1, 2) * sizeof(eig_real) <= EIG_WARP_SYM_SMEM_PER_WARP)
        return 2;
    return EIG_FN(warp_sym_smem_reals_nb)(n, 0, 1, 1, 1) * sizeof(eig_real) <= EIG_WARP_SYM_SMEM_PER_WARP;
}
static size_t EIG_FN(warp_sym_smem_reals)(const eig_solve_params *p, int n)
{
    const int zc = EIG_FN(warp_sym_zc)(p);
    return EIG_FN(warp_sym_smem_reals_nb)(n, p->vectors, EIG_FN(warp_sym_nb)(n, zc), zc, EIG_FN(warp_sym_band)(p, n));
}

/* One row r (< n) of the fused pass on the lane's column pair c0, c0 + 1
 * (x: their entries, loaded; LOWER: only j <= r): the pending panel's
 * update (vr, wr: row r of V and W, warp_sym_chunk_row; vj, wj: the
 * pair's own V and W entries), stored; y0, y1 (the pair's A u) += the
 * updated entries conjugated (A's row is the conjugate of its column)
 * times u_r (ur); LOWER: pr (row r's sum, ws_add_row_sums) += the entries
 * left of the diagonal times the pair's u_j (uj). KEEP: the updated
 * entries left in x for the caller to store (after the next rows' loads).
 * E: eig_real or wcx. */
template <int NB, int LOWER, typename E, int KEEP = 0>
__device__ __forceinline__ void EIG_FN(warp_sym_fused_row)(int lane, int n, E *a, int r, int c0, int r0,
                                                         const E (&vr)[NB], const E (&wr)[NB], E ur,
                                                         const E (&vj)[NB][2], const E (&wj)[NB][2],
                                                         const E (&uj)[2], E (&x)[2], E &y0, E &y1, E &pr)
{
    EIG_UNROLL
    for (int cc = 0; cc < 2; cc++) {
        const int j = lane + 32 * (c0 + cc);
        if (j >= r0 && (LOWER ? j <= r : j < n)) {
            E a0 = x[cc];
            EIG_UNROLL
            for (int q = 0; q < NB; q++)
                a0 -= vr[q] * EIG_FN(ws_conj)(wj[q][cc]) + wr[q] * EIG_FN(ws_conj)(vj[q][cc]);
            if constexpr (KEEP)
                x[cc] = a0;
            else
                a[(eig_idx)r * n + j] = a0;
            if (cc == 0) y0 += EIG_FN(ws_conj)(a0) * ur;
            else y1 += EIG_FN(ws_conj)(a0) * ur;
            if (LOWER && j < r) pr += a0 * uj[cc];
        }
    }
}

/* Row r's entries of the pending panel's V (vb) and W (rows kw.., qw
 * reflectors) and of u, for the fused passes, whose rows ascend. SH 1: a
 * lane loads row cb + lane of each 32-row chunk (cb: the chunk's first
 * row, moved on when r leaves it; -1 before the first), and each row
 * takes its entries by shuffles. Loaded a row at a time (SH 0), they come
 * after the previous row's stores, which the compiler keeps in order
 * (they may alias): a memory round trip every row where SH 1 makes one
 * every 32. SH 1 only where registers are spare (the kernel's twins for
 * fewer blocks, warp_sym_min_blocks): at 128 registers the chunk's
 * registers and the shuffles cost more than the round trips (H100,
 * 2026-11-27 01:51 UTC, ms: symmetric 10,000 x 128 91.0 -> 92.5, 2,000 x
 * 256 124.5 -> 133.0, Hermitian 4,000 x 128 63.7 -> 70.7; with the
 * twins Hermitian 1,000 x 256 119.2 -> 108.2, docs/performance.md). */
template <int NB, int SH, typename E>
__device__ __forceinline__ void EIG_FN(warp_sym_chunk_row)(int lane, int n, const E *a, int kw, int qw,
                                                         const E *vb, const E *u, int r, int &cb, E (&vc)[NB],
                                                         E (&wc)[NB], E &uc, E (&vr)[NB], E (&wr)[NB], E &ur)
{
    if constexpr (!SH) {
        EIG_UNROLL
        for (int q = 0; q < NB; q++)
            vr[q] = q < qw ? vb[q * n + r] : E{}, wr[q] = q < qw ? a[(eig_idx)(kw + q) * n + r] : E{};
        ur = u[r];
    } else {
        if (cb < 0 || r - cb >= 32) { /* uniform */
            cb = r;
            const int rr = r + lane, ok = rr < n;
            EIG_UNROLL
            for (int q = 0; q < NB; q++)
                vc[q] = ok && q < qw ? vb[q * n + rr] : E{},
                wc[q] = ok && q < qw ? a[(eig_idx)(kw + q) * n + rr] : E{};
            uc = ok ? u[rr] : E{};
        }
        const int sl = r - cb;
        EIG_UNROLL
        for (int q = 0; q < NB; q++) vr[q] = EIG_FN(ws_shfl)(vc[q], sl), wr[q] = EIG_FN(ws_shfl)(wc[q], sl);
        ur = EIG_FN(ws_shfl)(uc, sl);
    }
}

/* A reflector's pass (warp_sym_reduce): y += A22 u on the lane's columns
 * r0.. (y zero on entry), one pass over rows r0.. (EIG_WARP_SYM_PASS_ROWS
 * rows' loads at a time; fused: ROWS); fused (the panel's first reflector, an update pending): the
 * previous panel's update (V in vb, W in rows kw.., qw reflectors)
 * applied in the same pass, y from the entries just updated. Real: the
 * whole trailing block, both triangles kept. */
template <int COLS, int NB, int ROWS, int SH, typename E>
__device__ __forceinline__ void EIG_FN(warp_sym_pass_full)(int lane, int n, E *a, int r0, int kw, int qw,
                                                         const E *vb, const E *u, int fused, E (&y)[COLS])
{
#define EIG_A(i, j) a[(eig_idx)(i) * n + (j)]
    if (fused) {
        /* the lane's columns two at a time (their V and W entries in
         * registers: all of them, or two rows at a time, spill) */
        EIG_UNROLL
        for (int c0 = 0; c0 < COLS; c0 += 2) {
            if (32 * c0 >= n || 32 * (c0 + 2) <= r0) continue; /* uniform: no column of the pair in range */
            E vj[NB][2], wj[NB][2], pr = E{};
            const E none[2] = {};
            EIG_UNROLL
            for (int cc = 0; cc < 2; cc++) {
                const int j = lane + 32 * (c0 + cc);
                const int ok = j >= r0 && j < n;
                EIG_UNROLL
                for (int q = 0; q < NB; q++) {
                    vj[q][cc] = ok && q < qw ? vb[q * n + j] : E{};
                    wj[q][cc] = ok && q < qw ? EIG_A(kw + q, j) : E{};
                }
            }
            /* ROWS rows at a time, their loads before
             * the stores (a store may alias a later load: the
             * compiler keeps the order, so one row at a time would
             * wait a memory latency a row) */
            E vc[NB], wc[NB], uc, vr[NB], wr[NB], ur; /* warp_sym_chunk_row */
            int cb = -1, r = r0;
            for (; r + ROWS <= n; r += ROWS) {
                E x[ROWS][2];
                EIG_UNROLL
                for (int g = 0; g < ROWS; g++)
                    EIG_UNROLL
                    for (int cc = 0; cc < 2; cc++) {
                        const int j = lane + 32 * (c0 + cc);
                        x[g][cc] = j >= r0 && j < n ? EIG_A(r + g, j) : E{};
                    }
                EIG_UNROLL
                for (int g = 0; g < ROWS; g++) {
                    EIG_FN(warp_sym_chunk_row)<NB, SH, E>(lane, n, a, kw, qw, vb, u, r + g, cb, vc, wc, uc, vr, wr, ur);
                    EIG_FN(warp_sym_fused_row)<NB, 0, E>(lane, n, a, r + g, c0, r0, vr, wr, ur, vj, wj, none, x[g],
                                                         y[c0], y[c0 + 1], pr);
                }
            }
            for (; r < n; r++) {
                E x[2];
                EIG_UNROLL
                for (int cc = 0; cc < 2; cc++) {
                    const int j = lane + 32 * (c0 + cc);
                    x[cc] = j >= r0 && j < n ? EIG_A(r, j) : E{};
                }
                EIG_FN(warp_sym_chunk_row)<NB, SH, E>(lane, n, a, kw, qw, vb, u, r, cb, vc, wc, uc, vr, wr, ur);
                EIG_FN(warp_sym_fused_row)<NB, 0, E>(lane, n, a, r, c0, r0, vr, wr, ur, vj, wj, none, x, y[c0],
                                                     y[c0 + 1], pr);
            }
        }
    } else {
        /* RP rows' loads before their sums: a pass is a chain of memory
         * round trips, one an RP rows */
        constexpr int RP = EIG_WARP_SYM_PASS_ROWS(COLS);
        int r = r0;
        for (; r + RP <= n; r += RP) {
            E x[RP][COLS];
            EIG_UNROLL
            for (int g = 0; g < RP; g++)
                EIG_UNROLL
                for (int c = 0; c < COLS; c++) {
                    const int j = lane + 32 * c;
                    x[g][c] = j >= r0 && j < n ? EIG_A(r + g, j) : E{};
                }
            EIG_UNROLL
            for (int g = 0; g < RP; g++) {
                const E ug = u[r + g];
                EIG_UNROLL
                for (int c = 0; c < COLS; c++) y[c] += EIG_FN(ws_conj)(x[g][c]) * ug;
            }
        }
        for (; r + 1 < n; r += 2) {
            const E u0 = u[r], u1 = u[r + 1];
            EIG_UNROLL
            for (int c = 0; c < COLS; c++) {
                const int j = lane + 32 * c;
                if (j >= r0 && j < n)
                    y[c] += EIG_FN(ws_conj)(EIG_A(r, j)) * u0 + EIG_FN(ws_conj)(EIG_A(r + 1, j)) * u1;
            }
        }
        if (r < n) {
            const E u0 = u[r];
            EIG_UNROLL
            for (int c = 0; c < COLS; c++) {
                const int j = lane + 32 * c;
                if (j >= r0 && j < n) y[c] += EIG_FN(ws_conj)(EIG_A(r, j)) * u0;
            }
        }
    }
#undef EIG_A
}

/* The same pass over the lower triangle only (complex: warp_sym_reduce):
 * each entry read serves y_j and, summed over the lanes RG rows at a time
 * (ws_add_row_sums), y_r. */
template <int COLS, int NB, int ROWS, int SH, typename E>
__device__ __forceinline__ void EIG_FN(warp_sym_pass_lower)(int lane, int n, E *a, int r0, int kw, int qw,
                                                          const E *vb, const E *u, int fused, E (&y)[COLS])
{
#define EIG_A(i, j) a[(eig_idx)(i) * n + (j)]
    if (fused) {
        constexpr int RG = 4; /* few registers left beside the pair's V and W */
        static_assert(RG % ROWS == 0, "a row group is whole blocks of ROWS rows");
        /* the lane's columns two at a time (their V and W entries in
         * registers: all of them, or two rows at a time, spill) */
        EIG_UNROLL
        for (int c0 = 0; c0 < COLS; c0 += 2) {
            if (32 * c0 >= n || 32 * (c0 + 2) <= r0) continue; /* uniform: no column of the pair in range */
            E vj[NB][2], wj[NB][2], ujp[2];
            EIG_UNROLL
            for (int cc = 0; cc < 2; cc++) {
                const int j = lane + 32 * (c0 + cc);
                const int ok = j >= r0 && j < n;
                ujp[cc] = ok ? u[j] : E{};
                EIG_UNROLL
                for (int q = 0; q < NB; q++) {
                    vj[q][cc] = ok && q < qw ? vb[q * n + j] : E{};
                    wj[q][cc] = ok && q < qw ? EIG_A(kw + q, j) : E{};
                }
            }
            /* the rows that reach the pair's columns, ROWS at a
             * time, their loads before the stores (a store may
             * alias a later load: the compiler keeps the order, so
             * one row at a time would wait a memory latency a row) */
            const int rs = 32 * c0 > r0 ? 32 * c0 : r0;
            E vc[NB], wc[NB], uc, vr[NB], wr[NB], ur; /* warp_sym_chunk_row */
            int cb = -1;
            for (int R = rs & -RG; R < n; R += RG) {
                E pr[RG];
                EIG_UNROLL
                for (int g = 0; g < RG; g++) pr[g] = E{};
                EIG_UNROLL
                for (int g0 = 0; g0 < RG; g0 += ROWS) {
                    E x[ROWS][2];
                    EIG_UNROLL
                    for (int g = 0; g < ROWS; g++)
                        EIG_UNROLL
                        for (int cc = 0; cc < 2; cc++) {
                            const int r = R + g0 + g, j = lane + 32 * (c0 + cc);
                            x[g][cc] = r < n && j >= r0 && j <= r ? EIG_A(r, j) : E{};
                        }
                    EIG_UNROLL
                    for (int g = 0; g < ROWS; g++)
                        if (R + g0 + g < n) {
                            EIG_FN(warp_sym_chunk_row)<NB, SH, E>(lane, n, a, kw, qw, vb, u, R + g0 + g, cb, vc, wc,
                                                              uc, vr, wr, ur);
                            EIG_FN(warp_sym_fused_row)<NB, 1, E, !SH>(lane, n, a, R + g0 + g, c0, r0, vr, wr, ur,
                                                                   vj, wj, ujp, x[g], y[c0], y[c0 + 1], pr[g0 + g]);
                        }
                    if constexpr (!SH) { /* the rows' stores after all their loads */
                        EIG_UNROLL
                        for (int g = 0; g < ROWS; g++)
                            EIG_UNROLL
                            for (int cc = 0; cc < 2; cc++) {
                                const int r = R + g0 + g, j = lane + 32 * (c0 + cc);
                                if (r < n && j >= r0 && j <= r) EIG_A(r, j) = x[g][cc];
                            }
                    }
                }
                EIG_FN(ws_add_row_sums)<COLS, RG, E>(lane, R, pr, y);
            }
        }
    } else {
        constexpr int RG = 4;
        E uj[COLS];
        EIG_UNROLL
        for (int c = 0; c < COLS; c++) {
            const int j = lane + 32 * c;
            uj[c] = j >= r0 && j < n ? u[j] : E{};
        }
        for (int R = r0 & -RG; R < n; R += RG) {
            E pr[RG];
            EIG_UNROLL
            for (int g = 0; g < RG; g++) pr[g] = E{};
            EIG_UNROLL
            for (int g = 0; g < RG; g += 2) {
                const int r = R + g;
                const E u0 = r < n ? u[r] : E{}, u1 = r + 1 < n ? u[r + 1] : E{};
                EIG_UNROLL
                for (int c = 0; c < COLS; c++) {
                    const int j = lane + 32 * c;
                    if (32 * c > R + RG - 1 || 32 * c + 31 < r0) continue; /* uniform: no column of it in range */
                    const int ok0 = j >= r0 && j <= r && r < n, ok1 = j >= r0 && j <= r + 1 && r + 1 < n;
                    const E x0 = ok0 ? EIG_A(r, j) : E{}, x1 = ok1 ? EIG_A(r + 1, j) : E{};
                    y[c] += EIG_FN(ws_conj)(x0) * u0 + EIG_FN(ws_conj)(x1) * u1;
                    if (j < r) pr[g] += x0 * uj[c];
                    if (j < r + 1) pr[g + 1] += x1 * uj[c];
                }
            }
            EIG_FN(ws_add_row_sums)<COLS, RG, E>(lane, R, pr, y);
        }
    }
#undef EIG_A
}

/* Phase 2 (see the top of the file): LAPACK's blocked reduction (dsytrd
 * with dlatrd's panels; Hermitian: zhetrd / zlatrd) for a warp. a: n x n
 * row-major, scaled; E: eig_real or wcx. Real: the lower triangle is
 * mirrored first and a pass streams the whole trailing block (a lane's
 * column, coalesced). Complex (LOWER): only the lower triangle is read or
 * kept, and each entry of a pass serves both halves of A u
 * (ws_add_row_sums); the pass holds four real multiply-adds an entry, so
 * halving the entries pays (H100, 2026-11-26: Hermitian 4,000 x 128 81.1
 * -> 66.6 ms, 1,000 x 256 194.8 -> 165.8), where the real pass, with
 * one, lost as much as it gained (20,000 x 64 values 15.6 -> 18.1, n =
 * 128 even). Panels of
 * NB reflectors: reflector k's w is made
 * against the trailing block as it stood before the panel (A22 u minus
 * the panel's earlier V W^H + W V^H times u), and the panel's rank-2NB
 * update is applied once, in the pass that makes the next panel's first
 * A22 u from the entries it has just updated. So a panel streams the
 * trailing block NB + 1 times (NB - 1 reads, one read and write) instead
 * of twice per reflector (NB = 1 is the unblocked one pass per reflector).
 * Storage while a panel's update is pending: V (the u's, 1 at row k + 1,
 * zero above) in shared memory vb, column q at vb[q n]; W in rows kw + q
 * of a, right of the diagonal (real: row k mirrors column k, read no more
 * once column k is made). What stays for forming Q: u_k below the
 * subdiagonal of column k (as the CPU stores it), tau_k at (k + 1, k)
 * (the subdiagonal: d and e are in shared memory). A lane owns columns lane + 32 c (c < COLS); un: n
 * elements for a panel's first u while the previous panel's V is in use.
 * Reflectors: n - 2 real; n - 1 complex (the last makes e_{n-2} real, as
 * zhetrd's; warp_sym_reflector), so d and e come out real either way. */
template <int COLS, int NB, int ROWS, typename E, int SH = 0>
__device__ void EIG_FN(warp_sym_reduce)(int lane, int n, E *a, eig_real *d, eig_real *e, E *vb, E *un)
{
    const eig_team t = {lane, 32, 0xffffffffu, 0};
    constexpr int ZC = (int)(sizeof(E) / sizeof(eig_real));
    const int kt = n - 3 + ZC; /* reflectors */
    constexpr int LOWER = ZC == 2;
#define EIG_A(i, j) a[(eig_idx)(i) * n + (j)]
    if constexpr (!LOWER) /* vb and un are free until the first panel */
        EIG_FN(warp_sym_mirror)(lane, n, (eig_real *)a, (eig_real *)vb, (NB + 1) * n);
    if (ZC == 2) /* a Hermitian diagonal's imaginary part is ignored, as in LAPACK */
        for (int i = lane; i < n; i += 32) EIG_A(i, i) = EIG_FN(ws_re)(EIG_A(i, i));
    __syncwarp();
    /* the panel whose update is pending: its first column kw, its qw reflectors */
    int kw = 0, qw = 0;
    for (int k0 = 0; k0 < kt; k0 += NB) {
        const int nbk = kt - k0 < NB ? kt - k0 : NB;
        for (int i = 0; i < nbk; i++) {
            const int k = k0 + i, r0 = k + 1;
            /* column k, rows k.., as it stood before the panel (real: from
             * row k, coalesced; row k was not updated since; complex: the
             * column itself, a row a lane) minus the
             * update pending on it: the previous panel's for the first
             * column, else this panel's first i reflectors */
            const int qn = i ? i : qw, kv = i ? k0 : kw;
            {
                E vk[NB], wk[NB];
                EIG_UNROLL
                for (int q = 0; q < NB; q++) {
                    vk[q] = q < qn ? EIG_FN(ws_conj)(vb[q * n + k]) : E{};
                    wk[q] = q < qn ? EIG_FN(ws_conj)(EIG_A(kv + q, k)) : E{};
                }
                for (int r = k + lane; r < n; r += 32) {
                    E x = LOWER ? EIG_A(r, k) : EIG_A(k, r);
                    EIG_UNROLL
                    for (int q = 0; q < NB; q++)
                        if (q < qn) x -= vb[q * n + r] * wk[q] + EIG_A(kv + q, r) * vk[q];
                    EIG_A(r, k) = x;
                }
            }
            __syncwarp();
            /* reflector k from column k (as eig_sym_tridiag_reduce_team; zlarfg) */
            const E alpha = EIG_A(r0, k);
            const eig_real xnorm = EIG_FN(eig_col_norm_team)(t, n, (const eig_real *)a, 1, ZC, k, r0 + 1, 0);
            eig_real beta;
            E tk, scale;
            EIG_FN(warp_sym_reflector)(alpha, xnorm, beta, tk, scale);
            const int has = EIG_FN(ws_nz)(tk);
            E *u = i ? vb + i * n : un;
            for (int r = lane; r < n; r += 32) {
                E x = E{};
                if (has && r == r0) x = EIG_ONE;
                if (has && r > r0) {
                    x = EIG_A(r, k) * scale;
                    EIG_A(r, k) = x;
                }
                u[r] = x;
            }
            if (lane == 0) {
                d[k] = EIG_FN(ws_re)(EIG_A(k, k));
                e[k] = beta;
                EIG_A(r0, k) = tk; /* the subdiagonal entry is beta, in e */
            }
            __syncwarp();
            /* y = A22 u (the panel's first: with the pending update applied) */
            E y[COLS];
            EIG_UNROLL
            for (int c = 0; c < COLS; c++) y[c] = E{};
            const int fused = i == 0 && qw > 0;
            if constexpr (LOWER)
                EIG_FN(warp_sym_pass_lower)<COLS, NB, ROWS, SH, E>(lane, n, a, r0, kw, qw, vb, u, fused, y);
            else
                EIG_FN(warp_sym_pass_full)<COLS, NB, ROWS, SH, E>(lane, n, a, r0, kw, qw, vb, u, fused, y);
            /* within a panel: y -= V (W^H u) + W (V^H u) over rows r0.. (dlatrd) */
            if (i > 0) {
                E sw[NB], sv[NB];
                EIG_UNROLL
                for (int q = 0; q < NB; q++) {
                    sw[q] = E{}, sv[q] = E{};
                    if (q < i) {
                        EIG_UNROLL
                        for (int c = 0; c < COLS; c++) {
                            const int j = lane + 32 * c;
                            if (j >= r0 && j < n)
                                sw[q] += EIG_FN(ws_conj)(EIG_A(k0 + q, j)) * u[j],
                                    sv[q] += EIG_FN(ws_conj)(vb[q * n + j]) * u[j];
                        }
                        sw[q] = EIG_FN(ws_sum)(t, sw[q]);
                        sv[q] = EIG_FN(ws_sum)(t, sv[q]);
                    }
                }
                EIG_UNROLL
                for (int c = 0; c < COLS; c++) {
                    const int j = lane + 32 * c;
                    if (j >= r0 && j < n)
                        EIG_UNROLL
                        for (int q = 0; q < NB; q++)
                            if (q < i) y[c] -= vb[q * n + j] * sw[q] + EIG_A(k0 + q, j) * sv[q];
                }
            }
            /* p = tau y, w = p - (tau/2)(p^H u) u, into row k */
            E pu = E{};
            EIG_UNROLL
            for (int c = 0; c < COLS; c++) {
                const int j = lane + 32 * c;
                y[c] = tk * y[c];
                if (j >= r0 && j < n) pu += EIG_FN(ws_conj)(y[c]) * u[j];
            }
            pu = EIG_FN(ws_sum)(t, pu);
            const E gamma = tk * pu * (eig_real)0.5;
            EIG_UNROLL
            for (int c = 0; c < COLS; c++) {
                const int j = lane + 32 * c;
                if (j >= r0 && j < n) EIG_A(k, j) = y[c] - gamma * u[j];
            }
            __syncwarp(); /* the previous panel's V is read no more: the first u joins V */
            if (i == 0)
                for (int r = lane; r < n; r += 32) vb[r] = un[r];
            __syncwarp();
        }
        kw = k0, qw = nbk;
    }
    /* the last panel's update on the trailing 2 x 2 (complex: 1 x 1), then its entries */
    if (n >= 3 - ZC) {
        const int k = kt;
        if (lane < 5 - 2 * ZC) { /* real: (k, k), (k + 1, k), (k + 1, k + 1) */
            const int r = k + (lane > 0), c = k + (lane > 1);
            E x = EIG_A(r, c);
            for (int q = 0; q < qw; q++)
                x -= vb[q * n + r] * EIG_FN(ws_conj)(EIG_A(kw + q, c)) +
                     EIG_A(kw + q, r) * EIG_FN(ws_conj)(vb[q * n + c]);
            if (lane == 0) d[k] = EIG_FN(ws_re)(x);
            if (lane == 1) e[k] = EIG_FN(ws_re)(x);
            if (lane == 2) d[k + 1] = EIG_FN(ws_re)(x);
        }
    } else if (n == 1 && lane == 0) {
        d[0] = EIG_FN(ws_re)(EIG_A(0, 0));
    }
    __syncwarp();
#undef EIG_A
}
/* Phase 3: v <- Q = H_0 ... H_{n-3} (row-major) from the reflectors the
 * reduction left in a, blocks of four from the last: H_k0 ... H_k0+3 =
 * I - U T U^T (LAPACK's dlarft, forward: T upper triangular from tau and
 * U^T U), applied as V -= U (T (U^T V)) on rows and columns k0+1.. (the rest
 * of those rows is zero). ub: 4n reals of shared memory, U row by row. */
template <int COLS>
__device__ void EIG_FN(warp_sym_form_q)(int lane, int n, const eig_real *a, eig_real *v, eig_real *ub)
{
#define EIG_A(i, j) a[(eig_idx)(i) * n + (j)]
#define EIG_V(i, j) v[(eig_idx)(i) * n + (j)]
    const eig_team t = {lane, 32, 0xffffffffu, 0};
    for (int x = lane; x < n * n; x += 32) v[x] = x / n == x % n ? EIG_ONE : EIG_ZERO;
    for (int k1 = n - 3; k1 >= 0; k1 -= 4) {
        const int k0 = k1 >= 3 ? k1 - 3 : 0, r0 = k0 + 1;
        eig_real tau[4];
        EIG_UNROLL
        for (int q = 0; q < 4; q++) tau[q] = k0 + q <= k1 ? EIG_A(k0 + q + 1, k0 + q) : EIG_ZERO;
        /* U (u_k: 1 at row k + 1, zero above), its Gram matrix's upper part */
        eig_real g[6] = {0, 0, 0, 0, 0, 0};
        for (int i = r0 + lane; i < n; i += 32) {
            eig_real u[4];
            EIG_UNROLL
            for (int q = 0; q < 4; q++) {
                const int k = k0 + q;
                u[q] = tau[q] == 0 || i < k + 1 ? EIG_ZERO : i == k + 1 ? EIG_ONE : EIG_A(i, k);
                ub[4 * i + q] = u[q];
            }
            g[0] += u[0] * u[1], g[1] += u[0] * u[2], g[2] += u[0] * u[3];
            g[3] += u[1] * u[2], g[4] += u[1] * u[3], g[5] += u[2] * u[3];
        }
        EIG_UNROLL
        for (int q = 0; q < 6; q++) g[q] = EIG_FN(eig_team_reduce)(t, g[q], 0, 0);
        /* T: T[q][q] = tau_q, T[0:q, q] = -tau_q T[0:q, 0:q] (U^T u_q) */
        eig_real T[4][4] = {{0}};
        const eig_real G[4][4] = {{0, g[0], g[1], g[2]}, {0, 0, g[3], g[4]}, {0, 0, 0, g[5]}, {0, 0, 0, 0}};
        EIG_UNROLL
        for (int q = 0; q < 4; q++) {
            T[q][q] = tau[q];
            EIG_UNROLL
            for (int r = 0; r < q; r++) {
                eig_real s = 0;
                EIG_UNROLL
                for (int l = r; l < q; l++) s += T[r][l] * G[l][q];
                T[r][q] = -tau[q] * s;
            }
        }
        __syncwarp();
        /* W = U^T V on the lane's columns, then W <- T W, then V -= U W */
        eig_real W[4][COLS];
        EIG_UNROLL
        for (int c = 0; c < COLS; c++)
            EIG_UNROLL
            for (int q = 0; q < 4; q++) W[q][c] = EIG_ZERO;
        for (int i = r0; i < n; i++) {
            const eig_real u0 = ub[4 * i], u1 = ub[4 * i + 1], u2 = ub[4 * i + 2], u3 = ub[4 * i + 3];
            eig_real x[COLS];
            EIG_UNROLL
            for (int c = 0; c < COLS; c++) {
                const int j = lane + 32 * c;
                x[c] = j >= r0 && j < n ? EIG_V(i, j) : EIG_ZERO;
            }
            EIG_UNROLL
            for (int c = 0; c < COLS; c++)
                W[0][c] += u0 * x[c], W[1][c] += u1 * x[c], W[2][c] += u2 * x[c], W[3][c] += u3 * x[c];
        }
        EIG_UNROLL
        for (int c = 0; c < COLS; c++) {
            const eig_real w0 = W[0][c], w1 = W[1][c], w2 = W[2][c], w3 = W[3][c];
            W[0][c] = T[0][0] * w0 + T[0][1] * w1 + T[0][2] * w2 + T[0][3] * w3;
            W[1][c] = T[1][1] * w1 + T[1][2] * w2 + T[1][3] * w3;
            W[2][c] = T[2][2] * w2 + T[2][3] * w3;
            W[3][c] = T[3][3] * w3;
        }
        /* RG rows' loads before their stores (8 a lane in flight) */
        constexpr int RG = 8 / COLS > 1 ? 8 / COLS : 1;
        int i = r0;
        for (; i + RG <= n; i += RG) {
            eig_real x[RG][COLS];
            EIG_UNROLL
            for (int g = 0; g < RG; g++)
                EIG_UNROLL
                for (int c = 0; c < COLS; c++) {
                    const int j = lane + 32 * c;
                    x[g][c] = j >= r0 && j < n ? EIG_V(i + g, j) : EIG_ZERO;
                }
            EIG_UNROLL
            for (int g = 0; g < RG; g++) {
                const eig_real u0 = ub[4 * (i + g)], u1 = ub[4 * (i + g) + 1], u2 = ub[4 * (i + g) + 2],
                               u3 = ub[4 * (i + g) + 3];
                EIG_UNROLL
                for (int c = 0; c < COLS; c++) {
                    const int j = lane + 32 * c;
                    if (j >= r0 && j < n)
                        EIG_V(i + g, j) = x[g][c] - (u0 * W[0][c] + u1 * W[1][c] + u2 * W[2][c] + u3 * W[3][c]);
                }
            }
        }
        for (; i < n; i++) {
            const eig_real u0 = ub[4 * i], u1 = ub[4 * i + 1], u2 = ub[4 * i + 2], u3 = ub[4 * i + 3];
            EIG_UNROLL
            for (int c = 0; c < COLS; c++) {
                const int j = lane + 32 * c;
                if (j >= r0 && j < n)
                    EIG_V(i, j) -= u0 * W[0][c] + u1 * W[1][c] + u2 * W[2][c] + u3 * W[3][c];
            }
        }
        __syncwarp(); /* ub serves the next block */
    }
    __syncwarp();
#undef EIG_A
#undef EIG_V
}

/* The back-transformation on FP64 tensor cores (double, real, sm_80 and
 * later; warp_sym_back_transform takes it there): blocks of NB = 16
 * reflectors (32 in the kernel apart) instead of the lane path's 8, so V
 * is streamed half as often or less (each block reads V twice and writes
 * it once), every product an mma.m8n8k4 (eig_dc_dmma) instead of a lane's
 * multiply-adds, which could not hold 16 reflectors' sums without
 * spilling. A block H_k0 ... H_k0+NB-1 = I - U T U^T:
 *   G = U^T U (upper tiles), T from G and tau as dlarft (forward), lane r
 *     making row r of T on its own (T[r][q] = -tau_q sum_l T[r][l] G[l][q]);
 *   then for each 32 columns of V: W^T = V^T U (columns x reflectors),
 *     W'^T = W^T T^T, V -= U W'.
 * A tile's products come out with a lane holding row g = lane / 4, columns
 * 2t, 2t + 1 (t = lane % 4); the next product wants row g, column t and
 * 4 + t of the same tile: four shuffles within the lane's quad
 * (warp_sym_bt_op). Full FP64 products and sums, in another order than
 * the lane path's. tb: EIG_WARP_SYM_BT_SMEM_REALS(1, NB) shared reals (G,
 * then T over it, the taus). g0, gs: the warp's chunks of
 * EIG_WARP_SYM_BT_MMA_CW columns, as the lane path's column groups (any
 * count covers every column once). */
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800 && EIG_IS_DOUBLE && EIG_WARP_SYM_BT_MMA
#define EIG_WARP_SYM_BT_ON_TENSOR_CORES 1
/* the lane's operand values of an 8 x 8 tile's two k-steps from its
 * product values c0, c1 (row g, columns 2t, 2t + 1): row g, columns t and
 * 4 + t */
__device__ __forceinline__ void EIG_FN(warp_sym_bt_op)(int lane, double c0, double c1, double &o0, double &o1)
{
    const int s = (lane & ~3) + ((lane & 3) >> 1), odd = lane & 1;
    const double a0 = __shfl_sync(0xffffffffu, c0, s), a1 = __shfl_sync(0xffffffffu, c1, s);
    const double b0 = __shfl_sync(0xffffffffu, c0, s + 2), b1 = __shfl_sync(0xffffffffu, c1, s + 2);
    o0 = odd ? a1 : a0;
    o1 = odd ? b1 : b0;
}
/* U's entry (r, q) of the block from k0: 1 at row k0 + q + 1, A's entry
 * below it, zero above, past n and for an absent or identity reflector */
__device__ __forceinline__ double EIG_FN(warp_sym_bt_u)(const double *a, int n, int k0, int r, int q, int present)
{
    const int kq = k0 + q;
    return !present || r <= kq || r >= n ? 0.0 : r == kq + 1 ? 1.0 : a[(eig_idx)r * n + kq];
}
template <int NB>
__device__ void EIG_FN(warp_sym_bt_mma)(int lane, int n, const double *a, double *v, double *tb, int g0, int gs)
{
    constexpr int QT = NB / 8, KT = NB / 4; /* 8-reflector tiles, 4-reflector k-steps */
    constexpr int CW = EIG_WARP_SYM_BT_MMA_CW, CT = CW / 8, S2 = 4, S3 = 2; /* CT: 8-column tiles a chunk */
    static_assert(NB % 8 == 0 && NB <= 32, "whole 8-reflector tiles, a lane a row of T");
    const int g = lane >> 2, t = lane & 3;
    double *G = tb, *tau = tb + NB * NB; /* G, then T in its place */
#define EIG_V(i, j) v[(eig_idx)(i) * n + (j)]
    for (int k1 = n - 3; k1 >= 0; k1 -= NB) {
        const int k0 = k1 >= NB - 1 ? k1 - (NB - 1) : 0, r0 = k0 + 1;
        if (lane < NB) tau[lane] = k0 + lane <= k1 ? a[(eig_idx)(k0 + lane + 1) * n + k0 + lane] : 0.0;
        __syncwarp();
        int pg[QT], pt[KT]; /* reflectors g + 8 f and 4 kt + t present */
        EIG_UNROLL
        for (int f = 0; f < QT; f++) pg[f] = tau[g + 8 * f] != 0.0;
        EIG_UNROLL
        for (int kt = 0; kt < KT; kt++) pt[kt] = tau[4 * kt + t] != 0.0;
        /* G = U^T U: the tiles on and above the diagonal */
        double gc[QT][QT][2] = {};
        for (int i = r0; i < n; i += 4 * S2) {
            double x[S2][QT];
            EIG_UNROLL
            for (int s = 0; s < S2; s++)
                EIG_UNROLL
                for (int f = 0; f < QT; f++) x[s][f] = EIG_FN(warp_sym_bt_u)(a, n, k0, i + 4 * s + t, g + 8 * f, pg[f]);
            EIG_UNROLL
            for (int s = 0; s < S2; s++)
                EIG_UNROLL
                for (int fi = 0; fi < QT; fi++)
                    EIG_UNROLL
                    for (int fj = fi; fj < QT; fj++) eig_dc_dmma(gc[fi][fj][0], gc[fi][fj][1], x[s][fi], x[s][fj]);
        }
        EIG_UNROLL
        for (int fi = 0; fi < QT; fi++)
            EIG_UNROLL
            for (int fj = fi; fj < QT; fj++)
                EIG_UNROLL
                for (int h = 0; h < 2; h++) G[(8 * fi + g) * NB + 8 * fj + 2 * t + h] = gc[fi][fj][h];
        __syncwarp();
        { /* row lane of T, from G; then T over G */
            double tr[NB];
            EIG_UNROLL
            for (int q = 0; q < NB; q++) {
                double s = 0.0;
                EIG_UNROLL
                for (int l = 0; l < q; l++) s += tr[l] * G[l * NB + q];
                tr[q] = q < lane ? 0.0 : q == lane ? tau[q] : -tau[q] * s;
            }
            __syncwarp();
            if (lane < NB)
                EIG_UNROLL
                for (int q = 0; q < NB; q++) G[lane * NB + q] = tr[q];
        }
        __syncwarp();
        for (int c0 = CW * g0; c0 < n; c0 += CW * gs) {
            /* W^T = V^T U: rows j (columns of V), columns q */
            double w[CT][QT][2] = {};
            for (int i = r0; i < n; i += 4 * S2) {
                double xv[S2][CT], xu[S2][QT];
                EIG_UNROLL
                for (int s = 0; s < S2; s++) {
                    const int r = i + 4 * s + t;
                    EIG_UNROLL
                    for (int ct = 0; ct < CT; ct++) {
                        const int j = c0 + 8 * ct + g;
                        xv[s][ct] = r < n && j < n ? EIG_V(r, j) : 0.0;
                    }
                    EIG_UNROLL
                    for (int f = 0; f < QT; f++) xu[s][f] = EIG_FN(warp_sym_bt_u)(a, n, k0, r, g + 8 * f, pg[f]);
                }
                EIG_UNROLL
                for (int s = 0; s < S2; s++)
                    EIG_UNROLL
                    for (int ct = 0; ct < CT; ct++)
                        EIG_UNROLL
                        for (int f = 0; f < QT; f++) eig_dc_dmma(w[ct][f][0], w[ct][f][1], xv[s][ct], xu[s][f]);
            }
            /* W'^T = W^T T^T (T^T's entries T[8 f + g][4 kt + t]), then as
             * the second operand of V -= U W' */
            double wb[CT][KT];
            EIG_UNROLL
            for (int ct = 0; ct < CT; ct++) {
                double wa[KT], w2[QT][2] = {};
                EIG_UNROLL
                for (int f = 0; f < QT; f++)
                    EIG_FN(warp_sym_bt_op)(lane, w[ct][f][0], w[ct][f][1], wa[2 * f], wa[2 * f + 1]);
                EIG_UNROLL
                for (int f = 0; f < QT; f++)
                    EIG_UNROLL
                    for (int kt = 0; kt < KT; kt++)
                        eig_dc_dmma(w2[f][0], w2[f][1], wa[kt], G[(8 * f + g) * NB + 4 * kt + t]);
                EIG_UNROLL
                for (int f = 0; f < QT; f++)
                    EIG_FN(warp_sym_bt_op)(lane, w2[f][0], w2[f][1], wb[ct][2 * f], wb[ct][2 * f + 1]);
            }
            /* V -= U W': rows i0 + g, columns 2t, 2t + 1 of each tile */
#define EIG_BT_EACH_C(stmt)                                                                                           \
    EIG_UNROLL                                                                                                        \
    for (int s = 0; s < S3; s++)                                                                                      \
        EIG_UNROLL                                                                                                    \
        for (int ct = 0; ct < CT; ct++)                                                                               \
            EIG_UNROLL                                                                                                \
            for (int h = 0; h < 2; h++) {                                                                             \
                const int r = i0 + 8 * s + g, j = c0 + 8 * ct + 2 * t + h;                                           \
                stmt;                                                                                                 \
            }
            for (int i0 = r0; i0 < n; i0 += 8 * S3) {
                double xc[S3][CT][2], xu[S3][KT];
                EIG_BT_EACH_C(xc[s][ct][h] = r < n && j < n ? EIG_V(r, j) : 0.0);
                EIG_UNROLL
                for (int s = 0; s < S3; s++)
                    EIG_UNROLL
                    for (int kt = 0; kt < KT; kt++)
                        xu[s][kt] = -EIG_FN(warp_sym_bt_u)(a, n, k0, i0 + 8 * s + g, 4 * kt + t, pt[kt]);
                EIG_UNROLL
                for (int s = 0; s < S3; s++)
                    EIG_UNROLL
                    for (int ct = 0; ct < CT; ct++)
                        EIG_UNROLL
                        for (int kt = 0; kt < KT; kt++) eig_dc_dmma(xc[s][ct][0], xc[s][ct][1], xu[s][kt], wb[ct][kt]);
                EIG_BT_EACH_C(if (r < n && j < n) EIG_V(r, j) = xc[s][ct][h]);
            }
#undef EIG_BT_EACH_C
        }
        __syncwarp(); /* tb serves the next block */
    }
#undef EIG_V
}
#endif

/* The back-transformation v <- Q v = H_0 ... H_{kt-1} v (double real on
 * sm_80 and later: warp_sym_bt_mma, in blocks of BNB; below, the lane
 * path) (row-major, the
 * lanes' column groups below; kt = n - 2 reflectors, complex n - 1) from the reflectors the
 * reduction left in a: blocks of EIG_WARP_SYM_BT_NB from the last,
 * H_k0 ... H_k0+nb-1 = I - U T U^H (dlarft / zlarft, forward),
 * V -= U (T (U^H V)). Against form_q's blocks of four,
 * twice the reflectors a pass over V (each pass reads V twice and writes it
 * once): U is not staged (it would not fit the warp's shared memory) but
 * read from a where it lies, a row's nb entries side by side (one
 * broadcast line for the warp); a lane works on EIG_WARP_SYM_BT_CH of its
 * columns at a time, complex half as many (W: nb x CH registers): the
 * lane's column groups g0, g0 + gs, ... of CH columns (every one: 0, 1;
 * one of warp_sym_bt_groups: g, its count). tb: nb^2 elements of shared
 * memory (T). E: eig_real or wcx. SH 1 (registers spare: the twins, the
 * kernel apart): V -= U W two rows at a time, U's rows by shuffles (as
 * warp_sym_chunk_row). */
template <int COLS, typename E, int SH = 0, int BNB = EIG_WARP_SYM_BT_MMA_NB>
__device__ void EIG_FN(warp_sym_back_transform)(int lane, int n, const E *a, E *v, E *tb, int g0, int gs)
{
    constexpr int ZC = (int)(sizeof(E) / sizeof(eig_real));
    constexpr int NB = EIG_WARP_SYM_BT_NB, CW = EIG_WARP_SYM_BT_CH / ZC, CH = COLS < CW ? COLS : CW;
#ifdef EIG_WARP_SYM_BT_ON_TENSOR_CORES
    if constexpr (ZC == 1) {
        EIG_FN(warp_sym_bt_mma)<BNB>(lane, n, (const double *)a, (double *)v, (double *)tb, g0, gs);
        return;
    }
#endif
    const eig_team t = {lane, 32, 0xffffffffu, 0};
#define EIG_A(i, j) a[(eig_idx)(i) * n + (j)]
#define EIG_V(i, j) v[(eig_idx)(i) * n + (j)]
    for (int k1 = n - 4 + ZC; k1 >= 0; k1 -= NB) {
        const int k0 = k1 >= NB - 1 ? k1 - (NB - 1) : 0, r0 = k0 + 1;
        E tau[NB];
        EIG_UNROLL
        for (int q = 0; q < NB; q++) tau[q] = k0 + q <= k1 ? EIG_A(k0 + q + 1, k0 + q) : E{};
        /* u_q(i): 1 at row k0 + q + 1, A's entry below it, zero above and
         * for a reflector that is the identity (tau 0) */
#define EIG_BT_U(u, i)                                                                                                \
    do {                                                                                                              \
        EIG_UNROLL                                                                                                    \
        for (int q = 0; q < NB; q++) {                                                                                \
            const int kq = k0 + q;                                                                                    \
            u[q] = !EIG_FN(ws_nz)(tau[q]) || (i) < kq + 1 ? E{} : (i) == kq + 1 ? E(EIG_ONE) : EIG_A(i, kq);          \
        }                                                                                                             \
    } while (0)
        /* the Gram matrix U^H U (upper part), lanes over rows */
        E g[NB][NB];
        EIG_UNROLL
        for (int p = 0; p < NB; p++)
            EIG_UNROLL
            for (int q = 0; q < NB; q++) g[p][q] = E{};
        for (int i = r0 + lane; i < n; i += 32) {
            E u[NB];
            EIG_BT_U(u, i);
            EIG_UNROLL
            for (int p = 0; p < NB; p++)
                EIG_UNROLL
                for (int q = p + 1; q < NB; q++) g[p][q] += EIG_FN(ws_conj)(u[p]) * u[q];
        }
        EIG_UNROLL
        for (int p = 0; p < NB; p++)
            EIG_UNROLL
            for (int q = p + 1; q < NB; q++) g[p][q] = EIG_FN(ws_sum)(t, g[p][q]);
        /* T: T[q][q] = tau_q, T[0:q, q] = -tau_q T[0:q, 0:q] (U^H u_q); lane 0 into tb */
        if (lane == 0) {
            EIG_UNROLL
            for (int q = 0; q < NB; q++) {
                EIG_UNROLL
                for (int r = 0; r < NB; r++) tb[r * NB + q] = r == q ? tau[q] : E{};
                EIG_UNROLL
                for (int r = 0; r < q; r++) {
                    E s = E{};
                    EIG_UNROLL
                    for (int l = r; l < q; l++) s += tb[r * NB + l] * g[l][q];
                    tb[r * NB + q] = -tau[q] * s;
                }
            }
        }
        __syncwarp();
        for (int cb = g0 * CH; cb < COLS; cb += gs * CH) {
            if (32 * cb >= n) break; /* uniform: no column of the lanes' group in range */
            /* W = U^H V on CH of the lane's columns, W <- T W, V -= U W */
            E W[NB][CH];
            EIG_UNROLL
            for (int q = 0; q < NB; q++)
                EIG_UNROLL
                for (int c = 0; c < CH; c++) W[q][c] = E{};
            for (int i = r0; i < n; i++) {
                E u[NB], x[CH];
                EIG_BT_U(u, i);
                EIG_UNROLL
                for (int c = 0; c < CH; c++) {
                    const int j = lane + 32 * (cb + c);
                    x[c] = j < n ? EIG_V(i, j) : E{};
                }
                EIG_UNROLL
                for (int q = 0; q < NB; q++)
                    EIG_UNROLL
                    for (int c = 0; c < CH; c++) W[q][c] += EIG_FN(ws_conj)(u[q]) * x[c];
            }
            EIG_UNROLL
            for (int c = 0; c < CH; c++) {
                E w[NB];
                EIG_UNROLL
                for (int q = 0; q < NB; q++) w[q] = W[q][c];
                EIG_UNROLL
                for (int q = 0; q < NB; q++) {
                    E s = E{};
                    EIG_UNROLL
                    for (int l = q; l < NB; l++) s += tb[q * NB + l] * w[l];
                    W[q][c] = s;
                }
            }
            if constexpr (!SH) {
                for (int i = r0; i < n; i++) {
                    E u[NB];
                    EIG_BT_U(u, i);
                    EIG_UNROLL
                    for (int c = 0; c < CH; c++) {
                        const int j = lane + 32 * (cb + c);
                        if (j < n) {
                            E s = E{};
                            EIG_UNROLL
                            for (int q = 0; q < NB; q++) s += u[q] * W[q][c];
                            EIG_V(i, j) -= s;
                        }
                    }
                }
            } else {
                /* two rows at a time, their loads before their stores; U's
                 * rows by shuffles from a lane's row of each 32-row chunk
                 * (as warp_sym_chunk_row: read a row at a time, they came
                 * after the previous row's stores, a round trip a row) */
                E uc[NB];
                for (int i = r0; i < n; i += 2) {
                    if (((i - r0) & 31) == 0) { /* uniform; a lane past the last row reads it (its copy is not used) */
                        const int il = i + lane < n ? i + lane : n - 1;
                        EIG_BT_U(uc, il);
                    }
                    E x[2][CH];
                    EIG_UNROLL
                    for (int h = 0; h < 2; h++)
                        EIG_UNROLL
                        for (int c = 0; c < CH; c++) {
                            const int j = lane + 32 * (cb + c);
                            x[h][c] = j < n && i + h < n ? EIG_V(i + h, j) : E{};
                        }
                    EIG_UNROLL
                    for (int h = 0; h < 2; h++) {
                        if (i + h >= n) break; /* uniform */
                        E s[CH];
                        EIG_UNROLL
                        for (int c = 0; c < CH; c++) s[c] = E{};
                        EIG_UNROLL
                        for (int q = 0; q < NB; q++) {
                            const E uq = EIG_FN(ws_shfl)(uc[q], (i + h - r0) & 31);
                            EIG_UNROLL
                            for (int c = 0; c < CH; c++) s[c] += uq * W[q][c];
                        }
                        EIG_UNROLL
                        for (int c = 0; c < CH; c++) {
                            const int j = lane + 32 * (cb + c);
                            if (j < n) EIG_V(i + h, j) = x[h][c] - s[c];
                        }
                    }
                }
            }
        }
        __syncwarp(); /* tb serves the next block */
#undef EIG_BT_U
    }
    __syncwarp();
#undef EIG_A
#undef EIG_V
}
#undef EIG_WARP_SYM_BT_ON_TENSOR_CORES /* the next precision decides afresh */

/* EIG_WARP_SYM_PROFILE=1 (diagnostics): lane 0's clock64() between phases,
 * summed over the batch: prepare + reduce, form Q + transpose (values
 * only: nothing), QL or bisection, write-out; then matrices and QL sweeps
 * (bisection: steps). */
__device__ unsigned long long EIG_FN(warp_sym_prof)[6 + EIG_DC_CLOCKS];

/* Kernel flags: phase clocks into warp_sym_prof; values only by the
 * one-lane QL instead of the warp's bisection (diagnostics, for comparing);
 * with vectors, divide and conquer and the back-transformation instead of
 * forming Q and the QL iteration (warp_sym_dc); the back-transformation
 * left to warp_sym_bt_kernel (warp_sym_bt_apart). */
#define EIG_WARP_SYM_PROF 1
#define EIG_WARP_SYM_VALUES_QL 2
#define EIG_WARP_SYM_DC 4
#define EIG_WARP_SYM_BT_APART 8
#define EIG_WARP_SYM_DC_GLOBAL 16 /* divide and conquer's small vectors in global memory (EIG_WARP_SYM_DC_SMEM=0) */
/* With vectors, the kernel in two launches (warp_sym_split): part 1 the
 * prepare and the reduction (warp_sym_part1_kernel, or sym_reduce_block_kernel
 * with the matrix in shared memory), leaving d, e and the
 * scale in the matrix's vectors slot (free until part 2 writes V) and the
 * status; part 2, this flag, the rest, from there. */
#define EIG_WARP_SYM_PART2 64

/* With vectors by divide and conquer (EIG_WARP_SYM_DC; Hermitian always),
 * after the reduction: the tridiagonal's eigenvectors Z by
 * eig_tridiag_dc_team (the warp as its team: leaves by the warp's QL, the
 * secular roots a lane each, Q U in register tiles), written column-major
 * (its merges' stores then coalesce) into v and transposed in place to
 * row-major (real), or into the workspace's first n^2 reals and copied
 * into v as complex with imaginary part 0 (Hermitian: T is real), and
 * v <- Q Z by the reflectors' compact-WY blocks (warp_sym_back_transform).
 * Against forming Q and the QL on Z: no rotation chain in one lane, and
 * about 5/3 n^3 multiply-adds instead of 2/3 n^3 + the QL's ~3 n^3. dcw:
 * this matrix's global workspace, warp_sym_global_reals; ub: shared
 * memory (ubr reals: the reduction's buffer, idle until the
 * back-transformation's T) for divide and conquer's small vectors that
 * fit (eig_dc_layout: the hottest first; growing the buffer to take more
 * shrank L1 and lost: see docs/performance.md, "Divide and conquer's
 * small vectors in shared memory"); *c2: the clock between the two
 * (profile); bt 0: v <- Q Z is left to warp_sym_bt_kernel. */
template <int COLS, typename E, int SH = 0>
__device__ int EIG_FN(warp_sym_dc_vectors)(int lane, int n, const eig_solve_params &p, const E *a, eig_real *d,
                                           eig_real *e, E *v, eig_real *ub, eig_idx ubr, eig_real *dcw, int leaf,
                                           int *it, long long *c2, int bt)
{
    const eig_team t = {lane, 32, 0xffffffffu, 0};
    constexpr int ZC = (int)(sizeof(E) / sizeof(eig_real));
    eig_real *z = ZC == 1 ? (eig_real *)v : dcw;
    const int st = EIG_FN(eig_tridiag_dc_team)(t, n, d, 1, e, 1, z, 1, n, ZC == 1 ? dcw : dcw + (eig_idx)n * n, ub,
                                               ubr, leaf, 1, p.max_iter_factor, it);
    if (st != EIG_STATUS_OK) return st;
    if constexpr (ZC == 1) {
        /* a row's swaps loaded before any is stored (one at a time, each
         * waited for the previous one's stores) */
        for (int i = 0; i < n; i++) {
            eig_real up[COLS], lo[COLS];
            EIG_UNROLL
            for (int c = 0; c < COLS; c++) {
                const int j = i + 1 + lane + 32 * c;
                up[c] = j < n ? v[(eig_idx)i * n + j] : EIG_ZERO, lo[c] = j < n ? v[(eig_idx)j * n + i] : EIG_ZERO;
            }
            EIG_UNROLL
            for (int c = 0; c < COLS; c++) {
                const int j = i + 1 + lane + 32 * c;
                if (j < n) v[(eig_idx)i * n + j] = lo[c], v[(eig_idx)j * n + i] = up[c];
            }
        }
    } else {
        for (int j = 0; j < n; j++)
            for (int i = lane; i < n; i += 32) v[(eig_idx)i * n + j] = E(z[(eig_idx)j * n + i]);
    }
    __syncwarp();
    *c2 = clock64();
    if (bt) EIG_FN(warp_sym_back_transform)<COLS, E, SH>(lane, n, a, v, (E *)ub, 0, 1);
    return st;
}

/* in: matrix-wise input (destroyed: A, then Z); values, vectors:
 * matrix-wise outputs (VEC 0: values only, vectors unused); COLS: columns
 * a lane owns (n <= 32 COLS); NB: reflectors a panel of the reduction; ZC:
 * 1 symmetric, 2 Hermitian (with vectors; divide and conquer always);
 * flags: EIG_WARP_SYM_PROF, EIG_WARP_SYM_VALUES_QL, EIG_WARP_SYM_DC (then
 * dc: dcs reals of workspace a matrix, leaf: its leaf size, 0 default),
 * EIG_WARP_SYM_BT_APART. */
template <int VEC, int COLS, int NB, int ROWS, int ZC, int BAND, int MINB>
__global__ void __launch_bounds__(32 * EIG_WARP_SYM_WARPS, MINB)
    EIG_FN(warp_sym_kernel)(eig_solve_params p, int n, eig_idx count, eig_real *in, eig_real *values,
                            eig_real *vectors, int8_t *status, int32_t *iterations, int flags, eig_real *dc,
                            eig_idx dcs, int leaf)
{
    typedef typename EIG_FN(ws_el)<ZC>::type E;
    constexpr int SH = MINB < EIG_WARP_SYM_MIN_BLOCKS; /* registers to spare: rows by shuffles */
    extern __shared__ unsigned char eig_smem_raw[];
    int lane, warp;
    const eig_idx m = warp_sym_matrix(lane, warp);
    if (m >= count) return; /* the whole warp leaves together */
    const eig_team t = {lane, 32, 0xffffffffu, 0};
    const eig_idx nn = (eig_idx)n * n * ZC;
    eig_real *d = (eig_real *)eig_smem_raw + (eig_idx)warp * EIG_FN(warp_sym_smem_reals_nb)(n, VEC, NB, ZC, BAND),
             *e = d + n, *buf = e + n;
    E *a = (E *)(in + m * nn), *v = VEC ? (E *)(vectors + m * nn) : 0, *eb = (E *)buf;
    eig_real *val = values + m * n;
    long long c0 = clock64(), c1 = c0, c2 = c0, c3 = c0;
    eig_real sigma = EIG_ONE;
    int it = 0, st;
    if (VEC && (flags & EIG_WARP_SYM_PART2)) { /* part 1 (warp_sym_part1_kernel) left d, e, sigma in V's slot */
        const eig_real *handoff = (const eig_real *)v;
        st = status[m];
        if (st == EIG_STATUS_OK) {
            for (int k = lane; k < n; k += 32) d[k] = handoff[k], e[k] = handoff[n + k];
            sigma = handoff[2 * n];
        }
        __syncwarp();
    } else {
        st = EIG_FN(eig_dense_prepare_team)(t, n, in + m * nn, 1, ZC, &sigma, 0);
    }
    if (!VEC) {
        if constexpr (BAND && ZC == 1) { /* the two stages; the chase's clock in the form-Q slot */
            constexpr int BN = EIG_WARP_SYM_BAND_NB;
            if (st == EIG_STATUS_OK)
                EIG_FN(warp_sym_band_reduce)<COLS, BN, BAND == 2>(lane, n, (eig_real *)a, buf, buf + BN * n);
            c1 = clock64();
            if (st == EIG_STATUS_OK) EIG_FN(warp_sym_band_chase)<BN>(lane, n, (const eig_real *)a, d); /* d, e, buf */
            c2 = clock64();
        } else {
            if (st == EIG_STATUS_OK) EIG_FN(warp_sym_reduce)<COLS, NB, ROWS, E>(lane, n, a, d, e, eb, eb + NB * n);
            c1 = c2 = clock64();
        }
        if (flags & EIG_WARP_SYM_VALUES_QL) {
            /* the CPU's values-only QL on one lane; any failure (the
             * prepare's included) leaves every value NaN */
            if (lane == 0)
                st = EIG_FN(eig_tridiag_ql_values_finish)(n, st, sigma, d, 1, e, 1, 1, p.max_iter_factor, &it);
        } else {
            st = EIG_FN(eig_tridiag_bisect_all_team)(t, n, st, sigma, d, e, buf, 0, &it); /* buf: 4n */
        }
        c3 = clock64();
        __syncwarp();
        for (int k = lane; k < n; k += 32) val[k] = d[k];
    } else if (st == EIG_STATUS_OK) {
        if (!(flags & EIG_WARP_SYM_PART2))
            EIG_FN(warp_sym_reduce)<COLS, NB, ROWS, E, SH>(lane, n, a, d, e, eb, eb + NB * n);
        c1 = clock64();
        if (ZC == 2 || (flags & EIG_WARP_SYM_DC)) {
            const eig_idx bufr = flags & EIG_WARP_SYM_DC_GLOBAL
                                     ? 0
                                     : (eig_idx)EIG_FN(warp_sym_smem_reals_nb)(n, VEC, NB, ZC, BAND) - 2 * (eig_idx)n;
            st = EIG_FN(warp_sym_dc_vectors)<COLS, E, SH>(lane, n, p, a, d, e, v, buf, bufr, dc + m * dcs, leaf, &it,
                                                      &c2, !(flags & EIG_WARP_SYM_BT_APART));
            c3 = clock64();
        } else if constexpr (ZC == 1) {
            EIG_FN(warp_sym_form_q)<COLS>(lane, n, a, v, buf);
            /* Z = V column-major in A's slot (the reflectors are spent) */
            for (int i = 0; i < n; i++)
                for (int j = lane; j < n; j += 32) a[(eig_idx)j * n + i] = v[(eig_idx)i * n + j];
            __syncwarp();
            c2 = clock64();
            st = EIG_FN(eig_tridiag_ql_grouped_team)(t, n, d, 1, e, 1, a, 1, n, 0, 1, buf, 1,
                                                      EIG_FN(warp_sym_group)(n), p.max_iter_factor, &it);
            c3 = clock64();
        }
    }
    __syncwarp();
    if (VEC && st == EIG_STATUS_OK && EIG_FN(eig_unscale_overflows)(n, d, 1, sigma)) st = EIG_STATUS_INVALID_INPUT;
    if (!VEC) {
        /* written above */
    } else if (st != EIG_STATUS_OK) {
        EIG_FN(warp_fail)(n, lane, val, (eig_real *)v, ZC);
    } else {
        for (int k = lane; k < n; k += 32) val[k] = d[k] / sigma;
        if constexpr (ZC == 1)
            if (!(flags & EIG_WARP_SYM_DC)) /* D&C left V in place */
                for (int i = 0; i < n; i++)
                    for (int j = lane; j < n; j += 32) v[(eig_idx)i * n + j] = a[(eig_idx)j * n + i];
    }
    if (lane == 0) {
        status[m] = (int8_t)st, iterations[m] = it;
        if (flags & EIG_WARP_SYM_PROF) {
            const long long c4 = clock64();
            atomicAdd(&EIG_FN(warp_sym_prof)[0], (unsigned long long)(c1 - c0));
            atomicAdd(&EIG_FN(warp_sym_prof)[1], (unsigned long long)(c2 - c1));
            atomicAdd(&EIG_FN(warp_sym_prof)[2], (unsigned long long)(c3 - c2));
            atomicAdd(&EIG_FN(warp_sym_prof)[3], (unsigned long long)(c4 - c3));
            atomicAdd(&EIG_FN(warp_sym_prof)[4], 1ull);
            atomicAdd(&EIG_FN(warp_sym_prof)[5], (unsigned long long)it);
            if (VEC && (flags & EIG_WARP_SYM_DC)) { /* divide and conquer's own phase clocks */
                const EIG_FN(eig_dc_ws) w =
                    EIG_FN(eig_dc_layout)(n, dc + m * dcs + (ZC == 2 ? (eig_idx)n * n : 0), 0, 0);
                for (int k = 0; k < EIG_DC_CLOCKS; k++)
                    atomicAdd(&EIG_FN(warp_sym_prof)[6 + k], (unsigned long long)w.clk[k]);
            }
        }
    }
}

#include "kernel_warp_sym_part1.cuh"
#include "kernel_sym_reduce_block.cuh"

/* __launch_bounds__ minimum blocks an SM of warp_sym_bt_kernel (below):
 * 3 (168 registers). Without a minimum the complex build took 255
 * registers (and still spilled), 2 blocks an SM, and a job's 4 column
 * groups a matrix ran in ~4 waves. H100, 2026-11-26
 * 23:50 UTC, device-resident, none / 3: Hermitian 1,000 x 256 128.0 /
 * 119.2-119.5 ms (XsyevBatched 122.2), 1,000 x 192 58.7-58.8 / 53.9
 * (73.2); symmetric 1,000 x 256 and 1,000 x 192 unchanged. */
#ifndef EIG_WARP_SYM_BT_MIN_BLOCKS
#define EIG_WARP_SYM_BT_MIN_BLOCKS 3
#endif
/* The back-transformation apart (EIG_WARP_SYM_BT_APART): a warp for each
 * column group of each matrix (warp_sym_bt_groups of them), after
 * warp_sym_kernel has left Z in v and the reflectors in a; matrices whose
 * status is not OK are skipped (their NaN is written). Here this phase
 * gets groups times the warps a matrix and its own registers; on tensor
 * cores it takes blocks of 32 reflectors, not 16, so its rounding differs
 * from the kernel's own (warp_sym_bt_apart decides by the whole job, so
 * a rank's share never changes it). */
template <int COLS, int ZC>
__global__ void __launch_bounds__(32 * EIG_WARP_SYM_WARPS, EIG_WARP_SYM_BT_MIN_BLOCKS)
    EIG_FN(warp_sym_bt_kernel)(int n, eig_idx count, int groups, const eig_real *in, eig_real *vectors,
                               const int8_t *status)
{
    typedef typename EIG_FN(ws_el)<ZC>::type E;
    __shared__ eig_real tb[EIG_WARP_SYM_WARPS][EIG_WARP_SYM_BT_SMEM_REALS(ZC, EIG_WARP_SYM_BT_APART_MMA_NB)];
    const int lane = (int)(threadIdx.x & 31u), warp = (int)(threadIdx.x >> 5);
    const eig_idx w = (eig_idx)blockIdx.x * EIG_WARP_SYM_WARPS + warp, m = w / groups;
    if (m >= count || status[m] != EIG_STATUS_OK) return; /* the whole warp leaves together */
    const eig_idx nn = (eig_idx)n * n * ZC;
    EIG_FN(warp_sym_back_transform)<COLS, E, 1, EIG_WARP_SYM_BT_APART_MMA_NB>(
        lane, n, (const E *)(in + m * nn), (E *)(vectors + m * nn), (E *)tb[warp], (int)(w % groups), groups);
}

/* Column groups of the back-transformation: its chunks of
 * EIG_WARP_SYM_BT_MMA_CW columns on tensor cores (double real; on a GPU
 * without them the lane path takes these groups too, some idle), else CH
 * columns a lane, as many as
 * reach n (COLS and CH as warp_sym_pick_cols and warp_sym_back_transform
 * choose them; another count would cost speed, not results: the groups
 * g, g + groups, ... cover every column once for any count). */
static int EIG_FN(warp_sym_bt_groups)(const eig_solve_params *p, int n)
{
    if (EIG_IS_DOUBLE && EIG_WARP_SYM_BT_MMA && EIG_FN(warp_sym_zc)(p) == 1)
        return (n + EIG_WARP_SYM_BT_MMA_CW - 1) / EIG_WARP_SYM_BT_MMA_CW;
    const int cols = n <= 64 ? 2 : n <= 128 ? 4 : 8, cw = EIG_WARP_SYM_BT_CH / EIG_FN(warp_sym_zc)(p);
    const int ch = cols < cw ? cols : cw;
    return (n + 32 * ch - 1) / (32 * ch);
}

/* The instance for (vectors, n, nb, zc): COLS from n; NB 4 unless
 * EIG_WARP_SYM_NB asks for 1 (unblocked, for comparing) or shared memory
 * is short (warp_sym_nb); Hermitian: with vectors, unblocked, the fused
 * pass's loads two rows at a time to n = 128, four above (H100, 2026-11-26
 * 09:20, 2 / 4 rows, ms: 10,000 x 64 28.36 / 30.77, 10,000 x 96 92.51 /
 * 93.75, 4,000 x 128 66.42 / 69.94, 2,000 x 192 100.79 / 99.35, 1,000 x
 * 256 146.49 / 143.23). */
typedef void (*EIG_FN(warp_sym_kernel_t))(eig_solve_params, int, eig_idx, eig_real *, eig_real *, eig_real *,
                                          int8_t *, int32_t *, int, eig_real *, eig_idx, int);
template <int VEC, int NB, int ROWS, int ZC, int ROWS8 = ROWS, int BAND = 0, /* ROWS8: ROWS at 8 columns a lane */
          int MINB = EIG_WARP_SYM_MIN_BLOCKS>
static EIG_FN(warp_sym_kernel_t) EIG_FN(warp_sym_pick_cols)(int n)
{
    return n <= 64    ? EIG_FN(warp_sym_kernel)<VEC, 2, NB, ROWS, ZC, BAND, MINB>
           : n <= 128 ? EIG_FN(warp_sym_kernel)<VEC, 4, NB, ROWS, ZC, BAND, MINB>
                      : EIG_FN(warp_sym_kernel)<VEC, 8, NB, ROWS8, ZC, BAND, MINB>;
}
/* With vectors, by the blocks an SM the job needs (warp_sym_min_blocks) */
template <int NB, int ROWS, int ZC, int ROWS8 = ROWS>
static EIG_FN(warp_sym_kernel_t) EIG_FN(warp_sym_pick_minb)(int n, int minb)
{
    return minb == 2   ? EIG_FN(warp_sym_pick_cols)<1, NB, ROWS, ZC, ROWS8, 0, 2>(n)
           : minb == 3 ? EIG_FN(warp_sym_pick_cols)<1, NB, ROWS, ZC, ROWS8, 0, 3>(n)
                       : EIG_FN(warp_sym_pick_cols)<1, NB, ROWS, ZC, ROWS8, 0>(n);
}
static EIG_FN(warp_sym_kernel_t) EIG_FN(warp_sym_pick)(const eig_solve_params *p, int n, int minb)
{
    const int zc = EIG_FN(warp_sym_zc)(p), nb = EIG_FN(warp_sym_nb)(n, zc);
    if (zc == 2) return EIG_FN(warp_sym_pick_minb)<1, 2, 2, 4>(n, minb);
    const int band = EIG_FN(warp_sym_band)(p, n);
    if (band == 2) return EIG_FN(warp_sym_pick_cols)<0, 4, EIG_WARP_SYM_ROWS, 1, EIG_WARP_SYM_ROWS, 2>(n);
    if (band == 1) return EIG_FN(warp_sym_pick_cols)<0, 4, EIG_WARP_SYM_ROWS, 1, EIG_WARP_SYM_ROWS, 1>(n);
    if (!p->vectors)
        return nb == 1 ? EIG_FN(warp_sym_pick_cols)<0, 1, EIG_WARP_SYM_ROWS, 1>(n)
                       : EIG_FN(warp_sym_pick_cols)<0, 4, EIG_WARP_SYM_ROWS, 1>(n);
    if (nb == 1) return EIG_FN(warp_sym_pick_cols)<1, 1, EIG_WARP_SYM_ROWS, 1>(n);
    return EIG_FN(warp_sym_pick_minb)<4, EIG_WARP_SYM_ROWS, 1>(n, minb);
}

/* Blocks an SM the kernel is built for (__launch_bounds__): 4 (128
 * registers a thread, 16 warps an SM), or twins with more registers and
 * no spills: 3 blocks (168 registers), 2 (255). Vectors only (values
 * take 4). By the job's matrices an SM, P: one wave of 2 blocks up to 8,
 * of 3 up to 12; in double up to 16 one wave of 4, or two of 2 above n =
 * 192 (there the registers win over the warps), and past 16 waves of 3
 * from n = 96 (4 below); in single 4 past 12 (its twins lost there).
 * EIG_WARP_SYM_MINB=2/3/4 forces it. The results do not depend on it (the
 * same code and arithmetic). H100, 2026-11-27 12:25-13:03 UTC,
 * device-resident, ms, 2 / 3 / 4 blocks, double with the
 * back-transformation apart where warp_sym_bt_apart takes it: symmetric
 * 1,000 x 256 46.6 / 49.1 / 62.9; 2,000 x 256 89.5 / 100.6 / 93.8;
 * 4,000 x 256 175.8 / 175.0 / 183.7; 2,000 x 192 43.3 / 48.1 / 41.6;
 * 4,000 x 192 84.8 / 83.9 / 81.7; 10,000 x 128 70.3 / 64.9 / 68.1;
 * 10,000 x 96 36.3 / 34.0 / -; 10,000 x 80 - / 24.1 / 23.6; Hermitian
 * 2,000 x 256 202.2 / 207.1 / 213.6 (4 in the kernel), 2,000 x 192 92.4
 * / 90.5 / 87.4, 2,000 x 128 33.4 / - / 29.9, 10,000 x 80 - / 55.2 /
 * 52.7; single (4: in the kernel) symmetric 2,000 x 256 72.9 / - / 66.7,
 * 10,000 x 128 - / 53.9 / 51.2, 4,000 x 192 - / 62.1 / 64.9, Hermitian
 * 4,000 x 128 - / 39.1 / 40.5. */
static int EIG_FN(warp_sym_min_blocks)(const eig_solve_params *p, int n, eig_idx job, int sms)
{
    if (!p->vectors) return EIG_WARP_SYM_MIN_BLOCKS;
    const char *s = getenv("EIG_WARP_SYM_MINB");
    if (s && *s) {
        const int v = atoi(s);
        return v == 2 || v == 3 ? v : EIG_WARP_SYM_MIN_BLOCKS;
    }
    const eig_idx per_sm = (job + sms - 1) / sms, w = EIG_WARP_SYM_WARPS;
    if (per_sm <= 2 * w) return 2;
    if (per_sm <= 3 * w) return 3;
    if (!EIG_IS_DOUBLE) return EIG_WARP_SYM_MIN_BLOCKS;
    if (per_sm <= 4 * w) return n > 192 ? 2 : EIG_WARP_SYM_MIN_BLOCKS;
    return n < 96 ? EIG_WARP_SYM_MIN_BLOCKS : 3;
}

/* Whether the back-transformation runs apart (warp_sym_bt_kernel, blocks
 * of EIG_WARP_SYM_BT_APART_MMA_NB reflectors, on tensor cores in double
 * real): with vectors by divide and conquer where Z has two column groups
 * or more (one group would get no more warps), in double always, in
 * single with the twins (warp_sym_min_blocks). H100, 2026-11-27
 * 12:25-13:03 UTC, device-resident, ms, in the kernel / apart: symmetric
 * 2,000 x 256 (2 blocks) 97.1 / 89.5, (4) 103.3 / 93.8; 4,000 x 192 (4)
 * 87.4 / 81.7; 10,000 x 128 (3) 69.5 / 64.9; Hermitian 2,000 x 256 (2)
 * 222.0 / 202.2, 2,000 x 128 (4) 31.2 / 29.9. EIG_WARP_SYM_BT_APART=0/1
 * forces it off/on there. */
static int EIG_FN(warp_sym_bt_apart)(const eig_solve_params *p, int n, int minb)
{
    if (!p->vectors || !warp_sym_dc(p, n) || EIG_FN(warp_sym_bt_groups)(p, n) < 2) return 0; /* no more warps */
    const char *s = getenv("EIG_WARP_SYM_BT_APART");
    if (s && *s) return atoi(s) != 0;
    return minb < EIG_WARP_SYM_MIN_BLOCKS || EIG_IS_DOUBLE;
}

/* With vectors: whether the kernel runs as two launches: part 1 the
 * prepare and the reduction (where sym_rb_wanted: n <= 154 real double,
 * 149 complex double, 160 single on the H100: sym_reduce_block_kernel, the
 * matrix in shared memory; else warp_sym_part1_kernel), part 2 the rest
 * (warp_sym_kernel with EIG_WARP_SYM_PART2), and the blocks an SM each
 * warp-per-matrix part is built for (warp_sym_min_blocks' twins: the same
 * arithmetic in every instance, so the same bits). Split wherever part 1
 * runs in shared memory (any job, either precision), and in double where
 * the job takes the kernel for 3 or 4 blocks an SM (more than 8 matrices
 * an SM, above n = 192 more than 16; the 2-block twin's jobs lost): apart,
 * the reduction, which streams the matrix through L2 and DRAM, gets
 * registers or warps of its own. Part 1 (in global memory) for 2 blocks
 * an SM up to symmetric n = 96, for 4 for Hermitian up to 160 (its
 * unblocked reduction: warps), else 3; part 2 for 3 (symmetric) or 2
 * (Hermitian). H100, 2026-11-27 23:31 and 23:55 UTC, device-resident, ms,
 * whole / split, part 1 in global memory (part 1, part 2 blocks an SM):
 * symmetric 10,000 x 128 64.0 / 62.0 (3, 3), x 96 33.2 / 30.6 (2, 3), x 80
 * 23.8 / 21.3 (2, 3), 4,000 x 192 81.3 / 77.9 (3, 3); Hermitian 10,000 x
 * 64 26.1 / 22.2 (4, 2), x 96 82.4 / 68.7 (4, 2), 4,000 x 128 58.7 / 56.1
 * (4, 2), x 160 112.5 / 105.1 (4, 2), 2,000 x 192 87.2 / 85.1 (3, 2); not
 * split: symmetric 2,000 x 256 85.7 / 85.2-95.5, Hermitian 1,000 x 256
 * 105.3 / 108.2-116.3 (docs/performance.md). Part 1 in shared memory:
 * sym_rb_wanted. EIG_WARP_SYM_SPLIT=0/1 forces it (n >= 3: the handoff's
 * 2 n + 1 reals fit the vectors slot), EIG_WARP_SYM_SPLIT_MINB and _MINB2
 * = 2/3/4 set part 1's (in global memory) and part 2's blocks an SM.
 * Part 2 in single precision, with part 1 in shared memory: 3 blocks
 * for Hermitian, 4 for symmetric n = 96-128. H100, 2026-11-28 05:43
 * and 05:46 UTC, `bench_gpu KIND N COUNT vectors resident reps=3 single`
 * with EIG_WARP_SYM_SPLIT_MINB2 = 2 / 3 / 4, ms: Hermitian 10,000 x 64
 * 13.93 / 12.95 / 13.49, x 96 41.82 / 37.25 / 40.94, 4,000 x 128 33.26 /
 * 29.60 / 32.56, 3,000 x 144 45.49 / 36.73 / 42.68; symmetric 10,000 x 64
 * 19.95 / 17.84 / 18.07, x 80 17.83 / 15.86 / 16.12, x 96 24.78 / 22.08 /
 * 21.23, x 112 36.98 / 31.22 / 30.91, x 128 47.79 / 41.24 / 39.20, 2,000
 * x 128 9.92 / 10.41 / 8.25, 6,000 x 144 51.56 / 42.69 / 43.66. Double
 * keeps 3 (symmetric) and 2 (Hermitian: 3 lost 10 % at 10,000 x 64, won
 * 1-3.5 % at 1,320-2,000 x 96-128; docs/performance.md). */
static int EIG_FN(warp_sym_split)(const eig_solve_params *p, int n, int minb)
{
    const int zc = EIG_FN(warp_sym_zc)(p);
    /* the instances part 1 has (EIG_WARP_SYM_NB=1, real: none, even forced) */
    if (!p->vectors || n < 3 || EIG_FN(warp_sym_nb)(n, zc) != (zc == 2 ? 1 : 4)) return 0;
    const char *s = getenv("EIG_WARP_SYM_SPLIT");
    if (s && *s) return atoi(s) != 0;
    return (EIG_IS_DOUBLE && minb >= 3) || EIG_FN(sym_rb_wanted)(p, n);
}
static int EIG_FN(warp_sym_split_minb)(const eig_solve_params *p, int n, int part)
{
    const char *s = getenv(part == 1 ? "EIG_WARP_SYM_SPLIT_MINB" : "EIG_WARP_SYM_SPLIT_MINB2");
    const int v = s && *s ? atoi(s) : 0;
    if (v >= 2 && v <= EIG_WARP_SYM_MIN_BLOCKS) return v;
    if (EIG_FN(warp_sym_zc)(p) == 2) return part == 2 ? (EIG_IS_DOUBLE ? 2 : 3) : n <= 160 ? 4 : 3;
    return part == 2 ? (!EIG_IS_DOUBLE && n >= 96 && n <= 128 ? 4 : 3) : n <= 96 ? 2 : 3;
}

/* Max dynamic shared memory of the instances a call launches (the kernel
 * for minb, or the split's two): the most any call may take
 * (warp_tridiag_smem_limit), not this call's smem, which would lower it
 * under a concurrent call's larger n that launches the same instance. */
static int EIG_FN(warp_sym_set_smem)(const eig_solve_params *p, int n, int minb, size_t smem)
{
    const int limit = (int)(smem > warp_tridiag_smem_limit() ? smem : warp_tridiag_smem_limit());
    GPU_CALL(cudaFuncSetAttribute(EIG_FN(warp_sym_pick)(p, n, minb), cudaFuncAttributeMaxDynamicSharedMemorySize,
                                  limit));
    if (EIG_FN(warp_sym_split)(p, n, minb)) { /* part 1 as warp_sym_launch picks it, then part 2 */
        if (EIG_FN(sym_rb_wanted)(p, n))
            GPU_CALL(cudaFuncSetAttribute(EIG_FN(sym_rb_pick)(p, n), cudaFuncAttributeMaxDynamicSharedMemorySize,
                                          (int)warp_tridiag_smem_limit()));
        else
            GPU_CALL(cudaFuncSetAttribute(EIG_FN(warp_sym_part1_pick)(p, n, EIG_FN(warp_sym_split_minb)(p, n, 1)),
                                          cudaFuncAttributeMaxDynamicSharedMemorySize, limit));
        GPU_CALL(cudaFuncSetAttribute(EIG_FN(warp_sym_pick)(p, n, EIG_FN(warp_sym_split_minb)(p, n, 2)),
                                      cudaFuncAttributeMaxDynamicSharedMemorySize, limit));
    }
    return 0;
}

/* Global reals a matrix of warp-sym needs beside its input and outputs:
 * divide and conquer's workspace when it runs (warp_sym_dc; Hermitian:
 * after the n^2 reals of the real Z). */
static eig_idx EIG_FN(warp_sym_global_reals)(const eig_solve_params *p, int n)
{
    if (!warp_sym_dc(p, n)) return 0;
    return (EIG_FN(warp_sym_zc)(p) == 2 ? (eig_idx)n * n : 0) + EIG_FN(eig_tridiag_dc_work)(n);
}

/* Launches warp-sym on one sub-chunk (work: warp_sym_global_reals a
 * matrix); EIG_WARP_SYM_PROFILE=1 adds the phase clocks and prints the
 * running per-matrix averages (synchronising); EIG_WARP_SYM_VALUES_QL=1:
 * values only by the one-lane QL; EIG_WARP_SYM_NB=1 (warp_sym_nb): the
 * unblocked reduction, for comparing; EIG_TRIDIAG_DC_LEAF: the leaf size of
 * divide and conquer (2..32; EIG_WARP_SYM_DC_LEAF by default);
 * EIG_WARP_SYM_DC_SMEM=0: its small vectors in global memory, for
 * comparing. */
static void EIG_FN(warp_sym_launch)(const eig_solve_params *p, int n, eig_idx cnt, eig_real *in, eig_real *values,
                                    eig_real *vectors, eig_real *work, int8_t *status, int32_t *iterations,
                                    int bt_apart, int minb, cudaStream_t st)
{
    const unsigned blocks = (unsigned)((cnt + EIG_WARP_SYM_WARPS - 1) / EIG_WARP_SYM_WARPS);
    const size_t smem = EIG_WARP_SYM_WARPS * EIG_FN(warp_sym_smem_reals)(p, n) * sizeof(eig_real);
    const char *ps = getenv("EIG_WARP_SYM_PROFILE"), *pq = getenv("EIG_WARP_SYM_VALUES_QL");
    const int prof = ps && atoi(ps);
    const int zc = EIG_FN(warp_sym_zc)(p), dc = warp_sym_dc(p, n);
    const int leaf_knob = tridiag_dc_leaf_knob(), leaf = leaf_knob ? leaf_knob : EIG_WARP_SYM_DC_LEAF;
    const char *dcs_env = getenv("EIG_WARP_SYM_DC_SMEM");
    const int flags = (prof ? EIG_WARP_SYM_PROF : 0) | (pq && atoi(pq) ? EIG_WARP_SYM_VALUES_QL : 0) |
                      (dc ? EIG_WARP_SYM_DC : 0) | (bt_apart ? EIG_WARP_SYM_BT_APART : 0) |
                      (dcs_env && !atoi(dcs_env) ? EIG_WARP_SYM_DC_GLOBAL : 0);
    const int split = EIG_FN(warp_sym_split)(p, n, minb);
    EIG_FN(warp_sym_kernel_t) kern = EIG_FN(warp_sym_pick)(p, n, split ? EIG_FN(warp_sym_split_minb)(p, n, 2) : minb);
    if (split && EIG_FN(sym_rb_wanted)(p, n)) { /* part 1, the matrix in shared memory */
        const size_t smem1 = EIG_FN(sym_rb_smem_reals)(n, zc) * sizeof(eig_real);
        EIG_FN(sym_rb_pick)(p, n)<<<(unsigned)cnt, 32 * EIG_SYM_RB_WARPS, smem1, st>>>(n, cnt, in, vectors, status,
                                                                                     flags & EIG_WARP_SYM_PROF);
    } else if (split) { /* part 1 (kernel_warp_sym_part1.cuh); part 2 below */
        const size_t smem1 = EIG_WARP_SYM_WARPS * sizeof(eig_real) *
                             EIG_FN(warp_sym_part1_smem_reals)(n, EIG_FN(warp_sym_nb)(n, zc), zc);
        EIG_FN(warp_sym_part1_pick)(p, n, EIG_FN(warp_sym_split_minb)(p, n, 1))<<<blocks, 32 * EIG_WARP_SYM_WARPS,
                                                                                   smem1, st>>>(
            n, cnt, in, vectors, status, flags & EIG_WARP_SYM_PROF);
    }
    kern<<<blocks, 32 * EIG_WARP_SYM_WARPS, smem, st>>>(
        *p, n, cnt, in, values, p->vectors ? vectors : 0, status, iterations,
        flags | (split ? EIG_WARP_SYM_PART2 : 0), dc ? work : 0,
        EIG_FN(warp_sym_global_reals)(p, n), leaf);
    if (bt_apart) {
        const int groups = EIG_FN(warp_sym_bt_groups)(p, n), zc2 = zc == 2;
        const unsigned bt_blocks = (unsigned)((cnt * groups + EIG_WARP_SYM_WARPS - 1) / EIG_WARP_SYM_WARPS);
        void (*btk)(int, eig_idx, int, const eig_real *, eig_real *, const int8_t *) =
            n <= 64 ? (zc2 ? EIG_FN(warp_sym_bt_kernel)<2, 2> : EIG_FN(warp_sym_bt_kernel)<2, 1>)
            : n <= 128 ? (zc2 ? EIG_FN(warp_sym_bt_kernel)<4, 2> : EIG_FN(warp_sym_bt_kernel)<4, 1>)
                       : (zc2 ? EIG_FN(warp_sym_bt_kernel)<8, 2> : EIG_FN(warp_sym_bt_kernel)<8, 1>);
        btk<<<bt_blocks, 32 * EIG_WARP_SYM_WARPS, 0, st>>>(n, cnt, groups, in, vectors, status);
    }
    if (!prof) return;
    unsigned long long h[6 + EIG_DC_CLOCKS];
    int occ = 0;
    cudaStreamSynchronize(st);
    cudaMemcpyFromSymbol(h, EIG_FN(warp_sym_prof), sizeof h);
    cudaOccupancyMaxActiveBlocksPerMultiprocessor(&occ, kern, 32 * EIG_WARP_SYM_WARPS, smem);
    if (h[4])
        fprintf(stderr, "warp-sym profile n=%d nb=%d blocks/SM=%d: %llu matrices, cycles per matrix: prepare+reduce "
                        "%.0f %s %.0f %s %.0f out %.0f; QL sweeps or bisection steps %.1f\n",
                n, EIG_FN(warp_sym_nb)(n, zc), occ, h[4], (double)h[0] / h[4],
                dc ? "D&C" : EIG_FN(warp_sym_band)(p, n) ? "chase" : "formQ",
                (double)h[1] / h[4],
                !dc ? "QL/bisect" : bt_apart ? "backtransform(apart: not in these clocks)" : "backtransform",
                (double)h[2] / h[4], (double)h[3] / h[4], (double)h[5] / h[4]);
    if (h[4] && dc)
        fprintf(stderr, "warp-sym profile D&C phases, cycles per matrix: leaves %.0f deflate %.0f roots %.0f "
                        "zhat+U %.0f gather+order %.0f QU %.0f\n", (double)h[6] / h[4], (double)h[7] / h[4],
                (double)h[8] / h[4], (double)h[9] / h[4], (double)h[10] / h[4], (double)h[11] / h[4]);
}

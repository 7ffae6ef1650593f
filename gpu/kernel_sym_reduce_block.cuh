/* ---- part 1 of warp-sym with vectors, real, the matrix in shared memory ----
 * The reduction to tridiagonal form of warp-sym's first launch
 * (warp_sym_split) for real symmetric matrices that fit a block's shared
 * memory: a block of EIG_SYM_RB_WARPS warps per matrix, the whole square
 * in shared memory (rows padded to an odd length, so that a column read
 * by consecutive lanes hits distinct banks), LAPACK's unblocked reduction
 * (dsytd2, lower) on it. In global memory (warp_sym_part1_kernel) every
 * reflector streams the trailing block through L2 and DRAM (7.5 MB a
 * matrix at n = 128); here the matrix is read once and the reflectors
 * written once. Per reflector: warp 0 makes it (ws_norm and
 * warp_sym_reflector, as the warp kernels' reductions), the warps then form p = tau A22 u
 * (a lane per row, each warp a slice of the columns, the slices summed by
 * warp 0, which also makes w), then apply A22 -= u w^T + w u^T to both
 * triangles. Leaves what warp_sym_part1_kernel leaves: the reflectors in
 * A's lower triangle as the CPU stores them (u below the subdiagonal of
 * column k, tau on it), d, e and the scale in the vectors slot, the status.
 * Another order of sums than the warp kernel's blocked reduction, so not
 * the same bits (within the accuracy suites' bounds, as any reduction).
 * Per precision body, included from kernel_warp_sym.cuh. */
#ifndef EIG_SYM_RB_ONCE
#define EIG_SYM_RB_ONCE
#define EIG_SYM_RB_WARPS 8 /* warps a matrix (a block) */
#endif

/* Shared reals of a block for order n: the padded square, u, w, the warps'
 * partial sums of A22 u, 32 reals for the reductions and 8 for broadcasts */
EIG_HD size_t EIG_FN(sym_rb_smem_reals)(int n)
{
    return (size_t)n * (size_t)(n | 1) + (size_t)(2 + EIG_SYM_RB_WARPS) * (size_t)n + 40;
}

/* RC: rows a lane owns (n <= 32 RC). A block a matrix. */
template <int RC>
__global__ void __launch_bounds__(32 * EIG_SYM_RB_WARPS)
    EIG_FN(sym_reduce_block_kernel)(int n, eig_idx count, eig_real *in, eig_real *vectors, int8_t *status, int flags)
{
    constexpr int W = EIG_SYM_RB_WARPS;
    extern __shared__ unsigned char eig_smem_raw[];
    const int tid = (int)threadIdx.x, lane = tid & 31, wp = tid >> 5, ld = n | 1;
    const eig_idx m = blockIdx.x;
    if (m >= count) return;
    eig_real *s = (eig_real *)eig_smem_raw, *u = s + (eig_idx)n * ld, *w = u + n, *part = w + n,
             *red = part + W * n, *bc = red + 32;
#define EIG_S(i, j) s[(i) * ld + (j)]
    const eig_team bt = {tid, 32 * W, 0xffffffffu, 1}, wt = {lane, 32, 0xffffffffu, 0}; /* block, warp */
    eig_real *a = in + m * (eig_idx)n * n, *handoff = vectors + m * (eig_idx)n * n;
    const long long c0 = clock64();
    eig_real sigma = EIG_ONE;
    const int st = EIG_FN(eig_dense_prepare_team)(bt, n, a, 1, 1, &sigma, red); /* the same in every thread */
    if (st == EIG_STATUS_OK) {
        __syncthreads(); /* the prepare's scaled entries, written by other threads */
        /* the (scaled) lower triangle, mirrored */
        for (int i = wp; i < n; i += W)
            for (int j = lane; j <= i; j += 32) {
                const eig_real x = a[(eig_idx)i * n + j];
                EIG_S(i, j) = x, EIG_S(j, i) = x;
            }
        __syncthreads();
        for (int k = 0; k + 2 < n; k++) {
            const int r0 = k + 1;
            if (wp == 0) { /* reflector k from column k */
                eig_real x[RC];
                EIG_UNROLL
                for (int c = 0; c < RC; c++) {
                    const int i = lane + 32 * c;
                    x[c] = i > r0 && i < n ? EIG_S(i, k) : EIG_ZERO;
                }
                const eig_real xnorm = EIG_FN(ws_norm)<RC>(wt, x), alpha = EIG_S(r0, k);
                eig_real beta, tau, scale;
                EIG_FN(warp_sym_reflector)(alpha, xnorm, beta, tau, scale);
                EIG_UNROLL
                for (int c = 0; c < RC; c++) {
                    const int i = lane + 32 * c;
                    if (i < n) {
                        const eig_real ui = tau == 0 || i < r0 ? EIG_ZERO : i == r0 ? EIG_ONE : x[c] * scale;
                        u[i] = ui;
                        if (i > r0 && tau != 0) EIG_S(i, k) = ui;
                    }
                }
                __syncwarp(); /* every lane has read alpha */
                if (lane == 0) {
                    handoff[k] = EIG_S(k, k), handoff[n + k] = beta;
                    EIG_S(r0, k) = tau, bc[k & 1] = tau; /* two slots: a warp behind still reads k - 1's */
                }
            }
            __syncthreads();
            const eig_real tau = bc[k & 1];
            if (tau == 0) continue; /* H_k = I: nothing to apply (the same in every thread) */
            /* the warp's slice of A22 u: columns j = r0 + wp, + W, ..., a lane per row */
            eig_real y[RC];
            EIG_UNROLL
            for (int c = 0; c < RC; c++) y[c] = 0;
            for (int j = r0 + wp; j < n; j += W) {
                const eig_real uj = u[j];
                EIG_UNROLL
                for (int c = 0; c < RC; c++) {
                    const int i = lane + 32 * c;
                    if (i >= r0 && i < n) y[c] += EIG_S(j, i) * uj;
                }
            }
            EIG_UNROLL
            for (int c = 0; c < RC; c++) {
                const int i = lane + 32 * c;
                if (i < n) part[wp * n + i] = y[c];
            }
            __syncthreads();
            if (wp == 0) { /* p = tau A22 u, w = p - (tau / 2)(p^T u) u */
                eig_real p[RC], pu = 0;
                EIG_UNROLL
                for (int c = 0; c < RC; c++) {
                    const int i = lane + 32 * c;
                    eig_real sum = 0;
                    if (i >= r0 && i < n)
                        for (int q = 0; q < W; q++) sum += part[q * n + i];
                    p[c] = tau * sum;
                    if (i >= r0 && i < n) pu += p[c] * u[i];
                }
                const eig_real gamma = tau * EIG_FN(ws_sum)(wt, pu) * (eig_real)0.5;
                EIG_UNROLL
                for (int c = 0; c < RC; c++) {
                    const int i = lane + 32 * c;
                    if (i < n) w[i] = i >= r0 ? p[c] - gamma * u[i] : EIG_ZERO;
                }
            }
            __syncthreads();
            /* A22 -= u w^T + w u^T, both triangles: the warp's columns, a lane per row */
            eig_real ui[RC], wi[RC];
            EIG_UNROLL
            for (int c = 0; c < RC; c++) {
                const int i = lane + 32 * c;
                ui[c] = i < n ? u[i] : EIG_ZERO, wi[c] = i < n ? w[i] : EIG_ZERO;
            }
            for (int j = r0 + wp; j < n; j += W) {
                const eig_real uj = u[j], wj = w[j];
                EIG_UNROLL
                for (int c = 0; c < RC; c++) {
                    const int i = lane + 32 * c;
                    if (i >= r0 && i < n) EIG_S(j, i) -= ui[c] * wj + wi[c] * uj;
                }
            }
            __syncthreads();
        }
        /* the trailing 2 x 2, the handoff's last entries, the reflectors by rows */
        if (tid == 0) {
            handoff[n - 2] = EIG_S(n - 2, n - 2), handoff[2 * n - 2] = EIG_S(n - 1, n - 2);
            handoff[n - 1] = EIG_S(n - 1, n - 1), handoff[2 * n - 1] = EIG_ZERO, handoff[2 * n] = sigma;
        }
        for (int i = 1 + wp; i < n; i += W)
            for (int j = lane; j < i; j += 32) a[(eig_idx)i * n + j] = EIG_S(i, j);
    }
#undef EIG_S
    if (tid == 0) {
        status[m] = (int8_t)st;
        if (flags & EIG_WARP_SYM_PROF) atomicAdd(&EIG_FN(warp_sym_prof)[0], (unsigned long long)(clock64() - c0));
    }
}

/* Whether part 1 takes this kernel: real, n from 3 to 160 where the
 * block's shared memory fits in warp_tridiag_smem_limit (200 KB on the
 * H100: double to n = 154, single to 160; a GPU with less takes the warp
 * per matrix from a lower n, with other bits there); EIG_SYM_RB=0 turns
 * it off. Three blocks
 * an SM up to n = 92, two up to 115, one above (n = 128: 143 KB), and
 * still ahead of the warp per matrix, whose reduction streams the matrix
 * through DRAM once a reflector. H100, 2026-11-28 02:20-02:28 UTC, `bench_gpu symmetric N
 * COUNT vectors resident reps=3`, split, ms, part 1 a warp per matrix in
 * global memory / here: double 10,000 x 72 19.2-19.4 / 15.1-15.4, x 80
 * 21.7 / 17.6, x 96 31.0-31.1 / 24.5-24.6, x 112 48.8 / 38.6, x 128
 * 61.7-62.1 / 53.1-53.2, 100,000 x 128 626-638 / 532-534, 6,000 x 144
 * 58.0 / 48.5; single 10,000 x 128 50.4 / 41.3, 4,000 x 160 46.5 /
 * 36.9; the kernel whole / split here:
 * double 1,056 x 128 7.4-7.6 / 6.4, 1,584 x 128 10.8 / 8.7, 1,584 x 96
 * 5.4 / 4.2 (docs/performance.md, "Part 1 in shared memory"). */
static int EIG_FN(sym_rb_wanted)(const eig_solve_params *p, int n)
{
    if (EIG_FN(warp_sym_zc)(p) == 2 || n < 3 || n > 160) return 0;
    if (EIG_FN(sym_rb_smem_reals)(n) * sizeof(eig_real) > warp_tridiag_smem_limit()) return 0;
    const char *s = getenv("EIG_SYM_RB");
    return s && *s ? atoi(s) != 0 : 1;
}
typedef void (*EIG_FN(sym_rb_t))(int, eig_idx, eig_real *, eig_real *, int8_t *, int);
static EIG_FN(sym_rb_t) EIG_FN(sym_rb_pick)(int n)
{
    return n <= 64    ? EIG_FN(sym_reduce_block_kernel)<2>
           : n <= 96  ? EIG_FN(sym_reduce_block_kernel)<3>
           : n <= 128 ? EIG_FN(sym_reduce_block_kernel)<4>
                      : EIG_FN(sym_reduce_block_kernel)<5>;
}

/* ---- part 1 of warp-sym with vectors, the matrix in shared memory ----
 * The reduction to tridiagonal form of warp-sym's first launch
 * (warp_sym_split) for symmetric and Hermitian matrices that fit a
 * block's shared memory: a block of EIG_SYM_RB_WARPS warps per matrix, the
 * whole matrix in shared memory as an n x n square of reals (rows padded
 * to an odd length, so that a row or a column read by consecutive lanes
 * hits distinct banks; Hermitian: real parts on and below the diagonal,
 * imaginary parts mirrored above), LAPACK's unblocked reduction (dsytd2 /
 * zhetd2, lower) on it. In global memory (warp_sym_part1_kernel) every
 * reflector streams the trailing block through L2 and DRAM (7.5 MB a
 * real matrix at n = 128); here the matrix is read once and the
 * reflectors written once. Per reflector: warp 0 makes it (ws_norm and
 * warp_sym_reflector, as the warp kernels' reductions), the warps then form p = tau A22 u
 * (a lane per row, each warp a slice of the columns, the slices summed by
 * warp 0, which also makes w), then apply A22 -= u w^H + w u^H.
 * Leaves what warp_sym_part1_kernel leaves: the reflectors in A's lower
 * triangle as the CPU stores them (u below the subdiagonal of column k,
 * tau on it), d, e and the scale in the vectors slot, the status.
 * Another order of sums than the warp kernel's reduction, so not
 * the same bits (within the accuracy suites' bounds, as any reduction).
 * Per precision body, included from kernel_warp_sym.cuh. */
#ifndef EIG_SYM_RB_ONCE
#define EIG_SYM_RB_ONCE
#define EIG_SYM_RB_WARPS 8 /* warps a matrix (a block) */
#endif

/* Shared reals of a block for order n: the padded square, u, w, the warps'
 * partial sums of A22 u (zc reals an element), 32 reals for the reductions
 * and 8 for broadcasts */
EIG_HD size_t EIG_FN(sym_rb_smem_reals)(int n, int zc)
{
    return (size_t)n * (size_t)(n | 1) + (size_t)(2 + EIG_SYM_RB_WARPS) * (size_t)n * (size_t)zc + 40;
}

/* Complex: the square holds a Hermitian matrix in n^2 reals, the real
 * parts of its lower triangle on and below the diagonal and their
 * imaginary parts mirrored above it: A(i, j), i > j, is (S(i, j), S(j, i)).
 * Entry (i, j), any i and j, from the reals at (j, i) and (i, j). */
__device__ __forceinline__ EIG_FN(wcx) EIG_FN(sym_rb_entry)(eig_real ji, eig_real ij, int i, int j)
{
    return i > j ? EIG_FN(wcx)(ij, ji) : i < j ? EIG_FN(wcx)(ji, -ij) : EIG_FN(wcx)(ji, EIG_ZERO);
}

/* RC: rows a lane owns (n <= 32 RC); ZC: 1 real, 2 complex. A block a
 * matrix. Real keeps both triangles (each warp updates its columns whole,
 * a lane a row); complex the packed square above, each warp updating the
 * lower part of its columns. */
template <int RC, int ZC>
__global__ void __launch_bounds__(32 * EIG_SYM_RB_WARPS)
    EIG_FN(sym_reduce_block_kernel)(int n, eig_idx count, eig_real *in, eig_real *vectors, int8_t *status, int flags)
{
    typedef typename EIG_FN(ws_el)<ZC>::type E;
    constexpr int W = EIG_SYM_RB_WARPS;
    extern __shared__ unsigned char eig_smem_raw[];
    const int tid = (int)threadIdx.x, lane = tid & 31, wp = tid >> 5, ld = n | 1;
    const eig_idx m = blockIdx.x, nn = (eig_idx)n * n * ZC;
    if (m >= count) return;
    eig_real *s = (eig_real *)eig_smem_raw;
    E *u = (E *)(s + (eig_idx)n * ld), *w = u + n, *part = w + n, *bc = (E *)((eig_real *)(part + W * n) + 32);
    eig_real *red = (eig_real *)(part + W * n);
#define EIG_S(i, j) s[(i) * ld + (j)]
    const eig_team bt = {tid, 32 * W, 0xffffffffu, 1}, wt = {lane, 32, 0xffffffffu, 0}; /* block, warp */
    eig_real *a = in + m * nn, *handoff = vectors + m * nn;
    const long long c0 = clock64();
    eig_real sigma = EIG_ONE;
    const int st = EIG_FN(eig_dense_prepare_team)(bt, n, a, 1, ZC, &sigma, red); /* the same in every thread */
    if (st == EIG_STATUS_OK) {
        __syncthreads(); /* the prepare's scaled entries, written by other threads */
        /* the (scaled) lower triangle: real mirrored, complex packed (a
         * Hermitian diagonal's imaginary part is ignored, as in LAPACK) */
        for (int i = wp; i < n; i += W)
            for (int j = lane; j <= i; j += 32) {
                const eig_real x = a[((eig_idx)i * n + j) * ZC];
                EIG_S(i, j) = x;
                if (ZC == 1) EIG_S(j, i) = x;
                else if (j < i) EIG_S(j, i) = a[((eig_idx)i * n + j) * ZC + 1];
            }
        __syncthreads();
        /* reflectors: n - 2 real, n - 1 complex (the last makes e_{n-2} real) */
        for (int k = 0; k + 3 - ZC < n; k++) {
            const int r0 = k + 1;
            if (wp == 0) { /* reflector k from column k */
                E x[RC];
                eig_real xr[RC * ZC]; /* x's reals, for the norm */
                EIG_UNROLL
                for (int c = 0; c < RC; c++) {
                    const int i = lane + 32 * c;
                    if constexpr (ZC == 1) x[c] = i > r0 && i < n ? EIG_S(i, k) : EIG_ZERO, xr[c] = x[c];
                    else {
                        x[c] = i > r0 && i < n ? EIG_FN(wcx)(EIG_S(i, k), EIG_S(k, i)) : EIG_FN(wcx)(EIG_ZERO);
                        xr[2 * c] = x[c].r, xr[2 * c + 1] = x[c].i;
                    }
                }
                const eig_real xnorm = EIG_FN(ws_norm)<RC * ZC>(wt, xr);
                E alpha, tau, scale;
                if constexpr (ZC == 1) alpha = EIG_S(r0, k);
                else alpha = EIG_FN(wcx)(EIG_S(r0, k), EIG_S(k, r0));
                eig_real beta;
                EIG_FN(warp_sym_reflector)(alpha, xnorm, beta, tau, scale);
                const int has = EIG_FN(ws_nz)(tau);
                EIG_UNROLL
                for (int c = 0; c < RC; c++) {
                    const int i = lane + 32 * c;
                    if (i < n) {
                        const E ui = !has || i < r0 ? E(EIG_ZERO) : i == r0 ? E(EIG_ONE) : x[c] * scale;
                        u[i] = ui;
                        if (i > r0 && has) {
                            if constexpr (ZC == 1) EIG_S(i, k) = ui;
                            else EIG_S(i, k) = ui.r, EIG_S(k, i) = ui.i;
                        }
                    }
                }
                __syncwarp(); /* every lane has read alpha */
                if (lane == 0) {
                    handoff[k] = EIG_S(k, k), handoff[n + k] = beta;
                    if constexpr (ZC == 1) EIG_S(r0, k) = tau;
                    else EIG_S(r0, k) = tau.r, EIG_S(k, r0) = tau.i;
                    bc[k & 1] = tau; /* two slots: a warp behind still reads k - 1's */
                }
            }
            __syncthreads();
            const E tau = bc[k & 1];
            if (!EIG_FN(ws_nz)(tau)) continue; /* H_k = I: nothing to apply (the same in every thread) */
            /* the warp's slice of A22 u: columns j = r0 + wp, + W, ..., a lane per row */
            E y[RC];
            EIG_UNROLL
            for (int c = 0; c < RC; c++) y[c] = E(EIG_ZERO);
            for (int j = r0 + wp; j < n; j += W) {
                const E uj = u[j];
                EIG_UNROLL
                for (int c = 0; c < RC; c++) {
                    const int i = lane + 32 * c;
                    if (i >= r0 && i < n) {
                        if constexpr (ZC == 1) y[c] += EIG_S(j, i) * uj;
                        else y[c] += EIG_FN(sym_rb_entry)(EIG_S(j, i), EIG_S(i, j), i, j) * uj;
                    }
                }
            }
            EIG_UNROLL
            for (int c = 0; c < RC; c++) {
                const int i = lane + 32 * c;
                if (i < n) part[wp * n + i] = y[c];
            }
            __syncthreads();
            if (wp == 0) { /* p = tau A22 u, w = p - (tau / 2)(p^H u) u */
                E p[RC], pu = E(EIG_ZERO);
                EIG_UNROLL
                for (int c = 0; c < RC; c++) {
                    const int i = lane + 32 * c;
                    E sum = E(EIG_ZERO);
                    if (i >= r0 && i < n)
                        for (int q = 0; q < W; q++) sum += part[q * n + i];
                    p[c] = tau * sum;
                    if (i >= r0 && i < n) pu += EIG_FN(ws_conj)(p[c]) * u[i];
                }
                const E gamma = tau * EIG_FN(ws_sum)(wt, pu) * (eig_real)0.5;
                EIG_UNROLL
                for (int c = 0; c < RC; c++) {
                    const int i = lane + 32 * c;
                    if (i < n) w[i] = i >= r0 ? p[c] - gamma * u[i] : E(EIG_ZERO);
                }
            }
            __syncthreads();
            /* A22 -= u w^H + w u^H: the warp's columns, a lane per row
             * (real: both triangles; complex: the lower one, packed) */
            E ui[RC], wi[RC];
            EIG_UNROLL
            for (int c = 0; c < RC; c++) {
                const int i = lane + 32 * c;
                ui[c] = i < n ? u[i] : E(EIG_ZERO), wi[c] = i < n ? w[i] : E(EIG_ZERO);
            }
            for (int j = r0 + wp; j < n; j += W) {
                const E uj = EIG_FN(ws_conj)(u[j]), wj = EIG_FN(ws_conj)(w[j]);
                EIG_UNROLL
                for (int c = 0; c < RC; c++) {
                    const int i = lane + 32 * c;
                    if constexpr (ZC == 1) {
                        if (i >= r0 && i < n) EIG_S(j, i) -= ui[c] * wj + wi[c] * uj;
                    } else if (32 * c + 31 >= j && i >= j && i < n) {
                        const EIG_FN(wcx) z = EIG_FN(wcx)(EIG_S(i, j), i > j ? EIG_S(j, i) : EIG_ZERO) -
                                              (ui[c] * wj + wi[c] * uj);
                        EIG_S(i, j) = z.r;
                        if (i > j) EIG_S(j, i) = z.i;
                    }
                }
            }
            __syncthreads();
        }
        /* the handoff's last entries (real: the trailing 2 x 2), the reflectors by rows */
        if (tid == 0) {
            if (ZC == 1) handoff[n - 2] = EIG_S(n - 2, n - 2), handoff[2 * n - 2] = EIG_S(n - 1, n - 2);
            handoff[n - 1] = EIG_S(n - 1, n - 1), handoff[2 * n - 1] = EIG_ZERO, handoff[2 * n] = sigma;
        }
        for (int i = 1 + wp; i < n; i += W)
            for (int j = lane; j < i; j += 32) {
                a[((eig_idx)i * n + j) * ZC] = EIG_S(i, j);
                if (ZC == 2) a[((eig_idx)i * n + j) * ZC + 1] = EIG_S(j, i);
            }
    }
#undef EIG_S
    if (tid == 0) {
        status[m] = (int8_t)st;
        if (flags & EIG_WARP_SYM_PROF) atomicAdd(&EIG_FN(warp_sym_prof)[0], (unsigned long long)(clock64() - c0));
    }
}

/* Whether part 1 takes this kernel: n from 3 to 160 where the block's
 * shared memory fits in warp_tridiag_smem_limit (200 KB on the H100: real
 * double to n = 154, complex double to 149, single to 160; a GPU with less
 * takes the warp per matrix from a lower n, with other bits there);
 * EIG_SYM_RB=0/1 turns it off or on. Real: three blocks an SM up to n =
 * 92, two up to 115, one above (n = 128: 143 KB), and still ahead of the
 * warp per matrix, whose reduction streams the matrix through DRAM once a
 * reflector. H100, 2026-11-28 02:20-02:28 UTC, `bench_gpu symmetric N
 * COUNT vectors resident reps=3`, split, ms, part 1 a warp per matrix in
 * global memory / here: double 10,000 x 72 19.2-19.4 / 15.1-15.4, x 80
 * 21.7 / 17.6, x 96 31.0-31.1 / 24.5-24.6, x 112 48.8 / 38.6, x 128
 * 61.7-62.1 / 53.1-53.2, 100,000 x 128 626-638 / 532-534, 6,000 x 144
 * 58.0 / 48.5; single 10,000 x 128 50.4 / 41.3, 4,000 x 160 46.5 /
 * 36.9; the kernel whole / split here:
 * double 1,056 x 128 7.4-7.6 / 6.4, 1,584 x 128 10.8 / 8.7, 1,584 x 96
 * 5.4 / 4.2 (docs/performance.md, "Part 1 in shared memory"). Complex:
 * 2026-11-28 05:01 UTC, `bench_gpu hermitian N COUNT vectors resident
 * reps=3 [single]`, ms, off / on: 10,000 x 64 21.6 / 18.8-19.0, x 96
 * 67.2-67.3 / 57.6-57.8, 4,000 x 128 54.7 / 53.8-54.1, 3,000 x 144 62.9-63.0
 * / 61.9-62.1, single 4,000 x 128 41.0 / 33.2; split, kernel=warp-sym: 528 x
 * 128 11.8-11.9 / 8.9, 792 x 128 14.2-14.4 / 11.6-13.1, 528 x 96 5.9-6.0 /
 * 4.1 ("Part 1 in shared memory for Hermitian matrices"). */
static int EIG_FN(sym_rb_wanted)(const eig_solve_params *p, int n)
{
    const int zc = EIG_FN(warp_sym_zc)(p);
    if (n < 3 || n > 160) return 0;
    if (EIG_FN(sym_rb_smem_reals)(n, zc) * sizeof(eig_real) > warp_tridiag_smem_limit()) return 0;
    const char *s = getenv("EIG_SYM_RB");
    return s && *s ? atoi(s) != 0 : 1;
}
typedef void (*EIG_FN(sym_rb_t))(int, eig_idx, eig_real *, eig_real *, int8_t *, int);
template <int ZC> static EIG_FN(sym_rb_t) EIG_FN(sym_rb_rows)(int n)
{
    return n <= 64    ? EIG_FN(sym_reduce_block_kernel)<2, ZC>
           : n <= 96  ? EIG_FN(sym_reduce_block_kernel)<3, ZC>
           : n <= 128 ? EIG_FN(sym_reduce_block_kernel)<4, ZC>
                      : EIG_FN(sym_reduce_block_kernel)<5, ZC>;
}
static EIG_FN(sym_rb_t) EIG_FN(sym_rb_pick)(const eig_solve_params *p, int n)
{
    return EIG_FN(warp_sym_zc)(p) == 2 ? EIG_FN(sym_rb_rows)<2>(n) : EIG_FN(sym_rb_rows)<1>(n);
}

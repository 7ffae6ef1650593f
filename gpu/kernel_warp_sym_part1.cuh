/* ---- warp-sym with vectors, part 1 alone: the prepare and the reduction ----
 * The first of warp-sym's two launches (warp_sym_split): per matrix the
 * NaN/Inf check and scaling (eig_dense_prepare_team) and the Householder
 * reduction (warp_sym_reduce), then d, e and the scale (2n + 1 reals)
 * handed to part 2 in the matrix's vectors slot and the status in
 * status[]. A kernel of its own, not warp_sym_kernel's PART1 path: a
 * kernel's registers are the most any of its phases needs, so that path
 * carried divide and conquer's registers and their blocks an SM; here the
 * reduction has only its own, and shared memory only for d, e and the
 * panel's V and first u. The same functions and template arguments as the
 * whole kernel's reduction, so the same bits.
 * Per precision body, included from kernel_warp_sym.cuh. */

/* Shared reals of a warp: d, e, the panel's V and its first u */
EIG_HD size_t EIG_FN(warp_sym_part1_smem_reals)(int n, int nb, int zc)
{
    return (size_t)(2 + zc * (nb + 1)) * (size_t)n;
}

template <int COLS, int NB, int ROWS, int ZC, int MINB>
__global__ void __launch_bounds__(32 * EIG_WARP_SYM_WARPS, MINB)
    EIG_FN(warp_sym_part1_kernel)(int n, eig_idx count, eig_real *in, eig_real *vectors, int8_t *status, int flags)
{
    typedef typename EIG_FN(ws_el)<ZC>::type E;
    extern __shared__ unsigned char eig_smem_raw[];
    int lane, warp;
    const eig_idx m = warp_sym_matrix(lane, warp), nn = (eig_idx)n * n * ZC;
    if (m >= count) return; /* the whole warp leaves together */
    eig_real *d = (eig_real *)eig_smem_raw + (eig_idx)warp * EIG_FN(warp_sym_part1_smem_reals)(n, NB, ZC),
             *e = d + n;
    E *a = (E *)(in + m * nn), *eb = (E *)(e + n);
    eig_real *handoff = vectors + m * nn;
    const long long c0 = clock64();
    eig_real sigma = EIG_ONE;
    const eig_team t = {lane, 32, 0xffffffffu, 0};
    const int st = EIG_FN(eig_dense_prepare_team)(t, n, in + m * nn, 1, ZC, &sigma, 0);
    if (st == EIG_STATUS_OK) {
        constexpr int SH = MINB < EIG_WARP_SYM_MIN_BLOCKS; /* as the whole kernel's instance for MINB */
        EIG_FN(warp_sym_reduce)<COLS, NB, ROWS, E, SH>(lane, n, a, d, e, eb, eb + NB * n);
        __syncwarp();
        for (int k = lane; k < n; k += 32) handoff[k] = d[k], handoff[n + k] = k + 1 < n ? e[k] : EIG_ZERO;
        if (lane == 0) handoff[2 * n] = sigma;
    }
    if (lane == 0) {
        status[m] = (int8_t)st;
        if (flags & EIG_WARP_SYM_PROF) atomicAdd(&EIG_FN(warp_sym_prof)[0], (unsigned long long)(clock64() - c0));
    }
}

typedef void (*EIG_FN(warp_sym_part1_t))(int, eig_idx, eig_real *, eig_real *, int8_t *, int);
/* The instance for n and the blocks an SM (2, 3; others: 4):
 * COLS, NB and ROWS as warp_sym_pick gives the whole kernel */
template <int NB, int ROWS, int ZC, int ROWS8, int MINB>
static EIG_FN(warp_sym_part1_t) EIG_FN(warp_sym_part1_cols)(int n)
{
    return n <= 64    ? EIG_FN(warp_sym_part1_kernel)<2, NB, ROWS, ZC, MINB>
           : n <= 128 ? EIG_FN(warp_sym_part1_kernel)<4, NB, ROWS, ZC, MINB>
                      : EIG_FN(warp_sym_part1_kernel)<8, NB, ROWS8, ZC, MINB>;
}
template <int NB, int ROWS, int ZC, int ROWS8 = ROWS>
static EIG_FN(warp_sym_part1_t) EIG_FN(warp_sym_part1_minb)(int n, int minb)
{
    return minb == 2   ? EIG_FN(warp_sym_part1_cols)<NB, ROWS, ZC, ROWS8, 2>(n)
           : minb == 3 ? EIG_FN(warp_sym_part1_cols)<NB, ROWS, ZC, ROWS8, 3>(n)
                       : EIG_FN(warp_sym_part1_cols)<NB, ROWS, ZC, ROWS8, EIG_WARP_SYM_MIN_BLOCKS>(n);
}
/* Real: the blocked reduction only (warp_sym_split keeps the unblocked
 * one whole) */
static EIG_FN(warp_sym_part1_t) EIG_FN(warp_sym_part1_pick)(const eig_solve_params *p, int n, int minb)
{
    if (EIG_FN(warp_sym_zc)(p) == 2) return EIG_FN(warp_sym_part1_minb)<1, 2, 2, 4>(n, minb);
    return EIG_FN(warp_sym_part1_minb)<4, EIG_WARP_SYM_ROWS, 1>(n, minb);
}

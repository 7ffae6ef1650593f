/* ---- block-jacobi: a thread block per matrix, cyclic Jacobi, method jacobi ----
 * Hermitian matrices (and symmetric ones when --kernel asks for it), values
 * and vectors, both precisions. The block is one eig_team running
 * solvers/jacobi_team_impl.h's eig_jacobi_team, the code the CPU runs for
 * Hermitian Jacobi: each thread takes 2x2 blocks of A (and decides the
 * next round's rotation where its block holds that pair's entry) and rows
 * of V, one barrier a round. A and V live in shared memory (rows n + 1
 * elements apart). Not the automatic method anywhere: its ~7n rounds a
 * matrix cost 4-5 thousand cycles each even at one matrix an SM (a
 * thread's block update and decision are ~700 dependent instructions), so
 * the tridiagonal route is faster from n = 16 at every job size measured,
 * and even at n = 8 (docs/performance.md, "Jacobi a block a matrix"). Per precision body,
 * included from batch_gpu_impl.cuh. */
#ifndef EIG_BLOCK_JACOBI_ONCE
#define EIG_BLOCK_JACOBI_ONCE
#include <stdlib.h>
/* Shared memory a block may take at most: 160 KB, or less where the GPU
 * gives a block less (sm_86/89: ~99 KB), so that kernel_applies sends a
 * matrix that does not fit to the thread kernels instead of a failed launch. */
#define EIG_BLOCK_JACOBI_SMEM_MAX (160 * 1024)
static size_t block_jacobi_smem_limit(void)
{
    const size_t dev = warp_tridiag_smem_limit(); /* the device's opt-in limit */
    return dev < (size_t)EIG_BLOCK_JACOBI_SMEM_MAX ? dev : (size_t)EIG_BLOCK_JACOBI_SMEM_MAX;
}

/* Threads a block: 128 up to n = 16, then 256 (H200, 132 Hermitian
 * matrices with vectors, kernel alone, ms, 128 / 256: n = 8 0.088 /
 * 0.096, 16 0.204 / 0.205, 24 0.352 / 0.330, 32 0.885 / 0.535, 64 5.13 /
 * 3.38). EIG_BLOCK_JACOBI_THREADS overrides it (a multiple of 32 up to
 * _MAX_THREADS, the kernel's launch bound: more would cap its registers
 * below what the round's block update holds; a tuning knob, read per
 * batch). */
#define EIG_BLOCK_JACOBI_MAX_THREADS 256
/* The automatic kernel of Hermitian Jacobi from this n (and for jobs too
 * small for a thread a matrix): batch_gpu_impl.cuh's auto_kernel. */
#define EIG_BLOCK_JACOBI_HERMITIAN_FROM 9
static int block_jacobi_threads(int n)
{
    const char *s = getenv("EIG_BLOCK_JACOBI_THREADS");
    if (s && *s) {
        int t = atoi(s);
        if (t >= 32 && t <= EIG_BLOCK_JACOBI_MAX_THREADS && t % 32 == 0) return t;
    }
    return n <= 16 ? 128 : 256;
}
#endif

/* Reals of shared memory a matrix takes: A, V (with vectors), the
 * solver's scratch (rotation records, the diagonal), 32 reduction slots,
 * the eigenvalues. */
static size_t EIG_FN(block_jacobi_smem_reals)(const eig_solve_params *p, int n)
{
    const size_t zc = p->kind == EIG_KIND_HERMITIAN ? 2 : 1, square = zc * (size_t)n * (size_t)(n + 1);
    return square * (p->vectors ? 2 : 1) + (size_t)EIG_FN(eig_jacobi_team_scratch)(n) + 32 + (size_t)n;
}

static int EIG_FN(block_jacobi_fits)(const eig_solve_params *p, int n)
{
    return EIG_FN(block_jacobi_smem_reals)(p, n) * sizeof(eig_real) <= block_jacobi_smem_limit();
}

template <int ZC>
__global__ void __launch_bounds__(EIG_BLOCK_JACOBI_MAX_THREADS)
    EIG_FN(block_jacobi_kernel)(int n, int max_sweeps, eig_idx count, const eig_real *__restrict__ in, eig_real *values,
                                eig_real *vectors, int8_t *status, int32_t *iterations)
{
    extern __shared__ unsigned char eig_smem_raw[];
    const eig_idx m = blockIdx.x;
    if (m >= count) return;
    const eig_team t = {(int)threadIdx.x, (int)blockDim.x, 0xffffffffu, 1};
    const int ld = n + 1, nn = n * n;
    eig_real *A = (eig_real *)eig_smem_raw;
    eig_real *V = A + (eig_idx)ZC * n * ld;
    eig_real *scr = V + (vectors ? (eig_idx)ZC * n * ld : 0);
    eig_real *red = scr + EIG_FN(eig_jacobi_team_scratch)(n), *w = red + 32;
    const eig_real *a_in = in + m * nn * ZC;
    for (int idx = t.rank; idx < nn * ZC; idx += t.size) { /* coalesced, matrix-wise */
        const int e = idx / ZC, i = e / n;
        A[((eig_idx)i * ld + (e - i * n)) * ZC + (idx - e * ZC)] = a_in[idx];
    }
    __syncthreads();
    int sweeps = 0;
    const int st = EIG_FN(eig_jacobi_team)(t, n, ZC, A, 1, ld, w, 1, vectors ? V : 0, 1, ld, scr, 1, red, max_sweeps,
                                           &sweeps);
    eig_real *val = values + m * n;
    for (int k = t.rank; k < n; k += t.size) val[k] = w[k];
    if (vectors) {
        eig_real *v_out = vectors + m * nn * ZC;
        for (int idx = t.rank; idx < nn * ZC; idx += t.size) {
            const int e = idx / ZC, i = e / n;
            v_out[idx] = V[((eig_idx)i * ld + (e - i * n)) * ZC + (idx - e * ZC)];
        }
    }
    if (t.rank == 0) status[m] = (int8_t)st, iterations[m] = sweeps;
}

/* Launch over cnt matrices on st (smem: the kernel's attribute set by the caller). */
static void EIG_FN(block_jacobi_launch)(const eig_solve_params *p, int n, eig_idx cnt, int T, size_t smem,
                                        const eig_real *in, eig_real *val, eig_real *vec, int8_t *status,
                                        int32_t *iters, cudaStream_t st)
{
    if (p->kind == EIG_KIND_HERMITIAN)
        EIG_FN(block_jacobi_kernel)<2><<<(unsigned)cnt, T, smem, st>>>(n, p->max_iter_factor, cnt, in, val, vec,
                                                                        status, iters);
    else
        EIG_FN(block_jacobi_kernel)<1><<<(unsigned)cnt, T, smem, st>>>(n, p->max_iter_factor, cnt, in, val, vec,
                                                                        status, iters);
}

/* The kernel's dynamic shared memory limit: the most any call may take,
 * the same for every call (a call's own size would lower it under another
 * thread's launch of a larger n; the launch's smem sets the occupancy). */
static int EIG_FN(block_jacobi_set_smem)(const eig_solve_params *p)
{
    const int lim = (int)block_jacobi_smem_limit();
    const cudaFuncAttribute attr = cudaFuncAttributeMaxDynamicSharedMemorySize;
    if (p->kind == EIG_KIND_HERMITIAN) GPU_CALL(cudaFuncSetAttribute(EIG_FN(block_jacobi_kernel)<2>, attr, lim));
    else GPU_CALL(cudaFuncSetAttribute(EIG_FN(block_jacobi_kernel)<1>, attr, lim));
    return 0;
}

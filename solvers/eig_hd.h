/* Shared building blocks of the numerical core.
 *
 * Every solver in solvers/ is plain C that compiles as host code (gcc, the CPU
 * backend and the tests) and as device code (nvcc, the GPU kernels). EIG_HD
 * marks such functions. Element access goes through a stride so the same
 * routine walks a matrix stored contiguously (stride 1, CPU) or interleaved
 * element-wise across a batch (stride = batch size, coalesced on the GPU). */
#ifndef EIG_HD_H
#define EIG_HD_H

#include <stdint.h>
#include <math.h>

#ifdef __CUDACC__
#define EIG_HD static __host__ __device__ inline
/* EIG_HD, always inlined on the device: for bodies called with constant
 * arguments that size their register arrays (the constants fold only once
 * the body is inlined). */
#define EIG_HD_INLINE static __host__ __device__ __forceinline__
#else
#define EIG_HD static inline
#define EIG_HD_INLINE static inline
#endif

/* sqrt(x) (x > 0) and 1/x (either sign) in double for an x known to be a
 * normal number far from both ends of the range (callers check: the
 * Francis reflector's safe sums, general_impl.h): on the GPU the hardware's
 * approximation and two Newton steps, within an ulp (the reciprocal
 * correctly rounded in practice), no branch (CUDA's correctly rounded
 * sqrt and division are ~16 and ~10 instructions with a slow path each,
 * and the reflector runs them once a bulge step on a serial chain); on the
 * host the correctly rounded operations, so the CPU's results stay as
 * they were. */
#ifdef __CUDA_ARCH__
static __device__ __forceinline__ double eig_rcp_normal_f64(double x)
{
    double y;
    asm("rcp.approx.ftz.f64 %0, %1;" : "=d"(y) : "d"(x));
    double e = fma(-x, y, 1.0); /* 1 - x y: the seed's relative error, ~2^-20 */
    y = fma(y, e, y);
    e = fma(-x, y, 1.0);
    return fma(y, e, y);
}
static __device__ __forceinline__ double eig_sqrt_normal_f64(double x)
{
    double y;
    asm("rsqrt.approx.ftz.f64 %0, %1;" : "=d"(y) : "d"(x));
    double s = x * y, e = fma(-s, y, 1.0); /* 1 - x y^2 */
    y = fma(0.5 * y, e, y);
    s = x * y;
    const double d = fma(-s, s, x); /* x - s^2, one rounding */
    return fma(0.5 * y, d, s);      /* s + d / (2 sqrt(x)) */
}
#define EIG_RCP_NORMAL_F64(x) eig_rcp_normal_f64(x)
#define EIG_SQRT_NORMAL_F64(x) eig_sqrt_normal_f64(x)
#else
#define EIG_RCP_NORMAL_F64(x) (1.0 / (x))
#define EIG_SQRT_NORMAL_F64(x) sqrt(x)
#endif

/* 64-bit global indices: batches pass 2^31 elements. */
typedef int64_t eig_idx;

/* Per-matrix status: a matrix that fails is data, not a process error. */
enum eig_status {
    EIG_STATUS_OK = 0,
    EIG_STATUS_NOT_CONVERGED = 1,
    EIG_STATUS_INVALID_INPUT = 2 /* NaN or Inf among the entries */
};

/* A team: the threads that share one matrix. On the host and in the
 * thread-per-matrix kernels a team of one (EIG_TEAM_SOLO_INIT); in cooperative
 * kernels the lanes of a warp (or part of one: `mask` names them) or all
 * threads of a block. The solver code stays one source: a loop whose
 * iterations are independent is written EIG_TEAM_FOR and its iterations are
 * dealt out over the team; scalar control flow runs redundantly on every
 * member (same inputs, same branches); a write every member would make
 * identically is done by the leader only; eig_team_sync() orders writes to the
 * shared matrix before later reads. With a team of one all of it compiles
 * away to the plain serial loops. */
typedef struct {
    int rank;      /* 0 .. size-1 */
    int size;      /* 1: solo */
    unsigned mask; /* warp teams: the lanes taking part (for __syncwarp) */
    int block;     /* 1: the team is the whole thread block (__syncthreads) */
} eig_team;

#define EIG_TEAM_SOLO_INIT {0, 1, 0u, 0}
/* Unroll the loop that follows on the GPU (constant trip count: its arrays
 * stay in registers); the host compiler decides for itself. */
#ifdef __CUDA_ARCH__
#define EIG_UNROLL _Pragma("unroll")
#else
#define EIG_UNROLL
#endif
/* for (j = lo; j <= hi; j++), iterations dealt over the team */
#define EIG_TEAM_FOR(t, j, lo, hi) for (int j = (lo) + (t).rank; j <= (hi); j += (t).size)
#define EIG_TEAM_LEAD(t) ((t).rank == 0)
/* 1 when an unscaled sum of squares s is the square of the 2-norm to
 * working accuracy, so one square root of it will do: no square overflowed
 * (s at most the largest real), and s is at least safmin/eps^2, so that
 * squares lost to underflow (each below safmin, n of them) are under n
 * eps^2 of it; 0 for NaN. Else the callers scale (dnrm2's way). In the
 * precision in effect where it is used (precision_*.h). */
#define EIG_SUMSQ_SAFE(s) ((s) >= EIG_SAFMIN / (EIG_EPS * EIG_EPS) && (s) <= EIG_RMAX)

#ifdef __CUDACC__
static __host__ __device__ inline void eig_team_sync(eig_team t)
{
#ifdef __CUDA_ARCH__
    if (t.size > 1) {
        if (t.block) __syncthreads();
        else __syncwarp(t.mask);
    }
#else
    (void)t;
#endif
}
#else
static inline void eig_team_sync(eig_team t) { (void)t; }
#endif

/* Bit r set where the member of rank r of a warp or sub-warp team has pred;
 * every member gets the same bits (one ballot: the team's lanes are
 * contiguous and aligned). */
#ifdef __CUDA_ARCH__
static __device__ inline unsigned eig_team_ballot(eig_team t, int pred)
{
    unsigned b = __ballot_sync(t.mask, pred) >> (((int)threadIdx.x & 31) - t.rank);
    return t.size < 32 ? b & ((1u << t.size) - 1u) : b;
}

/* The lowest rank of such a team whose pred holds, or -1. */
static __device__ inline int eig_team_first_rank(eig_team t, int pred)
{
    const unsigned b = eig_team_ballot(t, pred);
    return b ? __ffs((int)b) - 1 : -1;
}
#endif

/* 1 when p points into the block's shared memory (device code; 0 on the
 * host): some team loops are laid out for the memory the matrix is in. */
#ifdef __CUDACC__
static __host__ __device__ inline int eig_in_shared(const void *p)
{
#ifdef __CUDA_ARCH__
    return __isShared(p);
#else
    (void)p;
    return 0;
#endif
}
#else
static inline int eig_in_shared(const void *p) { return (void)p, 0; }
#endif

#endif

/* The generator families on the GPU (gpu/generate_gpu.h). The kernels run
 * io/families_impl.h, the code the host runs: one thread per entry for every
 * family whose entries stand alone, a thread block per matrix for radar's
 * covariance product (the block is eig_fam_radar's team). This file is
 * compiled with --fmad=false (CMakeLists.txt), as families.c is with
 * -ffp-contract=off: a*b+c rounds twice on both sides, so whatever is made of
 * integer hashing, + - * / and sqrt agrees bit for bit with the host. */
#include <cuda_runtime.h>
#include <stdint.h>
#include <stdio.h>

#include "eig_error.h"
#include "families_impl.h"
#include "generate_gpu.h"
#include "generator_out.cuh"

#define GEN_CALL(expr) EIG_GENERATOR_CALL(expr, "generating matrices")

#define GEN_THREADS 256       /* per block, both kernels */
#define GEN_BLOCKS_PER_SM 32  /* grid-stride cap of the entry kernel */
#define RADAR_BLOCKS_PER_SM 4 /* persistent radar blocks per SM */
#define RADAR_WORK_BUDGET ((size_t)1 << 30) /* bytes of radar workspace at most */

/* ---- kernels ---- */

/* Every entry of every matrix on its own: thread e writes entry e of the
 * chunk (consecutive threads, consecutive addresses). */
template <typename real>
__global__ void gen_entries_kernel(int fam, int n, uint64_t seed, eig_idx start, eig_idx total, eig_idx per,
                                   eig_idx count, real *__restrict__ out)
{
    const eig_idx all = count * per, stride = (eig_idx)gridDim.x * blockDim.x;
    for (eig_idx e = (eig_idx)blockIdx.x * blockDim.x + threadIdx.x; e < all; e += stride) {
        const eig_idx m = e / per;
        out[e] = (real)eig_fam_element(fam, n, seed, (uint64_t)(start + m), total, e - m * per);
    }
}

/* Radar: a block per matrix (persistent: block b takes matrices b, b+grid,
 * ...). The scratch (steering vectors, a tile of snapshots) lies in shared
 * memory when it fits, else in the block's part of `work`; a float output
 * accumulates in double in `work` first (the host sums in double too). */
template <typename real>
__global__ void gen_radar_kernel(int n, uint64_t seed, eig_idx start, eig_idx count, real *out, double *work,
                                 eig_idx work_per_block, int scratch_in_shared)
{
    extern __shared__ double gen_smem[];
    const eig_team team = {(int)threadIdx.x, (int)blockDim.x, 0xffffffffu, 1};
    const eig_idx len = 2 * (eig_idx)n * n;
    double *mine = work ? work + (eig_idx)blockIdx.x * work_per_block : 0;
    double *scratch = scratch_in_shared ? gen_smem : mine;
    double *acc = scratch_in_shared ? mine : mine + eig_fam_radar_scratch(n);
    for (eig_idx m = blockIdx.x; m < count; m += gridDim.x) {
        real *o = out + m * len;
        double *r = sizeof(real) == sizeof(double) ? (double *)o : acc;
        eig_fam_radar(team, n, seed, (uint64_t)(start + m), r, scratch);
        if (sizeof(real) != sizeof(double))
            for (eig_idx e = threadIdx.x; e < len; e += blockDim.x) o[e] = (real)r[e];
    }
}

/* ---- launch ---- */

template <typename real>
static int gen_launch(int device, int fam, int n, uint64_t seed, eig_idx start, eig_idx count, eig_idx total,
                      eig_idx per, real *out, cudaStream_t st)
{
    int sms = 0;
    GEN_CALL(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
    if (fam != EIG_FAM_RADAR) {
        const eig_idx all = count * per;
        eig_idx blocks = (all + GEN_THREADS - 1) / GEN_THREADS;
        if (blocks > (eig_idx)sms * GEN_BLOCKS_PER_SM) blocks = (eig_idx)sms * GEN_BLOCKS_PER_SM;
        gen_entries_kernel<real><<<(unsigned)blocks, GEN_THREADS, 0, st>>>(fam, n, seed, start, total, per, count, out);
        GEN_CALL(cudaGetLastError());
        return 0;
    }
    int smem_max = 0;
    GEN_CALL(cudaDeviceGetAttribute(&smem_max, cudaDevAttrMaxSharedMemoryPerBlockOptin, device));
    const size_t scratch_b = sizeof(double) * (size_t)eig_fam_radar_scratch(n);
    const int in_shared = scratch_b <= (size_t)smem_max;
    const eig_idx per_block = (in_shared ? 0 : eig_fam_radar_scratch(n)) +
                              (sizeof(real) == sizeof(double) ? 0 : 2 * (eig_idx)n * n);
    eig_idx blocks = count < (eig_idx)sms * RADAR_BLOCKS_PER_SM ? count : (eig_idx)sms * RADAR_BLOCKS_PER_SM;
    if (per_block && blocks > (eig_idx)(RADAR_WORK_BUDGET / (sizeof(double) * (size_t)per_block)))
        blocks = (eig_idx)(RADAR_WORK_BUDGET / (sizeof(double) * (size_t)per_block));
    if (blocks < 1) blocks = 1;
    const size_t smem = in_shared ? scratch_b : 0;
    if (smem > 48 * 1024) GEN_CALL(cudaFuncSetAttribute(gen_radar_kernel<real>, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem));
    double *work = NULL;
    if (per_block) GEN_CALL(cudaMallocAsync((void **)&work, sizeof(double) * (size_t)(blocks * per_block), st));
    gen_radar_kernel<real><<<(unsigned)blocks, GEN_THREADS, smem, st>>>(n, seed, start, count, out, work, per_block, in_shared);
    cudaError_t launched = cudaGetLastError();
    if (work) GEN_CALL(cudaFreeAsync(work, st));
    GEN_CALL(launched);
    return 0;
}

/* ---- entry points ---- */

extern "C" int eig_gpu_generate(int device, const eig_family *f, int n, uint64_t seed, eig_idx start, eig_idx count,
                                eig_idx total, eig_precision precision, void *out)
{
    if (count <= 0) return 0;
    EIG_CALL(eig_family_check(f, n, start, total));
    EIG_CALL(eig_family_check(f, n, start + count - 1, total));
    EIG_CHECK(out != NULL, EIG_ERR_INTERNAL, "family '%s': no output buffer", f->name);
    const int fam = eig_family_id(f);
    eig_solve_params lp = {};
    lp.kind = f->kind;
    const eig_idx per = eig_layout_of(&lp, n).input;
    const size_t es = precision == EIG_PREC_SINGLE ? sizeof(float) : sizeof(double);
    const size_t bytes = (size_t)(count * per) * es;
    GEN_CALL(cudaSetDevice(device));
    cudaStream_t st = cudaStreamPerThread;
    void *dst;
    EIG_CALL(eig_generator_out_begin(device, out, bytes, st, &dst));
    int rc = precision == EIG_PREC_SINGLE
                 ? gen_launch<float>(device, fam, n, seed, start, count, total, per, (float *)dst, st)
                 : gen_launch<double>(device, fam, n, seed, start, count, total, per, (double *)dst, st);
    char what[160];
    snprintf(what, sizeof what, "generating %s matrices %lld..%lld", f->name, (long long)start,
             (long long)(start + count - 1));
    EIG_CALL(eig_generator_out_end(out, dst, bytes, st, rc, what));
    return 0;
}

extern "C" int eig_gpu_alloc(int device, size_t bytes, void **ptr)
{
    *ptr = NULL;
    GEN_CALL(cudaSetDevice(device));
    if (cudaMalloc(ptr, bytes ? bytes : 1) != cudaSuccess) {
        cudaGetLastError();
        *ptr = NULL;
        return EIG_ERROR(EIG_ERR_RESOURCE, "GPU out of memory for %.1f MB of generated input (another process holds "
                         "it?): lower --chunk or --max-gpu-mem, or free the GPU", (double)bytes / 1e6);
    }
    return 0;
}

extern "C" void eig_gpu_free(int device, void *ptr)
{
    if (!ptr) return;
    if (cudaSetDevice(device) != cudaSuccess || cudaFree(ptr) != cudaSuccess) cudaGetLastError();
}

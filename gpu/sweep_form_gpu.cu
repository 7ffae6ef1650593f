/* Sweep formation on the GPU (gpu/sweep_form_gpu.h). The kernel runs
 * io/sweep_form_impl.h, the code the host runs, one thread per entry; this
 * file is compiled with --fmad=false (CMakeLists.txt), as io/sweep_form.c is
 * with -ffp-contract=off, so the matrices agree with the host's bit for bit. */
#include <cuda_runtime.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "eig_error.h"
#include "generator_out.cuh"
#include "sweep_form_gpu.h"
#include "sweep_form_impl.h"

#define SWEEP_CALL(expr) EIG_GENERATOR_CALL(expr, "forming sweep matrices")

#define SWEEP_THREADS 256
#define SWEEP_BLOCKS_PER_SM 32 /* grid-stride cap */

struct eig_gpu_sweep {
    int device;
    eig_idx count;         /* the sweep's points */
    eig_sweep_form form;   /* bases and coords in device memory */
    double *bases, *coords;
};

/* ---- kernel ---- */

/* Thread e writes entry e of the chunk (consecutive threads, consecutive
 * addresses); each works out its point's parameters itself (K divisions). */
template <typename real>
__global__ void sweep_form_kernel(eig_sweep_form f, eig_idx start, eig_idx count, real *__restrict__ out)
{
    const eig_idx all = count * f.per, stride = (eig_idx)gridDim.x * blockDim.x;
    for (eig_idx e = (eig_idx)blockIdx.x * blockDim.x + threadIdx.x; e < all; e += stride) {
        const eig_idx m = e / f.per;
        double p[EIG_SWEEP_MAX_PARAMS];
        eig_sweep_point(&f, start + m, p);
        out[e] = (real)eig_sweep_entry(&f, p, e - m * f.per);
    }
}

/* ---- launch ---- */

template <typename real>
static int sweep_launch(const eig_gpu_sweep *g, eig_idx start, eig_idx count, real *out, cudaStream_t st)
{
    int sms = 0;
    SWEEP_CALL(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, g->device));
    const eig_idx all = count * g->form.per;
    eig_idx blocks = (all + SWEEP_THREADS - 1) / SWEEP_THREADS;
    if (blocks > (eig_idx)sms * SWEEP_BLOCKS_PER_SM) blocks = (eig_idx)sms * SWEEP_BLOCKS_PER_SM;
    if (blocks < 1) blocks = 1;
    sweep_form_kernel<real><<<(unsigned)blocks, SWEEP_THREADS, 0, st>>>(g->form, start, count, out);
    SWEEP_CALL(cudaGetLastError());
    return 0;
}

/* ---- entry points ---- */

extern "C" int eig_gpu_sweep_upload(int device, const eig_sweep_spec *s, eig_gpu_sweep **out)
{
    *out = NULL;
    const eig_sweep_form *h = &s->form;
    size_t nb = (size_t)(h->params + 1) * (size_t)h->per, nc = 0;
    if (h->axes == 0) nc = (size_t)s->count * (size_t)h->params;
    else
        for (int k = 0; k < h->axes; k++) nc += (size_t)h->dims[k];
    eig_gpu_sweep *g = (eig_gpu_sweep *)calloc(1, sizeof *g);
    EIG_CHECK(g, EIG_ERR_RESOURCE, "out of host memory");
    g->device = device, g->count = s->count, g->form = *h;
    int rc = 0;
    if (cudaSetDevice(device) != cudaSuccess || cudaMalloc((void **)&g->bases, sizeof(double) * nb) != cudaSuccess ||
        cudaMalloc((void **)&g->coords, sizeof(double) * (nc ? nc : 1)) != cudaSuccess) {
        cudaGetLastError();
        rc = EIG_ERROR(EIG_ERR_RESOURCE, "GPU out of memory for the sweep spec %s (%.1f MB of bases and coordinates)",
                       s->path, (double)(sizeof(double) * (nb + nc)) / 1e6);
    } else if (cudaMemcpy(g->bases, s->bases, sizeof(double) * nb, cudaMemcpyHostToDevice) != cudaSuccess ||
               (nc && cudaMemcpy(g->coords, s->coords, sizeof(double) * nc, cudaMemcpyHostToDevice) != cudaSuccess)) {
        rc = EIG_ERROR(EIG_ERR_RESOURCE, "CUDA: copying the sweep spec %s to the GPU: %s", s->path,
                       cudaGetErrorString(cudaGetLastError()));
    }
    if (rc) {
        eig_gpu_sweep_free(g);
        return rc;
    }
    g->form.bases = g->bases, g->form.coords = g->coords;
    *out = g;
    return 0;
}

extern "C" int eig_gpu_sweep_form(eig_gpu_sweep *g, eig_idx start, eig_idx count, eig_precision precision, void *out)
{
    if (count <= 0) return 0;
    EIG_CHECK(g && out && start >= 0 && start + count <= g->count, EIG_ERR_INTERNAL,
              "sweep points [%lld, +%lld) outside the sweep of %lld (or no buffer)", (long long)start,
              (long long)count, g ? (long long)g->count : 0LL);
    const size_t es = precision == EIG_PREC_SINGLE ? sizeof(float) : sizeof(double);
    const size_t bytes = (size_t)(count * g->form.per) * es;
    SWEEP_CALL(cudaSetDevice(g->device));
    cudaStream_t st = cudaStreamPerThread;
    void *dst;
    EIG_CALL(eig_generator_out_begin(g->device, out, bytes, st, &dst));
    int rc = precision == EIG_PREC_SINGLE ? sweep_launch<float>(g, start, count, (float *)dst, st)
                                          : sweep_launch<double>(g, start, count, (double *)dst, st);
    char what[128];
    snprintf(what, sizeof what, "forming sweep points %lld..%lld", (long long)start, (long long)(start + count - 1));
    EIG_CALL(eig_generator_out_end(out, dst, bytes, st, rc, what));
    return 0;
}

extern "C" void eig_gpu_sweep_free(eig_gpu_sweep *g)
{
    if (!g) return;
    if (cudaSetDevice(g->device) == cudaSuccess) {
        if (g->bases) cudaFree(g->bases);
        if (g->coords) cudaFree(g->coords);
    }
    cudaGetLastError();
    free(g);
}

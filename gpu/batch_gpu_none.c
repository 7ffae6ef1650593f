/* The GPU backend of a build without CUDA: no devices. */
#include "batch_gpu.h"
#include "generate_gpu.h"

#include <string.h>

#include "eig_error.h"
#include "reduce_batch.h"
#include "kernel_names.h"

int eig_gpu_device_count(void) { return 0; }
int eig_gpu_warm_context(int device) { (void)device; return 0; }
int eig_gpu_preload(int device, int single) { (void)device, (void)single; return 0; }

void eig_gpu_release(void) {}
void eig_gpu_retire_device(int device) { (void)device; }

int eig_gpu_describe(int device, char *buf, size_t cap)
{
    (void)device;
    if (cap) buf[0] = '\0';
    return 0;
}

int eig_gpu_use_device(int device)
{
    (void)device;
    return 0;
}

int eig_gpu_pin(void *ptr, size_t bytes)
{
    (void)ptr, (void)bytes;
    return 0;
}

void eig_gpu_unpin(void *ptr) { (void)ptr; }

size_t eig_gpu_chunk_bytes(const eig_gpu_config *cfg, const eig_solve_params *p, int n)
{
    (void)cfg, (void)p, (void)n;
    return 0;
}

int eig_gpu_kernel_known(const char *name)
{
    static const char *const names[] = {EIG_GPU_KERNEL_NAME_LIST};
    if (!name || !strcmp(name, "auto")) return 1;
    for (size_t k = 0; k < sizeof names / sizeof *names; k++)
        if (!strcmp(name, names[k])) return 1;
    return 0;
}

int eig_gpu_kernel_applies(const char *kernel, const eig_solve_params *p, int n)
{
    (void)p, (void)n;
    return !kernel || !*kernel || !strcmp(kernel, "auto"); /* "auto" (the CPU) always; no GPU kernel runs here */
}

int eig_gpu_solve_batch(const eig_gpu_config *cfg, const eig_solve_params *p, int n, eig_idx count,
                        const void *input, void *values, int8_t *status, int32_t *iterations, void *vectors)
{
    (void)cfg, (void)p, (void)n, (void)count, (void)input, (void)values, (void)status, (void)iterations, (void)vectors;
    return EIG_ERROR(EIG_ERR_RESOURCE, "no CUDA device: this eigsweep was built without CUDA (rebuild with nvcc present)");
}

int eig_gpu_solve_reduce_batch(const eig_gpu_config *cfg, const eig_solve_params *p, int n, eig_idx count,
                               const void *input, void *values, int8_t *status, int32_t *iterations, void *vectors,
                               const eig_reduce_list *red, double *reduced)
{
    (void)red, (void)reduced;
    return eig_gpu_solve_batch(cfg, p, n, count, input, values, status, iterations, vectors);
}

int eig_gpu_solve_batch_on_stream(const eig_gpu_config *cfg, const eig_solve_params *p, int n, eig_idx count,
                                  const void *input, void *values, int8_t *status, int32_t *iterations, void *vectors,
                                  void *stream)
{
    (void)cfg, (void)p, (void)n, (void)count, (void)input, (void)values, (void)status, (void)iterations, (void)vectors,
        (void)stream;
    return EIG_ERROR(EIG_ERR_RESOURCE, "no CUDA device: this eigsweep was built without CUDA (rebuild with nvcc present)");
}

int eig_gpu_generate(int device, const eig_family *f, int n, uint64_t seed, eig_idx start, eig_idx count,
                     eig_idx total, eig_precision precision, void *out)
{
    (void)device, (void)f, (void)n, (void)seed, (void)start, (void)count, (void)total, (void)precision, (void)out;
    return EIG_ERROR(EIG_ERR_RESOURCE, "this eigsweep was built without CUDA: no GPU to generate on (use the CPU)");
}

int eig_gpu_alloc(int device, size_t bytes, void **ptr)
{
    (void)device, (void)bytes;
    *ptr = NULL;
    return EIG_ERROR(EIG_ERR_RESOURCE, "this eigsweep was built without CUDA (rebuild with nvcc present)");
}

void eig_gpu_free(int device, void *ptr) { (void)device, (void)ptr; }

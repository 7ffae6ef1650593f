/* Sweep formation on the GPU in a build without CUDA: no device. */
#include "sweep_form_gpu.h"

#include "eig_error.h"

int eig_gpu_sweep_upload(int device, const eig_sweep_spec *s, eig_gpu_sweep **out)
{
    (void)device, (void)s;
    *out = NULL;
    return EIG_ERROR(EIG_ERR_RESOURCE, "this eigsweep was built without CUDA: no GPU to form sweep matrices on "
                     "(use --backend cpu, or rebuild with nvcc present)");
}

int eig_gpu_sweep_form(eig_gpu_sweep *g, eig_idx start, eig_idx count, eig_precision precision, void *out)
{
    (void)g, (void)start, (void)count, (void)precision, (void)out;
    return EIG_ERROR(EIG_ERR_RESOURCE, "this eigsweep was built without CUDA: no GPU to form sweep matrices on");
}

void eig_gpu_sweep_free(eig_gpu_sweep *g) { (void)g; }

/* What page-locking host buffers costs (the pipeline's `pin` stage), by way:
 * malloc + cudaHostRegister (what the driver does: the buffers exist before
 * the GPU is chosen), the same after touching the pages, and cudaHostAlloc.
 * Usage: bench_pin [MiB ...]   (default 256 1024) */
#include <cuda_runtime_api.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

int main(int argc, char **argv)
{
    if (cudaFree(0) != cudaSuccess) { printf("no CUDA device\n"); return 77; }
    printf("%8s %22s %22s %16s %18s\n", "MiB", "malloc+register (s)", "touch, register (s)", "cudaHostAlloc (s)", "unregister (s)");
    for (int a = 1; a < argc || a == 1; a++) {
        const char *sizes[] = {"256", "1024"};
        for (int k = 0; k < (argc > 1 ? 1 : 2); k++) {
            size_t mib = strtoull(argc > 1 ? argv[a] : sizes[k], NULL, 10), bytes = mib << 20;
            char *p = malloc(bytes);
            double t0 = now();
            cudaHostRegister(p, bytes, cudaHostRegisterPortable);
            double reg = now() - t0;
            t0 = now();
            cudaHostUnregister(p);
            double unreg = now() - t0;
            memset(p, 1, bytes);
            t0 = now();
            cudaHostRegister(p, bytes, cudaHostRegisterPortable);
            double treg = now() - t0;
            cudaHostUnregister(p);
            free(p);
            void *h = NULL;
            t0 = now();
            cudaHostAlloc(&h, bytes, cudaHostAllocPortable);
            double ha = now() - t0;
            cudaFreeHost(h);
            printf("%8zu %22.4f %22.4f %16.4f %18.4f\n", mib, reg, treg, ha, unreg);
        }
        if (argc <= 1) break;
    }
    return 0;
}

/* Rank -> device binding: each rank drives one GPU of its node (or the CPU). */
#ifndef EIG_BINDING_H
#define EIG_BINDING_H

#include <stddef.h>

#include "cli.h"

enum { EIG_BACKEND_AUTO = 0, EIG_BACKEND_CPU, EIG_BACKEND_GPU };

typedef struct {
    int use_gpu;
    int device;          /* CUDA ordinal among this rank's visible devices */
    char line[256];      /* "host  gpu 0: NAME (PCI ...)" for the report */
} eig_binding;

/* Collective. `want` is EIG_BACKEND_*. auto uses GPUs only when every rank
 * sees one (mixing backends would make results depend on the rank layout).
 * The node-local rank picks the GPU (respecting CUDA_VISIBLE_DEVICES, so
 * Slurm's --gpus-per-task works); two ranks on one GPU is an error unless
 * share_gpu. */
int eig_bind_devices(eig_ctx *ctx, int want, int share_gpu, eig_binding *b);

/* The rule: node-local rank lr of ls ranks, ngpu visible GPUs -> the GPU
 * (one each when there are enough; else round robin, or all on the one). */
int eig_bind_pick_device(int lr, int ls, int ngpu);

#endif

/* The GPU kernels `--kernel` can force, besides "auto". Plain C, so that a
 * build without CUDA knows them too (eig_gpu_kernel_known). The order is that
 * of the K_* enumeration in gpu/batch_gpu_impl.cuh. */
#ifndef EIG_GPU_KERNEL_NAMES_H
#define EIG_GPU_KERNEL_NAMES_H

#define EIG_GPU_KERNEL_NAME_LIST                                                                              \
    "thread-global", "thread-shared", "warp-jacobi", "eigval-thread", "warp-general", "block-tridiag",        \
        "warp-tridiag", "warp-sym", "block-jacobi"

#endif

# GPU backend against the CPU backend (every family, method, precision and
# kernel). Exits 77 -> skipped where no CUDA device is present.
eig_add_test(gpu_batch_vs_cpu test_gpu_batch.c LABELS gpu)

/* The CUDA context (0.1-0.2 s on an H100) made while MPI_Init runs: main()
 * starts a thread that creates the primary context of the GPU the binding
 * will give this rank (the same rule, eig_bind_pick_device, fed by the
 * launcher's node-local rank and size), so the solve finds it ready. Only
 * for `solve` and `generate` runs that may use a GPU, and only where the
 * launcher says the local rank (Open MPI, PMIx, MPICH/Hydra) or there is
 * no launcher (a singleton). EIG_EARLY_CUDA=0 turns it off. */
#ifndef EIG_GPU_WARMUP_H
#define EIG_GPU_WARMUP_H

/* Before MPI_Init: starts the thread when argv asks for GPU work. */
void eig_gpu_warmup_start(int argc, char **argv);
/* Before exit: waits for the thread (no-op when none was started). */
void eig_gpu_warmup_join(void);

#endif

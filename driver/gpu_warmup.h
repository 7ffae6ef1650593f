/* The CUDA context (0.1-0.2 s on an H100) made while MPI_Init runs: main()
 * starts a thread that creates the primary context of the GPU the binding
 * will give this rank (the same rule, eig_bind_pick_device, fed by the
 * launcher's node-local rank and size), so the solve finds it ready. Only
 * for `solve` and `generate` runs that may use a GPU, and only where the
 * launcher says the local rank (Open MPI, PMIx, MPICH/Hydra) or there is
 * no launcher (a singleton). EIG_EARLY_CUDA=0 turns it off. */
#ifndef EIG_GPU_WARMUP_H
#define EIG_GPU_WARMUP_H

/* Before the CUDA driver's first call: CUDA_DEVICE_MAX_CONNECTIONS (the
 * hardware work queues a context gets; 8 unless set) set to the run's
 * stream count, --streams in argv or 4 (two more with --gather-via nccl,
 * whose streams are eigsweep's too), unless the user set it. Making the
 * queues is most of the context's creation and of its reset, and the
 * streams need no more queues than there are streams (H200, 2026-11-29:
 * context 0.108-0.154 s with 8 queues, 0.088-0.105 with 4; reset
 * 0.055-0.088, 0.045-0.056; kernels with 4 streams as fast:
 * docs/performance.md). */
void eig_gpu_prepare_env(int argc, char **argv);
/* What the context's queue count is, for the report: "4 (one a stream)",
 * "8 (the user's CUDA_DEVICE_MAX_CONNECTIONS)", or "" (no GPU asked for). */
const char *eig_gpu_queues_choice(void);
/* Before MPI_Init: starts the thread when argv asks for GPU work. */
void eig_gpu_warmup_start(int argc, char **argv);
/* The run's precision (1: single, 0: double), once the input says it: the
 * thread, once the context exists, then loads that precision's solver
 * kernels (eig_gpu_preload), which the first solve would otherwise load
 * (0.045-0.058 s on the H200), while the first chunk is read and pinned.
 * Not given by the time the context exists: nothing loaded ahead.
 * EIG_PRELOAD=0: never. */
void eig_gpu_warmup_hint(int single);
/* Waits for the thread (no-op when none was started, or joined already):
 * before the GPU's context is reset (solve, generate), and before exit. */
void eig_gpu_warmup_join(void);

#endif

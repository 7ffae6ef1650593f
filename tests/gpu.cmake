# GPU backend against the CPU backend (every family, method, precision and
# kernel). Exits 77 -> skipped where no CUDA device is present.
eig_add_test(gpu_batch_vs_cpu test_gpu_batch.c LABELS gpu)
# Device memory really exhausted (a cudaMalloc hog): sub-chunks shrink, or a
# clear error naming --max-gpu-mem. Needs the CUDA runtime, so CUDA builds only.
if(EIGSWEEP_HAVE_CUDA)
  eig_add_test(gpu_out_of_memory test_gpu_oom.c LABELS gpu)
endif()
# The same call on buffers already in device memory: bit-identical to the
# call on host buffers, input untouched. CUDA builds only (cudaMalloc).
if(EIGSWEEP_HAVE_CUDA)
  eig_add_test(gpu_device_resident test_gpu_resident.c LABELS gpu)
endif()
# warp-tridiag with vectors: G matrices a warp, chosen by the job, and the
# kernel whole or split must not change a bit of any answer (forced G and
# split against the rule's).
eig_add_test(gpu_group test_gpu_group.c LABELS gpu)
# warp-sym with vectors: the kernel whole or split in two launches, with
# any blocks an SM for either part, must not change a bit of any answer;
# part 1 in shared memory (symmetric and Hermitian) must be as accurate.
eig_add_test(gpu_warp_sym_split test_gpu_warp_sym_split.c LABELS gpu)
# warp-sym against the CPU backend with the split forced at every n (the
# rule splits matrices whose part 1 fits shared memory, and other
# jobs only when larger than this test's).
add_test(NAME gpu_batch_vs_cpu_warp_sym_split COMMAND gpu_batch_vs_cpu)
set_tests_properties(gpu_batch_vs_cpu_warp_sym_split PROPERTIES SKIP_RETURN_CODE ${EIG_SKIP_CODE} LABELS gpu
  ENVIRONMENT "EIG_WARP_SYM_SPLIT=1;EIG_TEST_GPU_ONLY=warp-sym;OMPI_ALLOW_RUN_AS_ROOT=1;OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1;OMP_NUM_THREADS=2")
# warp-general as one kernel at every n (double matrices take the split in
# two from n = 8, single ones from 48: the rule's choice is what the
# default run covers).
add_test(NAME gpu_batch_vs_cpu_warp_general_fused COMMAND gpu_batch_vs_cpu)
set_tests_properties(gpu_batch_vs_cpu_warp_general_fused PROPERTIES SKIP_RETURN_CODE ${EIG_SKIP_CODE} LABELS gpu
  ENVIRONMENT "EIG_WARP_GENERAL_SPLIT=0;EIG_TEST_GPU_ONLY=warp-general;OMPI_ALLOW_RUN_AS_ROOT=1;OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1;OMP_NUM_THREADS=2")
# The device-resident and caller's-stream calls again with warp-tridiag's
# and warp-sym's split kernels forced wherever they may run (the rules take
# them only for jobs larger than this test's, but for warp-sym's
# matrices whose part 1 fits shared memory).
if(EIGSWEEP_HAVE_CUDA)
  add_test(NAME gpu_device_resident_split COMMAND gpu_device_resident)
  set_tests_properties(gpu_device_resident_split PROPERTIES SKIP_RETURN_CODE ${EIG_SKIP_CODE} LABELS gpu
    ENVIRONMENT "EIG_WARP_TRIDIAG_SPLIT=1;EIG_WARP_SYM_SPLIT=1;OMPI_ALLOW_RUN_AS_ROOT=1;OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1;OMP_NUM_THREADS=2")
endif()
# The generator families on the GPU (gpu/generate_gpu.cu) against the same
# source on the host (io/families_impl.h): bit for bit or within the bounds
# docs/format.md gives, every family and precision; exits 77 without a device.
eig_add_test(gpu_generate test_gpu_generate.c LABELS gpu)

# solve --reduce (docs/reductions.md): reductions against numpy, ranks,
# balance and output modes, --resume keys, every bad item; the grid-shaped
# writer (flat ranges into 1-, 2-, 3-D grids, dimension scales); plot; and
# the device reductions against the host's (skipped without a GPU).
eig_add_cli_test(cli_reduce reduce.sh)
eig_add_test(unit_grid_output test_grid_output.c LABELS unit)
eig_add_test(gpu_reduce test_gpu_reduce.c LABELS gpu)
eig_add_cli_test(cli_plot plot.sh)
# The GPU backend end to end: device reductions against numpy from the same
# run's eigenvalues; without values, the same reductions (skipped without a GPU).
eig_add_cli_test(gpu_reduce_cli gpu_reduce.sh)
set_tests_properties(gpu_reduce_cli PROPERTIES LABELS "gpu;cli;mpi")
# The same writer through MPI-IO from 3 ranks (each writes every third chunk;
# creating the axes and attaching the scales are collective).
add_test(NAME unit_grid_output_mpi COMMAND ${EIG_MPIEXEC} 3 ${EIG_MPI_FLAGS} $<TARGET_FILE:unit_grid_output>)
set_tests_properties(unit_grid_output_mpi PROPERTIES LABELS "unit;mpi"
  ENVIRONMENT "OMPI_ALLOW_RUN_AS_ROOT=1;OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1;OMP_NUM_THREADS=1")
# --reduce-type float32 and the `iterations` item (issue 21's 500 MB map):
# float32 = np.float32 of the float64 reductions across ranks, balance, output
# modes, --range + merge, kill + --resume; the refusals; info, check, plot.
eig_add_cli_test(cli_reduce_type reduce_type.sh $<TARGET_FILE:eig_kill_shim>)
if(EIGSWEEP_SANITIZE)
  set_property(TEST cli_reduce_type APPEND PROPERTY ENVIRONMENT "EIG_SANITIZED=1")
endif()

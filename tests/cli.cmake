# Command-line, MPI and end-to-end tests: shell scripts in tests/cli/ driving
# the real eigsweep binary under mpirun.
add_executable(solve_oracle solve_oracle.c)
target_link_libraries(solve_oracle PRIVATE eig_testutil)
# Reads and compares datasets, so the tests need no hdf5-tools (absent on GPU machines).
add_executable(h5_rows h5_rows.c)
target_link_libraries(h5_rows PRIVATE eig_testutil)

# Python with h5py, numpy and scipy, as users have it: Debian's /usr/bin/python3
# first (a pyenv or venv python earlier on PATH usually lacks them).
find_program(EIG_PYTHON3 NAMES python3 PATHS /usr/bin NO_DEFAULT_PATH)
if(NOT EIG_PYTHON3)
  find_program(EIG_PYTHON3 NAMES python3)
endif()

function(eig_add_cli_test name script)
  add_test(NAME ${name} COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/cli/${script} $<TARGET_FILE:eigsweep> ${ARGN})
  add_dependencies(eigsweep h5_rows) # so building eigsweep builds the helper
  set_tests_properties(${name} PROPERTIES SKIP_RETURN_CODE 77 LABELS "cli;mpi"
    ENVIRONMENT "EIG_TEST_TMP=${CMAKE_CURRENT_BINARY_DIR};EIGSWEEP_BACKEND=cpu;EIG_PYTHON=${EIG_PYTHON3};H5_ROWS=$<TARGET_FILE:h5_rows>;PATH=${CMAKE_CURRENT_BINARY_DIR}:$ENV{PATH}")
endfunction()

eig_add_cli_test(cli_generate_determinism generate_determinism.sh)
eig_add_cli_test(mpi_solve_ranks mpi_solve_ranks.sh)
eig_add_cli_test(cli_check_results check_results.sh)
eig_add_cli_test(e2e_example example_end_to_end.sh $<TARGET_FILE:solve_oracle>)
eig_add_cli_test(cli_solve_all_families solve_all_families.sh $<TARGET_FILE:solve_oracle> cpu)
eig_add_cli_test(gpu_solve_all_families solve_all_families.sh $<TARGET_FILE:solve_oracle> gpu)
set_tests_properties(gpu_solve_all_families PROPERTIES LABELS "gpu;cli")
eig_add_cli_test(gpu_gather_nccl gpu_gather.sh)
set_tests_properties(gpu_gather_nccl PROPERTIES LABELS "gpu;cli;mpi")

add_executable(make_bad_input make_bad_input.c)
target_link_libraries(make_bad_input PRIVATE eig_testutil)
eig_add_cli_test(cli_bad_input bad_input.sh $<TARGET_FILE:make_bad_input>)
eig_add_cli_test(cli_corruption corruption.sh $<TARGET_FILE:solve_oracle>)
eig_add_cli_test(cli_jobs_survive jobs_survive.sh)
eig_add_cli_test(cli_h5py_clients python_test.sh h5py_clients.py)
# Issue 19 F4/F6/F13: --resume keyed by the input's content, -o never the input, merge of one run only.
eig_add_cli_test(cli_file_identity file_identity.sh)
eig_add_cli_test(cli_paths_and_options paths_and_options.sh)
# Cores per rank: one warning when a rank runs on fewer cores than its share.
eig_add_cli_test(cli_cores_binding cores_binding.sh)
# Matrices made on the GPU: generate --backend gpu and solve --synthetic on the
# GPU against the host generator and each other (skipped without a GPU).
eig_add_cli_test(gpu_synthetic gpu_synthetic.sh)
set_tests_properties(gpu_synthetic PROPERTIES LABELS "gpu;cli")
eig_add_cli_test(cli_direct_read direct_read.sh)
eig_add_cli_test(cli_report_timeline report_timeline.sh)

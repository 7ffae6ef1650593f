# Parametric sweeps (issue 21, docs/sweeps.md): specs written with h5py, the
# matrices formed where they are solved. CLI tests (tests/cli.cmake's helper).
eig_add_cli_test(cli_sweep_specs python_test.sh sweep_specs.py)
# np = 1..4, static and dynamic balance, --range, kill + --resume: identical rows.
eig_add_cli_test(cli_sweep_ranks sweep_ranks.sh $<TARGET_FILE:eig_kill_shim>)
if(EIGSWEEP_SANITIZE)
  set_property(TEST cli_sweep_ranks APPEND PROPERTY ENVIRONMENT "EIG_SANITIZED=1")
endif()
# Bad specs: each its one-line error, exit 3, no output or .partial left.
eig_add_cli_test(cli_sweep_bad_specs python_test.sh sweep_bad_specs.py)
# Sweep formation on the GPU (gpu/sweep_form_gpu.cu) against the host
# (io/sweep_form.c), bit for bit; exits 77 without a device.
eig_add_test(gpu_sweep_form test_gpu_sweep_form.c LABELS gpu)
# Sweeps on the GPU end to end (formation, solve) against the CPU and LAPACK;
# exits 77 without one. Specs written in C (the GPU machine has no h5py).
add_executable(make_sweep_spec make_sweep_spec.c)
target_link_libraries(make_sweep_spec PRIVATE eig_testutil)
eig_add_cli_test(gpu_sweep gpu_sweep.sh $<TARGET_FILE:make_sweep_spec> $<TARGET_FILE:solve_oracle>)
set_tests_properties(gpu_sweep PROPERTIES LABELS "gpu;cli")
# The control family expressed as a spec (examples/control_spec.py): the same matrices, bit for bit.
eig_add_cli_test(cli_sweep_control sweep_control.sh)
# Sweeps + reductions end to end: an h5py spec -> solve --reduce (1 and 3 ranks,
# kill + --resume, --range + merge) -> grid-shaped map equal to numpy's -> plot.
eig_add_cli_test(cli_sweep_map sweep_map.sh $<TARGET_FILE:eig_kill_shim>)
if(EIGSWEEP_SANITIZE)
  set_property(TEST cli_sweep_map APPEND PROPERTY ENVIRONMENT "EIG_SANITIZED=1")
endif()

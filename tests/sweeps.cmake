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
# Sweeps on the GPU end to end (formation, solve) against the CPU; exits 77 without one.
eig_add_cli_test(gpu_sweep gpu_sweep.sh)
set_tests_properties(gpu_sweep PROPERTIES LABELS "gpu;cli")
set_property(TEST gpu_sweep APPEND PROPERTY ENVIRONMENT "SWEEP_LIB=${CMAKE_CURRENT_SOURCE_DIR}/cli")
# The control family expressed as a spec (examples/control_spec.py): the same matrices, bit for bit.
eig_add_cli_test(cli_sweep_control sweep_control.sh)

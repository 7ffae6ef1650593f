# The output file's life through kills, concurrent runs and I/O errors
# (issue 19): tests/cli/kill_points.sh kills a run at chosen writes to its
# .partial through an LD_PRELOAD shim (tests/kill_shim.c) and checks that
# --resume always finishes it; tests/cli/output_lifecycle.sh covers locks,
# keys of complete files and errors in resumed runs.
add_library(eig_kill_shim MODULE kill_shim.c)
target_link_libraries(eig_kill_shim PRIVATE ${CMAKE_DL_LIBS})
set_target_properties(eig_kill_shim PROPERTIES PREFIX "")
# The shim is built for the test, not linked into anything: build it with eigsweep.
add_dependencies(eigsweep eig_kill_shim)
eig_add_cli_test(cli_kill_points kill_points.sh $<TARGET_FILE:eig_kill_shim>)
eig_add_cli_test(cli_output_lifecycle output_lifecycle.sh $<TARGET_FILE:eig_kill_shim>)
# An LD_PRELOADed library ahead of AddressSanitizer's runtime makes ASan
# refuse to start ("runtime does not come first"): the kill test skips (77)
# in the sanitizer build, which only re-runs the same logic anyway.
if(EIGSWEEP_SANITIZE)
  set_property(TEST cli_kill_points cli_output_lifecycle APPEND PROPERTY ENVIRONMENT "EIG_SANITIZED=1")
endif()

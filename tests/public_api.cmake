# The public C API (include/eigsweep.h, docs/api.md). After cli.cmake (eig_add_cli_test).
# Argument checks of the public batch calls; AUTO resolved by the call.
eig_add_test(api_argument_checks test_api_args.c LABELS unit)
# The installed package (cmake --install) used by a program of a user's own:
# find_package(eigsweep) and pkg-config builds of examples/api_example.c.
eig_add_cli_test(install_package install_package.sh ${CMAKE_BINARY_DIR} ${CMAKE_SOURCE_DIR} ${CMAKE_COMMAND}
                 ${CMAKE_C_COMPILER})
set_tests_properties(install_package PROPERTIES LABELS "install" TIMEOUT 300)

# What the launcher's environment says before MPI_Init, and the MPI transport
# eigsweep asks for on one node (driver/launcher.c, driver/mpi_transport.c).
eig_add_test(unit_launcher test_launcher.c LABELS unit)
target_sources(unit_launcher PRIVATE ${PROJECT_SOURCE_DIR}/driver/launcher.c ${PROJECT_SOURCE_DIR}/driver/mpi_transport.c)
target_include_directories(unit_launcher PRIVATE ${PROJECT_SOURCE_DIR}/driver)
eig_add_cli_test(cli_one_node_pml one_node_pml.sh)
eig_add_cli_test(cli_singleton_race singleton_race.sh)
set_tests_properties(cli_singleton_race PROPERTIES RUN_SERIAL TRUE) # 64 processes at once: alone
eig_add_cli_test(cli_cpu_no_cuda_driver cpu_no_cuda_driver.sh)

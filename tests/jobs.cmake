# The job scripts of jobs/ (Slurm, PBS, scaling study), run on the CPU.
eig_add_cli_test(cli_jobs_scripts jobs_scripts.sh)
set_tests_properties(cli_jobs_scripts PROPERTIES TIMEOUT 300)

# Lint: every shell script of the project parses and passes ShellCheck
# (tests/lint_shell.sh says which severity where); skipped without shellcheck.
add_test(NAME lint_shell COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/lint_shell.sh ${PROJECT_SOURCE_DIR})
set_tests_properties(lint_shell PROPERTIES LABELS lint SKIP_RETURN_CODE 77)

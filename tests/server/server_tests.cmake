# tests/server/server_tests.cmake — the server layer's tests: GoogleTest binaries (config, the
# service in-process over a unix socket) and the daemon as a process, driven by a Python gRPC client
# whose stubs are generated from proto/ with grpc_python_plugin when the test runs.
cuzk_test_suite(server DEPS server groth16)
target_compile_definitions(test_server_config PRIVATE CUZK_SOURCE_DIR="${PROJECT_SOURCE_DIR}")
# the service test checks the daemon's proofs with `cuzk-bench verify` too
target_compile_definitions(test_server_service PRIVATE CUZK_BENCH="$<TARGET_FILE:cuzk-bench>")
add_dependencies(test_server_service cuzk-bench)
# the TLS test makes its certificates with OpenSSL's C API (libcrypto, which the server layer links
# through src/hash), drives cuzk-bench's --tls-ca/--token-file and a cuzk-daemon with [listen] TLS
target_compile_definitions(test_server_tls PRIVATE CUZK_BENCH="$<TARGET_FILE:cuzk-bench>"
                                                   CUZK_DAEMON="$<TARGET_FILE:cuzk-daemon>")
add_dependencies(test_server_tls cuzk-bench cuzk-daemon)

# Debian's python3-grpcio installs into /usr/bin/python3's path; a pyenv or venv python3 earlier
# on PATH may not see it, so the system interpreter is preferred when it exists.
find_program(CUZK_SYSTEM_PYTHON3 python3 PATHS /usr/bin NO_DEFAULT_PATH)
find_program(CUZK_PYTHON3 python3)
set(CUZK_TEST_PYTHON ${CUZK_PYTHON3})
if(CUZK_SYSTEM_PYTHON3)
  set(CUZK_TEST_PYTHON ${CUZK_SYSTEM_PYTHON3})
endif()
find_program(CUZK_PROTOC protoc REQUIRED)
find_program(CUZK_GRPC_PYTHON_PLUGIN grpc_python_plugin REQUIRED)
find_program(CUZK_PROMTOOL promtool)
add_test(NAME server_daemon_python
         COMMAND ${CUZK_TEST_PYTHON} ${CMAKE_CURRENT_SOURCE_DIR}/server/daemon_test.py
                 --daemon $<TARGET_FILE:cuzk-daemon> --bench $<TARGET_FILE:cuzk-bench>
                 --proto-dir ${PROJECT_SOURCE_DIR}/proto --protoc ${CUZK_PROTOC}
                 --grpc-python-plugin ${CUZK_GRPC_PYTHON_PLUGIN} --promtool "${CUZK_PROMTOOL}")
set_tests_properties(server_daemon_python PROPERTIES LABELS "server;app" TIMEOUT 300 COST 100)

# A real PoRep 2 KiB C2 through the daemon, checked outside it (minutes on 2 cores: long). Uses the
# 2 KiB test parameters the filecoin_e2e fixture makes once per ctest run.
add_test(NAME server_daemon_porep_e2e
         COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/server/daemon_kinds_e2e.sh $<TARGET_FILE_DIR:cuzk-daemon>
                 ${CMAKE_BINARY_DIR}/test-params porep)
set_tests_properties(server_daemon_porep_e2e PROPERTIES FIXTURES_REQUIRED porep_2kib_test_params
                     LABELS "server;long" TIMEOUT 3600 COST 100)

# WindowPoSt + WinningPoSt, and SnapDeals, through the daemon at 2 KiB (gen-vanilla <kind> -> single
# --request -> COMPLETED), each proof checked outside it with `verify --request` (and failing under
# other randomness / another comm_r_new). The PoSt pair takes ~21-26 s wall at load 12; SnapDeals
# (1.7 M constraints) ~72-80 s there. Both are labelled long because the shared 2 KiB parameter
# fixture they require (PoRep's included) takes minutes when it is not cached: a `-LE long` run stays
# quick.
add_test(NAME server_daemon_post_e2e
         COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/server/daemon_kinds_e2e.sh $<TARGET_FILE_DIR:cuzk-daemon>
                 ${CMAKE_BINARY_DIR}/test-params window-post winning-post)
set_tests_properties(server_daemon_post_e2e PROPERTIES FIXTURES_REQUIRED filecoin_2kib_test_params
                     LABELS "server;long" TIMEOUT 900 COST 100)
add_test(NAME server_daemon_snap_e2e
         COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/server/daemon_kinds_e2e.sh $<TARGET_FILE_DIR:cuzk-daemon>
                 ${CMAKE_BINARY_DIR}/test-params snap)
set_tests_properties(server_daemon_snap_e2e PROPERTIES FIXTURES_REQUIRED filecoin_2kib_test_params
                     LABELS "server;long" TIMEOUT 1800 COST 100)

# tests/fuzz/fuzz.cmake — the configuration of a fuzz build (-DCUZK_FUZZ=ON, scripts/fuzz.sh).
#
# libFuzzer ships with clang (Debian: clang and libclang-rt-dev), so the whole build is clang's. Every
# C++ file gets the sanitizer build's checks (CUZK_SANITIZE=address,undefined, any report fatal) and
# libFuzzer's coverage instrumentation (-fsanitize=fuzzer-no-link), so that the fuzzer sees the
# branches of the parsers, not only of the target; only the targets link libFuzzer's main
# (tests/fuzz/CMakeLists.txt). CUDA, the test suite and the benchmarks are left out: a fuzz build
# builds the layers its targets link and nothing else.
if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
  message(FATAL_ERROR "CUZK_FUZZ needs clang (libFuzzer): configure with -DCMAKE_CXX_COMPILER=clang++")
endif()
set(CUZK_SANITIZE address,undefined)
# the portable limb arithmetic: Debian 12's clang 14 does not know "adx" in __builtin_cpu_supports
# (src/ff/mont_adx.cpp), and a fuzzer looks for parser bugs, not for arithmetic speed
add_compile_definitions(CUZK_PORTABLE=1)
set(CUZK_ENABLE_CUDA OFF)
set(CUZK_BUILD_TESTS OFF)
set(CUZK_BUILD_BENCH OFF)
add_compile_options($<$<COMPILE_LANGUAGE:CXX>:-fsanitize=fuzzer-no-link>)

#!/usr/bin/env bash
# scripts/test.sh — the project's test contract: install what is missing, build Release, run ctest.
#
#   ./scripts/test.sh                 everything, long-running tests (label long) included: CI runs this
#   CUZK_CTEST_ARGS="-L oracle" ./scripts/test.sh   extra ctest arguments
#
# Exit status is non-zero when anything fails: packages, npm, configure, build, a test or a fuzzer.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source scripts/packages.sh

BUILD_DIR=${CUZK_BUILD_DIR:-build}
JOBS=$(nproc)
start=$SECONDS

CuzkInstallPackages
CuzkInstallOracles

# The CUDA backend compiles to unoptimised PTX only here (CUZK_TEST_CUDA_ARCHS, default 90-virtual;
# CUZK_TEST_CUDA_FLAGS, default -Xcicc -O0): every line of device code goes through nvcc's front end,
# but neither NVVM's optimiser (~80% of a heavy .cu's compile: msm_g2.cu takes 140 s of CPU, 27 s
# unoptimised) nor ptxas, which matter only where a GPU runs the code. The product build (setup.sh)
# and scripts/gpu-check.sh on the GPU host compile optimised sm_90 SASS and run it.
cmake -S . -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_CUDA_ARCHITECTURES="${CUZK_TEST_CUDA_ARCHS:-90-virtual}" \
  -DCMAKE_CUDA_FLAGS="${CUZK_TEST_CUDA_FLAGS:--Xcicc -O0}" -DCUZK_WERROR=ON
cmake --build "$BUILD_DIR" --parallel "$JOBS"
build_done=$SECONDS

ctest_args=(--test-dir "$BUILD_DIR" --output-on-failure --parallel "$JOBS")
# shellcheck disable=SC2206  # word splitting of the user's extra arguments is intended
ctest_args+=(${CUZK_CTEST_ARGS:-})

status=0
ctest "${ctest_args[@]}" || status=$?

# clang-tidy (.clang-tidy: bugprone-*, performance-*) with every finding an error, over the daemon's
# own path: src/engine, src/server and apps/cuzk-daemon (~60 files, ~1.5 min on 2 cores; the whole
# of src/ and apps/ takes ~17 min: ./scripts/tidy.sh). CUZK_SKIP_TIDY=1 skips it.
tidy_status=0
if [ "${CUZK_SKIP_TIDY:-0}" != 1 ]; then
  TIDY_ERRORS=1 TIDY_JOBS="$JOBS" scripts/tidy.sh "$BUILD_DIR" "$PWD/(src/engine|src/server|apps/cuzk-daemon)/.*\.cpp$" ||
    tidy_status=$?
fi
tests_done=$SECONDS

# The same parsers and request path again under AddressSanitizer and UndefinedBehaviorSanitizer
# (tests labelled sanitize, tests/CMakeLists.txt): only those tests and what they link are built,
# without CUDA or benchmarks, at -O0 (the build is nearly all of this step: its tests run in under a
# minute, and -O0 compiles in ~60% of -O1's time); any report fails the test. CUZK_SKIP_SANITIZE=1
# skips it.
sanitize_status=0
if [ "${CUZK_SKIP_SANITIZE:-0}" != 1 ]; then
  SANITIZE_DIR=${BUILD_DIR}-sanitize
  cmake -S . -B "$SANITIZE_DIR" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_FLAGS_RELEASE="-O0 -g1" \
    -DCUZK_SANITIZE=address,undefined -DCUZK_ENABLE_CUDA=OFF -DCUZK_BUILD_BENCH=OFF -DCUZK_WERROR=ON
  cmake --build "$SANITIZE_DIR" --parallel "$JOBS" --target sanitize-tests
  ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    ctest --test-dir "$SANITIZE_DIR" --output-on-failure --parallel "$JOBS" -L sanitize || sanitize_status=$?
fi
sanitize_done=$SECONDS

# Every parser of outside bytes under libFuzzer (tests/fuzz, clang), from the committed corpus
# (tests/fuzz/corpus): scripts/fuzz.sh --ci builds just the sources the fuzzers link (-O1, ASan,
# UBSan, no CUDA) and runs each target for CUZK_FUZZ_SECONDS (default 20), two at a time; a crash,
# hang, leak or broken contract fails. CUZK_SKIP_FUZZ=1 skips it.
fuzz_status=0
if [ "${CUZK_SKIP_FUZZ:-0}" != 1 ]; then
  CUZK_FUZZ_BUILD_DIR=${BUILD_DIR}-fuzz scripts/fuzz.sh --ci "${CUZK_FUZZ_SECONDS:-20}" || fuzz_status=$?
fi
echo "test.sh: build $((build_done - start)) s, tests and tidy $((tests_done - build_done)) s, sanitizer build and" \
  "tests $((sanitize_done - tests_done)) s, fuzz build and runs $((SECONDS - sanitize_done)) s; ctest exit $status," \
  "tidy exit $tidy_status, sanitizer ctest exit $sanitize_status, fuzz exit $fuzz_status"
[ "$status" -ne 0 ] || status=$tidy_status
[ "$status" -ne 0 ] || status=$sanitize_status
[ "$status" -ne 0 ] || status=$fuzz_status
exit "$status"

#!/usr/bin/env bash
# scripts/gpu-bundle-tests.sh — runs the GPU test binaries of a bundle (scripts/gpu-bundle.sh with
# PROGRAMS naming test_gpu_* of a full build) on a GPU host that cannot build them: the tests that
# need the whole CPU stack (tests/gpu/pce_*_test.cpp, groth16_backend, small_proof, engine_devices) are not in
# gpu-check.sh's GPU-only build. The 2KiB parameters of the four kinds that
# tests/gpu/pce_filecoin_test.cpp reads are made first with the bundle's cuzk-bench (kept in
# PARAMS between calls on a warm host). A test that fails or skips fails the script, as in
# gpu-check.sh: only the two-device tests (tests/gpu/engine_devices_test.cpp) may skip, and only on
# a host with fewer than two GPUs.
#
#   BUNDLE=/tmp/b OUT=/tmp/out ./scripts/gpu-bundle-tests.sh [test_gpu_NAME ...]   (default: every one bundled)
#
# Environment: PARAMS (default /tmp/cuzk-test-params), GTEST_FILTER (passed through).
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
BUNDLE=${BUNDLE:-.bundle}
OUT=${OUT:-gpu-report}
PARAMS=${PARAMS:-/tmp/cuzk-test-params}
mkdir -p "$OUT" "$PARAMS"
report="$OUT/bundle-tests.md"
say() { echo "$*" | tee -a "$report"; }

tests=("$@")
if [ ${#tests[@]} -eq 0 ]; then
  for path in "$BUNDLE"/bin/test_gpu_*; do tests+=("$(basename "$path")"); done
fi
say "host: $(uname -n), $(nproc) cores; $(nvidia-smi -L 2>/dev/null | grep -c '^GPU ') GPU(s)"
say "tree: $(bash scripts/tree-hash.sh 2>/dev/null || echo unknown)"

# tests/gpu/device_test.cpp checks DeviceCount() against the host's count
GPUS=$(nvidia-smi -L 2>/dev/null | grep -c '^GPU ')
export CUZK_EXPECTED_DEVICES=${CUZK_EXPECTED_DEVICES:-$GPUS}
# the tests that need two devices (tests/gpu/engine_devices_test.cpp)
MULTI_DEVICE='GpuEngineDevices\.TwentyPartitionsOverTwoDevices(OneWorkerEach|TwoWorkersEach)'
status=0
if [[ " ${tests[*]} " == *" test_gpu_pce_filecoin "* ]]; then
  for kind in porep winning wpost snap; do
    t0=$SECONDS
    if "$BUNDLE/run" cuzk-bench params --type "$kind" --sector-size 2KiB --param-dir "$PARAMS" \
      >"$OUT/params-$kind.log" 2>&1; then
      say "- 2KiB $kind parameters: $((SECONDS - t0)) s"
    else
      say "- FAILED: 2KiB $kind parameters (params-$kind.log)"
      status=1
    fi
  done
fi

for test in "${tests[@]}"; do
  log="$OUT/$test.log"
  t0=$SECONDS
  CUZK_TEST_PARAM_DIR=$PARAMS "$BUNDLE/run" "$test" >"$log" 2>&1
  rc=$?
  # one line per test with its time; GoogleTest's summary repeats the names without one
  passed=$(grep -cE '^\[       OK \] .* \([0-9]+ ms\)$' "$log")
  skipped=$(grep -cE '^\[  SKIPPED \] .* \([0-9]+ ms\)$' "$log")
  failed=$(grep -cE '^\[  FAILED  \] .* \([0-9]+ ms\)$' "$log")
  say "- $test: exit $rc, $passed passed, $skipped skipped, $failed failed, $((SECONDS - t0)) s"
  grep -E '^\[  (FAILED  |SKIPPED )\] .* \([0-9]+ ms\)$' "$log" | sed 's/^/    /' | tee -a "$report"
  unexpected=$(grep -E '^\[  SKIPPED \] .* \([0-9]+ ms\)$' "$log" | grep -vE "$MULTI_DEVICE" | wc -l)
  [ "$GPUS" -lt 2 ] || unexpected=$skipped
  if [ "$rc" -ne 0 ] || [ "$passed" -eq 0 ] || [ "$unexpected" -gt 0 ]; then status=1; fi
done
say "result: $([ $status -eq 0 ] && echo PASS || echo FAIL)"
exit $status

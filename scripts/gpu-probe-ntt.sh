#!/usr/bin/env bash
# scripts/gpu-probe-ntt.sh — NTT experiments for a device slot (run by the lead after gpu-check.sh):
# the tiled NTT's register radix 8 (default) against 4 (CUZK_NTT_RADIX=4): correctness of radix 4 on
# the device, transform and H-step times, the legacy path for comparison, and ncu's view of one pass
# of each radix. Env: BUILD (the GPU
# build dir), PROBE_OUT (where results go). ≤ 90 s in all.
set -uo pipefail
BUILD=${BUILD:-build-gpu}
OUT=${PROBE_OUT:-probe-ntt}
mkdir -p "$OUT"
T0=$(date +%s)
el() { echo "[$(($(date +%s) - T0)) s]"; }
B="$BUILD/bench/gpu/gpu_bench"
T="$BUILD/tests/gpu/test_gpu_ntt_device"
echo "$(el) gpu_bench: $B" | tee "$OUT/probe.log"

echo "$(el) radix 4 device tests" | tee -a "$OUT/probe.log"
CUZK_NTT_RADIX=4 timeout 25 "$T" --gtest_filter='*SmallSizes*:*Quotient*' >"$OUT/radix4_tests.txt" 2>&1
grep -E "PASSED|FAILED|OK \]" "$OUT/radix4_tests.txt" | tail -6 | tee -a "$OUT/probe.log"

for r in 8 4; do
  echo "$(el) radix $r: transforms + H" | tee -a "$OUT/probe.log"
  CUZK_NTT_RADIX=$r timeout 30 "$B" --runs 5 --filter ntt_forward --json "$OUT/r$r.json" >"$OUT/r$r.txt" 2>&1
  CUZK_NTT_RADIX=$r timeout 30 "$B" --runs 5 --filter h_step --json "$OUT/r${r}_h.json" >"$OUT/r${r}_h.txt" 2>&1
  grep -E "median" "$OUT/r$r.txt" "$OUT/r${r}_h.txt" | grep -v "/[0-9]*:" | tee -a "$OUT/probe.log"
done

echo "$(el) legacy radix-8 global passes (CUZK_NTT_LEGACY=1)" | tee -a "$OUT/probe.log"
CUZK_NTT_LEGACY=1 timeout 30 "$B" --runs 3 --filter ntt_forward --json "$OUT/legacy.json" >"$OUT/legacy.txt" 2>&1
grep -E "median" "$OUT/legacy.txt" | tee -a "$OUT/probe.log"

if command -v ncu >/dev/null 2>&1; then
  for r in 8 4; do
    echo "$(el) ncu radix $r" | tee -a "$OUT/probe.log"
    CUZK_NTT_RADIX=$r timeout 20 ncu --clock-control none --kernel-name regex:TiledPassKernel --launch-skip 2 --launch-count 1 \
      --section SpeedOfLight --section Occupancy --section LaunchStats --section ComputeWorkloadAnalysis \
      "$B" --runs 1 --filter ntt_forward >"$OUT/ncu_r$r.txt" 2>&1
    grep -E "TiledPassKernel|Duration|Compute \(SM\) Throughput|Memory Throughput|Registers Per|Achieved Occupancy|Theoretical Occupancy|Issue Slots Busy|Executed Ipc A|Block Limit Reg|Block Limit Shared" \
      "$OUT/ncu_r$r.txt" | head -16 | tee -a "$OUT/probe.log"
  done
fi
echo "$(el) done" | tee -a "$OUT/probe.log"

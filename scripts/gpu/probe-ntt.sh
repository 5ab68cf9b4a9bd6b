#!/usr/bin/env bash
# scripts/gpu/probe-ntt.sh — NTT experiments on a GPU machine (run after gpu-check.sh, which already
# times every transform, the H step and each of their kernels): ncu's view of two tiled passes of the 2^24 forward
# transform (one without a twist, one with), for where the issue slots go. Env: BUILD (the GPU build dir), PROBE_OUT
# (where results go). ≤ 60 s.
set -uo pipefail
BUILD=${BUILD:-build-gpu}
OUT=${PROBE_OUT:-probe-ntt}
mkdir -p "$OUT"
B="$BUILD/bench/gpu/gpu_bench"
if ! command -v ncu >/dev/null 2>&1; then
  echo "ncu: not found" | tee "$OUT/probe.log"
  exit 0
fi
timeout 55 ncu --clock-control none --kernel-name regex:TiledPassKernel --launch-skip 0 --launch-count 2 \
  --section SpeedOfLight --section Occupancy --section LaunchStats --section WarpStateStats --section SchedulerStats \
  "$B" --runs 1 --filter ntt_forward >"$OUT/ncu.txt" 2>&1
grep -E "TiledPassKernel|Duration|Compute \(SM\) Throughput|Registers Per|Achieved Occupancy|Issue Slots Busy|One or More Eligible|No Eligible|Active Warps Per Scheduler|Eligible Warps Per|Warp Cycles Per Issued|Stall" \
  "$OUT/ncu.txt" | head -40 | tee "$OUT/probe.log"

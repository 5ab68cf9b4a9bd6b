#!/usr/bin/env bash
# scripts/gpu-probe-ntt.sh — NTT experiments for a device slot (run by the lead after gpu-check.sh):
# the tiled NTT against the legacy radix-8 path, per-kernel times, and one ncu look at a tiled pass.
# Env: BUILD (the GPU build dir), PROBE_OUT (where results go). ≤ 90 s in all.
set -uo pipefail
BUILD=${BUILD:-build-gpu}
OUT=${PROBE_OUT:-probe-ntt}
mkdir -p "$OUT"
B="$BUILD/bench/gpu/gpu_bench"
[ -x "$B" ] || B=$(find "$BUILD" -name gpu_bench -type f -perm -u+x | head -1)
echo "gpu_bench: $B" | tee "$OUT/probe.log"

# legacy (radix-8 through global memory) for the before/after at 2^27
CUZK_NTT_LEGACY=1 timeout 40 "$B" --runs 3 --filter ntt_forward --json "$OUT/legacy.json" >"$OUT/legacy.txt" 2>&1
tail -3 "$OUT/legacy.txt" | tee -a "$OUT/probe.log"

# ncu on the first tiled passes (2^24 forward: bit reversal + passes): occupancy, registers, issue and memory rates
if command -v ncu >/dev/null 2>&1; then
  timeout 45 ncu --clock-control none --kernel-name regex:TiledPassKernel --launch-count 3 \
    --section SpeedOfLight --section Occupancy --section LaunchStats --section ComputeWorkloadAnalysis \
    --section MemoryWorkloadAnalysis "$B" --runs 1 --filter ntt_forward >"$OUT/ncu.txt" 2>&1
  grep -E "TiledPassKernel|Duration|Compute \(SM\) Throughput|Memory Throughput|Registers Per|Achieved Occupancy|Theoretical Occupancy|Issue Slots Busy|Executed Ipc|Block Limit" \
    "$OUT/ncu.txt" | head -60 | tee -a "$OUT/probe.log"
else
  echo "ncu: not found" | tee -a "$OUT/probe.log"
fi

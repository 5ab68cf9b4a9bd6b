#!/usr/bin/env bash
# scripts/gpu/probe-pce-eval.sh — ncu's view of the pre-compiled circuit's evaluation kernel
# (src/gpu/pce_eval.cu) on a PoRep partition, for where its time goes (issue 18: 82 ms at 32 GiB against
# a 50 ms bar): occupancy, memory throughput, and what its warps wait on. From a bundle
# (scripts/gpu-bundle.sh, cuzk-bench in it): a virtual request of SIZE (default 8MiB: the same gadgets
# as 32 GiB, ~2,800 row blocks, five waves of the GPU), then one pce-bench run with the kernel's first
# launch profiled. Env: BUNDLE, PROBE_OUT, SIZE. ≤ 2 min at 8 MiB.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
BUNDLE=${BUNDLE:-.bundle}
OUT=${PROBE_OUT:-probe-pce-eval}
SIZE=${SIZE:-8MiB}
WORK=${WORK:-/tmp/cuzk-probe-pce}
mkdir -p "$OUT" "$WORK"
NCU=$(command -v ncu || echo /usr/local/cuda/bin/ncu)
if [ ! -x "$NCU" ]; then
  echo "ncu: not found" | tee "$OUT/probe.log"
  exit 0
fi
"$BUNDLE/run" cuzk-bench gen-vanilla porep --virtual --sector-size "$SIZE" --out "$WORK/req" >"$OUT/gen.log" 2>&1 ||
  { echo "gen-vanilla failed (gen.log)" | tee "$OUT/probe.log"; exit 1; }
LD_LIBRARY_PATH="$BUNDLE/lib" timeout 110 "$NCU" --clock-control none --kernel-name regex:PceEvaluateKernel \
  --launch-count 1 --section SpeedOfLight --section Occupancy --section LaunchStats --section WarpStateStats \
  --section MemoryWorkloadAnalysis --section SchedulerStats \
  "$BUNDLE/bin/cuzk-bench" pce-bench --request "$WORK/req/request.txt" --runs 1 >"$OUT/ncu.txt" 2>&1
grep -E "PceEvaluateKernel|Duration|Throughput|Registers Per|Shared Memory Config|Achieved Occupancy|Theoretical Occ|Block Limit|Issue Slots Busy|No Eligible|Active Warps Per Scheduler|Eligible Warps Per|Warp Cycles Per Issued|Stall|L1/TEX Hit|L2 Hit|Mem Busy|Max Bandwidth" \
  "$OUT/ncu.txt" | head -60 | tee "$OUT/probe.log"
rm -rf "$WORK"

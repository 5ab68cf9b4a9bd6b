#!/usr/bin/env bash
# scripts/gpu/probe-partition.sh — the 2^27 partition with every MSM profiled (CUZK_MSM_PROFILE=1), under the cost-model
# window rule (the default: c = 16 for the ~3.9 M-point L and A tails, 13 under =capped). Compare its
# "msm profile" lines and phases with gpu-check's default run. Env: BUILD, PROBE_OUT. ~70 s (host setup ~50 s).
set -u
B=${BUILD:-build-gpu}
O=${PROBE_OUT:-probe-partition}
mkdir -p "$O"
P="$B/bench/gpu/gpu_prover_bench"
[ -x "$P" ] || { echo "no gpu_prover_bench" | tee "$O/probe.log"; exit 0; }
CUZK_MSM_PROFILE=1 timeout 85 "$P" --log "${CUZK_GPU_PARTITION_LOG:-27}" --runs 2 \
  --pipeline 0 >"$O/probe.log" 2>&1
grep -E "msm profile|ProveStart|phases" "$O/probe.log" | tail -12

#!/usr/bin/env bash
# scripts/gpu/probe-partition.sh — the 2^27 partition with every MSM profiled (--msm-profile), under the cost-model
# window rule (c = 16 for the ~3.9 M-point L and A tails). Compare its
# "msm profile" lines and phases with gpu-check's default run. Env: BUILD, PROBE_OUT. ~70 s (host setup ~50 s).
set -u
B=${BUILD:-build-gpu}
O=${PROBE_OUT:-probe-partition}
mkdir -p "$O"
P="$B/bench/gpu/gpu_prover_bench"
[ -x "$P" ] || { echo "no gpu_prover_bench" | tee "$O/probe.log"; exit 0; }
timeout 85 "$P" --log "${CUZK_GPU_PARTITION_LOG:-27}" --runs 2 \
  --pipeline 0 --msm-profile >"$O/probe.log" 2>&1
grep -E "msm profile|ProveStart|phases" "$O/probe.log" | tail -12

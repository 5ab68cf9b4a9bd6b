#!/usr/bin/env bash
# scripts/gpu/probe-twist.sh — the NTT's twist above the root table (the 2^27 top pass) both ways, in one process
# each: one lookup an element (NttPassArgs::twist_lookups, the default) against the per-thread geometric series
# (CUZK_NTT_TWIST=geometric), the 2^27 forward transform and its kernels. gpu-check's own bench run is the default's
# figure from the same machine. Env: BUILD, PROBE_OUT. ≤ 60 s.
set -u
B=${BUILD:-build-gpu}
O=${PROBE_OUT:-probe-twist}
mkdir -p "$O"
GB="$B/bench/gpu/gpu_bench"
[ -x "$GB" ] || { echo "no gpu_bench" | tee "$O/probe.log"; exit 0; }
for mode in lookup geometric; do
  echo "=== twist: $mode" | tee -a "$O/probe.log"
  CUZK_NTT_TWIST=$mode timeout 30 "$GB" --runs 7 --filter ntt_forward 2>&1 | grep -E "2\^27" | tee -a "$O/probe.log"
done

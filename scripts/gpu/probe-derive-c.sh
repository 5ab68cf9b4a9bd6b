#!/usr/bin/env bash
# scripts/gpu/probe-derive-c.sh — the 2^27 partition with c formed on the device (--derive-c, gpus.derive_c: 4.3 GB less
# PCIe a partition), single and pipelined (two workers): compare with gpu-check's default run, whose pipelined figure
# pays for c's copy contending with the other worker's a. Env: BUILD, PROBE_OUT. ~110 s (host setup ~50 s; run it with PROBE_CAP=150).
set -u
B=${BUILD:-build-gpu}
O=${PROBE_OUT:-probe-derive-c}
mkdir -p "$O"
P="$B/bench/gpu/gpu_prover_bench"
[ -x "$P" ] || { echo "no gpu_prover_bench" | tee "$O/probe.log"; exit 0; }
timeout 140 "$P" --log "${CUZK_GPU_PARTITION_LOG:-27}" --runs 3 --pipeline 4 --derive-c >"$O/probe.log" 2>&1
grep -E "ProveStart|phases|pipelined" "$O/probe.log"

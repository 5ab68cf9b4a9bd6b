#!/usr/bin/env bash
# scripts/gpu-probe-msm.sh — MSM experiments at a device slot (run after scripts/gpu-check.sh with
# BUILD=<its build dir>, PROBE_OUT=<folder>; ≤ 90 s): raw field/curve rates, then per-phase times
# (CUZK_MSM_PROFILE=1) of G1/G2 MSMs under several window widths and both sorts.
set -u
B=${BUILD:-build-gpu}
O=${PROBE_OUT:-probe-msm}
mkdir -p "$O"
T0=$(date +%s)
el() { echo "[$(($(date +%s) - T0)) s]"; }
run() { # label, timeout, env..., -- command...
  local label=$1 t=$2
  shift 2
  echo "=== $(el) $label" | tee -a "$O/probe.log"
  timeout "$t" env "$@" 2>&1 | tee -a "$O/probe.log" | grep -E "msm profile|median|rate|ERROR" | tail -12
}
[ -x "$B/bench/gpu/gpu_field_rates" ] && run rates 20 "$B/bench/gpu/gpu_field_rates" --runs 3
GB="$B/bench/gpu/gpu_bench"
[ -x "$GB" ] || { echo "no gpu_bench"; exit 1; }
for cfg in "radix 0" "count 0" "count 18" "count 20"; do
  set -- $cfg
  run "G1 2^24 sort=$1 window=$2" 12 CUZK_MSM_PROFILE=1 CUZK_MSM_SORT=$1 CUZK_MSM_WINDOW=$2 "$GB" --filter "msm_g1 2^24" --runs 2
done
run "G1 2^24 sort=count window=20 chunk=16" 12 CUZK_MSM_PROFILE=1 CUZK_MSM_SORT=count CUZK_MSM_WINDOW=20 \
  CUZK_MSM_CHUNK=16 "$GB" --filter "msm_g1 2^24" --runs 2
run "G1 2^26 sort=count window=21 run=2^26" 20 CUZK_MSM_PROFILE=1 CUZK_MSM_SORT=count CUZK_MSM_WINDOW=21 \
  CUZK_MSM_RUN_LOG=26 "$GB" --filter "msm_g1 2^26" --runs 2
for cfg in "radix 0 0" "count 0 1" "count 18 1"; do
  set -- $cfg
  run "G2 2^22 sort=$1 window=$2 lane_pairs=$3" 12 CUZK_MSM_PROFILE=1 CUZK_MSM_SORT=$1 CUZK_MSM_WINDOW=$2 \
    CUZK_MSM_G2_PAIRS=$3 "$GB" --filter "msm_g2 2^22" --runs 2
done
for pairs in 0 1; do
  run "G2 batch add 2^22 lane_pairs=$pairs" 10 CUZK_MSM_G2_PAIRS=$pairs "$GB" --filter "batch_add_g2" --runs 3
done
run "G1 2^26 sort=count window=18" 20 CUZK_MSM_PROFILE=1 CUZK_MSM_SORT=count CUZK_MSM_WINDOW=18 "$GB" --filter "msm_g1 2^26" --runs 2
echo "$(el) done" | tee -a "$O/probe.log"

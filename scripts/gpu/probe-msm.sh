#!/usr/bin/env bash
# scripts/gpu/probe-msm.sh — MSM measurements on a GPU machine (run after scripts/gpu-check.sh with
# BUILD=<its build dir>, PROBE_OUT=<folder>; ≤ 60 s): raw field/curve rates (gpu_field_rates), the
# SASS instruction mix of the field multiplications, then per-phase times (gpu_bench --msm-profile) of
# the default G1/G2 MSMs. Other window widths: --msm-window c.
set -u
B=${BUILD:-build-gpu}
O=${PROBE_OUT:-probe-msm}
mkdir -p "$O"
T0=$(date +%s)
el() { echo "[$(($(date +%s) - T0)) s]"; }
run() { # label, timeout, command...
  local label=$1 t=$2
  shift 2
  echo "=== $(el) $label" | tee -a "$O/probe.log"
  timeout "$t" "$@" 2>&1 | tee -a "$O/probe.log" | grep -E "msm profile|median|rate|ERROR" | tail -12
}
[ -x "$B/bench/gpu/gpu_field_rates" ] && run rates 15 "$B/bench/gpu/gpu_field_rates" --runs 3
# instruction mix of the field multiplication kernels (what ptxas made of the carry chains)
if command -v cuobjdump >/dev/null 2>&1 && [ -x "$B/bench/gpu/gpu_field_rates" ]; then
  cuobjdump -sass "$B/bench/gpu/gpu_field_rates" >"$O/field_rates.sass" 2>/dev/null
  awk '/Function :/ {f=$3} /\/\*[0-9a-f]+\*\// {split($0, a, /;/); n=split(a[1], w, " "); for (i=1;i<=n;i++) if (w[i] ~ /^[A-Z][A-Z0-9_.]+$/ && w[i] != "ISETP") {c[f" "w[i]]++; break}}
       END {for (k in c) print c[k], k}' "$O/field_rates.sass" | sort -k2,2 -k1,1nr | grep -E "MulChain|SquareChain" >"$O/field_rates_mix.txt"
  head -40 "$O/field_rates_mix.txt"
  gzip -f "$O/field_rates.sass"
fi
GB="$B/bench/gpu/gpu_bench"
[ -x "$GB" ] || { echo "no gpu_bench"; exit 1; }
run "G1 2^24 default" 10 "$GB" --msm-profile --filter "msm_g1 2^24" --runs 2
run "G2 2^22 default" 10 "$GB" --msm-profile --filter "msm_g2 2^22" --runs 2
run "G2 2^24 default" 20 "$GB" --msm-profile --filter "msm_g2 2^24" --runs 2
# 2^26: one run, windows a group a pass (default c = 20; c = 16 and 22 measured slower, BENCHMARKS.md)
run "G1 2^26 default" 25 "$GB" --msm-profile --filter "msm_g1 2^26" --runs 2
# the scalar fold (msm_window.hpp MsmWindows) gives 2^24 c = 17 in 15 windows; c = 16 (16 windows) is the plain
# rule's width, c = 20 (13 windows) the next the rule allows
run "G1 2^24 c=16" 10 "$GB" --msm-profile --msm-window 16 --filter "msm_g1 2^24" --runs 3
run "G2 2^24 c=16" 25 "$GB" --msm-profile --msm-window 16 --filter "msm_g2 2^24" --runs 3
run "G2 2^24 c=20" 25 "$GB" --msm-profile --msm-window 20 --filter "msm_g2 2^24" --runs 3
echo "$(el) done" | tee -a "$O/probe.log"

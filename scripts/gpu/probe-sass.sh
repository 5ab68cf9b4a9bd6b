#!/usr/bin/env bash
# scripts/gpu/probe-sass.sh — what ptxas made of the NTT's hot loop and the Fr multiply, for study off the device (a
# machine without a CUDA driver may lack cuobjdump): the SASS instruction mix of MulChain<Fr> (gpu_field_rates) and of the 9-bit tiled NTT pass
# (gpu_bench), plus the full SASS of both, gzipped. Env: BUILD, PROBE_OUT. ≤ 20 s.
set -u
B=${BUILD:-build-gpu}
O=${PROBE_OUT:-probe-sass}
mkdir -p "$O"
command -v cuobjdump >/dev/null 2>&1 || { echo "cuobjdump: not found" | tee "$O/probe.log"; exit 0; }
mix() { # sass file, function-name regex: count of each opcode (first word of an instruction) per function
  awk '/Function :/ {f=$3} /\/\*[0-9a-f]+\*\// {split($0, a, /;/); n=split(a[1], w, " "); for (i=1;i<=n;i++) if (w[i] ~ /^[A-Z][A-Z0-9_.]+$/) {c[f" "w[i]]++; break}}
       END {for (k in c) print c[k], k}' "$1" | grep -E "$2" | sort -k2,2 -k1,1nr
}
for t in gpu_field_rates:MulChain gpu_bench:TiledPassKernel; do
  exe=${t%%:*} re=${t#*:}
  [ -x "$B/bench/gpu/$exe" ] || continue
  cuobjdump -sass "$B/bench/gpu/$exe" >"$O/$exe.sass" 2>/dev/null
  mix "$O/$exe.sass" "$re" >"$O/$exe.mix.txt"
  gzip -f "$O/$exe.sass"
  head -30 "$O/$exe.mix.txt"
done

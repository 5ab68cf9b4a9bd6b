#!/usr/bin/env bash
# scripts/gpu-setup.sh — the Groth16 test setup on the GPU (cuzk-bench params --gpu), on the GPU
# host, from the bundle of scripts/gpu-bundle.sh:
#   1. the bundled GPU tests of the setup (test_gpu_fixed_base, test_gpu_setup_multiplier), when
#      the bundle has them (PROGRAMS="cuzk-bench test_gpu_fixed_base test_gpu_setup_multiplier");
#   2. PoRep 2 KiB and 8 MiB parameters made with --gpu and with --cpu for the same seed: the
#      .params and .vk files must be byte-identical (cmp);
#   3. for each kind given (default porep) at SIZE: `params --gpu --json`, reporting the file's
#      size, the seconds of every phase, write speed and peak memory; the files are deleted after
#      (the host's disk holds one 32 GiB kind at a time).
#
#   BUNDLE=.bundle OUT=/tmp/out ./scripts/gpu-setup.sh [porep|wpost|snap ...]
#
# Environment: SIZE (default 32GiB; "none" skips step 3), SEED (default 7), WORK (scratch
# directory, default /tmp/cuzk-setup), SKIP_COMPARE=1 skips step 2. Fails when a test or a
# comparison fails.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
BUNDLE=${BUNDLE:-.bundle}
OUT=${OUT:-setup-report}
SIZE=${SIZE:-32GiB}
SEED=${SEED:-7}
WORK=${WORK:-/tmp/cuzk-setup}
mkdir -p "$OUT" "$WORK"
kinds=("$@")
[ ${#kinds[@]} -gt 0 ] || kinds=(porep)
report="$OUT/setup.md"
{
  echo "host: $(uname -n), $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2 / 1048576}' /proc/meminfo)," \
    "disk free $(df -h --output=avail "$WORK" | tail -1 | tr -d ' ')"
  echo "gpu: $(nvidia-smi --query-gpu=name,memory.total --format=csv,noheader 2>/dev/null | head -1)"
  echo "tree: $(bash scripts/tree-hash.sh 2>/dev/null || echo unknown)"
} | tee "$report"
status=0

for t in test_gpu_fixed_base test_gpu_setup_multiplier; do
  [ -x "$BUNDLE/bin/$t" ] || continue
  if "$BUNDLE/run" "$t" >"$OUT/$t.log" 2>&1; then
    echo "$t: pass ($(grep -c -E '^\[ +OK' "$OUT/$t.log") ok, $(grep -c SKIP "$OUT/$t.log") skipped)" | tee -a "$report"
  else
    echo "$t: FAIL (log: $t.log)" | tee -a "$report"
    status=1
  fi
done

if [ "${SKIP_COMPARE:-0}" != 1 ]; then
  for size in 2KiB 8MiB; do
    for how in gpu cpu; do
      rm -rf "$WORK/$how" && mkdir -p "$WORK/$how"
      "$BUNDLE/run" cuzk-bench params --type porep --sector-size "$size" --seed "$SEED" --"$how" \
        --param-dir "$WORK/$how" --json "$OUT/params-porep-$size-$how.json" >"$OUT/params-porep-$size-$how.log" 2>&1 ||
        { echo "params porep $size --$how failed" | tee -a "$report"; status=1; }
    done
    same=identical
    for f in "$WORK"/cpu/*; do
      cmp -s "$f" "$WORK/gpu/$(basename "$f")" || same="DIFFERENT ($(basename "$f"))"
    done
    [ "$(ls "$WORK/cpu" | wc -l)" -ge 2 ] || same="MISSING"
    echo "porep $size --gpu vs --cpu, seed $SEED: $same;" \
      "setup $(grep -o '"setup_total": [0-9.]*' "$OUT/params-porep-$size-gpu.json" | cut -d' ' -f2) s on the GPU," \
      "$(grep -o '"setup_total": [0-9.]*' "$OUT/params-porep-$size-cpu.json" | cut -d' ' -f2) s on the CPU" | tee -a "$report"
    [ "$same" = identical ] || status=1
  done
  rm -rf "$WORK/gpu" "$WORK/cpu"
fi

if [ "$SIZE" != none ]; then
  for kind in "${kinds[@]}"; do
    dir="$WORK/$kind-$SIZE"
    rm -rf "$dir" && mkdir -p "$dir"
    "$BUNDLE/run" cuzk-bench params --type "$kind" --sector-size "$SIZE" --seed "$SEED" --gpu --param-dir "$dir" \
      --json "$OUT/params-$kind-$SIZE.json" >"$OUT/params-$kind-$SIZE.log" 2>&1 ||
      { echo "params $kind $SIZE failed" | tee -a "$report"; status=1; }
    echo "## $kind $SIZE" | tee -a "$report"
    tail -n 6 "$OUT/params-$kind-$SIZE.log" | tee -a "$report"
    ls -l "$dir" | tee -a "$report"
    rm -rf "$dir"
  done
fi
exit $status

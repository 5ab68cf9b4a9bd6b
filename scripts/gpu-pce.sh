#!/usr/bin/env bash
# scripts/gpu-pce.sh — pre-compiled synthesis figures for production-size partitions, on the GPU host
# (16 cores, 128 GiB), from the bundle of scripts/gpu-bundle.sh: for each kind, a virtual request is
# made (cuzk-bench gen-vanilla --virtual), then `cuzk-bench pce-bench` times generic synthesis,
# recording, the file's save and load, the witness and the evaluation on 1 and all threads, and
# compares the results element for element (a mismatch fails the script).
#
#   BUNDLE=.bundle OUT=/tmp/out ./scripts/gpu-pce.sh [porep|wpost|snap ...]   (default: porep)
#
# Environment: SIZE (default 32GiB), RUNS (witness/evaluation runs, default 3), WORK (scratch
# directory for requests and .pce files, default /tmp/cuzk-pce: a 32 GiB PoRep recording is ~5 GB).
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
BUNDLE=${BUNDLE:-.bundle}
OUT=${OUT:-pce-report}
SIZE=${SIZE:-32GiB}
RUNS=${RUNS:-3}
WORK=${WORK:-/tmp/cuzk-pce}
mkdir -p "$OUT" "$WORK"
kinds=("$@")
[ ${#kinds[@]} -gt 0 ] || kinds=(porep)
{
  echo "host: $(uname -n), $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2 / 1048576}' /proc/meminfo)"
  echo "tree: $(bash scripts/tree-hash.sh 2>/dev/null || echo unknown)"
  echo "size: $SIZE, runs: $RUNS"
} | tee "$OUT/pce.md"
status=0
for kind in "${kinds[@]}"; do
  case $kind in
  porep) gen=porep ;;
  wpost) gen=window-post ;;
  snap) gen=snap ;;
  *) echo "gpu-pce: unknown kind $kind" >&2; exit 2 ;;
  esac
  dir="$WORK/$kind-$SIZE"
  t0=$(date +%s)
  if ! "$BUNDLE/run" cuzk-bench gen-vanilla "$gen" --virtual --sector-size "$SIZE" --out "$dir" >"$OUT/gen-$kind.log" 2>&1; then
    echo "gpu-pce: gen-vanilla $gen failed (log: gen-$kind.log)" | tee -a "$OUT/pce.md"
    status=1
    continue
  fi
  echo "## $kind $SIZE (request made in $(($(date +%s) - t0)) s)" | tee -a "$OUT/pce.md"
  rm -rf "$WORK/pce" && mkdir -p "$WORK/pce"
  if ! "$BUNDLE/run" cuzk-bench pce-bench --request "$dir/request.txt" --runs "$RUNS" \
    --save "$WORK/pce" --json "$OUT/pce-$kind.json" >"$OUT/pce-$kind.out" 2>"$OUT/pce-$kind.log"; then
    status=1
  fi
  grep -E '^(pce-bench|record|file|partition|error)' "$OUT/pce-$kind.log" | tee -a "$OUT/pce.md"
  grep -o '"peak_bytes":[0-9.e+]*' "$OUT/pce-$kind.out" | tee -a "$OUT/pce.md"
  rm -rf "$WORK/pce" "$dir"
done
exit "$status"

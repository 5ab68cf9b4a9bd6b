#!/usr/bin/env bash
# scripts/gpu-witness.sh — the fast witness of one production-size partition per kind, on the GPU host
# (16 cores), from the bundle of scripts/gpu-bundle.sh with witness_bench in it
# (PROGRAMS="... witness_bench"): bench/witness_bench's `fast` mode (what the engine runs) on 1 thread
# and on all cores, medians of RUNS, every run's witness compared element for element with generic
# synthesis (a mismatch fails the script), with the packed size and the peak RSS.
#
#   BUNDLE=.bundle OUT=/tmp/out ./scripts/gpu-witness.sh [porep|wpost|snap|winning ...]   (default: all four)
#
# Environment: SIZE (default 32GiB), RUNS (default 3), THREADS (default "1,<all cores>"), MODES (default
# fast; "sector" times a whole PoRep sector's syntheses, witness then pack, on WORKERS threads of their
# own, default 2 as the engine's synthesis workers; it skips the comparison, which "fast" makes).
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
BUNDLE=${BUNDLE:-.bundle}
OUT=${OUT:-witness-report}
SIZE=${SIZE:-32GiB}
RUNS=${RUNS:-3}
THREADS=${THREADS:-1,$(nproc)}
MODES=${MODES:-fast}
WORKERS=${WORKERS:-2}
mkdir -p "$OUT"
kinds=("$@")
[ ${#kinds[@]} -gt 0 ] || kinds=(porep wpost snap winning)
{
  echo "host: $(uname -n), $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2 / 1048576}' /proc/meminfo)," \
    "THP $(cat /sys/kernel/mm/transparent_hugepage/enabled 2>/dev/null || echo unknown)"
  echo "tree: $(bash scripts/tree-hash.sh 2>/dev/null || echo unknown)"
  echo "size: $SIZE, runs: $RUNS, threads: $THREADS, modes: $MODES, workers: $WORKERS"
} | tee "$OUT/witness.md"
status=0
for kind in "${kinds[@]}"; do
  t0=$(date +%s)
  if ! "$BUNDLE/run" witness_bench --kind "$kind" --size "$SIZE" --threads "$THREADS" --runs "$RUNS" --modes "$MODES" \
    --workers "$WORKERS" --json "$OUT/witness-$kind.json" >/dev/null 2>"$OUT/witness-$kind.log"; then
    status=1
    echo "gpu-witness: $kind failed (log: witness-$kind.log)" | tee -a "$OUT/witness.md"
  fi
  echo "## $kind $SIZE ($(($(date +%s) - t0)) s in all)" | tee -a "$OUT/witness.md"
  grep -E 'constraints|aux:|sector| fast |MISMATCH' "$OUT/witness-$kind.log" | tee -a "$OUT/witness.md"
  grep -o '"peak_rss_mb":[0-9.e+]*' "$OUT/witness-$kind.json" 2>/dev/null | tee -a "$OUT/witness.md"
done
exit "$status"

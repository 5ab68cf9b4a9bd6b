#!/usr/bin/env bash
# scripts/gpu-e2e.sh — production-size requests through the daemon on a GPU host, from the bundle of
# scripts/gpu-bundle.sh (the host needs a driver and nothing else: no gRPC, TBB or network). For each
# kind: test parameters of that shape (`cuzk-bench params`, on the GPU where the bundle has it), a
# virtual request (`cuzk-bench gen-vanilla --virtual`), optionally the pre-compiled circuit recorded
# ahead (`cuzk-bench pce-bench --save`), then the daemon: one request cold (SRS read from disk),
# RUNS more as a batch (steady state), `cuzk-bench verify` of the first proof against the .vk,
# status and metrics, the daemon's RSS sampled every second (rss-<kind>.txt; start, peak, end in the
# report). Each proof is also self-checked by the engine. A failed step fails the script.
#
#   BUNDLE=.bundle OUT=/tmp/out ./scripts/gpu-e2e.sh [porep|wpost|snap|winning ...]   (default: porep)
#
# Environment: SIZE (default 32GiB), STAGES (default "params request pce prove"; a GPU machine
# kept warm between calls keeps WORK, so the stages can be split over calls of ≤ 10 min), RUNS
# (batch size after the cold request, default 3; 0 skips), CONCURRENCY (batch -j, default 2), PCE_RUNS
# (pce-bench's witness and evaluation runs, medians; default 3),
# DAEMON_TOML (the daemon's configuration file's text; default empty: every default),
# WORK (default /tmp/cuzk-e2e: a 32 GiB PoRep parameter file is 47 GB, so KEEP=1 is needed to
# keep a kind's files for a later call; otherwise they are deleted after its prove stage).
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source scripts/await-socket.sh
source scripts/rss-sample.sh
BUNDLE=${BUNDLE:-.bundle}
OUT=${OUT:-e2e-report}
SIZE=${SIZE:-32GiB}
STAGES=${STAGES:-params request pce prove}
RUNS=${RUNS:-3}
CONCURRENCY=${CONCURRENCY:-2}
WORK=${WORK:-/tmp/cuzk-e2e}
PARAMS="$WORK/params"
mkdir -p "$OUT" "$PARAMS"
kinds=("$@")
[ ${#kinds[@]} -gt 0 ] || kinds=(porep)
report="$OUT/e2e.md"
say() { echo "$*" | tee -a "$report"; }
has_stage() { [[ " $STAGES " == *" $1 "* ]]; }
{
  echo "host: $(uname -n), $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2 / 1048576}' /proc/meminfo)"
  nvidia-smi --query-gpu=name,memory.total --format=csv,noheader 2>/dev/null | sed 's/^/gpu: /'
  echo "tree: $(bash scripts/tree-hash.sh 2>/dev/null || echo unknown); size $SIZE; stages: $STAGES; runs $RUNS"
  df -h "$WORK" | tail -1 | awk '{print "disk: " $4 " free of " $2}'
  echo "transparent huge pages: $(cat /sys/kernel/mm/transparent_hugepage/enabled 2>/dev/null || echo unknown)"
} | tee -a "$report"

status=0
fail() {
  say "FAILED: $*"
  status=1
}
timed() { # timed NAME LOG cmd...: runs cmd, appends its wall time to the report
  local name=$1 log=$2
  shift 2
  local t0=$SECONDS
  "$@" >"$log" 2>&1
  local rc=$?
  say "- $name: $((SECONDS - t0)) s (exit $rc)"
  return $rc
}

for kind in "${kinds[@]}"; do
  case $kind in
  porep) gen=porep ptype=porep ;;
  wpost) gen=window-post ptype=wpost ;;
  snap) gen=snap ptype=snap ;;
  winning) gen=winning-post ptype=winning ;;
  *) echo "gpu-e2e: unknown kind $kind" >&2; exit 2 ;;
  esac
  req="$WORK/$kind-$SIZE"
  say "## $kind $SIZE"
  if has_stage params; then
    timed "params" "$OUT/params-$kind.log" "$BUNDLE/run" cuzk-bench params --type "$ptype" --sector-size "$SIZE" \
      --param-dir "$PARAMS" --seed 1 || fail "$kind params (log params-$kind.log)"
    grep -iE 'constraints|setup|write|GB|s$' "$OUT/params-$kind.log" | tail -n 12 >>"$report"
    ls -l "$PARAMS" | tee -a "$report"
  fi
  if has_stage request; then
    timed "gen-vanilla --virtual" "$OUT/gen-$kind.log" "$BUNDLE/run" cuzk-bench gen-vanilla "$gen" --virtual \
      --sector-size "$SIZE" --out "$req" || fail "$kind gen-vanilla (log gen-$kind.log)"
  fi
  if has_stage pce; then
    # records the shape once (and checks one partition against generic synthesis) into the directory
    # the daemon loads <stem>.pce from, so that the first request is already pre-compiled; with a
    # CUDA build it also times the GPU evaluation (kernel median over max(PCE_RUNS, 5) runs, the
    # matrices' and the witness's uploads apart) and compares it with the CPU's ("gpu evaluation" lines)
    timed "pce record + check" "$OUT/pce-$kind.log" "$BUNDLE/run" cuzk-bench pce-bench --request "$req/request.txt" \
      --runs "${PCE_RUNS:-3}" --save "$PARAMS" --json "$OUT/pce-$kind.json" || fail "$kind pce-bench (log pce-$kind.log)"
    grep -E '^(record|file|partition|error)' "$OUT/pce-$kind.log" >>"$report"
  fi
  if has_stage prove; then
    sock="$WORK/cuzk.sock"
    rm -f "$sock"
    printf "%s\n" "${DAEMON_TOML:-}" >"$WORK/none.toml" # DAEMON_TOML: the daemon's config (empty: defaults)
    "$BUNDLE/run" cuzk-daemon -c "$WORK/none.toml" -l "unix://$sock" --param-cache "$PARAMS" --log-level info \
      >"$OUT/daemon-$kind.log" 2>&1 &
    daemon=$!
    : >"$OUT/rss-$kind.txt"
    cuzk_sample_rss "$daemon" "$OUT/rss-$kind.txt" 1 &
    sampler=$!
    if ! cuzk_await_socket "$sock" "$daemon" 30; then
      fail "$kind: the daemon did not start (log daemon-$kind.log)"
    else
      bench=("$BUNDLE/run" cuzk-bench -a "unix://$sock")
      timed "single (cold: SRS from disk)" "$OUT/single-$kind.log" "${bench[@]}" single --request "$req/request.txt" \
        -o "$WORK/proof-$kind.bin" --timeline "$OUT/timeline-$kind.svg" || fail "$kind single (log single-$kind.log)"
      grep -vE '^[0-9a-f]{64,}' "$OUT/single-$kind.log" >>"$report"
      timed "verify (cuzk-bench, against the .vk)" "$OUT/verify-$kind.log" "${bench[@]}" verify --request \
        "$req/request.txt" --proof "$WORK/proof-$kind.bin" --vk-dir "$PARAMS" || fail "$kind verify (log verify-$kind.log)"
      tail -n 3 "$OUT/verify-$kind.log" >>"$report"
      if [ "$RUNS" -gt 0 ]; then
        timed "batch of $RUNS, $CONCURRENCY at a time (warm)" "$OUT/batch-$kind.log" "${bench[@]}" batch \
          --request "$req/request.txt" -c "$RUNS" -j "$CONCURRENCY" --timeline "$OUT/timeline-$kind-batch.svg" ||
          fail "$kind batch (log batch-$kind.log)"
        grep -vE '^ +#[0-9]+ ' "$OUT/batch-$kind.log" >>"$report"
      fi
      "${bench[@]}" status >"$OUT/status-$kind.log" 2>&1
      "${bench[@]}" metrics 2>&1 | grep -v '^#' >"$OUT/metrics-$kind.log"
      cat "$OUT/status-$kind.log" >>"$report"
    fi
    kill -TERM "$daemon" 2>/dev/null
    wait "$daemon" || fail "$kind: the daemon exited with $?"
    kill "$sampler" 2>/dev/null
    cuzk_rss_summary "$OUT/rss-$kind.txt" | tee -a "$report"
    grep -E 'SELF-CHECK|error|warn' "$OUT/daemon-$kind.log" | tail -n 10 >>"$report"
    if [ -z "${KEEP:-}" ]; then rm -rf "$PARAMS"/* "$req" "$WORK/proof-$kind.bin"; fi
  fi
done
say "gpu-e2e: exit $status"
exit "$status"

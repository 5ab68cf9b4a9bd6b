#!/usr/bin/env bash
# scripts/soak.sh — the daemon under a mixed load for a long while: all four kinds at 2 KiB at once
# (`cuzk-bench stress`, open loop, each kind from its own gen-vanilla request), the daemon's
# resident memory sampled throughout. It fails when a job fails or is lost, or when the daemon
# does not exit 0 on SIGTERM; it reports jobs, latency percentiles per kind, and RSS at start,
# peak and end (after the load, before the daemon stops) — the figures of issue 23's soak.
#
#   ./scripts/soak.sh                       (after a build: build/bin; ten minutes)
#   DURATION=60 RATES="porep:4 winning:20" ./scripts/soak.sh
#
# Environment: CUZK_BUILD_DIR (default build), DURATION (seconds of arrivals, default 600), RATES
# (KIND:PER_MINUTE, default "porep:1 winning:6 wpost:2 snap:1": within what 2 cores prove), PARAMS
# (the 2 KiB parameters; made with `cuzk-bench params` where missing; default
# $CUZK_BUILD_DIR/test-params, the ctest fixture's), OUT (report folder, default soak-report),
# SAMPLE_S (seconds between RSS samples, default 2), RSS_LIMIT_MIB (fail when a sample passes it; default 0:
# no limit). It also fails when the RSS keeps growing under the steady load (scripts/rss-sample.sh).
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
BUILD=${CUZK_BUILD_DIR:-build}
BIN=$BUILD/bin
DURATION=${DURATION:-600}
RATES=${RATES:-porep:1 winning:6 wpost:2 snap:1}
PARAMS=${PARAMS:-$BUILD/test-params}
OUT=${OUT:-soak-report}
SAMPLE_S=${SAMPLE_S:-2}
RSS_LIMIT_MIB=${RSS_LIMIT_MIB:-0}
mkdir -p "$OUT" "$PARAMS"
work=$(mktemp -d /tmp/cuzk-soak-XXXXXX)
sock="$work/cuzk.sock"
daemon=""
sampler=""
cleanup() {
  [ -n "$sampler" ] && kill "$sampler" 2>/dev/null
  [ -n "$daemon" ] && kill -0 "$daemon" 2>/dev/null && kill -KILL "$daemon"
  rm -rf "$work"
}
trap cleanup EXIT
fail() {
  echo "soak: $*" >&2
  exit 1
}

mix=()
for entry in $RATES; do
  kind=${entry%%:*} rate=${entry#*:}
  case $kind in
  porep) gen=porep ptype=porep ;;
  winning) gen=winning-post ptype=winning ;;
  wpost) gen=window-post ptype=wpost ;;
  snap) gen=snap ptype=snap ;;
  *) fail "unknown kind '$kind' in RATES" ;;
  esac
  # cuzk-bench params keeps files that are already there
  "$BIN/cuzk-bench" params --type "$ptype" --sector-size 2KiB --param-dir "$PARAMS" >"$OUT/params-$kind.log" 2>&1 ||
    fail "$kind parameters (log $OUT/params-$kind.log)"
  "$BIN/cuzk-bench" gen-vanilla "$gen" --sector-size 2KiB --out "$work/$kind" >"$OUT/gen-$kind.log" 2>&1 ||
    fail "$kind request (log $OUT/gen-$kind.log)"
  mix+=(-m "$ptype:$rate:$work/$kind/request.txt")
done

: >"$work/none.toml"
"$BIN/cuzk-daemon" -c "$work/none.toml" -l "unix://$sock" --param-cache "$PARAMS" --log-level info \
  >"$OUT/daemon.log" 2>&1 &
daemon=$!
source scripts/await-socket.sh
cuzk_await_socket "$sock" "$daemon" 30 || fail "the daemon died or did not listen in 30 s (log $OUT/daemon.log)"

source scripts/rss-sample.sh
: >"$OUT/rss.txt"
cuzk_sample_rss "$daemon" "$OUT/rss.txt" "$SAMPLE_S" &
sampler=$!

status=0
"$BIN/cuzk-bench" -a "unix://$sock" stress "${mix[@]}" -d "$DURATION" --progress 60 >"$OUT/stress.txt" \
  2>"$OUT/stress-progress.txt" || status=1
sleep "$SAMPLE_S" # one sample after the last job
"$BIN/cuzk-bench" -a "unix://$sock" metrics >"$OUT/metrics.txt" 2>&1
"$BIN/cuzk-bench" -a "unix://$sock" status >"$OUT/status.txt" 2>&1
kill "$sampler" 2>/dev/null
sampler=""
kill -TERM "$daemon"
wait "$daemon" || { echo "soak: the daemon exited with $? on SIGTERM" >&2; status=1; }
daemon=""

cat "$OUT/stress.txt"
cuzk_rss_summary "$OUT/rss.txt" | tee "$OUT/rss-summary.txt"
cuzk_rss_growth "$OUT/rss.txt" "$RSS_LIMIT_MIB" || status=1
grep -E '^cuzk_(proofs_(completed|failed)_total|self_check_failures_total)' "$OUT/metrics.txt"
if grep -qE 'failed [1-9]' "$OUT/stress.txt"; then status=1; fi
echo "soak: $([ $status -eq 0 ] && echo PASS || echo FAIL) (report in $OUT)"
exit "$status"

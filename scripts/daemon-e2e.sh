#!/usr/bin/env bash
# scripts/daemon-e2e.sh — the daemon's smoke run (what the reference's test-e2e.sh checks, spec
# cuzk-api.md §8, on our binaries): start cuzk-daemon on a temporary unix socket, ask its status,
# send one proof request with cuzk-bench, print the result, the metrics and the daemon's log, and
# stop it with SIGTERM (it must exit 0). Only the daemon this script started is signalled.
#
#   ./scripts/daemon-e2e.sh                                         (no request: status and metrics)
#   ./scripts/daemon-e2e.sh -t porep --c1 c1.json                   (any `cuzk-bench single` flags)
#   CUZK_PARAM_CACHE=/var/tmp/filecoin-proof-parameters ./scripts/daemon-e2e.sh -t winning --vanilla v.json --registered-proof 3
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

BIN=${CUZK_BUILD_DIR:-build}/bin
work=$(mktemp -d /tmp/cuzk-e2e-XXXXXX)
sock="$work/cuzk.sock"
log="$work/daemon.log"
params=${CUZK_PARAM_CACHE:-${FIL_PROOFS_PARAMETER_CACHE:-/var/tmp/filecoin-proof-parameters}}

# defaults: an empty config file (a missing -c file is an error)
: >"$work/none.toml"
"$BIN/cuzk-daemon" -c "$work/none.toml" -l "unix://$sock" --param-cache "$params" --log-level info >"$log" 2>&1 &
daemon=$!
cleanup() {
  if kill -0 "$daemon" 2>/dev/null; then kill -KILL "$daemon"; fi
  rm -rf "$work"
}
trap cleanup EXIT

source scripts/await-socket.sh
cuzk_await_socket "$sock" "$daemon" 10 || { cat "$log"; echo "e2e: the daemon died or did not listen in 10 s" >&2; exit 1; }

echo "== status"
"$BIN/cuzk-bench" -a "unix://$sock" status
rc=0
if [ "$#" -gt 0 ]; then
  echo "== single $*"
  "$BIN/cuzk-bench" -a "unix://$sock" single "$@" || rc=$?
fi
echo "== status"
"$BIN/cuzk-bench" -a "unix://$sock" status
echo "== metrics"
"$BIN/cuzk-bench" -a "unix://$sock" metrics | grep -v '^#'
kill -TERM "$daemon"
wait "$daemon" || { echo "e2e: daemon exited with $?" >&2; rc=1; }
echo "== daemon log (last 20 lines)"
tail -n 20 "$log"
exit "$rc"

#!/usr/bin/env bash
# scripts/setup.sh — from a fresh Debian 12 machine to the main job: install the packages, build
# Release, run `cuzk-bench selftest` (known answers of the arithmetic, then timings), then the main
# job: one real PoRep proof through the daemon on an embedded default.
#
#   ./scripts/setup.sh                 install, build, self-test, main job
#   ./scripts/setup.sh --quick         same, but the self-test skips the timings
#   CUZK_SKIP_INSTALL=1 ./scripts/setup.sh   reuse the packages and the build already there
#
# The main job: 2KiB TEST parameters (insecure local setup, official file names) are made once and
# cached in $CUZK_TEST_PARAM_DIR (default ~/.cache/cuzk/test-params); a 2KiB sector is sealed from
# seeded data and its C1 envelope written (`cuzk-bench gen-vanilla porep`); cuzk-daemon starts on a
# unix socket over those parameters; `cuzk-bench single --type porep` proves the C1 through it and
# prints the proof and timings; `cuzk-bench verify` checks the proof outside the daemon against the
# .vk and the verifier's public inputs; the daemon is stopped with SIGTERM and must exit 0.
# With real parameters and a real C1, see README ("Running the daemon").
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source scripts/packages.sh

BUILD_DIR=${CUZK_BUILD_DIR:-build}

if [ -z "${CUZK_SKIP_INSTALL:-}" ]; then
  CuzkInstallPackages
  # sm_90 SASS plus PTX, named here because test.sh compiles the same build dir to PTX only
  cmake -S . -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_CUDA_ARCHITECTURES="${CUZK_CUDA_ARCHS:-90-real;90-virtual}"
  cmake --build "$BUILD_DIR" --parallel "$(nproc)"
fi
BIN="$BUILD_DIR/bin"

"$BIN/cuzk-bench" selftest "$@"

echo
echo "== main job: a 2KiB PoRep C2 proof through cuzk-daemon"
params=${CUZK_TEST_PARAM_DIR:-${HOME:-/tmp}/.cache/cuzk/test-params}
work=$(mktemp -d /tmp/cuzk-main-XXXXXX)
sock="$work/cuzk.sock"
log="$work/daemon.log"
daemon=
cleanup() {
  if [ -n "$daemon" ] && kill -0 "$daemon" 2>/dev/null; then kill -KILL "$daemon"; fi
  rm -rf "$work"
}
trap cleanup EXIT

"$BIN/cuzk-bench" params --type porep --sector-size 2KiB --param-dir "$params"
"$BIN/cuzk-bench" gen-vanilla porep --out "$work/sector" --sector-size 2KiB --seed 1 --miner-id 1000 --sector-num 1

: >"$work/none.toml" # defaults, whatever /etc/cuzk holds
"$BIN/cuzk-daemon" -c "$work/none.toml" -l "unix://$sock" --param-cache "$params" --log-level info >"$log" 2>&1 &
daemon=$!
source scripts/await-socket.sh
waited=0
cuzk_await_socket "$sock" "$daemon" 30 || waited=$?
[ "$waited" -ne 1 ] || { cat "$log"; echo "main job: cuzk-daemon died" >&2; exit 1; }
[ "$waited" -eq 0 ] || { cat "$log"; echo "main job: no socket after 30 s" >&2; exit 1; }

rc=0
"$BIN/cuzk-bench" -a "unix://$sock" single --type porep --c1 "$work/sector/c1-envelope.json" \
  --miner-id 1000 --sector-num 1 --sector-size 2048 -o "$work/proof.bin" || rc=$?
if [ "$rc" -eq 0 ]; then
  vk="$params/$(cat "$work/sector/params-id").vk"
  echo "== verification outside the daemon (verify_seal inputs from the sealed sector)"
  "$BIN/cuzk-bench" verify --vk "$vk" --proof "$work/proof.bin" --inputs "$work/sector/porep-inputs.txt" || rc=$?
fi

kill -TERM "$daemon"
wait "$daemon" || { echo "main job: cuzk-daemon exited with $?" >&2; rc=1; }
daemon=
if [ "$rc" -ne 0 ]; then
  echo "== daemon log (last 30 lines)"
  tail -n 30 "$log"
  echo "main job FAILED" >&2
else
  echo "main job OK: the proof verified"
fi
exit "$rc"

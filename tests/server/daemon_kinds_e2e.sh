#!/usr/bin/env bash
# tests/server/daemon_kinds_e2e.sh — PoRep, WindowPoSt, WinningPoSt and SnapDeals through the daemon, as
# Curio sends them: `cuzk-bench gen-vanilla <kind>` makes a request from a really sealed, seeded
# 2 KiB sector; cuzk-daemon on a temporary unix socket over the 2 KiB test parameters (the ctest
# fixture made them) proves it (`single --request`, all kinds submitted at once); then, OUTSIDE the
# daemon:
#   - `inputs --request` (verifier side, from the payload's bytes, with --check-vanilla) gives the
#     inputs gen-vanilla computed from what it sealed;
#   - `verify --request` recomputes them and checks every partition proof against the .vk;
#   - the same proof under other randomness (PoSt), another comm_r_new (SnapDeals) or another
#     miner (PoRep) is INVALID (exit 1), not an error;
# and SIGTERM exits 0 (with a WindowPoSt in flight when window-post is the first kind). ctest runs
# it three times: PoRep, the PoSt pair, and SnapDeals.
#
#   daemon_kinds_e2e.sh BIN_DIR PARAM_DIR KIND...     KIND: window-post | winning-post | snap | porep
set -euo pipefail
bin=$1
params=$2
shift 2
kinds=("$@")
work=$(mktemp -d /tmp/cuzk-kinds-e2e-XXXXXX)
daemon=
cleanup() {
  if [ -n "$daemon" ] && kill -0 "$daemon" 2>/dev/null; then kill -KILL "$daemon"; fi
  rm -rf "$work"
}
trap cleanup EXIT
fail() {
  echo "FAIL: $*" >&2
  [ -f "$work/daemon.log" ] && tail -n 40 "$work/daemon.log" >&2
  exit 1
}
bench() { "$bin/cuzk-bench" "$@"; }
SECONDS=0

for kind in "${kinds[@]}"; do
  bench gen-vanilla "$kind" --out "$work/$kind" --sector-size 2KiB --seed 11 --miner-id 1000 --sector-num 5 ||
    fail "gen-vanilla $kind"
  short=$(awk '$1 == "type" { print $2 }' "$work/$kind/request.txt")
  # the verifier's inputs from the request's bytes equal those gen-vanilla derived from the sector
  bench inputs --request "$work/$kind/request.txt" --check-vanilla >"$work/$kind/inputs.out" ||
    fail "inputs --request $kind"
  cmp "$work/$kind/inputs.out" "$work/$kind/$short-inputs.txt" || fail "$kind: inputs differ from gen-vanilla's"
  [ -f "$params/$(cat "$work/$kind/params-id").vk" ] || fail "$kind: no test parameters $(cat "$work/$kind/params-id")"
done

printf '[daemon]\nlisten = "unix://%s/cuzk.sock"\n[srs]\nparam_cache = "%s"\n' "$work" "$params" >"$work/cuzk.toml"
"$bin/cuzk-daemon" -c "$work/cuzk.toml" >"$work/daemon.log" 2>&1 &
daemon=$!
source "$(dirname "${BASH_SOURCE[0]}")/../../scripts/await-socket.sh"
cuzk_await_socket "$work/cuzk.sock" "$daemon" 30 || fail "the daemon exited at start or did not listen in 30 s"
addr="unix://$work/cuzk.sock"

pids=()
for kind in "${kinds[@]}"; do
  bench -a "$addr" single --request "$work/$kind/request.txt" -o "$work/$kind/proof.bin" >"$work/$kind/single.txt" 2>&1 &
  pids+=($!)
done
for i in "${!kinds[@]}"; do
  kind=${kinds[$i]}
  wait "${pids[$i]}" || { cat "$work/$kind/single.txt" >&2; fail "single --request $kind"; }
  cat "$work/$kind/single.txt"
  grep -q "status:     COMPLETED" "$work/$kind/single.txt" || fail "$kind: not COMPLETED"
done

for kind in "${kinds[@]}"; do
  req="$work/$kind/request.txt"
  partitions=$(($(grep -c '^$' "$work/$kind/inputs.out" || true) + 1))
  [ "$(stat -c %s "$work/$kind/proof.bin")" -eq $((192 * partitions)) ] || fail "$kind: not $partitions x 192 bytes"
  bench verify --vk-dir "$params" --proof "$work/$kind/proof.bin" --request "$req" ||
    fail "$kind: the daemon's proof does not verify against the request's inputs"
  if grep -q '^randomness ' "$req"; then
    wrong=(--randomness 0101010101010101010101010101010101010101010101010101010101010101)
  elif grep -q '^comm-r-old ' "$req"; then
    wrong=(--comm-r-new "$(awk '$1 == "comm-r-old" { print $2 }' "$req")")
  else # PoRep: another miner's prover id, so another replica id
    wrong=(--miner-id 1001)
  fi
  rc=0
  bench verify --vk-dir "$params" --proof "$work/$kind/proof.bin" --request "$req" "${wrong[@]}" || rc=$?
  [ "$rc" -eq 1 ] || fail "$kind: verify with ${wrong[0]} changed exited $rc, expected 1 (INVALID)"
done

bench -a "$addr" status | tee "$work/status.txt"
grep -q "proofs completed: ${#kinds[@]}" "$work/status.txt" || fail "status does not count the proofs"

inflight=
if [ "${kinds[0]}" = window-post ]; then
  # SIGTERM with a job in flight: the waiting client gets an answer (the job finished within
  # daemon.shutdown_grace, or FAILED with a message), and the daemon exits 0 within the bound
  bench -a "$addr" single --request "$work/window-post/request.txt" -o "$work/inflight.bin" >"$work/inflight.txt" 2>&1 &
  inflight=$!
  # SIGTERM once the daemon holds the job (its queue shows it pending or in progress), not after a
  # guessed delay
  held=
  for _ in $(seq 600); do
    if bench -a "$addr" status 2>/dev/null | grep -qE "(pending|in progress) [1-9]"; then
      held=1
      break
    fi
    kill -0 "$inflight" 2>/dev/null || break
  done
  if [ -z "$held" ]; then
    kill -0 "$inflight" 2>/dev/null && fail "the in-flight job never showed in the daemon's queues"
    echo "note: the job finished before it was seen in a queue; SIGTERM comes with none in flight"
  fi
fi
kill -TERM "$daemon"
t_term=$SECONDS
for _ in $(seq 600); do kill -0 "$daemon" 2>/dev/null || break; sleep 0.1; done
kill -0 "$daemon" 2>/dev/null && fail "daemon still running 60 s after SIGTERM"
wait "$daemon" || fail "daemon exit status $? after SIGTERM"
daemon=
if [ -n "$inflight" ]; then
  rc=0
  wait "$inflight" || rc=$?
  cat "$work/inflight.txt"
  if grep -q "status:     COMPLETED" "$work/inflight.txt"; then
    bench verify --vk-dir "$params" --proof "$work/inflight.bin" --request "$work/window-post/request.txt" ||
      fail "the proof finished during shutdown does not verify"
  else
    grep -qE "status:     FAILED|error" "$work/inflight.txt" || fail "the in-flight client got no answer (exit $rc)"
  fi
  echo "SIGTERM with a job in flight: daemon exited 0 after $((SECONDS - t_term)) s, the client was answered"
fi
echo "PASS: ${kinds[*]} proved by the daemon and verified outside it in ${SECONDS} s"

#!/usr/bin/env bash
# tests/server/daemon_porep_e2e.sh — a real PoRep C2 through the daemon, as Curio would send it:
# seal a 2 KiB sector from seeded data (cuzk-bench gen-vanilla porep → the C1 envelope), start
# cuzk-daemon on a temporary unix socket over the 2 KiB test parameters (the ctest fixture made
# them), `cuzk-bench single -t porep --c1` → COMPLETED, then verify the returned proof OUTSIDE the
# daemon (`cuzk-bench verify` against the .vk and the verifier's public inputs), and SIGTERM.
#
#   daemon_porep_e2e.sh BIN_DIR PARAM_DIR
set -euo pipefail
bin=$1
params=$2
work=$(mktemp -d /tmp/cuzk-porep-e2e-XXXXXX)
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

"$bin/cuzk-bench" gen-vanilla porep --out "$work/sector" --sector-size 2KiB --seed 7 --miner-id 1000 --sector-num 3 ||
  fail "gen-vanilla porep"

printf '[daemon]\nlisten = "unix://%s/cuzk.sock"\n[srs]\nparam_cache = "%s"\n' "$work" "$params" >"$work/cuzk.toml"
"$bin/cuzk-daemon" -c "$work/cuzk.toml" >"$work/daemon.log" 2>&1 &
daemon=$!
for _ in $(seq 300); do
  [ -S "$work/cuzk.sock" ] && break
  kill -0 "$daemon" 2>/dev/null || fail "daemon exited at start"
  sleep 0.1
done

addr="unix://$work/cuzk.sock"
"$bin/cuzk-bench" -a "$addr" single -t porep --c1 "$work/sector/c1-envelope.json" --miner-id 1000 --sector-num 3 --sector-size 2048 \
  -o "$work/proof.bin" | tee "$work/single.txt" || fail "single -t porep"
grep -q "status:     COMPLETED" "$work/single.txt" || fail "not COMPLETED"
[ "$(stat -c %s "$work/proof.bin")" -eq 192 ] || fail "a 2 KiB PoRep proof is one 192-byte partition"

vk="$params/$(cat "$work/sector/params-id").vk"
"$bin/cuzk-bench" verify --vk "$vk" --proof "$work/proof.bin" --inputs "$work/sector/porep-inputs.txt" ||
  fail "the daemon's proof does not verify"

"$bin/cuzk-bench" -a "$addr" status | tee "$work/status.txt"
grep -q "proofs completed: 1" "$work/status.txt" || fail "status does not count the proof"

kill -TERM "$daemon"
wait "$daemon" || fail "daemon exit status $? after SIGTERM"
daemon=
echo "PASS: PoRep 2KiB proved by the daemon and verified outside it"

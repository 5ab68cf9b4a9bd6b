#!/usr/bin/env bash
# apps/cuzk-bench/request_cli_test.sh — gen-vanilla, inputs and verify without a daemon (ctest
# cuzk_bench_request_cli): --help of each; for every kind, requests from seeded sealed 2 KiB
# sectors (and from gen-vanilla porep's sector/), and virtual 32 GiB ones of few sectors, whose
# inputs as `inputs --request --check-vanilla` derives them from the payload's bytes equal those
# gen-vanilla derived from what it sealed, in the expected counts; flags that win over the request
# file; and malformed requests, files and arguments rejected with exit 2 and a message naming the
# field. The proofs themselves are checked against such inputs in tests/server/daemon_kinds_e2e.sh.
#
#   request_cli_test.sh PATH/TO/cuzk-bench
set -euo pipefail
bench=$1
work=$(mktemp -d /tmp/cuzk-request-cli-XXXXXX)
trap 'rm -rf "$work"' EXIT
fail() {
  echo "FAIL: $*" >&2
  exit 1
}
# expect CODE NEEDLE ARGS...: cuzk-bench ARGS exits CODE and its stderr holds NEEDLE
expect() {
  local code=$1 needle=$2 rc=0
  shift 2
  "$bench" "$@" >"$work/out" 2>"$work/err" || rc=$?
  [ "$rc" -eq "$code" ] || fail "cuzk-bench $* exited $rc, expected $code: $(cat "$work/err")"
  grep -qF -- "$needle" "$work/err" || fail "cuzk-bench $*: stderr lacks '$needle': $(cat "$work/err")"
}
# same_inputs DIR KIND_SHORT COUNT: inputs --request reproduces gen-vanilla's file, COUNT per partition
same_inputs() {
  local dir=$1 short=$2 count=$3
  "$bench" inputs --request "$dir/request.txt" --check-vanilla >"$dir/inputs.out" 2>"$dir/inputs.err" ||
    fail "inputs --request $dir: $(cat "$dir/inputs.err")"
  cmp "$dir/inputs.out" "$dir/$short-inputs.txt" || fail "$dir: inputs differ from gen-vanilla's"
  local first
  first=$(awk 'NF == 0 { exit } { n++ } END { print n }' "$dir/inputs.out")
  [ "$first" -eq "$count" ] || fail "$dir: $first inputs in partition 0, expected $count"
  [ "$("$bench" inputs --request "$dir/request.txt" --params-id)" = "$(cat "$dir/params-id")" ] ||
    fail "$dir: --params-id differs from params-id"
}

for sub in "gen-vanilla porep" "gen-vanilla window-post" "gen-vanilla winning-post" "gen-vanilla snap"; do
  $bench $sub --help | grep -q -- "--virtual" || fail "$sub --help"
done
$bench gen-vanilla snap-prove --help | grep -q -- "--sector-number" || fail "the reference's names: snap-prove, --sector-number"
$bench inputs --help | grep -q -- "--check-vanilla" || fail "inputs --help"
$bench verify --help | grep -q -- "--vk-dir" || fail "verify --help"
$bench single --help | grep -q -- "--request" || fail "single --help"

# 2 KiB, sealed here: WindowPoSt pads to 2 sectors × (comm_r + 10 challenges), WinningPoSt is 66 ×
# (comm_r + 1), SnapDeals [k|h, comm_r_old, comm_d_new, comm_r_new], PoRep 39
$bench gen-vanilla porep --out "$work/porep" --seed 3 --sector-num 9 >/dev/null
$bench gen-vanilla window-post --out "$work/wpost" --sectors 2 --seed 3 >/dev/null
$bench gen-vanilla winning-post --out "$work/winning" --sectors 3 --seed 3 >/dev/null
$bench gen-vanilla snap --out "$work/snap" --seed 3 >/dev/null
same_inputs "$work/porep" porep 39
same_inputs "$work/wpost" wpost 22
same_inputs "$work/winning" winning 132
same_inputs "$work/snap" snap 4
# from the sector gen-vanilla porep sealed
$bench gen-vanilla window-post --out "$work/wpost-sector" --sector "$work/porep/sector" >/dev/null
same_inputs "$work/wpost-sector" wpost 22
grep -q '^sector-num 9$' "$work/wpost-sector/request.txt" || fail "--sector: the request names another sector"
$bench gen-vanilla snap --out "$work/snap-sector" --sector "$work/porep/sector" >/dev/null
same_inputs "$work/snap-sector" snap 4

# virtual 32 GiB, few sectors (a partition is still padded to 2349 × 11 inputs)
$bench gen-vanilla window-post --out "$work/v-wpost" --virtual --sector-size 32GiB --sectors 3 >/dev/null
same_inputs "$work/v-wpost" wpost 25839
$bench gen-vanilla winning-post --out "$work/v-winning" --virtual --sector-size 32GiB >/dev/null
same_inputs "$work/v-winning" winning 132

# the request's flags instead of its file give the same inputs
randomness=$(awk '$1 == "randomness" { print $2 }' "$work/wpost/request.txt")
$bench inputs -t wpost --vanilla "$work/wpost/wpost-vanilla.json" --registered-proof 10 --randomness "$randomness" \
  >"$work/flags.out" 2>/dev/null
cmp "$work/flags.out" "$work/wpost/inputs.out" || fail "inputs from flags differ from inputs from the request file"
# a flag on the command line wins over the file: other randomness, other challenges, same comm_r
other=0101010101010101010101010101010101010101010101010101010101010101
$bench inputs --request "$work/wpost/request.txt" --randomness "$other" >"$work/other.out" 2>/dev/null
! cmp -s "$work/other.out" "$work/wpost/inputs.out" || fail "--randomness did not change the inputs"
[ "$(head -n 1 "$work/other.out")" = "$(head -n 1 "$work/wpost/inputs.out")" ] || fail "comm_r changed with randomness"
expect 1 "vanilla_proofs" inputs --request "$work/wpost/request.txt" --randomness "$other" --check-vanilla

# malformed requests: exit 2, the field named
printf 'garbage' >"$work/garbage.bin"
expect 2 "vanilla_proofs[0]" inputs -t wpost --vanilla "$work/garbage.bin" --registered-proof 10
expect 2 "WINNING_POST" inputs --request "$work/wpost/request.txt" -t winning
expect 2 "registered_proof" inputs --request "$work/wpost/request.txt" --registered-proof 99
expect 2 "expected 32 bytes" inputs --request "$work/wpost/request.txt" --randomness 0101
expect 2 "neither a C1 envelope nor a C1 JSON" inputs -t porep --c1 "$work/garbage.bin"
expect 2 "-t/--type is required" inputs --vanilla "$work/garbage.bin"
b64=$(sed 's/^\["\(.*\)"\]$/\1/' "$work/snap/snap-vanilla.json")
printf '["%s","%s"]\n' "$b64" "$b64" >"$work/two.json"
expect 2 "2 partition proofs" inputs --request "$work/snap/request.txt" --vanilla "$work/two.json"
cp "$work/wpost/request.txt" "$work/wpost/bad-request.txt"
echo "colour blue" >>"$work/wpost/bad-request.txt"
expect 2 "unknown key 'colour'" inputs --request "$work/wpost/bad-request.txt"
echo "miner-id lots" >"$work/wpost/bad-number.txt"
expect 2 "is not a number" inputs --request "$work/wpost/bad-number.txt"

# verify: what it needs, and a vk found by the circuit's official name
head -c 192 /dev/zero >"$work/zero.bin"
expect 2 "give --inputs, or the request" verify --proof "$work/zero.bin" --vk-dir "$work"
expect 2 "--inputs needs --vk" verify --proof "$work/zero.bin" --inputs "$work/wpost/wpost-inputs.txt"
expect 2 "either --inputs or a request" verify --proof "$work/zero.bin" --vk x.vk \
  --inputs "$work/wpost/wpost-inputs.txt" --request "$work/wpost/request.txt"
expect 2 "$(cat "$work/wpost/params-id").vk" verify --proof "$work/zero.bin" --vk-dir "$work/nowhere" \
  --request "$work/wpost/request.txt"

# gen-vanilla's arguments
expect 2 "need --virtual" gen-vanilla snap --out "$work/x" --sector-size 32GiB
expect 2 "need --virtual" gen-vanilla window-post --out "$work/x" --sector-size 32GiB
expect 2 "at most 2 sectors" gen-vanilla window-post --out "$work/x" --sectors 3
expect 2 "not a WindowPoSt proof" gen-vanilla window-post --out "$work/x" --registered-proof 3
expect 2 "32GiB and 64GiB with --virtual" gen-vanilla porep --out "$work/x" --sector-size 32GiB
echo "PASS: gen-vanilla, inputs and verify requests"

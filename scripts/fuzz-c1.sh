#!/usr/bin/env bash
# scripts/fuzz-c1.sh — coverage-guided fuzzing of the C1 JSON and envelope parsers with libFuzzer
# (tests/fuzz/c1_fuzzer.cpp), under AddressSanitizer and UndefinedBehaviorSanitizer.
#
# Needs clang with libFuzzer (Debian: clang) and libsimdjson-dev. The default test suite already
# runs a bounded seeded mutation test (test_filecoin_porep_c1_fuzz); this is for longer runs.
#
#   scripts/fuzz-c1.sh [seconds]     default 60; crashes land in $OUT (default $TMPDIR/cuzk-fuzz-c1)
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
SECONDS_TO_RUN=${1:-60}
OUT_DIR=${OUT:-${TMPDIR:-/tmp}/cuzk-fuzz-c1}
CXX=${CLANGXX:-clang++}
mkdir -p "$OUT_DIR/corpus"

"$CXX" -std=c++20 -O1 -g -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
  -I"$ROOT/src" "$ROOT/tests/fuzz/c1_fuzzer.cpp" \
  "$ROOT/src/filecoin/porep/c1_json_read.cpp" "$ROOT/src/filecoin/porep/c1_json_write.cpp" \
  "$ROOT/src/filecoin/porep/c1_envelope.cpp" "$ROOT/src/filecoin/core/registered_seal_proof.cpp" \
  -lsimdjson -o "$OUT_DIR/c1_fuzzer"

# seeds, then the run (crash-*, timeout-*, leak-* files are written to $OUT_DIR)
CUZK_C1_FUZZ_SEEDS="$OUT_DIR/corpus" "$OUT_DIR/c1_fuzzer" -runs=0 "$OUT_DIR/corpus" >/dev/null 2>&1
cd "$OUT_DIR"
exec ./c1_fuzzer corpus -max_total_time="$SECONDS_TO_RUN" -max_len=200000 -timeout=10 -print_final_stats=1

#!/usr/bin/env bash
# scripts/fuzz.sh — coverage-guided fuzzing of every parser of outside bytes with libFuzzer
# (tests/fuzz), under AddressSanitizer and UndefinedBehaviorSanitizer, from the committed corpus
# (tests/fuzz/corpus/<target>).
#
#   scripts/fuzz.sh [target|all] [seconds]   run one target (or every CI target, 2 at a time) for
#                                            seconds each (default 60); new inputs go to a scratch
#                                            corpus, crash-*/timeout-*/leak-* files to $OUT
#   scripts/fuzz.sh --ci [seconds]           what scripts/test.sh runs: build the CI targets, run each
#                                            for seconds (default 20); non-zero exit on any finding
#   scripts/fuzz.sh --seeds [seconds]        rewrite the seeds (fuzz_seeds), grow them by a run of each
#                                            target (default 60 s), minimise into tests/fuzz/corpus:
#                                            the seeds, then the smallest of the rest within
#                                            CORPUS_BUDGET_KB (256) per target
#
# Targets: c1 post snap params pce request (built by CI), plan (the whole request path through the
# kinds' handlers; links every CPU layer, so only here). Needs clang with libFuzzer (Debian 12:
# clang and libclang-rt-dev, scripts/packages.sh). Build directory: $CUZK_FUZZ_BUILD_DIR (build-fuzz);
# findings: $OUT (default $TMPDIR/cuzk-fuzz). A finding is reproduced by running the target on the
# saved file: build-fuzz/fuzz/<target>_fuzzer <file>.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"

BUILD_DIR=${CUZK_FUZZ_BUILD_DIR:-build-fuzz}
OUT_DIR=${OUT:-${TMPDIR:-/tmp}/cuzk-fuzz}
CORPUS=tests/fuzz/corpus
CI_TARGETS=(c1 post snap params pce request)
JOBS=$(nproc)
[ "$JOBS" -le 2 ] || JOBS=$((JOBS / 2))

# The longest input each target takes: a little over its largest seed, so that mutations can grow
# a length or a count but runs stay fast (libFuzzer's default, 4 KiB, would cut the seeds short).
MaxLen() {
  case $1 in
  c1) echo 200000 ;;
  post | request | plan) echo 150000 ;;
  pce) echo 65536 ;;
  *) echo 40000 ;;
  esac
}

Build() {
  # -O1: the sanitizers' usual level; the tree's own Release flags would slow the build for no finding
  cmake -S . -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_FLAGS_RELEASE="-O1 -g1" \
    -DCMAKE_CXX_COMPILER="${CLANGXX:-clang++}" -DCUZK_FUZZ=ON >/dev/null
  cmake --build "$BUILD_DIR" --parallel "$(nproc)" --target "$@"
}

# Run <target> <seconds> [extra libFuzzer flags]: inputs from the committed corpus (read only) and a
# scratch corpus that receives what the run finds; the log in $OUT_DIR/<target>.log.
Run() {
  local target=$1 seconds=$2
  shift 2
  local scratch=$OUT_DIR/corpus-$target corpus=$CORPUS/$target
  mkdir -p "$scratch" "$corpus"
  ASAN_OPTIONS=${ASAN_OPTIONS:-abort_on_error=1:detect_leaks=1} UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1} \
    "$BUILD_DIR/fuzz/${target}_fuzzer" "$scratch" "$corpus" -max_total_time="$seconds" -max_len="$(MaxLen "$target")" \
    -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$OUT_DIR/$target-" "$@" \
    >"$OUT_DIR/$target.log" 2>&1
}

# Runs the targets, $JOBS at a time; prints each one's result line; fails if any found something.
RunAll() {
  local seconds=$1
  shift
  local failed=() pids=() names=() target i
  for target in "$@"; do
    Run "$target" "$seconds" &
    pids+=($!)
    names+=("$target")
    if [ "${#pids[@]}" -ge "$JOBS" ]; then
      wait "${pids[0]}" || failed+=("${names[0]}")
      Report "${names[0]}"
      pids=("${pids[@]:1}")
      names=("${names[@]:1}")
    fi
  done
  for i in "${!pids[@]}"; do
    wait "${pids[$i]}" || failed+=("${names[$i]}")
    Report "${names[$i]}"
  done
  if [ "${#failed[@]}" -gt 0 ]; then
    for target in "${failed[@]}"; do
      echo "fuzz: $target found something; its log ($OUT_DIR/$target.log) ends:" >&2
      tail -n 40 "$OUT_DIR/$target.log" >&2
    done
    echo "fuzz: findings in ${failed[*]} (inputs: $OUT_DIR/<target>-*)" >&2
    return 1
  fi
}

Report() {
  local line
  line=$(grep -E '^#[0-9]+.*DONE' "$OUT_DIR/$1.log" | tail -n 1 || true)
  echo "fuzz: $1: ${line:-no summary (see $OUT_DIR/$1.log)}"
}

mkdir -p "$OUT_DIR"
case ${1:-all} in
--ci)
  Build fuzzers
  rm -rf "$OUT_DIR"/corpus-* # from the committed corpus alone, as every CI run
  RunAll "${2:-20}" "${CI_TARGETS[@]}"
  ;;
--seeds)
  Build fuzzers fuzz_seeds
  fresh=$OUT_DIR/seeds old=$OUT_DIR/old-corpus
  rm -rf "$fresh" "$old" "$OUT_DIR"/corpus-*
  "$BUILD_DIR/fuzz/fuzz_seeds" "$fresh"
  cp -r "$CORPUS" "$old" 2>/dev/null || mkdir -p "$old"
  rm -rf "${CORPUS:?}/plan"
  cp -r "$fresh/plan" "$CORPUS/plan" # plan is not run here: its corpus is its seeds
  for target in "${CI_TARGETS[@]}"; do
    rm -rf "${CORPUS:?}/$target"
    cp -r "$fresh/$target" "$CORPUS/$target"
    mkdir -p "$OUT_DIR/corpus-$target" "$old/$target"
  done
  RunAll "${2:-60}" "${CI_TARGETS[@]}" || true # a finding is reported, and its input is not kept
  for target in "${CI_TARGETS[@]}"; do
    # a smallest set with the coverage of the seeds, the old corpus and the run, under libFuzzer's
    # names (the SHA-1 of the contents); the seeds stay under theirs, and of the rest the smallest are
    # kept while the target's directory stays under CORPUS_BUDGET_KB (the committed corpus stays small)
    merged=$OUT_DIR/merged-$target
    rm -rf "$merged"
    mkdir -p "$merged"
    "$BUILD_DIR/fuzz/${target}_fuzzer" -merge=1 -max_len="$(MaxLen "$target")" "$merged" "$CORPUS/$target" \
      "$old/$target" "$OUT_DIR/corpus-$target" >"$OUT_DIR/$target-merge.log" 2>&1
    for seed in "$CORPUS/$target"/*; do rm -f "$merged/$(sha1sum "$seed" | cut -d' ' -f1)"; done
    budget=$((${CORPUS_BUDGET_KB:-256} * 1024 - $(cat "$CORPUS/$target"/* | wc -c)))
    while read -r size file; do
      [ "$size" -le "$budget" ] || break
      cp "$file" "$CORPUS/$target/"
      budget=$((budget - size))
    done < <(find "$merged" -type f -printf '%s %p\n' | sort -n)
    echo "fuzz: corpus/$target: $(find "$CORPUS/$target" -type f | wc -l) files, $(du -sh "$CORPUS/$target" | cut -f1)" \
      "($(find "$merged" -type f | wc -l) merged beyond the seeds)"
  done
  ;;
all)
  Build fuzzers
  RunAll "${2:-60}" "${CI_TARGETS[@]}"
  ;;
*)
  Build "$1_fuzzer"
  Run "$1" "${2:-60}" || {
    tail -n 40 "$OUT_DIR/$1.log" >&2
    exit 1
  }
  Report "$1"
  ;;
esac

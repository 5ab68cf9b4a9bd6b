#!/usr/bin/env bash
# scripts/tidy.sh — clang-tidy (.clang-tidy's checks) over our C++ sources, from a configured build's
# compile_commands.json (CMAKE_EXPORT_COMPILE_COMMANDS is on). CUDA files are left out: clang-tidy
# does not take nvcc's flags.
#
#   ./scripts/tidy.sh [BUILD_DIR] [PATH_REGEX]   default: build, every file under src/ apps/
#   TIDY_JOBS=N (default 2), TIDY_ERRORS=1 makes every warning an error (exit non-zero)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
BUILD=${1:-build}
REGEX=${2:-"$PWD/(src|apps)/.*\.cpp$"}
[ -f "$BUILD/compile_commands.json" ] || {
  echo "tidy: $BUILD/compile_commands.json missing: configure first (cmake -S . -B $BUILD ...)" >&2
  exit 2
}
RUN=${RUN_CLANG_TIDY:-run-clang-tidy}
command -v "$RUN" >/dev/null || {
  echo "tidy: $RUN not found (Debian: apt-get install clang-tidy)" >&2
  exit 2
}
args=(-p "$BUILD" -j "${TIDY_JOBS:-2}" -quiet)
log=$(mktemp)
trap 'rm -f "$log"' EXIT
rc=0
"$RUN" "${args[@]}" "$REGEX" >"$log" 2>&1 || rc=$?
grep -vE '^[0-9]+ warnings? (and [0-9]+ errors? )?generated\.$|^Suppressed [0-9]+ warnings|^Use -header-filter|^Running clang-tidy|^clang-tidy-[0-9]+ ' "$log" || true
# Debian 12's run-clang-tidy (LLVM 14) has no -warnings-as-errors: a finding is a line "file:l:c: warning: … [check]"
if [ "${TIDY_ERRORS:-0}" = 1 ]; then
  findings=$(sed 's/\x1b\[[0-9;]*m//g' "$log" | grep -cE '^/.+:[0-9]+:[0-9]+: (warning|error): .*\[[a-z-]+.*\]$' || true)
  if [ "$findings" -gt 0 ]; then
    echo "tidy: $findings finding(s), each an error (TIDY_ERRORS=1)" >&2
    [ "$rc" = 0 ] && rc=1
  fi
fi
exit $rc

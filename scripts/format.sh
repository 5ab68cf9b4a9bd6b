#!/usr/bin/env bash
# scripts/format.sh — clang-format over the C++/CUDA sources (src/ tests/ bench/ apps/).
#
#   ./scripts/format.sh          reformat in place
#   ./scripts/format.sh --check  change nothing; exit non-zero and show the diff if a file is unformatted
#
# Only files git knows about (tracked, or untracked and not ignored) are visited, so build trees and
# node_modules never are.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

mode=fix
case "${1:-}" in
--check) mode=check ;;
"") ;;
*)
  echo "usage: $0 [--check]" >&2
  exit 2
  ;;
esac

CLANG_FORMAT=${CLANG_FORMAT:-clang-format}
mapfile -t files < <(git ls-files --cached --others --exclude-standard -- src tests bench apps |
  grep -E '\.(c|cc|cpp|cxx|h|hh|hpp|cu|cuh)$' | sort -u)
# a file deleted in the work tree but still in the index is not there to format
existing=()
for f in "${files[@]}"; do [ -f "$f" ] && existing+=("$f"); done
if [ "${#existing[@]}" -eq 0 ]; then
  echo "format: no source files"
  exit 0
fi

if [ "$mode" = check ]; then
  "$CLANG_FORMAT" --dry-run --Werror "${existing[@]}"
  echo "format: ${#existing[@]} files formatted"
else
  "$CLANG_FORMAT" -i "${existing[@]}"
  echo "format: formatted ${#existing[@]} files"
fi

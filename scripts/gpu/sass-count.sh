#!/usr/bin/env bash
# scripts/gpu/sass-count.sh — SASS instructions per kernel of one .cu file, without cuobjdump (for machines that lack it):
# compiles it to an sm_90 cubin with the project's flags and divides each kernel's .text section by 16 bytes, the
# size of one Hopper instruction. How the Fr multiply's 312 → 264 was counted (src/gpu/field.cuh RedcFactor).
#   scripts/gpu/sass-count.sh FILE.cu [REGEX] [extra nvcc flags…]   e.g. scripts/gpu/sass-count.sh src/gpu/ntt_tiled.cu Lj9E
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
SRC=$1
RE=${2:-.}
shift $(($# < 2 ? $# : 2))
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
"${NVCC:-/usr/local/cuda/bin/nvcc}" -I"$ROOT/src" -O3 -DNDEBUG -arch=sm_90 -std=c++20 --expt-relaxed-constexpr "$@" \
  -cubin "$SRC" -o "$TMP/k.cubin"
readelf -S -W "$TMP/k.cubin" 2>/dev/null | python3 -c '
import re, sys
for line in sys.stdin:
    m = re.search(r"\.text\.(\S+)\s+\S+\s+\S+\s+\S+\s+([0-9a-f]+)", line)
    if m and int(m.group(2), 16) and re.search(sys.argv[1], m.group(1)):
        print(int(m.group(2), 16) // 16, m.group(1))
' "$RE" | sort -k2

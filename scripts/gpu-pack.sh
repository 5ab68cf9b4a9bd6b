#!/usr/bin/env bash
# scripts/gpu-pack.sh — a bundle (scripts/gpu-bundle.sh) too large for one carry to the GPU host
# (64 MiB): its programs packed into xz tarballs, each under the limit, beside it as
# .bundle-<part>.tar.xz (git-ignored). The first part holds run and lib/ as well; the others hold
# programs only. On the host, unpack them all into one folder and use it as BUNDLE:
#
#   ./scripts/gpu-pack.sh .bundle a "cuzk-bench test_gpu_pce_device test_gpu_pce_filecoin" \
#                                  b "cuzk-daemon test_gpu_small_proof"
#   run (carry [".bundle-a.tar.xz"]):  mkdir -p /tmp/b && tar -xJf .bundle-a.tar.xz -C /tmp/b && BUNDLE=/tmp/b ...
#
# A part over the limit fails the script, naming its size: move a program to another part.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
BUNDLE=${1:?usage: gpu-pack.sh BUNDLE PART "PROGRAMS" [PART "PROGRAMS" ...]}
shift
LIMIT=$((60 * 1024 * 1024)) # under the 64 MiB carry limit, with room for the working tree
[ -x "$BUNDLE/run" ] || { echo "gpu-pack: $BUNDLE is not a bundle (no run script)" >&2; exit 1; }
first=1
while [ "$#" -ge 2 ]; do
  part=$1 programs=$2
  shift 2
  files=()
  [ "$first" = 1 ] && files+=(run lib)
  for program in $programs; do
    [ -x "$BUNDLE/bin/$program" ] || { echo "gpu-pack: $program is not in $BUNDLE/bin" >&2; exit 1; }
    files+=("bin/$program")
  done
  out=".bundle-$part.tar.xz"
  tar -cJf "$out" -C "$BUNDLE" "${files[@]}"
  size=$(stat -c %s "$out")
  echo "gpu-pack: $out $((size / 1024 / 1024)) MiB (${files[*]})"
  [ "$size" -le "$LIMIT" ] || { echo "gpu-pack: $out is over $((LIMIT / 1024 / 1024)) MiB" >&2; exit 1; }
  first=0
done
[ "$#" -eq 0 ] || { echo "gpu-pack: a part name without its programs" >&2; exit 1; }

#!/usr/bin/env bash
# scripts/gpu-deps.sh — stage oneTBB (Debian 12's packages, unpacked, not installed) into .deps/ so
# that scripts/gpu-check.sh on an offline GPU machine can also build the CPU backend (src/poly,
# src/msm) and compare the GPU kernels with it (tests/gpu/backend_compare_test.cpp). Run it on a
# Debian 12 machine with network access; carry `.deps` with the working tree (it is git-ignored).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
rm -rf .deps && mkdir -p .deps/debs
(cd .deps/debs && apt-get download libtbb-dev libtbb12 libtbbmalloc2 libtbbbind-2-5 libhwloc15)
for deb in .deps/debs/*.deb; do dpkg-deb -x "$deb" .deps; done
rm -rf .deps/debs
echo "gpu-deps: staged $(du -sh .deps | cut -f1) under .deps/usr"

#!/usr/bin/env bash
# scripts/setup.sh — from a fresh Debian 12 machine to the main job: install the packages, build
# Release, then run the main job. For now the main job is `cuzk-bench selftest` (known answers of
# the arithmetic foundation, then timings); later it becomes a real proof.
#
#   ./scripts/setup.sh                 install, build, self-test
#   ./scripts/setup.sh --quick         same, but the self-test skips the timings
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source scripts/packages.sh

BUILD_DIR=${CUZK_BUILD_DIR:-build}

CuzkInstallPackages
cmake -S . -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=Release
cmake --build "$BUILD_DIR" --parallel "$(nproc)"

exec "$BUILD_DIR/bin/cuzk-bench" selftest "$@"

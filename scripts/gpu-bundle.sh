#!/usr/bin/env bash
# scripts/gpu-bundle.sh — packs the product for a GPU host that has CUDA but none of the CPU stack's
# libraries (gRPC, protobuf, oneTBB, spdlog, simdjson, toml++) and no network: cuzk-daemon and
# cuzk-bench from a Release build made here (nvcc builds sm_90 here too), with every shared library
# they load except the C runtime and the NVIDIA driver, which the host provides.
#
#   ./scripts/gpu-bundle.sh [DIR]        (default .bundle; git-ignored, so `carry` it to the host)
#   then on the host:  DIR/run cuzk-bench selftest --quick
#
# DIR/run sets LD_LIBRARY_PATH to DIR/lib and runs DIR/bin/<program>. PROGRAMS picks the programs
# (default "cuzk-daemon cuzk-bench"; test binaries such as test_gpu_fixed_base are found in the build
# tree), CUZK_BUILD_DIR the
# build (default build); the programs must have been built there (cmake --build build --target
# cuzk-daemon cuzk-bench).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
BUILD=${CUZK_BUILD_DIR:-build}
OUT=${1:-.bundle}
# a build configured by test.sh holds PTX only (no ptxas): the GPU host would JIT every kernel
archs=$(sed -n 's/^CMAKE_CUDA_ARCHITECTURES:[A-Z]*=//p' "$BUILD/CMakeCache.txt" 2>/dev/null || true)
if [ -n "$archs" ] && [[ $archs != *-real* ]]; then
  echo "gpu-bundle: $BUILD has no sm_90 SASS (CMAKE_CUDA_ARCHITECTURES without -real; test.sh builds PTX only):" \
    "reconfigure with -DCMAKE_CUDA_ARCHITECTURES='90-real;90-virtual' (./scripts/setup.sh does)" >&2
  exit 1
fi
rm -rf "$OUT"
mkdir -p "$OUT/bin" "$OUT/lib"
for program in ${PROGRAMS:-cuzk-daemon cuzk-bench}; do
  # the apps are in $BUILD/bin; test binaries (tests/gpu's test_gpu_*) beside their CMakeLists
  path="$BUILD/bin/$program"
  [ -x "$path" ] || path=$(find "$BUILD" -type f -name "$program" -perm -u+x 2>/dev/null | head -1)
  [ -n "$path" ] && [ -x "$path" ] || { echo "gpu-bundle: $program is not built in $BUILD" >&2; exit 1; }
  cp "$path" "$OUT/bin/"
  strip --strip-debug "$OUT/bin/$program" 2>/dev/null || true
done
# the host's own: glibc's libraries and the loader, and the driver's libcuda
keep_host='^(libc|libm|libdl|librt|libpthread|libresolv|ld-linux-x86-64|libcuda|libnvidia-)[.-]'
for program in "$OUT"/bin/*; do
  ldd "$program" | awk '/=> \// { print $3 }' | while read -r lib; do
    name=$(basename "$lib")
    if [[ ! $name =~ $keep_host ]]; then cp -L -n "$lib" "$OUT/lib/$name"; fi
  done
done
cat >"$OUT/run" <<'RUN'
#!/usr/bin/env bash
# runs a bundled program with the bundled libraries: DIR/run cuzk-bench ARGS...
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
program=$1
shift
LD_LIBRARY_PATH="$here/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" exec "$here/bin/$program" "$@"
RUN
chmod +x "$OUT/run"
echo "gpu-bundle: $(du -sh "$OUT" | cut -f1) in $OUT ($(ls "$OUT/lib" | wc -l) libraries)"

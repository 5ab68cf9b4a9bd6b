#!/usr/bin/env bash
# scripts/gpu-check.sh — build the CUDA backend for Hopper and run every GPU test and benchmark,
# writing a report (markdown + JSON) to $OUT when set, else ./gpu-report/.
#
# For GPU machines: it needs CUDA (nvcc), CMake and a C++ compiler, and installs nothing. It
# configures with -DCUZK_GPU_ONLY=ON (src/gpu/gpu_only.cmake): only ff, the CUDA layer, its tests
# and benchmarks, so TBB, OpenSSL, gRPC and Google Benchmark are not needed; GoogleTest is used
# when installed, else tests/gpu/shim. Tests that find no device report SKIP, never PASS, and
# ctest lists every test on its own. The tests phase fails when any test skips, so a host whose
# driver shows no device cannot pass with nothing run. (The two-device tests run the engine,
# tests/gpu/engine_devices_test.cpp: a full build's, run from a bundle by gpu-bundle-tests.sh.)
#
# Environment: OUT (report folder), CUZK_GPU_BUILD_DIR (default build-gpu),
# CUZK_CUDA_ARCHS (default "90-real;90-virtual": sm_90 SASS plus PTX; no sm_90a instructions are
# used), CUZK_GPU_BENCH_RUNS (timed runs per benchmark, default 7), CUZK_GPU_SKIP_BENCH=1, CUZK_GPU_SKIP_TESTS=1,
# CUZK_GPU_TEST_TIMEOUT (seconds per ctest test, default 150), CUZK_GPU_SANITIZE=1 (also run the registry and field tests under compute-sanitizer memcheck, and a
# small GPU proof, tests/gpu/small_proof_test.cpp, under memcheck and racecheck; slow).
set -uo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
OUT_DIR=${OUT:-$ROOT/gpu-report}
BUILD=${CUZK_GPU_BUILD_DIR:-$ROOT/build-gpu}
ARCHS=${CUZK_CUDA_ARCHS:-90-real;90-virtual}
RUNS=${CUZK_GPU_BENCH_RUNS:-7}
JOBS=$(nproc 2>/dev/null || echo 4)
mkdir -p "$OUT_DIR"
export PATH=/usr/local/cuda/bin:$PATH

GPUS=$(nvidia-smi -L 2>/dev/null | grep -c '^GPU ')
# tests/gpu/device_test.cpp checks DeviceCount() against it
export CUZK_EXPECTED_DEVICES=$GPUS
UNEXPECTED_SKIPS=""

LOG="$OUT_DIR/gpu-check.log"
: >"$LOG"
log() { echo "[gpu-check $(date -u +%H:%M:%S)] $*" | tee -a "$LOG"; }

STATUS_CONFIGURE=skipped STATUS_BUILD=skipped STATUS_TESTS=skipped STATUS_BENCH=skipped STATUS_SANITIZE=skipped
T0=$(date +%s)

{
  echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "host: $(uname -n) $(uname -m), $(nproc) cores"
  echo "tree: $(bash "$ROOT/scripts/tree-hash.sh" 2>/dev/null || echo unknown) (scripts/tree-hash.sh)"
  echo "git HEAD: $(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo unknown) (stale on a copied tree whose .git was not updated)"
  echo "nvcc: $(nvcc --version 2>/dev/null | tail -1 || echo missing)"
  echo "cmake: $(cmake --version 2>/dev/null | head -1 || echo missing)"
  nvidia-smi --query-gpu=name,uuid,pci.bus_id,memory.total,driver_version --format=csv,noheader 2>/dev/null |
    sed 's/^/gpu: /' || echo "gpu: nvidia-smi not available"
} >>"$LOG"
cat "$LOG"

GEN=Ninja
command -v ninja >/dev/null 2>&1 || GEN="Unix Makefiles"

log "configure ($GEN, Release, CUDA archs $ARCHS) into $BUILD"
# oneTBB staged by scripts/gpu-deps.sh (carried as .deps) lets the CPU backend build here too, so the
# kernels are compared with src/poly and src/msm (tests/gpu/backend_compare_test.cpp)
PREFIX_ARGS=()
[ -d "$ROOT/.deps/usr" ] && PREFIX_ARGS=("-DCMAKE_PREFIX_PATH=$ROOT/.deps/usr")
if [ ! -d "$ROOT/.deps/usr" ] && ! ldconfig -p 2>/dev/null | grep -q libtbb; then
  # without oneTBB the CPU backend is not built, and with it go the GPU-vs-CPU and Groth16 backend tests
  log "WARNING: no oneTBB (.deps/usr missing: run scripts/gpu-deps.sh and carry .deps): only kernel tests will build"
fi
if cmake -S "$ROOT" -B "$BUILD" -G "$GEN" -DCMAKE_BUILD_TYPE=Release -DCUZK_GPU_ONLY=ON \
  "-DCMAKE_CUDA_ARCHITECTURES=$ARCHS" "${PREFIX_ARGS[@]}" >"$OUT_DIR/build.log" 2>&1; then
  STATUS_CONFIGURE=ok
  log "build (-j$JOBS)"
  KEEP_GOING=-k0
  [ "$GEN" = Ninja ] || KEEP_GOING=-k
  # keep going: one target that fails to compile must not hide the results of the others
  if cmake --build "$BUILD" -j "$JOBS" -- "$KEEP_GOING" >>"$OUT_DIR/build.log" 2>&1; then
    STATUS_BUILD=ok
  else
    STATUS_BUILD=partial
    grep -E "error|Error" "$OUT_DIR/build.log" | head -40
  fi
else
  STATUS_CONFIGURE=failed
  tail -40 "$OUT_DIR/build.log"
fi
log "build: $STATUS_BUILD ($(($(date +%s) - T0)) s so far)"

if [ "$STATUS_BUILD" = ok ] || [ "$STATUS_BUILD" = partial ]; then
  if [ "${CUZK_GPU_SKIP_TESTS:-0}" = 1 ]; then
    log "tests skipped (CUZK_GPU_SKIP_TESTS=1: a benchmark-only slot)"
  else
    log "tests (ctest -L gpu, $GPUS GPU(s) listed by nvidia-smi)"
    if ctest --test-dir "$BUILD" -L gpu --output-on-failure --timeout "${CUZK_GPU_TEST_TIMEOUT:-150}" --output-junit "$BUILD/ctest.xml" \
      >"$OUT_DIR/tests.log" 2>&1; then
      STATUS_TESTS=ok
    else
      STATUS_TESTS=failed
    fi
    grep -E "tests passed|Skipped|Failed|\*\*\*" "$OUT_DIR/tests.log" | tail -40
    # a skip is a test not run
    UNEXPECTED_SKIPS=""
    for t in $(sed -nE 's/.*Test +#[0-9]+: ([^ ]+) \.+\*+Skipped.*/\1/p' "$OUT_DIR/tests.log"); do
      log "FAIL: skipped on a GPU host: $t"
      UNEXPECTED_SKIPS="$UNEXPECTED_SKIPS $t"
    done
    if [ "$GPUS" -eq 0 ]; then
      log "FAIL: nvidia-smi lists no GPU: the device tests skip, so nothing was checked"
      STATUS_TESTS=failed
    fi
    [ -z "$UNEXPECTED_SKIPS" ] || STATUS_TESTS=failed
  fi
  if [ "${CUZK_GPU_SANITIZE:-0}" = 1 ]; then
    if command -v compute-sanitizer >/dev/null 2>&1; then
      STATUS_SANITIZE=ok
      : >"$OUT_DIR/sanitize.log"
      # the registry and field kernels, then one small proof through every prover kernel (NTT/H,
      # Pippenger, batch addition, gather) under memcheck and racecheck
      for run in "memcheck device" "memcheck field_device" "memcheck small_proof" "racecheck small_proof"; do
        set -- $run
        [ -x "$BUILD/tests/gpu/test_gpu_$2" ] || continue
        log "compute-sanitizer $1 test_gpu_$2"
        echo "=== compute-sanitizer --tool $1 test_gpu_$2" >>"$OUT_DIR/sanitize.log"
        if ! compute-sanitizer --tool "$1" --error-exitcode 1 "$BUILD/tests/gpu/test_gpu_$2" \
          >>"$OUT_DIR/sanitize.log" 2>&1; then
          STATUS_SANITIZE=failed
          log "compute-sanitizer $1 test_gpu_$2 reported errors (sanitize.log)"
        fi
      done
    else
      STATUS_SANITIZE=no-compute-sanitizer
    fi
  fi
  log "tests: $STATUS_TESTS ($(($(date +%s) - T0)) s so far)"

  if [ "${CUZK_GPU_SKIP_BENCH:-0}" != 1 ]; then
    # raw device rates first (field multiplications, curve additions): what the kernels below are built from
    if [ -x "$BUILD/bench/gpu/gpu_field_rates" ]; then
      log "field and curve rates (gpu_field_rates)"
      "$BUILD/bench/gpu/gpu_field_rates" --runs "$RUNS" >"$OUT_DIR/rates.log" 2>&1
      cat "$OUT_DIR/rates.log"
    fi
    log "benchmarks (gpu_bench, $RUNS runs each)"
    [ -x "$BUILD/bench/gpu/gpu_bench" ] &&
      "$BUILD/bench/gpu/gpu_bench" --runs "$RUNS" --json "$BUILD/bench.json" 2>&1 | tee "$OUT_DIR/bench.log"
    rc=${PIPESTATUS[0]}
    case $rc in
    0) STATUS_BENCH=ok ;;
    77) STATUS_BENCH=skipped-no-device ;;
    *) STATUS_BENCH=failed ;;
    esac
    # one partition-shaped proof with the SRS resident (2^27 is the 32 GiB PoRep size; needs ~75 GB
    # of device and ~70 GB of host memory)
    if [ -x "$BUILD/bench/gpu/gpu_prover_bench" ] && [ "$rc" != 77 ]; then
      log "partition benchmark (gpu_prover_bench --log ${CUZK_GPU_PARTITION_LOG:-24})"
      "$BUILD/bench/gpu/gpu_prover_bench" --log "${CUZK_GPU_PARTITION_LOG:-24}" --runs "$RUNS" \
        --json "$BUILD/partition.json" 2>&1 | tee -a "$OUT_DIR/bench.log"
      [ "${PIPESTATUS[0]}" = 0 ] || STATUS_BENCH=failed
    fi
    log "benchmarks: $STATUS_BENCH ($(($(date +%s) - T0)) s so far)"
  fi
fi

# ---- report -------------------------------------------------------------------------------
export STATUS_CONFIGURE STATUS_BUILD STATUS_TESTS STATUS_BENCH STATUS_SANITIZE OUT_DIR BUILD UNEXPECTED_SKIPS
export ELAPSED=$(($(date +%s) - T0))
if command -v python3 >/dev/null 2>&1; then
  python3 - <<'PY'
import json, os, re
out = os.environ["OUT_DIR"]
def read(name):
    try:
        return open(os.path.join(out, name), errors="replace").read()
    except OSError:
        return ""
status = {k: os.environ[f"STATUS_{k.upper()}"] for k in ("configure", "build", "tests", "sanitize", "bench")}
tests_log = read("tests.log")
# "100% tests passed, 0 tests failed out of N" (CMake < 4) or "100% tests passed out of N"
summary = re.search(r"(\d+)% tests passed(?:, (\d+) tests failed)? out of (\d+)", tests_log)
build_failed = re.findall(r"^FAILED: (?:\[code=\d+\] )?(\S+)", read("build.log"), re.M)
skipped = re.findall(r"\d+/\d+ Test\s+#\d+: (\S+) \.+\*+Skipped", tests_log)
failed = re.findall(r"\d+/\d+ Test\s+#\d+: (\S+) \.+\*+(?:Failed|Timeout|Exception)", tests_log)
tests = {"total": int(summary.group(3)) if summary else None,
         "failed": int(summary.group(2) or 0) if summary else None,
         "targets_not_built": build_failed,
         "skipped": skipped, "unexpected_skips": os.environ.get("UNEXPECTED_SKIPS", "").split(),
         "failed_names": failed}
def read_json(path):
    try:
        return json.loads(open(path).read())
    except (OSError, ValueError):
        return {}
# the raw JSON stays in the build folder: the report carries it (a GPU lease returns few files)
bench = read_json(os.path.join(os.environ["BUILD"], "bench.json"))
partition = read_json(os.path.join(os.environ["BUILD"], "partition.json"))
# spec/gpu.md anchors (sppark kernels on an H200), ms, at the same size
anchors = {("msm_g1", 1 << 24): 159.9, ("msm_g1", 1 << 26): 558.5, ("msm_g2", 1 << 24): 457.0, ("ntt_forward", 1 << 27): 44.6, ("ntt_forward_rn", 1 << 27): 44.6, ("ntt_inverse", 1 << 27): 44.6,
           ("ntt_coset_forward", 1 << 27): 46.5, ("ntt_coset_inverse", 1 << 27): 51.7}
for (name, n), ms in list(anchors.items()):  # through scratch ("_oop"): the same transform, the same anchor
    if name.startswith("ntt_") and name != "ntt_forward_rn":
        anchors[(name + "_oop", n)] = ms
env = read("gpu-check.log").split("[gpu-check")[0].strip()
lines = ["# cuzk GPU check", "", "```", env, "```", "",
         "| phase | status |", "|---|---|"] + [f"| {k} | {v} |" for k, v in status.items()]
lines += ["", f"elapsed: {os.environ['ELAPSED']} s", "", "## Tests", ""]
for t in build_failed:
    lines.append(f"- NOT BUILT {t} (its tests are missing from the count below; see build.log)")
if summary:
    lines.append(f"{summary.group(0)}; skipped: {len(skipped)}")
for n in failed:
    lines.append(f"- FAILED {n}")
unexpected = set(os.environ.get("UNEXPECTED_SKIPS", "").split())
for n in skipped:
    lines.append(f"- {'SKIPPED (not allowed on a GPU host)' if n in unexpected else 'skipped (needs 2 GPUs)'} {n}")
rates = re.findall(r"^rate (\S+)\s+([\d.]+) G/s", read("rates.log"), re.M)
if rates:
    lines += ["", "## Raw device rates (gpu_field_rates, G op/s; sppark on an H200: Fr mul 58.9, Fp mul 27.0)", "",
              "| operation | G op/s |", "|---|---|"] + [f"| {k} | {v} |" for k, v in rates]
lines += ["", "## Benchmarks (median of runs after a warm-up)", ""]
if bench.get("results"):
    dev = bench.get("device", {})
    lines.append(f"device: {dev.get('name')} ({dev.get('uuid')}), {dev.get('sm_count')} SMs")
    lines += ["", "| case | n | median ms | min | max | anchor (sppark, H200) |", "|---|---|---|---|---|---|"]
    for r in bench["results"]:
        n = r["n"]
        k = n.bit_length() - 1
        a = anchors.get((r["name"], n))
        extra = ""
        if r["name"].startswith("batch_add"):
            extra = f"{r['median_ms'] * 1e6 / (n / 2):.2f} ns/selected point (sppark: 0.51)"
        lines.append(f"| {r['name']} | 2^{k} | {r['median_ms']:.3f} | {r['min_ms']:.3f} | {r['max_ms']:.3f} | "
                     f"{(str(a) + ' ms') if a else ''}{extra} |")
else:
    lines.append("no benchmark results")
for e in bench.get("errors", []):
    lines.append(f"- ERROR {e}")
if partition:
    p = partition
    lines += ["", f"## Partition-shaped proof, domain 2^{p['log_n']}, SRS resident (median of {p['runs']})", "",
              f"ProveStart {p['median_ms']:.1f} ms: H NTT {p['h_ntt_ms']:.1f}, H MSM {p['msm_h_ms']:.1f}, "
              f"L {p['msm_l_ms']:.1f}, A {p['msm_a_ms']:.1f}, B_G1 {p['msm_b_g1_ms']:.1f}, B_G2 {p['msm_b_g2_ms']:.1f}, "
              f"host plan + uploads {p['host_and_upload_ms']:.1f} ms; SRS {p['srs_bytes'] / 1e9:.2f} GB, "
              f"prover scratch {p['scratch_bytes'] / 1e9:.2f} GB, device memory used {p['device_bytes_used'] / 1e9:.2f} GB"]
    if p.get("pipelined_ms_per_partition"):
        lines += ["", f"Steady state, two workers on the device (gpu_prover_bench --pipeline): "
                      f"{p['pipelined_ms_per_partition']:.1f} ms per partition (median of 3 rounds)"]
open(os.path.join(out, "report.md"), "w").write("\n".join(lines) + "\n")
json.dump({"status": status, "elapsed_s": int(os.environ["ELAPSED"]), "tests": tests, "bench": bench,
           "partition": partition, "rates_gops": {k: float(v) for k, v in rates}},
          open(os.path.join(out, "report.json"), "w"), indent=2)
PY
else
  {
    echo "# cuzk GPU check"
    echo "configure: $STATUS_CONFIGURE, build: $STATUS_BUILD, tests: $STATUS_TESTS, bench: $STATUS_BENCH"
    grep -E "tests passed" "$OUT_DIR/tests.log" 2>/dev/null
    cat "$OUT_DIR/bench.log" 2>/dev/null
  } >"$OUT_DIR/report.md"
  printf '{"status": {"configure": "%s", "build": "%s", "tests": "%s", "bench": "%s"}}\n' \
    "$STATUS_CONFIGURE" "$STATUS_BUILD" "$STATUS_TESTS" "$STATUS_BENCH" >"$OUT_DIR/report.json"
fi
log "report: $OUT_DIR/report.md"
cat "$OUT_DIR/report.md"

[ "$STATUS_BUILD" = ok ] && [ "$STATUS_TESTS" = ok ] && [ "$STATUS_BENCH" != failed ] && [ "$STATUS_SANITIZE" != failed ]

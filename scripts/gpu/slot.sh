#!/usr/bin/env bash
# scripts/gpu/slot.sh — one command for a time-limited GPU machine that returns few files:
# scripts/gpu-check.sh, then every scripts/gpu/probe-<name>.sh (env BUILD, PROBE_OUT; capped at
# PROBE_CAP s each), and an optional untracked scripts/gpu/slot-pre.sh run in the background (e.g. a CPU benchmark
# that wants the GPU host's memory), all packed into $OUT/slot.tgz because such a machine may return only a few
# files. SLOT_BUDGET (s, default 570) bounds the whole; PROBE_RESERVE (s) is kept for the probes.
# PROBE_CAP (s, default 90) caps each probe. PROBES (space-separated names, e.g. "partition derive-c") picks probes; default every one.
# Carry .deps (scripts/gpu-deps.sh): without it only the kernel tests build.
set -u
RET=${OUT:-/tmp/ret}; mkdir -p "$RET"
W=/tmp/slot; rm -rf $W; mkdir -p $W
T0=$(date +%s)
left() { echo $(( ${SLOT_BUDGET:-570} - ($(date +%s) - T0) )); }
export CUZK_GPU_BENCH_RUNS=${CUZK_GPU_BENCH_RUNS:-5} CUZK_GPU_PARTITION_LOG=${CUZK_GPU_PARTITION_LOG:-27}
if [ -x scripts/gpu/slot-pre.sh ]; then timeout $(( ${SLOT_BUDGET:-570} - 30 )) bash scripts/gpu/slot-pre.sh "$W" > $W/pre.log 2>&1 & fi
OUT=$W timeout $(( $(left) - ${PROBE_RESERVE:-150} )) bash scripts/gpu-check.sh > $W/gpu-check.stdout 2>&1
echo "gpu-check rc=$? at $(( $(date +%s) - T0 )) s" >> $W/slot.log
for p in scripts/gpu/probe-*.sh; do
  [ -f "$p" ] || continue
  n=$(basename "$p" .sh); n=${n#probe-}
  [ -z "${PROBES:-}" ] || [[ " $PROBES " == *" $n "* ]] || continue
  mkdir -p $W/probe-$n
  t=$(( $(left) - 20 )); [ $t -gt ${PROBE_CAP:-90} ] && t=${PROBE_CAP:-90}
  [ $t -gt 5 ] || { echo "no time for probe $n" >> $W/slot.log; continue; }
  BUILD=$PWD/build-gpu PROBE_OUT=$W/probe-$n timeout $t bash "$p" > $W/probe-$n/stdout.txt 2>&1
  echo "probe $n rc=$? at $(( $(date +%s) - T0 )) s" >> $W/slot.log
done
wait
tar czf "$RET/slot.tgz" -C $W . 2>/dev/null
cp $W/report.md "$RET/" 2>/dev/null; cp $W/slot.log "$RET/" 2>/dev/null
cat $W/slot.log; tail -30 $W/gpu-check.stdout

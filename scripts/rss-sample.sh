# shellcheck shell=bash
# scripts/rss-sample.sh — sourced by the scripts that watch a daemon's memory (soak.sh, gpu-e2e.sh):
#
#   cuzk_sample_rss PID FILE SECONDS &   appends "<seconds since start> <VmRSS KiB>" every SECONDS
#                                        while PID lives (run it in the background; kill it when done)
#   cuzk_rss_summary FILE                one line: RSS at start, peak (and when), end, in MiB
cuzk_sample_rss() {
  local pid=$1 file=$2 every=$3 t0 rss
  t0=$(date +%s.%N)
  while kill -0 "$pid" 2>/dev/null; do
    rss=$(awk '/^VmRSS:/ {print $2}' "/proc/$pid/status" 2>/dev/null) || break
    [ -n "$rss" ] && awk -v now="$(date +%s.%N)" -v t0="$t0" -v rss="$rss" \
      'BEGIN { printf "%.1f %d\n", now - t0, rss }' >>"$file"
    sleep "$every"
  done
}

cuzk_rss_summary() {
  awk 'NR == 1 { start = $2 } { if ($2 > peak) { peak = $2; at = $1 } end = $2 }
       END { printf "daemon RSS: start %.0f MiB, peak %.0f MiB (at %.0f s), end %.0f MiB; %d samples\n",
             start / 1024, peak / 1024, at, end / 1024, NR }' "$1"
}

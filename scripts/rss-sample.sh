# shellcheck shell=bash
# scripts/rss-sample.sh — sourced by the scripts that watch a daemon's memory (soak.sh, gpu-e2e.sh):
#
#   cuzk_sample_rss PID FILE SECONDS &   appends "<seconds since start> <VmRSS KiB>" every SECONDS
#                                        while PID lives (run it in the background; kill it when done)
#   cuzk_rss_summary FILE                one line: RSS at start, peak (and when), end, in MiB
#   cuzk_rss_growth FILE [LIMIT_MIB]     fails (status 1, saying why) when the last third of the samples
#                                        averages more than 1.25× the middle third plus 256 MiB (memory
#                                        that keeps growing under a steady load), or any sample passes
#                                        LIMIT_MIB
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

cuzk_rss_growth() {
  awk -v limit="${2:-0}" '{ rss[NR] = $2; if (limit > 0 && $2 / 1024 > limit) over = $2 }
       END {
         if (over) { printf "daemon RSS passed its limit: %.0f MiB > %d MiB\n", over / 1024, limit; exit 1 }
         if (NR < 9) exit 0
         a = int(NR / 3); b = int(2 * NR / 3)
         for (i = a + 1; i <= b; i++) mid += rss[i]
         for (i = b + 1; i <= NR; i++) last += rss[i]
         mid /= (b - a); last /= (NR - b)
         if (last > 1.25 * mid + 256 * 1024) {
           printf "daemon RSS kept growing: the last third averages %.0f MiB, the middle third %.0f MiB\n",
                  last / 1024, mid / 1024
           exit 1
         }
       }' "$1"
}

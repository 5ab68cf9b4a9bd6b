# scripts/await-socket.sh — sourced by the scripts that start a daemon of their own (setup.sh,
# daemon-e2e.sh, gpu-e2e.sh, soak.sh, tests/server/daemon_kinds_e2e.sh):
#
#   cuzk_await_socket SOCKET PID SECONDS
#
# waits until the daemon PID listens on the unix socket SOCKET. Returns 0 once it does, 1 when the
# process exited first, 2 when SECONDS passed without it.
cuzk_await_socket() {
  local sock=$1 pid=$2 tenths=$(($3 * 10))
  for _ in $(seq "$tenths"); do
    [ -S "$sock" ] && return 0
    kill -0 "$pid" 2>/dev/null || return 1
    sleep 0.1
  done
  [ -S "$sock" ] && return 0
  return 2
}

# scripts/packages.sh — the one list of Debian packages cuzk needs (and the npm oracles), sourced by setup.sh and test.sh.
#
# Later issues append to APT_PACKAGES (gRPC, spdlog, simdjson, ...). Node.js and npm are only for
# the test oracles (tests/oracle); @noble/curves 2.x wants node >= 20.19, newer than Debian 12's
# nodejs 18, so CuzkInstallNode fetches a newer Node from the npm registry when the system's is older.
# A machine that already has a newer node (e.g. from NodeSource, whose nodejs package "Provides: npm")
# keeps it: a package counts as present when it or something that provides it is installed.
# shellcheck shell=bash

APT_PACKAGES=(build-essential cmake ninja-build g++ pkg-config clang-format libtbb-dev libssl-dev libgtest-dev libgmock-dev libbenchmark-dev libcli11-dev libsimdjson-dev nodejs npm libspdlog-dev libgrpc++-dev libprotobuf-dev protobuf-compiler protobuf-compiler-grpc libtomlplusplus-dev python3-grpcio python3-protobuf prometheus)

# libFuzzer, for the fuzz step of test.sh and scripts/fuzz.sh: clang and its runtime libraries (the
# latter only a Recommends of clang, which --no-install-recommends leaves out).
APT_PACKAGES+=(clang libclang-rt-dev)
# clang-tidy, for test.sh's tidy step and scripts/tidy.sh
APT_PACKAGES+=(clang-tidy)

# Prints the packages of APT_PACKAGES that are neither installed nor provided by an installed package.
CuzkMissingPackages() {
  local present
  present=$(dpkg-query -W -f='${db:Status-Abbrev}|${Package}|${Provides}\n' 2>/dev/null |
    awk -F'|' '$1 ~ /^ii/ { print $2; n = split($3, p, /, */); for (i = 1; i <= n; i++) { sub(/ .*/, "", p[i]); print p[i] } }' |
    sort -u)
  local pkg
  for pkg in "${APT_PACKAGES[@]}"; do
    grep -qxF "$pkg" <<<"$present" || echo "$pkg"
  done
}

# Installs whatever is missing. No apt-get update (and no network) when everything is present.
# Works as root (fresh Debian 12 has no sudo) and as a user with sudo.
CuzkInstallPackages() {
  local missing
  mapfile -t missing < <(CuzkMissingPackages)
  if [ "${#missing[@]}" -eq 0 ]; then
    echo "packages: all ${#APT_PACKAGES[@]} present"
    return 0
  fi
  local as_root=()
  if [ "$(id -u)" -ne 0 ]; then
    if ! command -v sudo >/dev/null 2>&1; then
      echo "packages: missing ${missing[*]}; run as root or install sudo" >&2
      return 1
    fi
    as_root=(sudo)
  fi
  echo "packages: installing ${missing[*]}"
  "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -q
  "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}"
}

# The Node the oracle tests run on (tests/oracle/node.sh picks it): the system's node when it is new
# enough for @noble/curves 2.x (>= 20.19), else an official Node build from the npm registry
# (node-linux-<cpu>, the per-platform binary packages of the `node` package), installed into
# tests/oracle/.node; Debian 12's nodejs 18 and npm 9 are enough to fetch it.
CUZK_ORACLE_NODE_VERSION=20.20.2
CuzkNodeNewEnough() {
  "$1" -e 'const [a, b] = process.versions.node.split(".").map(Number); process.exit(a > 20 || (a === 20 && b >= 19) ? 0 : 1)' 2>/dev/null
}
CuzkInstallNode() {
  local dir=tests/oracle/.node
  if command -v node >/dev/null 2>&1 && CuzkNodeNewEnough node; then
    echo "oracles: system node $(node --version) is new enough"
    return 0
  fi
  local cpu
  case $(uname -m) in
  x86_64) cpu=x64 ;;
  aarch64 | arm64) cpu=arm64 ;;
  *)
    echo "oracles: no Node build on the npm registry for $(uname -m); the oracle tests need node >= 20.19" >&2
    return 1
    ;;
  esac
  local want="node-linux-$cpu@$CUZK_ORACLE_NODE_VERSION"
  if [ -x "$dir/node_modules/.bin/node" ] && [ "$(cat "$dir/.cuzk-node" 2>/dev/null)" = "$want" ]; then
    echo "oracles: $want in $dir"
    return 0
  fi
  echo "oracles: system node $(node --version 2>/dev/null || echo missing) is older than 20.19; installing $want into $dir"
  rm -rf "$dir"
  mkdir -p "$dir"
  # its own package.json, else npm installs into the enclosing package (tests/oracle)
  echo '{"name": "cuzk-oracle-node", "private": true}' >"$dir/package.json"
  (cd "$dir" && npm install --no-save --no-package-lock --no-audit --no-fund --loglevel=error "$want")
  CuzkNodeNewEnough "$dir/node_modules/.bin/node"
  echo "$want" >"$dir/.cuzk-node"
}

# `npm ci` wipes and reinstalls node_modules; a stamp holding the lock file's hash skips that (and the
# network) when nothing changed since the last install. npm runs with the oracles' Node first on
# PATH, so install scripts see the Node the tests use.
CuzkInstallOracles() {
  local dir=tests/oracle
  CuzkInstallNode
  local stamp=$dir/node_modules/.cuzk-lock.sha256
  local want
  want=$(sha256sum "$dir/package-lock.json" | cut -d' ' -f1)
  if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
    echo "oracles: node_modules matches package-lock.json"
    return 0
  fi
  echo "oracles: npm ci in $dir"
  (cd "$dir" && PATH="$PWD/.node/node_modules/.bin:$PATH" npm ci --no-audit --no-fund --loglevel=error)
  echo "$want" >"$stamp"
}

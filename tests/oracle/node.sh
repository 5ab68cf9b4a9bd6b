#!/bin/sh
# tests/oracle/node.sh — runs node for the oracle tests: the project-local Node that
# scripts/packages.sh (CuzkInstallNode) installs from the npm registry when the system's node is
# older than the oracles need (Debian 12 ships 18; @noble/curves 2.x needs >= 20.19), else the
# node on PATH. Resolved at run time, so a build configured before the install still uses it.
#
# No node at all: SKIP (exit 77, ctest's SKIP_RETURN_CODE), or a failure when CI=true, where a
# skipped oracle would turn an unchecked result green.
dir=$(cd "${0%/*}" && pwd)
local_node=$dir/.node/node_modules/.bin/node
if [ -x "$local_node" ]; then
  exec "$local_node" "$@"
fi
if command -v node >/dev/null 2>&1; then
  exec node "$@"
fi
if [ "${CI:-}" = true ]; then
  echo "FAIL (CI=true, so no oracle may skip): no node on PATH and none in tests/oracle/.node; scripts/test.sh installs it"
  exit 1
fi
echo "SKIP: no node on PATH and none in tests/oracle/.node; scripts/test.sh installs it"
exit 77

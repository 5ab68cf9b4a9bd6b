#!/usr/bin/env bash
# scripts/tree-hash.sh — a short hash of the source tree's contents (CMake files, src, tests, bench, apps, proto,
# scripts; not the npm oracles' node_modules nor their Node in tests/oracle/.node), so that a GPU report names the code it ran: a device machine gets a
# copy of the working tree whose .git may be stale, so `git rev-parse HEAD` there can name an older commit. Run it
# here on a commit to match a report's "tree".
set -euo pipefail
cd "$(dirname "$0")/.."
find CMakeLists.txt cmake src tests bench apps proto scripts -type f -not -path '*/node_modules/*' -not -path '*/.node/*' -print0 2>/dev/null | LC_ALL=C sort -z |
  xargs -0 sha256sum | sha256sum | cut -c1-12

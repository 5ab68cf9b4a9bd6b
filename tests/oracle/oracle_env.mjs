// tests/oracle/oracle_env.mjs — the checks every oracle script makes before importing npm packages.
//
// Imported statically (it imports nothing from node_modules), so that a missing install ends in a
// clear SKIP (exit 77, ctest's SKIP_RETURN_CODE) instead of a module-resolution error.
import { existsSync } from 'node:fs';

export const SKIP = 77;

// In CI (CI=true) a skipped oracle is a failure: a green run must mean the cross-check ran.
function Missing(what) {
  if (process.env.CI === 'true') {
    console.log(`FAIL (CI=true, so no oracle may skip): ${what}`);
    process.exit(1);
  }
  console.log(`SKIP: ${what}`);
  process.exit(SKIP);
}

//! exits with SKIP (a failure when CI=true) unless node is new enough and each package is
//! installed in tests/oracle
export function RequireOracles(packages) {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < 20 || (major === 20 && minor < 19)) {
    Missing(`node ${process.versions.node} is older than 20.19, which @noble/curves 2.x needs; ` +
            'scripts/test.sh installs a newer one into tests/oracle/.node');
  }
  for (const p of packages) {
    if (!existsSync(new URL(`./node_modules/${p}/package.json`, import.meta.url))) {
      Missing(`${p} is not installed in tests/oracle/node_modules; run \`npm ci\` there (scripts/test.sh does)`);
    }
  }
}

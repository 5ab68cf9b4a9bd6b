// tests/oracle/check.mjs — recomputes the cases a dump program prints with independent
// implementations (@noble/curves 2.4.0; for commP and CIDs @web3-storage/data-segment 5.3.0 and
// multiformats 14.0.5) and compares them string for string.
//
//   node check.mjs <dump-program> [seed]
//
// Exit 0: every case matched. Exit 1: a mismatch, an op no oracle knows, or no cases at all.
// Exit 77 (ctest SKIP_RETURN_CODE): the oracles are not installed (run `npm ci` here, which
// scripts/test.sh does) or node is older than @noble/curves 2.x supports.
import { execFileSync } from 'node:child_process';
import { RequireOracles } from './oracle_env.mjs';

RequireOracles(['@noble/curves', '@web3-storage/data-segment', 'multiformats']);

const [program, seed = '1'] = process.argv.slice(2);
if (!program) {
  console.error('usage: node check.mjs <dump-program> [seed]');
  process.exit(2);
}

// every op family lives in its own module; imported after the checks above so that a missing
// node_modules gives the SKIP message instead of a module-resolution error
const ops = {};
for (const mod of ['./ops_ff.mjs', './ops_ec.mjs', './ops_pairing.mjs', './ops_hash.mjs', './ops_filecoin.mjs']) Object.assign(ops, (await import(mod)).OPS);

const text = execFileSync(program, [seed], { encoding: 'utf8', maxBuffer: 1 << 30 });
const cases = text.split('\n').filter((l) => l.length).map((l) => JSON.parse(l));

const counts = new Map();
const failures = [];
for (const c of cases) {
  counts.set(c.op, (counts.get(c.op) ?? 0) + 1);
  const oracle = ops[c.op];
  let expected;
  try {
    if (!oracle) throw new Error('no oracle for this op');
    expected = oracle(c.in, c.out);
  } catch (e) {
    failures.push({ ...c, error: e.message });
    continue;
  }
  if (expected.length !== c.out.length || expected.some((x, i) => x !== c.out[i])) failures.push({ ...c, expected });
}

const summary = [...counts].map(([op, n]) => `${op}×${n}`).join(' ');
console.log(`${program} seed ${seed}: ${cases.length} cases (${summary})`);
for (const f of failures.slice(0, 10)) console.log('MISMATCH', JSON.stringify(f));
if (failures.length > 10) console.log(`... and ${failures.length - 10} more`);
if (cases.length === 0) {
  console.log('FAIL: the dump program printed no cases');
  process.exit(1);
}
if (failures.length) {
  console.log(`FAIL: ${failures.length} of ${cases.length} cases differ from the oracles`);
  process.exit(1);
}
console.log('OK: all cases match the oracles');

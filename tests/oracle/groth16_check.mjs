// tests/oracle/groth16_check.mjs — verifies Groth16 proofs that a C++ dump program exports with the
// two independent verifiers of groth16_verify.mjs (snarkjs 0.7.6 and a noble-based one).
//
//   node groth16_check.mjs <dump-program> [seed]
//
// The program prints JSON Lines, one case per line (format in groth16_verify.mjs).
// Exit 0 when both verifiers agree with "valid" on every line; 1 otherwise; 77 when not installed.
import { execFileSync } from 'node:child_process';
import { RequireOracles } from './oracle_env.mjs';

RequireOracles(['@noble/curves', 'snarkjs']);

const [program, seed = '1'] = process.argv.slice(2);
if (!program) {
  console.error('usage: node groth16_check.mjs <dump-program> [seed]');
  process.exit(2);
}

const { VerifyCases, ParseCases } = await import('./groth16_verify.mjs');
const cases = ParseCases(execFileSync(program, [seed], { encoding: 'utf8', maxBuffer: 1 << 30 }));
const failures = await VerifyCases(cases);
console.log(`${program} seed ${seed}: ${cases.length} proofs, ${failures} failed`);
// snarkjs keeps worker threads alive; leave explicitly
process.exit(cases.length === 0 || failures ? 1 : 0);

// tests/oracle/circom_check.mjs — external circuits, proved by cuzk, verified by snarkjs (issue 3).
//
//   node circom_check.mjs <dump_groth16-program> [seed]
//
// Every circuits/*.circom is compiled by the circom 2 compiler (npm circom2, WASI; --prime bls12381) to an iden3
// .r1cs and a witness generator; snarkjs computes the .wtns for seeded inputs and checks it
// against the .r1cs; then `<program> <seed> --iden3 <r1cs> <wtns>` runs OUR setup and prover on
// that pair and prints the proof and tampered copies in snarkjs JSON, which snarkjs and the noble
// verifier must accept and reject (groth16_verify.mjs). The public inputs the verifiers see are the
// ones snarkjs's witness holds (outputs first, then public inputs), not ours.
// Exit 0 when all agree; 1 otherwise; 77 when the oracles are not installed.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RequireOracles } from './oracle_env.mjs';

RequireOracles(['@noble/curves', 'snarkjs', 'circom2']);

const [program, seed = '1'] = process.argv.slice(2);
if (!program) {
  console.error('usage: node circom_check.mjs <dump_groth16-program> [seed]');
  process.exit(2);
}

const snarkjs = await import('snarkjs');
const { VerifyCases, ParseCases } = await import('./groth16_verify.mjs');
const here = fileURLToPath(new URL('.', import.meta.url));
const circom = join(here, 'node_modules', '.bin', 'circom2');

// seeded inputs for every signal a circuit reads (all our circuits take plain field inputs)
const INPUTS = { cube: ['x', 'k'], mimc_bits: ['x', 'key', 'tweak'] };
function Inputs(name) {
  let s = BigInt(seed) * 0x9e3779b97f4a7c15n + 12345n;
  const out = {};
  for (const signal of INPUTS[name]) {
    s = (s * 6364136223846793005n + 1442695040888963407n) % (1n << 64n);
    out[signal] = s.toString();
  }
  return out;
}

const work = mkdtempSync(join(tmpdir(), 'cuzk-circom-'));
let failures = 0,
  total = 0;
try {
  for (const file of readdirSync(join(here, 'circuits')).filter((f) => f.endsWith('.circom')).sort()) {
    const name = file.replace(/\.circom$/, '');
    if (!INPUTS[name]) throw new Error(`circuits/${file}: no inputs listed in circom_check.mjs`);
    execFileSync(circom, [join(here, 'circuits', file), '--prime', 'bls12381', '--r1cs', '--wasm', '-o', work], { stdio: 'pipe' });
    const r1cs = join(work, `${name}.r1cs`), wtns = join(work, `${name}.wtns`);
    await snarkjs.wtns.calculate(Inputs(name), join(work, `${name}_js`, `${name}.wasm`), wtns);
    if (!(await snarkjs.wtns.check(r1cs, wtns))) throw new Error(`${name}: snarkjs rejects its own witness`);
    const cases = ParseCases(
      execFileSync(program, [seed, '--iden3', r1cs, wtns], { encoding: 'utf8', maxBuffer: 1 << 30 }),
    );
    // the inputs our prover committed to must be snarkjs's: witness[1 .. 1 + nPublic]
    const witness = (await snarkjs.wtns.exportJson(wtns)).map(String);
    for (const c of cases) {
      c.name = `${name}.circom, ${c.name}`;
      const expected = witness.slice(1, 1 + c.vk.nPublic);
      if (c.valid && JSON.stringify(c.public) !== JSON.stringify(expected)) {
        console.log(`FAIL ${c.name}: public inputs ${c.public} differ from the witness's ${expected}`);
        failures++;
      }
    }
    total += cases.length;
    failures += await VerifyCases(cases);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
console.log(`circom circuits seed ${seed}: ${total} proofs, ${failures} failed`);
process.exit(total === 0 || failures ? 1 : 0);

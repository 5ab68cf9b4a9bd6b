// tests/oracle/bellman_check.mjs — the outside anchor for the Filecoin parameter layout (bellperson's
// .params/.vk, spec/porep.md §6): every other proof in the suite uses parameters from our own setup,
// so a layout or convention shared wrongly by our writer and our reader would pass everywhere.
//
//   node bellman_check.mjs <dump_groth16-program> [seed]
//
// 1. snarkjs runs its own ceremony for circuits/cube.circom (powers of tau, phase 2) and writes the
//    parameters in bellman's layout (`zkey export bellman`, with its two quirks: infinity as zero
//    bytes, a/b infinities kept; spec/oracles.md §1). OUR reader loads them (`--read-params`): the
//    vk must be the one snarkjs exports as vk.json, point for point, and the sections the lengths
//    the circuit implies. snarkjs proves, and OUR verifier (`--verify`), given the vk our reader
//    took from the file, must accept the proof and reject tampered copies.
//    Our prover cannot prove with these parameters, nor can bellperson: snarkjs (ffjavascript)
//    takes 5^t as its 2^32-th root of unity, bellperson 7^t (poly/domain_test.cpp pins ours), so
//    its A_i(τ), B_i(τ) and L_i put constraint j at a different point of the domain than a
//    bellman-style prover does.
// 2. `<program> <seed> --write-params <dir>` writes OUR .params and .vk; the parser below, written
//    on @noble/curves from the layout alone, must read them whole and find what the program says
//    it wrote.
// Exit 0 when all agree; 1 otherwise; 77 when the oracles are not installed (1 when CI=true).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RequireOracles } from './oracle_env.mjs';

RequireOracles(['@noble/curves', 'snarkjs', 'circom2']);

const [program, seed = '1'] = process.argv.slice(2);
if (!program) {
  console.error('usage: node bellman_check.mjs <dump_groth16-program> [seed]');
  process.exit(2);
}

const snarkjs = await import('snarkjs');
const { bls12_381: bls } = await import('@noble/curves/bls12-381.js');
const here = fileURLToPath(new URL('.', import.meta.url));
const circom = join(here, 'node_modules', '.bin', 'circom2');
const snarkjsCli = join(here, 'node_modules', 'snarkjs', 'build', 'cli.cjs');
const Snarkjs = (...args) => execFileSync(process.execPath, [snarkjsCli, ...args], { stdio: 'pipe' });

let failures = 0;
const Check = (ok, what) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  failures += !ok;
};

// ---- bellman's layout, read independently: u32 big-endian counts, uncompressed ZCash points --------
function ParseBellman(bytes, withSections) {
  let off = 0;
  const take = (n) => {
    if (off + n > bytes.length) throw new Error(`truncated at ${off} (need ${n} bytes)`);
    return bytes.subarray(off, (off += n));
  };
  const u32 = () => take(4).readUInt32BE(0);
  const g1 = () => bls.G1.Point.fromBytes(take(96)); // checks the curve and the subgroup
  const g2 = () => bls.G2.Point.fromBytes(take(192));
  const vec = (point) => Array.from({ length: u32() }, point);
  const vk = { alpha_g1: g1(), beta_g1: g1(), beta_g2: g2(), gamma_g2: g2(), delta_g1: g1(), delta_g2: g2(), ic: vec(g1) };
  const sections = withSections ? { h: vec(g1), l: vec(g1), a: vec(g1), b_g1: vec(g1), b_g2: vec(g2) } : {};
  return { vk, ...sections, trailing: bytes.length - off };
}
const G1Json = (p) => { const a = p.toAffine(); return [a.x.toString(), a.y.toString(), '1']; };
const G2Json = (p) => {
  const a = p.toAffine();
  return [[a.x.c0.toString(), a.x.c1.toString()], [a.y.c0.toString(), a.y.c1.toString()], ['1', '0']];
};
const Hex1 = (p) => { const a = p.toAffine(); return [a.x, a.y]; };
const Hex2 = (p) => { const a = p.toAffine(); return [a.x.c0, a.x.c1, a.y.c0, a.y.c1]; };
const SameVk = (parsed, json) =>
  JSON.stringify([G1Json(parsed.alpha_g1), G2Json(parsed.beta_g2), G2Json(parsed.gamma_g2), G2Json(parsed.delta_g2),
    parsed.ic.map(G1Json)]) ===
  JSON.stringify([json.vk_alpha_1, json.vk_beta_2, json.vk_gamma_2, json.vk_delta_2, json.IC]);

const work = mkdtempSync(join(tmpdir(), 'cuzk-bellman-'));
try {
  // ---- 1. snarkjs's parameters through our reader, prover and verifier ------------------------
  execFileSync(circom, [join(here, 'circuits', 'cube.circom'), '--prime', 'bls12381', '--r1cs', '--wasm', '-o', work],
    { stdio: 'pipe' });
  const r1cs = join(work, 'cube.r1cs'), wtns = join(work, 'cube.wtns');
  const x = BigInt(seed) * 1000003n + 17n, k = BigInt(seed) * 7919n + 3n;
  await snarkjs.wtns.calculate({ x: x.toString(), k: k.toString() }, join(work, 'cube_js', 'cube.wasm'), wtns);
  const info = await snarkjs.r1cs.info(r1cs);
  const nPublic = info.nOutputs + info.nPubInputs;
  // the domain holds the constraints and one per input (ONE included); one more power for the
  // 2n-point domain snarkjs's H is built over
  const power = Math.ceil(Math.log2(info.nConstraints + nPublic + 1)) + 1;
  const p = (name) => join(work, name);
  Snarkjs('powersoftau', 'new', 'bls12381', String(power), p('pot0.ptau'));
  Snarkjs('powersoftau', 'contribute', p('pot0.ptau'), p('pot1.ptau'), '--name=one', `-e=cuzk oracle seed ${seed}`);
  Snarkjs('powersoftau', 'prepare', 'phase2', p('pot1.ptau'), p('pot.ptau'));
  Snarkjs('groth16', 'setup', r1cs, p('pot.ptau'), p('cube0.zkey'));
  Snarkjs('zkey', 'contribute', p('cube0.zkey'), p('cube.zkey'), '--name=two', `-e=cuzk phase2 seed ${seed}`);
  Snarkjs('zkey', 'export', 'verificationkey', p('cube.zkey'), p('vk.json'));
  Snarkjs('zkey', 'export', 'bellman', p('cube.zkey'), p('cube.params'));
  const snarkVk = JSON.parse(readFileSync(p('vk.json'), 'utf8'));

  // what our reader takes from snarkjs's file
  const read = JSON.parse(execFileSync(program, [seed, '--read-params', p('cube.params')], { encoding: 'utf8' }).trim());
  Check(JSON.stringify([read.vk.vk_alpha_1, read.vk.vk_beta_2, read.vk.vk_gamma_2, read.vk.vk_delta_2, read.vk.IC]) ===
    JSON.stringify([snarkVk.vk_alpha_1, snarkVk.vk_beta_2, snarkVk.vk_gamma_2, snarkVk.vk_delta_2, snarkVk.IC]),
  'snarkjs params: the vk our reader loaded equals snarkjs\'s vk.json');
  const domain = 2 ** Math.ceil(Math.log2(info.nConstraints + nPublic + 1));
  const aux = info.nVars - nPublic - 1;
  Check(read.h === domain - 1, `snarkjs params: h has ${read.h} points, n − 1 = ${domain - 1}`);
  Check(read.l === aux, `snarkjs params: l has ${read.l} points, one per private variable (${aux})`);
  Check(read.a === info.nVars && read.b_g1 > 0 && read.b_g1 === read.b_g2 && read.b_g1 < info.nVars,
    `snarkjs params: a ${read.a} (every variable occurs in A), b_g1 ${read.b_g1} = b_g2 ${read.b_g2} ` +
    '(the zero-byte infinities dropped)');
  Check(read.trailing > 64, `snarkjs params: ${read.trailing} bytes of MPC transcript after b_g2`);

  // snarkjs's own proof through our verifier, with the vk our reader took from the file
  const { proof, publicSignals } = await snarkjs.groth16.prove(p('cube.zkey'), wtns);
  const { G1, G2 } = bls;
  const Fp2 = bls.fields.Fp2;
  const A = G1.Point.fromAffine({ x: BigInt(proof.pi_a[0]), y: BigInt(proof.pi_a[1]) });
  const B = G2.Point.fromAffine({ x: Fp2.fromBigTuple(proof.pi_b[0].map(BigInt)), y: Fp2.fromBigTuple(proof.pi_b[1].map(BigInt)) });
  const C = G1.Point.fromAffine({ x: BigInt(proof.pi_c[0]), y: BigInt(proof.pi_c[1]) });
  const hex = (a, b, c) => Buffer.from([...a.toBytes(true), ...b.toBytes(true), ...c.toBytes(true)]).toString('hex');
  const ins = (xs) => xs.map((x) => '0x' + BigInt(x).toString(16));
  const ourVerifier = (proofHex, inputs) =>
    execFileSync(program, [seed, '--verify', p('cube.params'), proofHex, ...ins(inputs)], { encoding: 'utf8' }).trim();
  Check(await snarkjs.groth16.verify(snarkVk, publicSignals, proof), 'snarkjs proof: snarkjs accepts its own proof');
  Check(ourVerifier(hex(A, B, C), publicSignals) === 'true', 'snarkjs proof: our verifier accepts it');
  const wrong = [...publicSignals];
  wrong[wrong.length - 1] = (BigInt(wrong[wrong.length - 1]) + 1n).toString();
  Check(ourVerifier(hex(A, B, C), wrong) === 'false', 'snarkjs proof, last input + 1: our verifier rejects it');
  Check(ourVerifier(hex(A, B.negate(), C), publicSignals) === 'false', 'snarkjs proof, B negated: our verifier rejects it');
  Check(ourVerifier(hex(C, B, A), publicSignals) === 'false', 'snarkjs proof, A and C swapped: our verifier rejects it');

  // the file itself, through the independent parser: snarkjs's a/b keep their infinities as zero
  // bytes, which noble (rightly) refuses as a point; the vk and h/l sections are clean
  const raw = readFileSync(p('cube.params'));
  const vkOnly = ParseBellman(raw, false);
  Check(SameVk(vkOnly.vk, snarkVk), 'snarkjs params: the independent parser reads the vk snarkjs exported');

  // ---- 2. our writer's files through the independent parser -------------------------------------
  const wrote = JSON.parse(execFileSync(program, [seed, '--write-params', work], { encoding: 'utf8' }).trim());
  const ours = ParseBellman(readFileSync(p('cube.params')), true);
  Check(ours.trailing === 0, `our .params: read whole (${ours.trailing} bytes left)`);
  Check(SameVk(ours.vk, wrote.vk), 'our .params: the vk is the one our program reports');
  const oursVk = ParseBellman(readFileSync(p('cube.vk')), false);
  Check(oursVk.trailing === 0 && SameVk(oursVk.vk, wrote.vk), 'our .vk: read whole, the same vk');
  for (const [name, show] of [['h', Hex1], ['l', Hex1], ['a', Hex1], ['b_g1', Hex1], ['b_g2', Hex2]]) {
    const got = ours[name], want = wrote[name];
    const same = (pt, hex) => JSON.stringify(show(pt).map(String)) === JSON.stringify(hex.map((v) => BigInt(v).toString()));
    Check(got.length === want.n && same(got[0], want.first) && same(got[got.length - 1], want.last),
      `our .params: ${name} has ${got.length} points (${want.n} written), first and last as written`);
  }
  // bellman's h is τ^i·Z(τ)/δ for i < n − 1 over the domain of n ≥ constraints + inputs points
  const ourDomain = 2 ** Math.ceil(Math.log2(wrote.constraints + wrote.vk.IC.length));
  Check(ours.h.length === ourDomain - 1, `our .params: h has n − 1 = ${ourDomain - 1} points`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
console.log(`bellman parameters seed ${seed}: ${failures} failed`);
process.exit(failures ? 1 : 0);

// tests/oracle/groth16_verify.mjs — two Groth16 verifiers independent of cuzk, for the checkers that
// feed them proofs in snarkjs's bls12381 JSON (spec/oracles.md §1: decimal strings of canonical
// integers; G1 [x, y, "1"], G2 [[x.c0, x.c1], [y.c0, y.c1], ["1", "0"]], infinity with z = 0):
// snarkjs 0.7.6 and a verifier written here on @noble/curves.
//
// A case is {"name", "vk": {vk.json}, "public": [...], "proof": {proof.json}, "valid": bool};
// "valid": false marks a deliberately tampered proof both verifiers must reject.
// Callers run RequireOracles(['@noble/curves', 'snarkjs']) first.
const snarkjs = await import('snarkjs');
const { bls12_381: bls } = await import('@noble/curves/bls12-381.js');
const { G1, G2 } = bls;
const { Fp2, Fp12, Fr } = bls.fields;

const g1 = ([x, y, z]) => (z === '0' ? G1.Point.ZERO : G1.Point.fromAffine({ x: BigInt(x), y: BigInt(y) }));
const g2 = ([x, y, z]) =>
  z[0] === '0' && z[1] === '0'
    ? G2.Point.ZERO
    : G2.Point.fromAffine({ x: Fp2.fromBigTuple(x.map(BigInt)), y: Fp2.fromBigTuple(y.map(BigInt)) });

//! e(A, B) = e(α, β)·e(Σ x_i IC_i, γ)·e(C, δ), as one product equal to 1; points must be valid
function NobleVerify(vk, pub, proof) {
  try {
    const A = g1(proof.pi_a), B = g2(proof.pi_b), C = g1(proof.pi_c);
    const IC = vk.IC.map(g1);
    for (const p of [A, B, C, ...IC]) p.assertValidity();
    if (pub.length !== vk.nPublic || IC.length !== pub.length + 1) return false;
    let acc = IC[0];
    for (let i = 0; i < pub.length; i++) {
      const x = BigInt(pub[i]);
      if (x >= Fr.ORDER) return false;
      if (x) acc = acc.add(IC[i + 1].multiply(x));
    }
    const pairs = [
      { g1: A.negate(), g2: B },
      { g1: g1(vk.vk_alpha_1), g2: g2(vk.vk_beta_2) },
      { g1: acc, g2: g2(vk.vk_gamma_2) },
      { g1: C, g2: g2(vk.vk_delta_2) },
    ].filter(({ g1, g2 }) => !g1.is0() && !g2.is0()); // an infinity factor contributes 1
    return Fp12.eql(bls.pairingBatch(pairs), Fp12.ONE);
  } catch {
    return false; // not on the curve, not in the subgroup, malformed
  }
}

//! Verifies every case with both verifiers, prints one line per case; returns the failure count
//! (a case fails when either verifier disagrees with its "valid").
export async function VerifyCases(cases) {
  let failures = 0;
  for (const c of cases) {
    let bySnarkjs;
    try {
      bySnarkjs = await snarkjs.groth16.verify(c.vk, c.public, c.proof);
    } catch (e) {
      bySnarkjs = false;
    }
    const byNoble = NobleVerify(c.vk, c.public, c.proof);
    const ok = bySnarkjs === c.valid && byNoble === c.valid;
    failures += !ok;
    console.log(`${ok ? 'ok  ' : 'FAIL'} ${c.name}: expected ${c.valid ? 'valid' : 'invalid'}, snarkjs ${bySnarkjs}, noble ${byNoble}`);
  }
  return failures;
}

//! The JSON Lines a dump program prints, parsed.
export function ParseCases(text) {
  return text.split('\n').filter((l) => l.length).map((l) => JSON.parse(l));
}

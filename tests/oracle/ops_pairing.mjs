// tests/oracle/ops_pairing.mjs — oracles for dump_msm.cpp (Σ k_i·P_i) and dump_pairing.cpp (GT values).
import { pippenger } from '@noble/curves/abstract/curve.js';
import { bls, Fp12, big, flatFp12 } from './oracle_lib.mjs';
import { groups, mul } from './ops_ec.mjs';

const { G1, G2 } = bls;

//! noble's own Pippenger (abstract/curve.js), independent of cuzk's
function msmOp(name) {
  const G = groups[name];
  return (s) => {
    const n = Number(s[0]);
    const pts = [];
    for (let i = 0; i < n; i++) pts.push(G.parse(s.slice(1 + i * G.size)));
    const ks = s.slice(1 + n * G.size).map(big);
    if (ks.length !== n) throw new Error(`expected ${n} scalars, got ${ks.length}`);
    pts.forEach((p) => p.assertValidity());
    return G.flat(pippenger(G.Point, pts, ks));
  };
}

// e(aG1, bG2); noble refuses infinity, where the pairing is 1 (cuzk returns 1 too)
const gt = (a, b) =>
  a === 0n || b === 0n ? Fp12.ONE : bls.pairing(mul(groups.g1, G1.Point.BASE, a), mul(groups.g2, G2.Point.BASE, b));

export const OPS = {
  'g1.msm': msmOp('g1'),
  'g2.msm': msmOp('g2'),
  pairing: ([a, b]) => flatFp12(gt(big(a), big(b))),
  multi_pairing: (s) => {
    const pairs = [];
    for (let i = 0; i < s.length; i += 2) {
      pairs.push({ g1: mul(groups.g1, G1.Point.BASE, big(s[i])), g2: mul(groups.g2, G2.Point.BASE, big(s[i + 1])) });
    }
    return flatFp12(bls.pairingBatch(pairs));
  },
};

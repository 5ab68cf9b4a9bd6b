// tests/oracle/ops_ec.mjs — oracles for dump_ec.cpp: G1/G2 arithmetic, encodings, decoders.
import { bls, Fp, big, hexOf, bytesHex, hexBytes, fp2, flatFp2 } from './oracle_lib.mjs';

const { G1, G2 } = bls;

// a group's point ↔ the dump's flattened affine coordinates; infinity is (0, 0) on both sides
const groups = {
  g1: {
    Point: G1.Point,
    size: 2,
    parse: (s) => G1.Point.fromAffine({ x: big(s[0]), y: big(s[1]) }),
    flat: (p) => {
      const a = p.toAffine();
      return [hexOf(Fp, a.x), hexOf(Fp, a.y)];
    },
  },
  g2: {
    Point: G2.Point,
    size: 4,
    parse: (s) => G2.Point.fromAffine({ x: fp2(s), y: fp2(s.slice(2)) }),
    flat: (p) => {
      const a = p.toAffine();
      return [...flatFp2(a.x), ...flatFp2(a.y)];
    },
  },
};

//! k·P for any k in [0, r): noble's constant-time multiply refuses 0
const mul = (G, p, k) => (k === 0n ? G.Point.ZERO : p.multiply(k));

function decode(G, hex) {
  let p;
  try {
    p = G.Point.fromBytes(hexBytes(hex));
  } catch {
    return [];
  }
  return G.flat(p);
}

function curveOps(name) {
  const G = groups[name];
  const point = (s) => {
    const p = G.parse(s);
    p.assertValidity(); // every point the dump prints must be on the curve and in the subgroup
    return p;
  };
  return {
    [`${name}.mul_gen`]: ([k]) => G.flat(mul(G, G.Point.BASE, big(k))),
    [`${name}.mul`]: (s) => G.flat(mul(G, point(s), big(s[G.size]))),
    [`${name}.dbl`]: (s) => G.flat(point(s).double()),
    [`${name}.add`]: (s) => G.flat(point(s).add(point(s.slice(G.size)))),
    [`${name}.compress`]: (s) => [bytesHex(point(s).toBytes(true))],
    [`${name}.uncompress`]: (s) => [bytesHex(point(s).toBytes(false))],
    // noble's fromBytes picks the format from the flags and checks canonical coordinates,
    // the curve and the subgroup; anything it throws on must be rejected by cuzk too
    [`${name}.decode_compressed`]: ([b]) => decode(G, b),
    [`${name}.decode_uncompressed`]: ([b]) => decode(G, b),
  };
}

export const OPS = { ...curveOps('g1'), ...curveOps('g2') };
// the MSM and pairing oracles build their points the same way
export { groups, mul };

// tests/oracle/ops_ff.mjs — oracles for the field ops of dump_ff.cpp.
import { Fr, Fp, Fp2, Fp6, Fp12, big, hexOf, bytesHex, eitherRoot, fp2, fp6, fp12, flatFp2, flatFp6, flatFp12 } from './oracle_lib.mjs';

// cuzk's Inverse() maps 0 to 0 (documented in src/ff/mont.hpp); noble throws, so zero is handled here
const inv = (F, a) => (F.is0(a) ? F.ZERO : F.inv(a));

const toBytes = (F, v, le) => {
  const b = [];
  for (let i = 0; i < F.BYTES; i++, v >>= 8n) b.push(Number(v & 0xffn));
  return bytesHex(le ? b : b.reverse());
};
const fromBytes = (F, hex, le) => {
  const v = big(le ? Buffer.from(hex, 'hex').reverse().toString('hex') : hex);
  return v < F.ORDER ? [hexOf(F, v)] : []; // values ≥ modulus must be rejected, not reduced
};

function primeOps(name, F) {
  const h = (v) => hexOf(F, v);
  const one = (fn) => ([a]) => [h(fn(big(a)))];
  const two = (fn) => ([a, b]) => [h(fn(big(a), big(b)))];
  return {
    [`${name}.add`]: two((a, b) => F.add(a, b)),
    [`${name}.sub`]: two((a, b) => F.sub(a, b)),
    [`${name}.mul`]: two((a, b) => F.mul(a, b)),
    [`${name}.sqr`]: one((a) => F.sqr(a)),
    [`${name}.neg`]: one((a) => F.neg(a)),
    [`${name}.inv`]: one((a) => inv(F, a)),
    [`${name}.pow`]: ([a, e]) => [h(F.pow(big(a), BigInt(e)))],
    [`${name}.legendre`]: ([a]) => {
      const l = F.pow(big(a), (F.ORDER - 1n) / 2n);
      return [l === 0n ? '0' : l === 1n ? '1' : '-1'];
    },
    [`${name}.sqrt`]: ([a], actual) => {
      let r;
      try {
        r = F.sqrt(big(a));
      } catch {
        return []; // not a square
      }
      return eitherRoot(r, F.neg(r), (x) => [h(x)], actual);
    },
    [`${name}.to_bytes_le`]: ([a]) => [toBytes(F, big(a), true)],
    [`${name}.to_bytes_be`]: ([a]) => [toBytes(F, big(a), false)],
    [`${name}.from_bytes_le`]: ([b]) => fromBytes(F, b, true),
    [`${name}.from_bytes_be`]: ([b]) => fromBytes(F, b, false),
  };
}

const frob = (flat, F, parse, k) => ({ [k]: (s) => flat(F.frobeniusMap(parse(s), Number(k.at(-1)))) });

export const OPS = {
  ...primeOps('fr', Fr),
  ...primeOps('fp', Fp),

  'fp2.mul': (s) => flatFp2(Fp2.mul(fp2(s), fp2(s.slice(2)))),
  'fp2.sqr': (s) => flatFp2(Fp2.sqr(fp2(s))),
  'fp2.inv': (s) => flatFp2(inv(Fp2, fp2(s))),
  ...frob(flatFp2, Fp2, fp2, 'fp2.frob1'),
  'fp2.sqrt': (s, actual) => {
    let r;
    try {
      r = Fp2.sqrt(fp2(s));
    } catch {
      return [];
    }
    return eitherRoot(r, Fp2.neg(r), flatFp2, actual);
  },

  'fp6.mul': (s) => flatFp6(Fp6.mul(fp6(s), fp6(s.slice(6)))),
  'fp6.sqr': (s) => flatFp6(Fp6.sqr(fp6(s))),
  'fp6.inv': (s) => flatFp6(inv(Fp6, fp6(s))),
  ...frob(flatFp6, Fp6, fp6, 'fp6.frob1'),
  ...frob(flatFp6, Fp6, fp6, 'fp6.frob2'),
  ...frob(flatFp6, Fp6, fp6, 'fp6.frob3'),

  'fp12.mul': (s) => flatFp12(Fp12.mul(fp12(s), fp12(s.slice(12)))),
  'fp12.sqr': (s) => flatFp12(Fp12.sqr(fp12(s))),
  'fp12.inv': (s) => flatFp12(inv(Fp12, fp12(s))),
  'fp12.conj': (s) => flatFp12(Fp12.conjugate(fp12(s))),
  ...frob(flatFp12, Fp12, fp12, 'fp12.frob1'),
  ...frob(flatFp12, Fp12, fp12, 'fp12.frob2'),
  ...frob(flatFp12, Fp12, fp12, 'fp12.frob3'),
};

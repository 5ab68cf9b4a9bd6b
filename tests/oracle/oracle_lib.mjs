// tests/oracle/oracle_lib.mjs — conversions between the dump format (oracle_cases.hpp) and noble values.
import { bls12_381 } from '@noble/curves/bls12-381.js';

export const bls = bls12_381;
export const { Fr, Fp, Fp2, Fp6, Fp12 } = bls12_381.fields;

const width = (F) => 2 * Math.ceil(F.BITS / 64) * 8; // the dump prints whole 64-bit limbs
export const big = (s) => BigInt('0x' + s);
export const hexOf = (F, v) => v.toString(16).padStart(width(F), '0');
export const bytesHex = (u8) => Buffer.from(u8).toString('hex');
export const hexBytes = (s) => new Uint8Array(Buffer.from(s, 'hex'));

// composite values, flattened in noble's coefficient order
export const fp2 = (s) => Fp2.fromBigTuple(s.slice(0, 2).map(big));
export const fp6 = (s) => Fp6.fromBigSix(s.slice(0, 6).map(big));
export const fp12 = (s) => Fp12.fromBigTwelve(s.slice(0, 12).map(big));
export const flatFp2 = (x) => [hexOf(Fp, x.c0), hexOf(Fp, x.c1)];
export const flatFp6 = (x) => [...flatFp2(x.c0), ...flatFp2(x.c1), ...flatFp2(x.c2)];
export const flatFp12 = (x) => [...flatFp6(x.c0), ...flatFp6(x.c1)];

//! a square root is defined up to sign: accept the dump's root when it is noble's or its negation
export function eitherRoot(root, negRoot, flat, actual) {
  const a = flat(root), b = flat(negRoot);
  return actual.length === a.length && actual.every((x, i) => x === b[i]) ? b : a;
}

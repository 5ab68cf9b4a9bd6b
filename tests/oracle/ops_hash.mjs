// tests/oracle/ops_hash.mjs — oracles for dump_hash.cpp: neptune's Poseidon (Strength::Standard) built
// from @noble/curves' generic Poseidon with neptune's parameters (spec/oracles.md §5: R_F = 8,
// R_P by width, Grain constants seeded with SBOX = 1, the Cauchy MDS 1/(i + t + j)); that model
// reproduces neptune's own test vectors.
import { grainGenConstants, poseidon } from '@noble/curves/abstract/poseidon.js';
import { Fr, big, hexOf } from './oracle_lib.mjs';

const PARTIAL_ROUNDS = { 2: 55, 4: 56, 8: 57, 11: 57 };
const permutations = new Map();

function Permutation(arity) {
  if (!permutations.has(arity)) {
    const t = arity + 1, roundsFull = 8, roundsPartial = PARTIAL_ROUNDS[arity];
    if (!roundsPartial) throw new Error(`no neptune parameters for arity ${arity}`);
    const { roundConstants } = grainGenConstants({ Fp: Fr, t, roundsFull, roundsPartial, isSboxInverse: true });
    const mds = [...Array(t).keys()].map((i) => [...Array(t).keys()].map((j) => Fr.inv(BigInt(i + t + j))));
    permutations.set(arity, poseidon({ Fp: Fr, t, roundsFull, roundsPartial, sboxPower: 5, mds, roundConstants }));
  }
  return permutations.get(arity);
}

//! the digest is element 1 of the permuted state [tag, x_1, …, x_arity]
const hash = (arity, tag, xs) => [hexOf(Fr, Permutation(arity)([tag, ...xs, ...Array(arity - xs.length).fill(0n)])[1])];

export const OPS = {
  'poseidon.merkle': (s) => hash(s.length, (1n << BigInt(s.length)) - 1n, s.map(big)),
  'poseidon.constant_length': ([arity, ...s]) => hash(Number(arity), BigInt(s.length) << 64n, s.map(big)),
  'poseidon.custom1': (s) => hash(2, 1n << 40n, s.map(big)),
};

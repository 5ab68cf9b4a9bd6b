// src/ff/bls12_381.hpp — the two prime fields of BLS12-381.
//
// Fr: scalar field, r = 0x73ed…0001 (255 bits, two-adicity 32); multiplicative generator 7,
//     the value blstrs/bellperson use for cosets and roots of unity.
// Fp: base field, p = 0x1a01…aaab (381 bits, p ≡ 3 mod 4); generator 2.
// Both moduli are public facts of the curve (spec/post-snap-poseidon.md §1.1 gives r).
#pragma once
#include "ff/mont.hpp"

namespace cuzk::ff {

struct FrParams {
  static constexpr size_t N = 4;
  static constexpr Limbs<4> MODULUS =
      big::FromHex<4>("73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001");
  static constexpr uint64_t GENERATOR = 7;
};

struct FpParams {
  static constexpr size_t N = 6;
  static constexpr Limbs<6> MODULUS = big::FromHex<6>(
      "1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab");
  static constexpr uint64_t GENERATOR = 2;
};

using Fr = Mont<FrParams>;
using Fp = Mont<FpParams>;

//! the curve seed x = −0xd201000000010000 (its absolute value and sign), used by the pairing
inline constexpr uint64_t BLS_X = 0xd201000000010000ull;
inline constexpr bool BLS_X_IS_NEGATIVE = true;

} // namespace cuzk::ff

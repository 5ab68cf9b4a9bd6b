// src/ec/pairing.cpp — single and multi-pairings: the Miller loop followed by one final
// exponentiation (a product of pairings shares both).
#include "ec/pairing.hpp"

namespace cuzk::ec {

using ff::Fp12;

Fp12 Pairing(const G1Affine &p, const G2Affine &q) {
  return FinalExponentiation(MillerLoop(std::span<const G1Affine>(&p, 1), std::span<const G2Affine>(&q, 1)));
}

Fp12 MultiPairing(std::span<const G1Affine> g1, std::span<const G2Affine> g2) {
  return FinalExponentiation(MillerLoop(g1, g2));
}

Fp12 MultiPairing(std::span<const G1Affine> g1, std::span<const G2Prepared> g2) {
  return FinalExponentiation(MillerLoop(g1, g2));
}

bool PairingProductIsOne(std::span<const G1Affine> g1, std::span<const G2Affine> g2) {
  return MultiPairing(g1, g2).IsOne();
}

bool PairingProductIsOne(std::span<const G1Affine> g1, std::span<const G2Prepared> g2) {
  return MultiPairing(g1, g2).IsOne();
}

} // namespace cuzk::ec

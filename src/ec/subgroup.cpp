// src/ec/subgroup.cpp — fast subgroup tests via φ and ψ (see subgroup.hpp for the math).
#include "ec/subgroup.hpp"

#include "ec/endomorphism.hpp"

namespace cuzk::ec {

bool IsInSubgroup(const G1 &p) {
  if (p.IsInfinity()) return true;
  // φ(P) = [−x²]P  ⇔  φ(P) + [x²]P = O, and x² = |x|² whatever the seed's sign
  const G1 x2p = MulBySeedAbs(MulBySeedAbs(p));
  return (Phi(p) + x2p).IsInfinity();
}

bool IsInSubgroup(const G2 &p) {
  if (p.IsInfinity()) return true;
  // the seed is negative: [x]P = −[|x|]P, so ψ(P) = [x]P  ⇔  ψ(P) + [|x|]P = O
  static_assert(ff::BLS_X_IS_NEGATIVE, "the sign below assumes x < 0");
  return (Psi(p) + MulBySeedAbs(p)).IsInfinity();
}

} // namespace cuzk::ec

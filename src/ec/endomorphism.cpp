// src/ec/endomorphism.cpp — derives β and the ψ coefficients from the field (see endomorphism.hpp).
#include "ec/endomorphism.hpp"

namespace cuzk::ec {

namespace {

//! a primitive cube root of unity: g^((p−1)/3) for the first small g that is not a cube
Fp CubeRootOfUnity() {
  constexpr auto e = ff::big::DivSmall(ff::big::SubSmall(Fp::MODULUS, 1), 3);
  for (uint64_t g = 2;; g++) {
    Fp beta = Fp::FromUint(g).Pow(e);
    if (!beta.IsOne()) return beta;
  }
}

} // namespace

const Fp &G1Beta() {
  static const Fp beta = [] {
    // φ_β acts as λ or λ² on G1 depending on which root β is; keep the one with λ = −x²,
    // checked on the generator: φ(G) + [x²]G = O.
    Fp b = CubeRootOfUnity();
    const G1 g = G1::Generator();
    const G1 x2g = MulBySeedAbs(MulBySeedAbs(g));
    G1 phi_g{g.X * b, g.Y, g.Z};
    if ((phi_g + x2g).IsInfinity()) return b;
    return b.Square();
  }();
  return beta;
}

const Fp2 &G2PsiCoeffX() {
  // ξ^((p−1)/3) = γ_w², γ_w = ξ^((p−1)/6) as the Fp12 Frobenius uses it
  static const Fp2 c = ff::FrobeniusGammaW().Square().Inverse();
  return c;
}

const Fp2 &G2PsiCoeffY() {
  static const Fp2 c = (ff::FrobeniusGammaW().Square() * ff::FrobeniusGammaW()).Inverse();
  return c;
}

G1 Phi(const G1 &p) { return {p.X * G1Beta(), p.Y, p.Z}; }

G1Affine Phi(const G1Affine &p) {
  if (p.IsInfinity()) return p;
  return {p.x * G1Beta(), p.y};
}

G2 Psi(const G2 &p) { return {p.X.Conjugate() * G2PsiCoeffX(), p.Y.Conjugate() * G2PsiCoeffY(), p.Z.Conjugate()}; }

G2Affine Psi(const G2Affine &p) {
  if (p.IsInfinity()) return p;
  return {p.x.Conjugate() * G2PsiCoeffX(), p.y.Conjugate() * G2PsiCoeffY()};
}

} // namespace cuzk::ec

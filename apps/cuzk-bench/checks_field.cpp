// apps/cuzk-bench/checks_field.cpp — known answers of src/ff: the moduli's derived constants, the
// 2-adic root of unity bellperson uses, small products, inverses, square roots, the tower.
#include "selftest.hpp"

#include "ff/ff.hpp"

#include <random>

namespace cuzk::bench {

using ff::Fp;
using ff::Fp12;
using ff::Fp2;
using ff::Fp6;
using ff::Fr;

namespace {

// blstrs/bellperson's Fr ROOT_OF_UNITY = 7^((r−1)/2^32): a public constant of the curve
constexpr const char *FR_ROOT_OF_UNITY = "16a2a19edfe81f20d09b681922c813b4b63683508c2280b93829971f439f0d2b";

CheckResult FieldSizes() {
  if (Fr::NUM_BITS != 255 || Fp::NUM_BITS != 381) return {false, "modulus bit lengths are not 255 / 381"};
  return Expect(Fr::TWO_ADICITY == 32 && Fp::TWO_ADICITY == 1, "two-adicity of r − 1 is not 32 (or of p − 1 not 1)");
}

CheckResult RootOfUnity() {
  const Fr w = Fr::RootOfUnity();
  if (w.ToHex() != std::string("0x") + FR_ROOT_OF_UNITY) return {false, "Fr root of unity is " + w.ToHex()};
  Fr x = w;
  for (int i = 0; i < 31; i++) x = x.Square();
  // w has order exactly 2^32: w^(2^31) = −1
  return Expect(x == -Fr::One() && x.Square().IsOne(), "root of unity does not have order 2^32");
}

CheckResult Generators() {
  // a multiplicative generator is a quadratic non-residue
  return Expect(Fr::Generator().Legendre() == -1 && Fp::Generator().Legendre() == -1,
                "a field generator is a quadratic residue");
}

CheckResult SmallArithmetic() {
  const Fr six = Fr::FromUint(2) * Fr::FromUint(3);
  if (six != Fr::FromUint(6)) return {false, "2·3 ≠ 6 in Fr"};
  if (Fp::FromUint(7) * Fp::FromUint(7).Inverse() != Fp::One()) return {false, "7·7⁻¹ ≠ 1 in Fp"};
  if ((-Fp::One()).ToHex() != (Fp::FromUint(0) - Fp::One()).ToHex()) return {false, "−1 inconsistent in Fp"};
  // r − 1 = −1 squares to 1
  return Expect((-Fr::One()).Square().IsOne(), "(−1)² ≠ 1 in Fr");
}

CheckResult RandomIdentities() {
  std::mt19937_64 rng(20261130);
  for (int i = 0; i < 64; i++) {
    const Fp a = Fp::Random(rng), b = Fp::Random(rng);
    if (a * b != b * a || (a + b) * (a - b) != a.Square() - b.Square()) return {false, "Fp ring identity failed"};
    if (!a.IsZero() && a * a.Inverse() != Fp::One()) return {false, "Fp inverse failed"};
    auto r = a.Square().Sqrt();
    if (!r || r->Square() != a.Square()) return {false, "Fp square root of a square failed"};
    const Fr c = Fr::Random(rng);
    auto s = c.Square().Sqrt();
    if (!s || s->Square() != c.Square()) return {false, "Fr square root (Tonelli–Shanks) failed"};
    uint8_t bytes[48];
    a.ToBytesBE(bytes);
    auto back = Fp::FromBytesBE(bytes);
    if (!back || *back != a) return {false, "Fp big-endian bytes do not round-trip"};
  }
  return {};
}

CheckResult Tower() {
  std::mt19937_64 rng(7);
  auto fp2 = [&] { return Fp2{Fp::Random(rng), Fp::Random(rng)}; };
  auto fp6 = [&] { return Fp6{fp2(), fp2(), fp2()}; };
  const Fp2 u{Fp::Zero(), Fp::One()};
  if (u.Square() != -Fp2::One()) return {false, "u² ≠ −1"};
  const Fp12 f{fp6(), fp6()};
  if (f * f.Inverse() != Fp12::One()) return {false, "Fp12 inverse failed"};
  // x ↦ x^p has order 12 on Fp12, 6 on Fp6, 2 on Fp2
  if (f.Frobenius(12) != f || f.Frobenius(6) != f.Conjugate()) return {false, "Fp12 Frobenius has the wrong order"};
  const Fp6 g = fp6();
  return Expect(g.Frobenius(6) == g && g.Frobenius(3) != g, "Fp6 Frobenius has the wrong order");
}

} // namespace

std::vector<Check> FieldChecks() {
  return {
      {"ff", "moduli sizes and two-adicity", FieldSizes},
      {"ff", "Fr 2^32-th root of unity (blstrs constant)", RootOfUnity},
      {"ff", "generators are non-residues", Generators},
      {"ff", "small known products and inverses", SmallArithmetic},
      {"ff", "random ring identities, inverses, square roots, bytes", RandomIdentities},
      {"ff", "Fp2/Fp6/Fp12 tower: u² = −1, inverse, Frobenius orders", Tower},
  };
}

} // namespace cuzk::bench

// apps/cuzk-bench/checks_curve.cpp — known answers of src/ec's group law: generators on the
// curve and of order r, scalar multiplication against repeated addition and against the
// endomorphism-accelerated method, the special cases of addition.
#include "selftest.hpp"

#include "ec/ec.hpp"

#include <random>

namespace cuzk::bench {

using ff::Fr;

namespace {

template <class C> CheckResult GroupLaw() {
  using J = ec::Jacobian<C>;
  const auto gen_affine = ec::Affine<C>::Generator();
  if (!gen_affine.IsOnCurve()) return {false, std::string(C::NAME) + " generator is not on the curve"};
  const J g = J::Generator();
  // order r: (r − 1)·G = −G, so r·G = O
  if (g * (-Fr::One()) != -g || !(g * (-Fr::One()) + g).IsInfinity()) {
    return {false, std::string(C::NAME) + " generator does not have order r"};
  }
  // 5·G by additions, by doublings and by scalar multiplication
  J five = g + g + g + g + g;
  if (five != g.Double().Double() + g || five != g * Fr::FromUint(5)) {
    return {false, std::string(C::NAME) + " 5·G differs between addition, doubling and scalar multiplication"};
  }
  std::mt19937_64 rng(11);
  const Fr a = Fr::Random(rng), b = Fr::Random(rng);
  const J pa = g * a, pb = g * b;
  if (pa + pb != g * (a + b) || pa.AddMixed(pb.ToAffine()) != pa + pb) {
    return {false, std::string(C::NAME) + " a·G + b·G ≠ (a + b)·G"};
  }
  // the endomorphism-accelerated multiplication (GLV on G1, GLS on G2) against double-and-add
  if (ec::Mul(pa, b) != pa * b)
    return {false, std::string(C::NAME) + " GLV/GLS scalar multiplication ≠ double-and-add"};
  if (!(pa + (-pa)).IsInfinity() || pa + J::Infinity() != pa || pa.AddMixed(pa.ToAffine()) != pa.Double()) {
    return {false, std::string(C::NAME) + " special cases (P − P, P + O, P + P) wrong"};
  }
  return Expect(pa.ToAffine().IsOnCurve(), std::string(C::NAME) + " a·G is not on the curve");
}

} // namespace

std::vector<Check> CurveChecks() {
  return {
      {"ec", "G1 group law, generator order r", GroupLaw<ec::G1Curve>},
      {"ec", "G2 group law, generator order r", GroupLaw<ec::G2Curve>},
  };
}

} // namespace cuzk::bench

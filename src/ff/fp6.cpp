// src/ff/fp6.cpp — the Fp6 Frobenius twist factors, computed once at first use.
#include "ff/fp6.hpp"

namespace cuzk::ff {

const Fp2 &FrobeniusGammaW() {
  static const Fp2 g = [] {
    constexpr auto e = big::DivSmall(big::SubSmall(Fp::MODULUS, 1), 6);
    return Fp2{Fp::One(), Fp::One()}.Pow(e);
  }();
  return g;
}

const Fp2 &FrobeniusGammaV() {
  static const Fp2 g = FrobeniusGammaW().Square();
  return g;
}

} // namespace cuzk::ff

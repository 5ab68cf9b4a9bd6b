// tests/ec/test_points.hpp — shared helpers for the ec tests: random points (in and outside the
// subgroups) and hex conversion.
#pragma once
#include "base/hex.hpp"
#include "ec/ec.hpp"

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace cuzk::ec::test {

template <class F, class Rng> F RandomField(Rng &rng) {
  if constexpr (std::is_same_v<F, ff::Fp>) {
    return ff::Fp::Random(rng);
  } else {
    return F{ff::Fp::Random(rng), ff::Fp::Random(rng)};
  }
}

//! a uniformly random curve point, not cofactor-cleared: outside the subgroup with overwhelming
//! probability (the cofactors are ≈ 2^126 and 2^636)
template <class C, class Rng> Affine<C> RandomCurvePoint(Rng &rng) {
  using F = typename C::Field;
  for (;;) {
    const F x = RandomField<F>(rng);
    if (auto y = (x.Square() * x + C::B()).Sqrt()) return {x, *y};
  }
}

template <class C, class Rng> Affine<C> RandomSubgroupPoint(Rng &rng) {
  return (Jacobian<C>::Generator() * ff::Fr::Random(rng)).ToAffine();
}

inline std::vector<uint8_t> Unhex(std::string_view hex) {
  auto nibble = [](char c) -> uint8_t { return c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10; };
  std::vector<uint8_t> out(hex.size() / 2);
  for (size_t i = 0; i < out.size(); i++) out[i] = uint8_t(nibble(hex[2 * i]) << 4 | nibble(hex[2 * i + 1]));
  return out;
}

using base::Hex;

} // namespace cuzk::ec::test

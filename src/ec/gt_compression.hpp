// src/ec/gt_compression.hpp — the 288-byte compressed form of a GT element, as blstrs writes it.
//
// bellperson's compatibility test (spec/vectors.md §10) states e(g1, g2) as blstrs'
// `Gt::write_compressed`: torus-based compression (Naehrig–Barreto–Schwabe, "On compressible
// pairings and their computation", §4.1). For x = c0 + c1·w in the cyclotomic subgroup the
// compressed value is b = (c0 + 1)·c1⁻¹ ∈ Fp6, written as its six Fp coefficients
// (c0.c0, c0.c1, c1.c0, c1.c1, c2.c0, c2.c1), each 48 bytes little-endian.
#pragma once
#include "ff/fp12.hpp"

#include <array>
#include <optional>

namespace cuzk::ec {

inline constexpr size_t GT_COMPRESSED_BYTES = 6 * ff::Fp::NUM_BYTES;

//! nullopt when c1 = 0 (only 1 and −1 of the cyclotomic subgroup; the torus form has no point for them)
inline std::optional<std::array<uint8_t, GT_COMPRESSED_BYTES>> CompressGt(const ff::Fp12 &x) {
  if (x.c1.IsZero()) return std::nullopt;
  ff::Fp6 c0 = x.c0;
  c0.c0 = c0.c0 + ff::Fp2::One();
  const ff::Fp6 b = c0 * x.c1.Inverse();
  std::array<uint8_t, GT_COMPRESSED_BYTES> out{};
  const ff::Fp *coeffs[6] = {&b.c0.c0, &b.c0.c1, &b.c1.c0, &b.c1.c1, &b.c2.c0, &b.c2.c1};
  for (size_t i = 0; i < 6; i++) coeffs[i]->ToBytesLE(out.data() + i * ff::Fp::NUM_BYTES);
  return out;
}

} // namespace cuzk::ec

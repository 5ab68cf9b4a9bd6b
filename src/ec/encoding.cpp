// src/ec/encoding.cpp — ZCash encodings for G1 and G2 (format in encoding.hpp).
#include "ec/encoding.hpp"

#include "ec/subgroup.hpp"

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstring>
#include <string>

namespace cuzk::ec {

namespace {

constexpr uint8_t FLAG_MASK = FLAG_COMPRESSED | FLAG_INFINITY | FLAG_LARGEST_Y;

// ---- one coordinate: Fp is 48 bytes big-endian, Fp2 is c1 ‖ c0 -----------------------------
void WriteField(const Fp &v, uint8_t *out) { v.ToBytesBE(out); }
void WriteField(const Fp2 &v, uint8_t *out) {
  v.c1.ToBytesBE(out);
  v.c0.ToBytesBE(out + Fp::NUM_BYTES);
}

//! false when the bytes are ≥ p (for Fp2: either half). Reads whole 64-bit words: parameter
//! files hold hundreds of millions of points, and per-byte assembly cost as much as the
//! conversion into Montgomery form.
bool ReadField(const uint8_t *in, Fp &out) {
  static_assert(std::endian::native == std::endian::little, "byte swap below assumes a little-endian host");
  Fp::Repr v;
  for (size_t i = 0; i < Fp::N; i++) {
    uint64_t w;
    std::memcpy(&w, in + 8 * (Fp::N - 1 - i), 8);
    v[i] = __builtin_bswap64(w); // the encoding is big-endian, x86-64 little-endian
  }
  auto f = Fp::FromCanonicalChecked(v);
  if (!f) return false;
  out = *f;
  return true;
}
bool ReadField(const uint8_t *in, Fp2 &out) { return ReadField(in, out.c1) && ReadField(in + Fp::NUM_BYTES, out.c0); }

bool RestIsZero(std::span<const uint8_t> bytes) {
  if (bytes[0] & ~FLAG_MASK) return false;
  return std::all_of(bytes.begin() + 1, bytes.end(), [](uint8_t b) { return b == 0; });
}

//! the first field-sized chunk with the flag bits cleared, so it can be range-checked
template <class C> std::array<uint8_t, C::COMPRESSED_BYTES> FirstCoordinate(std::span<const uint8_t> bytes) {
  std::array<uint8_t, C::COMPRESSED_BYTES> x;
  std::copy_n(bytes.begin(), x.size(), x.begin());
  x[0] &= uint8_t(~FLAG_MASK);
  return x;
}

template <class C> Expected<Affine<C>> DecodeCompressed(std::span<const uint8_t> bytes, bool check_subgroup) {
  using A = Affine<C>;
  using F = typename C::Field;
  if (bytes.size() != C::COMPRESSED_BYTES)
    return MakeError(ErrorCode::kBadLength, "compressed point has the wrong length");
  const uint8_t flags = bytes[0];
  if (!(flags & FLAG_COMPRESSED))
    return MakeError(ErrorCode::kNonCanonical, "compression flag (0x80) not set on a compressed encoding");
  if (flags & FLAG_INFINITY) {
    if (flags & FLAG_LARGEST_Y)
      return MakeError(ErrorCode::kNonCanonical, "infinity flag together with the largest-y flag");
    if (!RestIsZero(bytes)) return MakeError(ErrorCode::kNonCanonical, "infinity flag set but x is not zero");
    return A::Infinity();
  }
  const auto xb = FirstCoordinate<C>(bytes);
  F x;
  if (!ReadField(xb.data(), x)) return MakeError(ErrorCode::kNonCanonical, "x coordinate is not below p");
  auto y = (x.Square() * x + C::B()).Sqrt();
  if (!y) return MakeError(ErrorCode::kNotOnCurve, "x³ + b is not a square: no curve point has this x");
  const bool want_largest = (flags & FLAG_LARGEST_Y) != 0;
  A p{x, ff::LexicographicallyLargest(*y) == want_largest ? *y : -*y};
  if (check_subgroup && !IsInSubgroup(p))
    return MakeError(ErrorCode::kNotInSubgroup, "point is on the curve but not in the prime-order subgroup");
  return p;
}

template <class C> Expected<Affine<C>> DecodeUncompressed(std::span<const uint8_t> bytes, bool checked) {
  using A = Affine<C>;
  constexpr size_t FB = C::COMPRESSED_BYTES; // one coordinate
  if (bytes.size() != C::UNCOMPRESSED_BYTES)
    return MakeError(ErrorCode::kBadLength, "uncompressed point has the wrong length");
  const uint8_t flags = bytes[0];
  if (flags & FLAG_COMPRESSED)
    return MakeError(ErrorCode::kNonCanonical, "compression flag (0x80) set on an uncompressed encoding");
  if (flags & FLAG_LARGEST_Y)
    return MakeError(ErrorCode::kNonCanonical, "largest-y flag (0x20) set on an uncompressed encoding");
  if (flags & FLAG_INFINITY) {
    if (!RestIsZero(bytes))
      return MakeError(ErrorCode::kNonCanonical, "infinity flag set but the coordinates are not zero");
    return A::Infinity();
  }
  const auto xb = FirstCoordinate<C>(bytes);
  A p;
  if (!ReadField(xb.data(), p.x)) return MakeError(ErrorCode::kNonCanonical, "x coordinate is not below p");
  if (!ReadField(bytes.data() + FB, p.y)) return MakeError(ErrorCode::kNonCanonical, "y coordinate is not below p");
  // (0, 0) is our in-memory infinity; without the flag it is an off-curve point, even unchecked
  if (p.IsInfinity()) return MakeError(ErrorCode::kNotOnCurve, "(0, 0) without the infinity flag is not on the curve");
  if (checked) {
    if (!p.IsOnCurve()) return MakeError(ErrorCode::kNotOnCurve, "y² ≠ x³ + b: the point is not on the curve");
    if (!IsInSubgroup(p))
      return MakeError(ErrorCode::kNotInSubgroup, "point is on the curve but not in the prime-order subgroup");
  }
  return p;
}

template <class C> Status BatchDecode(std::span<const uint8_t> bytes, std::span<Affine<C>> out, bool checked) {
  constexpr size_t UB = C::UNCOMPRESSED_BYTES;
  if (bytes.size() != out.size() * UB)
    return MakeError(ErrorCode::kBadLength, "byte count " + std::to_string(bytes.size()) + " is not " +
                                                std::to_string(out.size()) + " points of " + std::to_string(UB) +
                                                " bytes");
  std::atomic<size_t> first_bad{out.size()};
  // grain: a few hundred points keeps scheduling overhead small against ~1–100 µs per point
  tbb::parallel_for(tbb::blocked_range<size_t>(0, out.size(), 256), [&](const tbb::blocked_range<size_t> &range) {
    for (size_t i = range.begin(); i != range.end(); i++) {
      if (i > first_bad.load(std::memory_order_relaxed)) return; // an earlier failure decides the answer
      auto r = DecodeUncompressed<C>(bytes.subspan(i * UB, UB), checked);
      if (r) {
        out[i] = *r;
        continue;
      }
      size_t cur = first_bad.load();
      while (i < cur && !first_bad.compare_exchange_weak(cur, i)) {
      }
      return;
    }
  });
  const size_t bad = first_bad.load();
  if (bad == out.size()) return Status::Ok();
  auto r = DecodeUncompressed<C>(bytes.subspan(bad * UB, UB), checked); // recover its message
  std::string where = "["; // appended, not `"[" + …`: GCC 12 warns falsely (-Wrestrict) on that form
  where += std::to_string(bad);
  where += "]: ";
  return Prefixed(r.GetError(), where);
}

} // namespace

template <class C> CompressedBytes<C> ToCompressed(const Affine<C> &p) {
  CompressedBytes<C> out{};
  if (p.IsInfinity()) {
    out[0] = FLAG_COMPRESSED | FLAG_INFINITY;
    return out;
  }
  WriteField(p.x, out.data());
  out[0] |= FLAG_COMPRESSED;
  if (ff::LexicographicallyLargest(p.y)) out[0] |= FLAG_LARGEST_Y;
  return out;
}

template <class C> UncompressedBytes<C> ToUncompressed(const Affine<C> &p) {
  UncompressedBytes<C> out{};
  if (p.IsInfinity()) {
    out[0] = FLAG_INFINITY;
    return out;
  }
  WriteField(p.x, out.data());
  WriteField(p.y, out.data() + C::COMPRESSED_BYTES);
  return out;
}

template <class C> Expected<Affine<C>> FromCompressed(std::span<const uint8_t> bytes) {
  return DecodeCompressed<C>(bytes, true);
}
template <class C> Expected<Affine<C>> FromCompressedUnchecked(std::span<const uint8_t> bytes) {
  return DecodeCompressed<C>(bytes, false);
}
template <class C> Expected<Affine<C>> FromUncompressed(std::span<const uint8_t> bytes) {
  return DecodeUncompressed<C>(bytes, true);
}
template <class C> Expected<Affine<C>> FromUncompressedUnchecked(std::span<const uint8_t> bytes) {
  return DecodeUncompressed<C>(bytes, false);
}
template <class C> Status BatchFromUncompressed(std::span<const uint8_t> bytes, std::span<Affine<C>> out) {
  return BatchDecode<C>(bytes, out, true);
}
template <class C> Status BatchFromUncompressedUnchecked(std::span<const uint8_t> bytes, std::span<Affine<C>> out) {
  return BatchDecode<C>(bytes, out, false);
}

#define CUZK_EC_ENCODING_INSTANTIATE(C)                                                                                \
  template CompressedBytes<C> ToCompressed<C>(const Affine<C> &);                                                      \
  template UncompressedBytes<C> ToUncompressed<C>(const Affine<C> &);                                                  \
  template Expected<Affine<C>> FromCompressed<C>(std::span<const uint8_t>);                                            \
  template Expected<Affine<C>> FromCompressedUnchecked<C>(std::span<const uint8_t>);                                   \
  template Expected<Affine<C>> FromUncompressed<C>(std::span<const uint8_t>);                                          \
  template Expected<Affine<C>> FromUncompressedUnchecked<C>(std::span<const uint8_t>);                                 \
  template Status BatchFromUncompressed<C>(std::span<const uint8_t>, std::span<Affine<C>>);                            \
  template Status BatchFromUncompressedUnchecked<C>(std::span<const uint8_t>, std::span<Affine<C>>);
CUZK_EC_ENCODING_INSTANTIATE(G1Curve)
CUZK_EC_ENCODING_INSTANTIATE(G2Curve)

} // namespace cuzk::ec

// src/ec/encoding.hpp — the ZCash BLS12-381 point encodings (bellperson / blstrs / IETF).
//
// Coordinates are big-endian field elements; Fp2 writes c1 before c0. Compressed points
// carry x only (G1 48 B, G2 96 B), uncompressed x ‖ y (96 B, 192 B). The three most significant
// bits of byte 0 are flags: 0x80 compressed, 0x40 infinity, 0x20 "y is the lexicographically
// largest root" (compressed only). Infinity is the flags followed by zero bytes (spec/porep.md §6).
//
// Decoding never throws: it returns the point or an Error whose code says the kind of failure —
// kBadLength, kNonCanonical (flags that contradict each other or the decoder, a non-zero infinity,
// a coordinate ≥ p), kNotOnCurve, kNotInSubgroup — and whose message says exactly what was wrong. Checked decoders
// establish every invariant (canonical, on the curve, in the subgroup); the Unchecked ones skip the expensive checks
// for bytes we wrote ourselves (mmap'd parameters, as bellperson's from_uncompressed_unchecked) but still reject
// malformed flags and coordinates ≥ p.
#pragma once
#include "base/expected.hpp"
#include "ec/point.hpp"

#include <array>
#include <cstdint>
#include <span>

namespace cuzk::ec {

inline constexpr uint8_t FLAG_COMPRESSED = 0x80;
inline constexpr uint8_t FLAG_INFINITY = 0x40;
inline constexpr uint8_t FLAG_LARGEST_Y = 0x20;

template <class C> using CompressedBytes = std::array<uint8_t, C::COMPRESSED_BYTES>;
template <class C> using UncompressedBytes = std::array<uint8_t, C::UNCOMPRESSED_BYTES>;

template <class C> CompressedBytes<C> ToCompressed(const Affine<C> &p);
template <class C> UncompressedBytes<C> ToUncompressed(const Affine<C> &p);

//! full checks: flags, canonical x, x on the curve, subgroup
template <class C> Expected<Affine<C>> FromCompressed(std::span<const uint8_t> bytes);
//! as FromCompressed without the subgroup check (the square root still puts the point on the curve)
template <class C> Expected<Affine<C>> FromCompressedUnchecked(std::span<const uint8_t> bytes);
//! full checks: flags, canonical x and y, on the curve, subgroup
template <class C> Expected<Affine<C>> FromUncompressed(std::span<const uint8_t> bytes);
//! trusted input: flags and canonical coordinates only; no curve or subgroup check
template <class C> Expected<Affine<C>> FromUncompressedUnchecked(std::span<const uint8_t> bytes);

//! Decodes bytes.size() / UNCOMPRESSED_BYTES consecutive uncompressed points into out, in parallel
//! (TBB). bytes.size() must be out.size() · UNCOMPRESSED_BYTES. A failure names the lowest failing
//! point: its message starts "[index]: ", so a caller that prefixes its field's name reads
//! "params.h[17]: …". out is fully written only when the status is ok.
template <class C> Status BatchFromUncompressed(std::span<const uint8_t> bytes, std::span<Affine<C>> out);
template <class C> Status BatchFromUncompressedUnchecked(std::span<const uint8_t> bytes, std::span<Affine<C>> out);

} // namespace cuzk::ec

// src/filecoin/core/bincode.hpp — a small bincode v1 reader and writer, the format in which the
// proofs API carries PoSt and SnapDeals vanilla proofs (spec/post-snap-poseidon.md §3.5): integers
// little-endian at their full width, enum tags as u32, usize and Vec lengths as u64, fixed arrays
// as their bytes with no length, structs as their fields in order.
//
// The reader is for hostile input (DESIGN.md rule 4): every read is checked against the bytes
// left, and a Vec length is checked against the shape the caller expects and against the bytes
// left (n elements of at least m bytes need n·m bytes) *before* anything is allocated for it.
// Errors say what was being read and at which byte offset.
#pragma once
#include "base/expected.hpp"

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

namespace cuzk::filecoin {

class BincodeWriter {
public:
  void U32(uint32_t v);
  void U64(uint64_t v);
  //! A fixed-size array ([u8; N]): the bytes, no length prefix.
  void Fixed(std::span<const uint8_t> bytes);
  //! A Vec or usize length.
  void Len(size_t n) { U64(n); }

  const std::vector<uint8_t> &Bytes() const { return out_; }
  std::vector<uint8_t> Take() { return std::move(out_); }

private:
  std::vector<uint8_t> out_;
};

class BincodeReader {
public:
  explicit BincodeReader(std::span<const uint8_t> input) : in_(input) {}

  Expected<uint32_t> U32(std::string_view what);
  Expected<uint64_t> U64(std::string_view what);
  //! Fills out (a fixed-size array) from the next out.size() bytes.
  Status Fixed(std::span<uint8_t> out, std::string_view what);
  //! A Vec length n with n ≤ max_count and n·min_elem_bytes ≤ Remaining(); kBadLength otherwise.
  Expected<size_t> Len(std::string_view what, size_t min_elem_bytes, size_t max_count);
  //! A Vec length that must equal `expected` (whose elements take at least min_elem_bytes each).
  Status ExactLen(std::string_view what, size_t expected, size_t min_elem_bytes);
  //! kBadLength when bytes are left over: a well-formed value was followed by garbage. (bincode's
  //! legacy `deserialize` ignores trailing bytes; we reject them, since no producer writes any.)
  Status Finish(std::string_view what) const;

  size_t Offset() const { return pos_; }
  size_t Remaining() const { return in_.size() - pos_; }

  //! An error that names `what` and the current offset.
  Error Fail(ErrorCode code, std::string_view what, std::string_view why) const;

private:
  Status Need(size_t n, std::string_view what) const;

  std::span<const uint8_t> in_;
  size_t pos_ = 0;
};

} // namespace cuzk::filecoin

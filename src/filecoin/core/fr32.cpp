// src/filecoin/core/fr32.cpp — fr32 padding as byte-wise shifts: output byte j of node i holds the
// input bits starting at 254·i + 8·j, so each output byte is assembled from at most two input
// bytes; the unpadding runs the same map backwards.
#include "filecoin/core/fr32.hpp"

#include <string>

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

namespace cuzk::filecoin {

namespace {

constexpr size_t kNodeBits = 254;
constexpr size_t kNodeBytes = 32;
//! nodes per parallel task: large enough that scheduling costs nothing next to the shifting
constexpr size_t kGrainNodes = 4096;

//! 8 bits of `data` starting at bit position pos (LSB-first); bits past the end read as 0.
uint8_t ReadByteAt(std::span<const uint8_t> data, size_t pos) {
  const size_t byte = pos / 8, shift = pos % 8;
  uint32_t v = byte < data.size() ? data[byte] : 0;
  if (shift != 0 && byte + 1 < data.size()) v |= uint32_t(data[byte + 1]) << 8;
  return uint8_t(v >> shift);
}

//! `count` (≤ 8) bits of the padded stream starting at padded bit position pos.
uint32_t ReadBits(std::span<const uint8_t> data, size_t pos, size_t count) {
  return ReadByteAt(data, pos) & ((1u << count) - 1);
}

} // namespace

size_t Fr32PaddedSize(size_t unpadded) { return (unpadded * 8 + kNodeBits - 1) / kNodeBits * kNodeBytes; }

size_t Fr32UnpaddedCapacity(size_t padded) { return padded / kNodeBytes * kNodeBits / 8; }

Status Fr32PadInto(std::span<const uint8_t> in, std::span<uint8_t> out) {
  if (out.size() != Fr32PaddedSize(in.size()))
    return MakeError(ErrorCode::kBadLength, "fr32 pad: output must be " + std::to_string(Fr32PaddedSize(in.size())) +
                                                " bytes for " + std::to_string(in.size()) + " input bytes, got " +
                                                std::to_string(out.size()));
  const size_t nodes = out.size() / kNodeBytes;
  // every node reads only the input and writes only itself, so nodes are independent work items
  tbb::parallel_for(tbb::blocked_range<size_t>(0, nodes, kGrainNodes), [&](const tbb::blocked_range<size_t> &r) {
    for (size_t i = r.begin(); i < r.end(); i++) {
      const size_t base = i * kNodeBits;
      uint8_t *node = out.data() + i * kNodeBytes;
      for (size_t j = 0; j < kNodeBytes; j++) node[j] = ReadByteAt(in, base + 8 * j);
      node[31] &= 0x3f; // bits 254, 255 of the node belong to the next chunk, not this one
    }
  });
  // bits past the input end already read as zero, so the tail of the last node is zero-filled
  return Status::Ok();
}

std::vector<uint8_t> Fr32Pad(std::span<const uint8_t> unpadded) {
  std::vector<uint8_t> out(Fr32PaddedSize(unpadded.size()));
  (void)Fr32PadInto(unpadded, out); // sizes match by construction
  return out;
}

Expected<std::vector<uint8_t>> Fr32Unpad(std::span<const uint8_t> padded, size_t unpadded_len) {
  if (padded.size() != Fr32PaddedSize(unpadded_len))
    return MakeError(ErrorCode::kBadLength, "fr32 unpad: " + std::to_string(unpadded_len) + " bytes pad to " +
                                                std::to_string(Fr32PaddedSize(unpadded_len)) + " bytes, got " +
                                                std::to_string(padded.size()));
  for (size_t i = 0; i < padded.size(); i += kNodeBytes)
    if (padded[i + 31] & 0xc0)
      return MakeError(ErrorCode::kNonCanonical,
                       "fr32 unpad: node " + std::to_string(i / kNodeBytes) + " has its top two bits set");
  std::vector<uint8_t> out(unpadded_len);
  tbb::parallel_for(
      tbb::blocked_range<size_t>(0, unpadded_len, kGrainNodes * kNodeBytes), [&](const tbb::blocked_range<size_t> &r) {
        for (size_t k = r.begin(); k < r.end(); k++) {
          const size_t bit = 8 * k, node = bit / kNodeBits, off = bit % kNodeBits;
          const size_t pos = node * 256 + off;
          if (off + 8 <= kNodeBits) {
            out[k] = ReadByteAt(padded, pos);
          } else { // the byte straddles two nodes: low part from this node, the rest from the next
            const size_t low = kNodeBits - off;
            out[k] = uint8_t(ReadBits(padded, pos, low) | (ReadBits(padded, (node + 1) * 256, 8 - low) << low));
          }
        }
      });
  return out;
}

Expected<std::vector<uint8_t>> Fr32Unpad(std::span<const uint8_t> padded) {
  if (padded.size() % 128 != 0)
    return MakeError(ErrorCode::kBadLength,
                     "fr32 unpad: padded size " + std::to_string(padded.size()) + " is not a multiple of 128");
  return Fr32Unpad(padded, padded.size() / 128 * 127);
}

} // namespace cuzk::filecoin

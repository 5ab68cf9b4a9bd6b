// src/filecoin/core/fr32.hpp — Filecoin's fr32 padding: the byte stream is cut into 254-bit chunks
// (bits taken LSB-first) and each chunk becomes one 32-byte little-endian node whose two top
// bits are zero, so every node is a canonical Fr element (spec/vectors.md §7). 127 bytes
// (1016 bits = 4·254) pad to exactly 128.
#pragma once
#include "base/expected.hpp"

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace cuzk::filecoin {

//! Padded size of n unpadded bytes: ceil(8n / 254) nodes of 32 bytes (127 → 128, 30 → 32, 32 → 64).
size_t Fr32PaddedSize(size_t unpadded);
//! Largest number of whole bytes that padded bytes (a multiple of 32) can carry: floor(padded·254/256/8).
size_t Fr32UnpaddedCapacity(size_t padded);

//! Pads any number of bytes; the last node is zero-filled.
std::vector<uint8_t> Fr32Pad(std::span<const uint8_t> unpadded);
//! Pads into out, which must be exactly Fr32PaddedSize(in.size()) bytes (kBadLength otherwise).
Status Fr32PadInto(std::span<const uint8_t> in, std::span<uint8_t> out);

//! Recovers `unpadded_len` bytes from padded data. kBadLength unless padded.size() ==
//! Fr32PaddedSize(unpadded_len); kNonCanonical if any node has one of its two top bits set
//! (such bytes are not fr32 output).
Expected<std::vector<uint8_t>> Fr32Unpad(std::span<const uint8_t> padded, size_t unpadded_len);
//! The usual piece case: padded.size() a multiple of 128, giving 127/128 as many bytes.
Expected<std::vector<uint8_t>> Fr32Unpad(std::span<const uint8_t> padded);

} // namespace cuzk::filecoin

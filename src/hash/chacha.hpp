// src/hash/chacha.hpp — ChaCha keystreams (RFC 7539 block function, 8/12/20 rounds).
//
// Two ways Filecoin consumes ChaCha:
//  * ChaChaRng<R>: rand_chacha 0.3's ChaCha{8,12,20}Rng. Key = the 32-byte seed, a 64-bit block
//    counter from 0 in state words 12–13 and a 64-bit stream id (0) in words 14–15; the keystream
//    is read as little-endian u32 words in order, and NextU64() (rand's gen::<u64>()) joins two
//    consecutive words, low word first. The DRG parents use ChaCha8Rng::from_seed(drg_seed ‖ v)
//    (spec/porep.md §2.3).
//  * ChaCha20Ietf: the RFC 7539 cipher (32-bit block counter in word 12, 96-bit nonce in words
//    13–15), as the `chacha20` crate provides it; synthetic PoRep challenges read its keystream
//    with nonce "synth-porep\0" and seek (spec/porep.md §2.2).
#pragma once
#include "base/expected.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

namespace cuzk::hash {

//! ChaCha block function with `rounds` rounds (8, 12 or 20) on the 16-word input state.
void ChaChaBlock(unsigned rounds, const std::array<uint32_t, 16> &in, std::array<uint32_t, 16> &out);

//! rand_chacha 0.3 compatible generator: ChaChaRng<8> is ChaCha8Rng.
template <unsigned ROUNDS> class ChaChaRng {
public:
  //! ChaCha{ROUNDS}Rng::from_seed(seed): block counter 0, stream 0.
  static ChaChaRng FromSeed(std::span<const uint8_t, 32> seed);

  uint32_t NextU32();
  //! two consecutive keystream words, low word first (rand 0.8's gen::<u64>())
  uint64_t NextU64();
  //! rand_core's fill_bytes: consumes whole words; a partly used last word is discarded
  void FillBytes(std::span<uint8_t> out);

  //! Position in u32 words from the start of the stream (rand_chacha's get/set_word_pos,
  //! restricted to positions below 2^64 words).
  uint64_t WordPos() const { return (block_ - (index_ < 16 ? 1 : 0)) * 16 + (index_ < 16 ? index_ : 0); }
  void SetWordPos(uint64_t word);
  //! rand_chacha's set_stream: selects one of 2^64 independent streams and keeps the position
  void SetStream(uint64_t stream);

private:
  void Refill();

  std::array<uint32_t, 8> key_{};
  uint64_t stream_ = 0;
  uint64_t block_ = 0; //!< counter of the next block to generate
  std::array<uint32_t, 16> buf_{};
  unsigned index_ = 16; //!< next unread word of buf_; 16 = buffer empty
};

using ChaCha8Rng = ChaChaRng<8>;
using ChaCha12Rng = ChaChaRng<12>;
using ChaCha20Rng = ChaChaRng<20>;

//! RFC 7539 ChaCha20 keystream with a 96-bit nonce and 32-bit block counter.
class ChaCha20Ietf {
public:
  ChaCha20Ietf(std::span<const uint8_t, 32> key, std::span<const uint8_t, 12> nonce);

  //! Moves to byte `offset` of the keystream (block k starts at byte 64·k). Fails with
  //! kInvalidArgument past the end of the 2^32-block keystream.
  Status Seek(uint64_t offset);
  uint64_t Position() const { return pos_; }
  //! Writes the next out.size() keystream bytes. Fails (and writes nothing) if that would run
  //! past the end of the keystream.
  Status Keystream(std::span<uint8_t> out);
  //! XORs the keystream into data (encryption and decryption are the same operation).
  Status Apply(std::span<uint8_t> data);

  //! 2^32 blocks of 64 bytes
  static constexpr uint64_t KEYSTREAM_BYTES = uint64_t(1) << 38;

private:
  std::array<uint32_t, 16> state_{};
  uint64_t pos_ = 0;
};

} // namespace cuzk::hash

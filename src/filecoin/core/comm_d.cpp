// src/filecoin/core/comm_d.cpp — level-by-level hashing with two ping-pong buffers (a batch must not
// write over children another thread is still reading), and zero filling through Z_i so that a
// small payload in a large piece costs only its own nodes.
#include "filecoin/core/comm_d.hpp"

#include "filecoin/core/fr32.hpp"

#include <array>
#include <bit>
#include <cstring>
#include <string>
#include <vector>

namespace cuzk::filecoin {

namespace {

const std::array<Digest32, kMaxZeroLevel + 1> &ZeroTable() {
  static const std::array<Digest32, kMaxZeroLevel + 1> table = [] {
    std::array<Digest32, kMaxZeroLevel + 1> t{};
    for (size_t i = 1; i <= kMaxZeroLevel; i++) t[i] = hash::Sha256Node(t[i - 1], t[i - 1]);
    return t;
  }();
  return table;
}

//! Root of a tree of 2^height nodes whose first nodes.size()/32 nodes are given and whose
//! remaining nodes are zero: where a level has an odd count, its missing right neighbour is the
//! root of an all-zero subtree, Z_level.
Digest32 RootZeroFilled(std::span<const uint8_t> nodes, size_t height) {
  std::vector<uint8_t> a, b;
  std::span<const uint8_t> cur = nodes; // the input is read in place until a level must be extended
  for (size_t level = 0; level < height; level++) {
    if ((cur.size() / 32) % 2 == 1) {
      if (cur.data() != a.data()) a.assign(cur.begin(), cur.end());
      a.insert(a.end(), ZeroTable()[level].begin(), ZeroTable()[level].end());
      cur = a;
    }
    b.resize(cur.size() / 2);
    (void)hash::Sha256NodeBatch(cur, b); // sizes are consistent by construction
    std::swap(a, b);
    cur = a;
  }
  Digest32 root{};
  std::memcpy(root.data(), cur.data(), 32);
  return root;
}

} // namespace

Expected<Digest32> ZeroCommitment(size_t level) {
  if (level > kMaxZeroLevel)
    return MakeError(ErrorCode::kInvalidArgument,
                     "zero commitment level " + std::to_string(level) + " is above " + std::to_string(kMaxZeroLevel));
  return ZeroTable()[level];
}

Expected<Digest32> CommD(std::span<const uint8_t> padded) {
  if (padded.size() < 32 || padded.size() % 32 != 0 || !std::has_single_bit(padded.size() / 32))
    return MakeError(ErrorCode::kBadLength,
                     "comm_d: padded piece of " + std::to_string(padded.size()) + " bytes is not 32·2^k bytes");
  return RootZeroFilled(padded, size_t(std::countr_zero(padded.size() / 32)));
}

PieceCommitment CommP(std::span<const uint8_t> payload) {
  std::vector<uint8_t> unpadded(payload.begin(), payload.end());
  if (unpadded.size() < 65) unpadded.resize(65);
  unpadded.resize((unpadded.size() + 126) / 127 * 127); // whole 128-byte padded chunks
  std::vector<uint8_t> padded = Fr32Pad(unpadded);
  const uint64_t piece = std::bit_ceil(uint64_t(padded.size()));
  return {RootZeroFilled(padded, size_t(std::countr_zero(piece / 32))), piece};
}

} // namespace cuzk::filecoin

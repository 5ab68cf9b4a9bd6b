// src/filecoin/core/commitment_cid.cpp — unsigned LEB128 varints and RFC 4648 base32 (lower case, no
// padding), just what the two commitment CIDs need.
#include "filecoin/core/commitment_cid.hpp"

#include <cstdint>
#include <optional>
#include <vector>

namespace cuzk::filecoin {

namespace {

constexpr uint64_t kCidVersion = 1;
constexpr uint64_t kUnsealedCodec = 0xf101, kSealedCodec = 0xf102;
constexpr uint64_t kUnsealedHash = 0x1012, kSealedHash = 0xb401;
constexpr char kBase32[] = "abcdefghijklmnopqrstuvwxyz234567";

void PutVarint(std::vector<uint8_t> &out, uint64_t v) {
  while (v >= 0x80) {
    out.push_back(uint8_t(v | 0x80));
    v >>= 7;
  }
  out.push_back(uint8_t(v));
}

//! Reads a varint at pos (advancing it); nullopt when truncated or longer than 9 bytes.
std::optional<uint64_t> GetVarint(const std::vector<uint8_t> &in, size_t &pos) {
  uint64_t v = 0;
  for (unsigned shift = 0; shift < 63 && pos < in.size(); shift += 7) {
    const uint8_t b = in[pos++];
    v |= uint64_t(b & 0x7f) << shift;
    if (!(b & 0x80)) return v;
  }
  return std::nullopt;
}

std::string Base32(const std::vector<uint8_t> &bytes) {
  std::string s;
  uint32_t acc = 0;
  unsigned bits = 0;
  for (uint8_t b : bytes) {
    acc = (acc << 8) | b;
    bits += 8;
    while (bits >= 5) {
      s.push_back(kBase32[(acc >> (bits - 5)) & 31]);
      bits -= 5;
    }
  }
  if (bits > 0) s.push_back(kBase32[(acc << (5 - bits)) & 31]);
  return s;
}

std::optional<std::vector<uint8_t>> FromBase32(std::string_view s) {
  std::vector<uint8_t> out;
  uint32_t acc = 0;
  unsigned bits = 0;
  for (char c : s) {
    int v = (c >= 'a' && c <= 'z') ? c - 'a' : (c >= '2' && c <= '7') ? c - '2' + 26 : -1;
    if (v < 0) return std::nullopt;
    acc = (acc << 5) | uint32_t(v);
    bits += 5;
    if (bits >= 8) {
      out.push_back(uint8_t(acc >> (bits - 8)));
      bits -= 8;
    }
  }
  if (bits >= 5 || (acc & ((1u << bits) - 1)) != 0) return std::nullopt; // non-canonical tail
  return out;
}

Error Bad(std::string why) { return MakeError(ErrorCode::kInvalidArgument, "commitment CID: " + why); }

} // namespace

std::string CommitmentToCid(const Commitment &c) {
  const bool sealed = c.kind == CommitmentKind::kSealed;
  std::vector<uint8_t> bytes;
  PutVarint(bytes, kCidVersion);
  PutVarint(bytes, sealed ? kSealedCodec : kUnsealedCodec);
  PutVarint(bytes, sealed ? kSealedHash : kUnsealedHash);
  PutVarint(bytes, c.digest.size());
  bytes.insert(bytes.end(), c.digest.begin(), c.digest.end());
  // appended rather than `"b" + Base32(...)`: GCC 12 warns (-Wrestrict, a false positive) on
  // literal + string&& once inlined, and CI builds with -Werror
  std::string cid = "b";
  cid += Base32(bytes);
  return cid;
}

Expected<Commitment> CommitmentFromCid(std::string_view cid) {
  if (cid.empty() || cid[0] != 'b') return Bad("not multibase base32 (prefix 'b')");
  auto bytes = FromBase32(cid.substr(1));
  if (!bytes) return Bad("invalid base32 text");
  size_t pos = 0;
  auto version = GetVarint(*bytes, pos), codec = GetVarint(*bytes, pos), mh = GetVarint(*bytes, pos),
       len = GetVarint(*bytes, pos);
  if (!version || !codec || !mh || !len) return Bad("truncated header");
  if (*version != kCidVersion) return Bad("version " + std::to_string(*version) + " is not CIDv1");
  Commitment c{};
  if (*codec == kUnsealedCodec && *mh == kUnsealedHash) {
    c.kind = CommitmentKind::kUnsealed;
  } else if (*codec == kSealedCodec && *mh == kSealedHash) {
    c.kind = CommitmentKind::kSealed;
  } else {
    return Bad("codec " + std::to_string(*codec) + " with multihash " + std::to_string(*mh) +
               " is not a Filecoin commitment");
  }
  if (*len != 32 || bytes->size() - pos != 32)
    return Bad("digest must be 32 bytes, header says " + std::to_string(*len) + " and " +
               std::to_string(bytes->size() - pos) + " follow");
  std::copy(bytes->begin() + pos, bytes->end(), c.digest.begin());
  return c;
}

} // namespace cuzk::filecoin

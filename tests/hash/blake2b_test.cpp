// tests/hash/blake2b_test.cpp — BLAKE2b: RFC 7693 vector, Filecoin's keyed 32-byte use (synthetic
// PoRep keys, spec/vectors.md §5.1), and the portable RFC 7693 path cross-checked against OpenSSL.
#include "common/bytes.hpp"
#include "hash/blake2b.hpp"
#include "hash/blake2b_portable.hpp"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

using namespace cuzk::hash;

namespace {

using cuzk::test::Bytes;
using cuzk::test::Hex;

std::vector<uint8_t> Portable(size_t out_len, std::span<const uint8_t> key, std::span<const uint8_t> data) {
  detail::Blake2bState s(out_len, key);
  s.Update(data);
  std::vector<uint8_t> out(out_len);
  s.Final(out.data());
  return out;
}

} // namespace

TEST(Blake2b, Rfc7693AbcVector) {
  // RFC 7693 Appendix A: BLAKE2b-512("abc")
  const std::string expected = "ba80a53f981c4d0d6a2797b69f12f6e94c212f14685ac4b74b12bb6fdbffa2d1"
                               "7d87c5392aab792dc252d5de4533cc9518d38aa8dbf1925ab92386edd4009923";
  EXPECT_EQ(Hex(Blake2b512(Bytes("abc"))), expected);
  EXPECT_EQ(Hex(Portable(64, {}, Bytes("abc"))), expected);
}

TEST(Blake2b, Blake2b256IsNotTruncated512) {
  // values from Python's hashlib.blake2b(digest_size=32), an independent implementation
  EXPECT_EQ(Hex(Blake2b256(Bytes("abc"))), "bddd813c634239723171ef3fee98579b94964e3bb1cb3e427262c8c068d52319");
  EXPECT_EQ(Hex(Blake2b256({})), "0e5751c026e543b2e8ab2eb06099daa1d1e5df47778f7787faab45cdf12fe3a8");
}

TEST(Blake2b, FilecoinSyntheticPorepKeys) {
  // spec/vectors.md §5.1: replica_id = Fr 55, comm_r = Fr 101, rand = [1; 32]
  std::vector<uint8_t> rid(32, 0), comm_r(32, 0), rand(32, 1);
  rid[0] = 55;
  comm_r[0] = 101;
  std::vector<uint8_t> msg = rid;
  msg.insert(msg.end(), comm_r.begin(), comm_r.end());
  Digest32 key_gen;
  ASSERT_TRUE(Blake2b(Bytes("filecoin.io|PoRep|1|Synthetic|1|Generation"), msg, key_gen).IsOk());
  EXPECT_EQ(Hex(key_gen), "481a1c7fbc8734972e7634209832407eb41e45114a4808b047e93ccf0d6fdff8");
  msg = rid;
  msg.insert(msg.end(), rand.begin(), rand.end());
  Digest32 key_sel;
  ASSERT_TRUE(Blake2b(Bytes("filecoin.io|PoRep|1|Synthetic|1|Selection"), msg, key_sel).IsOk());
  EXPECT_EQ(Hex(key_sel), "8d738bdcb14f8805416980131d3624bd07ec07e7a0ca738e2d636ac1c78395e7");
}

TEST(Blake2b, PortableMatchesOpenSsl) {
  // every combination OpenSSL supports: unkeyed 64-byte digests and keyed digests of any length
  std::mt19937_64 rng(5);
  for (int iter = 0; iter < 60; iter++) {
    std::vector<uint8_t> data(rng() % 400), key(1 + rng() % 64);
    for (auto &b : data) b = uint8_t(rng());
    for (auto &b : key) b = uint8_t(rng());
    const size_t out_len = 1 + rng() % 64;
    std::vector<uint8_t> ossl(out_len);
    ASSERT_TRUE(Blake2b(key, data, ossl).IsOk());
    EXPECT_EQ(ossl, Portable(out_len, key, data)) << "keyed, len " << data.size() << " out " << out_len;
    const Digest64 d = Blake2b512(data);
    EXPECT_EQ(std::vector<uint8_t>(d.begin(), d.end()), Portable(64, {}, data)) << "unkeyed, len " << data.size();
  }
}

TEST(Blake2b, IncrementalMatchesOneShot) {
  std::vector<uint8_t> data(777);
  for (size_t i = 0; i < data.size(); i++) data[i] = uint8_t(i * 31);
  for (size_t out_len : {32, 64}) {
    for (size_t key_len : {0, 20}) {
      std::vector<uint8_t> key(key_len, 0x5a);
      std::vector<uint8_t> one_shot(out_len), inc(out_len);
      ASSERT_TRUE(Blake2b(key, data, one_shot).IsOk());
      auto h = Blake2bHasher::Create(out_len, key);
      ASSERT_TRUE(h.HasValue());
      for (size_t pos = 0; pos < data.size(); pos += 128) // block-aligned pieces: the final-flag edge case
        h.Value().Update(std::span<const uint8_t>(data).subspan(pos, std::min<size_t>(128, data.size() - pos)));
      ASSERT_TRUE(h.Value().Finalize(inc).IsOk());
      EXPECT_EQ(inc, one_shot) << "out " << out_len << " key " << key_len;
    }
  }
}

TEST(Blake2b, BadParameters) {
  EXPECT_EQ(Blake2bHasher::Create(0).Code(), cuzk::ErrorCode::kInvalidArgument);
  EXPECT_EQ(Blake2bHasher::Create(65).Code(), cuzk::ErrorCode::kInvalidArgument);
  EXPECT_EQ(Blake2bHasher::Create(32, std::vector<uint8_t>(65)).Code(), cuzk::ErrorCode::kInvalidArgument);
  std::vector<uint8_t> out(65);
  EXPECT_FALSE(Blake2b({}, Bytes("abc"), out).IsOk());
  auto h = Blake2bHasher::Create(32);
  std::vector<uint8_t> small(16);
  EXPECT_EQ(h.Value().Finalize(small).Code(), cuzk::ErrorCode::kBadLength);
}

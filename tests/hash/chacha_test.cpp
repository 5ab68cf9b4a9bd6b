// tests/hash/chacha_test.cpp — ChaCha: the RFC 7539 block vector, ChaCha20 against OpenSSL's
// independent implementation, Filecoin's synthetic PoRep challenges (ChaCha20, spec/vectors.md
// §5.1) and its 2KiB DRG parent cache (ChaCha8Rng, spec/vectors.md §3).
#include "common/bytes.hpp"
#include "hash/blake2b.hpp"
#include "hash/chacha.hpp"
#include "hash/sha256.hpp"

#include <gtest/gtest.h>
#include <openssl/evp.h>

#include <cmath>
#include <random>
#include <string>
#include <vector>

using namespace cuzk::hash;

namespace {

using cuzk::test::Bytes;
using cuzk::test::Hex;

// OpenSSL's ChaCha20 takes a 16-byte IV: the 32-bit block counter (LE) then the 96-bit nonce.
std::vector<uint8_t> OpenSslKeystream(const std::array<uint8_t, 32> &key, const std::array<uint8_t, 12> &nonce,
                                      uint32_t counter, size_t n) {
  uint8_t iv[16];
  for (int i = 0; i < 4; i++) iv[i] = uint8_t(counter >> (8 * i));
  std::copy(nonce.begin(), nonce.end(), iv + 4);
  EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
  EXPECT_EQ(EVP_EncryptInit_ex(ctx, EVP_chacha20(), nullptr, key.data(), iv), 1);
  std::vector<uint8_t> zeros(n, 0), out(n);
  int len = 0;
  EXPECT_EQ(EVP_EncryptUpdate(ctx, out.data(), &len, zeros.data(), int(n)), 1);
  EVP_CIPHER_CTX_free(ctx);
  return out;
}

} // namespace

TEST(ChaCha, Rfc7539BlockVector) {
  // RFC 7539 §2.3.2: key 00..1f, nonce 00:00:00:09:00:00:00:4a:00:00:00:00, block counter 1
  std::array<uint8_t, 32> key;
  for (int i = 0; i < 32; i++) key[i] = uint8_t(i);
  const std::array<uint8_t, 12> nonce = {0, 0, 0, 9, 0, 0, 0, 0x4a, 0, 0, 0, 0};
  ChaCha20Ietf c(key, nonce);
  ASSERT_TRUE(c.Seek(64).IsOk());
  std::array<uint8_t, 64> block;
  ASSERT_TRUE(c.Keystream(block).IsOk());
  EXPECT_EQ(Hex(block), "10f1e7e4d13b5915500fdd1fa32071c4c7d1f4c733c068030422aa9ac3d46c4e"
                        "d2826446079faa0914c2d705d98b02a2b5129cd1de164eb9cbd083e8a2503c4e");
}

TEST(ChaCha, ChaCha20MatchesOpenSsl) {
  std::mt19937_64 rng(9);
  for (int iter = 0; iter < 20; iter++) {
    std::array<uint8_t, 32> key;
    std::array<uint8_t, 12> nonce;
    for (auto &b : key) b = uint8_t(rng());
    for (auto &b : nonce) b = uint8_t(rng());
    const uint32_t block = uint32_t(rng() % 1000);
    const size_t skip = rng() % 64, n = rng() % 700;
    const auto expected = OpenSslKeystream(key, nonce, block, skip + n);
    ChaCha20Ietf c(key, nonce);
    ASSERT_TRUE(c.Seek(uint64_t(block) * 64 + skip).IsOk());
    std::vector<uint8_t> got(n);
    ASSERT_TRUE(c.Keystream(got).IsOk());
    EXPECT_TRUE(std::equal(got.begin(), got.end(), expected.begin() + skip)) << "iteration " << iter;
  }
}

TEST(ChaCha, ApplyIsAnInvolution) {
  std::array<uint8_t, 32> key{};
  std::array<uint8_t, 12> nonce{};
  key[0] = 1;
  std::vector<uint8_t> msg(1000);
  for (size_t i = 0; i < msg.size(); i++) msg[i] = uint8_t(i);
  auto data = msg;
  ChaCha20Ietf enc(key, nonce), dec(key, nonce);
  ASSERT_TRUE(enc.Apply(data).IsOk());
  EXPECT_NE(data, msg);
  ASSERT_TRUE(dec.Apply(data).IsOk());
  EXPECT_EQ(data, msg);
}

TEST(ChaCha, KeystreamEndIsAnError) {
  std::array<uint8_t, 32> key{};
  std::array<uint8_t, 12> nonce{};
  ChaCha20Ietf c(key, nonce);
  EXPECT_EQ(c.Seek(ChaCha20Ietf::KEYSTREAM_BYTES + 1).Code(), cuzk::ErrorCode::kInvalidArgument);
  ASSERT_TRUE(c.Seek(ChaCha20Ietf::KEYSTREAM_BYTES - 8).IsOk());
  std::vector<uint8_t> buf(16, 0xaa);
  EXPECT_EQ(c.Keystream(buf).Code(), cuzk::ErrorCode::kInvalidArgument);
  EXPECT_EQ(buf, std::vector<uint8_t>(16, 0xaa)); // nothing written on failure
  EXPECT_EQ(c.Apply(buf).Code(), cuzk::ErrorCode::kInvalidArgument);
  EXPECT_EQ(buf, std::vector<uint8_t>(16, 0xaa));
  std::vector<uint8_t> last(8);
  EXPECT_TRUE(c.Keystream(last).IsOk());
}

TEST(ChaCha, RandChachaWordOrderAndPositions) {
  // ChaCha20Rng with stream 0 is the RFC 7539 keystream with a zero nonce while the block
  // counter fits in 32 bits; gen::<u64>() joins two words low first; fill_bytes drops a
  // partly used word.
  std::array<uint8_t, 32> seed;
  for (int i = 0; i < 32; i++) seed[i] = uint8_t(3 * i + 1);
  const std::array<uint8_t, 12> zero_nonce{};
  const auto ks = OpenSslKeystream(seed, zero_nonce, 0, 4 * 64);
  auto word = [&](size_t i) {
    return uint32_t(ks[4 * i]) | uint32_t(ks[4 * i + 1]) << 8 | uint32_t(ks[4 * i + 2]) << 16 |
           uint32_t(ks[4 * i + 3]) << 24;
  };
  auto rng = ChaCha20Rng::FromSeed(seed);
  EXPECT_EQ(rng.NextU32(), word(0));
  EXPECT_EQ(rng.NextU64(), uint64_t(word(1)) | uint64_t(word(2)) << 32);
  for (size_t i = 3; i < 15; i++) EXPECT_EQ(rng.NextU32(), word(i));
  EXPECT_EQ(rng.NextU64(), uint64_t(word(15)) | uint64_t(word(16)) << 32); // straddles two blocks
  EXPECT_EQ(rng.WordPos(), 17u);
  std::array<uint8_t, 6> bytes;
  rng.FillBytes(bytes);
  EXPECT_EQ(bytes[0], ks[4 * 17]);
  EXPECT_EQ(bytes[5], ks[4 * 18 + 1]);
  EXPECT_EQ(rng.WordPos(), 19u);
  EXPECT_EQ(rng.NextU32(), word(19));
  rng.SetWordPos(40);
  EXPECT_EQ(rng.NextU32(), word(40));
  rng.SetWordPos(0);
  EXPECT_EQ(rng.NextU32(), word(0));
  rng.SetStream(1); // another stream at the same position differs
  EXPECT_EQ(rng.WordPos(), 1u);
  EXPECT_NE(rng.NextU32(), word(1));
}

TEST(ChaCha, FilecoinSyntheticChallenges) {
  // spec/vectors.md §5.1 (storage-proofs-porep challenges.rs test_synth_challenges_against_hardcoded):
  // N = 2^10 nodes, 21 synthetic challenges, 10 PoRep challenges selected for partition 0.
  std::vector<uint8_t> rid(32, 0), comm_r(32, 0), rand(32, 1);
  rid[0] = 55;
  comm_r[0] = 101;
  const std::array<uint8_t, 12> nonce = {'s', 'y', 'n', 't', 'h', '-', 'p', 'o', 'r', 'e', 'p', 0};
  std::vector<uint8_t> msg = rid;
  msg.insert(msg.end(), comm_r.begin(), comm_r.end());
  std::array<uint8_t, 32> key_gen;
  ASSERT_TRUE(Blake2b(Bytes("filecoin.io|PoRep|1|Synthetic|1|Generation"), msg, key_gen).IsOk());
  ChaCha20Ietf gen(key_gen, nonce);
  std::vector<uint64_t> synth;
  for (int i = 0; i < 21; i++) {
    std::array<uint8_t, 32> chunk;
    ASSERT_TRUE(gen.Keystream(chunk).IsOk());
    // LE 256-bit integer mod (N − 1), by Horner's rule from the top byte
    uint64_t rem = 0;
    for (int b = 31; b >= 0; b--) rem = (rem * 256 + chunk[b]) % 1023;
    synth.push_back(rem + 1);
  }
  EXPECT_EQ(synth, (std::vector<uint64_t>{178, 297, 869, 211, 875, 477, 94,  781, 124, 332, 856,
                                          801, 176, 692, 429, 691, 290, 204, 986, 210, 973}));
  msg = rid;
  msg.insert(msg.end(), rand.begin(), rand.end());
  std::array<uint8_t, 32> key_sel;
  ASSERT_TRUE(Blake2b(Bytes("filecoin.io|PoRep|1|Synthetic|1|Selection"), msg, key_sel).IsOk());
  ChaCha20Ietf sel(key_sel, nonce);
  ASSERT_TRUE(sel.Seek(4 * 0 * 10).IsOk()); // partition k = 0, C = 10
  std::vector<uint64_t> chosen;
  for (int i = 0; i < 10; i++) {
    std::array<uint8_t, 4> w;
    ASSERT_TRUE(sel.Keystream(w).IsOk());
    const uint32_t v = uint32_t(w[0]) | uint32_t(w[1]) << 8 | uint32_t(w[2]) << 16 | uint32_t(w[3]) << 24;
    chosen.push_back(synth[v % synth.size()]);
  }
  EXPECT_EQ(chosen, (std::vector<uint64_t>{176, 781, 801, 986, 290, 211, 692, 856, 986, 332}));
}

namespace {

// The SDR graph of spec/porep.md §2.3–2.4, written here only as a known-answer check of
// ChaCha8Rng (rand_chacha semantics), BLAKE2b-512 and SHA-256; src/filecoin owns the real one.
std::vector<uint32_t> ParentCache(uint64_t nodes, const std::array<uint8_t, 32> &porep_id, bool predecessor_first) {
  const std::string drg_tag = "Filecoin_DRSample", feistel_tag = "Filecoin_Feistel";
  std::vector<uint8_t> drg_input(drg_tag.begin(), drg_tag.end());
  drg_input.insert(drg_input.end(), porep_id.begin(), porep_id.end());
  const Digest32 drg_digest = Sha256(drg_input);
  std::vector<uint8_t> feistel_input(feistel_tag.begin(), feistel_tag.end());
  feistel_input.insert(feistel_input.end(), porep_id.begin(), porep_id.end());
  const Digest32 feistel_digest = Sha256(feistel_input);
  uint64_t keys[3];
  for (int k = 0; k < 3; k++) {
    keys[k] = 0;
    for (int b = 7; b >= 0; b--) keys[k] = (keys[k] << 8) | feistel_digest[8 * k + b];
  }
  const uint64_t domain = 8 * nodes;
  unsigned half = 1;
  while ((uint64_t(1) << (2 * half)) < domain) half++;
  const uint64_t mask = (uint64_t(1) << half) - 1;
  auto encode = [&](uint64_t x) {
    uint64_t l = (x >> half) & mask, r = x & mask;
    for (uint64_t key : keys) {
      uint8_t data[16];
      for (int b = 0; b < 8; b++) {
        data[b] = uint8_t(r >> (56 - 8 * b));
        data[8 + b] = uint8_t(key >> (56 - 8 * b));
      }
      const Digest64 h = Blake2b512(data);
      uint64_t f = 0;
      for (int b = 0; b < 8; b++) f = (f << 8) | h[b];
      const uint64_t nl = r;
      r = l ^ (f & mask);
      l = nl;
    }
    return (l << half) | r;
  };

  std::vector<uint32_t> cache;
  for (uint64_t v = 0; v < nodes; v++) {
    uint32_t drg[6] = {0, 0, 0, 0, 0, 0};
    if (v >= 2) {
      std::array<uint8_t, 32> seed;
      std::copy_n(drg_digest.begin(), 28, seed.begin());
      for (int b = 0; b < 4; b++) seed[28 + b] = uint8_t(v >> (8 * b));
      auto rng = ChaCha8Rng::FromSeed(seed);
      const uint64_t meta = 5 * v;
      const uint64_t buckets = uint64_t(std::ceil(std::log2(double(meta))));
      uint32_t slots[5];
      for (auto &slot : slots) {
        const uint64_t bucket = rng.NextU64() % buckets + 1;
        const uint64_t hi = std::min(meta, uint64_t(1) << bucket);
        const uint64_t lo = std::max<uint64_t>(2, hi >> 1);
        const uint64_t dist = lo + rng.NextU64() % (hi - lo + 1);
        const uint64_t p = (meta - dist) / 5;
        slot = uint32_t(p == v ? v - 1 : p);
      }
      const size_t first = predecessor_first ? 1 : 0;
      for (int i = 0; i < 5; i++) drg[first + i] = slots[i];
      drg[predecessor_first ? 0 : 5] = uint32_t(v - 1);
    }
    cache.insert(cache.end(), drg, drg + 6);
    for (uint64_t i = 0; i < 8; i++) {
      uint64_t x = encode(8 * v + i);
      while (x >= domain) x = encode(x); // cycle walking
      cache.push_back(uint32_t(x / 8));
    }
  }
  return cache;
}

std::string CacheDigest(const std::vector<uint32_t> &cache) {
  std::vector<uint8_t> bytes;
  for (uint32_t w : cache)
    for (int b = 0; b < 4; b++) bytes.push_back(uint8_t(w >> (8 * b)));
  return Hex(Sha256(bytes));
}

} // namespace

TEST(ChaCha, ChaCha8RngReproducesFilecoinParentCache2KiB) {
  // spec/vectors.md §3 parent cache manifest: 2KiB = 64 nodes; porep_id = registered proof id
  // as u64 LE ‖ 24 zero bytes; id 0 is V1 (predecessor last), id 5 is V1_1 (predecessor first)
  std::array<uint8_t, 32> porep_id{};
  porep_id[0] = 0;
  EXPECT_EQ(CacheDigest(ParentCache(64, porep_id, false)),
            "3da49221e2ed55371b86d0bf3d6526fcf128af61bed904f966428db1b531750d");
  porep_id[0] = 5;
  EXPECT_EQ(CacheDigest(ParentCache(64, porep_id, true)),
            "840057702eea7652cf97e04306c30fe57174714d90de156a25eddd6075c25b97");
}

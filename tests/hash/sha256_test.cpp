// tests/hash/sha256_test.cpp — SHA-256 (FIPS 180-4 vectors), incremental == one-shot, Filecoin's
// trunc254 node hash (zero-commitment table of spec/vectors.md §6.4) and the parallel batch.
#include "common/bytes.hpp"
#include "hash/sha256.hpp"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

using namespace cuzk::hash;

namespace {

using cuzk::test::Bytes;
using cuzk::test::Hex;

} // namespace

TEST(Sha256, NistVectors) {
  // FIPS 180-4 examples (also NIST CAVP short messages): empty, "abc", the 448-bit message
  EXPECT_EQ(Hex(Sha256({})), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(Hex(Sha256(Bytes("abc"))), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(Hex(Sha256(Bytes("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"))),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
}

TEST(Sha256, IncrementalMatchesOneShot) {
  std::mt19937_64 rng(3);
  std::vector<uint8_t> data(1000);
  for (auto &b : data) b = uint8_t(rng());
  Sha256Hasher h;
  for (size_t cut : {0, 1, 55, 56, 63, 64, 65, 127, 500, 1000}) {
    h.Update(std::span<const uint8_t>(data).first(cut)).Update(std::span<const uint8_t>(data).subspan(cut));
    EXPECT_EQ(h.Finalize(), Sha256(data)) << "split at " << cut;
  }
  // Finalize resets: the hasher is reusable, and a moved-to hasher keeps working
  Sha256Hasher moved = std::move(h);
  moved.Update(Bytes("abc"));
  EXPECT_EQ(Hex(moved.Finalize()), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}

TEST(Sha256, Trunc254ClearsTopTwoBits) {
  const Digest32 full = Sha256(Bytes("abc"));
  const Digest32 trimmed = Sha256Trunc254(Bytes("abc"));
  EXPECT_EQ(trimmed[31], full[31] & 0x3f);
  EXPECT_TRUE(std::equal(full.begin(), full.begin() + 31, trimmed.begin()));
}

TEST(Sha256, ZeroCommitmentTable) {
  // spec/vectors.md §6.4: Z0 = 0^32, Z(i+1) = node(Zi, Zi); compute_comm_d(128, []) = Z2,
  // compute_comm_d(2048, []) = Z6; Z5 and Z7 from the derived table
  std::vector<Digest32> z(8);
  z[0].fill(0);
  for (size_t i = 1; i < z.size(); i++) z[i] = Sha256Node(z[i - 1], z[i - 1]);
  EXPECT_EQ(Hex(z[2]), "3731bb99ac689f66eef5973e4a94da188f4ddcae580724fc6f3fd60dfd488333");
  EXPECT_EQ(Hex(z[5]), "1f7ac9595510e09ea41c460b176430bb322cd6fb412ec57cb17d989a4310372f");
  EXPECT_EQ(Hex(z[6]), "fc7e928296e516faade986b28f92d44a4f24b935485223376a799027bc18f833");
  EXPECT_EQ(Hex(z[7]), "08c47b38ee13bc43f41b915c0eed9911a26086b3ed62401bf9d58b8d19dff624");
}

TEST(Sha256, NodeBatchMatchesSingle) {
  std::mt19937_64 rng(11);
  const size_t n = 5000; // several TBB chunks
  std::vector<uint8_t> children(64 * n);
  for (auto &b : children) b = uint8_t(rng());
  std::vector<uint8_t> out(32 * n);
  ASSERT_TRUE(Sha256NodeBatch(children, out).IsOk());
  for (size_t i = 0; i < n; i += 499) {
    Digest32 l, r;
    std::copy_n(children.begin() + 64 * i, 32, l.begin());
    std::copy_n(children.begin() + 64 * i + 32, 32, r.begin());
    const Digest32 d = Sha256Node(l, r);
    EXPECT_TRUE(std::equal(d.begin(), d.end(), out.begin() + 32 * i)) << "node " << i;
  }
  EXPECT_TRUE(Sha256NodeBatch({}, {}).IsOk());
}

TEST(Sha256, NodeBatchRejectsWrongLengths) {
  std::vector<uint8_t> children(128), out(32);
  auto s = Sha256NodeBatch(children, out);
  ASSERT_FALSE(s.IsOk());
  EXPECT_EQ(s.Code(), cuzk::ErrorCode::kBadLength);
  std::vector<uint8_t> odd(31);
  EXPECT_FALSE(Sha256NodeBatch(std::vector<uint8_t>(62), odd).IsOk());
}

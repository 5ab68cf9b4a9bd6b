// tests/filecoin/core/comm_d_test.cpp — zero commitments (spec/vectors.md §6.4, spec/oracles.md §3),
// comm_d of padded pieces and commP of payloads (the data-segment / commp.mjs values).
#include "common/bytes.hpp"
#include "filecoin/core/comm_d.hpp"
#include "filecoin/core/fr32.hpp"
#include "hash/sha256.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace cuzk::filecoin;
using cuzk::test::Bytes;
using cuzk::test::Hex;

namespace {

std::string ZeroHex(size_t level) { return Hex(ZeroCommitment(level).Value()); }

} // namespace

TEST(ZeroCommitment, SpecTable) {
  EXPECT_EQ(ZeroHex(0), std::string(64, '0'));
  EXPECT_EQ(ZeroHex(1).substr(0, 8), "f5a5fd42");
  EXPECT_EQ(ZeroHex(1).substr(58), "59fb0b");
  EXPECT_EQ(ZeroHex(2), "3731bb99ac689f66eef5973e4a94da188f4ddcae580724fc6f3fd60dfd488333");
  EXPECT_EQ(ZeroHex(5), "1f7ac9595510e09ea41c460b176430bb322cd6fb412ec57cb17d989a4310372f");
  EXPECT_EQ(ZeroHex(6), "fc7e928296e516faade986b28f92d44a4f24b935485223376a799027bc18f833");
  EXPECT_EQ(ZeroHex(7), "08c47b38ee13bc43f41b915c0eed9911a26086b3ed62401bf9d58b8d19dff624");
  EXPECT_EQ(ZeroHex(11), "fee378cef16404b199ede0b13e11b624ff9d784fbbed878d83297e795e024f02");
  EXPECT_EQ(ZeroHex(15), "d99887b973573a96e11393645236c17b1f4c7034d723c7a99f709bb4da61162b");
  EXPECT_EQ(ZeroHex(18), "65f29e5d98d246c38b388cfc06db1f6b021303c5a289000bdce832a9c3ec421c");
  EXPECT_EQ(ZeroHex(24), "39560e7b13a93b07a243fd2720ffa7cb3e1d2e505ab3629e79f46313512cda06");
  EXPECT_EQ(ZeroHex(30), "077e5fde35c50a9303a55009e3498a4ebedff39c42b710b730d8ec7ac7afa63e");
  EXPECT_EQ(ZeroHex(31), "e64005a6bfe3777953b8ad6ef93f0fca1049b2041654f2a411f7702799cece02");
  auto bad = ZeroCommitment(kMaxZeroLevel + 1);
  ASSERT_FALSE(bad.HasValue());
  EXPECT_EQ(bad.Code(), cuzk::ErrorCode::kInvalidArgument);
}

TEST(CommD, EmptySectorsAreZeroCommitments) {
  // compute_comm_d(128, []) and compute_comm_d(2048, []); a 1 MiB zero piece
  EXPECT_EQ(Hex(CommD(std::vector<uint8_t>(128)).Value()), ZeroHex(2));
  EXPECT_EQ(Hex(CommD(std::vector<uint8_t>(2048)).Value()),
            "fc7e928296e516faade986b28f92d44a4f24b935485223376a799027bc18f833");
  EXPECT_EQ(Hex(CommD(std::vector<uint8_t>(1 << 20)).Value()),
            "d99887b973573a96e11393645236c17b1f4c7034d723c7a99f709bb4da61162b");
}

TEST(CommD, SmallTreesByHand) {
  std::vector<uint8_t> nodes(64);
  for (size_t i = 0; i < 64; i++) nodes[i] = uint8_t(i & 0x3f);
  cuzk::hash::Digest32 l{}, r{};
  std::copy(nodes.begin(), nodes.begin() + 32, l.begin());
  std::copy(nodes.begin() + 32, nodes.end(), r.begin());
  EXPECT_EQ(CommD(std::span<const uint8_t>(nodes).first(32)).Value(), l); // one node is its own root
  EXPECT_EQ(CommD(nodes).Value(), cuzk::hash::Sha256Node(l, r));
}

TEST(CommD, BadSizesAreErrors) {
  for (size_t n : {0, 31, 33, 96, 160, 1000}) {
    auto r = CommD(std::vector<uint8_t>(n));
    ASSERT_FALSE(r.HasValue()) << n;
    EXPECT_EQ(r.Code(), cuzk::ErrorCode::kBadLength);
  }
}

TEST(CommP, SpecPayloads) {
  auto ff127 = CommP(std::vector<uint8_t>(127, 0xff));
  EXPECT_EQ(Hex(ff127.root), "658bb1213688f453af508ba982f96e6151f0d5ae0b2618c143842abbce923b39");
  EXPECT_EQ(ff127.padded_size, 128u);
  EXPECT_EQ(Hex(CommP(std::vector<uint8_t>(127, 0)).root), ZeroHex(2));
  auto ff1016 = CommP(std::vector<uint8_t>(1016, 0xff));
  EXPECT_EQ(Hex(ff1016.root), "73c44628dc8881ce0c0cf3151243ba4cd307fb676a091e3bd5e494212a66b333");
  EXPECT_EQ(ff1016.padded_size, 1024u);
  auto z2032 = CommP(std::vector<uint8_t>(2032, 0));
  EXPECT_EQ(Hex(z2032.root), "fc7e928296e516faade986b28f92d44a4f24b935485223376a799027bc18f833");
  EXPECT_EQ(z2032.padded_size, 2048u);
  EXPECT_EQ(Hex(CommP(std::vector<uint8_t>(1040384, 0)).root),
            "d99887b973573a96e11393645236c17b1f4c7034d723c7a99f709bb4da61162b");
  // commp.mjs: block i of 32 bytes = sha256("oracle" + i), the stream cut at 2032 bytes
  std::vector<uint8_t> rnd;
  for (size_t i = 0; rnd.size() < 2032; i++) {
    auto d = cuzk::hash::Sha256(Bytes("oracle" + std::to_string(i)));
    rnd.insert(rnd.end(), d.begin(), d.begin() + std::min<size_t>(32, 2032 - rnd.size()));
  }
  EXPECT_EQ(Hex(CommP(rnd).root), "247cbb3cec6e53f2afd1c42f6c926667426f79d99913e1b2c7a189e32df66f32");
}

TEST(CommP, ZeroFillEqualsExplicitPiece) {
  // a 3-chunk payload in a 512-byte piece: the Z_i shortcut equals hashing the zero-filled piece
  std::vector<uint8_t> data(381);
  for (size_t i = 0; i < data.size(); i++) data[i] = uint8_t(i * 7 + 1);
  auto padded = Fr32Pad(data);
  padded.resize(512, 0);
  auto p = CommP(data);
  EXPECT_EQ(p.padded_size, 512u);
  EXPECT_EQ(p.root, CommD(padded).Value());
  // tiny payloads are zero-filled to a 128-byte piece
  EXPECT_EQ(CommP({}).root, ZeroCommitment(2).Value());
  EXPECT_EQ(CommP({}).padded_size, 128u);
}

// tests/filecoin/snap/bincode_fuzz_test.cpp — bounded, seeded fuzzing of every vanilla-proof decoder
// (FallbackPoStSectorProof bincode and JSON, SnapDeals PartitionProof bincode) with truncations at
// every length and random mutations (byte flips, hostile u64 lengths, inserted and deleted bytes).
// The decoders must never crash and must either fail with a clear error, or succeed on input that
// re-encodes to exactly the same bytes (bincode has one encoding per value).
#include "filecoin/post/post_bincode.hpp"
#include "filecoin/snap/snap_bincode.hpp"

#include "filecoin/snap_test_update.hpp"

#include <gtest/gtest.h>

#include <functional>
#include <random>

using namespace cuzk::filecoin;

namespace {

using Decoder = std::function<cuzk::Expected<std::vector<uint8_t>>(std::span<const uint8_t>)>;

struct Stats {
  size_t accepted = 0, rejected = 0;
};

void Check(const Decoder &decode, std::span<const uint8_t> input, Stats &stats) {
  auto r = decode(input);
  if (r.HasValue()) {
    stats.accepted++;
    EXPECT_TRUE(std::equal(r->begin(), r->end(), input.begin(), input.end())) << "accepted input does not re-encode";
    return;
  }
  stats.rejected++;
  const auto code = r.Code();
  EXPECT_TRUE(code == cuzk::ErrorCode::kBadLength || code == cuzk::ErrorCode::kInvalidArgument ||
              code == cuzk::ErrorCode::kNonCanonical);
  EXPECT_FALSE(r.ErrorMessage().empty());
}

std::vector<uint8_t> Mutate(std::vector<uint8_t> b, std::mt19937_64 &rng) {
  if (b.empty()) return b;
  switch (rng() % 5) {
  case 0: // flip a bit
    b[rng() % b.size()] ^= uint8_t(1u << (rng() % 8));
    break;
  case 1: // a random byte
    b[rng() % b.size()] = uint8_t(rng());
    break;
  case 2: { // a hostile u64 (length or index) at a random offset
    const size_t at = rng() % b.size();
    const uint64_t v = (rng() % 2) ? ~uint64_t(0) >> (rng() % 64) : rng() % 300;
    for (size_t i = 0; i < 8 && at + i < b.size(); i++) b[at + i] = uint8_t(v >> (8 * i));
    break;
  }
  case 3: // insert bytes
    b.insert(b.begin() + std::ptrdiff_t(rng() % b.size()), 1 + rng() % 40, uint8_t(rng()));
    break;
  default: { // delete bytes
    const size_t at = rng() % b.size();
    b.erase(b.begin() + std::ptrdiff_t(at), b.begin() + std::ptrdiff_t(std::min(b.size(), at + 1 + rng() % 40)));
  }
  }
  return b;
}

void Fuzz(const Decoder &decode, const std::vector<uint8_t> &valid, size_t truncation_step, size_t mutations,
          uint64_t seed) {
  Stats stats;
  Check(decode, valid, stats);
  ASSERT_EQ(stats.accepted, 1u) << "the valid input must decode";
  for (size_t n = 0; n < valid.size(); n += truncation_step) Check(decode, std::span(valid).subspan(0, n), stats);
  std::mt19937_64 rng(seed);
  for (size_t i = 0; i < mutations; i++) {
    auto m = Mutate(valid, rng);
    if (rng() % 4 == 0) m = Mutate(std::move(m), rng);
    Check(decode, m, stats);
  }
  EXPECT_GT(stats.rejected, mutations / 2);
}

std::vector<FallbackPoStSectorProof> PoStProofs(const PoStConfig &cfg) {
  auto s = cuzk::test::MakeTestSector(77, cfg.SectorNodes(), cfg.tree_shape, 3);
  Digest32 r{};
  r[0] = 5;
  const PoStReplica replicas[] = {s.Replica()};
  return GenerateFallbackVanillaProofs(cfg, r, replicas).Value();
}

Decoder PoStDecoder(const PoStConfig &cfg) {
  return [cfg](std::span<const uint8_t> b) -> cuzk::Expected<std::vector<uint8_t>> {
    auto d = DecodeFallbackPoStSectorProof(b, cfg);
    if (!d) return d.GetError();
    return EncodeFallbackPoStSectorProof(*d);
  };
}

} // namespace

TEST(BincodeFuzz, WindowPoSt2KiB) {
  const auto cfg = PoStConfigFor(RegisteredPoStProof::kWindow2KiBV1_2);
  Fuzz(PoStDecoder(cfg), EncodeFallbackPoStSectorProof(PoStProofs(cfg)[0]), 1, 3000, 1);
}

TEST(BincodeFuzz, WinningPoSt2KiB) {
  const auto cfg = PoStConfigFor(RegisteredPoStProof::kWinning2KiBV1);
  Fuzz(PoStDecoder(cfg), EncodeFallbackPoStSectorProof(PoStProofs(cfg)[0]), 7, 2000, 2);
}

TEST(BincodeFuzz, TopShapedPoSt) {
  PoStConfig cfg = PoStConfigFor(RegisteredPoStProof::kWindow2KiBV1_2);
  cfg.sector_size = 32 << 10;
  cfg.tree_shape = {8, 8, 2};
  Fuzz(PoStDecoder(cfg), EncodeFallbackPoStSectorProof(PoStProofs(cfg)[0]), 3, 2000, 3);
}

TEST(BincodeFuzz, SnapPartitionProof) {
  for (uint64_t nodes : {uint64_t(64), uint64_t(512)}) {
    auto t = cuzk::test::MakeTestUpdate(nodes, 8);
    const auto bytes =
        EncodeSnapPartitionProof(SnapProvePartition(t.config, 0, t.sector.comm_c, *t.sector.tree, t.update).Value());
    const SnapConfig config = t.config;
    Fuzz(
        [config](std::span<const uint8_t> b) -> cuzk::Expected<std::vector<uint8_t>> {
          auto d = DecodeSnapPartitionProof(b, config);
          if (!d) return d.GetError();
          return EncodeSnapPartitionProof(*d);
        },
        bytes, nodes == 64 ? 1 : 11, 2000, 4 + nodes);
  }
}

TEST(BincodeFuzz, PoStJson) {
  const auto cfg = PoStConfigFor(RegisteredPoStProof::kWindow2KiBV1_2);
  const std::string json = FallbackPoStSectorProofToJson(PoStProofs(cfg)[0]);
  std::mt19937_64 rng(9);
  size_t rejected = 0;
  auto check = [&](std::string_view s) {
    auto r = FallbackPoStSectorProofFromJson(s, cfg);
    if (!r.HasValue()) {
      rejected++;
      EXPECT_FALSE(r.ErrorMessage().empty());
    }
  };
  for (size_t n = 0; n < json.size(); n += 5) check(std::string_view(json).substr(0, n));
  static const char ALPHABET[] = "{}[],:\"0123456789-e.x ";
  for (int i = 0; i < 1500; i++) {
    std::string m = json;
    for (int j = 0, n = 1 + int(rng() % 3); j < n; j++) m[rng() % m.size()] = ALPHABET[rng() % (sizeof ALPHABET - 1)];
    check(m);
  }
  EXPECT_GT(rejected, 1000u);
}

// tests/filecoin/porep/sdr_graph_test.cpp — the SDR graph against spec/vectors.md §3: derived seeds and
// Feistel keys, literal parent rows (2KiB ids 0 and 5, 32GiB id 8, 2KiB [123;32]), the
// parent_cache.json digests and file stems for 2KiB (and 8MiB in the long suite), the Feistel
// properties upstream asserts, and the graph invariants (no self-parent, predecessor placement).
#include "filecoin/porep/parents_cache.hpp"
#include "filecoin/porep/sdr_graph.hpp"

#include "common/bytes.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <vector>

using namespace cuzk::filecoin;
using cuzk::test::Hex;

namespace {

using Row = std::vector<uint32_t>;

Row ParentsOf(const SdrGraph &g, uint64_t v) {
  Row r(GRAPH_PARENTS);
  g.Parents(v, std::span<uint32_t, GRAPH_PARENTS>(r.data(), GRAPH_PARENTS));
  return r;
}

SdrGraph GraphFor(RegisteredSealProof p) {
  const SealProofInfo &info = GetSealProofInfo(p);
  return SdrGraph::Create(info.sector_size / 32, PorepIdOf(p), info.api_version).Value();
}

PorepId Filled(uint8_t b) {
  PorepId id;
  id.fill(b);
  return id;
}

} // namespace

TEST(SdrGraph, DerivedSeedAndKeysOf32GiBV1_1) {
  const PorepId id = PorepIdOf(RegisteredSealProof::kStackedDrg32GiBV1_1);
  const DrgSeed seed = DeriveDrgSeed(id);
  EXPECT_EQ(Hex(seed), "ba0350183955dc9f07e73503f5c63ff1bd9c22501363983de241f74a");
  const FeistelKeys k = DeriveFeistelKeys(id);
  EXPECT_EQ(k[0], 0x35a20d6c881b3e73u);
  EXPECT_EQ(k[1], 0x11063648dc13a120u);
  EXPECT_EQ(k[2], 0xa8c1ad029b31fcb5u);
  EXPECT_EQ(k[3], 0xd299d840a5770469u);
}

TEST(SdrGraph, ParentRowsOf2KiB) {
  const SdrGraph g5 = GraphFor(RegisteredSealProof::kStackedDrg2KiBV1_1);
  EXPECT_EQ(ParentsOf(g5, 0), (Row{0, 0, 0, 0, 0, 0, 4, 9, 60, 1, 14, 26, 26, 4}));
  EXPECT_EQ(ParentsOf(g5, 1), (Row{0, 0, 0, 0, 0, 0, 6, 12, 35, 43, 23, 34, 58, 2}));
  EXPECT_EQ(ParentsOf(g5, 2), (Row{1, 1, 1, 0, 1, 0, 30, 28, 55, 63, 63, 36, 37, 36}));
  EXPECT_EQ(ParentsOf(g5, 3), (Row{2, 1, 1, 2, 2, 2, 10, 46, 59, 7, 43, 29, 9, 16}));
  EXPECT_EQ(ParentsOf(g5, 63), (Row{62, 15, 42, 62, 61, 62, 0, 15, 30, 30, 28, 42, 49, 38}));
  const SdrGraph g0 = GraphFor(RegisteredSealProof::kStackedDrg2KiBV1);
  EXPECT_EQ(ParentsOf(g0, 2), (Row{0, 1, 1, 1, 1, 1, 32, 49, 26, 57, 3, 4, 47, 63}));
  EXPECT_EQ(ParentsOf(g0, 63), (Row{62, 61, 56, 62, 37, 62, 49, 37, 35, 41, 52, 50, 54, 5}));
  const SdrGraph g123 = SdrGraph::Create(64, Filled(123), ApiVersion::kV1_1_0).Value();
  EXPECT_EQ(ParentsOf(g123, 1), (Row{0, 0, 0, 0, 0, 0, 52, 34, 12, 45, 8, 7, 22, 58}));
  EXPECT_EQ(ParentsOf(g123, 63), (Row{62, 57, 62, 62, 62, 62, 31, 15, 13, 57, 51, 10, 4, 11}));
}

TEST(SdrGraph, ParentRowsOf32GiB) {
  const SdrGraph g = GraphFor(RegisteredSealProof::kStackedDrg32GiBV1_1);
  EXPECT_EQ(ParentsOf(g, 2), (Row{1, 1, 0, 1, 0, 0, 694934376, 792214855, 560882435, 923855168, 468160064, 444658509,
                                  700174899, 650486437}));
  EXPECT_EQ(ParentsOf(g, 1000000), (Row{999999, 728553, 970851, 951019, 995617, 999435, 89708585, 9031128, 72417564,
                                        743307104, 529092067, 472410944, 699455360, 465952275}));
}

TEST(SdrGraph, HighParentBitsOf64GiB) {
  // graph.rs test_high_parent_bits: 2^31 nodes, porep_id 5u64 LE, V1_2_0 reaches parents ≥ 2^29;
  // node 0 already does.
  const SdrGraph g =
      SdrGraph::Create(uint64_t(1) << 31, PorepIdOf(RegisteredSealProof(5)), ApiVersion::kV1_2_0).Value();
  EXPECT_EQ(ParentsOf(g, 0)[DRG_PARENTS], 963995461u);
}

TEST(SdrGraph, LegacyExpanderParentsStayBelowHalfOf32And64GiB) {
  // graph.rs test_graph_distribution_pathology: V1_0_0's u32 truncation keeps every expander
  // parent of nodes 0..999 below N/2 for 32GiB and 64GiB; V1_1_0 does not.
  for (uint64_t id : {3u, 4u}) {
    const uint64_t nodes = (id == 3 ? SECTOR_SIZE_32GIB : SECTOR_SIZE_64GIB) / 32;
    const SdrGraph legacy = SdrGraph::Create(nodes, PorepIdOf(RegisteredSealProof(id)), ApiVersion::kV1_0_0).Value();
    const SdrGraph fixed = SdrGraph::Create(nodes, PorepIdOf(RegisteredSealProof(id + 5)), ApiVersion::kV1_1_0).Value();
    bool legacy_high = false, fixed_high = false;
    for (uint64_t v = 0; v < 1000; v++) {
      uint32_t e[EXPANDER_PARENTS];
      legacy.ExpanderParents(v, e);
      for (uint32_t p : e) legacy_high |= p >= nodes / 2;
      fixed.ExpanderParents(v, e);
      for (uint32_t p : e) fixed_high |= p >= nodes / 2;
    }
    EXPECT_FALSE(legacy_high) << "id " << id;
    EXPECT_TRUE(fixed_high) << "id " << id + 5;
  }
}

TEST(SdrGraph, GraphInvariants) {
  for (ApiVersion api : {ApiVersion::kV1_0_0, ApiVersion::kV1_1_0, ApiVersion::kV1_2_0}) {
    for (uint64_t nodes : {4u, 16u, 256u, 2048u}) {
      const SdrGraph g = SdrGraph::Create(nodes, Filled(7), api).Value();
      for (uint64_t v = 0; v < nodes; v++) {
        const Row r = ParentsOf(g, v);
        for (size_t i = 0; i < GRAPH_PARENTS; i++) EXPECT_LT(r[i], nodes);
        if (v < 2) {
          for (size_t i = 0; i < DRG_PARENTS; i++) EXPECT_EQ(r[i], 0u);
          continue;
        }
        for (size_t i = 0; i < DRG_PARENTS; i++) EXPECT_LT(r[i], v) << "node " << v;
        EXPECT_EQ(r[api == ApiVersion::kV1_0_0 ? DRG_PARENTS - 1 : 0], v - 1);
      }
    }
  }
  EXPECT_FALSE(SdrGraph::Create(1, Filled(0), ApiVersion::kV1_1_0).HasValue());
}

TEST(Feistel, BijectionsWithAndWithoutCycleWalking) {
  // feistel.rs tests with keys [1,2,3,4]: encode/decode is a bijection for powers of four;
  // permute/invert_permute round-trip for every domain.
  const FeistelKeys keys = {1, 2, 3, 4};
  for (uint64_t n : {4u, 16u, 64u, 256u, 5u, 6u, 8u, 12u, 17u}) {
    const FeistelPermutation f(n, keys);
    std::vector<bool> seen(n);
    for (uint64_t x = 0; x < n; x++) {
      const uint64_t y = f.Permute(x);
      ASSERT_LT(y, n);
      EXPECT_FALSE(seen[y]);
      seen[y] = true;
      EXPECT_EQ(f.InvertPermute(y), x);
    }
  }
  for (uint64_t n : {4u, 16u, 64u, 256u}) {
    const FeistelPermutation f(n, keys);
    for (uint64_t x = 0; x < n; x++) {
      EXPECT_LT(f.Encode(x), n);
      EXPECT_EQ(f.Decode(f.Encode(x)), x);
    }
  }
  // for non-powers of four a single pass leaves the domain for some x
  for (uint64_t n : {5u, 6u, 8u, 12u, 17u}) {
    const FeistelPermutation f(n, keys);
    bool escaped = false;
    for (uint64_t x = 0; x < n; x++) escaped |= f.Encode(x) >= n;
    EXPECT_TRUE(escaped) << n;
  }
}

TEST(ParentsCache, DigestsOf2KiBMatchParentCacheJson) {
  struct Case {
    RegisteredSealProof proof;
    const char *stem_prefix;
    const char *digest;
  };
  const Case cases[] = {
      {RegisteredSealProof::kStackedDrg2KiBV1, "3f0eef38bb48af1f",
       "3da49221e2ed55371b86d0bf3d6526fcf128af61bed904f966428db1b531750d"},
      {RegisteredSealProof::kStackedDrg2KiBV1_1, "494d91dc80f2df52",
       "840057702eea7652cf97e04306c30fe57174714d90de156a25eddd6075c25b97"},
      {RegisteredSealProof::kStackedDrg2KiBV1_1_Feat_SyntheticPoRep, "",
       "0c9ac05c2f3221deff12ab7b098acc90d974c3db61925b8429537e06c6062621"},
      {RegisteredSealProof::kStackedDrg2KiBV1_2_Feat_NonInteractivePoRep, "",
       "3f5bf8010fc1cefce85a00045fad10a7abe09ab9e97d5ad9d1a08ff834ac5590"},
  };
  for (const Case &c : cases) {
    const SdrGraph g = GraphFor(c.proof);
    const ParentsCache cache = ParentsCache::Build(g);
    EXPECT_EQ(Hex(cache.Sha256Digest()), c.digest) << GetSealProofInfo(c.proof).name;
    EXPECT_EQ(ParentsCacheFileStem(g).rfind(std::string("v28-sdr-parent-") + c.stem_prefix, 0), 0u)
        << ParentsCacheFileStem(g);
  }
}

TEST(ParentsCache, StemsOfEveryPublishedSize) {
  // the stem needs only the graph's identity, so every size is cheap
  const std::pair<RegisteredSealProof, const char *> stems[] = {
      {RegisteredSealProof::kStackedDrg8MiBV1, "dcdabb0fbe4364bf"},
      {RegisteredSealProof::kStackedDrg8MiBV1_1, "5eed212119fd91aa"},
      {RegisteredSealProof::kStackedDrg512MiBV1, "2aa9c77c3e582594"},
      {RegisteredSealProof::kStackedDrg512MiBV1_1, "7ba215a1d2345774"},
      {RegisteredSealProof::kStackedDrg32GiBV1, "e1fa5d5b811ddbd1"},
      {RegisteredSealProof::kStackedDrg32GiBV1_1, "21981246c370f9d7"},
      {RegisteredSealProof::kStackedDrg64GiBV1, "8a99e8d6b6be7ab8"},
      {RegisteredSealProof::kStackedDrg64GiBV1_1, "4905486b7af19558"},
  };
  for (const auto &[proof, prefix] : stems)
    EXPECT_EQ(ParentsCacheFileStem(GraphFor(proof)).substr(15, 16), prefix) << GetSealProofInfo(proof).name;
}

TEST(ParentsCache, SaveLoadRoundTripAndRejectsWrongSize) {
  const SdrGraph g = GraphFor(RegisteredSealProof::kStackedDrg2KiBV1_1);
  const ParentsCache cache = ParentsCache::Build(g);
  const auto dir = std::filesystem::temp_directory_path() / ("cuzk_parents_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const auto file = dir / (ParentsCacheFileStem(g) + ".cache");
  ASSERT_TRUE(cache.Save(file).IsOk());
  auto loaded = ParentsCache::Load(file, g.Nodes());
  ASSERT_TRUE(loaded.HasValue()) << loaded.ErrorMessage();
  EXPECT_EQ(loaded->Sha256Digest(), cache.Sha256Digest());
  EXPECT_FALSE(ParentsCache::Load(file, g.Nodes() * 2).HasValue());
  EXPECT_FALSE(ParentsCache::Load(dir / "missing", g.Nodes()).HasValue());
  std::filesystem::remove_all(dir);
}

// tests/filecoin/porep/parents_cache_8mib_test.cpp — the 8MiB parents caches (2^18 nodes, 2 M Feistel
// permutations each) against parent_cache.json (spec/vectors.md §3); ~0.3 s with the round table.
#include "filecoin/porep/parents_cache.hpp"

#include "common/bytes.hpp"

#include <gtest/gtest.h>

using namespace cuzk::filecoin;
using cuzk::test::Hex;

TEST(ParentsCache8MiB, DigestsOf8MiBMatchParentCacheJson) {
  const std::pair<RegisteredSealProof, const char *> cases[] = {
      {RegisteredSealProof::kStackedDrg8MiBV1, "a76604f2f59f2744c7151653bbb1d8596b6b57d295e6fa6c1f0c41d725b502ce"},
      {RegisteredSealProof::kStackedDrg8MiBV1_1, "03cd13565ded97c240a5f52e54295ad127bd0461b57904cb3a4d79b097bbecab"},
  };
  for (const auto &[proof, digest] : cases) {
    const SealProofInfo &info = GetSealProofInfo(proof);
    const SdrGraph g = SdrGraph::Create(info.sector_size / 32, PorepIdOf(proof), info.api_version).Value();
    EXPECT_EQ(Hex(ParentsCache::Build(g).Sha256Digest()), digest) << info.name;
  }
}

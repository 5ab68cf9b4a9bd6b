// src/filecoin/testing/virtual_post.cpp — a virtual PoSt sector is its challenges' leaves in a sparse
// tree_r_last; the sectors are independent, so they are built in parallel (a 32GiB WindowPoSt
// partition is 2349 trees of 10 paths of 10 levels).
#include "filecoin/testing/virtual_post.hpp"

#include "hash/chacha.hpp"
#include "hash/poseidon.hpp"

#include <tbb/parallel_for.h>

#include <array>
#include <map>
#include <optional>

namespace cuzk::filecoin {
hash::ChaCha20Rng VirtualRng(uint64_t seed, uint64_t stream) {
  std::array<uint8_t, 32> key{};
  for (size_t b = 0; b < 8; b++) key[b] = uint8_t(seed >> (8 * b));
  auto rng = hash::ChaCha20Rng::FromSeed(key);
  rng.SetStream(stream);
  return rng;
}

//! 32 bytes with the top two bits cleared, redrawn while ≥ r (under 1.2 draws expected).
ff::Fr VirtualFr(hash::ChaCha20Rng &rng) {
  for (;;) {
    Digest32 bytes{};
    rng.FillBytes(bytes);
    bytes[31] &= 0x3f;
    if (auto v = hash::FrFromBytesLE(bytes)) return *v;
  }
}

PoStPublicSector VirtualPoStSector::Public() const { return {sector_id, hash::FrToBytesLE(comm_r)}; }

PoStReplica VirtualPoStSector::Replica() const { return {sector_id, nullptr, comm_c, &tree_r_last}; }

Expected<std::vector<VirtualPoStSector>> VirtualPoStSectors(const PoStConfig &config, const Digest32 &randomness,
                                                            std::span<const uint64_t> sector_ids, uint64_t seed) {
  auto challenges = FallbackSectorChallenges(config, randomness, sector_ids);
  if (!challenges) return challenges.GetError();
  std::vector<std::optional<VirtualPoStSector>> built(sector_ids.size());
  std::vector<std::optional<Error>> errors(sector_ids.size());
  tbb::parallel_for(size_t(0), sector_ids.size(), [&](size_t i) {
    // Each sector draws from its own stream (seed, sector position), so the result does not depend
    // on the order the sectors are built in.
    hash::ChaCha20Rng rng = VirtualRng(seed, i);
    const ff::Fr default_leaf = VirtualFr(rng);
    const ff::Fr comm_c = VirtualFr(rng);
    std::map<uint64_t, ff::Fr> leaves;
    for (uint64_t c : (*challenges)[i]) leaves.emplace(c, VirtualFr(rng)); // a leaf challenged twice keeps one value
    auto tree = SparsePoseidonTree::Build(config.tree_shape, config.SectorNodes(), default_leaf, leaves);
    if (!tree) {
      errors[i] = tree.GetError();
      return;
    }
    const ff::Fr comm_r = PoStCommR(comm_c, tree->Root());
    built[i] = VirtualPoStSector{sector_ids[i], comm_c, std::move(tree).Value(), comm_r, leaves.size()};
  });
  std::vector<VirtualPoStSector> out;
  out.reserve(sector_ids.size());
  for (size_t i = 0; i < sector_ids.size(); i++) {
    if (errors[i]) return *errors[i];
    out.push_back(std::move(*built[i]));
  }
  return out;
}

} // namespace cuzk::filecoin

// src/filecoin/testing/virtual_post.hpp — virtual sectors for WindowPoSt and WinningPoSt at the
// production sizes (issue 6): how we prove and check a 32GiB partition (2349 sectors) without
// sealing 2349 × 32GiB.
//
// A PoSt proof opens only the challenged leaves of each sector's tree_r_last, and the challenges
// depend on the randomness and the sector ids alone, never on the trees. So a virtual sector's
// tree_r_last is a SparsePoseidonTree of the real shape in which exactly the leaves that will be
// challenged hold (seeded, random) replica values and every other leaf one default value — what a
// verifier sees of it is indistinguishable from a sealed sector's. comm_c is random and
// comm_r = Poseidon(comm_c, comm_r_last), as for a sealed sector.
#pragma once
#include "base/expected.hpp"
#include "filecoin/core/post_config.hpp"
#include "filecoin/merkle/sparse_poseidon_tree.hpp"
#include "filecoin/post/post_challenges.hpp"
#include "filecoin/post/post_vanilla.hpp"
#include "hash/chacha.hpp"

#include <cstdint>
#include <span>
#include <vector>

namespace cuzk::filecoin {

//! The seeded streams virtual sectors draw from: ChaCha20 keyed by the u64 seed (LE, zero padded),
//! one stream per use; VirtualFr draws a uniform field element (32 bytes, top two bits cleared,
//! redrawn while ≥ r). Shared with filecoin/testing/virtual_snap.hpp.
hash::ChaCha20Rng VirtualRng(uint64_t seed, uint64_t stream);
ff::Fr VirtualFr(hash::ChaCha20Rng &rng);

struct VirtualPoStSector {
  uint64_t sector_id = 0;
  ff::Fr comm_c;
  SparsePoseidonTree tree_r_last;
  ff::Fr comm_r; //!< H(comm_c, tree_r_last root)
  size_t real_leaves = 0;

  PoStPublicSector Public() const;
  //! Borrows tree_r_last: valid while this sector lives.
  PoStReplica Replica() const;
};

//! One virtual sector per id, in order, for `config`'s sector size and tree shape: the leaves that
//! FallbackSectorChallenges(config, randomness, sector_ids) challenges hold values drawn from
//! `seed`, the rest one default value (also drawn from it); each sector has its own comm_c and tree.
//! Errors of FallbackSectorChallenges (bad randomness, empty list, winning with more than one id).
Expected<std::vector<VirtualPoStSector>> VirtualPoStSectors(const PoStConfig &config, const Digest32 &randomness,
                                                            std::span<const uint64_t> sector_ids, uint64_t seed);

} // namespace cuzk::filecoin

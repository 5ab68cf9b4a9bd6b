// src/filecoin/virtual_snap.hpp — a virtual SnapDeals update at any sector size (issue 6): the
// sector key, the new data and the new replica as sparse trees, so a 32GiB partition proof and
// its circuit can be checked without 3 × 32GiB of data.
//
// Unlike PoSt, SnapDeals challenges come from comm_r_new, the root of the very tree whose leaves
// would have to be placed at them, so "real leaves exactly where challenged" has no fixed point
// (the same reason filecoin/virtual_sector.hpp leaves out synthetic PoRep). Instead the update is
// valid at EVERY node: the sector key is one default value k0 except at `real_leaves` seeded nodes
// spread over the partitions, the new data is zero except at those nodes (seeded, canonical), and
// the new replica is key + data·rho at every node — k0 wherever the data is zero. tree_r_old
// (key), tree_d (data, SHA-256) and tree_r_new (replica) are sparse trees with the real shapes,
// so any challenge, in any partition, opens a correctly encoded node; the vanilla proof is the one
// SnapProvePartition would give for the same data, and SnapVerifyPartition accepts it.
#pragma once
#include "filecoin/snap_config.hpp"
#include "filecoin/snap_vanilla.hpp"
#include "filecoin/sparse_poseidon_tree.hpp"
#include "filecoin/sparse_sha_tree.hpp"
#include "hash/result.hpp"

#include <cstddef>
#include <cstdint>

namespace cuzk::filecoin {

struct VirtualSnapUpdate {
  SnapConfig config;
  ff::Fr comm_c;
  SparsePoseidonTree tree_r_old; //!< tree_r_last of the sector key
  SparseShaTree tree_d;          //!< over the new data; its root is comm_d_new
  SparsePoseidonTree tree_r_new; //!< tree_r_last of the new replica
  ff::Fr comm_r_old;             //!< H(comm_c, tree_r_old root)
  ff::Fr comm_r_new;             //!< H(comm_c, tree_r_new root)
  Digest32 comm_d_new{};
  ff::Fr phi;

  //! The vanilla public inputs of partition k (h = config.h).
  SnapPublicInputs PublicInputs(size_t k) const;
};

//! A virtual update of `config`'s size with `real_leaves` nodes of non-zero data (distinct, drawn
//! from `seed`, the i-th in partition i mod partition_count). kBadArgument when real_leaves exceeds
//! the node count; tree errors as SparsePoseidonTree::Build.
hash::Result<VirtualSnapUpdate> VirtualSnapUpdateSector(const SnapConfig &config, uint64_t seed, size_t real_leaves);

//! SnapProvePartition over the sparse trees: partition k's apex leaves and, per challenge, the
//! three inclusion proofs (each checked). kBadArgument for k out of range.
hash::Result<SnapPartitionProof> VirtualSnapProvePartition(const VirtualSnapUpdate &update, size_t k);

} // namespace cuzk::filecoin

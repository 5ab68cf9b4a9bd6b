// src/filecoin/testing/virtual_snap.hpp — a virtual SnapDeals update at any sector size (issue 6): the
// sector key, the new data and the new replica as sparse trees, so a 32GiB partition proof and
// its circuit can be checked without 3 × 32GiB of data.
//
// Unlike PoSt, SnapDeals challenges come from comm_r_new, the root of the very tree whose leaves
// would have to be placed at them, so "real leaves exactly where challenged" has no fixed point
// (the same reason filecoin/testing/virtual_sector.hpp leaves out synthetic PoRep). Instead the update is
// real at EVERY node: the sector key is one value k0 and the new data one non-zero value d0
// except at `real_leaves` seeded nodes spread over the partitions (their own key and data), and
// the new replica is key + data·rho at every node. rho only changes with a node's top h bits, so
// the replica is k0 + d0·rho(high) on each of the 2^h blocks of nodes (filecoin/
// block_poseidon_tree.hpp); there is no cycle: rho depends on phi = H(comm_d_new, comm_r_old),
// the roots of the key and data trees. Any challenge in any partition thus opens a node whose
// encoding the circuit checks with non-zero data; the vanilla proof is the one SnapProvePartition
// gives for the same key and data, and SnapVerifyPartition accepts it.
#pragma once
#include "base/expected.hpp"
#include "filecoin/core/snap_config.hpp"
#include "filecoin/merkle/block_poseidon_tree.hpp"
#include "filecoin/merkle/sparse_poseidon_tree.hpp"
#include "filecoin/merkle/sparse_sha_tree.hpp"
#include "filecoin/snap/snap_vanilla.hpp"

#include <cstddef>
#include <cstdint>

namespace cuzk::filecoin {

struct VirtualSnapUpdate {
  SnapConfig config;
  ff::Fr comm_c;
  SparsePoseidonTree tree_r_old; //!< tree_r_last of the sector key
  SparseShaTree tree_d;          //!< over the new data; its root is comm_d_new
  BlockPoseidonTree tree_r_new;  //!< tree_r_last of the new replica
  ff::Fr comm_r_old;             //!< H(comm_c, tree_r_old root)
  ff::Fr comm_r_new;             //!< H(comm_c, tree_r_new root)
  Digest32 comm_d_new{};
  ff::Fr phi;
  ff::Fr key_default;  //!< k0
  ff::Fr data_default; //!< d0 (fr32: below 2^254)

  //! The vanilla public inputs of partition k (h = config.h).
  SnapPublicInputs PublicInputs(size_t k) const;
};

//! A virtual update of `config`'s size with `real_leaves` nodes of their own key and data (distinct,
//! drawn from `seed`, the i-th in partition i mod partition_count). kInvalidArgument when real_leaves exceeds
//! the node count; tree errors as SparsePoseidonTree::Build.
Expected<VirtualSnapUpdate> VirtualSnapUpdateSector(const SnapConfig &config, uint64_t seed, size_t real_leaves);

//! SnapProvePartition over the sparse trees: partition k's apex leaves and, per challenge, the
//! three inclusion proofs (each checked). kInvalidArgument for k out of range.
Expected<SnapPartitionProof> VirtualSnapProvePartition(const VirtualSnapUpdate &update, size_t k);

} // namespace cuzk::filecoin

// src/filecoin/testing/virtual_snap.cpp — the three trees of a virtual update are built from one map of
// real nodes (key, data); every other node is (k0, d0) and encodes to k0 + d0·rho of its block.
#include "filecoin/testing/virtual_snap.hpp"

#include "filecoin/merkle/merkle_proof_ops.hpp"
#include "filecoin/post/post_vanilla.hpp"
#include "filecoin/snap/snap_challenges.hpp"
#include "filecoin/snap/snap_encoding.hpp"
#include "filecoin/testing/virtual_post.hpp"
#include "hash/poseidon.hpp"

#include <map>
#include <string>

namespace cuzk::filecoin {
namespace {} // namespace

SnapPublicInputs VirtualSnapUpdate::PublicInputs(size_t k) const {
  return {k, hash::FrToBytesLE(comm_r_old), comm_d_new, hash::FrToBytesLE(comm_r_new), config.h};
}

Expected<VirtualSnapUpdate> VirtualSnapUpdateSector(const SnapConfig &config, uint64_t seed, size_t real_leaves) {
  if (real_leaves > config.sector_nodes)
    return InvalidArgument("virtual SnapDeals update: " + std::to_string(real_leaves) + " real leaves > " +
                           std::to_string(config.sector_nodes) + " nodes");
  hash::ChaCha20Rng rng = VirtualRng(seed, 0);
  const ff::Fr key_default = VirtualFr(rng);
  const ff::Fr comm_c = VirtualFr(rng);
  const ff::Fr data_default = VirtualFr(rng);
  const uint64_t per_partition = config.sector_nodes / config.partition_count;
  std::map<uint64_t, std::pair<ff::Fr, ff::Fr>> real; // node → (key, data)
  while (real.size() < real_leaves) {
    const uint64_t partition = real.size() % config.partition_count;
    const uint64_t node = partition * per_partition + rng.NextU64() % per_partition;
    if (real.count(node)) continue;
    const ff::Fr key = VirtualFr(rng);
    real.emplace(node, std::make_pair(key, VirtualFr(rng)));
  }

  std::map<uint64_t, ff::Fr> keys;
  std::map<uint64_t, Digest32> data;
  for (const auto &[node, kd] : real) {
    keys.emplace(node, kd.first);
    data.emplace(node, hash::FrToBytesLE(kd.second));
  }
  auto tree_r_old = SparsePoseidonTree::Build(config.tree_r_shape, config.sector_nodes, key_default, keys);
  if (!tree_r_old) return tree_r_old.GetError();
  auto tree_d = SparseShaTree::Build(config.sector_nodes, hash::FrToBytesLE(data_default), data);
  if (!tree_d) return tree_d.GetError();
  const ff::Fr comm_r_old = PoStCommR(comm_c, tree_r_old->Root());
  auto phi = SnapPhi(tree_d->Root(), comm_r_old);
  if (!phi) return phi.GetError();
  std::map<uint64_t, ff::Fr> replica;
  for (const auto &[node, kd] : real) replica.emplace(node, kd.first + kd.second * SnapRhoOfNode(config, *phi, node));
  std::vector<ff::Fr> blocks = SnapRhos(*phi, config.h);
  for (ff::Fr &b : blocks) b = key_default + data_default * b;
  auto tree_r_new = BlockPoseidonTree::Build(config.tree_r_shape, config.sector_nodes, blocks, replica);
  if (!tree_r_new) return tree_r_new.GetError();
  const ff::Fr comm_r_new = PoStCommR(comm_c, tree_r_new->Root());
  const Digest32 comm_d_new = tree_d->Root();
  return VirtualSnapUpdate{config,
                           comm_c,
                           std::move(tree_r_old).Value(),
                           std::move(tree_d).Value(),
                           std::move(tree_r_new).Value(),
                           comm_r_old,
                           comm_r_new,
                           comm_d_new,
                           *phi,
                           key_default,
                           data_default};
}

Expected<SnapPartitionProof> VirtualSnapProvePartition(const VirtualSnapUpdate &u, size_t k) {
  const SnapConfig &config = u.config;
  if (k >= config.partition_count)
    return InvalidArgument("virtual SnapDeals: partition " + std::to_string(k) + " ≥ " +
                           std::to_string(config.partition_count));
  auto shape = PoseidonProofShape(config.tree_r_shape, config.sector_nodes);
  if (!shape) return shape.GetError();
  SnapPartitionProof out;
  out.comm_c = hash::FrToBytesLE(u.comm_c);
  const size_t height = config.ApexLeafHeight();
  for (size_t j = 0; j < config.apex_leaf_count; j++)
    out.apex_leafs.push_back(u.tree_d.Node(height, uint64_t(k) * config.apex_leaf_count + j));
  auto challenges = SnapChallenges(config, u.comm_r_new, k);
  if (!challenges) return challenges.GetError();
  for (uint64_t c : *challenges) {
    const std::string where = "virtual SnapDeals proof of node " + std::to_string(c) + ": ";
    auto r_old = u.tree_r_old.Prove(c);
    auto r_new = u.tree_r_new.Prove(c);
    auto d_new = u.tree_d.Prove(c);
    if (!r_old || !r_new || !d_new) return InvalidArgument(where + "challenge out of range");
    SnapChallengeProof cp{ToMerkleProof(*r_old, u.tree_r_old.Root(), shape->kind),
                          ToMerkleProof(*d_new, u.tree_d.Root()),
                          ToMerkleProof(*r_new, u.tree_r_new.Root(), shape->kind)};
    if (!VerifyPoseidonMerkleProof(cp.proof_r_old).IsOk() || !VerifyShaMerkleProof(cp.proof_d_new).IsOk() ||
        !VerifyPoseidonMerkleProof(cp.proof_r_new).IsOk())
      return InvalidArgument(where + "a generated inclusion proof does not verify");
    out.challenge_proofs.push_back(std::move(cp));
  }
  return out;
}

} // namespace cuzk::filecoin

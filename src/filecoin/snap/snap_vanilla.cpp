// src/filecoin/snap/snap_vanilla.cpp — apex leaves are recomputed from tree_d proofs: the node at height
// H above leaf (j << H) is the fold of that leaf's first H siblings (the leaf is leftmost in its
// subtree, so every sibling is on the right).
#include "filecoin/snap/snap_vanilla.hpp"

#include "filecoin/core/comm_r.hpp"
#include "filecoin/snap/snap_challenges.hpp"
#include "filecoin/snap/snap_encoding.hpp"
#include "hash/poseidon.hpp"

#include <algorithm>
#include <string>

namespace cuzk::filecoin {

namespace {

Status CheckTree(const SnapConfig &config, const PoseidonTree &tree, const char *what) {
  auto arities = TreeLevelArities(config.tree_r_shape, config.sector_nodes);
  if (!arities) return arities.GetError();
  if (tree.LeafCount() != config.sector_nodes || tree.Arities() != *arities)
    return InvalidArgument(std::string("SnapDeals: ") + what + " does not have the sector's size and shape");
  return Status::Ok();
}

} // namespace

Expected<SnapUpdate> SnapUpdateSector(const SnapConfig &config, std::span<const ff::Fr> sector_key,
                                      const PoseidonTree &tree_r_old, const ff::Fr &comm_c,
                                      std::span<const uint8_t> data) {
  if (auto s = CheckTree(config, tree_r_old, "tree_r_old"); !s) return s.GetError();
  if (data.size() != config.sector_nodes * 32)
    return MakeError(ErrorCode::kBadLength, "SnapDeals: data of " + std::to_string(data.size()) +
                                                " bytes for a sector of " + std::to_string(config.sector_nodes * 32));
  auto nodes = NodesFromBytes(data);
  if (!nodes) return nodes.GetError();
  auto tree_d = ShaTree::Build(data);
  if (!tree_d) return tree_d.GetError();
  const ff::Fr comm_r_old = PoStCommR(comm_c, tree_r_old.Root());
  auto phi = SnapPhi(tree_d->Root(), comm_r_old);
  if (!phi) return phi.GetError();
  auto replica = SnapEncode(config, sector_key, *nodes, *phi);
  if (!replica) return replica.GetError();
  auto tree_r_new = PoseidonTree::Build(config.tree_r_shape, *replica);
  if (!tree_r_new) return tree_r_new.GetError();
  SnapUpdate u{std::move(replica).Value(),
               std::move(tree_r_new).Value(),
               std::move(tree_d).Value(),
               comm_r_old,
               ff::Fr::Zero(),
               {},
               *phi};
  u.comm_r_new = PoStCommR(comm_c, u.tree_r_new.Root());
  u.comm_d_new = u.tree_d.Root();
  return u;
}

Expected<std::vector<uint8_t>> SnapDecodeSector(const SnapConfig &config, std::span<const ff::Fr> replica,
                                                std::span<const ff::Fr> sector_key, const Digest32 &comm_d_new,
                                                const ff::Fr &comm_r_old) {
  auto phi = SnapPhi(comm_d_new, comm_r_old);
  if (!phi) return phi.GetError();
  auto data = SnapDecode(config, replica, sector_key, *phi);
  if (!data) return data.GetError();
  return NodesToBytes(*data);
}

SnapPublicInputs SnapPublicInputsOf(const SnapConfig &config, const SnapUpdate &update, size_t k) {
  return {k, hash::FrToBytesLE(update.comm_r_old), update.comm_d_new, hash::FrToBytesLE(update.comm_r_new), config.h};
}

Expected<SnapPartitionProof> SnapProvePartition(const SnapConfig &config, size_t k, const ff::Fr &comm_c,
                                                const PoseidonTree &tree_r_old, const SnapUpdate &update) {
  if (k >= config.partition_count)
    return InvalidArgument("SnapDeals: partition " + std::to_string(k) + " ≥ " +
                           std::to_string(config.partition_count));
  if (auto s = CheckTree(config, tree_r_old, "tree_r_old"); !s) return s.GetError();
  if (auto s = CheckTree(config, update.tree_r_new, "tree_r_new"); !s) return s.GetError();
  if (update.tree_d.LeafCount() != config.sector_nodes) return InvalidArgument("SnapDeals: tree_d has the wrong size");
  const auto shape = PoseidonProofShape(config.tree_r_shape, config.sector_nodes).Value(); // checked by CheckTree
  SnapPartitionProof out;
  out.comm_c = hash::FrToBytesLE(comm_c);
  const size_t height = config.ApexLeafHeight();
  for (size_t j = 0; j < config.apex_leaf_count; j++) {
    auto p = update.tree_d.Prove((uint64_t(k) * config.apex_leaf_count + j) << height);
    if (!p) return p.GetError();
    Digest32 node = p->leaf;
    for (size_t l = 0; l < height; l++) node = hash::Sha256Node(node, p->siblings[l]);
    out.apex_leafs.push_back(node);
  }
  auto challenges = SnapChallenges(config, update.comm_r_new, k);
  if (!challenges) return challenges.GetError();
  for (uint64_t c : *challenges) {
    const std::string where = "SnapDeals proof of node " + std::to_string(c) + ": ";
    auto r_old = tree_r_old.Prove(c);
    auto r_new = update.tree_r_new.Prove(c);
    auto d_new = update.tree_d.Prove(c);
    if (!r_old || !r_new || !d_new) return InvalidArgument(where + "challenge out of range");
    SnapChallengeProof cp{ToMerkleProof(*r_old, tree_r_old.Root(), shape.kind),
                          ToMerkleProof(*d_new, update.tree_d.Root()),
                          ToMerkleProof(*r_new, update.tree_r_new.Root(), shape.kind)};
    if (!VerifyPoseidonMerkleProof(cp.proof_r_old).IsOk() || !VerifyShaMerkleProof(cp.proof_d_new).IsOk() ||
        !VerifyPoseidonMerkleProof(cp.proof_r_new).IsOk())
      return InvalidArgument(where + "a generated inclusion proof does not verify");
    out.challenge_proofs.push_back(std::move(cp));
  }
  return out;
}

Status SnapVerifyPartition(const SnapConfig &config, const SnapPublicInputs &inputs, const SnapPartitionProof &proof) {
  if (inputs.k >= config.partition_count)
    return InvalidArgument("SnapDeals: partition " + std::to_string(inputs.k) + " ≥ " +
                           std::to_string(config.partition_count));
  if (std::find(config.hs.begin(), config.hs.end(), inputs.h) == config.hs.end())
    return InvalidArgument("SnapDeals: h = " + std::to_string(inputs.h) + " is not allowed for this sector size");
  if (proof.apex_leafs.size() != config.apex_leaf_count)
    return InvalidArgument("SnapDeals: " + std::to_string(proof.apex_leafs.size()) + " apex leaves, expected " +
                           std::to_string(config.apex_leaf_count));
  if (proof.challenge_proofs.size() != config.challenge_count)
    return InvalidArgument("SnapDeals: " + std::to_string(proof.challenge_proofs.size()) +
                           " challenge proofs, expected " + std::to_string(config.challenge_count));
  auto r_shape = PoseidonProofShape(config.tree_r_shape, config.sector_nodes);
  if (!r_shape) return r_shape.GetError();
  auto d_shape = ShaProofShape(config.sector_nodes);
  if (!d_shape) return d_shape.GetError();
  auto comm_r_old = hash::FrFromBytesLE(inputs.comm_r_old);
  auto comm_r_new = hash::FrFromBytesLE(inputs.comm_r_new);
  auto comm_c = hash::FrFromBytesLE(proof.comm_c);
  if (!comm_r_old || !comm_r_new || !comm_c)
    return MakeError(ErrorCode::kNonCanonical, "SnapDeals: comm_r_old, comm_r_new or comm_c ≥ r");

  // The apex tree over this partition's apex leaves, row by row.
  std::vector<std::vector<Digest32>> apex{proof.apex_leafs};
  for (size_t l = 0; l < config.ApexLeafBitLen(); l++) {
    const auto &below = apex.back();
    std::vector<Digest32> row(below.size() / 2);
    for (size_t i = 0; i < row.size(); i++) row[i] = hash::Sha256Node(below[2 * i], below[2 * i + 1]);
    apex.push_back(std::move(row));
  }

  const Domain32 root_r_old = proof.challenge_proofs[0].proof_r_old.root;
  const Domain32 root_r_new = proof.challenge_proofs[0].proof_r_new.root;
  auto r_old = hash::FrFromBytesLE(root_r_old);
  auto r_new = hash::FrFromBytesLE(root_r_new);
  if (!r_old || !r_new) return MakeError(ErrorCode::kNonCanonical, "SnapDeals: tree_r root ≥ r");
  if (PoStCommR(*comm_c, *r_old) != *comm_r_old)
    return InvalidArgument("SnapDeals: H(comm_c, root_r_old) != comm_r_old");
  if (PoStCommR(*comm_c, *r_new) != *comm_r_new)
    return InvalidArgument("SnapDeals: H(comm_c, root_r_new) != comm_r_new");
  auto phi = SnapPhi(inputs.comm_d_new, *comm_r_old);
  if (!phi) return phi.GetError();
  auto challenges = SnapChallenges(config, *comm_r_new, inputs.k);
  if (!challenges) return challenges.GetError();
  const size_t high_shift = config.ChallengeBitLen() - inputs.h;
  const size_t apex_height = config.ApexLeafHeight();
  for (size_t i = 0; i < challenges->size(); i++) {
    const uint64_t c = (*challenges)[i];
    const SnapChallengeProof &cp = proof.challenge_proofs[i];
    const std::string where = "SnapDeals challenge " + std::to_string(i) + " (node " + std::to_string(c) + "): ";
    if (auto s = CheckMerkleProofShape(cp.proof_r_old, *r_shape); !s)
      return Prefixed(s.GetError(), where + "proof_r_old: ");
    if (auto s = CheckMerkleProofShape(cp.proof_d_new, *d_shape); !s)
      return Prefixed(s.GetError(), where + "proof_d_new: ");
    if (auto s = CheckMerkleProofShape(cp.proof_r_new, *r_shape); !s)
      return Prefixed(s.GetError(), where + "proof_r_new: ");
    if (MerkleProofPathIndex(cp.proof_r_old) != c || MerkleProofPathIndex(cp.proof_d_new) != c ||
        MerkleProofPathIndex(cp.proof_r_new) != c)
      return InvalidArgument(where + "an inclusion proof is for another node");
    if (cp.proof_r_old.root != root_r_old) return InvalidArgument(where + "proof_r_old root != root_r_old");
    if (cp.proof_d_new.root != inputs.comm_d_new) return InvalidArgument(where + "proof_d_new root != comm_d_new");
    if (cp.proof_r_new.root != root_r_new) return InvalidArgument(where + "proof_r_new root != root_r_new");
    if (auto s = VerifyPoseidonMerkleProof(cp.proof_r_old); !s) return Prefixed(s.GetError(), where + "proof_r_old: ");
    if (auto s = VerifyShaMerkleProof(cp.proof_d_new); !s) return Prefixed(s.GetError(), where + "proof_d_new: ");
    if (auto s = VerifyPoseidonMerkleProof(cp.proof_r_new); !s) return Prefixed(s.GetError(), where + "proof_r_new: ");
    // encoding: leaf_r_new = leaf_r_old + leaf_d_new·rho(c_high)
    auto leaf_old = hash::FrFromBytesLE(cp.proof_r_old.leaf);
    auto leaf_d = hash::FrFromBytesLE(cp.proof_d_new.leaf);
    auto leaf_new = hash::FrFromBytesLE(cp.proof_r_new.leaf);
    if (!leaf_old || !leaf_d || !leaf_new) return MakeError(ErrorCode::kNonCanonical, where + "leaf ≥ r");
    if (*leaf_old + *leaf_d * SnapRho(*phi, c >> high_shift) != *leaf_new)
      return InvalidArgument(where + "leaf_r_new != leaf_r_old + leaf_d_new·rho (wrong encoding)");
    // the apex path of proof_d_new runs through this partition's apex tree
    for (size_t l = 0; l < config.ApexLeafBitLen(); l++) {
      const Domain32 &sibling = cp.proof_d_new.base[apex_height + l].hashes[0];
      if (std::find(apex[l].begin(), apex[l].end(), sibling) == apex[l].end())
        return InvalidArgument(where + "tree_d sibling at height " + std::to_string(apex_height + l) +
                               " is not in the apex tree");
    }
  }
  return Status::Ok();
}

} // namespace cuzk::filecoin

// src/filecoin/post/post_vanilla.cpp — proofs come from PoseidonTree::Prove and are converted to the
// serde shape (Single / Sub / Top by the tree shape); verification checks the shape before hashing.
// Sectors are independent, so generation and verification run them in parallel (a 32GiB partition
// is 23,490 inclusion proofs, ~235K Poseidon hashes); the error reported is the lowest sector's.
#include "filecoin/post/post_vanilla.hpp"

#include "hash/poseidon.hpp"

#include <tbb/parallel_for.h>

#include <array>
#include <optional>
#include <string>

namespace cuzk::filecoin {

namespace {

//! FallbackPoSt::verify's checks of sector i of a partition.
Status VerifySector(const PoStPartition &partition, const Digest32 &randomness, const MerkleProofShape &shape,
                    size_t i) {
  const FallbackPoStParams &params = partition.params;
  const PoStPublicSector &pub = partition.sectors[i];
  const PoStSectorProof &proof = partition.proofs[i];
  const std::string where = "PoSt sector " + std::to_string(pub.id) + " (partition " + std::to_string(partition.k) +
                            ", position " + std::to_string(i) + "): ";
  if (proof.inclusion_proofs.size() != params.challenge_count)
    return InvalidArgument(where + std::to_string(proof.inclusion_proofs.size()) + " inclusion proofs, expected " +
                           std::to_string(params.challenge_count));
  // As upstream: comm_r_last is the first inclusion proof's root; comm_r = H(comm_c, comm_r_last).
  const Domain32 &comm_r_last = proof.inclusion_proofs[0].root;
  auto comm_c = hash::FrFromBytesLE(proof.comm_c);
  auto root = hash::FrFromBytesLE(comm_r_last);
  if (!comm_c || !root) return MakeError(ErrorCode::kNonCanonical, where + "comm_c or root ≥ r");
  if (hash::FrToBytesLE(PoStCommR(*comm_c, *root)) != pub.comm_r)
    return InvalidArgument(where + "H(comm_c, comm_r_last) != comm_r");
  if (proof.comm_r_last != comm_r_last) return InvalidArgument(where + "comm_r_last differs from the proofs' root");
  const std::vector<uint64_t> leaves =
      PoStSectorLeafChallenges(params, randomness, pub.id, partition.k * params.sector_count + i);
  for (size_t n = 0; n < leaves.size(); n++) {
    const MerkleProof &m = proof.inclusion_proofs[n];
    const std::string at = where + "challenge " + std::to_string(n) + ": ";
    if (m.root != comm_r_last) return InvalidArgument(at + "inclusion proof root != comm_r_last");
    if (auto s = CheckMerkleProofShape(m, shape); !s) return Prefixed(s.GetError(), at);
    if (MerkleProofPathIndex(m) != leaves[n])
      return InvalidArgument(at + "proves leaf " + std::to_string(MerkleProofPathIndex(m)) + ", challenged leaf is " +
                             std::to_string(leaves[n]));
    if (auto s = VerifyPoseidonMerkleProof(m); !s) return Prefixed(s.GetError(), at);
  }
  return Status::Ok();
}

} // namespace

Expected<FallbackPoStSectorProof> GenerateSingleVanillaProof(const PoStConfig &config, const PoStReplica &replica,
                                                             std::span<const uint64_t> challenges) {
  const std::string where = "PoSt vanilla proof of sector " + std::to_string(replica.sector_id) + ": ";
  if ((replica.tree_r_last == nullptr) == (replica.sparse_tree_r_last == nullptr))
    return InvalidArgument(where + "needs exactly one tree_r_last (full or sparse)");
  auto shape = PoseidonProofShape(config.tree_shape, config.SectorNodes());
  if (!shape) return Prefixed(shape.GetError(), where);
  const PoseidonTree *full = replica.tree_r_last;
  const SparsePoseidonTree *sparse = replica.sparse_tree_r_last;
  const uint64_t leaves = full ? full->LeafCount() : sparse->LeafCount();
  if (leaves != config.SectorNodes() || (full && full->Arities() != shape->arities))
    return InvalidArgument(where + "tree_r_last has " + std::to_string(leaves) +
                           " leaves or a shape other than the sector size's");
  if (challenges.empty()) return InvalidArgument(where + "no challenges");
  const ff::Fr root = full ? full->Root() : sparse->Root();
  PoStSectorProof sector;
  sector.comm_c = hash::FrToBytesLE(replica.comm_c);
  sector.comm_r_last = hash::FrToBytesLE(root);
  for (uint64_t c : challenges) {
    auto p = full ? full->Prove(c) : sparse->Prove(c);
    if (!p) return Prefixed(p.GetError(), where);
    MerkleProof m = ToMerkleProof(*p, root, shape->kind);
    if (!CheckMerkleProofShape(m, *shape).IsOk() || MerkleProofPathIndex(m) != c ||
        !VerifyPoseidonMerkleProof(m).IsOk())
      return InvalidArgument(where + "generated proof for leaf " + std::to_string(c) + " does not verify");
    sector.inclusion_proofs.push_back(std::move(m));
  }
  FallbackPoStSectorProof out;
  out.sector_id = replica.sector_id;
  out.comm_r = hash::FrToBytesLE(PoStCommR(replica.comm_c, root));
  out.sectors.push_back(std::move(sector));
  return out;
}

Expected<std::vector<FallbackPoStSectorProof>> GenerateFallbackVanillaProofs(const PoStConfig &config,
                                                                             const Digest32 &randomness,
                                                                             std::span<const PoStReplica> replicas) {
  std::vector<uint64_t> ids;
  for (const PoStReplica &r : replicas) ids.push_back(r.sector_id);
  auto challenges = FallbackSectorChallenges(config, randomness, ids);
  if (!challenges) return challenges.GetError();
  std::vector<std::optional<Expected<FallbackPoStSectorProof>>> results(replicas.size());
  tbb::parallel_for(size_t(0), replicas.size(), [&](size_t i) {
    results[i].emplace(GenerateSingleVanillaProof(config, replicas[i], (*challenges)[i]));
  });
  std::vector<FallbackPoStSectorProof> out;
  out.reserve(replicas.size());
  for (auto &r : results) {
    if (!r->HasValue()) return r->GetError();
    out.push_back(std::move(*r).Value());
  }
  return out;
}

Expected<PoStPartition> PoStPartitionFromVanilla(const PoStConfig &config,
                                                 std::span<const FallbackPoStSectorProof> vanilla, size_t k) {
  PoStPartition part;
  part.params = FallbackParamsOf(config);
  part.k = k;
  if (config.type == PoStType::kWindow) {
    if (vanilla.empty() || vanilla.size() > config.sector_count)
      return InvalidArgument("WindowPoSt partition: " + std::to_string(vanilla.size()) +
                             " sector proofs, expected 1 to " + std::to_string(config.sector_count));
    for (const FallbackPoStSectorProof &v : vanilla) {
      if (v.sectors.size() != 1)
        return InvalidArgument("WindowPoSt sector " + std::to_string(v.sector_id) + ": " +
                               std::to_string(v.sectors.size()) + " SectorProofs, expected 1");
      part.sectors.push_back({v.sector_id, v.comm_r});
      part.proofs.push_back(v.sectors[0]);
    }
  } else {
    if (vanilla.size() != 1 || vanilla[0].sectors.size() != 1)
      return InvalidArgument("WinningPoSt: expected one sector proof with one SectorProof");
    const PoStSectorProof &sp = vanilla[0].sectors[0];
    if (sp.inclusion_proofs.size() != config.challenge_count)
      return InvalidArgument("WinningPoSt sector " + std::to_string(vanilla[0].sector_id) + ": " +
                             std::to_string(sp.inclusion_proofs.size()) + " inclusion proofs, expected " +
                             std::to_string(config.challenge_count));
    for (const MerkleProof &m : sp.inclusion_proofs) {
      part.sectors.push_back({vanilla[0].sector_id, vanilla[0].comm_r});
      part.proofs.push_back({{m}, sp.comm_c, sp.comm_r_last});
    }
  }
  while (part.proofs.size() < part.params.sector_count) part.proofs.push_back(part.proofs.back());
  return part;
}

Status VerifyPoStPartition(const PoStPartition &partition, const Digest32 &randomness) {
  const FallbackPoStParams &params = partition.params;
  if (auto s = CheckSafeCommitment(randomness, "randomness"); !s) return s;
  if (partition.sectors.empty() || partition.sectors.size() > params.sector_count)
    return InvalidArgument("PoSt partition " + std::to_string(partition.k) + ": " +
                           std::to_string(partition.sectors.size()) + " public sectors, expected 1 to " +
                           std::to_string(params.sector_count));
  if (partition.proofs.size() != params.sector_count)
    return InvalidArgument("PoSt partition " + std::to_string(partition.k) + ": " +
                           std::to_string(partition.proofs.size()) + " sector proofs, expected " +
                           std::to_string(params.sector_count));
  auto shape = PoseidonProofShape(params.tree_shape, params.SectorNodes());
  if (!shape) return shape.GetError();
  std::vector<Status> results(partition.sectors.size(), Status::Ok());
  tbb::parallel_for(size_t(0), partition.sectors.size(),
                    [&](size_t i) { results[i] = VerifySector(partition, randomness, *shape, i); });
  for (const Status &r : results)
    if (!r) return r;
  return Status::Ok();
}

} // namespace cuzk::filecoin

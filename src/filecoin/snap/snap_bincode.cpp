// src/filecoin/snap/snap_bincode.cpp — the PartitionProof layout on top of merkle_bincode's MerkleProof.
#include "filecoin/snap/snap_bincode.hpp"

#include "filecoin/core/bincode.hpp"
#include "filecoin/merkle/merkle_bincode.hpp"

#include <string>

namespace cuzk::filecoin {

std::vector<uint8_t> EncodeSnapPartitionProof(const SnapPartitionProof &proof) {
  BincodeWriter w;
  w.Fixed(proof.comm_c);
  w.Len(proof.apex_leafs.size());
  for (const Domain32 &a : proof.apex_leafs) w.Fixed(a);
  w.Len(proof.challenge_proofs.size());
  for (const SnapChallengeProof &c : proof.challenge_proofs) {
    WriteMerkleProof(w, c.proof_r_old);
    WriteMerkleProof(w, c.proof_d_new);
    WriteMerkleProof(w, c.proof_r_new);
  }
  return w.Take();
}

Expected<SnapPartitionProof> DecodeSnapPartitionProof(std::span<const uint8_t> bytes, const SnapConfig &config) {
  auto r_shape = PoseidonProofShape(config.tree_r_shape, config.sector_nodes);
  if (!r_shape) return r_shape.GetError();
  auto d_shape = ShaProofShape(config.sector_nodes);
  if (!d_shape) return d_shape.GetError();
  BincodeReader r(bytes);
  SnapPartitionProof out;
  if (auto s = r.Fixed(out.comm_c, "comm_c"); !s) return s.GetError();
  if (!ff::Fr::FromBytesLE(out.comm_c.data()))
    return MakeError(ErrorCode::kNonCanonical, "bincode: comm_c is not a canonical field element");
  if (auto s = r.ExactLen("apex_leafs", config.apex_leaf_count, 32); !s) return s.GetError();
  out.apex_leafs.resize(config.apex_leaf_count);
  for (size_t i = 0; i < config.apex_leaf_count; i++)
    if (auto s = r.Fixed(out.apex_leafs[i], "apex_leafs[" + std::to_string(i) + "]"); !s) return s.GetError();
  const size_t per_challenge = 2 * r_shape->BincodeSize() + d_shape->BincodeSize();
  if (auto s = r.ExactLen("challenge_proofs", config.challenge_count, per_challenge); !s) return s.GetError();
  out.challenge_proofs.reserve(config.challenge_count);
  for (size_t i = 0; i < config.challenge_count; i++) {
    const std::string at = "challenge_proofs[" + std::to_string(i) + "]";
    auto r_old = ReadMerkleProof(r, *r_shape, at + ".proof_r_old");
    if (!r_old) return r_old.GetError();
    auto d_new = ReadMerkleProof(r, *d_shape, at + ".proof_d_new");
    if (!d_new) return d_new.GetError();
    auto r_new = ReadMerkleProof(r, *r_shape, at + ".proof_r_new");
    if (!r_new) return r_new.GetError();
    out.challenge_proofs.push_back({std::move(r_old).Value(), std::move(d_new).Value(), std::move(r_new).Value()});
  }
  if (auto s = r.Finish("PartitionProof"); !s) return s.GetError();
  return out;
}

} // namespace cuzk::filecoin

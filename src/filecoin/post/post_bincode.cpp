// src/filecoin/post/post_bincode.cpp — bincode half of post_bincode.hpp (the JSON half is in
// post_json.cpp). Every Vec length is checked against the shape before the Vec is sized.
#include "filecoin/post/post_bincode.hpp"

#include "filecoin/merkle/merkle_bincode.hpp"
#include "hash/poseidon.hpp"

#include <string>

namespace cuzk::filecoin {

std::vector<uint8_t> EncodeFallbackPoStSectorProof(const FallbackPoStSectorProof &proof) {
  BincodeWriter w;
  w.U64(proof.sector_id);
  w.Fixed(proof.comm_r);
  w.Len(proof.sectors.size());
  for (const PoStSectorProof &s : proof.sectors) {
    w.Len(s.inclusion_proofs.size());
    for (const MerkleProof &m : s.inclusion_proofs) WriteMerkleProof(w, m);
    w.Fixed(s.comm_c);
    w.Fixed(s.comm_r_last);
  }
  return w.Take();
}

Expected<FallbackPoStSectorProof> DecodeFallbackPoStSectorProof(std::span<const uint8_t> bytes,
                                                                const PoStConfig &config) {
  auto shape = PoseidonProofShape(config.tree_shape, config.SectorNodes());
  if (!shape) return shape.GetError();
  BincodeReader r(bytes);
  FallbackPoStSectorProof out;
  auto id = r.U64("sector_id");
  if (!id) return id.GetError();
  out.sector_id = *id;
  auto comm_r = ReadDomain32(r, "comm_r");
  if (!comm_r) return comm_r.GetError();
  out.comm_r = *comm_r;
  // generate_single_vanilla_proof always produces exactly one SectorProof
  if (auto s = r.ExactLen("vanilla_proof.sectors", 1, 8 + 64); !s) return s.GetError();
  PoStSectorProof sector;
  const size_t proof_bytes = shape->BincodeSize();
  if (auto s = r.ExactLen("vanilla_proof.sectors[0].inclusion_proofs", config.challenge_count, proof_bytes); !s)
    return s.GetError();
  sector.inclusion_proofs.reserve(config.challenge_count);
  for (size_t i = 0; i < config.challenge_count; i++) {
    auto m = ReadMerkleProof(r, *shape, "vanilla_proof.sectors[0].inclusion_proofs[" + std::to_string(i) + "]");
    if (!m) return m.GetError();
    sector.inclusion_proofs.push_back(std::move(m).Value());
  }
  auto comm_c = ReadDomain32(r, "vanilla_proof.sectors[0].comm_c");
  if (!comm_c) return comm_c.GetError();
  auto comm_r_last = ReadDomain32(r, "vanilla_proof.sectors[0].comm_r_last");
  if (!comm_r_last) return comm_r_last.GetError();
  sector.comm_c = *comm_c;
  sector.comm_r_last = *comm_r_last;
  if (auto s = r.Finish("FallbackPoStSectorProof"); !s) return s.GetError();
  out.sectors.push_back(std::move(sector));
  return out;
}

} // namespace cuzk::filecoin

// src/filecoin/post_bincode.cpp — bincode half of post_bincode.hpp (the JSON half is in
// post_json.cpp). Every Vec length is checked against the shape before the Vec is sized.
#include "filecoin/post_bincode.hpp"

#include "hash/poseidon.hpp"

#include <string>

namespace cuzk::filecoin {

namespace {

constexpr size_t DOMAIN_BYTES = 32;

void WritePath(BincodeWriter &w, const std::vector<PathElement> &path) {
  w.Len(path.size());
  for (const PathElement &e : path) {
    w.Len(e.hashes.size());
    for (const Domain32 &h : e.hashes) w.Fixed(h);
    w.U64(e.index);
  }
}

hash::Result<Domain32> ReadDomain(BincodeReader &r, std::string_view what) {
  Domain32 d{};
  if (auto s = r.Fixed(d, what); !s) return s.error();
  if (!ff::Fr::FromBytesLE(d.data()))
    return r.Fail(hash::ErrorCode::kNonCanonical, what, "not a canonical field element (value ≥ r)");
  return d;
}

//! Reads a path of exactly arities.size() levels with arities[l] − 1 hashes each.
hash::Status ReadPath(BincodeReader &r, std::span<const size_t> arities, std::vector<PathElement> &out,
                      const std::string &what) {
  // smallest element: hashes length + index, no hashes (the shape then demands more)
  if (auto s = r.ExactLen(what + ".path", arities.size(), 16); !s) return s;
  out.resize(arities.size());
  for (size_t l = 0; l < arities.size(); l++) {
    const std::string at = what + ".path[" + std::to_string(l) + "]";
    if (auto s = r.ExactLen(at + ".hashes", arities[l] - 1, DOMAIN_BYTES); !s) return s;
    out[l].hashes.resize(arities[l] - 1);
    for (size_t j = 0; j + 1 < arities[l]; j++) {
      auto h = ReadDomain(r, at + ".hashes[" + std::to_string(j) + "]");
      if (!h) return h.error();
      out[l].hashes[j] = *h;
    }
    auto index = r.U64(at + ".index");
    if (!index) return index.error();
    if (*index >= arities[l])
      return r.Fail(hash::ErrorCode::kBadArgument, at + ".index",
                    "index " + std::to_string(*index) + " ≥ arity " + std::to_string(arities[l]));
    out[l].index = *index;
  }
  return hash::Ok();
}

} // namespace

void WriteMerkleProof(BincodeWriter &w, const MerkleProof &proof) {
  w.U32(static_cast<uint32_t>(proof.kind));
  if (proof.kind == MerkleProofKind::kSingle) {
    w.Fixed(proof.root);
    w.Fixed(proof.leaf);
    WritePath(w, proof.base);
    return;
  }
  WritePath(w, proof.base);
  WritePath(w, proof.sub);
  if (proof.kind == MerkleProofKind::kTop) WritePath(w, proof.top);
  w.Fixed(proof.root);
  w.Fixed(proof.leaf);
}

hash::Result<MerkleProof> ReadMerkleProof(BincodeReader &r, const MerkleProofShape &shape, std::string_view what) {
  const std::string w(what);
  auto tag = r.U32(w + ".data");
  if (!tag) return tag.error();
  if (*tag != static_cast<uint32_t>(shape.kind))
    return r.Fail(hash::ErrorCode::kBadArgument, w + ".data",
                  "variant " + std::to_string(*tag) + ", expected " +
                      std::to_string(static_cast<uint32_t>(shape.kind)) +
                      " (0 Single, 1 Sub, 2 Top) for this sector size");
  MerkleProof m;
  m.kind = shape.kind;
  const std::span<const size_t> arities(shape.arities);
  const size_t base = shape.BaseLevels();
  auto read_root_leaf = [&]() -> hash::Status {
    auto root = ReadDomain(r, w + ".root");
    if (!root) return root.error();
    auto leaf = ReadDomain(r, w + ".leaf");
    if (!leaf) return leaf.error();
    m.root = *root;
    m.leaf = *leaf;
    return hash::Ok();
  };
  if (shape.kind == MerkleProofKind::kSingle) {
    if (auto s = read_root_leaf(); !s) return s.error();
    if (auto s = ReadPath(r, arities, m.base, w + ".path"); !s) return s.error();
    return m;
  }
  if (auto s = ReadPath(r, arities.subspan(0, base), m.base, w + ".base_proof"); !s) return s.error();
  if (auto s = ReadPath(r, arities.subspan(base, 1), m.sub, w + ".sub_proof"); !s) return s.error();
  if (shape.kind == MerkleProofKind::kTop)
    if (auto s = ReadPath(r, arities.subspan(base + 1, 1), m.top, w + ".top_proof"); !s) return s.error();
  if (auto s = read_root_leaf(); !s) return s.error();
  return m;
}

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

hash::Result<FallbackPoStSectorProof> DecodeFallbackPoStSectorProof(std::span<const uint8_t> bytes,
                                                                    const PoStConfig &config) {
  auto shape = PoseidonProofShape(config.tree_shape, config.SectorNodes());
  if (!shape) return shape.error();
  BincodeReader r(bytes);
  FallbackPoStSectorProof out;
  auto id = r.U64("sector_id");
  if (!id) return id.error();
  out.sector_id = *id;
  auto comm_r = ReadDomain(r, "comm_r");
  if (!comm_r) return comm_r.error();
  out.comm_r = *comm_r;
  // generate_single_vanilla_proof always produces exactly one SectorProof
  if (auto s = r.ExactLen("vanilla_proof.sectors", 1, 8 + 64); !s) return s.error();
  PoStSectorProof sector;
  const size_t proof_bytes = shape->BincodeSize();
  if (auto s = r.ExactLen("vanilla_proof.sectors[0].inclusion_proofs", config.challenge_count, proof_bytes); !s)
    return s.error();
  sector.inclusion_proofs.reserve(config.challenge_count);
  for (size_t i = 0; i < config.challenge_count; i++) {
    auto m = ReadMerkleProof(r, *shape, "vanilla_proof.sectors[0].inclusion_proofs[" + std::to_string(i) + "]");
    if (!m) return m.error();
    sector.inclusion_proofs.push_back(std::move(m).value());
  }
  auto comm_c = ReadDomain(r, "vanilla_proof.sectors[0].comm_c");
  if (!comm_c) return comm_c.error();
  auto comm_r_last = ReadDomain(r, "vanilla_proof.sectors[0].comm_r_last");
  if (!comm_r_last) return comm_r_last.error();
  sector.comm_c = *comm_c;
  sector.comm_r_last = *comm_r_last;
  if (auto s = r.Finish("FallbackPoStSectorProof"); !s) return s.error();
  out.sectors.push_back(std::move(sector));
  return out;
}

} // namespace cuzk::filecoin

// src/filecoin/merkle/merkle_bincode.cpp — MerkleProof in bincode v1. Every Vec length is checked
// against the shape before the Vec is sized.
#include "filecoin/merkle/merkle_bincode.hpp"

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

//! Reads a path of exactly arities.size() levels with arities[l] − 1 hashes each.
Status ReadPath(BincodeReader &r, std::span<const size_t> arities, std::vector<PathElement> &out,
                const std::string &what) {
  // smallest element: hashes length + index, no hashes (the shape then demands more)
  if (auto s = r.ExactLen(what + ".path", arities.size(), 16); !s) return s;
  out.resize(arities.size());
  for (size_t l = 0; l < arities.size(); l++) {
    const std::string at = what + ".path[" + std::to_string(l) + "]";
    if (auto s = r.ExactLen(at + ".hashes", arities[l] - 1, DOMAIN_BYTES); !s) return s;
    out[l].hashes.resize(arities[l] - 1);
    for (size_t j = 0; j + 1 < arities[l]; j++) {
      auto h = ReadDomain32(r, at + ".hashes[" + std::to_string(j) + "]");
      if (!h) return h.GetError();
      out[l].hashes[j] = *h;
    }
    auto index = r.U64(at + ".index");
    if (!index) return index.GetError();
    if (*index >= arities[l])
      return r.Fail(ErrorCode::kInvalidArgument, at + ".index",
                    "index " + std::to_string(*index) + " ≥ arity " + std::to_string(arities[l]));
    out[l].index = *index;
  }
  return Status::Ok();
}

} // namespace

Expected<Domain32> ReadDomain32(BincodeReader &r, std::string_view what) {
  Domain32 d{};
  if (auto s = r.Fixed(d, what); !s) return s.GetError();
  if (!ff::Fr::FromBytesLE(d.data()))
    return r.Fail(ErrorCode::kNonCanonical, what, "not a canonical field element (value ≥ r)");
  return d;
}

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

Expected<MerkleProof> ReadMerkleProof(BincodeReader &r, const MerkleProofShape &shape, std::string_view what) {
  const std::string w(what);
  auto tag = r.U32(w + ".data");
  if (!tag) return tag.GetError();
  if (*tag != static_cast<uint32_t>(shape.kind))
    return r.Fail(ErrorCode::kInvalidArgument, w + ".data",
                  "variant " + std::to_string(*tag) + ", expected " +
                      std::to_string(static_cast<uint32_t>(shape.kind)) +
                      " (0 Single, 1 Sub, 2 Top) for this sector size");
  MerkleProof m;
  m.kind = shape.kind;
  const std::span<const size_t> arities(shape.arities);
  const size_t base = shape.BaseLevels();
  auto read_root_leaf = [&]() -> Status {
    auto root = ReadDomain32(r, w + ".root");
    if (!root) return root.GetError();
    auto leaf = ReadDomain32(r, w + ".leaf");
    if (!leaf) return leaf.GetError();
    m.root = *root;
    m.leaf = *leaf;
    return Status::Ok();
  };
  if (shape.kind == MerkleProofKind::kSingle) {
    if (auto s = read_root_leaf(); !s) return s.GetError();
    if (auto s = ReadPath(r, arities, m.base, w + ".path"); !s) return s.GetError();
    return m;
  }
  if (auto s = ReadPath(r, arities.subspan(0, base), m.base, w + ".base_proof"); !s) return s.GetError();
  if (auto s = ReadPath(r, arities.subspan(base, 1), m.sub, w + ".sub_proof"); !s) return s.GetError();
  if (shape.kind == MerkleProofKind::kTop)
    if (auto s = ReadPath(r, arities.subspan(base + 1, 1), m.top, w + ".top_proof"); !s) return s.GetError();
  if (auto s = read_root_leaf(); !s) return s.GetError();
  return m;
}

} // namespace cuzk::filecoin

// src/filecoin/porep/c1_json_write.cpp — WriteC1Json: serde_json::to_vec of SealCommitPhase1Output.
//
// serde_json's compact writer puts no whitespace anywhere, writes struct fields in declaration
// order, an externally tagged enum as {"Variant": value}, u8/u32/u64 as plain decimals and
// PhantomData as null. Byte-identical output lets a C1 written here be diffed against Rust's.
#include "filecoin/porep/c1_json.hpp"

#include <array>
#include <charconv>
#include <string>

namespace cuzk::filecoin {
namespace {

class C1Writer {
public:
  explicit C1Writer(std::string &out) : out_(out) {}

  void Top(const SealCommitPhase1Output &c1, const std::string &variant) {
    out_ += "{\"registered_proof\":\"";
    out_ += c1.registered_proof; // a validated variant name: nothing to escape
    out_ += "\",\"vanilla_proofs\":{\"";
    out_ += variant;
    out_ += "\":";
    Array(c1.vanilla_proofs, [&](const std::vector<PorepChallengeProof> &partition) {
      Array(partition, [&](const PorepChallengeProof &p) { ChallengeProof(p); });
    });
    out_ += "},\"comm_r\":";
    Domain(c1.comm_r);
    out_ += ",\"comm_d\":";
    Domain(c1.comm_d);
    out_ += ",\"replica_id\":";
    Domain(c1.replica_id);
    out_ += ",\"seed\":";
    Domain(c1.seed);
    out_ += ",\"ticket\":";
    Domain(c1.ticket);
    out_ += '}';
  }

private:
  std::string &out_;

  void U64(uint64_t x) {
    char buf[24];
    auto r = std::to_chars(buf, buf + sizeof(buf), x);
    out_.append(buf, r.ptr);
  }

  void Domain(const Domain32 &d) {
    // "[" + up to 32·4 characters + "]": formatted in a stack buffer, appended once
    char buf[2 + 32 * 4];
    char *p = buf;
    *p++ = '[';
    for (size_t i = 0; i < d.size(); i++) {
      if (i) *p++ = ',';
      p = std::to_chars(p, buf + sizeof(buf), d[i]).ptr;
    }
    *p++ = ']';
    out_.append(buf, p);
  }

  //! a JSON array of `items`, each written by `write`: comma-separated, no whitespace
  template <class T, class Write> void Array(const std::vector<T> &items, Write write) {
    out_ += '[';
    for (size_t i = 0; i < items.size(); i++) {
      if (i) out_ += ',';
      write(items[i]);
    }
    out_ += ']';
  }

  void Domains(const std::vector<Domain32> &ds) {
    Array(ds, [&](const Domain32 &d) { Domain(d); });
  }

  void Path(const std::vector<PathElement> &path) {
    out_ += "{\"path\":";
    Array(path, [&](const PathElement &e) {
      out_ += "{\"hashes\":";
      Domains(e.hashes);
      out_ += ",\"index\":";
      U64(e.index);
      out_ += '}';
    });
    out_ += '}';
  }

  void RootLeaf(const MerkleProof &mp) {
    out_ += "\"root\":";
    Domain(mp.root);
    out_ += ",\"leaf\":";
    Domain(mp.leaf);
  }

  void Merkle(const MerkleProof &mp) {
    out_ += "{\"data\":{";
    switch (mp.kind) {
    case MerkleProofKind::kSingle:
      out_ += "\"Single\":{";
      RootLeaf(mp);
      out_ += ",\"path\":";
      Path(mp.base);
      break;
    case MerkleProofKind::kSub:
    case MerkleProofKind::kTop:
      // the two share their leading fields; Top adds top_proof before the root and leaf
      out_ += mp.kind == MerkleProofKind::kSub ? "\"Sub\":{\"base_proof\":" : "\"Top\":{\"base_proof\":";
      Path(mp.base);
      out_ += ",\"sub_proof\":";
      Path(mp.sub);
      if (mp.kind == MerkleProofKind::kTop) {
        out_ += ",\"top_proof\":";
        Path(mp.top);
      }
      out_ += ',';
      RootLeaf(mp);
      break;
    }
    out_ += "}}}";
  }

  void Column(const ColumnProof &cp) {
    out_ += "{\"column\":{\"index\":";
    U64(cp.column.index);
    out_ += ",\"rows\":";
    Domains(cp.column.rows);
    out_ += ",\"_h\":null},\"inclusion_proof\":";
    Merkle(cp.inclusion_proof);
    out_ += '}';
  }

  void Columns(const std::vector<ColumnProof> &cps) {
    Array(cps, [&](const ColumnProof &c) { Column(c); });
  }

  void Labeling(const LabelingProof &lp) {
    out_ += "{\"parents\":";
    Domains(lp.parents);
    out_ += ",\"layer_index\":";
    U64(lp.layer_index);
    out_ += ",\"node\":";
    U64(lp.node);
    out_ += '}';
  }

  void ChallengeProof(const PorepChallengeProof &p) {
    out_ += "{\"comm_d_proofs\":";
    Merkle(p.comm_d_proofs);
    out_ += ",\"comm_r_last_proof\":";
    Merkle(p.comm_r_last_proof);
    out_ += ",\"replica_column_proofs\":{\"c_x\":";
    Column(p.replica_column_proofs.c_x);
    out_ += ",\"drg_parents\":";
    Columns(p.replica_column_proofs.drg_parents);
    out_ += ",\"exp_parents\":";
    Columns(p.replica_column_proofs.exp_parents);
    out_ += "},\"labeling_proofs\":";
    Array(p.labeling_proofs, [&](const LabelingProof &lp) { Labeling(lp); });
    out_ += ",\"encoding_proof\":";
    Labeling(p.encoding_proof);
    out_ += '}';
  }
};

bool KindMatchesLevels(const MerkleProof &mp) {
  switch (mp.kind) {
  case MerkleProofKind::kSingle:
    return mp.sub.empty() && mp.top.empty();
  case MerkleProofKind::kSub:
    return mp.top.empty();
  case MerkleProofKind::kTop:
    return true;
  }
  return false;
}

bool KindsMatchLevels(const PorepChallengeProof &p) {
  const ReplicaColumnProof &r = p.replica_column_proofs;
  bool ok = KindMatchesLevels(p.comm_d_proofs) && KindMatchesLevels(p.comm_r_last_proof) &&
            KindMatchesLevels(r.c_x.inclusion_proof);
  for (const auto &c : r.drg_parents) ok = ok && KindMatchesLevels(c.inclusion_proof);
  for (const auto &c : r.exp_parents) ok = ok && KindMatchesLevels(c.inclusion_proof);
  return ok;
}

//! A close upper bound of the output size, so the string grows once: ≈3.7 characters per byte of
//! a 32-byte value, plus the keys around them.
size_t EstimateSize(const SealCommitPhase1Output &c1) {
  constexpr size_t PER_DOMAIN = 32 * 4 + 2;
  size_t domains = 0, objects = 0;
  auto merkle = [&](const MerkleProof &mp) {
    domains += 2;
    for (size_t i = 0; i < mp.LevelCount(); i++) domains += mp.Level(i).hashes.size();
    objects += mp.LevelCount() + 4;
  };
  for (const auto &partition : c1.vanilla_proofs) {
    for (const auto &p : partition) {
      merkle(p.comm_d_proofs);
      merkle(p.comm_r_last_proof);
      auto column = [&](const ColumnProof &c) {
        domains += c.column.rows.size();
        merkle(c.inclusion_proof);
        objects += 2;
      };
      column(p.replica_column_proofs.c_x);
      for (const auto &c : p.replica_column_proofs.drg_parents) column(c);
      for (const auto &c : p.replica_column_proofs.exp_parents) column(c);
      for (const auto &l : p.labeling_proofs) domains += l.parents.size();
      domains += p.encoding_proof.parents.size();
      objects += p.labeling_proofs.size() + 8;
    }
  }
  return 256 + domains * PER_DOMAIN + objects * 64;
}

} // namespace

Expected<std::string> WriteC1Json(const SealCommitPhase1Output &c1) {
  auto variant = VanillaProofVariantName(c1.registered_proof);
  if (!variant) return variant.GetError();
  for (size_t k = 0; k < c1.vanilla_proofs.size(); k++) {
    for (size_t i = 0; i < c1.vanilla_proofs[k].size(); i++) {
      if (!KindsMatchLevels(c1.vanilla_proofs[k][i])) {
        return MakeError(ErrorCode::kInvalidArgument, "C1 JSON write: vanilla_proofs[" + std::to_string(k) + "][" +
                                                          std::to_string(i) +
                                                          "]: a MerkleProof has sub/top levels its kind does not have");
      }
    }
  }
  std::string out;
  out.reserve(EstimateSize(c1));
  C1Writer(out).Top(c1, *variant);
  return out;
}

} // namespace cuzk::filecoin

// src/filecoin/post/post_json.cpp — the serde_json half of post_bincode.hpp. Written by hand (the
// output is small and its layout fixed); read with simdjson's DOM API, walking the tree with the
// JSON path of every value kept for error messages.
#include "filecoin/post/post_bincode.hpp"

#include <simdjson.h>

#include <string>

namespace cuzk::filecoin {

namespace {

namespace dom = simdjson::dom;

// ---- writing ---------------------------------------------------------------------------------------

void PutDomain(std::string &out, const Domain32 &d) {
  out.push_back('[');
  for (size_t i = 0; i < d.size(); i++) {
    if (i) out.push_back(',');
    out += std::to_string(d[i]);
  }
  out.push_back(']');
}

void PutPath(std::string &out, const std::vector<PathElement> &path) {
  out += "{\"path\":[";
  for (size_t l = 0; l < path.size(); l++) {
    if (l) out.push_back(',');
    out += "{\"hashes\":[";
    for (size_t j = 0; j < path[l].hashes.size(); j++) {
      if (j) out.push_back(',');
      PutDomain(out, path[l].hashes[j]);
    }
    out += "],\"index\":" + std::to_string(path[l].index) + "}";
  }
  out += "]}";
}

void PutRootLeaf(std::string &out, const MerkleProof &m) {
  out += "\"root\":";
  PutDomain(out, m.root);
  out += ",\"leaf\":";
  PutDomain(out, m.leaf);
}

void PutMerkleProof(std::string &out, const MerkleProof &m) {
  out += "{\"data\":{";
  switch (m.kind) {
  case MerkleProofKind::kSingle:
    out += "\"Single\":{";
    PutRootLeaf(out, m);
    out += ",\"path\":";
    PutPath(out, m.base);
    break;
  case MerkleProofKind::kSub:
  case MerkleProofKind::kTop:
    out += m.kind == MerkleProofKind::kSub ? "\"Sub\":{\"base_proof\":" : "\"Top\":{\"base_proof\":";
    PutPath(out, m.base);
    out += ",\"sub_proof\":";
    PutPath(out, m.sub);
    if (m.kind == MerkleProofKind::kTop) {
      out += ",\"top_proof\":";
      PutPath(out, m.top);
    }
    out += ",";
    PutRootLeaf(out, m);
    break;
  }
  out += "}}}";
}

// ---- reading ---------------------------------------------------------------------------------------

Error Bad(ErrorCode code, const std::string &path, const std::string &why) {
  return MakeError(code, "PoSt vanilla JSON: " + path + ": " + why);
}

Expected<dom::object> Object(dom::element e, const std::string &path) {
  dom::object o;
  if (e.get_object().get(o)) return Bad(ErrorCode::kInvalidArgument, path, "expected an object");
  return o;
}

Expected<dom::element> Field(dom::object o, const char *key, const std::string &path) {
  dom::element e;
  if (o[key].get(e)) return Bad(ErrorCode::kInvalidArgument, path, std::string("missing key \"") + key + "\"");
  return e;
}

Expected<dom::array> Array(dom::element e, const std::string &path) {
  dom::array a;
  if (e.get_array().get(a)) return Bad(ErrorCode::kInvalidArgument, path, "expected an array");
  return a;
}

Expected<uint64_t> U64(dom::element e, const std::string &path) {
  uint64_t v;
  if (e.get_uint64().get(v)) return Bad(ErrorCode::kInvalidArgument, path, "expected an unsigned integer");
  return v;
}

Expected<Domain32> Domain(dom::element e, const std::string &path) {
  auto a = Array(e, path);
  if (!a) return a.GetError();
  if (a->size() != 32) return Bad(ErrorCode::kBadLength, path, std::to_string(a->size()) + " bytes, expected 32");
  Domain32 d{};
  size_t i = 0;
  for (dom::element b : *a) {
    uint64_t v;
    if (b.get_uint64().get(v) || v > 255)
      return Bad(ErrorCode::kInvalidArgument, path + "[" + std::to_string(i) + "]", "expected a byte 0-255");
    d[i++] = uint8_t(v);
  }
  if (!ff::Fr::FromBytesLE(d.data()))
    return Bad(ErrorCode::kNonCanonical, path, "not a canonical field element (value ≥ r)");
  return d;
}

Expected<Domain32> DomainField(dom::object o, const char *key, const std::string &path) {
  auto e = Field(o, key, path);
  if (!e) return e.GetError();
  return Domain(*e, path + "." + key);
}

//! An InclusionPath {"path":[…]} of exactly arities.size() levels.
Status Path(dom::object parent, const char *key, std::span<const size_t> arities, std::vector<PathElement> &out,
            const std::string &parent_path) {
  const std::string path = parent_path + "." + key;
  auto e = Field(parent, key, parent_path);
  if (!e) return e.GetError();
  auto o = Object(*e, path);
  if (!o) return o.GetError();
  auto pe = Field(*o, "path", path);
  if (!pe) return pe.GetError();
  auto levels = Array(*pe, path + ".path");
  if (!levels) return levels.GetError();
  if (levels->size() != arities.size())
    return Bad(ErrorCode::kBadLength, path + ".path",
               std::to_string(levels->size()) + " levels, expected " + std::to_string(arities.size()));
  size_t l = 0;
  for (dom::element level : *levels) {
    const std::string at = path + ".path[" + std::to_string(l) + "]";
    auto lo = Object(level, at);
    if (!lo) return lo.GetError();
    auto he = Field(*lo, "hashes", at);
    if (!he) return he.GetError();
    auto hashes = Array(*he, at + ".hashes");
    if (!hashes) return hashes.GetError();
    if (hashes->size() != arities[l] - 1)
      return Bad(ErrorCode::kBadLength, at + ".hashes",
                 std::to_string(hashes->size()) + " hashes, arity " + std::to_string(arities[l]) + " needs " +
                     std::to_string(arities[l] - 1));
    PathElement pel;
    size_t j = 0;
    for (dom::element h : *hashes) {
      auto d = Domain(h, at + ".hashes[" + std::to_string(j++) + "]");
      if (!d) return d.GetError();
      pel.hashes.push_back(*d);
    }
    auto ie = Field(*lo, "index", at);
    if (!ie) return ie.GetError();
    auto index = U64(*ie, at + ".index");
    if (!index) return index.GetError();
    if (*index >= arities[l])
      return Bad(ErrorCode::kInvalidArgument, at + ".index",
                 "index " + std::to_string(*index) + " ≥ arity " + std::to_string(arities[l]));
    pel.index = *index;
    out.push_back(std::move(pel));
    l++;
  }
  return Status::Ok();
}

Expected<MerkleProof> ReadMerkleProofJson(dom::element e, const MerkleProofShape &shape, const std::string &path) {
  auto o = Object(e, path);
  if (!o) return o.GetError();
  auto de = Field(*o, "data", path);
  if (!de) return de.GetError();
  auto data = Object(*de, path + ".data");
  if (!data) return data.GetError();
  static const char *NAMES[] = {"Single", "Sub", "Top"};
  const char *name = NAMES[static_cast<size_t>(shape.kind)];
  if (data->size() != 1) return Bad(ErrorCode::kInvalidArgument, path + ".data", "expected exactly one variant key");
  auto ve = Field(*data, name, path + ".data");
  if (!ve) return Bad(ErrorCode::kInvalidArgument, path + ".data", std::string("expected variant ") + name);
  const std::string vp = path + ".data." + name;
  auto v = Object(*ve, vp);
  if (!v) return v.GetError();
  MerkleProof m;
  m.kind = shape.kind;
  const std::span<const size_t> arities(shape.arities);
  const size_t base = shape.BaseLevels();
  if (shape.kind == MerkleProofKind::kSingle) {
    if (auto s = Path(*v, "path", arities, m.base, vp); !s) return s.GetError();
  } else {
    if (auto s = Path(*v, "base_proof", arities.subspan(0, base), m.base, vp); !s) return s.GetError();
    if (auto s = Path(*v, "sub_proof", arities.subspan(base, 1), m.sub, vp); !s) return s.GetError();
    if (shape.kind == MerkleProofKind::kTop)
      if (auto s = Path(*v, "top_proof", arities.subspan(base + 1, 1), m.top, vp); !s) return s.GetError();
  }
  auto root = DomainField(*v, "root", vp);
  if (!root) return root.GetError();
  auto leaf = DomainField(*v, "leaf", vp);
  if (!leaf) return leaf.GetError();
  m.root = *root;
  m.leaf = *leaf;
  return m;
}

} // namespace

std::string FallbackPoStSectorProofToJson(const FallbackPoStSectorProof &proof) {
  std::string out = "{\"sector_id\":" + std::to_string(proof.sector_id) + ",\"comm_r\":";
  PutDomain(out, proof.comm_r);
  out += ",\"vanilla_proof\":{\"sectors\":[";
  for (size_t s = 0; s < proof.sectors.size(); s++) {
    if (s) out.push_back(',');
    out += "{\"inclusion_proofs\":[";
    for (size_t i = 0; i < proof.sectors[s].inclusion_proofs.size(); i++) {
      if (i) out.push_back(',');
      PutMerkleProof(out, proof.sectors[s].inclusion_proofs[i]);
    }
    out += "],\"comm_c\":";
    PutDomain(out, proof.sectors[s].comm_c);
    out += ",\"comm_r_last\":";
    PutDomain(out, proof.sectors[s].comm_r_last);
    out.push_back('}');
  }
  out += "]}}";
  return out;
}

Expected<FallbackPoStSectorProof> FallbackPoStSectorProofFromJson(std::string_view json, const PoStConfig &config) {
  auto shape = PoseidonProofShape(config.tree_shape, config.SectorNodes());
  if (!shape) return shape.GetError();
  dom::parser parser;
  dom::element root;
  if (auto err = parser.parse(json.data(), json.size()).get(root); err)
    return Bad(ErrorCode::kInvalidArgument, "$", std::string("malformed JSON: ") + simdjson::error_message(err));
  auto o = Object(root, "$");
  if (!o) return o.GetError();
  FallbackPoStSectorProof out;
  auto ide = Field(*o, "sector_id", "$");
  if (!ide) return ide.GetError();
  auto id = U64(*ide, "$.sector_id");
  if (!id) return id.GetError();
  out.sector_id = *id;
  auto comm_r = DomainField(*o, "comm_r", "$");
  if (!comm_r) return comm_r.GetError();
  out.comm_r = *comm_r;
  auto vpe = Field(*o, "vanilla_proof", "$");
  if (!vpe) return vpe.GetError();
  auto vp = Object(*vpe, "$.vanilla_proof");
  if (!vp) return vp.GetError();
  auto se = Field(*vp, "sectors", "$.vanilla_proof");
  if (!se) return se.GetError();
  auto sectors = Array(*se, "$.vanilla_proof.sectors");
  if (!sectors) return sectors.GetError();
  if (sectors->size() != 1)
    return Bad(ErrorCode::kBadLength, "$.vanilla_proof.sectors",
               std::to_string(sectors->size()) + " SectorProofs, expected 1");
  const std::string sp = "$.vanilla_proof.sectors[0]";
  auto so = Object(sectors->at(0).value_unsafe(), sp);
  if (!so) return so.GetError();
  PoStSectorProof sector;
  auto ipe = Field(*so, "inclusion_proofs", sp);
  if (!ipe) return ipe.GetError();
  auto ips = Array(*ipe, sp + ".inclusion_proofs");
  if (!ips) return ips.GetError();
  if (ips->size() != config.challenge_count)
    return Bad(ErrorCode::kBadLength, sp + ".inclusion_proofs",
               std::to_string(ips->size()) + " proofs, expected " + std::to_string(config.challenge_count));
  size_t i = 0;
  for (dom::element e : *ips) {
    auto m = ReadMerkleProofJson(e, *shape, sp + ".inclusion_proofs[" + std::to_string(i++) + "]");
    if (!m) return m.GetError();
    sector.inclusion_proofs.push_back(std::move(m).Value());
  }
  auto comm_c = DomainField(*so, "comm_c", sp);
  if (!comm_c) return comm_c.GetError();
  auto comm_r_last = DomainField(*so, "comm_r_last", sp);
  if (!comm_r_last) return comm_r_last.GetError();
  sector.comm_c = *comm_c;
  sector.comm_r_last = *comm_r_last;
  out.sectors.push_back(std::move(sector));
  return out;
}

} // namespace cuzk::filecoin

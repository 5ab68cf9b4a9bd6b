// src/filecoin/porep/c1_json_read.cpp — ParseC1Json: simdjson On Demand over the C1 JSON into
// SealCommitPhase1Output (spec/porep.md §5).
//
// On Demand keeps no DOM: a 32GiB C1 (≈50 MB, mostly small integers) would need ≈4× its size as
// a DOM tape. Each reader returns false after recording one error; the error message is built
// only then, from the path stack, so the happy path pays one push/pop per nested value.
#include "filecoin/porep/c1_json.hpp"

#include "ff/bigint.hpp"
#include "ff/bls12_381.hpp"
#include "filecoin/core/registered_seal_proof.hpp"

#include <simdjson.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

namespace cuzk::filecoin {
namespace {

namespace od = simdjson::ondemand;

bool IsCanonicalFr(const Domain32 &bytes) {
  return ff::big::Less(ff::Fr::ReprFromBytesLE(bytes.data()), ff::Fr::MODULUS);
}

std::string HexBE(const Domain32 &bytes) {
  std::string s = "0x";
  char buf[3];
  for (size_t i = bytes.size(); i-- > 0;) {
    std::snprintf(buf, sizeof(buf), "%02x", bytes[i]);
    s += buf;
  }
  return s;
}

//! Whether a 32-byte value must be a canonical Fr (everything but seed and ticket).
enum class DomainKind { kFr, kRaw };

class C1Reader {
public:
  std::optional<Error> error;

  bool ReadTop(od::document_reference &doc, SealCommitPhase1Output &out) {
    od::object obj;
    if (auto e = doc.get_object().get(obj)) return JsonFail(e, "a JSON object (SealCommitPhase1Output)");
    std::string variant;
    static constexpr std::array<std::string_view, 7> KEYS = {"registered_proof", "vanilla_proofs", "comm_r", "comm_d",
                                                             "replica_id",       "seed",           "ticket"};
    bool ok = ReadFields(obj, KEYS, [&](size_t k, od::value v) {
      switch (k) {
      case 0:
        return ReadString(v, out.registered_proof, "a registered proof name");
      case 1:
        return ReadVanillaProofs(v, variant, out.vanilla_proofs);
      case 2:
        return ReadDomain(v, out.comm_r, DomainKind::kFr);
      case 3:
        return ReadDomain(v, out.comm_d, DomainKind::kFr);
      case 4:
        return ReadDomain(v, out.replica_id, DomainKind::kFr);
      case 5:
        return ReadDomain(v, out.seed, DomainKind::kRaw);
      default:
        return ReadDomain(v, out.ticket, DomainKind::kRaw);
      }
    });
    if (!ok) return false;
    auto expected = VanillaProofVariantName(out.registered_proof);
    if (!expected) {
      path_.push_back({"registered_proof"});
      return Fail(ErrorCode::kInvalidArgument, expected.ErrorMessage());
    }
    if (*expected != variant) {
      path_.push_back({"vanilla_proofs"});
      return Fail(ErrorCode::kInvalidArgument, "expected the variant " + *expected + " (registered_proof " +
                                                   out.registered_proof + "), found " + variant);
    }
    return true;
  }

private:
  struct Seg {
    std::string_view key; //!< points at a static key or into the parser's string buffer
    int64_t index = -1;   //!< an array index when ≥ 0
  };
  std::vector<Seg> path_;

  struct Push {
    Push(C1Reader &r, std::string_view key) : r_(r) { r_.path_.push_back({key}); }
    Push(C1Reader &r, int64_t index) : r_(r) { r_.path_.push_back({{}, index}); }
    ~Push() {
      if (!r_.error) r_.path_.pop_back(); // on failure the path stays for the message
    }
    C1Reader &r_;
  };

  std::string PathString() const {
    std::string s;
    for (const Seg &seg : path_) {
      if (seg.index >= 0) {
        s += '[' + std::to_string(seg.index) + ']';
      } else {
        if (!s.empty()) s += '.';
        s += seg.key;
      }
    }
    return s.empty() ? std::string("(document)") : s;
  }

  bool Fail(ErrorCode code, const std::string &what) {
    if (!error) error = MakeError(code, "C1 JSON: " + PathString() + ": " + what);
    return false;
  }
  bool JsonFail(simdjson::error_code e, const char *expected) {
    return Fail(ErrorCode::kInvalidArgument, std::string("expected ") + expected + ", found " + DescribeError(e));
  }
  static std::string DescribeError(simdjson::error_code e) {
    switch (e) {
    case simdjson::INCORRECT_TYPE:
      return "a value of another type";
    case simdjson::NUMBER_ERROR:
    case simdjson::NUMBER_OUT_OF_RANGE:
      return "a number out of range";
    default:
      return std::string("malformed JSON (") + simdjson::error_message(e) + ")";
    }
  }

  //! Calls fn(k, value) for each key of `keys` present; unknown keys are skipped (serde's default);
  //! a duplicate or missing key is an error.
  template <size_t N, class Fn> bool ReadFields(od::object &obj, const std::array<std::string_view, N> &keys, Fn &&fn) {
    uint32_t seen = 0;
    for (auto field_result : obj) {
      od::field field;
      if (auto e = std::move(field_result).get(field)) return JsonFail(e, "an object member");
      std::string_view key;
      if (auto e = field.unescaped_key().get(key)) return JsonFail(e, "a key");
      size_t k = 0;
      while (k < N && keys[k] != key) k++;
      if (k == N) continue;
      Push p(*this, keys[k]);
      if (seen & (1u << k)) return Fail(ErrorCode::kInvalidArgument, "duplicate field");
      seen |= 1u << k;
      if (!fn(k, field.value())) return false;
    }
    for (size_t k = 0; k < N; k++) {
      if (!(seen & (1u << k))) return Fail(ErrorCode::kInvalidArgument, "missing field `" + std::string(keys[k]) + "`");
    }
    return true;
  }

  template <size_t N, class Fn>
  bool ReadObject(od::value v, const char *what, const std::array<std::string_view, N> &keys, Fn &&fn) {
    od::object obj;
    if (auto e = v.get_object().get(obj)) return JsonFail(e, what);
    return ReadFields(obj, keys, std::forward<Fn>(fn));
  }

  //! An externally tagged serde enum: an object with exactly one key, which must be a variant
  //! accepted by fn(key, value) (fn returns nullopt for an unknown variant).
  template <class Fn> bool ReadEnum(od::value v, const char *what, Fn &&fn) {
    od::object obj;
    if (auto e = v.get_object().get(obj)) return JsonFail(e, what);
    size_t count = 0;
    for (auto field_result : obj) {
      od::field field;
      if (auto e = std::move(field_result).get(field)) return JsonFail(e, "an object member");
      std::string_view key;
      if (auto e = field.unescaped_key().get(key)) return JsonFail(e, "a key");
      if (++count > 1)
        return Fail(ErrorCode::kInvalidArgument, std::string("expected ") + what + " with one key, found more");
      Push p(*this, key);
      std::optional<bool> r = fn(key, field.value());
      if (!r) return Fail(ErrorCode::kInvalidArgument, std::string("unknown variant of ") + what);
      if (!*r) return false;
    }
    if (count == 0)
      return Fail(ErrorCode::kInvalidArgument, std::string("expected ") + what + " with one key, found {}");
    return true;
  }

  //! A JSON array; fn(i, value) per element.
  template <class Fn> bool ReadArray(od::value v, const char *what, Fn &&fn) {
    od::array arr;
    if (auto e = v.get_array().get(arr)) return JsonFail(e, what);
    int64_t i = 0;
    for (auto elem_result : arr) {
      od::value elem;
      Push p(*this, i);
      if (auto e = std::move(elem_result).get(elem)) return JsonFail(e, "an array element");
      if (!fn(i, elem)) return false;
      i++;
    }
    return true;
  }

  template <class T, class Fn> bool ReadVector(od::value v, const char *what, std::vector<T> &out, Fn &&read_one) {
    out.clear();
    return ReadArray(v, what, [&](int64_t, od::value elem) {
      out.emplace_back();
      return read_one(elem, out.back());
    });
  }

  bool ReadString(od::value v, std::string &out, const char *what) {
    std::string_view s;
    if (auto e = v.get_string().get(s)) return JsonFail(e, what);
    out.assign(s);
    return true;
  }

  bool ReadU64(od::value v, uint64_t &out, uint64_t max, const char *what) {
    uint64_t x;
    if (auto e = v.get_uint64().get(x)) return JsonFail(e, what);
    if (x > max)
      return Fail(ErrorCode::kInvalidArgument, std::string("expected ") + what + ", found " + std::to_string(x));
    out = x;
    return true;
  }
  bool ReadU32(od::value v, uint32_t &out, const char *what) {
    uint64_t x;
    if (!ReadU64(v, x, UINT32_MAX, what)) return false;
    out = static_cast<uint32_t>(x);
    return true;
  }

  //! serde's [u8;32]: an array of exactly 32 integers 0..255.
  bool ReadDomain(od::value v, Domain32 &out, DomainKind kind) {
    od::array arr;
    if (auto e = v.get_array().get(arr)) return JsonFail(e, "an array of 32 bytes");
    size_t n = 0;
    for (auto elem_result : arr) {
      uint64_t x;
      if (auto e = elem_result.get_uint64().get(x)) {
        Push p(*this, static_cast<int64_t>(n));
        return JsonFail(e, "an integer 0..255");
      }
      if (x > 255) {
        Push p(*this, static_cast<int64_t>(n));
        return Fail(ErrorCode::kInvalidArgument, "expected an integer 0..255, found " + std::to_string(x));
      }
      if (n == 32) return Fail(ErrorCode::kBadLength, "expected 32 bytes, found more");
      out[n++] = static_cast<uint8_t>(x);
    }
    if (n != 32) return Fail(ErrorCode::kBadLength, "expected 32 bytes, found " + std::to_string(n));
    if (kind == DomainKind::kFr && !IsCanonicalFr(out)) {
      return Fail(ErrorCode::kNonCanonical,
                  "expected a canonical Fr (< r), found " + HexBE(out) + " (as a LE integer)");
    }
    return true;
  }

  bool ReadDomains(od::value v, std::vector<Domain32> &out) {
    return ReadVector(v, "an array of 32-byte values", out,
                      [&](od::value elem, Domain32 &d) { return ReadDomain(elem, d, DomainKind::kFr); });
  }

  bool ReadPathElements(od::value v, std::vector<PathElement> &out) {
    // InclusionPath { path: Vec<PathElement> }
    static constexpr std::array<std::string_view, 1> KEYS = {"path"};
    return ReadObject(v, "an InclusionPath object", KEYS, [&](size_t, od::value pv) {
      return ReadVector(pv, "an array of PathElement", out, [&](od::value ev, PathElement &pe) {
        static constexpr std::array<std::string_view, 2> PE_KEYS = {"hashes", "index"};
        return ReadObject(ev, "a PathElement object", PE_KEYS, [&](size_t k, od::value fv) {
          return k == 0 ? ReadDomains(fv, pe.hashes) : ReadU64(fv, pe.index, UINT64_MAX, "a usize index");
        });
      });
    });
  }

  bool ReadMerkleProof(od::value v, MerkleProof &mp) {
    static constexpr std::array<std::string_view, 1> KEYS = {"data"};
    return ReadObject(v, "a MerkleProof object", KEYS, [&](size_t, od::value dv) {
      return ReadEnum(dv, "ProofData (Single, Sub or Top)", [&](std::string_view variant, od::value pv) {
        std::optional<bool> r;
        if (variant == "Single") {
          mp.kind = MerkleProofKind::kSingle;
          static constexpr std::array<std::string_view, 3> S = {"root", "leaf", "path"};
          r = ReadObject(pv, "a SingleProof object", S, [&](size_t k, od::value fv) {
            return k == 0   ? ReadDomain(fv, mp.root, DomainKind::kFr)
                   : k == 1 ? ReadDomain(fv, mp.leaf, DomainKind::kFr)
                            : ReadPathElements(fv, mp.base);
          });
        } else if (variant == "Sub" || variant == "Top") {
          // a TopProof is a SubProof with a third path, top_proof, before the root and the leaf
          const bool top = variant == "Top";
          mp.kind = top ? MerkleProofKind::kTop : MerkleProofKind::kSub;
          std::vector<PathElement> *const paths[] = {&mp.base, &mp.sub, &mp.top};
          const size_t path_count = top ? 3 : 2;
          const auto field = [&](size_t k, od::value fv) {
            if (k < path_count) return ReadPathElements(fv, *paths[k]);
            return ReadDomain(fv, k == path_count ? mp.root : mp.leaf, DomainKind::kFr);
          };
          static constexpr std::array<std::string_view, 4> SUB = {"base_proof", "sub_proof", "root", "leaf"};
          static constexpr std::array<std::string_view, 5> TOP = {"base_proof", "sub_proof", "top_proof", "root",
                                                                  "leaf"};
          r = top ? ReadObject(pv, "a TopProof object", TOP, field) : ReadObject(pv, "a SubProof object", SUB, field);
        }
        return r;
      });
    });
  }

  bool ReadColumnProof(od::value v, ColumnProof &cp) {
    static constexpr std::array<std::string_view, 2> KEYS = {"column", "inclusion_proof"};
    return ReadObject(v, "a ColumnProof object", KEYS, [&](size_t k, od::value fv) {
      if (k == 1) return ReadMerkleProof(fv, cp.inclusion_proof);
      static constexpr std::array<std::string_view, 3> C = {"index", "rows", "_h"};
      return ReadObject(fv, "a Column object", C, [&](size_t ck, od::value cv) {
        if (ck == 0) return ReadU32(cv, cp.column.index, "a u32 index");
        if (ck == 1) return ReadDomains(cv, cp.column.rows);
        bool is_null = false;
        if (auto e = cv.is_null().get(is_null)) return JsonFail(e, "null (PhantomData)");
        return is_null || Fail(ErrorCode::kInvalidArgument, "expected null (PhantomData), found another value");
      });
    });
  }

  bool ReadColumnProofs(od::value v, std::vector<ColumnProof> &out) {
    return ReadVector(v, "an array of ColumnProof", out,
                      [&](od::value ev, ColumnProof &cp) { return ReadColumnProof(ev, cp); });
  }

  bool ReadLabelingProof(od::value v, LabelingProof &lp) {
    static constexpr std::array<std::string_view, 3> KEYS = {"parents", "layer_index", "node"};
    return ReadObject(v, "a LabelingProof object", KEYS, [&](size_t k, od::value fv) {
      return k == 0   ? ReadDomains(fv, lp.parents)
             : k == 1 ? ReadU32(fv, lp.layer_index, "a u32 layer index")
                      : ReadU64(fv, lp.node, UINT64_MAX, "a u64 node");
    });
  }

  bool ReadChallengeProof(od::value v, PorepChallengeProof &p) {
    static constexpr std::array<std::string_view, 5> KEYS = {
        "comm_d_proofs", "comm_r_last_proof", "replica_column_proofs", "labeling_proofs", "encoding_proof"};
    return ReadObject(v, "a vanilla Proof object", KEYS, [&](size_t k, od::value fv) {
      switch (k) {
      case 0:
        return ReadMerkleProof(fv, p.comm_d_proofs);
      case 1:
        return ReadMerkleProof(fv, p.comm_r_last_proof);
      case 2: {
        static constexpr std::array<std::string_view, 3> R = {"c_x", "drg_parents", "exp_parents"};
        ReplicaColumnProof &rcp = p.replica_column_proofs;
        return ReadObject(fv, "a ReplicaColumnProof object", R, [&](size_t rk, od::value rv) {
          return rk == 0   ? ReadColumnProof(rv, rcp.c_x)
                 : rk == 1 ? ReadColumnProofs(rv, rcp.drg_parents)
                           : ReadColumnProofs(rv, rcp.exp_parents);
        });
      }
      case 3:
        return ReadVector(fv, "an array of LabelingProof", p.labeling_proofs,
                          [&](od::value ev, LabelingProof &lp) { return ReadLabelingProof(ev, lp); });
      default:
        return ReadLabelingProof(fv, p.encoding_proof);
      }
    });
  }

  bool ReadVanillaProofs(od::value v, std::string &variant, std::vector<std::vector<PorepChallengeProof>> &out) {
    return ReadEnum(v, "VanillaSealProof", [&](std::string_view key, od::value pv) -> std::optional<bool> {
      if (!VanillaProofVariantName(key)) return std::nullopt;
      variant.assign(key);
      return ReadVector(
          pv, "an array of partitions", out, [&](od::value partition, std::vector<PorepChallengeProof> &ps) {
            return ReadVector(partition, "an array of challenge proofs", ps,
                              [&](od::value ev, PorepChallengeProof &p) { return ReadChallengeProof(ev, p); });
          });
    });
  }
};

} // namespace

Expected<std::string> VanillaProofVariantName(std::string_view registered_proof) {
  auto proof = SealProofFromName(registered_proof);
  if (!proof) {
    return MakeError(ErrorCode::kInvalidArgument,
                     "expected a RegisteredSealProof name, found \"" + std::string(registered_proof) + "\"");
  }
  return std::string(GetSealProofInfo(*proof).vanilla_name);
}

namespace {

static_assert(simdjson::SIMDJSON_PADDING <= C1_JSON_PADDING);

//! `json` is followed by at least SIMDJSON_PADDING readable bytes.
Expected<SealCommitPhase1Output> ParsePadded(std::string_view json) {
  od::parser parser;
  // iterate_many over one batch holding the whole input, so that content after the root object
  // shows as a second document (serde_json rejects trailing characters; iterate() would not see it)
  od::document_stream stream;
  if (auto e = parser.iterate_many(json.data(), json.size(), std::max<size_t>(json.size(), 1024)).get(stream)) {
    return MakeError(ErrorCode::kInvalidArgument,
                     std::string("C1 JSON: not a JSON document: ") + simdjson::error_message(e));
  }
  auto it = stream.begin();
  if (!(it != stream.end())) { // document_stream::iterator has only !=
    return MakeError(ErrorCode::kInvalidArgument,
                     "C1 JSON: not a complete JSON document (truncated, or brackets unbalanced)");
  }
  SealCommitPhase1Output out;
  {
    od::document_reference doc;
    if (auto e = (*it).get(doc)) {
      return MakeError(ErrorCode::kInvalidArgument,
                       std::string("C1 JSON: not a JSON document: ") + simdjson::error_message(e));
    }
    C1Reader reader;
    if (!reader.ReadTop(doc, out)) return *reader.error;
  }
  ++it;
  if (it != stream.end() || stream.truncated_bytes() != 0) {
    return MakeError(ErrorCode::kInvalidArgument, "C1 JSON: trailing content after the root object");
  }
  return out;
}

} // namespace

Expected<SealCommitPhase1Output> ParseC1Json(std::string_view json) {
  const simdjson::padded_string padded(json.data(), json.size());
  return ParsePadded(std::string_view(padded.data(), padded.size()));
}

Expected<SealCommitPhase1Output> ParseC1JsonInPlace(std::span<const uint8_t> json) {
  return ParsePadded(std::string_view(reinterpret_cast<const char *>(json.data()), json.size()));
}

} // namespace cuzk::filecoin

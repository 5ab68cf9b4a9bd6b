// src/filecoin/porep/c1_envelope.cpp — base64 and the {SectorNum, Phase1Out, SectorSize} envelope.
#include "filecoin/porep/c1_envelope.hpp"

#include "filecoin/core/registered_seal_proof.hpp"
#include "filecoin/porep/c1_json.hpp"

#include <simdjson.h>

#include <algorithm>
#include <array>
#include <string>

namespace cuzk::filecoin {
namespace {

namespace od = simdjson::ondemand;

constexpr char ALPHABET[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
constexpr uint8_t INVALID = 0xff;

constexpr std::array<uint8_t, 256> DecodeTable() {
  std::array<uint8_t, 256> t{};
  for (auto &v : t) v = INVALID;
  for (uint8_t i = 0; i < 64; i++) t[uint8_t(ALPHABET[i])] = i;
  return t;
}
constexpr std::array<uint8_t, 256> DECODE = DecodeTable();

Error EnvelopeError(const std::string &what) { return MakeError(ErrorCode::kInvalidArgument, "C1 envelope: " + what); }

std::string DescribeJsonError(simdjson::error_code e) {
  return e == simdjson::INCORRECT_TYPE ? std::string("a value of another type")
                                       : std::string("an invalid value (") + simdjson::error_message(e) + ")";
}

} // namespace

std::string Base64Encode(std::span<const uint8_t> bytes) {
  std::string out;
  out.reserve((bytes.size() + 2) / 3 * 4);
  size_t i = 0;
  for (; i + 3 <= bytes.size(); i += 3) {
    uint32_t v = uint32_t(bytes[i]) << 16 | uint32_t(bytes[i + 1]) << 8 | bytes[i + 2];
    out += ALPHABET[v >> 18];
    out += ALPHABET[(v >> 12) & 63];
    out += ALPHABET[(v >> 6) & 63];
    out += ALPHABET[v & 63];
  }
  if (size_t rest = bytes.size() - i) {
    uint32_t v = uint32_t(bytes[i]) << 16 | (rest == 2 ? uint32_t(bytes[i + 1]) << 8 : 0);
    out += ALPHABET[v >> 18];
    out += ALPHABET[(v >> 12) & 63];
    out += rest == 2 ? ALPHABET[(v >> 6) & 63] : '=';
    out += '=';
  }
  return out;
}

Expected<std::vector<uint8_t>> Base64Decode(std::string_view text) {
  if (text.size() % 4 != 0) {
    return MakeError(ErrorCode::kInvalidArgument,
                     "base64: length " + std::to_string(text.size()) + " is not a multiple of 4 (padding missing?)");
  }
  size_t padding = 0;
  if (!text.empty() && text.back() == '=') padding = text[text.size() - 2] == '=' ? 2 : 1;
  const size_t size = text.size() / 4 * 3 - padding;
  std::vector<uint8_t> out(size + C1_JSON_PADDING); // zeros past the end stay allocated after the resize
  out.resize(size);
  const size_t groups = text.size() / 4;
  auto bad = [&](size_t pos) {
    const unsigned char c = static_cast<unsigned char>(text[pos]);
    return MakeError(ErrorCode::kInvalidArgument,
                     "base64: invalid character 0x" + std::string(1, "0123456789abcdef"[c >> 4]) +
                         std::string(1, "0123456789abcdef"[c & 15]) + " at offset " + std::to_string(pos));
  };
  size_t o = 0;
  for (size_t g = 0; g < groups; g++) {
    const size_t p = 4 * g;
    const bool last = g + 1 == groups;
    const size_t chars = last ? 4 - padding : 4; // significant characters in this group
    uint32_t v = 0;
    for (size_t j = 0; j < 4; j++) {
      uint8_t d = 0;
      if (j < chars) {
        d = DECODE[static_cast<unsigned char>(text[p + j])];
        if (d == INVALID) return bad(p + j);
      }
      v = v << 6 | d;
    }
    out[o++] = uint8_t(v >> 16);
    if (chars > 2) out[o++] = uint8_t(v >> 8);
    if (chars > 3) out[o++] = uint8_t(v);
  }
  return out;
}

namespace {

Expected<C1Envelope> ReadEnvelope(od::document_reference &doc) {
  od::object obj;
  if (auto e = doc.get_object().get(obj)) return EnvelopeError("expected a JSON object, found " + DescribeJsonError(e));
  C1Envelope env;
  bool seen[3] = {false, false, false};
  static constexpr std::array<std::string_view, 3> KEYS = {"SectorNum", "Phase1Out", "SectorSize"};
  for (auto field_result : obj) {
    od::field field;
    if (auto e = std::move(field_result).get(field)) return EnvelopeError("malformed object: " + DescribeJsonError(e));
    std::string_view key;
    if (auto e = field.unescaped_key().get(key)) return EnvelopeError("malformed key: " + DescribeJsonError(e));
    size_t k = 0;
    while (k < KEYS.size() && KEYS[k] != key) k++;
    if (k == KEYS.size()) continue; // serde ignores unknown keys
    const std::string name(KEYS[k]);
    if (seen[k]) return EnvelopeError(name + ": duplicate field");
    seen[k] = true;
    od::value v = field.value();
    if (k == 0) {
      if (auto e = v.get_int64().get(env.sector_num)) {
        return EnvelopeError(name + ": expected an int64, found " + DescribeJsonError(e));
      }
    } else if (k == 2) {
      if (auto e = v.get_uint64().get(env.sector_size)) {
        return EnvelopeError(name + ": expected a uint64, found " + DescribeJsonError(e));
      }
    } else {
      std::string_view b64;
      if (auto e = v.get_string().get(b64)) {
        return EnvelopeError(name + ": expected a base64 string, found " + DescribeJsonError(e));
      }
      auto bytes = Base64Decode(b64);
      if (!bytes) return EnvelopeError(name + ": " + bytes.ErrorMessage());
      env.phase1_out = std::move(bytes).Value();
    }
  }
  for (size_t k = 0; k < KEYS.size(); k++) {
    if (!seen[k]) return EnvelopeError("missing field `" + std::string(KEYS[k]) + "`");
  }
  return env;
}

} // namespace

Expected<C1Envelope> ParseC1Envelope(std::string_view json) {
  simdjson::padded_string padded(json.data(), json.size());
  od::parser parser;
  // one batch over the whole input: content after the root object shows as a second document
  od::document_stream stream;
  if (auto e = parser.iterate_many(padded, std::max<size_t>(padded.size(), 1024)).get(stream)) {
    return EnvelopeError(std::string("not a JSON document: ") + simdjson::error_message(e));
  }
  auto it = stream.begin();
  if (!(it != stream.end())) return EnvelopeError("not a complete JSON document (truncated, or brackets unbalanced)");
  od::document_reference doc;
  if (auto e = (*it).get(doc)) return EnvelopeError(std::string("not a JSON document: ") + simdjson::error_message(e));
  auto env = ReadEnvelope(doc);
  if (!env) return env;
  ++it;
  if (it != stream.end() || stream.truncated_bytes() != 0)
    return EnvelopeError("trailing content after the root object");
  return env;
}

std::string WriteC1Envelope(const C1Envelope &envelope) {
  std::string out = "{\"SectorNum\":" + std::to_string(envelope.sector_num) + ",\"Phase1Out\":\"";
  out += Base64Encode(envelope.phase1_out);
  out += "\",\"SectorSize\":" + std::to_string(envelope.sector_size) + "}";
  return out;
}

Expected<C1Request> ParseC1Request(std::string_view envelope_json) {
  auto env = ParseC1Envelope(envelope_json);
  if (!env) return env.GetError();
  if (env->sector_num < 0) {
    return EnvelopeError("SectorNum: expected a sector number ≥ 0, found " + std::to_string(env->sector_num));
  }
  auto c1 = ParseC1JsonInPlace(env->phase1_out); // Base64Decode left the padding
  if (!c1) return MakeError(c1.Code(), "C1 envelope: Phase1Out: " + c1.ErrorMessage());
  // ParseC1Json accepted the name, so it is one of the registered proofs
  const SealProofInfo &info = GetSealProofInfo(*SealProofFromName(c1->registered_proof));
  if (env->sector_size != info.sector_size) {
    return EnvelopeError("SectorSize: expected " + std::to_string(info.sector_size) + " (" + c1->registered_proof +
                         "), found " + std::to_string(env->sector_size));
  }
  C1Request req;
  req.sector_num = env->sector_num;
  req.sector_size = env->sector_size;
  req.c1 = std::move(c1).Value();
  return req;
}

} // namespace cuzk::filecoin

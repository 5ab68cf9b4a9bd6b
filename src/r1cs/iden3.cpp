// src/r1cs/iden3.cpp
#include "r1cs/iden3.hpp"

#include <cstring>
#include <fstream>
#include <map>

namespace cuzk::r1cs {

namespace {

constexpr uint32_t FR_BYTES = 32;

// Bounds-checked little-endian reader over one byte range.
class Reader {
public:
  explicit Reader(std::span<const uint8_t> b) : b_(b) {}
  size_t Remaining() const { return b_.size() - pos_; }
  bool Read(void *out, size_t n) {
    if (n > Remaining()) return false;
    std::memcpy(out, b_.data() + pos_, n);
    pos_ += n;
    return true;
  }
  template <class T> bool ReadLE(T &v) {
    uint8_t tmp[sizeof(T)];
    if (!Read(tmp, sizeof(T))) return false;
    v = 0;
    for (size_t i = sizeof(T); i-- > 0;) v = T(v << 8) | tmp[i];
    return true;
  }
  std::span<const uint8_t> Take(size_t n) {
    auto s = b_.subspan(pos_, n);
    pos_ += n;
    return s;
  }

private:
  std::span<const uint8_t> b_;
  size_t pos_ = 0;
};

using Sections = std::map<uint32_t, std::span<const uint8_t>>;

Expected<Sections> ParseBinFile(std::span<const uint8_t> bytes, const char magic[4], uint32_t max_version,
                                const char *what) {
  Reader r(bytes);
  char m[4];
  uint32_t version, n_sections;
  if (!r.Read(m, 4) || std::memcmp(m, magic, 4) != 0)
    return InvalidArgument(std::string(what) + ": not an iden3 file (bad magic)");
  if (!r.ReadLE(version) || !r.ReadLE(n_sections)) return InvalidArgument(std::string(what) + ": truncated header");
  if (version == 0 || version > max_version)
    return InvalidArgument(std::string(what) + ": unsupported version " + std::to_string(version));
  Sections sections;
  for (uint32_t i = 0; i < n_sections; i++) {
    uint32_t type;
    uint64_t size;
    if (!r.ReadLE(type) || !r.ReadLE(size))
      return InvalidArgument(std::string(what) + ": truncated section header " + std::to_string(i));
    if (size > r.Remaining())
      return InvalidArgument(std::string(what) + ": section " + std::to_string(type) + " claims " +
                             std::to_string(size) + " bytes, only " + std::to_string(r.Remaining()) + " left");
    if (!sections.emplace(type, r.Take(size)).second)
      return InvalidArgument(std::string(what) + ": duplicate section " + std::to_string(type));
  }
  return sections;
}

// The prime in a header must be r, in n8 = 32 bytes.
Status CheckPrime(Reader &r, const char *what) {
  uint32_t n8;
  if (!r.ReadLE(n8)) return InvalidArgument(std::string(what) + ": truncated field header");
  if (n8 != FR_BYTES)
    return InvalidArgument(std::string(what) + ": field size " + std::to_string(n8) + " is not 32 (BLS12-381 Fr)");
  uint8_t prime[FR_BYTES];
  if (!r.Read(prime, FR_BYTES)) return InvalidArgument(std::string(what) + ": truncated prime");
  if (Fr::ReprFromBytesLE(prime) != Fr::MODULUS)
    return InvalidArgument(std::string(what) + ": prime is not BLS12-381's r");
  return {};
}

bool ReadFr(Reader &r, Fr &out) {
  uint8_t b[FR_BYTES];
  if (!r.Read(b, FR_BYTES)) return false;
  auto v = Fr::FromBytesLE(b);
  if (!v) return false;
  out = *v;
  return true;
}

Status ReadLc(Reader &r, uint32_t num_wires, SparseMatrix &m, uint32_t constraint) {
  uint32_t n;
  if (!r.ReadLE(n)) return InvalidArgument(".r1cs: truncated constraint " + std::to_string(constraint));
  if (uint64_t(n) * (4 + FR_BYTES) > r.Remaining())
    return InvalidArgument(".r1cs: constraint " + std::to_string(constraint) + " claims " + std::to_string(n) +
                           " terms, more than the section holds");
  for (uint32_t i = 0; i < n; i++) {
    uint32_t wire = 0;
    Fr coeff;
    r.ReadLE(wire); // cannot fail: the term count was bounded by the bytes left
    if (wire >= num_wires)
      return InvalidArgument(".r1cs: constraint " + std::to_string(constraint) + " uses wire " + std::to_string(wire) +
                             " of " + std::to_string(num_wires));
    if (!ReadFr(r, coeff))
      return InvalidArgument(".r1cs: constraint " + std::to_string(constraint) + ": coefficient ≥ r");
    m.columns.push_back(wire);
    m.values.push_back(coeff);
  }
  m.row_start.push_back(m.columns.size());
  return {};
}

} // namespace

Expected<Iden3R1cs> ParseIden3R1cs(std::span<const uint8_t> bytes) {
  auto sections = ParseBinFile(bytes, "r1cs", 1, ".r1cs");
  if (!sections) return sections.GetError();
  auto header = sections->find(1), body = sections->find(2);
  if (header == sections->end()) return InvalidArgument(".r1cs: no header section (1)");
  if (body == sections->end()) return InvalidArgument(".r1cs: no constraints section (2)");

  Iden3R1cs out;
  Reader h(header->second);
  if (auto s = CheckPrime(h, ".r1cs"); !s) return s.GetError();
  uint32_t num_constraints;
  if (!h.ReadLE(out.num_wires) || !h.ReadLE(out.num_pub_out) || !h.ReadLE(out.num_pub_in) ||
      !h.ReadLE(out.num_prv_in) || !h.ReadLE(out.num_labels) || !h.ReadLE(num_constraints))
    return InvalidArgument(".r1cs: truncated header section");
  if (out.num_wires == 0) return InvalidArgument(".r1cs: no wires (wire 0 must be ONE)");
  if (uint64_t(out.num_pub_out) + out.num_pub_in + out.num_prv_in >= out.num_wires)
    return InvalidArgument(".r1cs: more outputs and inputs than wires");

  Reader r(body->second);
  // each constraint takes at least three u32 term counts: bounds the reservation by the bytes
  if (uint64_t(num_constraints) * 12 > r.Remaining())
    return InvalidArgument(".r1cs: " + std::to_string(num_constraints) + " constraints cannot fit in the section");
  for (SparseMatrix *m : {&out.a, &out.b, &out.c}) m->row_start.reserve(size_t(num_constraints) + 1);
  for (uint32_t i = 0; i < num_constraints; i++) {
    for (SparseMatrix *m : {&out.a, &out.b, &out.c}) {
      if (auto s = ReadLc(r, out.num_wires, *m, i); !s) return s.GetError();
    }
  }
  if (r.Remaining() != 0)
    return InvalidArgument(".r1cs: " + std::to_string(r.Remaining()) + " stray bytes after the constraints");
  return out;
}

Expected<std::vector<Fr>> ParseIden3Wtns(std::span<const uint8_t> bytes) {
  auto sections = ParseBinFile(bytes, "wtns", 2, ".wtns");
  if (!sections) return sections.GetError();
  auto header = sections->find(1), body = sections->find(2);
  if (header == sections->end()) return InvalidArgument(".wtns: no header section (1)");
  if (body == sections->end()) return InvalidArgument(".wtns: no values section (2)");
  Reader h(header->second);
  if (auto s = CheckPrime(h, ".wtns"); !s) return s.GetError();
  uint32_t n;
  if (!h.ReadLE(n)) return InvalidArgument(".wtns: truncated header section");
  if (uint64_t(n) * FR_BYTES != body->second.size())
    return InvalidArgument(".wtns: " + std::to_string(n) + " values need " + std::to_string(uint64_t(n) * FR_BYTES) +
                           " bytes, the section has " + std::to_string(body->second.size()));
  Reader r(body->second);
  std::vector<Fr> w(n);
  for (uint32_t i = 0; i < n; i++) {
    if (!ReadFr(r, w[i])) return InvalidArgument(".wtns: value " + std::to_string(i) + " is not below r");
  }
  if (n == 0 || !w[0].IsOne()) return InvalidArgument(".wtns: wire 0 (ONE) is not 1");
  return w;
}

Expected<std::vector<uint8_t>> ReadWholeFile(const std::string &path) {
  std::ifstream f(path, std::ios::binary | std::ios::ate);
  if (!f) return MakeError(ErrorCode::kNotFound, path + ": cannot open");
  std::streamsize size = f.tellg();
  f.seekg(0);
  std::vector<uint8_t> bytes(static_cast<size_t>(size));
  if (!f.read(reinterpret_cast<char *>(bytes.data()), size)) return InvalidArgument(path + ": read failed");
  return bytes;
}

Expected<Iden3Circuit> Iden3Circuit::Make(Iden3R1cs r1cs, std::vector<Fr> witness) {
  if (!witness.empty() && witness.size() != r1cs.num_wires)
    return InvalidArgument("witness has " + std::to_string(witness.size()) + " values, the R1CS " +
                           std::to_string(r1cs.num_wires) + " wires");
  return Iden3Circuit(std::move(r1cs), std::move(witness));
}

void Iden3Circuit::Synthesize(ConstraintSystem &cs) const {
  std::vector<Variable> vars(r1cs_.num_wires);
  vars[0] = ConstraintSystem::One();
  const uint32_t num_public = r1cs_.NumPublic();
  auto value_of = [&](uint32_t w) { return witness_.empty() ? Fr::Zero() : witness_[w]; };
  for (uint32_t w = 1; w < r1cs_.num_wires; w++) {
    if (w <= num_public)
      vars[w] = cs.AllocInput("public", [&] { return value_of(w); });
    else
      vars[w] = cs.Alloc("wire", [&] { return value_of(w); });
  }
  auto row = [&](const SparseMatrix &m, size_t i) {
    LinearCombination lc;
    for (uint64_t k = m.row_start[i]; k < m.row_start[i + 1]; k++) lc.Add(vars[m.columns[k]], m.values[k]);
    return lc;
  };
  for (size_t i = 0; i < r1cs_.NumConstraints(); i++) {
    cs.Enforce("constraint", row(r1cs_.a, i), row(r1cs_.b, i), row(r1cs_.c, i));
  }
}

} // namespace cuzk::r1cs

// src/groth16/proof_encoding.cpp
#include "groth16/proof_encoding.hpp"

#include <cstring>

namespace cuzk::groth16 {

namespace {

template <class C> Status DecodePart(std::span<const uint8_t> bytes, const char *name, ec::Affine<C> &out) {
  auto r = ec::FromCompressed<C>(bytes);
  if (!r) return Prefixed(r.GetError(), std::string("proof: ") + name + ": ");
  if (r->IsInfinity()) return InvalidArgument(std::string("proof: ") + name + " is the point at infinity");
  out = *r;
  return {};
}

} // namespace

std::array<uint8_t, PROOF_BYTES> EncodeProof(const Proof &proof) {
  std::array<uint8_t, PROOF_BYTES> out;
  auto a = ec::ToCompressed(proof.a);
  auto b = ec::ToCompressed(proof.b);
  auto c = ec::ToCompressed(proof.c);
  std::memcpy(out.data(), a.data(), 48);
  std::memcpy(out.data() + 48, b.data(), 96);
  std::memcpy(out.data() + 144, c.data(), 48);
  return out;
}

Expected<Proof> DecodeProof(std::span<const uint8_t> bytes) {
  if (bytes.size() != PROOF_BYTES)
    return InvalidArgument("proof: " + std::to_string(bytes.size()) + " bytes, expected " +
                           std::to_string(PROOF_BYTES));
  Proof p;
  if (auto s = DecodePart(bytes.subspan(0, 48), "A", p.a); !s) return s.GetError();
  if (auto s = DecodePart(bytes.subspan(48, 96), "B", p.b); !s) return s.GetError();
  if (auto s = DecodePart(bytes.subspan(144, 48), "C", p.c); !s) return s.GetError();
  return p;
}

std::vector<uint8_t> EncodeProofs(std::span<const Proof> proofs) {
  std::vector<uint8_t> out;
  out.reserve(proofs.size() * PROOF_BYTES);
  for (const Proof &p : proofs) {
    auto b = EncodeProof(p);
    out.insert(out.end(), b.begin(), b.end());
  }
  return out;
}

Expected<std::vector<Proof>> DecodeProofs(std::span<const uint8_t> bytes) {
  if (bytes.empty() || bytes.size() % PROOF_BYTES != 0)
    return InvalidArgument("proofs: " + std::to_string(bytes.size()) + " bytes is not a positive multiple of 192");
  std::vector<Proof> out;
  for (size_t i = 0; i < bytes.size(); i += PROOF_BYTES) {
    auto p = DecodeProof(bytes.subspan(i, PROOF_BYTES));
    if (!p) return Prefixed(p.GetError(), "partition " + std::to_string(i / PROOF_BYTES) + ": ");
    out.push_back(*p);
  }
  return out;
}

} // namespace cuzk::groth16

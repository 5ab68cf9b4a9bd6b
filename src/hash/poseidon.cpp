// src/hash/poseidon.cpp — the plain and optimised Poseidon permutations and the hash front ends.
#include "hash/poseidon.hpp"

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include <array>
#include <cassert>
#include <string>

namespace cuzk::hash {

namespace {

inline Fr Pow5(const Fr &x) {
  const Fr x2 = x.Square();
  return x2.Square() * x;
}

// new[j] = Σ_i s[i]·m[i][j] (row vector times matrix, the orientation neptune uses)
inline void MixDense(const FrMatrix &m, Fr *s, size_t t) {
  std::array<Fr, POSEIDON_MAX_WIDTH> out;
  for (size_t j = 0; j < t; j++) {
    Fr acc = s[0] * m.At(0, j);
    for (size_t i = 1; i < t; i++) acc += s[i] * m.At(i, j);
    out[j] = acc;
  }
  for (size_t j = 0; j < t; j++) s[j] = out[j];
}

// The sparse matrix: new_0 = Σ_i w_hat[i]·s[i]; new_j = s[j] + v_rest[j−1]·s[0] (2t − 1 muls).
inline void MixSparse(const PoseidonSparseMatrix &m, Fr *s, size_t t) {
  Fr s0 = s[0] * m.w_hat[0];
  for (size_t i = 1; i < t; i++) s0 += s[i] * m.w_hat[i];
  for (size_t j = 1; j < t; j++) s[j] += m.v_rest[j - 1] * s[0];
  s[0] = s0;
}

Fr PowerOfTwo(unsigned k) { return Fr::FromUint(2).Pow(k); }

} // namespace

// ---- tags ---------------------------------------------------------------------------------------

Fr MerkleTreeTag(size_t arity) { return PowerOfTwo(unsigned(arity)) - Fr::One(); }
Fr ConstantLengthTag(uint64_t length) { return Fr::FromUint(length) * PowerOfTwo(64); }
Expected<Fr> CustomTag(uint64_t id) {
  if (id < 1 || id > 256)
    return MakeError(ErrorCode::kInvalidArgument,
                     "Poseidon: custom domain tag id must be 1..256, got " + std::to_string(id));
  return Fr::FromUint(id) * PowerOfTwo(40);
}
Fr SnapDealsGenRandomnessTag() { return PowerOfTwo(40); }

// ---- permutations -------------------------------------------------------------------------------

void PoseidonPermutePlain(const PoseidonConstants &c, std::span<Fr> state) {
  assert(state.size() == c.width);
  const size_t t = c.width;
  const unsigned hf = c.full_rounds / 2;
  for (unsigned r = 0; r < c.full_rounds + c.partial_rounds; r++) {
    for (size_t i = 0; i < t; i++) state[i] += c.round_constants[r * t + i];
    const bool full = r < hf || r >= hf + c.partial_rounds;
    for (size_t i = 0; i < (full ? t : 1); i++) state[i] = Pow5(state[i]);
    MixDense(c.mds, state.data(), t);
  }
}

namespace {

// The optimised permutation on s[0..t). A hash only reads element 1, so with ONLY_OUTPUT the
// terminal mix computes that one column (t multiplications instead of t²).
template <bool ONLY_OUTPUT> void PermuteOptimised(const PoseidonConstants &c, Fr *s) {
  const size_t t = c.width;
  const Fr *k = c.compressed_round_constants.data();
  for (size_t i = 0; i < t; i++) s[i] += k[i];
  k += t;
  // first half of the full rounds; the last of them mixes with the pre-sparse matrix
  for (unsigned r = 0; r < POSEIDON_HALF_FULL_ROUNDS; r++) {
    for (size_t i = 0; i < t; i++) s[i] = Pow5(s[i]) + k[i];
    k += t;
    MixDense(r + 1 == POSEIDON_HALF_FULL_ROUNDS ? c.pre_sparse : c.mds, s, t);
  }
  for (unsigned r = 0; r < c.partial_rounds; r++) {
    s[0] = Pow5(s[0]) + *k++;
    MixSparse(c.sparse[r], s, t);
  }
  for (unsigned r = 0; r + 1 < POSEIDON_HALF_FULL_ROUNDS; r++) {
    for (size_t i = 0; i < t; i++) s[i] = Pow5(s[i]) + k[i];
    k += t;
    MixDense(c.mds, s, t);
  }
  assert(k == c.compressed_round_constants.data() + c.compressed_round_constants.size());
  // the terminal round has no constants left to add: they were all moved forward
  for (size_t i = 0; i < t; i++) s[i] = Pow5(s[i]);
  if constexpr (ONLY_OUTPUT) {
    Fr out = s[0] * c.mds.At(0, 1);
    for (size_t i = 1; i < t; i++) out += s[i] * c.mds.At(i, 1);
    s[1] = out;
  } else {
    MixDense(c.mds, s, t);
  }
}

} // namespace

void PoseidonPermute(const PoseidonConstants &c, std::span<Fr> state) {
  assert(state.size() == c.width);
  PermuteOptimised<false>(c, state.data());
}

// ---- hashing ------------------------------------------------------------------------------------

Fr PoseidonHashWith(const PoseidonConstants &c, std::span<const Fr> preimage, const Fr &tag) {
  assert(preimage.size() == c.arity);
  std::array<Fr, POSEIDON_MAX_WIDTH> s;
  s[0] = tag;
  for (size_t i = 0; i < c.arity; i++) s[i + 1] = preimage[i];
  PermuteOptimised<true>(c, s.data());
  return s[1];
}

Expected<Fr> PoseidonHash(std::span<const Fr> preimage, const Fr &tag) {
  auto c = GetPoseidonConstants(preimage.size());
  if (!c) return c.GetError();
  return PoseidonHashWith(**c, preimage, tag);
}

Expected<Fr> PoseidonHashMerkle(std::span<const Fr> preimage) {
  return PoseidonHash(preimage, MerkleTreeTag(preimage.size()));
}

Expected<Fr> PoseidonHashConstantLength(size_t arity, std::span<const Fr> input) {
  auto cr = GetPoseidonConstants(arity);
  if (!cr) return cr.GetError();
  if (input.empty()) return MakeError(ErrorCode::kBadLength, "Poseidon: ConstantLength hash of an empty input");
  const PoseidonConstants &c = **cr;
  std::array<Fr, POSEIDON_MAX_WIDTH> s;
  s.fill(Fr::Zero());
  s[0] = ConstantLengthTag(input.size());
  for (size_t pos = 0; pos < input.size(); pos += arity) {
    for (size_t i = 0; i < arity && pos + i < input.size(); i++) s[i + 1] += input[pos + i];
    PoseidonPermute(c, std::span<Fr>(s.data(), c.width));
  }
  return s[1];
}

Expected<Fr> PoseidonHashMd(std::span<const Fr> input) {
  constexpr size_t ARITY = 36;
  if (input.size() < 2)
    return MakeError(ErrorCode::kBadLength,
                     "Poseidon hash_md needs at least two inputs, got " + std::to_string(input.size()));
  auto cr = GetPoseidonConstants(ARITY);
  if (!cr) return cr.GetError();
  const Fr tag = MerkleTreeTag(ARITY);
  std::array<Fr, ARITY> chunk;
  Fr acc = input[0];
  for (size_t pos = 1; pos < input.size(); pos += ARITY - 1) {
    chunk.fill(Fr::Zero());
    chunk[0] = acc;
    for (size_t i = 0; i + 1 < ARITY && pos + i < input.size(); i++) chunk[i + 1] = input[pos + i];
    acc = PoseidonHashWith(**cr, chunk, tag);
  }
  return acc;
}

Expected<Fr> FrFromBytesLE(std::span<const uint8_t> bytes) {
  if (bytes.size() != 32)
    return MakeError(ErrorCode::kBadLength, "Fr repr must be 32 bytes, got " + std::to_string(bytes.size()));
  auto f = Fr::FromBytesLE(bytes.data());
  if (!f) return MakeError(ErrorCode::kNonCanonical, "32 bytes encode an integer >= the Fr modulus r (not canonical)");
  return *f;
}

Digest32 FrToBytesLE(const Fr &x) {
  Digest32 out;
  x.ToBytesLE(out.data());
  return out;
}

Expected<Digest32> PoseidonHashBytes(std::span<const uint8_t> preimage) {
  if (preimage.size() % 32 != 0 || !IsPoseidonArity(preimage.size() / 32))
    return MakeError(ErrorCode::kBadLength,
                     "Poseidon: preimage of " + std::to_string(preimage.size()) +
                         " bytes is not 32·arity for a supported arity (2, 4, 8, 11, 16, 24, 36)");
  const size_t arity = preimage.size() / 32;
  std::array<Fr, POSEIDON_MAX_ARITY> x;
  for (size_t i = 0; i < arity; i++) {
    auto f = FrFromBytesLE(preimage.subspan(32 * i, 32));
    if (!f) return MakeError(f.Code(), "Poseidon preimage element " + std::to_string(i) + ": " + f.ErrorMessage());
    x[i] = *f;
  }
  auto h = PoseidonHashMerkle(std::span<const Fr>(x.data(), arity));
  if (!h) return h.GetError();
  return FrToBytesLE(*h);
}

Status PoseidonHashBatch(size_t arity, std::span<const Fr> preimages, std::span<Fr> out) {
  auto cr = GetPoseidonConstants(arity);
  if (!cr) return cr.GetError();
  if (preimages.size() != arity * out.size())
    return MakeError(ErrorCode::kBadLength, "PoseidonHashBatch: " + std::to_string(preimages.size()) +
                                                " preimage elements for " + std::to_string(out.size()) +
                                                " hashes of arity " + std::to_string(arity));
  const PoseidonConstants &c = **cr;
  const Fr tag = MerkleTreeTag(arity);
  // ~10–100 µs per hash: a grain of 64 hashes keeps scheduling overhead well under 1%.
  tbb::parallel_for(tbb::blocked_range<size_t>(0, out.size(), 64), [&](const tbb::blocked_range<size_t> &r) {
    for (size_t i = r.begin(); i != r.end(); i++)
      out[i] = PoseidonHashWith(c, preimages.subspan(arity * i, arity), tag);
  });
  return Status::Ok();
}

} // namespace cuzk::hash

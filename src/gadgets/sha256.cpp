// src/gadgets/sha256.cpp
#include "gadgets/sha256.hpp"

#include "gadgets/sha256_constants.hpp"
#include "gadgets/sha256_witness.hpp"

#include <cassert>
#include <string>

namespace cuzk::gadgets {

namespace {

std::string IndexedName(const ConstraintSystem &cs, const char *prefix, size_t i) {
  return cs.WantsNames() ? prefix + std::to_string(i) : std::string();
}

// A word that is either known (an UInt32) or a sum not yet added (the operands of one AddMany).
// At most 7 operands are deferred and one more is appended when the state is finalised.
class Deferred {
public:
  explicit Deferred(const UInt32 &v) : concrete_(v) {}
  Deferred() = default;

  void Defer(std::initializer_list<std::span<const UInt32>> parts) {
    count_ = 0;
    for (std::span<const UInt32> part : parts)
      for (const UInt32 &op : part) ops_[count_++] = op;
  }
  //! the word; a deferred sum is added (with `extra` appended) through meq
  UInt32 Compute(MultiEq &meq, std::string_view name, std::span<const UInt32> extra = {}) {
    if (count_ == 0) return concrete_;
    for (const UInt32 &op : extra) ops_[count_++] = op;
    r1cs::Namespace ns(meq.Cs(), name);
    return UInt32::AddMany(meq, std::span<const UInt32>(ops_.data(), count_));
  }

private:
  UInt32 concrete_;
  std::array<UInt32, 8> ops_;
  size_t count_ = 0;
};

// x.Rotr(r0) ⊕ x.Rotr(r1) ⊕ (shift ? x.Shr(r2) : x.Rotr(r2)): SHA-256's Σ and σ functions.
UInt32 Sigma(ConstraintSystem &cs, const UInt32 &x, size_t r0, size_t r1, size_t r2, bool shift, const char *first,
             const char *second) {
  UInt32 s = x.Rotr(r0);
  {
    r1cs::Namespace ns(cs, first);
    s = s.Xor(cs, x.Rotr(r1));
  }
  r1cs::Namespace ns(cs, second);
  return s.Xor(cs, shift ? x.Shr(r2) : x.Rotr(r2));
}

} // namespace

std::array<UInt32, 8> Sha256Iv() {
  std::array<UInt32, 8> iv;
  for (size_t i = 0; i < 8; i++) iv[i] = UInt32::Constant(SHA256_IV[i]);
  return iv;
}

std::array<UInt32, 8> Sha256CompressionFunction(ConstraintSystem &cs, std::span<const Boolean> input,
                                                std::span<const UInt32, 8> current_hash_value) {
  assert(input.size() == 512);
  if (r1cs::WitnessCS *witness = r1cs::NativeWitness(cs))
    return Sha256CompressionWitness(*witness, input, current_hash_value);
  std::array<UInt32, 64> w;
  for (size_t i = 0; i < 16; i++) w[i] = UInt32::FromBitsBe(input.subspan(32 * i, 32));

  // the additions of this block share one MultiEq (flushed when it goes out of scope)
  MultiEq meq(cs);
  for (size_t i = 16; i < 64; i++) {
    r1cs::Namespace ns(cs, IndexedName(cs, "w extension ", i));
    const UInt32 s0 = Sigma(cs, w[i - 15], 7, 18, 3, true, "first xor for s0", "second xor for s0");
    const UInt32 s1 = Sigma(cs, w[i - 2], 17, 19, 10, true, "first xor for s1", "second xor for s1");
    const UInt32 ops[4] = {w[i - 16], s0, w[i - 7], s1};
    r1cs::Namespace add_ns(cs, "computation of w[i]");
    w[i] = UInt32::AddMany(meq, ops);
  }

  Deferred a(current_hash_value[0]), e(current_hash_value[4]);
  UInt32 b = current_hash_value[1], c = current_hash_value[2], d = current_hash_value[3];
  UInt32 f = current_hash_value[5], g = current_hash_value[6], h = current_hash_value[7];
  for (size_t i = 0; i < 64; i++) {
    r1cs::Namespace ns(cs, IndexedName(cs, "compression round ", i));
    const UInt32 new_e = e.Compute(meq, "deferred e computation");
    const UInt32 s1 = Sigma(cs, new_e, 6, 11, 25, false, "first xor for s1", "second xor for s1");
    UInt32 ch;
    {
      r1cs::Namespace ch_ns(cs, "ch");
      ch = UInt32::Sha256Ch(cs, new_e, f, g);
    }
    // temp1 = h + Σ1 + ch + k[i] + w[i]
    const UInt32 temp1[5] = {h, s1, ch, UInt32::Constant(SHA256_ROUND_CONSTANTS[i]), w[i]};
    const UInt32 new_a = a.Compute(meq, "deferred a computation");
    const UInt32 s0 = Sigma(cs, new_a, 2, 13, 22, false, "first xor for s0", "second xor for s0");
    UInt32 maj;
    {
      r1cs::Namespace maj_ns(cs, "maj");
      maj = UInt32::Sha256Maj(cs, new_a, b, c);
    }
    // temp2 = Σ0 + maj
    const UInt32 temp2[2] = {s0, maj};
    h = g;
    g = f;
    f = new_e;
    e.Defer({temp1, std::span<const UInt32>(&d, 1)}); // e = d + temp1
    d = c;
    c = b;
    b = new_a;
    a.Defer({temp1, temp2}); // a = temp1 + temp2
  }

  // add the compressed block to the current hash value, h0..h7 in order
  std::array<UInt32, 8> out;
  out[0] = a.Compute(meq, "deferred h0 computation", current_hash_value.subspan(0, 1));
  const UInt32 *rest[8] = {nullptr, &b, &c, &d, nullptr, &f, &g, &h};
  for (size_t k = 1; k < 8; k++) {
    if (k == 4) {
      out[4] = e.Compute(meq, "deferred h4 computation", current_hash_value.subspan(4, 1));
      continue;
    }
    const UInt32 ops[2] = {current_hash_value[k], *rest[k]};
    r1cs::Namespace ns(cs, IndexedName(cs, "new h", k));
    out[k] = UInt32::AddMany(meq, ops);
  }
  meq.Finish();
  return out;
}

std::vector<Boolean> Sha256BlockNoPadding(ConstraintSystem &cs, std::span<const Boolean> input) {
  assert(input.size() == 512);
  const std::array<UInt32, 8> iv = Sha256Iv();
  const std::array<UInt32, 8> state = Sha256CompressionFunction(cs, input, iv);
  std::vector<Boolean> out;
  out.reserve(256);
  for (const UInt32 &word : state) {
    const std::array<Boolean, 32> be = word.BitsBe();
    out.insert(out.end(), be.begin(), be.end());
  }
  return out;
}

std::vector<Boolean> Sha256(ConstraintSystem &cs, std::span<const Boolean> input) {
  assert(input.size() % 8 == 0);
  // FIPS 180-4 §5.1.1: a one bit, zeros to 448 mod 512, the bit length as 64-bit big-endian
  std::vector<Boolean> padded(input.begin(), input.end());
  const uint64_t bit_length = input.size();
  padded.push_back(Boolean::Constant(true));
  while ((padded.size() + 64) % 512 != 0) padded.push_back(Boolean::Constant(false));
  for (int i = 63; i >= 0; i--) padded.push_back(Boolean::Constant((bit_length >> i) & 1));

  std::array<UInt32, 8> cur = Sha256Iv();
  for (size_t block = 0; block * 512 < padded.size(); block++) {
    r1cs::Namespace ns(cs, IndexedName(cs, "block ", block));
    cur = Sha256CompressionFunction(cs, std::span<const Boolean>(padded).subspan(512 * block, 512), cur);
  }
  std::vector<Boolean> out;
  out.reserve(256);
  for (const UInt32 &word : cur) {
    const std::array<Boolean, 32> be = word.BitsBe();
    out.insert(out.end(), be.begin(), be.end());
  }
  return out;
}

} // namespace cuzk::gadgets

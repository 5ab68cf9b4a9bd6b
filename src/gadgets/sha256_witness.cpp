// src/gadgets/sha256_witness.cpp — Sha256CompressionFunction's allocations, mirrored word by word
// (gadgets/sha256.cpp for the order, gadgets/boolean.cpp for the per-bit fast paths).
#include "gadgets/sha256_witness.hpp"

#include "gadgets/multieq.hpp"
#include "gadgets/sha256_constants.hpp"

#include <algorithm>
#include <bit>
#include <cassert>
#include <vector>

namespace cuzk::gadgets {

namespace {

// 32 Booleans: bit i is the constant v_i when c has it, else an allocated bit, negated (Boolean::Not)
// when n has it. v is each Boolean's value, so an allocated bit's variable holds v ^ n. n ⊆ ~c.
struct Word {
  uint32_t v = 0;
  uint32_t c = ~0u;
  uint32_t n = 0;
};

Word ConstantWord(uint32_t v) { return {v, ~0u, 0}; }

Word Rotr(const Word &x, int by) { return {std::rotr(x.v, by), std::rotr(x.c, by), std::rotr(x.n, by)}; }

// UInt32::Shr: constant false fills the top
Word Shr(const Word &x, int by) { return {x.v >> by, (x.c >> by) | ~(~0u >> by), x.n >> by}; }

void SetBit(Word &w, int pos, const Boolean &b) {
  const uint32_t m = 1u << pos;
  if (b.Value()) w.v |= m;
  if (b.IsConstant()) w.c |= m;
  if (b.GetKind() == Boolean::Kind::kNot) w.n |= m;
}

Word FromUInt32(const UInt32 &x) {
  Word w{0, 0, 0};
  for (int i = 0; i < 32; i++) SetBit(w, i, x.Bits()[i]);
  return w;
}

// UInt32::FromBitsBe of 32 message bits
Word FromBitsBe(std::span<const Boolean> bits) {
  Word w{0, 0, 0};
  for (int i = 0; i < 32; i++) SetBit(w, 31 - i, bits[i]);
  return w;
}

// Appends allocated bits' values to the aux vector (capacity reserved for a whole compression) and
// counts them: every allocation of the compression comes with exactly one constraint.
class Sink {
public:
  //! writes at `at`, the place of aux variable `base`
  Sink(Fr *at, size_t base) : begin_(at), at_(at), base_(base) {}

  //! the bits of `values` where `mask` is set, lowest first
  void Bits(uint64_t mask, uint64_t values) {
    for (; mask; mask &= mask - 1) *at_++ = VALUE[(values >> std::countr_zero(mask)) & 1];
  }
  void Bit(bool value) { *at_++ = VALUE[value]; }
  size_t Next() const { return base_ + Allocs(); }
  size_t Allocs() const { return size_t(at_ - begin_); }

private:
  static constexpr Fr VALUE[2] = {Fr::Zero(), Fr::One()};
  Fr *begin_, *at_;
  size_t base_;
};

// MultiEq's flushes (one constraint each), without the combinations: where an equality of
// num_bits no longer fits below CAPACITY the pending one is enforced, and the last at the end.
class FlushCounter {
public:
  void Begin(size_t num_bits) {
    if (MultiEq::CAPACITY <= bits_used_ + num_bits) {
      flushes_++;
      bits_used_ = 0;
    }
    bits_used_ += num_bits;
  }
  size_t Finish() {
    if (bits_used_ > 0) flushes_++;
    bits_used_ = 0;
    return flushes_;
  }

private:
  size_t bits_used_ = 0;
  size_t flushes_ = 0;
};

// Boolean::Xor on 32 bits: a bit allocates (its variable a_var ⊕ b_var) when neither side is
// constant; the result is negated when exactly one side is, or when a constant true flips the other.
Word Xor(Sink &sink, const Word &a, const Word &b) {
  const uint32_t both = ~a.c & ~b.c;
  sink.Bits(both, (a.v ^ a.n) ^ (b.v ^ b.n));
  Word r;
  r.v = a.v ^ b.v;
  r.c = a.c & b.c;
  r.n = (a.n ^ b.n ^ (a.c & a.v) ^ (b.c & b.v)) & ~r.c;
  return r;
}

// x.Rotr(r0) ⊕ x.Rotr(r1) ⊕ (shift ? x.Shr(r2) : x.Rotr(r2)), as the gadget's Sigma
Word Sigma(Sink &sink, const Word &x, int r0, int r1, int r2, bool shift) {
  const Word s = Xor(sink, Rotr(x, r0), Rotr(x, r1));
  return Xor(sink, s, shift ? Shr(x, r2) : Rotr(x, r2));
}

// One Boolean: constant, negated, value — for the bits of ch and maj that meet a constant.
struct Bit {
  bool c, n, v;
};

Bit BitOf(const Word &w, int i) { return {bool((w.c >> i) & 1), bool((w.n >> i) & 1), bool((w.v >> i) & 1)}; }

void Put(Word &w, int i, const Bit &b) {
  const uint32_t m = 1u << i;
  w.v = b.v ? w.v | m : w.v & ~m;
  w.c = b.c ? w.c | m : w.c & ~m;
  w.n = b.n ? w.n | m : w.n & ~m;
}

Bit Not(const Bit &x) { return x.c ? Bit{true, false, !x.v} : Bit{false, !x.n, !x.v}; }

// Boolean::And: free against a constant; otherwise and / and_not / nor allocate the value x ∧ y
Bit And(Sink &sink, const Bit &x, const Bit &y) {
  if ((x.c && !x.v) || (y.c && !y.v)) return {true, false, false};
  if (x.c) return y;
  if (y.c) return x;
  sink.Bit(x.v && y.v);
  return {false, false, x.v && y.v};
}

// Boolean::Sha256Ch's arms, in its order
Bit ChBit(Sink &sink, const Bit &a, const Bit &b, const Bit &c) {
  const bool value = (a.v && b.v) != (!a.v && c.v);
  if (a.c && b.c && c.c) return {true, false, value};
  if (a.c && !a.v) return c;
  if (b.c && !b.v) return And(sink, Not(a), c);
  if (c.c && !c.v) return And(sink, a, b);
  if (c.c) return Not(And(sink, a, Not(b)));
  if (b.c) return Not(And(sink, Not(a), Not(c)));
  sink.Bit(value);
  return {false, false, value};
}

// Boolean::Sha256Maj's arms, in its order; the general one allocates maj, then b ∧ c
Bit MajBit(Sink &sink, const Bit &a, const Bit &b, const Bit &c) {
  const bool value = ((a.v && b.v) != (a.v && c.v)) != (b.v && c.v);
  if (a.c && b.c && c.c) return {true, false, value};
  if (a.c && !a.v) return And(sink, b, c);
  if (b.c && !b.v) return And(sink, a, c);
  if (c.c && !c.v) return And(sink, a, b);
  if (c.c) return Not(And(sink, Not(a), Not(b)));
  if (b.c) return Not(And(sink, Not(a), Not(c)));
  if (a.c) return Not(And(sink, Not(b), Not(c)));
  sink.Bit(value);
  sink.Bit(b.v && c.v);
  return {false, false, value};
}

Word Ch(Sink &sink, const Word &a, const Word &b, const Word &c) {
  if ((a.c | b.c | c.c) == 0) { // every bit takes the general arm: one allocated bit each
    const uint32_t value = (a.v & b.v) ^ (~a.v & c.v);
    sink.Bits(~0u, value);
    return {value, 0, 0};
  }
  Word r;
  for (int i = 0; i < 32; i++) Put(r, i, ChBit(sink, BitOf(a, i), BitOf(b, i), BitOf(c, i)));
  return r;
}

Word Maj(Sink &sink, const Word &a, const Word &b, const Word &c) {
  if ((a.c | b.c | c.c) == 0) { // maj_i then (b ∧ c)_i, bit after bit
    const uint32_t value = (a.v & b.v) ^ (a.v & c.v) ^ (b.v & c.v);
    const uint32_t bc = b.v & c.v;
    for (int i = 0; i < 32; i++) {
      sink.Bit((value >> i) & 1);
      sink.Bit((bc >> i) & 1);
    }
    return {value, 0, 0};
  }
  Word r;
  for (int i = 0; i < 32; i++) Put(r, i, MajBit(sink, BitOf(a, i), BitOf(b, i), BitOf(c, i)));
  return r;
}

// UInt32::AddMany: all-constant operands give a constant; otherwise the bitlen(n·(2^32 − 1)) bits
// of the full sum are allocated (the first 32 are the result, from aux index *base) and the
// equality goes to the MultiEq.
Word AddMany(Sink &sink, FlushCounter &meq, std::span<const Word> ops, size_t *base = nullptr) {
  assert(ops.size() >= 2 && ops.size() <= 10);
  uint64_t sum = 0;
  bool all_constants = true;
  for (const Word &op : ops) {
    sum += op.v;
    all_constants &= op.c == ~0u;
  }
  if (all_constants) return ConstantWord(uint32_t(sum));
  const int num_bits = std::bit_width(uint64_t(ops.size()) * 0xffffffffull);
  if (base) *base = sink.Next();
  sink.Bits((uint64_t(1) << num_bits) - 1, sum);
  meq.Begin(size_t(num_bits));
  return {uint32_t(sum), 0, 0};
}

// The gadget's Deferred: a known word or the operands of a sum not yet added.
class Deferred {
public:
  explicit Deferred(const Word &w) : concrete_(w) {}
  void Defer(std::span<const Word> first, std::span<const Word> second) {
    count_ = 0;
    for (const Word &w : first) ops_[count_++] = w;
    for (const Word &w : second) ops_[count_++] = w;
  }
  bool IsDeferred() const { return count_ > 0; }
  Word Compute(Sink &sink, FlushCounter &meq, const Word *extra = nullptr, size_t *base = nullptr) {
    if (count_ == 0) return concrete_;
    if (extra) ops_[count_++] = *extra;
    return AddMany(sink, meq, std::span<const Word>(ops_.data(), count_), base);
  }

private:
  Word concrete_;
  std::array<Word, 8> ops_;
  size_t count_ = 0;
};

// the result word of an AddMany: constant, or 32 allocated bits from aux index base
UInt32 ToUInt32(const Word &w, size_t base) {
  if (w.c == ~0u) return UInt32::Constant(w.v);
  assert(w.c == 0 && w.n == 0);
  std::array<Boolean, 32> bits;
  for (size_t i = 0; i < 32; i++)
    bits[i] = Boolean::Is(AllocatedBit::FromParts(r1cs::Variable::Aux(uint32_t(base + i)), (w.v >> i) & 1));
  return UInt32::FromBits(bits);
}

} // namespace

std::array<UInt32, 8> Sha256CompressionWitness(r1cs::WitnessCS &witness, std::span<const Boolean> input,
                                               std::span<const UInt32, 8> current_hash_value) {
  assert(input.size() == 512);
  const size_t first = witness.NumAux();
  Sink sink(witness.AuxSpace(SHA256_COMPRESSION_MAX_AUX), first);
  FlushCounter meq;

  std::array<Word, 8> cur;
  for (size_t k = 0; k < 8; k++) cur[k] = FromUInt32(current_hash_value[k]);
  std::array<Word, 64> w;
  for (size_t i = 0; i < 16; i++) w[i] = FromBitsBe(input.subspan(32 * i, 32));
  for (size_t i = 16; i < 64; i++) {
    const Word s0 = Sigma(sink, w[i - 15], 7, 18, 3, true);
    const Word s1 = Sigma(sink, w[i - 2], 17, 19, 10, true);
    const Word ops[4] = {w[i - 16], s0, w[i - 7], s1};
    w[i] = AddMany(sink, meq, ops);
  }

  Deferred a(cur[0]), e(cur[4]);
  Word b = cur[1], c = cur[2], d = cur[3], f = cur[5], g = cur[6], h = cur[7];
  for (size_t i = 0; i < 64; i++) {
    const Word new_e = e.Compute(sink, meq);
    const Word s1 = Sigma(sink, new_e, 6, 11, 25, false);
    const Word ch = Ch(sink, new_e, f, g);
    const Word temp1[5] = {h, s1, ch, ConstantWord(SHA256_ROUND_CONSTANTS[i]), w[i]};
    const Word new_a = a.Compute(sink, meq);
    const Word s0 = Sigma(sink, new_a, 2, 13, 22, false);
    const Word maj = Maj(sink, new_a, b, c);
    const Word temp2[2] = {s0, maj};
    h = g;
    g = f;
    f = new_e;
    e.Defer(temp1, std::span<const Word>(&d, 1));
    d = c;
    c = b;
    b = new_a;
    a.Defer(temp1, temp2);
  }
  // 64 rounds always leave a and e deferred, so every output word is a sum
  assert(a.IsDeferred() && e.IsDeferred());

  std::array<Word, 8> out;
  std::array<size_t, 8> base{};
  out[0] = a.Compute(sink, meq, &cur[0], &base[0]);
  const Word *rest[8] = {nullptr, &b, &c, &d, nullptr, &f, &g, &h};
  for (size_t k = 1; k < 8; k++) {
    if (k == 4) {
      out[4] = e.Compute(sink, meq, &cur[4], &base[4]);
      continue;
    }
    const Word ops[2] = {cur[k], *rest[k]};
    out[k] = AddMany(sink, meq, ops, &base[k]);
  }
  witness.CommitAux(sink.Allocs());
  witness.CountConstraints(sink.Allocs() + meq.Finish());

  std::array<UInt32, 8> result;
  for (size_t k = 0; k < 8; k++) result[k] = ToUInt32(out[k], base[k]);
  return result;
}

} // namespace cuzk::gadgets

// src/gadgets/insertion.cpp — pick / select / insert, in upstream's allocation order.
#include "gadgets/insertion.hpp"

#include <string>

namespace cuzk::gadgets {

namespace {

std::string IndexedName(const ConstraintSystem &cs, const char *prefix, size_t i, size_t j = SIZE_MAX) {
  if (!cs.WantsNames()) return {};
  std::string s = prefix + std::to_string(i);
  if (j != SIZE_MAX) s += ", " + std::to_string(j);
  return s;
}

// size 2: [pos 0, pos 1] = b0 ? [s0, x] : [x, s0]
std::vector<AllocatedNum> Insert2(ConstraintSystem &cs, const AllocatedNum &x, std::span<const Boolean> bits,
                                  std::span<const AllocatedNum> s) {
  std::vector<AllocatedNum> out;
  {
    r1cs::Namespace ns(cs, "binary insert 0");
    out.push_back(Pick(cs, bits[0], s[0], x));
  }
  r1cs::Namespace ns(cs, "binary insert 1");
  out.push_back(Pick(cs, bits[0], x, s[0]));
  return out;
}

// size 4, 8 picks. Each output position is decided by b0 among the two candidates that differ
// in b0, then by b1 (the table of positions × index in insertion.rs).
std::vector<AllocatedNum> Insert4(ConstraintSystem &cs, const AllocatedNum &x, std::span<const Boolean> bits,
                                  std::span<const AllocatedNum> s) {
  const Boolean &b0 = bits[0], &b1 = bits[1];
  auto pick = [&](const char *name, const Boolean &cond, const AllocatedNum &a, const AllocatedNum &b) {
    r1cs::Namespace ns(cs, name);
    return Pick(cs, cond, a, b);
  };
  const AllocatedNum p0_x0 = pick("p0_x0", b0, s[0], x);
  const AllocatedNum p0 = pick("p0", b1, s[0], p0_x0);
  const AllocatedNum p1_x0 = pick("p1_x0", b0, x, s[0]);
  const AllocatedNum p1 = pick("p1", b1, s[1], p1_x0);
  const AllocatedNum p2_x1 = pick("p2_x1", b0, s[2], x);
  const AllocatedNum p2 = pick("p2", b1, p2_x1, s[1]);
  const AllocatedNum p3_x1 = pick("p3_x1", b0, x, s[2]);
  const AllocatedNum p3 = pick("p3", b1, p3_x1, s[2]);
  return {p0, p1, p2, p3};
}

// size 8, 22 constraints: nor(b0, b1) and and(b0, b1) first, then 20 picks.
std::vector<AllocatedNum> Insert8(ConstraintSystem &cs, const AllocatedNum &x, std::span<const Boolean> bits,
                                  std::span<const AllocatedNum> s) {
  const Boolean &b0 = bits[0], &b1 = bits[1], &b2 = bits[2];
  if (b0.GetKind() != Boolean::Kind::kIs || b1.GetKind() != Boolean::Kind::kIs)
    throw r1cs::SynthesisError("insert (arity 8): index bits 0 and 1 must be allocated and unnegated");
  Boolean nor, both;
  {
    r1cs::Namespace ns(cs, "b0 nor b1");
    nor = Boolean::Is(AllocatedBit::Nor(cs, b0.Bit(), b1.Bit()));
  }
  {
    r1cs::Namespace ns(cs, "b0 and b1");
    both = Boolean::Is(AllocatedBit::And(cs, b0.Bit(), b1.Bit()));
  }
  auto pick = [&](const char *name, const Boolean &cond, const AllocatedNum &a, const AllocatedNum &b) {
    r1cs::Namespace ns(cs, name);
    return Pick(cs, cond, a, b);
  };
  // position 0 is x only for index 0 (nor), position 3 only for index 3 (and, b2 = 0), ...
  const AllocatedNum p0_xx0 = pick("p0_xx0", nor, x, s[0]);
  const AllocatedNum p0 = pick("p0", b2, s[0], p0_xx0);

  const AllocatedNum p1_x00 = pick("p1_x00", b0, x, s[0]);
  const AllocatedNum p1_xx0 = pick("p1_xx0", b1, s[1], p1_x00);
  const AllocatedNum p1 = pick("p1", b2, s[1], p1_xx0);

  const AllocatedNum p2_x10 = pick("p2_x10", b0, s[2], x);
  const AllocatedNum p2_xx0 = pick("p2_xx0", b1, p2_x10, s[1]);
  const AllocatedNum p2 = pick("p2", b2, s[2], p2_xx0);

  const AllocatedNum p3_xx0 = pick("p3_xx0", both, x, s[2]);
  const AllocatedNum p3 = pick("p3", b2, s[3], p3_xx0);

  const AllocatedNum p4_xx1 = pick("p4_xx1", nor, x, s[4]);
  const AllocatedNum p4 = pick("p4", b2, p4_xx1, s[3]);

  const AllocatedNum p5_x01 = pick("p5_x01", b0, x, s[4]);
  const AllocatedNum p5_xx1 = pick("p5_xx1", b1, s[5], p5_x01);
  const AllocatedNum p5 = pick("p5", b2, p5_xx1, s[4]);

  const AllocatedNum p6_x11 = pick("p6_x11", b0, s[6], x);
  const AllocatedNum p6_xx1 = pick("p6_xx1", b1, p6_x11, s[5]);
  const AllocatedNum p6 = pick("p6", b2, p6_xx1, s[5]);

  const AllocatedNum p7_xx1 = pick("p7_xx1", both, x, s[6]);
  const AllocatedNum p7 = pick("p7", b2, p7_xx1, s[6]);
  return {p0, p1, p2, p3, p4, p5, p6, p7};
}

// Any power-of-two size: each output position selects, by index, from the column of the
// candidate rows (row `index` is elements with x at `index`). size·(size − 1) picks.
std::vector<AllocatedNum> InsertGeneral(ConstraintSystem &cs, const AllocatedNum &x, std::span<const Boolean> bits,
                                        std::span<const AllocatedNum> s) {
  const size_t size = s.size() + 1;
  std::vector<AllocatedNum> out;
  std::vector<AllocatedNum> choices(size);
  for (size_t pos = 0; pos < size; pos++) {
    for (size_t index = 0; index < size; index++) choices[index] = pos < index ? s[pos] : pos == index ? x : s[pos - 1];
    r1cs::Namespace ns(cs, IndexedName(cs, "choice at ", pos));
    out.push_back(Select(cs, choices, bits));
  }
  return out;
}

} // namespace

AllocatedNum Pick(ConstraintSystem &cs, const Boolean &condition, const AllocatedNum &a, const AllocatedNum &b) {
  const AllocatedNum c =
      AllocatedNum(cs.Alloc("pick result", [&] { return condition.Value() ? a.Value() : b.Value(); }),
                   condition.Value() ? a.Value() : b.Value());
  cs.Enforce(
      "pick", [&](LinearCombination lc) { return std::move(lc.Add(b.Var()).Sub(a.Var())); },
      [&](LinearCombination) { return condition.Lc(); },
      [&](LinearCombination lc) { return std::move(lc.Add(b.Var()).Sub(c.Var())); });
  return c;
}

AllocatedNum Select(ConstraintSystem &cs, std::span<const AllocatedNum> from, std::span<const Boolean> bits) {
  if (bits.size() >= 8 * sizeof(size_t) || from.size() != (size_t(1) << bits.size()))
    throw r1cs::SynthesisError("select: " + std::to_string(from.size()) + " candidates for " +
                               std::to_string(bits.size()) + " index bits");
  std::vector<AllocatedNum> state(from.begin(), from.end());
  size_t half = from.size() / 2;
  for (size_t i = 0; i < bits.size(); i++) {
    const Boolean &bit = bits[bits.size() - 1 - i]; // most significant first
    std::vector<AllocatedNum> next;
    next.reserve(half);
    for (size_t j = 0; j < half; j++) {
      r1cs::Namespace ns(cs, IndexedName(cs, "pick ", i, j));
      next.push_back(Pick(cs, bit, state[half + j], state[j]));
    }
    state.swap(next);
    half /= 2;
  }
  return state.front();
}

std::vector<AllocatedNum> Insert(ConstraintSystem &cs, const AllocatedNum &element, std::span<const Boolean> bits,
                                 std::span<const AllocatedNum> elements) {
  const size_t size = elements.size() + 1;
  if (bits.size() >= 8 * sizeof(size_t) || size != (size_t(1) << bits.size()))
    throw r1cs::SynthesisError("insert: " + std::to_string(elements.size()) + " elements for " +
                               std::to_string(bits.size()) + " index bits");
  switch (size) {
  case 2:
    return Insert2(cs, element, bits, elements);
  case 4:
    return Insert4(cs, element, bits, elements);
  case 8:
    return Insert8(cs, element, bits, elements);
  default:
    return InsertGeneral(cs, element, bits, elements);
  }
}

} // namespace cuzk::gadgets

// tests/gadgets/shape_test.cpp — the exact A, B, C of each primitive gadget, recorded and compared
// with bellpepper's (spec/post-snap-poseidon.md §1.3 and the bellpepper-core sources it cites).
// Counts and satisfaction cannot tell A from B or a·(b − c) from (b − c)·a; the published
// parameters can, so every side is checked term by term.
#include "gadgets/multipack.hpp"
#include "gadgets/num.hpp"
#include "r1cs/r1cs.hpp"

#include <gtest/gtest.h>

#include <map>
#include <vector>

namespace cuzk::gadgets {
namespace {

using r1cs::Column;
using r1cs::RecordingCS;
using r1cs::SparseMatrix;

// A side as variable → small signed coefficient.
using Side = std::map<uint32_t, int64_t>;

Fr Coeff(int64_t c) { return c >= 0 ? Fr::FromUint(uint64_t(c)) : -Fr::FromUint(uint64_t(-c)); }

void ExpectRow(const SparseMatrix &m, size_t row, const Side &expected, const char *what) {
  ASSERT_LT(row, m.NumRows()) << what;
  Side got_cols;
  std::vector<std::pair<uint32_t, Fr>> got;
  for (uint64_t k = m.row_start[row]; k < m.row_start[row + 1]; k++) got.emplace_back(m.columns[k], m.values[k]);
  ASSERT_EQ(got.size(), expected.size()) << what << " row " << row;
  size_t i = 0;
  for (const auto &[col, c] : expected) {
    EXPECT_EQ(got[i].first, col) << what << " row " << row << " term " << i;
    EXPECT_EQ(got[i].second, Coeff(c)) << what << " row " << row << " term " << i;
    i++;
  }
}

void ExpectConstraint(const RecordingCS &rec, size_t row, const Side &a, const Side &b, const Side &c,
                      const char *what) {
  ExpectRow(rec.a, row, a, what);
  ExpectRow(rec.b, row, b, what);
  ExpectRow(rec.c, row, c, what);
}

uint32_t Col(Variable v) { return Column::Pack(v); }
const uint32_t ONE = Column::Pack(ConstraintSystem::One());

TEST(GadgetShapes, AllocatedBitOperations) {
  RecordingCS rec;
  AllocatedBit x = AllocatedBit::Alloc(rec, false), y = AllocatedBit::Alloc(rec, false);
  const uint32_t a = Col(x.Var()), b = Col(y.Var());
  ExpectConstraint(rec, 0, {{ONE, 1}, {a, -1}}, {{a, 1}}, {}, "alloc"); // (1 − a)·a = 0
  const uint32_t c1 = Col(AllocatedBit::Xor(rec, x, y).Var());
  ExpectConstraint(rec, 2, {{a, 2}}, {{b, 1}}, {{a, 1}, {b, 1}, {c1, -1}}, "xor"); // 2a·b = a + b − c
  const uint32_t c2 = Col(AllocatedBit::And(rec, x, y).Var());
  ExpectConstraint(rec, 3, {{a, 1}}, {{b, 1}}, {{c2, 1}}, "and");
  const uint32_t c3 = Col(AllocatedBit::AndNot(rec, x, y).Var());
  ExpectConstraint(rec, 4, {{a, 1}}, {{ONE, 1}, {b, -1}}, {{c3, 1}}, "and_not");
  const uint32_t c4 = Col(AllocatedBit::Nor(rec, x, y).Var());
  ExpectConstraint(rec, 5, {{ONE, 1}, {a, -1}}, {{ONE, 1}, {b, -1}}, {{c4, 1}}, "nor");
  const uint32_t c5 = Col(AllocatedBit::AllocConditionally(rec, false, x).Var());
  ExpectConstraint(rec, 6, {{ONE, 1}, {a, -1}, {c5, -1}}, {{c5, 1}}, {}, "alloc_conditionally");
}

TEST(GadgetShapes, BooleanKindsRouteToTheRightBitGadget) {
  RecordingCS rec;
  AllocatedBit x = AllocatedBit::Alloc(rec, false), y = AllocatedBit::Alloc(rec, false);
  const uint32_t a = Col(x.Var()), b = Col(y.Var());
  // Not(x) ∧ Is(y) = and_not(y, x); Not ⊕ Is = ¬(Is(y) ⊕ Is(x)), the Is operand first
  Boolean::And(rec, Boolean(x).Not(), y);
  ExpectConstraint(rec, 2, {{b, 1}}, {{ONE, 1}, {a, -1}}, {{Col(Variable::Aux(2)), 1}}, "and(not x, y)");
  Boolean r = Boolean::Xor(rec, Boolean(x).Not(), y);
  EXPECT_EQ(r.GetKind(), Boolean::Kind::kNot);
  ExpectConstraint(rec, 3, {{b, 2}}, {{a, 1}}, {{a, 1}, {b, 1}, {Col(Variable::Aux(3)), -1}}, "xor(not x, y)");
  Boolean::And(rec, Boolean(x).Not(), Boolean(y).Not()); // nor
  ExpectConstraint(rec, 4, {{ONE, 1}, {a, -1}}, {{ONE, 1}, {b, -1}}, {{Col(Variable::Aux(4)), 1}}, "and(not, not)");
  EXPECT_EQ(rec.NumConstraints(), 5u);
}

TEST(GadgetShapes, Sha256ChAndMaj) {
  RecordingCS rec;
  AllocatedBit x = AllocatedBit::Alloc(rec, false), y = AllocatedBit::Alloc(rec, false),
               z = AllocatedBit::Alloc(rec, false);
  const uint32_t a = Col(x.Var()), b = Col(y.Var()), c = Col(z.Var());
  // ch: (b − c)·a = ch − c
  const uint32_t ch = Col(Boolean::Sha256Ch(rec, x, y, z).Bit().Var());
  ExpectConstraint(rec, 3, {{b, 1}, {c, -1}}, {{a, 1}}, {{c, -1}, {ch, 1}}, "ch");
  // with a = Not(x): the B side is ONE − x
  const uint32_t ch2 = Col(Boolean::Sha256Ch(rec, Boolean(x).Not(), y, z).Bit().Var());
  ExpectConstraint(rec, 4, {{b, 1}, {c, -1}}, {{ONE, 1}, {a, -1}}, {{c, -1}, {ch2, 1}}, "ch(not a)");
  // maj: maj allocated first, then b∧c (b·c = bc), then (2bc − b − c)·a = bc − maj
  const uint32_t maj = Col(Boolean::Sha256Maj(rec, x, y, z).Bit().Var());
  const uint32_t bc = maj + 1;
  ExpectConstraint(rec, 5, {{b, 1}}, {{c, 1}}, {{bc, 1}}, "maj: b and c");
  ExpectConstraint(rec, 6, {{b, -1}, {c, -1}, {bc, 2}}, {{a, 1}}, {{maj, -1}, {bc, 1}}, "maj");
}

TEST(GadgetShapes, EnforceEqual) {
  RecordingCS rec;
  AllocatedBit x = AllocatedBit::Alloc(rec, false), y = AllocatedBit::Alloc(rec, false);
  const uint32_t a = Col(x.Var()), b = Col(y.Var());
  Boolean::EnforceEqual(rec, x, y);
  ExpectConstraint(rec, 2, {}, {}, {{a, 1}, {b, -1}}, "equal");
  Boolean::EnforceEqual(rec, Boolean::Constant(true), x);
  ExpectConstraint(rec, 3, {}, {}, {{ONE, 1}, {a, -1}}, "equal to one");
  Boolean::EnforceEqual(rec, Boolean(y).Not(), Boolean::Constant(false));
  ExpectConstraint(rec, 4, {}, {}, {{ONE, 1}, {b, -1}}, "not equal to zero");
}

TEST(GadgetShapes, NumOperations) {
  RecordingCS rec;
  AllocatedNum x = AllocatedNum::Alloc(rec, Fr::Zero()), y = AllocatedNum::Alloc(rec, Fr::Zero());
  const uint32_t a = Col(x.Var()), b = Col(y.Var());
  x.Inputize(rec);
  ExpectConstraint(rec, 0, {{Col(Variable::Input(1)), 1}}, {{ONE, 1}}, {{a, 1}}, "inputize");
  const uint32_t p = Col(x.Mul(rec, y).Var());
  ExpectConstraint(rec, 1, {{a, 1}}, {{b, 1}}, {{p, 1}}, "mul");
  const uint32_t s = Col(x.Square(rec).Var());
  ExpectConstraint(rec, 2, {{a, 1}}, {{a, 1}}, {{s, 1}}, "square");
  const uint32_t sum = Col(x.Add(rec, y).Var());
  ExpectConstraint(rec, 3, {{a, 1}, {b, 1}}, {{ONE, 1}}, {{sum, 1}}, "add");
  x.AssertNonzero(rec);
  ExpectConstraint(rec, 4, {{a, 1}}, {{sum + 1, 1}}, {{ONE, 1}}, "assert_nonzero");
  AllocatedBit cond = AllocatedBit::Alloc(rec, false);
  const uint32_t k = Col(cond.Var());
  auto [c, d] = AllocatedNum::ConditionallyReverse(rec, x, y, cond);
  ExpectConstraint(rec, 6, {{a, 1}, {b, -1}}, {{k, 1}}, {{a, 1}, {Col(c.Var()), -1}}, "reverse 1");
  ExpectConstraint(rec, 7, {{a, -1}, {b, 1}}, {{k, 1}}, {{b, 1}, {Col(d.Var()), -1}}, "reverse 2");
}

TEST(GadgetShapes, UnpackingAndPacking) {
  RecordingCS rec;
  AllocatedNum x = AllocatedNum::Alloc(rec, Fr::Zero());
  std::vector<Boolean> bits = x.ToBitsLe(rec);
  // 0·0 = Σ 2^i·b_i − x, bits allocated right after x
  ASSERT_EQ(rec.NumConstraints(), 256u);
  const SparseMatrix &c = rec.c;
  EXPECT_EQ(rec.a.row_start[256], rec.a.row_start[255]);
  EXPECT_EQ(rec.b.row_start[256], rec.b.row_start[255]);
  ASSERT_EQ(c.row_start[256] - c.row_start[255], 256u);
  const uint64_t start = c.row_start[255];
  EXPECT_EQ(c.columns[start], Col(x.Var()));
  EXPECT_EQ(c.values[start], -Fr::One());
  Fr pow = Fr::One();
  for (size_t i = 0; i < 255; i++) {
    EXPECT_EQ(c.columns[start + 1 + i], Col(bits[i].Bit().Var()));
    EXPECT_EQ(c.values[start + 1 + i], pow);
    pow = pow + pow;
  }
  // pack_bits: (Σ 2^k·bit_k)·1 = n, with a constant-true bit contributing 2^k·ONE
  std::vector<Boolean> some{bits[0], Boolean::Constant(true), Boolean(bits[1]).Not()};
  AllocatedNum n = PackBits(rec, some);
  const uint32_t b0 = Col(bits[0].Bit().Var()), b1 = Col(bits[1].Bit().Var());
  ExpectConstraint(rec, 256, {{ONE, 2 + 4}, {b0, 1}, {b1, -4}}, {{ONE, 1}}, {{Col(n.Var()), 1}}, "pack_bits");
}

} // namespace
} // namespace cuzk::gadgets

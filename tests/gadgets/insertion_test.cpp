// tests/gadgets/insertion_test.cpp — pick / select / insert (spec/post-snap-poseidon.md §1.3):
// the upstream counts 2 / 8 / 22 for arity 2 / 4 / 8 and size·(size − 1) beyond, size − 1 for
// select, every index of every size giving the right row, condition kinds for pick, falsified
// witnesses rejected, and bad shapes as errors.
#include "gadgets/insertion.hpp"

#include "gadgets/recorded_eval.hpp"
#include "r1cs/test_cs.hpp"
#include "r1cs/witness_cs.hpp"

#include <gtest/gtest.h>

#include <random>
#include <vector>

using namespace cuzk;
using namespace cuzk::gadgets;
using ff::Fr;

namespace {

struct Fixture {
  std::vector<Fr> values;
  std::vector<AllocatedNum> nums;
  std::vector<Boolean> bits;
};

// n random allocated numbers, then log2-many allocated index bits of `index` (LSB first)
Fixture Make(r1cs::ConstraintSystem &cs, size_t n, size_t log_size, size_t index, uint64_t seed) {
  std::mt19937_64 rng(seed);
  Fixture f;
  for (size_t i = 0; i < n; i++) {
    f.values.push_back(Fr::Random(rng));
    f.nums.push_back(AllocatedNum::Alloc(cs, f.values.back()));
  }
  for (size_t i = 0; i < log_size; i++) f.bits.push_back(AllocatedBit::Alloc(cs, (index >> i) & 1));
  return f;
}

size_t InsertCost(size_t size) { return size == 2 ? 2 : size == 4 ? 8 : size == 8 ? 22 : size * (size - 1); }

} // namespace

TEST(Insertion, InsertCountsAndEveryIndex) {
  for (size_t log_size = 1; log_size <= 4; log_size++) {
    const size_t size = size_t(1) << log_size;
    for (size_t index = 0; index < size; index++) {
      r1cs::TestCS cs;
      // elements[0..size−1) are the siblings, the last one is inserted
      Fixture f = Make(cs, size, log_size, index, 40 + index);
      const AllocatedNum x = f.nums.back();
      const std::span<const AllocatedNum> siblings(f.nums.data(), size - 1);
      const size_t before = cs.NumConstraints();
      const auto out = Insert(cs, x, f.bits, siblings);
      EXPECT_EQ(cs.NumConstraints() - before, InsertCost(size)) << "size " << size;
      ASSERT_TRUE(cs.IsSatisfied()) << cs.WhichIsUnsatisfied().value_or("");
      ASSERT_EQ(out.size(), size);
      for (size_t pos = 0; pos < size; pos++) {
        const Fr expected = pos < index ? f.values[pos] : pos == index ? f.values.back() : f.values[pos - 1];
        EXPECT_EQ(out[pos].Value(), expected) << "size " << size << " index " << index << " pos " << pos;
      }
    }
  }
}

TEST(Insertion, UpstreamCountsForFilecoinArities) {
  // insertion.rs tests: 2 / 8 / 22 constraints for arity 2 / 4 / 8 (spec §1.3)
  for (auto [arity, expected] : std::vector<std::pair<size_t, size_t>>{{2, 2}, {4, 8}, {8, 22}}) {
    r1cs::TestCS cs(false);
    const size_t log_size = std::countr_zero(arity);
    Fixture f = Make(cs, arity, log_size, 0, 1);
    const size_t before = cs.NumConstraints(), aux_before = cs.NumAux();
    (void)Insert(cs, f.nums.back(), f.bits, std::span<const AllocatedNum>(f.nums.data(), arity - 1));
    EXPECT_EQ(cs.NumConstraints() - before, expected);
    EXPECT_EQ(cs.NumAux() - aux_before, expected) << "one aux per constraint";
  }
}

TEST(Insertion, SelectEveryIndex) {
  for (size_t log_size = 0; log_size <= 4; log_size++) {
    const size_t size = size_t(1) << log_size;
    for (size_t index = 0; index < size; index++) {
      r1cs::TestCS cs;
      Fixture f = Make(cs, size, log_size, index, 7 + index);
      const size_t before = cs.NumConstraints();
      const AllocatedNum got = Select(cs, f.nums, f.bits);
      EXPECT_EQ(cs.NumConstraints() - before, size - 1);
      EXPECT_TRUE(cs.IsSatisfied()) << cs.WhichIsUnsatisfied().value_or("");
      EXPECT_EQ(got.Value(), f.values[index]) << "size " << size << " index " << index;
    }
  }
}

TEST(Insertion, PickWithEveryConditionKind) {
  for (bool bit : {false, true}) {
    r1cs::TestCS cs;
    Fixture f = Make(cs, 2, 1, bit, 3);
    const AllocatedBit b = f.bits[0].Bit();
    const std::vector<std::pair<Boolean, bool>> conditions = {{Boolean::Is(b), bit},
                                                              {Boolean::NotOf(b), !bit},
                                                              {Boolean::Constant(true), true},
                                                              {Boolean::Constant(false), false}};
    for (const auto &[cond, value] : conditions) {
      const AllocatedNum c = Pick(cs, cond, f.nums[0], f.nums[1]);
      EXPECT_EQ(c.Value(), value ? f.values[0] : f.values[1]);
    }
    EXPECT_TRUE(cs.IsSatisfied()) << cs.WhichIsUnsatisfied().value_or("");
  }
}

TEST(Insertion, PickShapeIsUpstreams) {
  // (b − a)·condition = b − c: which side holds what decides the prover's A/B densities
  r1cs::RecordingCS rec;
  Fixture f = Make(rec, 2, 1, 1, 3);
  const AllocatedBit bit = f.bits[0].Bit();
  const AllocatedNum c = Pick(rec, Boolean::Is(bit), f.nums[0], f.nums[1]);
  const AllocatedNum d = Pick(rec, Boolean::NotOf(bit), f.nums[0], f.nums[1]);
  auto row = [](const r1cs::SparseMatrix &m, size_t r) {
    std::vector<std::pair<r1cs::Variable, Fr>> terms;
    for (uint64_t k = m.row_start[r]; k < m.row_start[r + 1]; k++)
      terms.emplace_back(r1cs::Column::Unpack(m.columns[k]), m.values[k]);
    return terms;
  };
  using Terms = std::vector<std::pair<r1cs::Variable, Fr>>;
  const r1cs::Variable a = f.nums[0].Var(), b = f.nums[1].Var(), one = r1cs::Variable::One();
  const size_t first = 1; // row 0 is the index bit's boolean constraint
  EXPECT_EQ(row(rec.a, first), (Terms{{a, -Fr::One()}, {b, Fr::One()}}));
  EXPECT_EQ(row(rec.b, first), (Terms{{bit.Var(), Fr::One()}}));
  EXPECT_EQ(row(rec.c, first), (Terms{{b, Fr::One()}, {c.Var(), -Fr::One()}}));
  EXPECT_EQ(row(rec.b, first + 1), (Terms{{one, Fr::One()}, {bit.Var(), -Fr::One()}})); // ¬bit = 1 − bit
  EXPECT_EQ(row(rec.c, first + 1), (Terms{{b, Fr::One()}, {d.Var(), -Fr::One()}}));
}

TEST(Insertion, FalsifiedWitnessIsRejected) {
  // Record insert_8, take its honest witness, and swap two outputs: the picks must catch it.
  r1cs::RecordingCS rec;
  Fixture shape = Make(rec, 8, 3, 5, 11);
  const auto rec_out = Insert(rec, shape.nums.back(), shape.bits, std::span<const AllocatedNum>(shape.nums.data(), 7));
  r1cs::WitnessCS wit;
  Fixture f = Make(wit, 8, 3, 5, 11);
  const auto out = Insert(wit, f.nums.back(), f.bits, std::span<const AllocatedNum>(f.nums.data(), 7));
  ASSERT_EQ(test::FirstUnsatisfied(rec, wit.input_assignment, wit.aux_assignment), std::nullopt);
  r1cs::FrVector bad = wit.aux_assignment;
  std::swap(bad[out[5].Var().index], bad[out[6].Var().index]);
  EXPECT_NE(test::FirstUnsatisfied(rec, wit.input_assignment, bad), std::nullopt);
  // a non-boolean index bit is caught too
  bad = wit.aux_assignment;
  bad[f.bits[0].Bit().Var().index] = Fr::FromUint(2);
  EXPECT_NE(test::FirstUnsatisfied(rec, wit.input_assignment, bad), std::nullopt);
  EXPECT_EQ(rec_out.size(), out.size());
}

TEST(Insertion, BadShapesAreErrors) {
  r1cs::TestCS cs;
  Fixture f = Make(cs, 8, 3, 2, 5);
  EXPECT_THROW(Insert(cs, f.nums[0], std::span<const Boolean>(f.bits.data(), 2), f.nums), r1cs::SynthesisError);
  EXPECT_THROW(Select(cs, std::span<const AllocatedNum>(f.nums.data(), 5), f.bits), r1cs::SynthesisError);
  // arity 8 needs allocated, unnegated low bits (upstream panics)
  std::vector<Boolean> negated = {f.bits[0].Not(), f.bits[1], f.bits[2]};
  EXPECT_THROW(Insert(cs, f.nums[7], negated, std::span<const AllocatedNum>(f.nums.data(), 7)), r1cs::SynthesisError);
}

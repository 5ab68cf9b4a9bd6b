// tests/gadgets/witness_parts_test.cpp — the storage of a parallel witness: WitnessCS::Reserve (huge-page
// advice) keeps what was written and never moves a reserved system while it fills, and
// WitnessParts::AppendTo, whose aux copy runs on the caller's threads, gives exactly the system that
// appending the parts one after the other with WitnessCS::Extend gives.
#include "gadgets/witness_parts.hpp"

#include <gtest/gtest.h>
#include <tbb/task_arena.h>

#include <random>
#include <vector>

namespace cuzk::filecoin {
namespace {

using ff::Fr;

void Fill(r1cs::WitnessCS &w, size_t aux, size_t inputs, std::mt19937_64 &rng) {
  for (size_t i = 0; i < aux; i++) {
    const Fr v = Fr::Random(rng);
    (void)w.Alloc("aux", [&] { return v; });
  }
  for (size_t i = 0; i < inputs; i++) {
    const Fr v = Fr::Random(rng);
    (void)w.AllocInput("input", [&] { return v; });
  }
  w.CountConstraints(aux + 2 * inputs);
}

TEST(WitnessStorage, ReserveKeepsValuesAndHoldsItsPlace) {
  std::mt19937_64 rng(7);
  r1cs::WitnessCS w;
  Fill(w, 1000, 3, rng);
  const std::vector<Fr> before = w.aux_assignment;
  // 8 MiB of aux: large enough for the huge-page advice
  constexpr size_t AUX = (size_t(8) << 20) / sizeof(Fr);
  w.Reserve(16, AUX);
  EXPECT_EQ(w.aux_assignment, before);
  EXPECT_GE(w.aux_assignment.capacity(), AUX);
  const Fr *data = w.aux_assignment.data();
  Fill(w, AUX - before.size(), 0, rng);
  EXPECT_EQ(w.aux_assignment.data(), data);
  EXPECT_EQ(w.NumAux(), AUX);
  EXPECT_TRUE(std::equal(before.begin(), before.end(), w.aux_assignment.begin()));
}

TEST(WitnessStorage, AppendToEqualsSequentialExtend) {
  // part sizes: empty, small, one over the huge-page threshold, inputs in some
  const size_t aux_sizes[] = {0, 1, 37, 200000, 5, 0, 4096, 131071};
  const size_t input_sizes[] = {0, 2, 0, 1, 0, 3, 0, 1};
  constexpr size_t N = std::size(aux_sizes);
  for (int threads : {1, 2, 3}) {
    std::mt19937_64 rng(11);
    r1cs::WitnessCS expected, w;
    Fill(expected, 17, 2, rng);
    rng.seed(11);
    Fill(w, 17, 2, rng);
    WitnessParts parts(w, N);
    std::vector<r1cs::WitnessCS> copies(N);
    for (size_t i = 0; i < N; i++) {
      if (i % 2) parts.Reserve(i, aux_sizes[i]);
      std::mt19937_64 part_rng(100 + i);
      Fill(parts[i], aux_sizes[i], input_sizes[i], part_rng);
      part_rng.seed(100 + i);
      Fill(copies[i], aux_sizes[i], input_sizes[i], part_rng);
    }
    for (const r1cs::WitnessCS &c : copies) expected.Extend(c);
    tbb::task_arena(threads).execute([&] { parts.AppendTo(w); });
    const std::string where = std::to_string(threads) + " thread(s)";
    EXPECT_EQ(w.input_assignment, expected.input_assignment) << where;
    EXPECT_EQ(w.aux_assignment.size(), expected.aux_assignment.size()) << where;
    EXPECT_TRUE(w.aux_assignment == expected.aux_assignment) << where;
    EXPECT_EQ(w.NumConstraints(), expected.NumConstraints()) << where;
    for (size_t i = 0; i < N; i++) {
      EXPECT_EQ(parts[i].aux_assignment.capacity(), 0u) << where << ", part " << i << " not freed";
      EXPECT_EQ(parts[i].input_assignment.capacity(), 0u) << where << ", part " << i << " not freed";
    }
  }
}

} // namespace
} // namespace cuzk::filecoin

// tests/gadgets/witness_parts_test.cpp — the storage of a parallel witness: WitnessCS::Reserve (huge-page
// advice) keeps what was written and never moves a reserved system while it fills; a system writing
// into a place (WriteInto, AppendAux, AuxSpace near the place's end) writes exactly there and refuses
// to write past it; and SynthesizeGroups gives exactly the system that synthesising the groups one
// after the other gives, or the error of the lowest-numbered failing group.
#include "gadgets/witness_parts.hpp"

#include <gtest/gtest.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <random>
#include <stdexcept>
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

std::vector<Fr> Aux(const r1cs::WitnessCS &w) { return {w.aux_assignment.begin(), w.aux_assignment.end()}; }

TEST(WitnessStorage, ReserveKeepsValuesAndHoldsItsPlace) {
  std::mt19937_64 rng(7);
  r1cs::WitnessCS w;
  Fill(w, 1000, 3, rng);
  const std::vector<Fr> before = Aux(w);
  // 8 MiB of aux: large enough for the huge-page advice
  constexpr size_t AUX = (size_t(8) << 20) / sizeof(Fr);
  w.Reserve(16, AUX);
  EXPECT_EQ(Aux(w), before);
  EXPECT_GE(w.aux_assignment.capacity(), AUX);
  const Fr *data = w.aux_assignment.data();
  Fill(w, AUX - before.size(), 0, rng);
  EXPECT_EQ(w.aux_assignment.data(), data);
  EXPECT_EQ(w.NumAux(), AUX);
  EXPECT_TRUE(std::equal(before.begin(), before.end(), w.aux_assignment.begin()));
}

TEST(WitnessStorage, AuxSpaceKeepsWhatIsCommitted) {
  r1cs::WitnessCS w;
  (void)w.Alloc("first", [] { return Fr::FromUint(7); });
  Fr *at = w.AuxSpace(100);
  for (uint64_t i = 0; i < 5; i++) at[i] = Fr::FromUint(10 + i);
  w.CommitAux(5);
  ASSERT_EQ(w.NumAux(), 6u);
  EXPECT_EQ(w.aux_assignment[0], Fr::FromUint(7));
  for (uint64_t i = 0; i < 5; i++) EXPECT_EQ(w.aux_assignment[1 + i], Fr::FromUint(10 + i));
  (void)w.AuxSpace(3);
  EXPECT_THROW(w.CommitAux(4), r1cs::SynthesisError);
}

TEST(WitnessStorage, APlaceIsWrittenExactlyAndNeverPast) {
  // 10 values of room between two sentinels
  std::vector<Fr> storage(12, Fr::FromUint(99));
  r1cs::WitnessCS part;
  part.WriteInto(storage.data() + 1, 10);
  EXPECT_TRUE(part.WritesIntoPlace());
  const r1cs::Variable v = part.Alloc("a", [] { return Fr::FromUint(1); });
  EXPECT_EQ(v, r1cs::Variable::Aux(0));
  Fr *p = part.AppendAux(4);
  for (uint64_t i = 0; i < 4; i++) p[i] = Fr::FromUint(2 + i);
  // a bound larger than the room left: the values wait aside and land once counted
  p = part.AuxSpace(1000);
  for (uint64_t i = 0; i < 5; i++) p[i] = Fr::FromUint(6 + i);
  part.CommitAux(5);
  EXPECT_EQ(part.NumAux(), 10u);
  EXPECT_TRUE(part.aux_assignment.empty());
  for (uint64_t i = 0; i < 10; i++) EXPECT_EQ(storage[1 + i], Fr::FromUint(1 + i)) << i;
  EXPECT_THROW((void)part.Alloc("past", [] { return Fr::One(); }), r1cs::SynthesisError);
  EXPECT_THROW((void)part.AppendAux(1), r1cs::SynthesisError);
  EXPECT_EQ(storage[0], Fr::FromUint(99));
  EXPECT_EQ(storage[11], Fr::FromUint(99));
}

// part k of every group: its aux and input counts (one part over the huge-page threshold)
constexpr size_t AUX_SIZES[] = {0, 1, 37, 200000, 5, 0, 4096};
constexpr size_t INPUT_SIZES[] = {0, 2, 0, 1, 0, 3, 0};
constexpr size_t PER_GROUP = std::size(AUX_SIZES);

void FillGroup(r1cs::WitnessCS *parts, size_t g, int extra_in_part_2 = 0) {
  for (size_t k = 0; k < PER_GROUP; k++) {
    std::mt19937_64 rng(1000 * g + k);
    Fill(parts[k], AUX_SIZES[k] + (k == 2 ? extra_in_part_2 : 0), INPUT_SIZES[k], rng);
  }
}

TEST(SynthesizeGroups, EqualsSequentialSynthesis) {
  const size_t max_aux[PER_GROUP] = {0, 1, 64, 200000, 5, 0, 1};
  for (size_t groups : {1, 2, 9}) {
    for (int threads : {1, 2, 3}) {
      std::mt19937_64 rng(11);
      r1cs::WitnessCS expected, w;
      Fill(expected, 17, 2, rng);
      rng.seed(11);
      Fill(w, 17, 2, rng);
      for (size_t g = 0; g < groups; g++) {
        std::vector<r1cs::WitnessCS> parts(PER_GROUP);
        FillGroup(parts.data(), g);
        for (const r1cs::WitnessCS &p : parts) expected.Extend(p);
      }
      tbb::task_arena(threads).execute(
          [&] { SynthesizeGroups(w, groups, max_aux, [](size_t g, r1cs::WitnessCS *own) { FillGroup(own, g); }); });
      const std::string where = std::to_string(groups) + " groups, " + std::to_string(threads) + " thread(s)";
      EXPECT_EQ(w.input_assignment, expected.input_assignment) << where;
      ASSERT_EQ(w.NumAux(), expected.NumAux()) << where;
      EXPECT_TRUE(Aux(w) == Aux(expected)) << where;
      EXPECT_EQ(w.NumConstraints(), expected.NumConstraints()) << where;
    }
  }
}

TEST(SynthesizeGroups, AGroupOfAnotherShapeFails) {
  const size_t max_aux[PER_GROUP] = {};
  for (int extra : {-1, 1, 5000}) {
    r1cs::WitnessCS w;
    try {
      SynthesizeGroups(w, 4, max_aux, [&](size_t g, r1cs::WitnessCS *own) { FillGroup(own, g, g == 3 ? extra : 0); });
      ADD_FAILURE() << "no error for " << extra << " more values in group 3";
    } catch (const r1cs::SynthesisError &e) {
      const std::string what = e.what();
      EXPECT_NE(what.find("differ"), std::string::npos) << what;
    }
  }
}

TEST(SynthesizeGroups, TheLowestFailingGroupsErrorIsThrown) {
  const size_t max_aux[PER_GROUP] = {};
  for (size_t first : {0, 2, 5}) {
    r1cs::WitnessCS w;
    try {
      tbb::task_arena(3).execute([&] {
        SynthesizeGroups(w, 8, max_aux, [&](size_t g, r1cs::WitnessCS *own) {
          FillGroup(own, g);
          if (g == first || g == 6) throw std::runtime_error("group " + std::to_string(g));
        });
      });
      ADD_FAILURE() << "no error";
    } catch (const std::runtime_error &e) {
      EXPECT_EQ(std::string(e.what()), "group " + std::to_string(first));
    }
  }
}

} // namespace
} // namespace cuzk::filecoin

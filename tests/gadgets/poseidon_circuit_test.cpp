// tests/gadgets/poseidon_circuit_test.cpp — neptune's legacy Poseidon circuit: the exact counts of
// spec/post-snap-poseidon.md §2.7 for every Filecoin arity, a satisfied witness whose digest equals
// the native hash (src/hash), the same R1CS and witness from every kind of constraint system, and
// the shape of the constraints the spec pins down (pre-key S-box, final allocation).
#include "gadgets/poseidon_circuit.hpp"

#include "gadgets/recorded_eval.hpp"
#include "r1cs/recording_cs.hpp"
#include "r1cs/test_cs.hpp"
#include "r1cs/witness_cs.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

using namespace cuzk;
using namespace cuzk::gadgets;
using ff::Fr;

namespace {

const hash::PoseidonConstants &Constants(size_t arity) {
  auto c = hash::GetPoseidonConstants(arity);
  EXPECT_TRUE(c.HasValue());
  return **c;
}

std::vector<Fr> RandomFrs(size_t n, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<Fr> v;
  for (size_t i = 0; i < n; i++) v.push_back(Fr::Random(rng));
  return v;
}

std::vector<AllocatedNum> AllocAll(r1cs::ConstraintSystem &cs, const std::vector<Fr> &values) {
  std::vector<AllocatedNum> nums;
  for (const Fr &v : values) nums.push_back(AllocatedNum::Alloc(cs, v));
  return nums;
}

// spec §2.7 and neptune's circuit tests (arity 11 computed from the same formula)
struct ArityCount {
  size_t arity;
  size_t constraints;
};
const std::vector<ArityCount> COUNTS = {{2, 311}, {4, 377}, {8, 505}, {11, 598}, {16, 761}, {24, 1009}, {36, 1385}};

} // namespace

TEST(PoseidonCircuit, CountsSatisfiedAndEqualsNativeForEveryArity) {
  for (const auto &[arity, expected] : COUNTS) {
    const auto &c = Constants(arity);
    const std::vector<Fr> preimage = RandomFrs(arity, 1000 + arity);
    r1cs::TestCS cs;
    const auto nums = AllocAll(cs, preimage);
    const size_t aux_before = cs.NumAux();
    const AllocatedNum out = PoseidonHashMerkleCircuit(cs, nums);

    // neptune's test formula: 3·(#S-boxes − 1) + (t·R_F + R_P − arity)
    const size_t sboxes = c.width * c.full_rounds + c.partial_rounds;
    EXPECT_EQ(cs.NumConstraints(), 3 * (sboxes - 1) + (sboxes - arity)) << "arity " << arity;
    EXPECT_EQ(cs.NumConstraints(), expected) << "arity " << arity;
    EXPECT_EQ(cs.NumAux() - aux_before, expected) << "aux count = constraint count, arity " << arity;
    EXPECT_EQ(cs.NumInputs(), 1u);
    EXPECT_TRUE(cs.IsSatisfied()) << "arity " << arity << ": " << cs.WhichIsUnsatisfied().value_or("");
    EXPECT_EQ(out.Value(), *hash::PoseidonHashMerkle(preimage)) << "arity " << arity;
    EXPECT_EQ(cs.aux_assignment[out.Var().index], out.Value());
  }
}

// The gadget keeps its state's storage between hashes on a thread (PoseidonScratch): hashes of different arities
// interleaved in one system, and the same system built twice on a thread that has already hashed (grown storage, stale
// terms), give the same constraints, counts and digests as hashes built alone.
TEST(PoseidonCircuit, InterleavedAritiesReuseNothingStale) {
  const std::vector<size_t> arities = {11, 2, 8, 2, 11, 4};
  auto build = [&](r1cs::RecordingCS &rec, r1cs::TestCS &test) {
    size_t seed = 0;
    for (size_t arity : arities) {
      const std::vector<Fr> preimage = RandomFrs(arity, 300 + seed++);
      (void)PoseidonHashMerkleCircuit(rec, AllocAll(rec, preimage));
      const size_t before = test.NumConstraints();
      const AllocatedNum out = PoseidonHashMerkleCircuit(test, AllocAll(test, preimage));
      EXPECT_EQ(out.Value(), *hash::PoseidonHashMerkle(preimage)) << "arity " << arity;
      const auto it = std::find_if(COUNTS.begin(), COUNTS.end(), [&](const ArityCount &e) { return e.arity == arity; });
      EXPECT_EQ(test.NumConstraints() - before, it->constraints) << "arity " << arity;
    }
  };
  r1cs::RecordingCS rec1, rec2;
  r1cs::TestCS test1, test2;
  build(rec1, test1);
  build(rec2, test2);
  EXPECT_TRUE(test1.IsSatisfied()) << test1.WhichIsUnsatisfied().value_or("");
  EXPECT_EQ(test1.aux_assignment, test2.aux_assignment);
  ASSERT_EQ(rec1.NumConstraints(), rec2.NumConstraints());
  EXPECT_EQ(test::FirstUnsatisfied(rec2, test1.input_assignment, test1.aux_assignment), std::nullopt);
}

TEST(PoseidonCircuit, KnownAnswerH2OfOneZero) {
  // spec §2.8: H2(1, 0) of filecoin-hashers
  r1cs::TestCS cs;
  const auto nums = AllocAll(cs, {Fr::One(), Fr::Zero()});
  const AllocatedNum out = PoseidonHashMerkleCircuit(cs, nums);
  EXPECT_TRUE(cs.IsSatisfied());
  EXPECT_EQ(out.Value(),
            Fr::FromCanonical({0xb339ff6079800b5e, 0xec5907b3dc3094af, 0x93c003cc74a24f26, 0x042f94ffbe786bc3}));
}

TEST(PoseidonCircuit, OtherDomainTagsMatchNative) {
  // ConstantLength(arity) (no padding in the legacy circuit) and SnapDeals' GEN_RANDOMNESS tag
  struct Case {
    size_t arity;
    Fr tag;
  };
  const std::vector<Case> cases = {{2, hash::SnapDealsGenRandomnessTag()},
                                   {4, hash::ConstantLengthTag(4)},
                                   {8, hash::ConstantLengthTag(8)},
                                   {11, hash::ConstantLengthTag(11)}};
  for (const auto &[arity, tag] : cases) {
    const std::vector<Fr> preimage = RandomFrs(arity, 77 + arity);
    r1cs::TestCS cs;
    const auto nums = AllocAll(cs, preimage);
    const AllocatedNum out = PoseidonHashCircuit(cs, nums, Constants(arity), tag);
    EXPECT_TRUE(cs.IsSatisfied()) << cs.WhichIsUnsatisfied().value_or("");
    EXPECT_EQ(out.Value(), *hash::PoseidonHash(preimage, tag)) << "arity " << arity;
  }
}

TEST(PoseidonCircuit, RecordedMatricesAreSatisfiedByTheWitnessOnlyAssignment) {
  // The shape (built without values) and the witness (built without constraints) come from two
  // different code paths; A·w ∘ B·w = C·w ties them together, and the witness equals TestCS's.
  for (size_t arity : {2, 8, 11}) {
    const std::vector<Fr> preimage = RandomFrs(arity, 5 + arity);
    r1cs::RecordingCS rec;
    (void)PoseidonHashMerkleCircuit(rec, AllocAll(rec, preimage));
    r1cs::WitnessCS wit;
    const AllocatedNum out = PoseidonHashMerkleCircuit(wit, AllocAll(wit, preimage));
    r1cs::TestCS test;
    (void)PoseidonHashMerkleCircuit(test, AllocAll(test, preimage));

    ASSERT_EQ(rec.NumConstraints(), wit.NumConstraints());
    ASSERT_EQ(rec.NumAux(), wit.NumAux());
    EXPECT_EQ(wit.aux_assignment, test.aux_assignment);
    EXPECT_EQ(out.Value(), *hash::PoseidonHashMerkle(preimage));
    EXPECT_EQ(test::FirstUnsatisfied(rec, wit.input_assignment, wit.aux_assignment), std::nullopt) << "arity " << arity;
    // a falsified witness is rejected: one S-box output in the middle, then the digest itself
    for (size_t k : {rec.NumAux() / 2, size_t(out.Var().index)}) {
      r1cs::FrVector bad = wit.aux_assignment;
      bad[k] += Fr::One();
      EXPECT_NE(test::FirstUnsatisfied(rec, wit.input_assignment, bad), std::nullopt) << "aux " << k;
    }
  }
}

TEST(PoseidonCircuit, ConstraintShapesFollowNeptune) {
  // spec §2.7: the first S-box of element 1 is (x + K0_1)·(x + K0_1) = l2, with x the first
  // preimage variable; the last constraint allocates state[1] = Σ_i M[i][1]·l5_i with (LC)·1 = out.
  const auto &c = Constants(2);
  r1cs::RecordingCS rec;
  const auto nums = AllocAll(rec, {Fr::Zero(), Fr::Zero()});
  const AllocatedNum out = PoseidonHashMerkleCircuit(rec, nums);
  const Fr k0 = c.compressed_round_constants[1];
  auto row = [](const r1cs::SparseMatrix &m, size_t r) {
    std::vector<std::pair<uint32_t, Fr>> terms;
    for (uint64_t k = m.row_start[r]; k < m.row_start[r + 1]; k++) terms.emplace_back(m.columns[k], m.values[k]);
    return terms;
  };
  const uint32_t x = r1cs::Column::Pack(nums[0].Var());
  const std::vector<std::pair<uint32_t, Fr>> x_plus_k = {{0u, k0}, {x, Fr::One()}};
  EXPECT_EQ(row(rec.a, 0), x_plus_k);
  EXPECT_EQ(row(rec.b, 0), x_plus_k);
  ASSERT_EQ(row(rec.c, 0).size(), 1u);

  // round 1, element 0 (a Num after round 0's mix): rows 6..9 are LC·1 = v, v·v = l2, l2·l2 = l4,
  // and v·l4 = l5 − K with v on A and l4 on B (B's density decides which b points the prover uses)
  const uint32_t v = row(rec.c, 6).at(0).first, l2 = row(rec.c, 7).at(0).first, l4 = row(rec.c, 8).at(0).first;
  EXPECT_EQ(row(rec.b, 6), (std::vector<std::pair<uint32_t, Fr>>{{0u, Fr::One()}}));
  EXPECT_EQ(row(rec.a, 7), (std::vector<std::pair<uint32_t, Fr>>{{v, Fr::One()}}));
  EXPECT_EQ(row(rec.b, 8), (std::vector<std::pair<uint32_t, Fr>>{{l2, Fr::One()}}));
  EXPECT_EQ(row(rec.a, 9), (std::vector<std::pair<uint32_t, Fr>>{{v, Fr::One()}}));
  EXPECT_EQ(row(rec.b, 9), (std::vector<std::pair<uint32_t, Fr>>{{l4, Fr::One()}}));
  const auto c9 = row(rec.c, 9);
  ASSERT_EQ(c9.size(), 2u);
  EXPECT_EQ(c9[0], (std::pair<uint32_t, Fr>{0u, -c.compressed_round_constants[2 * c.width]})); // − K1 of round 1

  const size_t last = rec.NumConstraints() - 1;
  EXPECT_EQ(row(rec.b, last), (std::vector<std::pair<uint32_t, Fr>>{{0u, Fr::One()}}));
  EXPECT_EQ(row(rec.c, last), (std::vector<std::pair<uint32_t, Fr>>{{r1cs::Column::Pack(out.Var()), Fr::One()}}));
  const auto a_last = row(rec.a, last);
  ASSERT_EQ(a_last.size(), c.width); // the t l5 variables of the terminal round, in allocation order
  for (size_t i = 0; i < c.width; i++) EXPECT_EQ(a_last[i].second, c.mds.At(i, 1)) << i;
}

TEST(PoseidonCircuit, BlankCircuitHasTheSameCount) {
  // parameter generation synthesises without values: constant-ness never depends on them
  for (const auto &[arity, expected] : COUNTS) {
    r1cs::TestCS cs(false);
    (void)PoseidonHashMerkleCircuit(cs, AllocAll(cs, std::vector<Fr>(arity, Fr::Zero())));
    EXPECT_EQ(cs.NumConstraints(), expected) << "arity " << arity;
  }
}

TEST(PoseidonCircuit, RegeneratedConstantsGiveTheSameR1cs) {
  // constants not from the process cache take the uncached path of the partial-round shortcut
  for (size_t arity : {2, 11}) {
    const hash::PoseidonConstants fresh = hash::GeneratePoseidonConstants(arity);
    r1cs::RecordingCS cached, regenerated;
    (void)PoseidonHashMerkleCircuit(cached, AllocAll(cached, RandomFrs(arity, 1)));
    (void)PoseidonHashCircuit(regenerated, AllocAll(regenerated, RandomFrs(arity, 1)), fresh,
                              hash::MerkleTreeTag(arity));
    for (auto [x, y] :
         {std::pair{&cached.a, &regenerated.a}, {&cached.b, &regenerated.b}, {&cached.c, &regenerated.c}}) {
      EXPECT_EQ(x->row_start, y->row_start) << "arity " << arity;
      EXPECT_EQ(x->columns, y->columns) << "arity " << arity;
      EXPECT_EQ(x->values, y->values) << "arity " << arity;
    }
  }
}

TEST(PoseidonCircuit, WrongPreimageLengthIsAnError) {
  r1cs::TestCS cs;
  const auto nums = AllocAll(cs, RandomFrs(3, 9));
  EXPECT_THROW(PoseidonHashCircuit(cs, nums, Constants(2), hash::MerkleTreeTag(2)), r1cs::SynthesisError);
  EXPECT_THROW(PoseidonHashMerkleCircuit(cs, nums), r1cs::SynthesisError); // no arity-3 constants
}

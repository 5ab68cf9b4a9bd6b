// tests/gadgets/poseidon_witness_test.cpp — the native witness path of the Poseidon circuit
// (gadgets/poseidon_witness.hpp) against the gadget itself: for every Filecoin arity, random
// preimages (and the edge values 0, 1, −1) under the Merkle tag and another tag, the same aux vector
// as the gadget gives a ProvingAssignment and a WitnessCS with native gadgets off, the same
// constraint count, the same digest variable and value (= the native hash), and a witness that
// satisfies the recorded R1CS; chained hashes append after earlier values.
#include "gadgets/poseidon_circuit.hpp"
#include "hash/poseidon.hpp"
#include "r1cs/proving_assignment.hpp"
#include "r1cs/recording_cs.hpp"
#include "r1cs/witness_cs.hpp"

#include "recorded_eval.hpp"

#include <gtest/gtest.h>

#include <random>

namespace cuzk::gadgets {
namespace {

std::vector<Fr> RandomFrs(size_t n, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<Fr> v;
  for (size_t i = 0; i < n; i++) v.push_back(Fr::Random(rng));
  return v;
}

std::vector<AllocatedNum> AllocAll(ConstraintSystem &cs, const std::vector<Fr> &values) {
  std::vector<AllocatedNum> nums;
  for (const Fr &v : values) nums.push_back(AllocatedNum::Alloc(cs, v));
  return nums;
}

// hashes preimage under tag, then (chained) the digest with the rest of a second preimage
AllocatedNum HashTwice(ConstraintSystem &cs, const std::vector<Fr> &preimage, const Fr &tag) {
  const auto &c = **hash::GetPoseidonConstants(preimage.size());
  std::vector<AllocatedNum> nums = AllocAll(cs, preimage);
  const AllocatedNum first = PoseidonHashCircuit(cs, nums, c, tag);
  nums[0] = first;
  return PoseidonHashCircuit(cs, nums, c, tag);
}

void ExpectSameAsGadget(const std::vector<Fr> &preimage, const Fr &tag, const std::string &what) {
  r1cs::ProvingAssignment pa;
  const AllocatedNum ref = HashTwice(pa, preimage, tag);
  r1cs::WitnessCS slow;
  slow.SetNativeGadgets(false);
  const AllocatedNum per_variable = HashTwice(slow, preimage, tag);
  r1cs::WitnessCS fast;
  const AllocatedNum native = HashTwice(fast, preimage, tag);

  EXPECT_EQ(slow.aux_assignment, pa.aux_assignment) << what;
  EXPECT_EQ(fast.aux_assignment, pa.aux_assignment) << what;
  EXPECT_EQ(fast.input_assignment, pa.input_assignment) << what;
  EXPECT_EQ(slow.NumConstraints(), pa.NumConstraints()) << what;
  EXPECT_EQ(fast.NumConstraints(), pa.NumConstraints()) << what;
  EXPECT_TRUE(native.Var() == ref.Var() && per_variable.Var() == ref.Var()) << what;
  EXPECT_EQ(native.Value(), ref.Value()) << what;

  // the value is the native hash of the native hash
  const auto &c = **hash::GetPoseidonConstants(preimage.size());
  std::vector<Fr> second = preimage;
  second[0] = hash::PoseidonHashWith(c, preimage, tag);
  EXPECT_EQ(native.Value(), hash::PoseidonHashWith(c, second, tag)) << what;

  r1cs::RecordingCS rec;
  (void)HashTwice(rec, preimage, tag);
  ASSERT_EQ(rec.NumAux(), fast.aux_assignment.size()) << what;
  EXPECT_EQ(test::FirstUnsatisfied(rec, fast.input_assignment, fast.aux_assignment), std::nullopt) << what;
}

TEST(PoseidonWitness, EveryArityEqualsTheGadget) {
  for (size_t arity : hash::POSEIDON_ARITIES) {
    ExpectSameAsGadget(RandomFrs(arity, 40 + arity), hash::MerkleTreeTag(arity),
                       "arity " + std::to_string(arity) + ", Merkle tag");
    ExpectSameAsGadget(RandomFrs(arity, 80 + arity), hash::SnapDealsGenRandomnessTag(),
                       "arity " + std::to_string(arity) + ", 2^40 tag");
  }
}

TEST(PoseidonWitness, EdgeValuesEqualTheGadget) {
  for (size_t arity : {size_t(2), size_t(8), size_t(11)}) {
    for (const Fr &v : {Fr::Zero(), Fr::One(), -Fr::One()}) {
      ExpectSameAsGadget(std::vector<Fr>(arity, v), hash::MerkleTreeTag(arity),
                         "arity " + std::to_string(arity) + ", all " + v.ToHex());
    }
  }
}

TEST(PoseidonWitness, WrongArityIsStillAnError) {
  r1cs::WitnessCS w;
  const std::vector<AllocatedNum> three = AllocAll(w, RandomFrs(3, 1));
  EXPECT_THROW(PoseidonHashCircuit(w, three, **hash::GetPoseidonConstants(2), hash::MerkleTreeTag(2)),
               r1cs::SynthesisError);
  EXPECT_THROW(PoseidonHashMerkleCircuit(w, three), r1cs::SynthesisError);
}

} // namespace
} // namespace cuzk::gadgets

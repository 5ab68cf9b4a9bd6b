// tests/gadgets/poseidon_witness_no_ifma_test.cpp — SetPoseidonVectorPath(false) turns the vector path
// of PoseidonWitnessValues off (gadgets/poseidon_witness_ifma.hpp; the daemon's CUZK_DISABLE_IFMA=1),
// and the values it then writes one hash at a time are the vector path's. Its own binary: the switch
// is process-wide.
#include "ff/fr_ifma.hpp"
#include "gadgets/poseidon_witness.hpp"
#include "gadgets/poseidon_witness_ifma.hpp"
#include "hash/poseidon.hpp"

#include <gtest/gtest.h>

#include <random>
#include <vector>

namespace cuzk::gadgets {
namespace {

class PoseidonWitnessNoIfma : public ::testing::Test {
protected:
  void SetUp() override { SetPoseidonVectorPath(false); }
  void TearDown() override { SetPoseidonVectorPath(true); }
};

TEST_F(PoseidonWitnessNoIfma, TheSwitchForcesTheScalarPath) {
  EXPECT_FALSE(PoseidonIfmaAvailable());
  SetPoseidonVectorPath(true);
  EXPECT_EQ(PoseidonIfmaAvailable(), ff::ifma::CpuHasIfma());
  SetPoseidonVectorPath(false);
  EXPECT_FALSE(PoseidonIfmaAvailable());
}

TEST_F(PoseidonWitnessNoIfma, ScalarValuesEqualTheVectorPath) {
  if (!ff::ifma::CpuHasIfma()) GTEST_SKIP() << "this CPU has no AVX-512 IFMA: no vector path to compare with";
  for (size_t arity : {size_t(2), size_t(8)}) {
    const auto &c = **hash::GetPoseidonConstants(arity);
    const Fr tag = hash::MerkleTreeTag(arity);
    const size_t n = 11, size = PoseidonWitnessSize(c);
    std::mt19937_64 rng(arity);
    std::vector<Fr> preimages, scalar(n * size), vector(n * size);
    for (size_t i = 0; i < n * arity; i++) preimages.push_back(Fr::Random(rng));
    std::vector<PoseidonWitnessJob> a, b;
    for (size_t k = 0; k < n; k++) {
      a.push_back({preimages.data() + k * arity, scalar.data() + k * size});
      b.push_back({preimages.data() + k * arity, vector.data() + k * size});
    }
    PoseidonWitnessValues(c, tag, a);
    PoseidonWitnessValuesIfma(c, tag, b);
    EXPECT_EQ(scalar, vector) << "arity " << arity;
  }
}

} // namespace
} // namespace cuzk::gadgets

// tests/gadgets/poseidon_witness_ifma_test.cpp — the eight-lane Poseidon witness path
// (gadgets/poseidon_witness_ifma.hpp) against PoseidonWitnessValuesScalar, element for element:
// every Filecoin arity under the Merkle tag and the SnapDeals tag, batches of 1..17 jobs (full passes
// and every remainder, directly and through the PoseidonWitnessValues dispatch), edge preimages
// (0, 1, −1, alone and mixed across lanes), jobs whose aux regions are interleaved in one buffer with
// guard values between them that must stay untouched, and constants generated outside the cache.
// Skipped where the CPU has no AVX-512 IFMA.
#include "ff/fr_ifma.hpp"
#include "gadgets/poseidon_witness.hpp"
#include "gadgets/poseidon_witness_ifma.hpp"
#include "hash/poseidon.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

namespace cuzk::gadgets {
namespace {

class PoseidonWitnessIfma : public ::testing::Test {
protected:
  void SetUp() override {
    if (!ff::ifma::CpuHasIfma()) GTEST_SKIP() << "this CPU has no AVX-512 IFMA (avx512f/vl/bw/ifma)";
  }
};

// a value no hash writes by chance: marks aux words that must not change
const Fr GUARD = Fr::FromMontgomery(ff::Limbs<4>{0x5a5a5a5a5a5a5a5aull, 0xa5a5a5a5a5a5a5a5ull, 0x1234, 0x42});

// n jobs with preimages from `values` (job-major, arity each), their aux regions laid out in
// `order` in one buffer with a gap of guard values before, between and after them
struct Batch {
  size_t size = 0; // values per job
  size_t stride = 0;
  std::vector<Fr> preimages;
  std::vector<Fr> aux;
  std::vector<PoseidonWitnessJob> jobs;

  Batch(const hash::PoseidonConstants &c, std::vector<Fr> values, const std::vector<size_t> &order)
      : size(PoseidonWitnessSize(c)), stride(size + 3), preimages(std::move(values)) {
    const size_t n = order.size();
    aux.assign(3 + n * stride, GUARD);
    for (size_t k = 0; k < n; k++) jobs.push_back({preimages.data() + k * c.arity, aux.data() + 3 + order[k] * stride});
  }
  std::span<const Fr> Values(size_t k) const { return {jobs[k].aux, size}; }
  bool GuardsIntact() const {
    std::vector<bool> inside(aux.size(), false);
    for (const PoseidonWitnessJob &j : jobs)
      for (size_t i = 0; i < size; i++) inside[size_t(j.aux - aux.data()) + i] = true;
    for (size_t i = 0; i < aux.size(); i++)
      if (!inside[i] && aux[i] != GUARD) return false;
    return true;
  }
};

std::vector<size_t> Identity(size_t n) {
  std::vector<size_t> v(n);
  for (size_t i = 0; i < n; i++) v[i] = i;
  return v;
}

enum class Path { kIfma, kDispatch };

// the batch through `path` equals each job hashed alone by the scalar path
void ExpectSameAsScalar(const hash::PoseidonConstants &c, const Fr &tag, const std::vector<Fr> &values,
                        const std::vector<size_t> &order, Path path, const std::string &what) {
  Batch batch(c, values, order);
  if (path == Path::kIfma) {
    PoseidonWitnessValuesIfma(c, tag, batch.jobs);
  } else {
    PoseidonWitnessValues(c, tag, batch.jobs);
  }
  std::vector<Fr> ref(batch.size);
  for (size_t k = 0; k < order.size(); k++) {
    PoseidonWitnessValuesScalar(c, tag, batch.jobs[k].preimage, ref.data());
    const std::span<const Fr> got = batch.Values(k);
    for (size_t i = 0; i < batch.size; i++) {
      ASSERT_EQ(got[i], ref[i]) << what << ": job " << k << " of " << order.size() << ", value " << i << " of "
                                << batch.size;
    }
  }
  EXPECT_TRUE(batch.GuardsIntact()) << what;
}

std::vector<Fr> RandomFrs(size_t n, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<Fr> v;
  for (size_t i = 0; i < n; i++) v.push_back(Fr::Random(rng));
  return v;
}

TEST_F(PoseidonWitnessIfma, EveryArityTagAndBatchSize) {
  for (size_t arity : hash::POSEIDON_ARITIES) {
    const auto &c = **hash::GetPoseidonConstants(arity);
    for (const Fr &tag : {hash::MerkleTreeTag(arity), hash::SnapDealsGenRandomnessTag()}) {
      for (size_t n = 1; n <= 17; n++) {
        const std::string what =
            "arity " + std::to_string(arity) + ", tag " + tag.ToHex() + ", " + std::to_string(n) + " jobs";
        const std::vector<Fr> values = RandomFrs(n * arity, 1000 * arity + n);
        ExpectSameAsScalar(c, tag, values, Identity(n), Path::kIfma, what + " (vector path)");
        ExpectSameAsScalar(c, tag, values, Identity(n), Path::kDispatch, what + " (dispatch)");
      }
    }
  }
}

TEST_F(PoseidonWitnessIfma, EdgePreimages) {
  const std::vector<Fr> edges = {Fr::Zero(), Fr::One(), -Fr::One()};
  for (size_t arity : hash::POSEIDON_ARITIES) {
    const auto &c = **hash::GetPoseidonConstants(arity);
    const Fr tag = hash::MerkleTreeTag(arity);
    // every lane the same edge value
    for (const Fr &e : edges) {
      ExpectSameAsScalar(c, tag, std::vector<Fr>(8 * arity, e), Identity(8), Path::kIfma,
                         "arity " + std::to_string(arity) + ", all " + e.ToHex());
    }
    // lanes mixing the edges element by element, beside a random lane
    std::vector<Fr> mixed = RandomFrs(8 * arity, arity);
    for (size_t i = 0; i < 7 * arity; i++) mixed[i] = edges[(i + i / arity) % edges.size()];
    ExpectSameAsScalar(c, tag, mixed, Identity(8), Path::kIfma, "arity " + std::to_string(arity) + ", mixed edges");
  }
}

TEST_F(PoseidonWitnessIfma, InterleavedAuxRegions) {
  // jobs' regions in one buffer in a shuffled order, so lane k writes next to lanes of other passes
  for (size_t arity : {size_t(2), size_t(8), size_t(11)}) {
    const auto &c = **hash::GetPoseidonConstants(arity);
    for (size_t n : {size_t(8), size_t(13), size_t(16)}) {
      std::vector<size_t> order = Identity(n);
      std::shuffle(order.begin(), order.end(), std::mt19937_64(n));
      const std::string what = "arity " + std::to_string(arity) + ", " + std::to_string(n) + " shuffled jobs";
      ExpectSameAsScalar(c, hash::MerkleTreeTag(arity), RandomFrs(n * arity, 7 * n), order, Path::kIfma, what);
      ExpectSameAsScalar(c, hash::MerkleTreeTag(arity), RandomFrs(n * arity, 9 * n), order, Path::kDispatch, what);
    }
  }
}

TEST_F(PoseidonWitnessIfma, ConstantsOutsideTheCache) {
  for (size_t arity : {size_t(2), size_t(8)}) {
    const hash::PoseidonConstants c = hash::GeneratePoseidonConstants(arity);
    ExpectSameAsScalar(c, hash::MerkleTreeTag(arity), RandomFrs(11 * arity, arity), Identity(11), Path::kIfma,
                       "arity " + std::to_string(arity) + ", generated constants");
  }
}

TEST(PoseidonWitnessDispatch, AvailableOnlyWithIfma) {
  if (!ff::ifma::CpuHasIfma()) {
    EXPECT_FALSE(PoseidonIfmaAvailable());
  }
}

} // namespace
} // namespace cuzk::gadgets

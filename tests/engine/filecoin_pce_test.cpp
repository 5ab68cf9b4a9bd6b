// tests/engine/filecoin_pce_test.cpp — pre-compiled synthesis of the four Filecoin kinds equals
// generic synthesis: each kind's 2KiB request (from a really sealed sector) is planned by its
// handler, and every partition synthesised generically and through a recording of its shape
// (witness + A·w, B·w, C·w) gives the same a, b, c, assignments and densities. The recording is
// made from one partition and used for the others, as the engine does.
#include "engine/filecoin_handlers.hpp"
#include "filecoin/core/porep_config.hpp"
#include "pce/deferred.hpp"
#include "pce/evaluate.hpp"
#include "pce/recorder.hpp"
#include "r1cs/assignment_difference.hpp"

#include "engine_e2e/filecoin_requests.hpp"

#include <gtest/gtest.h>

using namespace cuzk;
using namespace cuzk::engine;

namespace {

const test::FilecoinRequests &Requests() { return test::SharedFilecoinRequests<33>(); }

// `packed`: how many partitions' deferred witnesses were packed (mostly bits)
void ExpectPceEqualsGeneric(const ProofKindHandler &handler, const ProofRequest &request, size_t partitions,
                            size_t *packed = nullptr) {
  auto plan = handler.Plan(request);
  ASSERT_TRUE(plan.HasValue()) << plan.ErrorMessage();
  ASSERT_EQ(plan->size(), partitions);
  const std::string key = (*plan)[0].pce_key;
  ASSERT_FALSE(key.empty()) << "Filecoin partitions name their shape";
  auto recorded = pce::Record((*plan)[0].synthesize, key);
  ASSERT_TRUE(recorded.HasValue()) << recorded.ErrorMessage();
  for (size_t k = 0; k < plan->size(); k++) {
    const PartitionWork &work = (*plan)[k];
    EXPECT_EQ(work.pce_key, key) << "one shape for every partition";
    r1cs::ProvingAssignment generic, through_pce;
    work.synthesize(generic);
    r1cs::WitnessCS witness;
    if (work.witness)
      work.witness(witness);
    else
      work.synthesize(witness);
    const Status s = pce::Evaluate(**recorded, std::move(witness), through_pce);
    EXPECT_TRUE(s.IsOk()) << s.ErrorMessage();
    EXPECT_EQ(r1cs::AssignmentDifference(through_pce, generic), "") << "partition " << k;

    // deferred and packed, as a partition waits for a GPU prover (engine/pipeline.cpp): the same
    // assignment once unpacked and formed
    r1cs::WitnessCS again;
    if (work.witness)
      work.witness(again);
    else
      work.synthesize(again);
    r1cs::ProvingAssignment deferred;
    const Status d = pce::Defer(*recorded, std::move(again), deferred);
    EXPECT_TRUE(d.IsOk()) << d.ErrorMessage();
    if (deferred.PackAux()) {
      if (packed) ++*packed;
      EXPECT_LT(deferred.packed_aux.Bytes() * 4, deferred.NumAux() * sizeof(ff::Fr)) << "partition " << k;
    }
    deferred.Materialize();
    EXPECT_EQ(r1cs::AssignmentDifference(deferred, generic), "") << "deferred, partition " << k;
  }
}

TEST(FilecoinPce, PorepEqualsGenericSynthesis) {
  const size_t partitions = filecoin::PorepConfigFor(Requests().seal_proof).partitions;
  size_t packed = 0;
  ExpectPceEqualsGeneric(*MakePorepC2Handler(), Requests().porep, partitions, &packed);
  EXPECT_EQ(packed, partitions) << "a PoRep witness is mostly SHA-256 bits";
}

TEST(FilecoinPce, WinningPoStEqualsGenericSynthesis) {
  ExpectPceEqualsGeneric(*MakePoStHandler(false), Requests().winning, 1);
}

TEST(FilecoinPce, WindowPoStEqualsGenericSynthesis) {
  ExpectPceEqualsGeneric(*MakePoStHandler(true), Requests().window, 1);
}

TEST(FilecoinPce, SnapDealsEqualsGenericSynthesis) {
  size_t packed = 0;
  ExpectPceEqualsGeneric(*MakeSnapHandler(), Requests().snap, 1, &packed);
  EXPECT_EQ(packed, 1u) << "a SnapDeals witness is mostly bits";
}

} // namespace

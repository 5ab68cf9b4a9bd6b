// tests/filecoin_long/porep_witness_8mib_test.cpp — the parallel PoRep witness
// (filecoin/porep_witness.hpp) of an 8 MiB partition (3,844,929 constraints, a virtual sector)
// equals generic synthesis element for element: the ProvingAssignment's and a per-variable
// WitnessCS's input and aux assignments and constraint count, on 1 and 2 threads with native
// gadgets; and the pre-compiled synthesis of that partition (its recording, then the fast witness
// and A·w, B·w, C·w) equals generic synthesis in a, b, c, assignments and densities. (2 KiB and the
// edge cases: tests/filecoin/circuit_witness_test.cpp, tests/engine/filecoin_pce_test.cpp.)
#include "filecoin/porep/porep_c2.hpp"
#include "filecoin/porep/porep_witness.hpp"
#include "filecoin/testing/virtual_sector.hpp"
#include "pce/evaluate.hpp"
#include "pce/recorder.hpp"
#include "r1cs/assignment_difference.hpp"
#include "r1cs/proving_assignment.hpp"
#include "r1cs/witness_cs.hpp"

#include "common/bytes.hpp"

#include <gtest/gtest.h>
#include <tbb/task_arena.h>

using namespace cuzk;
using namespace cuzk::filecoin;

TEST(PorepWitness8MiB, EqualsGenericSynthesis) {
  const PorepConfig config = PorepConfigFor(RegisteredSealProof::kStackedDrg8MiBV1_1);
  VirtualSectorInputs vin;
  vin.prover_id = ProverIdFromActorId(1000);
  vin.sector_id = 77;
  vin.ticket = cuzk::test::StepBytes32(3, 1);
  vin.seed = cuzk::test::StepFr32(5, 2);
  vin.label_seed = 9;
  auto c1 = VirtualSectorC1(config, vin);
  ASSERT_TRUE(c1.HasValue()) << c1.ErrorMessage();
  auto job = PreparePorepC2(*c1, vin.prover_id, vin.sector_id);
  ASSERT_TRUE(job.HasValue()) << job.ErrorMessage();
  const StackedCircuitInput &in = job->partitions[0].circuit.input;

  r1cs::ProvingAssignment pa;
  SynthesizeStackedCircuit(pa, in);
  EXPECT_EQ(pa.NumConstraints(), 3844929u);
  r1cs::WitnessCS generic;
  generic.SetNativeGadgets(false);
  SynthesizeStackedCircuit(generic, in);
  ASSERT_TRUE(generic.aux_assignment == pa.aux_assignment);
  ASSERT_EQ(generic.input_assignment, pa.input_assignment);
  for (int threads : {1, 2}) {
    r1cs::WitnessCS w;
    tbb::task_arena(threads).execute([&] { WitnessStackedCircuit(w, in); });
    EXPECT_EQ(w.input_assignment, pa.input_assignment) << threads << " thread(s)";
    EXPECT_EQ(w.aux_assignment.size(), pa.aux_assignment.size()) << threads << " thread(s)";
    EXPECT_TRUE(w.aux_assignment == pa.aux_assignment) << threads << " thread(s)";
    EXPECT_EQ(w.NumConstraints(), pa.NumConstraints()) << threads << " thread(s)";
  }

  auto recorded = pce::Record([&](r1cs::ConstraintSystem &cs) { SynthesizeStackedCircuit(cs, in); }, "porep-8m");
  ASSERT_TRUE(recorded.HasValue()) << recorded.ErrorMessage();
  EXPECT_EQ((*recorded)->NumConstraints(), 3844929u);
  r1cs::WitnessCS w;
  WitnessStackedCircuit(w, in);
  r1cs::ProvingAssignment through_pce;
  const cuzk::Status evaluated = pce::Evaluate(**recorded, std::move(w), through_pce);
  ASSERT_TRUE(evaluated.IsOk()) << evaluated.ErrorMessage();
  EXPECT_EQ(r1cs::AssignmentDifference(through_pce, pa), "");
}

// tests/filecoin/circuit_witness_test.cpp — the parallel witness generators (filecoin/porep_witness.hpp,
// post_witness.hpp, snap_witness.hpp) against generic synthesis, element for element: input and aux
// assignments and the constraint count equal those of a ProvingAssignment and of a WitnessCS with
// native gadgets off, on 1, 2 and 3 threads, with native gadgets on and off. 2 KiB PoRep (and its
// edge cases: the challenge at node 0 and at the last node, repeated parents), WinningPoSt,
// WindowPoSt (full and padded by repeating the last sector), SnapDeals with the smallest, the used
// and the largest h; corrupted inputs throw what generic synthesis throws, the first failing part's
// error when several parts fail. 8 MiB PoRep: tests/filecoin_long/porep_witness_8mib_test.cpp.
#include "filecoin/porep/porep_c2.hpp"
#include "filecoin/porep/porep_witness.hpp"
#include "filecoin/post/post_circuit.hpp"
#include "filecoin/post/post_witness.hpp"
#include "filecoin/snap/snap_circuit.hpp"
#include "filecoin/snap/snap_witness.hpp"
#include "r1cs/proving_assignment.hpp"
#include "r1cs/witness_cs.hpp"

#include "filecoin/porep_c2_sector.hpp"
#include "filecoin/snap_test_update.hpp"

#include "common/bytes.hpp"

#include <gtest/gtest.h>
#include <tbb/task_arena.h>

#include <functional>
#include <optional>

using namespace cuzk;
using namespace cuzk::filecoin;

namespace {

using Synthesize = std::function<void(r1cs::ConstraintSystem &)>;
using Witness = std::function<void(r1cs::WitnessCS &)>;

// The generator on each thread count and gadget setting against both generic syntheses.
void ExpectEqualToGeneric(const Synthesize &synthesize, const Witness &witness, const std::string &what,
                          std::initializer_list<int> threads = {1, 2, 3}) {
  r1cs::ProvingAssignment pa;
  synthesize(pa);
  r1cs::WitnessCS generic;
  generic.SetNativeGadgets(false);
  synthesize(generic);
  ASSERT_EQ(generic.input_assignment, pa.input_assignment) << what;
  ASSERT_EQ(generic.aux_assignment, pa.aux_assignment) << what;
  ASSERT_EQ(generic.NumConstraints(), pa.NumConstraints()) << what;
  for (int t : threads) {
    for (bool native : {true, false}) {
      r1cs::WitnessCS w;
      w.SetNativeGadgets(native);
      tbb::task_arena(t).execute([&] { witness(w); });
      const std::string where = what + ", " + std::to_string(t) + " thread(s), native " + (native ? "on" : "off");
      EXPECT_EQ(w.input_assignment, pa.input_assignment) << where;
      EXPECT_EQ(w.aux_assignment.size(), pa.aux_assignment.size()) << where;
      EXPECT_TRUE(w.aux_assignment == pa.aux_assignment) << where;
      EXPECT_EQ(w.NumConstraints(), pa.NumConstraints()) << where;
    }
  }
}

// what generic synthesis into a witness throws, or nullopt
std::optional<std::string> GenericError(const Synthesize &synthesize) {
  try {
    r1cs::WitnessCS w;
    w.SetNativeGadgets(false);
    synthesize(w);
  } catch (const r1cs::SynthesisError &e) {
    return e.what();
  }
  return std::nullopt;
}

void ExpectSameError(const Synthesize &synthesize, const Witness &witness, const std::string &what) {
  const std::optional<std::string> expected = GenericError(synthesize);
  ASSERT_TRUE(expected) << what << ": generic synthesis did not throw";
  for (int t : {1, 2, 3}) {
    r1cs::WitnessCS w;
    try {
      tbb::task_arena(t).execute([&] { witness(w); });
      ADD_FAILURE() << what << ": the witness did not throw on " << t << " thread(s)";
    } catch (const r1cs::SynthesisError &e) {
      EXPECT_EQ(std::string(e.what()), *expected) << what << ", " << t << " thread(s)";
    }
  }
}

// ---- PoRep ----

const StackedCircuitInput &Porep2KiB() {
  static const StackedCircuitInput input = [] {
    const test::SealedC1 sealed = test::SealSeeded2KiB(31);
    auto job = PreparePorepC2(sealed.c1, sealed.prover_id, sealed.sector_id);
    EXPECT_TRUE(job.HasValue()) << job.ErrorMessage();
    return std::move(job->partitions[0].circuit.input);
  }();
  return input;
}

Synthesize PorepSynthesis(const StackedCircuitInput &in) {
  return [&in](r1cs::ConstraintSystem &cs) { SynthesizeStackedCircuit(cs, in); };
}
Witness PorepWitness(const StackedCircuitInput &in) {
  return [&in](r1cs::WitnessCS &w) { WitnessStackedCircuit(w, in); };
}

// points challenge i's tree_d path at the node whose index bits are all `bit`
void ChallengeAllBits(StackedCircuitInput &in, size_t i, uint32_t bit) {
  for (PathElement &e : in.proofs[i].comm_d_proofs.base) e.index = bit;
}

TEST(CircuitWitness, Porep2KiBEqualsGenericSynthesis) {
  const StackedCircuitInput &in = Porep2KiB();
  ASSERT_GE(in.proofs.size(), 2u);
  ExpectEqualToGeneric(PorepSynthesis(in), PorepWitness(in), "PoRep 2KiB");
}

TEST(CircuitWitness, PorepEdgeChallengesEqualGenericSynthesis) {
  // not satisfiable any more, but every value is still determined: the witness must be the same
  StackedCircuitInput first = Porep2KiB(), last = Porep2KiB(), repeated = Porep2KiB();
  ChallengeAllBits(first, 0, 0); // node 0
  ChallengeAllBits(last, 1, 1);  // the last node
  auto &cols = repeated.proofs[0].replica_column_proofs;
  for (auto &c : cols.drg_parents) c = cols.drg_parents[0];
  for (auto &c : cols.exp_parents) c = cols.drg_parents[0];
  ExpectEqualToGeneric(PorepSynthesis(first), PorepWitness(first), "PoRep challenge at node 0", {2});
  ExpectEqualToGeneric(PorepSynthesis(last), PorepWitness(last), "PoRep challenge at the last node", {2});
  ExpectEqualToGeneric(PorepSynthesis(repeated), PorepWitness(repeated), "PoRep repeated parents", {2});
}

TEST(CircuitWitness, CorruptPorepInputsThrowWhatGenericSynthesisThrows) {
  StackedCircuitInput parents = Porep2KiB();
  parents.proofs[1].replica_column_proofs.drg_parents.pop_back();
  ExpectSameError(PorepSynthesis(parents), PorepWitness(parents), "PoRep: 5 DRG parents in challenge 1");

  StackedCircuitInput leaf = Porep2KiB();
  leaf.proofs.back().comm_r_last_proof.base[0].hashes.pop_back(); // arity 7, in the last challenge's tail
  ExpectSameError(PorepSynthesis(leaf), PorepWitness(leaf), "PoRep: tree_r_last arity 7");

  // two failing challenges: the first one's error, as sequential synthesis meets it
  StackedCircuitInput both = Porep2KiB();
  both.proofs[1].replica_column_proofs.exp_parents[2].column.rows.pop_back();
  both.proofs[0].comm_d_proofs.leaf.fill(0xff); // ≥ r
  ExpectSameError(PorepSynthesis(both), PorepWitness(both), "PoRep: challenges 0 and 1 corrupt");

  StackedCircuitInput none = Porep2KiB();
  none.layers = 0;
  ExpectSameError(PorepSynthesis(none), PorepWitness(none), "PoRep: no layers");
}

// ---- PoSt ----

Digest32 Randomness(uint8_t salt) { return cuzk::test::StepFr32(13, salt); }

// a partition of n real sectors (the config's slots past them pad with the last)
PoStCircuitInput PoStInput(const PoStConfig &cfg, size_t n, uint64_t seed) {
  const Digest32 randomness = Randomness(uint8_t(seed));
  std::vector<test::TestSector> sectors;
  std::vector<PoStReplica> replicas;
  for (size_t i = 0; i < n; i++)
    sectors.push_back(test::MakeTestSector(2000 + i, cfg.SectorNodes(), cfg.tree_shape, seed + i));
  for (const auto &s : sectors) replicas.push_back(s.Replica());
  const auto vanilla = GenerateFallbackVanillaProofs(cfg, randomness, replicas).Value();
  const PoStPartition partition = PoStPartitionFromVanilla(cfg, vanilla).Value();
  EXPECT_TRUE(VerifyPoStPartition(partition, randomness).IsOk());
  return PoStCircuitInputFromPartition(partition).Value();
}

Synthesize PoStSynthesis(const PoStCircuitInput &in) {
  return [&in](r1cs::ConstraintSystem &cs) { SynthesizePoStCircuit(cs, in); };
}
Witness PoStWitness(const PoStCircuitInput &in) {
  return [&in](r1cs::WitnessCS &w) { WitnessPoStCircuit(w, in); };
}

TEST(CircuitWitness, WinningPoSt2KiBEqualsGenericSynthesis) {
  const PoStConfig cfg = PoStConfigFor(RegisteredPoStProof::kWinning2KiBV1);
  const PoStCircuitInput in = PoStInput(cfg, 1, 5);
  ASSERT_EQ(in.sectors.size(), 66u); // one vanilla sector, 66 pseudo-sectors of one challenge each
  ExpectEqualToGeneric(PoStSynthesis(in), PoStWitness(in), "WinningPoSt 2KiB");
}

TEST(CircuitWitness, WindowPoSt2KiBFullAndPaddedEqualGenericSynthesis) {
  PoStConfig cfg = PoStConfigFor(RegisteredPoStProof::kWindow2KiBV1_2);
  const PoStCircuitInput full = PoStInput(cfg, cfg.sector_count, 7);
  ExpectEqualToGeneric(PoStSynthesis(full), PoStWitness(full), "WindowPoSt 2KiB, full");
  // 5 slots, 2 real sectors: the last three repeat sector 1
  cfg.sector_count = 5;
  const PoStCircuitInput padded = PoStInput(cfg, 2, 9);
  ASSERT_EQ(padded.sectors.size(), 5u);
  EXPECT_EQ(padded.sectors[4].comm_r, padded.sectors[1].comm_r);
  ExpectEqualToGeneric(PoStSynthesis(padded), PoStWitness(padded), "WindowPoSt 2KiB, padded");
  // one sector: its challenges are the parts
  cfg.sector_count = 1;
  const PoStCircuitInput single = PoStInput(cfg, 1, 10);
  ExpectEqualToGeneric(PoStSynthesis(single), PoStWitness(single), "WindowPoSt 2KiB, one sector");
}

TEST(CircuitWitness, CorruptPoStInputsThrowWhatGenericSynthesisThrows) {
  PoStConfig cfg = PoStConfigFor(RegisteredPoStProof::kWindow2KiBV1_2);
  cfg.sector_count = 3;
  const PoStCircuitInput good = PoStInput(cfg, 3, 11);
  PoStCircuitInput bad = good;
  bad.sectors[2].paths[4][0].siblings.pop_back();
  bad.sectors[1].leafs.pop_back(); // the earlier failure
  ExpectSameError(PoStSynthesis(bad), PoStWitness(bad), "WindowPoSt: sectors 1 and 2 corrupt");
  bad = good;
  bad.sectors.pop_back();
  ExpectSameError(PoStSynthesis(bad), PoStWitness(bad), "WindowPoSt: a sector missing");

  // WinningPoSt: 66 pseudo-sectors of one challenge each
  PoStCircuitInput winning = PoStInput(PoStConfigFor(RegisteredPoStProof::kWinning2KiBV1), 1, 13);
  ASSERT_EQ(winning.sectors.size(), 66u);
  winning.sectors[40].paths[0][1].index = 9; // ≥ arity
  winning.sectors[20].paths[0][0].siblings.push_back(ff::Fr::One());
  ExpectSameError(PoStSynthesis(winning), PoStWitness(winning), "WinningPoSt: sectors 20 and 40 corrupt");

  // one sector of several challenges (its challenges are the parts)
  cfg.sector_count = 1;
  PoStCircuitInput single = PoStInput(cfg, 1, 15);
  ASSERT_GT(single.params.challenge_count, 5u);
  single.sectors[0].paths[5][0].index = 8;
  single.sectors[0].paths[3][0].siblings.pop_back();
  ExpectSameError(PoStSynthesis(single), PoStWitness(single), "one-sector PoSt: challenges 3 and 5 corrupt");
}

// ---- SnapDeals ----

// a real 2 KiB update, partition 0, with the verifier's public inputs for h (0: the config's)
SnapCircuitInput SnapInput(size_t h) {
  static const test::TestUpdate t = test::MakeTestUpdate(2048 / 32, 17);
  auto proof = SnapProvePartition(t.config, 0, t.sector.comm_c, *t.sector.tree, t.update);
  EXPECT_TRUE(proof.HasValue());
  SnapPublicInputs inputs = SnapPublicInputsOf(t.config, t.update, 0);
  if (h != 0) inputs.h = h;
  return SnapCircuitInputFromProof(t.config, inputs, *proof).Value();
}

Synthesize SnapSynthesis(const SnapCircuitInput &in) {
  return [&in](r1cs::ConstraintSystem &cs) { SynthesizeSnapCircuit(cs, in); };
}
Witness SnapWitness(const SnapCircuitInput &in) {
  return [&in](r1cs::WitnessCS &w) { WitnessSnapCircuit(w, in); };
}

TEST(CircuitWitness, SnapDeals2KiBEqualsGenericSynthesis) {
  const SnapCircuitInput in = SnapInput(0);
  ExpectEqualToGeneric(SnapSynthesis(in), SnapWitness(in), "SnapDeals 2KiB");
}

TEST(CircuitWitness, SnapDealsSmallestAndLargestHEqualGenericSynthesis) {
  const SnapConfig config = SnapInput(0).config;
  for (size_t h : {config.hs.front(), config.hs.back()}) {
    const SnapCircuitInput in = SnapInput(h);
    ExpectEqualToGeneric(SnapSynthesis(in), SnapWitness(in), "SnapDeals 2KiB, h = " + std::to_string(h), {2});
  }
}

TEST(CircuitWitness, CorruptSnapInputsThrowWhatGenericSynthesisThrows) {
  SnapCircuitInput bad = SnapInput(0);
  bad.challenges.back().path_r_new[0].pop_back();
  ExpectSameError(SnapSynthesis(bad), SnapWitness(bad), "SnapDeals: a short tree_r_new level");
  bad = SnapInput(0);
  bad.apex_leafs.pop_back();
  ExpectSameError(SnapSynthesis(bad), SnapWitness(bad), "SnapDeals: an apex leaf missing");
}

} // namespace

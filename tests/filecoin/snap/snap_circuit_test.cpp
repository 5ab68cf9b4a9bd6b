// tests/filecoin/snap/snap_circuit_test.cpp — the SnapDeals (EmptySectorUpdate) partition circuit:
// blank-circuit counts against upstream's tests/circuit.rs (1 KiB … 32 KiB and 32 GiB), the gadget
// counts of gadgets.rs (gen_challenge_bits 568 per digest, apex_por 317,654), in-circuit challenges
// equal to the vanilla ones, verifier-side public inputs, and real seeded updates (2 KiB; 16 KiB
// partition 1) whose vanilla proofs satisfy every constraint — and tampered ones that do not.
#include "filecoin/snap/snap_circuit.hpp"

#include "filecoin/snap/snap_challenges.hpp"
#include "filecoin/snap/snap_circuit_gadgets.hpp"
#include "gadgets/multipack.hpp"
#include "hash/poseidon.hpp"
#include "r1cs/recording_cs.hpp"
#include "r1cs/test_cs.hpp"

#include "filecoin/snap_test_update.hpp"

#include "r1cs/shape_cs.hpp"

#include <gtest/gtest.h>

using namespace cuzk;
using namespace cuzk::filecoin;
using cuzk::r1cs::ShapeCS;
using cuzk::test::MakeTestUpdate;

namespace {

constexpr uint64_t KIB = 1024 / 32; // nodes per KiB

size_t BlankCount(uint64_t nodes) {
  auto input = BlankSnapCircuitInput(SnapConfigForNodes(nodes).Value());
  EXPECT_TRUE(input.HasValue());
  ShapeCS cs;
  SynthesizeSnapCircuit(cs, *input);
  EXPECT_EQ(cs.NumInputs(), 5u) << nodes << " nodes";
  return cs.NumConstraints();
}

struct Proved {
  cuzk::test::TestUpdate t;
  SnapPublicInputs inputs;
  SnapPartitionProof proof;
};

Proved ProveUpdate(uint64_t nodes, uint64_t seed, size_t k) {
  auto t = MakeTestUpdate(nodes, seed);
  auto proof = SnapProvePartition(t.config, k, t.sector.comm_c, *t.sector.tree, t.update);
  EXPECT_TRUE(proof.HasValue()) << proof.ErrorMessage();
  const SnapPublicInputs inputs = SnapPublicInputsOf(t.config, t.update, k);
  EXPECT_TRUE(SnapVerifyPartition(t.config, inputs, *proof).IsOk());
  return {std::move(t), inputs, std::move(proof).Value()};
}

// Synthesises with values; "" when satisfied, else the first unsatisfied constraint.
std::string Unsatisfied(const SnapCircuitInput &in) {
  r1cs::TestCS cs;
  SynthesizeSnapCircuit(cs, in);
  return cs.WhichIsUnsatisfied().value_or("");
}

using Terms = std::vector<std::pair<r1cs::Variable, ff::Fr>>;

// Row r of a recorded matrix as (variable, coefficient) terms, inputs first, each by index.
Terms Row(const r1cs::SparseMatrix &m, size_t r) {
  Terms out;
  for (uint64_t k = m.row_start[r]; k < m.row_start[r + 1]; k++)
    out.emplace_back(r1cs::Column::Unpack(m.columns[k]), m.values[k]);
  return out;
}

Terms One() { return {{r1cs::Variable::One(), ff::Fr::One()}}; }
Terms Aux(uint32_t i) { return {{r1cs::Variable::Aux(i), ff::Fr::One()}}; }
Terms Input(uint32_t i) { return {{r1cs::Variable::Input(i), ff::Fr::One()}}; }

void ExpectRow(const r1cs::RecordingCS &rec, size_t r, const Terms &a, const Terms &b, const Terms &c) {
  EXPECT_TRUE(Row(rec.a, r) == a) << "A of constraint " << r;
  EXPECT_TRUE(Row(rec.b, r) == b) << "B of constraint " << r;
  EXPECT_TRUE(Row(rec.c, r) == c) << "C of constraint " << r;
}

} // namespace

TEST(SnapCircuit, BlankCountsEqualUpstreamTestSizes) {
  // storage-proofs-update tests/circuit.rs, one partition each (spec §5)
  const std::pair<uint64_t, size_t> cases[] = {{1 * KIB, 1248389}, {2 * KIB, 1705039},  {4 * KIB, 2165109},
                                               {8 * KIB, 2620359}, {16 * KIB, 6300021}, {32 * KIB, 6760091}};
  for (auto [nodes, expected] : cases) EXPECT_EQ(BlankCount(nodes), expected) << nodes << " nodes";
}

TEST(SnapCircuit, BlankCount32GiBPartition) {
  // spec §4.5: 16 + 311 + 624 + 5,944,658 + 5,680 + 86 × 873,235
  EXPECT_EQ(BlankCount(uint64_t(1) << 30), 81049499u);
}

TEST(SnapCircuit, TopLevelVariablesAndConstraintsInUpstreamOrder) {
  // The published parameters fix where each variable and constraint sits; counts cannot show a
  // swapped allocation. 2 KiB: no partition bits, 8 apex leaves, one digest.
  r1cs::RecordingCS rec;
  SynthesizeSnapCircuit(rec, BlankSnapCircuitInput(SnapConfigForNodes(2 * KIB).Value()).Value());
  ASSERT_EQ(rec.NumConstraints(), 1705039u);
  ASSERT_EQ(rec.NumInputs(), 5u);
  // aux 0 = k_and_h_select, inputized as input 1: input·1 = aux
  ExpectRow(rec, 0, Input(1), One(), Aux(0));
  // aux 1..6 = the h_select bits, each (1 − b)·b = 0, then Σ 2^i·b_i · 1 = k_and_h_select
  Terms decomposition;
  for (uint32_t i = 0; i < 6; i++) {
    ExpectRow(rec, 1 + i, {{r1cs::Variable::One(), ff::Fr::One()}, {r1cs::Variable::Aux(1 + i), -ff::Fr::One()}},
              Aux(1 + i), {});
    decomposition.emplace_back(r1cs::Variable::Aux(1 + i), ff::Fr::FromUint(uint64_t(1) << i));
  }
  ExpectRow(rec, 7, decomposition, One(), Aux(0));
  // aux 7 = partition = pack_bits(no bits): 0·1 = partition
  ExpectRow(rec, 8, {}, One(), Aux(7));
  // aux 8, 9, 10 = comm_r_old, comm_d_new, comm_r_new as inputs 2, 3, 4
  for (uint32_t i = 0; i < 3; i++) ExpectRow(rec, 9 + i, Input(2 + i), One(), Aux(8 + i));
  // phi: 311 constraints and aux (11..321); comm_c, root_r_old, root_r_new = aux 322..324, the
  // apex leaves 325..332; comm_r_old_calc (aux 333..643, its digest last) · 1 = comm_r_old
  constexpr uint32_t POSEIDON2 = 311;
  ExpectRow(rec, 12 + POSEIDON2 + POSEIDON2, Aux(333 + POSEIDON2 - 1), One(), Aux(8));
  ExpectRow(rec, 12 + 3 * POSEIDON2 + 1, Aux(333 + 2 * POSEIDON2 - 1), One(), Aux(10));
}

TEST(SnapCircuit, GadgetCounts) {
  // gen_challenge_bits: 568 per digest (1 digest up to 16 MiB here, 10 for 32 GiB)
  for (uint64_t nodes : {2 * KIB, 16 * KIB, uint64_t(1) << 30}) {
    const SnapConfig config = SnapConfigForNodes(nodes).Value();
    ShapeCS cs;
    const auto comm_r_new = gadgets::AllocatedNum::Alloc(cs, ff::Fr::Zero());
    const auto partition = gadgets::AllocatedNum::Alloc(cs, ff::Fr::Zero());
    const size_t before = cs.NumConstraints();
    const auto bits = SnapGenChallengeBits(cs, comm_r_new, partition, config);
    EXPECT_EQ(cs.NumConstraints() - before, 568 * config.DigestsPerPartition()) << nodes;
    ASSERT_EQ(bits.size(), config.challenge_count);
    for (const auto &c : bits) EXPECT_EQ(c.size(), config.ChallengeRandomBits());
  }
  EXPECT_EQ(SnapConfigForNodes(uint64_t(1) << 30)->DigestsPerPartition(), 10u);
  // apex_por with 8 apex leaves and no partition bits (≤ 8 KiB): 7 SHA nodes + the root check
  ShapeCS cs;
  std::vector<gadgets::AllocatedNum> leaves;
  for (int i = 0; i < 8; i++) leaves.push_back(gadgets::AllocatedNum::Alloc(cs, ff::Fr::Zero()));
  const auto comm_d = gadgets::AllocatedNum::Alloc(cs, ff::Fr::Zero());
  SnapApexPor(cs, leaves, {}, {}, comm_d);
  EXPECT_EQ(cs.NumConstraints(), 317654u);
}

TEST(SnapCircuit, InCircuitChallengesEqualVanillaOnes) {
  for (uint64_t nodes : {2 * KIB, 16 * KIB, 32 * KIB, uint64_t(1) << 30}) {
    const SnapConfig config = SnapConfigForNodes(nodes).Value();
    const ff::Fr comm_r_new = ff::Fr::FromUint(nodes * 7919 + 5);
    for (size_t k : {size_t(0), config.partition_count - 1}) {
      r1cs::TestCS cs;
      const auto comm_r = gadgets::AllocatedNum::Alloc(cs, comm_r_new);
      const auto partition = gadgets::AllocatedNum::Alloc(cs, ff::Fr::FromUint(k));
      const auto bits = SnapGenChallengeBits(cs, comm_r, partition, config);
      ASSERT_TRUE(cs.IsSatisfied()) << cs.WhichIsUnsatisfied().value_or("");
      const auto expected = SnapChallenges(config, comm_r_new, k).Value();
      ASSERT_EQ(bits.size(), expected.size());
      for (size_t i = 0; i < bits.size(); i++) {
        uint64_t c = uint64_t(k) << config.ChallengeRandomBits();
        for (size_t j = 0; j < bits[i].size(); j++) c |= uint64_t(bits[i][j].Value()) << j;
        EXPECT_EQ(c, expected[i]) << nodes << " nodes, k=" << k << ", challenge " << i;
      }
    }
  }
}

TEST(SnapCircuit, PublicInputsComputedByTheVerifier) {
  // spec §4.4: k_and_h_select = k | h_select << log2(partitions); h = hs[3]
  auto ks = [](uint64_t nodes, size_t k) {
    const SnapConfig config = SnapConfigForNodes(nodes).Value();
    SnapPublicInputs in;
    in.k = k;
    in.h = config.h;
    return SnapCircuitPublicInputs(config, in).Value()[0];
  };
  EXPECT_EQ(ks(2 * KIB, 0), ff::Fr::FromUint(1));
  EXPECT_EQ(ks(uint64_t(1) << 18, 3), ff::Fr::FromUint(32 + 3));
  EXPECT_EQ(ks(uint64_t(1) << 24, 15), ff::Fr::FromUint(128 + 15));
  EXPECT_EQ(ks(uint64_t(1) << 30, 0), ff::Fr::FromUint(128));
  EXPECT_EQ(ks(uint64_t(1) << 30, 9), ff::Fr::FromUint(128 + 9));
  EXPECT_EQ(ks(uint64_t(1) << 31, 15), ff::Fr::FromUint(128 + 15));

  const SnapConfig config = SnapConfigForNodes(uint64_t(1) << 30).Value();
  SnapPublicInputs in;
  in.k = 2;
  in.h = 7; // hs[0]: h_select = 1
  in.comm_r_old[0] = 1;
  in.comm_d_new[0] = 2;
  in.comm_r_new[0] = 3;
  auto v = SnapCircuitPublicInputs(config, in);
  ASSERT_TRUE(v.HasValue());
  EXPECT_EQ(*v, (std::vector<ff::Fr>{ff::Fr::FromUint(16 + 2), ff::Fr::FromUint(1), ff::Fr::FromUint(2),
                                     ff::Fr::FromUint(3)}));
  in.k = 16;
  EXPECT_EQ(SnapCircuitPublicInputs(config, in).Code(), ErrorCode::kInvalidArgument);
  in.k = 0;
  in.h = 13;
  EXPECT_EQ(SnapCircuitPublicInputs(config, in).Code(), ErrorCode::kInvalidArgument);
  in.h = 10;
  in.comm_r_new.fill(0xff);
  EXPECT_EQ(SnapCircuitPublicInputs(config, in).Code(), ErrorCode::kNonCanonical);
}

TEST(SnapCircuit, Real2KiBUpdateSatisfiesTheCircuit) {
  const Proved p = ProveUpdate(2 * KIB, 11, 0);
  auto in = SnapCircuitInputFromProof(p.t.config, p.inputs, p.proof);
  ASSERT_TRUE(in.HasValue()) << in.ErrorMessage();
  r1cs::TestCS cs;
  SynthesizeSnapCircuit(cs, *in);
  EXPECT_EQ(cs.NumConstraints(), 1705039u);
  ASSERT_TRUE(cs.IsSatisfied()) << cs.WhichIsUnsatisfied().value_or("");
  const auto publics = SnapCircuitPublicInputs(p.t.config, p.inputs).Value();
  ASSERT_EQ(cs.input_assignment.size(), 5u);
  for (size_t i = 0; i < 4; i++) EXPECT_EQ(cs.input_assignment[i + 1], publics[i]) << "input " << i + 1;
  EXPECT_EQ(publics[0], ff::Fr::FromUint(1));
  EXPECT_EQ(publics[1], p.t.update.comm_r_old);
  EXPECT_EQ(publics[3], p.t.update.comm_r_new);
}

TEST(SnapCircuit, Real16KiBAnd32KiBPartitionsSatisfyTheCircuit) {
  // two partitions: partition bits, a one-level partition path and 128 apex leaves; 32 KiB adds
  // tree_r's top level (8-8-2)
  for (auto [nodes, k] : {std::pair<uint64_t, size_t>{16 * KIB, 1}, {32 * KIB, 0}}) {
    const Proved p = ProveUpdate(nodes, 12 + nodes, k);
    auto in = SnapCircuitInputFromProof(p.t.config, p.inputs, p.proof);
    ASSERT_TRUE(in.HasValue()) << in.ErrorMessage();
    EXPECT_EQ(in->k_and_h_select, ff::Fr::FromUint(k | 2)) << nodes;
    EXPECT_EQ(Unsatisfied(*in), "") << nodes << " nodes, k=" << k;
  }
}

TEST(SnapCircuit, TamperedWitnessOrInputsAreUnsatisfied) {
  const Proved p = ProveUpdate(2 * KIB, 13, 0);
  const SnapCircuitInput good = SnapCircuitInputFromProof(p.t.config, p.inputs, p.proof).Value();
  auto expect_unsatisfied = [](const SnapCircuitInput &in, const std::string &needle) {
    const std::string where = Unsatisfied(in);
    EXPECT_NE(where, "");
    EXPECT_NE(where.find(needle), std::string::npos) << where;
  };
  SnapCircuitInput in = good;
  in.comm_r_new += ff::Fr::One();
  expect_unsatisfied(in, "comm_r_new");
  in = good;
  in.comm_r_old += ff::Fr::One();
  expect_unsatisfied(in, "comm_r_old");
  in = good;
  in.comm_d_new += ff::Fr::One(); // the apex root no longer reaches comm_d_new
  expect_unsatisfied(in, "apex_gadget");
  in = good;
  in.apex_leafs[5] += ff::Fr::One();
  expect_unsatisfied(in, "apex_gadget");
  in = good;
  in.challenges[3].leaf_d_new += ff::Fr::One(); // the encoded leaf no longer is in tree_r_new
  expect_unsatisfied(in, "por tree_r_new (c_index=3)");
  in = good;
  in.challenges[4].leaf_r_old += ff::Fr::One();
  expect_unsatisfied(in, "por tree_r_old (c_index=4)");
  in = good;
  in.challenges[6].path_d_new[1] += ff::Fr::One();
  expect_unsatisfied(in, "por to_apex_leaf (c_index=6)");
  in = good;
  in.challenges[2].path_r_new[0][3] += ff::Fr::One();
  expect_unsatisfied(in, "por tree_r_new (c_index=2)");
  in = good;
  // two h_select bits (the circuit does not enforce one-hotness): c_high doubles, so does not rho
  in.k_and_h_select = ff::Fr::FromUint(3);
  expect_unsatisfied(in, "por tree_r_new");
  in = good;
  in.root_r_new = good.root_r_old;
  expect_unsatisfied(in, "comm_r_new");
}

TEST(SnapCircuit, MalformedProofsAreErrors) {
  const Proved p = ProveUpdate(2 * KIB, 14, 0);
  const SnapConfig &config = p.t.config;
  auto expect_error = [&](const SnapPartitionProof &proof, ErrorCode code) {
    auto in = SnapCircuitInputFromProof(config, p.inputs, proof);
    ASSERT_FALSE(in.HasValue());
    EXPECT_EQ(in.Code(), code) << in.ErrorMessage();
  };
  SnapPartitionProof proof = p.proof;
  proof.apex_leafs.pop_back();
  expect_error(proof, ErrorCode::kInvalidArgument);
  proof = p.proof;
  proof.challenge_proofs.pop_back();
  expect_error(proof, ErrorCode::kInvalidArgument);
  proof = p.proof;
  proof.challenge_proofs[1].proof_r_old.base[0].hashes.pop_back();
  expect_error(proof, ErrorCode::kInvalidArgument);
  proof = p.proof;
  proof.challenge_proofs[1].proof_d_new.base.pop_back();
  expect_error(proof, ErrorCode::kInvalidArgument);
  proof = p.proof;
  proof.challenge_proofs[2].proof_r_old.leaf.fill(0xff);
  expect_error(proof, ErrorCode::kNonCanonical);
  proof = p.proof;
  proof.comm_c.fill(0xff);
  expect_error(proof, ErrorCode::kNonCanonical);
  SnapPublicInputs bad_k = p.inputs;
  bad_k.k = 1;
  EXPECT_FALSE(SnapCircuitInputFromProof(config, bad_k, p.proof).HasValue());

  // the circuit itself rejects inputs of the wrong shape
  const SnapCircuitInput good = SnapCircuitInputFromProof(config, p.inputs, p.proof).Value();
  SnapCircuitInput in = good;
  in.challenges.pop_back();
  ShapeCS cs;
  EXPECT_THROW(SynthesizeSnapCircuit(cs, in), r1cs::SynthesisError);
  in = good;
  in.challenges[0].path_r_old[1].push_back(ff::Fr::Zero());
  EXPECT_THROW(SynthesizeSnapCircuit(cs, in), r1cs::SynthesisError);
  in = good;
  in.challenges[0].path_d_new.pop_back();
  EXPECT_THROW(SynthesizeSnapCircuit(cs, in), r1cs::SynthesisError);
}

TEST(SnapCircuit, DifferentPartitionPathsAreRejected) {
  const Proved p = ProveUpdate(16 * KIB, 15, 0);
  SnapPartitionProof proof = p.proof;
  proof.challenge_proofs[7].proof_d_new.base.back().hashes[0][0] ^= 1; // the partition-path sibling
  auto in = SnapCircuitInputFromProof(p.t.config, p.inputs, proof);
  ASSERT_FALSE(in.HasValue());
  EXPECT_NE(in.ErrorMessage().find("challenge 7"), std::string::npos) << in.ErrorMessage();
  SnapCircuitInput direct = SnapCircuitInputFromProof(p.t.config, p.inputs, p.proof).Value();
  direct.challenges[7].path_d_new.back() += ff::Fr::One();
  ShapeCS cs;
  EXPECT_THROW(SynthesizeSnapCircuit(cs, direct), r1cs::SynthesisError);
}

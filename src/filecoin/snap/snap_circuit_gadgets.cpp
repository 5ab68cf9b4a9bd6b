// src/filecoin/snap/snap_circuit_gadgets.cpp — gadgets.rs of storage-proofs-update, constraint for
// constraint (spec/post-snap-poseidon.md §4.5). Names follow upstream's namespaces so that TestCS
// reports point at the same places.
#include "filecoin/snap/snap_circuit_gadgets.hpp"

#include "gadgets/multipack.hpp"
#include "gadgets/por.hpp"
#include "gadgets/poseidon_circuit.hpp"
#include "hash/poseidon.hpp"

#include <string>

namespace cuzk::filecoin {

namespace {

using ff::Fr;
using gadgets::AllocatedBit;
using gadgets::AllocatedNum;
using gadgets::Boolean;
using r1cs::ConstraintSystem;
using r1cs::LinearCombination;
using r1cs::Namespace;

std::string Name(const ConstraintSystem &cs, const std::string &name) { return cs.WantsNames() ? name : std::string(); }

AllocatedNum AllocNum(ConstraintSystem &cs, const std::string &name, const Fr &value) {
  Namespace ns(cs, Name(cs, name));
  return AllocatedNum::Alloc(cs, value);
}

LinearCombination OnePlus(LinearCombination lc) { return std::move(lc.Add(ConstraintSystem::One())); }

} // namespace

AllocatedNum SnapGenRandomnessCircuit(ConstraintSystem &cs, const AllocatedNum &a, const AllocatedNum &b) {
  static const Fr tag = hash::SnapDealsGenRandomnessTag();
  static const hash::PoseidonConstants &constants = *hash::GetPoseidonConstants(2).Value();
  const AllocatedNum preimage[2] = {a, b};
  return gadgets::PoseidonHashCircuit(cs, preimage, constants, tag);
}

void SnapEnforceBinaryDecomposition(ConstraintSystem &cs, std::string_view name, std::span<const AllocatedBit> bits,
                                    const AllocatedNum &num) {
  cs.Enforce(
      name,
      [&](LinearCombination lc) {
        Fr pow2 = Fr::One();
        for (const AllocatedBit &bit : bits) {
          lc.Add(bit.Var(), pow2);
          pow2 = pow2.Double();
        }
        return lc;
      },
      OnePlus, [&](LinearCombination lc) { return std::move(lc.Add(num.Var())); });
}

std::vector<AllocatedBit> SnapNumToAllocatedBits(ConstraintSystem &cs, const AllocatedNum &num) {
  std::vector<AllocatedBit> bits = gadgets::FieldIntoAllocatedBitsLe(cs, num.Value());
  SnapEnforceBinaryDecomposition(cs, "binary decomp", bits, num);
  return bits;
}

void SnapApexPor(ConstraintSystem &cs, std::span<const AllocatedNum> apex_leafs,
                 std::span<const AllocatedBit> partition_bits,
                 std::span<const std::vector<AllocatedNum>> partition_path, const AllocatedNum &comm_d) {
  if (apex_leafs.empty() || (apex_leafs.size() & (apex_leafs.size() - 1)) != 0)
    throw r1cs::SynthesisError("SnapCircuit: " + std::to_string(apex_leafs.size()) +
                               " apex leaves is not a power of two");
  std::vector<AllocatedNum> row(apex_leafs.begin(), apex_leafs.end());
  for (size_t r = 0; row.size() > 1; r++) {
    std::vector<AllocatedNum> next;
    for (size_t i = 0; i < row.size() / 2; i++) {
      Namespace ns(cs, Name(cs, "apex_tree generation hash (tree_row=" + std::to_string(r) +
                                    ", siblings=" + std::to_string(i) + ")"));
      const AllocatedNum children[2] = {row[2 * i], row[2 * i + 1]};
      next.push_back(gadgets::MerkleNodeHashCircuit(cs, gadgets::MerkleHasher::kSha256, children));
    }
    row = std::move(next);
  }
  Namespace ns(cs, "partition-tree por");
  gadgets::PorNoChallengeInput(cs, gadgets::MerkleHasher::kSha256, partition_bits, row[0], partition_path, comm_d);
}

std::vector<std::vector<AllocatedBit>> SnapGenChallengeBits(ConstraintSystem &cs, const AllocatedNum &comm_r_new,
                                                            const AllocatedNum &partition, const SnapConfig &config) {
  const size_t bits_per_challenge = config.ChallengeRandomBits();
  const size_t per_digest = config.ChallengesPerDigest();
  const uint64_t digests = config.DigestsPerPartition();
  const Fr dpp = Fr::FromUint(digests);
  std::vector<std::vector<AllocatedBit>> out;
  for (uint64_t j = 0; j < digests; j++) {
    const std::string jj = std::to_string(j);
    const Fr fj = Fr::FromUint(j);
    const AllocatedNum digest_index = AllocNum(cs, "digest_index_" + jj, partition.Value() * dpp + fj);
    // dpp and j are constants: A = dpp·partition + j·ONE
    cs.Enforce(
        Name(cs, "digest_index_" + jj + " == k * digests_per_partition + " + jj),
        [&](LinearCombination lc) { return std::move(lc.Add(partition.Var(), dpp).Add(ConstraintSystem::One(), fj)); },
        OnePlus, [&](LinearCombination lc) { return std::move(lc.Add(digest_index.Var())); });
    AllocatedNum digest;
    {
      Namespace ns(cs, Name(cs, "digest_" + jj));
      digest = SnapGenRandomnessCircuit(cs, comm_r_new, digest_index);
    }
    std::vector<AllocatedBit> bits;
    {
      Namespace ns(cs, Name(cs, "digest_" + jj + "_bits"));
      bits = SnapNumToAllocatedBits(cs, digest);
    }
    const size_t take = j + 1 == digests ? config.challenge_count - out.size() : per_digest;
    for (size_t i = 0; i < take; i++)
      out.emplace_back(bits.begin() + i * bits_per_challenge, bits.begin() + (i + 1) * bits_per_challenge);
  }
  return out;
}

AllocatedNum SnapChallengeHighBits(ConstraintSystem &cs, std::span<const AllocatedBit> c_bits,
                                   std::span<const AllocatedBit> h_select_bits, const std::array<size_t, 6> &hs) {
  if (h_select_bits.size() != hs.size())
    throw r1cs::SynthesisError("SnapCircuit: " + std::to_string(h_select_bits.size()) + " h_select bits for " +
                               std::to_string(hs.size()) + " values of h");
  const std::vector<Boolean> bits(c_bits.begin(), c_bits.end());
  std::vector<AllocatedNum> scaled;
  for (size_t k = 0; k < hs.size(); k++) {
    if (hs[k] > bits.size())
      throw r1cs::SynthesisError("SnapCircuit: h = " + std::to_string(hs[k]) + " exceeds the challenge's " +
                                 std::to_string(bits.size()) + " bits");
    const std::string tag = "(h=" + std::to_string(hs[k]) + ", k=" + std::to_string(k) + ")";
    AllocatedNum c_high;
    {
      Namespace ns(cs, Name(cs, "c_high " + tag));
      c_high = gadgets::PackBits(cs, std::span<const Boolean>(bits).last(hs[k]));
    }
    const AllocatedBit &select = h_select_bits[k];
    const AllocatedNum z = AllocNum(cs, "c_high_or_zero " + tag, select.Value() ? c_high.Value() : Fr::Zero());
    cs.Enforce(
        Name(cs, "c_high_or_zero == c_high * h_select_bit " + tag),
        [&](LinearCombination lc) { return std::move(lc.Add(c_high.Var())); },
        [&](LinearCombination lc) { return std::move(lc.Add(select.Var())); },
        [&](LinearCombination lc) { return std::move(lc.Add(z.Var())); });
    scaled.push_back(z);
  }
  Fr sum = Fr::Zero();
  for (const AllocatedNum &z : scaled) sum += z.Value();
  const AllocatedNum selected = AllocNum(cs, "c_high_selected", sum);
  cs.Enforce(
      "c_high_selected == dot(c_highs, h_select_bits)",
      [&](LinearCombination lc) {
        for (const AllocatedNum &z : scaled) lc.Add(z.Var());
        return lc;
      },
      OnePlus, [&](LinearCombination lc) { return std::move(lc.Add(selected.Var())); });
  return selected;
}

AllocatedNum SnapLabelRNew(ConstraintSystem &cs, const AllocatedNum &leaf_r_old, const AllocatedNum &leaf_d_new,
                           const AllocatedNum &rho) {
  AllocatedNum prod;
  {
    Namespace ns(cs, "label_d_new * rho");
    prod = leaf_d_new.Mul(cs, rho);
  }
  const AllocatedNum leaf_r_new = AllocNum(cs, "label_r_new", leaf_r_old.Value() + prod.Value());
  cs.Enforce(
      "label_r_new == label_r_old + label_d_new * rho",
      [&](LinearCombination lc) { return std::move(lc.Add(leaf_r_old.Var()).Add(prod.Var())); }, OnePlus,
      [&](LinearCombination lc) { return std::move(lc.Add(leaf_r_new.Var())); });
  return leaf_r_new;
}

} // namespace cuzk::filecoin

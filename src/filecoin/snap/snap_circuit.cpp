// src/filecoin/snap_circuit.cpp — EmptySectorUpdateCircuit::synthesize over the gadgets of
// filecoin/snap_circuit_gadgets.hpp, in upstream's allocation and constraint order
// (spec/post-snap-poseidon.md §4.5), and its inputs: blank, public, from a vanilla proof.
#include "filecoin/snap/snap_circuit.hpp"

#include "filecoin/snap/snap_circuit_parts.hpp"

#include "filecoin/merkle/merkle_proof_ops.hpp"
#include "filecoin/snap/snap_circuit_gadgets.hpp"
#include "gadgets/insertion.hpp"
#include "gadgets/multipack.hpp"
#include "gadgets/por.hpp"
#include "gadgets/poseidon_circuit.hpp"

#include <algorithm>
#include <optional>
#include <string>
#include <tuple>

namespace cuzk::filecoin {

namespace {

using ff::Fr;
using gadgets::AllocatedBit;
using gadgets::AllocatedNum;
using gadgets::Boolean;
using gadgets::MerkleHasher;
using r1cs::ConstraintSystem;
using r1cs::LinearCombination;
using r1cs::Namespace;

constexpr size_t H_SELECT_BITS = 6; // hs.len(): every size allows six values of h

std::string Name(const ConstraintSystem &cs, const std::string &name) { return cs.WantsNames() ? name : std::string(); }

[[noreturn]] void Fail(const std::string &message) { throw r1cs::SynthesisError("SnapCircuit: " + message); }

AllocatedNum AllocNum(ConstraintSystem &cs, const std::string &name, const Fr &value) {
  Namespace ns(cs, Name(cs, name));
  return AllocatedNum::Alloc(cs, value);
}

// computed·1 = expected: the comm_r equality constraints.
void EnforceEqual(ConstraintSystem &cs, std::string_view name, const AllocatedNum &computed,
                  const AllocatedNum &expected) {
  cs.Enforce(
      name, [&](LinearCombination lc) { return std::move(lc.Add(computed.Var())); },
      [](LinearCombination lc) { return std::move(lc.Add(ConstraintSystem::One())); },
      [&](LinearCombination lc) { return std::move(lc.Add(expected.Var())); });
}

// A tree_r path's siblings, row-major, as upstream allocates them (before the PoR that uses them).
std::vector<std::vector<AllocatedNum>> AllocSiblings(ConstraintSystem &cs, const char *what,
                                                     const std::vector<std::vector<Fr>> &path, size_t c_index) {
  std::vector<std::vector<AllocatedNum>> out(path.size());
  for (size_t row = 0; row < path.size(); row++)
    for (size_t s = 0; s < path[row].size(); s++)
      out[row].push_back(
          AllocNum(cs,
                   Name(cs, std::string(what) + " sibling (c_index=" + std::to_string(c_index) +
                                ", tree_row=" + std::to_string(row) + ", sibling_index=" + std::to_string(s) + ")"),
                   path[row][s]));
  return out;
}

// Shape checks (upstream asserts them before allocating anything).
void CheckShape(const SnapCircuitInput &in, const std::vector<size_t> &r_arities) {
  const SnapConfig &c = in.config;
  if (in.apex_leafs.size() != c.apex_leaf_count)
    Fail(std::to_string(in.apex_leafs.size()) + " apex leaves, expected " + std::to_string(c.apex_leaf_count));
  if (in.challenges.size() != c.challenge_count)
    Fail(std::to_string(in.challenges.size()) + " challenges, expected " + std::to_string(c.challenge_count));
  const size_t d_levels = c.ChallengeBitLen();
  const size_t first_partition_row = d_levels - c.PartitionBitLen();
  for (size_t i = 0; i < in.challenges.size(); i++) {
    const SnapChallengeWitness &w = in.challenges[i];
    const std::string where = "challenge " + std::to_string(i) + ": ";
    if (w.path_d_new.size() != d_levels)
      Fail(where + "tree_d path of " + std::to_string(w.path_d_new.size()) + " levels, expected " +
           std::to_string(d_levels));
    for (const auto *path : {&w.path_r_old, &w.path_r_new}) {
      if (path->size() != r_arities.size())
        Fail(where + "tree_r path of " + std::to_string(path->size()) + " levels, expected " +
             std::to_string(r_arities.size()));
      for (size_t l = 0; l < path->size(); l++)
        if ((*path)[l].size() + 1 != r_arities[l])
          Fail(where + "tree_r level " + std::to_string(l) + " has " + std::to_string((*path)[l].size()) +
               " siblings for arity " + std::to_string(r_arities[l]));
    }
    if (!std::equal(w.path_d_new.begin() + first_partition_row, w.path_d_new.end(),
                    in.challenges[0].path_d_new.begin() + first_partition_row))
      Fail(where + "its partition path differs from challenge 0's");
  }
}

} // namespace

SnapPrefix SynthesizeSnapPrefix(ConstraintSystem &cs, const SnapCircuitInput &in) {
  const SnapConfig &config = in.config;
  auto r_arities = TreeLevelArities(config.tree_r_shape, config.sector_nodes);
  if (!r_arities) Fail(r_arities.ErrorMessage());
  CheckShape(in, *r_arities);
  const size_t d_levels = config.ChallengeBitLen();
  const size_t partition_bit_len = config.PartitionBitLen();
  SnapPrefix prefix;
  prefix.partition_bit_len = partition_bit_len;

  // k_and_h_select and its bits: partition bits, then the h_select bits.
  const AllocatedNum k_and_h_select = AllocNum(cs, "k_and_h_select", in.k_and_h_select);
  {
    Namespace ns(cs, "k_and_h_select (public input)");
    k_and_h_select.Inputize(cs);
  }
  std::vector<AllocatedBit> &kh_bits = prefix.kh_bits;
  {
    const auto limbs = in.k_and_h_select.ToCanonical();
    for (size_t i = 0; i < partition_bit_len + H_SELECT_BITS; i++) {
      Namespace ns(cs, Name(cs, "k_and_h_select_bit_" + std::to_string(i)));
      kh_bits.push_back(AllocatedBit::Alloc(cs, (limbs[i / 64] >> (i % 64)) & 1));
    }
  }
  SnapEnforceBinaryDecomposition(cs, "k_and_h_select binary decomp", kh_bits, k_and_h_select);
  const std::span<const AllocatedBit> partition_bits = prefix.PartitionBits();
  AllocatedNum partition;
  {
    Namespace ns(cs, "pack partition bits");
    const std::vector<Boolean> bits(partition_bits.begin(), partition_bits.end());
    partition = gadgets::PackBits(cs, bits);
  }

  // The public commitments, then phi.
  auto public_num = [&](const char *name, const Fr &value) {
    const AllocatedNum num = AllocNum(cs, name, value);
    Namespace ns(cs, Name(cs, std::string(name) + "_input"));
    num.Inputize(cs);
    return num;
  };
  const AllocatedNum comm_r_old = public_num("comm_r_old", in.comm_r_old);
  const AllocatedNum comm_d_new = public_num("comm_d_new", in.comm_d_new);
  const AllocatedNum comm_r_new = public_num("comm_r_new", in.comm_r_new);
  {
    Namespace ns(cs, "phi");
    prefix.phi = SnapGenRandomnessCircuit(cs, comm_d_new, comm_r_old);
  }

  // Private values that every challenge shares.
  const AllocatedNum comm_c = AllocNum(cs, "comm_c", in.comm_c);
  prefix.root_r_old = AllocNum(cs, "root_r_old", in.root_r_old);
  prefix.root_r_new = AllocNum(cs, "root_r_new", in.root_r_new);
  for (size_t i = 0; i < in.apex_leafs.size(); i++)
    prefix.apex_leafs.push_back(AllocNum(cs, "apex_leaf_" + std::to_string(i), in.apex_leafs[i]));
  std::vector<std::vector<AllocatedNum>> partition_path;
  for (size_t i = 0; i < partition_bit_len; i++)
    partition_path.push_back({AllocNum(cs, "partition_path_sibling_" + std::to_string(i),
                                       in.challenges[0].path_d_new[d_levels - partition_bit_len + i])});

  // comm_r = H(comm_c, root_r) for the old and the new replica.
  for (const auto &[name, root, comm_r] : {std::tuple{"comm_r_old", &prefix.root_r_old, &comm_r_old},
                                           std::tuple{"comm_r_new", &prefix.root_r_new, &comm_r_new}}) {
    AllocatedNum calc;
    {
      Namespace ns(cs, Name(cs, std::string(name) + "_calc"));
      const AllocatedNum preimage[2] = {comm_c, *root};
      calc = gadgets::PoseidonHashMerkleCircuit(cs, preimage);
    }
    EnforceEqual(cs, Name(cs, std::string("enforce ") + name + "_calc == " + name), calc, *comm_r);
  }

  {
    Namespace ns(cs, "apex_gadget");
    SnapApexPor(cs, prefix.apex_leafs, partition_bits, partition_path, comm_d_new);
  }

  {
    Namespace ns(cs, "gen_challenge_bits");
    prefix.challenge_bits = SnapGenChallengeBits(cs, comm_r_new, partition, config);
  }
  return prefix;
}

void SynthesizeSnapChallenge(ConstraintSystem &cs, const SnapCircuitInput &in, size_t ci, const SnapPrefix &prefix) {
  const SnapConfig &config = in.config;
  const size_t apex_bits = config.ApexLeafBitLen();
  const size_t path_to_apex = config.ApexLeafHeight();
  const SnapChallengeWitness &w = in.challenges[ci];
  const std::string idx = "(c_index=" + std::to_string(ci) + ")";
  const std::span<const AllocatedBit> partition_bits = prefix.PartitionBits();
  std::vector<AllocatedBit> c_bits = prefix.challenge_bits[ci];
  c_bits.insert(c_bits.end(), partition_bits.begin(), partition_bits.end());

  AllocatedNum c_high, rho;
  {
    Namespace ns(cs, Name(cs, "get_challenge_high_bits " + idx));
    c_high = SnapChallengeHighBits(cs, c_bits, prefix.HSelectBits(), config.hs);
  }
  {
    Namespace ns(cs, Name(cs, "rho " + idx));
    rho = SnapGenRandomnessCircuit(cs, prefix.phi, c_high);
  }
  const AllocatedNum leaf_r_old = AllocNum(cs, "leaf_r_old " + idx, w.leaf_r_old);
  const AllocatedNum leaf_d_new = AllocNum(cs, "leaf_d_new " + idx, w.leaf_d_new);
  AllocatedNum leaf_r_new;
  {
    Namespace ns(cs, Name(cs, "leaf_r_new " + idx));
    leaf_r_new = SnapLabelRNew(cs, leaf_r_old, leaf_d_new, rho);
  }

  const auto path_r_old = AllocSiblings(cs, "path_r_old", w.path_r_old, ci);
  {
    Namespace ns(cs, Name(cs, "por tree_r_old " + idx));
    gadgets::PorNoChallengeInput(cs, MerkleHasher::kPoseidon, c_bits, leaf_r_old, path_r_old, prefix.root_r_old);
  }
  const auto path_r_new = AllocSiblings(cs, "path_r_new", w.path_r_new, ci);
  {
    Namespace ns(cs, Name(cs, "por tree_r_new " + idx));
    gadgets::PorNoChallengeInput(cs, MerkleHasher::kPoseidon, c_bits, leaf_r_new, path_r_new, prefix.root_r_new);
  }

  AllocatedNum apex_leaf;
  {
    Namespace ns(cs, Name(cs, "select_apex_leaf " + idx));
    const std::vector<Boolean> bits(c_bits.begin() + path_to_apex, c_bits.begin() + path_to_apex + apex_bits);
    apex_leaf = gadgets::Select(cs, prefix.apex_leafs, bits);
  }
  std::vector<std::vector<AllocatedNum>> path_d;
  for (size_t row = 0; row < path_to_apex; row++)
    path_d.push_back({AllocNum(
        cs, "path_to_apex_leaf sibling (c_index=" + std::to_string(ci) + ", tree_row=" + std::to_string(row) + ")",
        w.path_d_new[row])});
  Namespace ns(cs, Name(cs, "por to_apex_leaf " + idx));
  gadgets::PorNoChallengeInput(cs, MerkleHasher::kSha256, std::span<const AllocatedBit>(c_bits).first(path_to_apex),
                               leaf_d_new, path_d, apex_leaf);
}

void SynthesizeSnapCircuit(ConstraintSystem &cs, const SnapCircuitInput &in) {
  const SnapPrefix prefix = SynthesizeSnapPrefix(cs, in);
  for (size_t ci = 0; ci < prefix.challenge_bits.size(); ci++) SynthesizeSnapChallenge(cs, in, ci, prefix);
}

Expected<SnapCircuitInput> BlankSnapCircuitInput(const SnapConfig &config) {
  auto r_arities = TreeLevelArities(config.tree_r_shape, config.sector_nodes);
  if (!r_arities) return r_arities.GetError();
  SnapCircuitInput in;
  in.config = config;
  in.apex_leafs.assign(config.apex_leaf_count, Fr::Zero());
  SnapChallengeWitness w;
  for (size_t arity : *r_arities) w.path_r_old.emplace_back(arity - 1, Fr::Zero());
  w.path_r_new = w.path_r_old;
  w.path_d_new.assign(config.ChallengeBitLen(), Fr::Zero());
  in.challenges.assign(config.challenge_count, w);
  return in;
}

Expected<std::vector<Fr>> SnapCircuitPublicInputs(const SnapConfig &config, const SnapPublicInputs &inputs) {
  if (inputs.k >= config.partition_count)
    return MakeError(ErrorCode::kInvalidArgument, "SnapDeals: partition " + std::to_string(inputs.k) + " ≥ " +
                                                      std::to_string(config.partition_count));
  const auto h_at = std::find(config.hs.begin(), config.hs.end(), inputs.h);
  if (h_at == config.hs.end())
    return MakeError(ErrorCode::kInvalidArgument,
                     "SnapDeals: h = " + std::to_string(inputs.h) + " is not allowed for this sector size");
  const uint64_t h_select = uint64_t(1) << (h_at - config.hs.begin());
  std::vector<Fr> out{Fr::FromUint(inputs.k | (h_select << config.PartitionBitLen()))};
  for (const auto &[name, bytes] :
       {std::pair{"comm_r_old", &inputs.comm_r_old}, std::pair{"comm_d_new", &inputs.comm_d_new},
        std::pair{"comm_r_new", &inputs.comm_r_new}}) {
    auto f = hash::FrFromBytesLE(*bytes);
    if (!f) return MakeError(f.Code(), std::string("SnapDeals: ") + name + ": " + f.ErrorMessage());
    out.push_back(*f);
  }
  return out;
}

Expected<SnapCircuitInput> SnapCircuitInputFromProof(const SnapConfig &config, const SnapPublicInputs &inputs,
                                                     const SnapPartitionProof &proof) {
  auto publics = SnapCircuitPublicInputs(config, inputs);
  if (!publics) return publics.GetError();
  auto bad = [](const std::string &m) { return MakeError(ErrorCode::kInvalidArgument, "SnapDeals: " + m); };
  if (proof.apex_leafs.size() != config.apex_leaf_count)
    return bad(std::to_string(proof.apex_leafs.size()) + " apex leaves, expected " +
               std::to_string(config.apex_leaf_count));
  if (proof.challenge_proofs.size() != config.challenge_count)
    return bad(std::to_string(proof.challenge_proofs.size()) + " challenge proofs, expected " +
               std::to_string(config.challenge_count));
  auto r_shape = PoseidonProofShape(config.tree_r_shape, config.sector_nodes);
  if (!r_shape) return r_shape.GetError();
  auto d_shape = ShaProofShape(config.sector_nodes);
  if (!d_shape) return d_shape.GetError();

  std::optional<Error> error;
  auto fr = [&](const Domain32 &d, const std::string &what) {
    auto f = hash::FrFromBytesLE(d);
    if (f) return *f;
    if (!error) error = MakeError(f.Code(), "SnapDeals: " + what + ": " + f.ErrorMessage());
    return Fr::Zero();
  };
  auto siblings = [&](const MerkleProof &p, const std::string &what) {
    std::vector<std::vector<Fr>> path;
    for (size_t l = 0; l < p.LevelCount(); l++) {
      path.emplace_back();
      for (const Domain32 &h : p.Level(l).hashes) path.back().push_back(fr(h, what));
    }
    return path;
  };

  SnapCircuitInput in;
  in.config = config;
  in.k_and_h_select = (*publics)[0];
  in.comm_r_old = (*publics)[1];
  in.comm_d_new = (*publics)[2];
  in.comm_r_new = (*publics)[3];
  in.comm_c = fr(proof.comm_c, "comm_c");
  for (size_t i = 0; i < proof.apex_leafs.size(); i++)
    in.apex_leafs.push_back(fr(proof.apex_leafs[i], "apex leaf " + std::to_string(i)));
  for (size_t i = 0; i < proof.challenge_proofs.size(); i++) {
    const SnapChallengeProof &cp = proof.challenge_proofs[i];
    const std::string where = "challenge " + std::to_string(i) + ": ";
    for (const auto &[name, p, shape] :
         {std::tuple{"proof_r_old", &cp.proof_r_old, &*r_shape}, std::tuple{"proof_d_new", &cp.proof_d_new, &*d_shape},
          std::tuple{"proof_r_new", &cp.proof_r_new, &*r_shape}})
      if (auto s = CheckMerkleProofShape(*p, *shape); !s)
        return MakeError(s.Code(), "SnapDeals " + where + name + ": " + s.ErrorMessage());
    SnapChallengeWitness w;
    w.leaf_r_old = fr(cp.proof_r_old.leaf, where + "leaf_r_old");
    w.path_r_old = siblings(cp.proof_r_old, where + "path_r_old");
    w.leaf_d_new = fr(cp.proof_d_new.leaf, where + "leaf_d_new");
    for (const auto &level : siblings(cp.proof_d_new, where + "path_d_new")) w.path_d_new.push_back(level[0]);
    w.path_r_new = siblings(cp.proof_r_new, where + "path_r_new");
    in.challenges.push_back(std::move(w));
  }
  const size_t first_partition_row = config.ChallengeBitLen() - config.PartitionBitLen();
  for (size_t i = 1; i < in.challenges.size(); i++)
    if (!std::equal(in.challenges[i].path_d_new.begin() + first_partition_row, in.challenges[i].path_d_new.end(),
                    in.challenges[0].path_d_new.begin() + first_partition_row))
      return bad("challenge " + std::to_string(i) + ": its tree_d path above the apex tree differs from challenge 0's");
  in.root_r_old = fr(proof.challenge_proofs[0].proof_r_old.root, "root_r_old");
  in.root_r_new = fr(proof.challenge_proofs[0].proof_r_new.root, "root_r_new");
  if (error) return *error;
  return in;
}

} // namespace cuzk::filecoin

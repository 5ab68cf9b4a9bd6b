// src/filecoin/post_circuit.cpp — FallbackPoStCircuit::synthesize_default over the PoR and
// Poseidon gadgets; namespaces as upstream names them (they only matter to TestCS's messages).
#include "filecoin/post/post_circuit.hpp"

#include "filecoin/post/post_circuit_parts.hpp"

#include "gadgets/poseidon_circuit.hpp"
#include "hash/poseidon.hpp"

#include <tbb/parallel_for.h>

#include <algorithm>
#include <array>
#include <string>

namespace cuzk::filecoin {

namespace {

using ff::Fr;
using gadgets::AllocatedNum;
using r1cs::ConstraintSystem;
using r1cs::LinearCombination;
using r1cs::Namespace;

std::string Name(const ConstraintSystem &cs, const std::string &name) { return cs.WantsNames() ? name : std::string(); }

[[noreturn]] void Fail(const std::string &message) { throw r1cs::SynthesisError("PoStCircuit: " + message); }

AllocatedNum AllocNum(ConstraintSystem &cs, const char *name, const Fr &value) {
  Namespace ns(cs, name);
  return AllocatedNum::Alloc(cs, value);
}

AllocatedNum SynthesizePrefix(ConstraintSystem &cs, const PoStSectorWitness &sector, size_t challenge_count) {
  if (sector.leafs.size() != challenge_count || sector.paths.size() != challenge_count)
    Fail(std::to_string(sector.leafs.size()) + " leaves / " + std::to_string(sector.paths.size()) +
         " paths, expected " + std::to_string(challenge_count));
  const AllocatedNum comm_r_last = AllocNum(cs, "comm_r_last", sector.comm_r_last);
  const AllocatedNum comm_c = AllocNum(cs, "comm_c", sector.comm_c);
  const AllocatedNum comm_r = AllocNum(cs, "comm_r", sector.comm_r);
  {
    Namespace ns(cs, "comm_r_input");
    comm_r.Inputize(cs);
  }
  AllocatedNum hash;
  {
    Namespace ns(cs, "H_comm_c_comm_r_last");
    const std::array<AllocatedNum, 2> preimage{comm_c, comm_r_last};
    hash = gadgets::PoseidonHashMerkleCircuit(cs, preimage);
  }
  // constraint::equal: comm_r·1 = H(comm_c, comm_r_last)
  cs.Enforce(
      "enforce_comm_c_comm_r_last_hash_comm_r", [&](LinearCombination lc) { return std::move(lc.Add(comm_r.Var())); },
      [](LinearCombination lc) { return std::move(lc.Add(ConstraintSystem::One())); },
      [&](LinearCombination lc) { return std::move(lc.Add(hash.Var())); });
  return comm_r_last;
}

void SynthesizeSector(ConstraintSystem &cs, const PoStSectorWitness &sector, size_t challenge_count) {
  const AllocatedNum comm_r_last = SynthesizePrefix(cs, sector, challenge_count);
  for (size_t i = 0; i < challenge_count; i++) SynthesizePoStChallenge(cs, sector, i, comm_r_last);
}

std::vector<gadgets::PorPathLevel> PathOf(const MerkleProof &m) {
  std::vector<gadgets::PorPathLevel> path;
  for (size_t l = 0; l < m.LevelCount(); l++) {
    const PathElement &e = m.Level(l);
    gadgets::PorPathLevel level{e.hashes.size() + 1, uint32_t(e.index), {}};
    for (const Domain32 &h : e.hashes) level.siblings.push_back(Fr::FromBytesLE(h.data()).value_or(Fr::Zero()));
    path.push_back(std::move(level));
  }
  return path;
}

} // namespace

AllocatedNum SynthesizePoStSectorPrefix(ConstraintSystem &cs, const PoStSectorWitness &sector, size_t challenge_count) {
  return SynthesizePrefix(cs, sector, challenge_count);
}

void SynthesizePoStChallenge(ConstraintSystem &cs, const PoStSectorWitness &sector, size_t i,
                             const AllocatedNum &comm_r_last) {
  Namespace ns(cs, Name(cs, "challenge_inclusion_" + std::to_string(i)));
  gadgets::PorCircuit(cs, gadgets::MerkleHasher::kPoseidon, gadgets::PorRoot::Val(sector.leafs[i]), sector.paths[i],
                      gadgets::PorRoot::Var(comm_r_last), true);
}

void CheckPoStSectorCount(const PoStCircuitInput &input) {
  if (input.sectors.size() != input.params.sector_count)
    Fail(std::to_string(input.sectors.size()) + " sectors, expected " + std::to_string(input.params.sector_count));
}

void SynthesizePoStCircuit(ConstraintSystem &cs, const PoStCircuitInput &input) {
  CheckPoStSectorCount(input);
  Namespace outer(cs, "outer namespace");
  for (size_t i = 0; i < input.sectors.size(); i++) {
    Namespace ns(cs, Name(cs, "sector_" + std::to_string(i)));
    SynthesizeSector(cs, input.sectors[i], input.params.challenge_count);
  }
}

void SynthesizePoStCircuitParallel(r1cs::ProvingAssignment &pa, const PoStCircuitInput &input, size_t chunks) {
  if (input.sectors.size() != input.params.sector_count)
    Fail(std::to_string(input.sectors.size()) + " sectors, expected " + std::to_string(input.params.sector_count));
  if (pa.NumConstraints() != 0 || pa.NumAux() != 0 || pa.NumInputs() != 1) Fail("the proving assignment is not empty");
  const size_t n = input.sectors.size();
  chunks = std::max<size_t>(1, std::min(chunks, n));
  const size_t per_chunk = (n + chunks - 1) / chunks;
  std::vector<r1cs::ProvingAssignment> parts((n + per_chunk - 1) / per_chunk);
  // Each part has its own ONE (input 0); sectors share nothing else, so appending the parts in order
  // renumbers every other variable exactly as sequential synthesis numbers it.
  tbb::parallel_for(size_t(0), parts.size(), [&](size_t c) {
    for (size_t i = c * per_chunk; i < std::min(n, (c + 1) * per_chunk); i++)
      SynthesizeSector(parts[c], input.sectors[i], input.params.challenge_count);
  });
  for (const r1cs::ProvingAssignment &part : parts) {
    pa.Extend(part);
    // Extend drops the part's ONE; where a part uses ONE in B, so does the whole system (the
    // sequential synthesis would have marked it), and the parameters' b_g1/b_g2 hold its point.
    if (part.b_input_density.Size() > 0 && part.b_input_density.Get(0)) pa.b_input_density.Inc(0);
  }
}

Expected<PoStCircuitInput> BlankPoStCircuitInput(const FallbackPoStParams &params) {
  auto arities = TreeLevelArities(params.tree_shape, params.SectorNodes());
  if (!arities) return arities.GetError();
  PoStSectorWitness blank;
  blank.leafs.assign(params.challenge_count, Fr::Zero());
  blank.paths.assign(params.challenge_count, gadgets::BlankPorPath(*arities));
  PoStCircuitInput input{params, std::vector<PoStSectorWitness>(params.sector_count, blank)};
  return input;
}

Expected<PoStCircuitInput> PoStCircuitInputFromPartition(const PoStPartition &partition) {
  const FallbackPoStParams &params = partition.params;
  if (partition.sectors.empty() || partition.sectors.size() > params.sector_count ||
      partition.proofs.size() != params.sector_count)
    return MakeError(ErrorCode::kInvalidArgument, "PoSt circuit: " + std::to_string(partition.sectors.size()) +
                                                      " public sectors and " + std::to_string(partition.proofs.size()) +
                                                      " sector proofs for " + std::to_string(params.sector_count) +
                                                      " slots");
  auto shape = PoseidonProofShape(params.tree_shape, params.SectorNodes());
  if (!shape) return shape.GetError();
  PoStCircuitInput input{params, {}};
  for (size_t i = 0; i < params.sector_count; i++) {
    const PoStPublicSector &pub = partition.sectors[std::min(i, partition.sectors.size() - 1)];
    const PoStSectorProof &proof = partition.proofs[i];
    const std::string where = "PoSt circuit sector " + std::to_string(i) + ": ";
    if (proof.inclusion_proofs.size() != params.challenge_count)
      return MakeError(ErrorCode::kInvalidArgument, where + std::to_string(proof.inclusion_proofs.size()) +
                                                        " inclusion proofs, expected " +
                                                        std::to_string(params.challenge_count));
    PoStSectorWitness w;
    auto comm_r = hash::FrFromBytesLE(pub.comm_r);
    auto comm_c = hash::FrFromBytesLE(proof.comm_c);
    auto comm_r_last = hash::FrFromBytesLE(proof.comm_r_last);
    if (!comm_r || !comm_c || !comm_r_last)
      return MakeError(ErrorCode::kNonCanonical, where + "comm_r, comm_c or comm_r_last ≥ r");
    w.comm_r = *comm_r;
    w.comm_c = *comm_c;
    w.comm_r_last = *comm_r_last;
    for (const MerkleProof &m : proof.inclusion_proofs) {
      if (auto s = CheckMerkleProofShape(m, *shape); !s) return MakeError(s.Code(), where + s.ErrorMessage());
      auto leaf = hash::FrFromBytesLE(m.leaf);
      if (!leaf) return MakeError(ErrorCode::kNonCanonical, where + "leaf ≥ r");
      for (size_t l = 0; l < m.LevelCount(); l++)
        for (const Domain32 &h : m.Level(l).hashes)
          if (!Fr::FromBytesLE(h.data())) return MakeError(ErrorCode::kNonCanonical, where + "sibling ≥ r");
      w.leafs.push_back(*leaf);
      w.paths.push_back(PathOf(m));
    }
    input.sectors.push_back(std::move(w));
  }
  return input;
}

} // namespace cuzk::filecoin

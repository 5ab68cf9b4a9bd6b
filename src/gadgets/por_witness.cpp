// src/gadgets/por_witness.cpp
#include "gadgets/por_witness.hpp"

#include "gadgets/poseidon_witness.hpp"
#include "hash/poseidon.hpp"

#include <algorithm>
#include <cassert>
#include <deque>
#include <optional>
#include <vector>

namespace cuzk::gadgets {

namespace {

// The number of hashes a batch holds at most: what the vector path runs at once.
constexpr size_t BATCH = 8;

struct Climber {
  r1cs::WitnessCS *w;
  std::optional<PorClimb> climb;
  std::vector<Fr> row; //!< the preimage of the pending hash
  Fr *aux = nullptr;   //!< where its values go
  uint32_t digest = 0; //!< the digest's aux variable
  size_t arity = 0;
};

// Prepares c's next level and reserves its hash's values.
void Reserve(Climber &c) {
  const std::vector<AllocatedNum> row = c.climb->Prepare();
  c.arity = row.size();
  const hash::PoseidonConstants &constants = **hash::GetPoseidonConstants(c.arity);
  c.row.resize(c.arity);
  for (size_t i = 0; i < c.arity; i++) c.row[i] = row[i].Value();
  const size_t size = PoseidonWitnessSize(constants);
  c.aux = c.w->AppendAux(size);
  c.digest = uint32_t(c.w->NumAux() - 1);
  c.w->CountConstraints(size);
}

} // namespace

void PoseidonPorWitnesses(std::span<const PorWitnessPath> paths, bool private_root) {
  const bool native = std::all_of(paths.begin(), paths.end(),
                                  [](const PorWitnessPath &p) { return r1cs::NativeWitness(*p.system) != nullptr; });
  if (!native) {
    for (const PorWitnessPath &p : paths)
      (void)PorCircuit(*p.system, MerkleHasher::kPoseidon, p.value, p.path, p.root, private_root);
    return;
  }
  std::vector<Climber> climbers;
  climbers.reserve(paths.size());
  for (const PorWitnessPath &p : paths) {
    Climber c{p.system, std::nullopt, {}, nullptr, 0, 0};
    c.climb.emplace(*p.system, MerkleHasher::kPoseidon, p.value, p.path);
    climbers.push_back(std::move(c));
  }

  // Every climber that is not done has one hash pending, queued oldest first. A batch takes the
  // oldest hashes of the arity at the front, at most BATCH of them; the climbers it frees prepare
  // their next level and queue behind the rest, so the batches stay full until the paths run out.
  std::deque<size_t> queue;
  for (size_t i = 0; i < climbers.size(); i++)
    if (!climbers[i].climb->Done()) {
      Reserve(climbers[i]);
      queue.push_back(i);
    }
  std::vector<size_t> batch;
  std::vector<PoseidonWitnessJob> jobs;
  while (!queue.empty()) {
    const size_t arity = climbers[queue.front()].arity;
    batch.clear();
    for (auto it = queue.begin(); it != queue.end() && batch.size() < BATCH;) {
      if (climbers[*it].arity == arity) {
        batch.push_back(*it);
        it = queue.erase(it);
      } else {
        ++it;
      }
    }
    jobs.clear();
    for (size_t i : batch) jobs.push_back({climbers[i].row.data(), climbers[i].aux});
    const hash::PoseidonConstants &constants = **hash::GetPoseidonConstants(arity);
    PoseidonWitnessValues(constants, hash::MerkleTreeTag(arity), jobs);
    const size_t size = PoseidonWitnessSize(constants);
    for (size_t i : batch) {
      Climber &c = climbers[i];
      c.climb->Hashed(AllocatedNum(r1cs::Variable::Aux(c.digest), c.aux[size - 1]));
      if (!c.climb->Done()) {
        Reserve(c);
        queue.push_back(i);
      }
    }
  }
  for (size_t i = 0; i < paths.size(); i++) (void)climbers[i].climb->Finish(paths[i].root, private_root);
}

} // namespace cuzk::gadgets

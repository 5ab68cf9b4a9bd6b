// src/filecoin/core/registered_seal_proof.cpp — one table of the 20 proofs; everything else reads it.
#include "filecoin/core/registered_seal_proof.hpp"

#include <cassert>
#include <string>

namespace cuzk::filecoin {

namespace {

using P = RegisteredSealProof;
using A = ApiVersion;
using F = PorepFeature;

constexpr std::array<SealProofInfo, REGISTERED_SEAL_PROOF_COUNT> TABLE = {{
    {P::kStackedDrg2KiBV1, "StackedDrg2KiBV1", "StackedDrg2KiBV1", SECTOR_SIZE_2KIB, A::kV1_0_0, F::kNone},
    {P::kStackedDrg8MiBV1, "StackedDrg8MiBV1", "StackedDrg8MiBV1", SECTOR_SIZE_8MIB, A::kV1_0_0, F::kNone},
    {P::kStackedDrg512MiBV1, "StackedDrg512MiBV1", "StackedDrg512MiBV1", SECTOR_SIZE_512MIB, A::kV1_0_0, F::kNone},
    {P::kStackedDrg32GiBV1, "StackedDrg32GiBV1", "StackedDrg32GiBV1", SECTOR_SIZE_32GIB, A::kV1_0_0, F::kNone},
    {P::kStackedDrg64GiBV1, "StackedDrg64GiBV1", "StackedDrg64GiBV1", SECTOR_SIZE_64GIB, A::kV1_0_0, F::kNone},
    {P::kStackedDrg2KiBV1_1, "StackedDrg2KiBV1_1", "StackedDrg2KiBV1", SECTOR_SIZE_2KIB, A::kV1_1_0, F::kNone},
    {P::kStackedDrg8MiBV1_1, "StackedDrg8MiBV1_1", "StackedDrg8MiBV1", SECTOR_SIZE_8MIB, A::kV1_1_0, F::kNone},
    {P::kStackedDrg512MiBV1_1, "StackedDrg512MiBV1_1", "StackedDrg512MiBV1", SECTOR_SIZE_512MIB, A::kV1_1_0, F::kNone},
    {P::kStackedDrg32GiBV1_1, "StackedDrg32GiBV1_1", "StackedDrg32GiBV1", SECTOR_SIZE_32GIB, A::kV1_1_0, F::kNone},
    {P::kStackedDrg64GiBV1_1, "StackedDrg64GiBV1_1", "StackedDrg64GiBV1", SECTOR_SIZE_64GIB, A::kV1_1_0, F::kNone},
    {P::kStackedDrg2KiBV1_1_Feat_SyntheticPoRep, "StackedDrg2KiBV1_1_Feat_SyntheticPoRep", "StackedDrg2KiBV1",
     SECTOR_SIZE_2KIB, A::kV1_2_0, F::kSynthetic},
    {P::kStackedDrg8MiBV1_1_Feat_SyntheticPoRep, "StackedDrg8MiBV1_1_Feat_SyntheticPoRep", "StackedDrg8MiBV1",
     SECTOR_SIZE_8MIB, A::kV1_2_0, F::kSynthetic},
    {P::kStackedDrg512MiBV1_1_Feat_SyntheticPoRep, "StackedDrg512MiBV1_1_Feat_SyntheticPoRep", "StackedDrg512MiBV1",
     SECTOR_SIZE_512MIB, A::kV1_2_0, F::kSynthetic},
    {P::kStackedDrg32GiBV1_1_Feat_SyntheticPoRep, "StackedDrg32GiBV1_1_Feat_SyntheticPoRep", "StackedDrg32GiBV1",
     SECTOR_SIZE_32GIB, A::kV1_2_0, F::kSynthetic},
    {P::kStackedDrg64GiBV1_1_Feat_SyntheticPoRep, "StackedDrg64GiBV1_1_Feat_SyntheticPoRep", "StackedDrg64GiBV1",
     SECTOR_SIZE_64GIB, A::kV1_2_0, F::kSynthetic},
    {P::kStackedDrg2KiBV1_2_Feat_NonInteractivePoRep, "StackedDrg2KiBV1_2_Feat_NonInteractivePoRep", "StackedDrg2KiBV1",
     SECTOR_SIZE_2KIB, A::kV1_2_0, F::kNonInteractive},
    {P::kStackedDrg8MiBV1_2_Feat_NonInteractivePoRep, "StackedDrg8MiBV1_2_Feat_NonInteractivePoRep", "StackedDrg8MiBV1",
     SECTOR_SIZE_8MIB, A::kV1_2_0, F::kNonInteractive},
    {P::kStackedDrg512MiBV1_2_Feat_NonInteractivePoRep, "StackedDrg512MiBV1_2_Feat_NonInteractivePoRep",
     "StackedDrg512MiBV1", SECTOR_SIZE_512MIB, A::kV1_2_0, F::kNonInteractive},
    {P::kStackedDrg32GiBV1_2_Feat_NonInteractivePoRep, "StackedDrg32GiBV1_2_Feat_NonInteractivePoRep",
     "StackedDrg32GiBV1", SECTOR_SIZE_32GIB, A::kV1_2_0, F::kNonInteractive},
    {P::kStackedDrg64GiBV1_2_Feat_NonInteractivePoRep, "StackedDrg64GiBV1_2_Feat_NonInteractivePoRep",
     "StackedDrg64GiBV1", SECTOR_SIZE_64GIB, A::kV1_2_0, F::kNonInteractive},
}};

// The table is indexed by id; a mis-ordered row would silently give another proof's facts.
constexpr bool TableIsIndexedById() {
  for (uint64_t i = 0; i < TABLE.size(); i++)
    if (uint64_t(TABLE[i].proof) != i) return false;
  return true;
}
static_assert(TableIsIndexedById());

} // namespace

const SealProofInfo &GetSealProofInfo(RegisteredSealProof proof) {
  assert(uint64_t(proof) < REGISTERED_SEAL_PROOF_COUNT);
  return TABLE[uint64_t(proof)];
}

Expected<RegisteredSealProof> SealProofFromId(uint64_t id) {
  if (id >= REGISTERED_SEAL_PROOF_COUNT)
    return MakeError(ErrorCode::kInvalidArgument,
                     "registered seal proof id " + std::to_string(id) + " is not in 0..19");
  return TABLE[id].proof;
}

Expected<RegisteredSealProof> SealProofFromName(std::string_view name) {
  for (const SealProofInfo &info : TABLE)
    if (info.name == name) return info.proof;
  return MakeError(ErrorCode::kInvalidArgument, "unknown registered seal proof \"" + std::string(name) + "\"");
}

PorepId PorepIdOf(RegisteredSealProof proof, uint64_t nonce) {
  PorepId id{};
  const uint64_t v = uint64_t(proof);
  for (int i = 0; i < 8; i++) {
    id[i] = uint8_t(v >> (8 * i));
    id[8 + i] = uint8_t(nonce >> (8 * i));
  }
  return id;
}

Digest32 ProverIdFromActorId(uint64_t actor_id) {
  Digest32 id{};
  size_t i = 0;
  do {
    uint8_t byte = actor_id & 0x7f;
    actor_id >>= 7;
    if (actor_id != 0) byte |= 0x80;
    id[i++] = byte;
  } while (actor_id != 0);
  return id;
}

} // namespace cuzk::filecoin

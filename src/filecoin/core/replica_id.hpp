// src/filecoin/core/replica_id.hpp — replica_id (storage-proofs-porep vanilla/params.rs
// generate_replica_id, spec/porep.md §2.1): what makes every sealed replica unique.
#pragma once
#include "filecoin/core/registered_seal_proof.hpp"

#include <cstdint>

namespace cuzk::filecoin {

//! trunc254(SHA256(prover_id ‖ sector_id as u64 BIG-endian ‖ ticket ‖ comm_d ‖ porep_id)), read
//! as a little-endian Fr repr (always canonical: the top two bits are cleared).
Digest32 ReplicaId(const Digest32 &prover_id, uint64_t sector_id, const Digest32 &ticket, const Digest32 &comm_d,
                   const PorepId &porep_id);

} // namespace cuzk::filecoin

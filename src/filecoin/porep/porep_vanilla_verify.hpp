// src/filecoin/porep/porep_vanilla_verify.hpp — checking a C1 before proving it: shapes against the
// registered proof's configuration, then vanilla verification of every challenge
// (storage-proofs-porep `verify_all_partitions` and `Proof::verify`, spec/porep.md §2.7, §7).
//
// Verification is stricter than upstream's: upstream checks only the path index of the comm_d
// and comm_r_last proofs and trusts the labelling proofs' parents, so a C1 with a wrong tree_d
// sibling or parents that differ from the parent columns passes vanilla verification and then
// fails in the circuit, after minutes of GPU time. Here every path is hashed, and every label is
// recomputed from the parent columns the circuit will use. Errors name the proof
// (`vanilla_proofs[k][i]`, its challenge) and the field that is wrong.
#pragma once
#include "base/expected.hpp"
#include "filecoin/core/porep_config.hpp"
#include "filecoin/porep/c1_envelope.hpp"
#include "filecoin/porep/porep_vanilla_proof.hpp"
#include "filecoin/porep/sdr_graph.hpp"

#include <cstdint>

namespace cuzk::filecoin {

//! PorepConfigFor the C1's registered proof (kInvalidArgument for an unknown name).
Expected<PorepConfig> C1PorepConfig(const SealCommitPhase1Output &c1);

//! Counts and shapes, without hashing: partitions, challenges per partition, 6 DRG and 8 expander
//! parent columns of `layers` rows, tree_d / tree_c / tree_r_last path shapes, one labelling proof
//! per layer with 37 parents. kInvalidArgument naming the first mismatch.
Status CheckC1Shape(const SealCommitPhase1Output &c1, const PorepConfig &config);

//! replica_id = ReplicaId(prover_id, sector_id, ticket, comm_d, porep_id): the C1 belongs to this
//! miner's sector (verify_seal recomputes it, so a mismatch would only show after proving).
Status CheckC1ReplicaId(const SealCommitPhase1Output &c1, const PorepConfig &config, const Digest32 &prover_id,
                        uint64_t sector_id);

//! What one challenge proof is checked against.
struct ChallengeContext {
  const PorepConfig *config;
  const SdrGraph *graph;
  Domain32 replica_id;
  Domain32 comm_d;
  Domain32 comm_c;
  Domain32 comm_r_last;
  uint64_t challenge;
};

//! One challenge (shape already checked): the tree_d, tree_c and tree_r_last paths lead to comm_d,
//! comm_c and comm_r_last from the challenged (or parent) node, each column hashes to its leaf,
//! each layer's label recomputed from the parent columns equals the challenged column's row, and
//! label_L + data = the replica leaf. Messages are relative to the proof ("comm_d_proofs: …").
Status VerifyChallengeProof(const PorepChallengeProof &proof, const ChallengeContext &ctx);

//! CheckC1Shape, then for each partition comm_r = Poseidon2(comm_c, comm_r_last) of its first proof,
//! every proof agreeing on comm_c and comm_r_last, the challenges derived from replica_id, seed and
//! comm_r (spec §2.2, by the proof's feature), and VerifyChallengeProof for each, in parallel.
//! Zero comm_d or comm_r, and a zero seed for interactive or synthetic proofs, are errors (C2
//! rejects them). The first failing proof in (partition, challenge) order is reported.
Status VerifyC1(const SealCommitPhase1Output &c1, const PorepConfig &config);
//! VerifyC1 with C1PorepConfig.
Status VerifyC1(const SealCommitPhase1Output &c1);

//! Everything a C2 request must pass before proving: VerifyC1, and a replica_id that belongs to
//! the miner (prover_id = ProverIdFromActorId(miner_id)) and the envelope's sector number. Without
//! the second check a C1 of another sector proves fine and then fails verify_seal.
Status VerifyC1Request(const C1Request &request, uint64_t miner_id);

} // namespace cuzk::filecoin

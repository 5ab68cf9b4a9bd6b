// src/filecoin/porep/porep_vanilla_proof.hpp — the PoRep C1 output (rust-filecoin-proofs-api
// `SealCommitPhase1Output`) and the vanilla proof types nested in it (spec/porep.md §2.7, §5).
//
// The structs mirror the serde shapes field for field so that filecoin/porep/c1_json.hpp can read and
// write the JSON exactly; they hold bytes, not field elements, because the JSON carries 32-byte
// reprs and a parser must be able to hold (and then reject with a clear message) a non-canonical
// one. Sealing (filecoin/testing/porep_prove.*) fills them, verification (filecoin/porep/porep_vanilla_verify.hpp)
// and the StackedCircuit read them.
#pragma once
#include "filecoin/merkle/merkle_proof.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace cuzk::filecoin {

//! `Column`: a node's labels in every layer (rows[ℓ−1] = label of layer ℓ). serde writes the
//! PhantomData `_h` as null.
struct Column {
  uint32_t index = 0;
  std::vector<Domain32> rows;

  bool operator==(const Column &) const = default;
};

//! `ColumnProof`: a column and the tree_c inclusion proof of its Poseidon hash.
struct ColumnProof {
  Column column;
  MerkleProof inclusion_proof;

  bool operator==(const ColumnProof &) const = default;
};

//! `ReplicaColumnProof`: the challenged node's column and its 6 DRG and 8 expander parents' columns.
struct ReplicaColumnProof {
  ColumnProof c_x;
  std::vector<ColumnProof> drg_parents;
  std::vector<ColumnProof> exp_parents;

  bool operator==(const ReplicaColumnProof &) const = default;
};

//! `LabelingProof` (and `EncodingProof`, the same fields): the 37 parent labels that the label of
//! `node` in layer `layer_index` (1-based) hashes, already repeated to 37 (spec §2.5).
struct LabelingProof {
  std::vector<Domain32> parents;
  uint32_t layer_index = 0;
  uint64_t node = 0;

  bool operator==(const LabelingProof &) const = default;
};
using EncodingProof = LabelingProof;

//! `stacked::Proof`: everything that proves one challenge.
struct PorepChallengeProof {
  MerkleProof comm_d_proofs;     //!< tree_d (binary SHA), leaf = the data node
  MerkleProof comm_r_last_proof; //!< tree_r_last, leaf = the replica (encoded) node
  ReplicaColumnProof replica_column_proofs;
  std::vector<LabelingProof> labeling_proofs; //!< one per layer, layer 1 first
  EncodingProof encoding_proof;

  bool operator==(const PorepChallengeProof &) const = default;
};

//! `SealCommitPhase1Output`, in serde field order.
struct SealCommitPhase1Output {
  //! The `RegisteredSealProof` variant name, e.g. "StackedDrg32GiBV1_1" (any of the 20). The
  //! `vanilla_proofs` enum variant is derived from it (always the "...V1" name of the size).
  std::string registered_proof;
  std::vector<std::vector<PorepChallengeProof>> vanilla_proofs; //!< [partition][challenge]
  Domain32 comm_r{};
  Domain32 comm_d{};
  Domain32 replica_id{};
  Domain32 seed{}; //!< all zero when C1 ran without a seed (synthetic generation)
  Domain32 ticket{};

  bool operator==(const SealCommitPhase1Output &) const = default;
};

} // namespace cuzk::filecoin

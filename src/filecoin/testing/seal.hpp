// src/filecoin/testing/seal.hpp — sealing a sector (PoRep pre-commit, spec/porep.md §2.6;
// storage-proofs-porep vanilla/proof.rs transform_and_replicate_layers): tree_d over the padded
// data gives comm_d; comm_d fixes replica_id; replica_id drives the layer labels; the column hashes
// of the labels form tree_c (comm_c); the last layer's labels key the encoding
// replica = data + key (in Fr), whose tree is tree_r_last (comm_r_last); comm_r =
// Poseidon2(comm_c, comm_r_last). The result keeps every tree and label C1 needs.
#pragma once
#include "filecoin/core/porep_config.hpp"
#include "filecoin/merkle/poseidon_tree.hpp"
#include "filecoin/merkle/sha_tree.hpp"
#include "filecoin/porep/labels.hpp"

#include <cstdint>
#include <span>

namespace cuzk::filecoin {

//! What identifies a replica besides the data (filecoin-ffi SealPreCommitPhase1 arguments).
struct SealInputs {
  Digest32 prover_id{}; //!< ProverIdFromActorId(miner id)
  uint64_t sector_id = 0;
  Digest32 ticket{};
};

//! Wall-clock milliseconds of each step, for benchmarks.
struct SealTimings {
  double tree_d_ms = 0;
  double labels_ms = 0;
  double tree_c_ms = 0;
  double tree_r_last_ms = 0; //!< encoding included
};

struct SealedSector {
  PorepConfig config;
  SealInputs inputs;
  Digest32 replica_id{};
  Digest32 comm_d{};
  Digest32 comm_c{};
  Digest32 comm_r_last{};
  Digest32 comm_r{};
  ShaTree tree_d;           //!< leaves = the padded data nodes
  Labels labels;            //!< every layer
  PoseidonTree tree_c;      //!< leaves = column hashes
  PoseidonTree tree_r_last; //!< leaves = the replica (encoded) nodes
  SealTimings timings;
};

//! Seals padded data of exactly config.sector_size bytes (kBadLength otherwise), whose nodes must
//! be fr32 output: the two top bits of every node clear (kNonCanonical otherwise). `parents` must
//! be the cache of config's graph (kInvalidArgument when its node count differs); pass it to reuse one
//! cache across sectors.
Expected<SealedSector> SealSector(const PorepConfig &config, const ParentsCache &parents,
                                  std::span<const uint8_t> padded_data, const SealInputs &inputs);

//! Builds the graph's parents cache, fr32-pads `unpadded` (at most Fr32UnpaddedCapacity(sector
//! size) bytes; the rest of the sector is zeros) and seals it.
Expected<SealedSector> SealUnpadded(const PorepConfig &config, std::span<const uint8_t> unpadded,
                                    const SealInputs &inputs);

//! The seal with labels already computed (a sealed sector read back from disk): tree_d, comm_d and
//! replica_id from the data, then tree_c and tree_r_last from `labels`, which must have
//! config.layers layers of config.nodes nodes (kInvalidArgument otherwise). Data errors as SealSector.
Expected<SealedSector> SealFromLabels(const PorepConfig &config, std::span<const uint8_t> padded_data,
                                      const SealInputs &inputs, Labels labels);

//! comm_r = Poseidon2(comm_c, comm_r_last) (MerkleTree tag), from the 32-byte reprs.
Expected<Digest32> CommR(const Digest32 &comm_c, const Digest32 &comm_r_last);

//! The tree_c leaf of a column: Poseidon with arity = layers over the labels, layer 1 first.
Expected<ff::Fr> ColumnHash(std::span<const ff::Fr> column);

//! replica = data + key in Fr (encode.rs); decoding subtracts.
ff::Fr EncodeNode(const ff::Fr &data, const ff::Fr &key);

} // namespace cuzk::filecoin

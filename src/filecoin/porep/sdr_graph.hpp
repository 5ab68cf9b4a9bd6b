// src/filecoin/porep/sdr_graph.hpp — the stacked DRG graph of SDR PoRep (spec/porep.md §2.3–§2.4,
// spec/vectors.md §3): every node has 6 DRG parents in its own layer (bucket sampling driven by
// ChaCha8) and 8 expander parents in the previous layer (a Feistel permutation over Blake2b).
#pragma once
#include "filecoin/core/registered_seal_proof.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace cuzk::filecoin {

inline constexpr size_t DRG_PARENTS = 6;      //!< drgraph.rs BASE_DEGREE
inline constexpr size_t EXPANDER_PARENTS = 8; //!< graph.rs EXP_DEGREE
inline constexpr size_t GRAPH_PARENTS = DRG_PARENTS + EXPANDER_PARENTS;
inline constexpr size_t FEISTEL_ROUNDS = 3;

using DrgSeed = std::array<uint8_t, 28>;
using FeistelKeys = std::array<uint64_t, 4>;

//! first 28 bytes of SHA256("Filecoin_DRSample" ‖ porep_id)
DrgSeed DeriveDrgSeed(const PorepId &porep_id);
//! SHA256("Filecoin_Feistel" ‖ porep_id) read as four u64 LE words (three are used)
FeistelKeys DeriveFeistelKeys(const PorepId &porep_id);

//! The Feistel permutation of storage-proofs-core crypto/feistel.rs over [0, domain): a balanced
//! network on 2h bits (4^h the smallest power of four ≥ domain), cycle-walked into the domain.
class FeistelPermutation {
public:
  //! Round values depend only on (round, right half): with h half-bits there are 3·2^h of them.
  //! Up to TABULATE_MAX_HALF_BITS (every sector up to 512MiB) they are computed once into a table,
  //! which turns ~400 M Blake2b calls of a 512MiB parents cache into 49 K.
  static constexpr unsigned TABULATE_MAX_HALF_BITS = 14;

  FeistelPermutation(uint64_t domain, const FeistelKeys &keys);
  uint64_t Permute(uint64_t x) const;
  //! the inverse (rounds reversed), for tests of bijectivity
  uint64_t InvertPermute(uint64_t x) const;
  //! one pass of the network without cycle walking
  uint64_t Encode(uint64_t x) const;
  uint64_t Decode(uint64_t x) const;

private:
  uint64_t Round(size_t round, uint64_t r) const;
  uint64_t RoundHash(uint64_t r, uint64_t key) const;
  uint64_t domain_;
  unsigned half_bits_;
  uint64_t right_mask_;
  FeistelKeys keys_;
  std::vector<uint64_t> table_; //!< [round · 2^h + r], empty when not tabulated
};

class SdrGraph {
public:
  //! nodes in 2..2^32 (parents are u32); kInvalidArgument otherwise.
  static Expected<SdrGraph> Create(uint64_t nodes, const PorepId &porep_id, ApiVersion api_version);

  uint64_t Nodes() const { return nodes_; }
  const PorepId &GetPorepId() const { return porep_id_; }
  ApiVersion GetApiVersion() const { return api_version_; }
  const DrgSeed &GetDrgSeed() const { return drg_seed_; }
  const FeistelKeys &GetFeistelKeys() const { return feistel_.keys; }

  //! The 6 DRG parents of node v (v < Nodes()): nodes 0 and 1 have all-zero parents; otherwise
  //! v−1 comes first (last for V1_0_0) and 5 bucket-sampled parents, each < v.
  void DrgParents(uint64_t v, std::span<uint32_t, DRG_PARENTS> out) const;
  //! The 8 expander parents of node v, indices into the previous layer.
  void ExpanderParents(uint64_t v, std::span<uint32_t, EXPANDER_PARENTS> out) const;
  //! DRG then expander parents: one row of the parents cache.
  void Parents(uint64_t v, std::span<uint32_t, GRAPH_PARENTS> out) const;

  //! graph.rs identifier: "stacked_graph::StackedGraph{expansion_degree: 8 base_graph: ...}"
  std::string Identifier() const;

private:
  struct Feistel {
    FeistelKeys keys;
    FeistelPermutation perm;
  };
  SdrGraph(uint64_t nodes, const PorepId &porep_id, ApiVersion api_version);

  uint64_t nodes_;
  PorepId porep_id_;
  ApiVersion api_version_;
  DrgSeed drg_seed_;
  Feistel feistel_;
};

} // namespace cuzk::filecoin

// src/filecoin/porep/parents_cache.hpp — the SDR parents cache (storage-proofs-porep vanilla/cache.rs,
// spec/vectors.md §3): for every node, its 14 parents (6 DRG, then 8 expander) as u32 LE. Labelling
// reads it instead of re-deriving parents for every layer; its SHA-256 is published per graph in
// parent_cache.json.
#pragma once
#include "filecoin/porep/sdr_graph.hpp"

#include <cstdint>
#include <filesystem>
#include <span>
#include <string>
#include <vector>

namespace cuzk::filecoin {

class ParentsCache {
public:
  //! Derives every row in parallel (TBB); nodes are independent.
  static ParentsCache Build(const SdrGraph &graph);
  //! Reads a cache file written by Save (or by rust-fil-proofs: same layout) and checks that it has
  //! Nodes()·14 entries; kBadLength / kInvalidArgument otherwise.
  static Expected<ParentsCache> Load(const std::filesystem::path &file, uint64_t nodes);

  uint64_t Nodes() const { return rows_.size() / GRAPH_PARENTS; }
  std::span<const uint32_t, GRAPH_PARENTS> Row(uint64_t v) const {
    return std::span<const uint32_t, GRAPH_PARENTS>(rows_.data() + v * GRAPH_PARENTS, GRAPH_PARENTS);
  }
  std::span<const uint32_t> Data() const { return rows_; }

  //! SHA-256 of the file bytes (the `digest` of parent_cache.json).
  Digest32 Sha256Digest() const;
  //! Writes the file bytes (u32 LE); kInvalidArgument with the path when writing fails.
  Status Save(const std::filesystem::path &file) const;

private:
  std::vector<uint32_t> rows_;
};

//! The cache file stem: "v28-sdr-parent-" + hex SHA256("poseidon_hasher" ‖ graph identifier ‖
//! feistel keys as u64 LE ‖ nodes as u32 LE).
std::string ParentsCacheFileStem(const SdrGraph &graph);

} // namespace cuzk::filecoin

// src/filecoin/porep/labels.hpp — SDR labelling (spec/porep.md §2.5, storage-proofs-porep
// vanilla/create_label): the label of node v in layer ℓ is trunc254(SHA256(replica_id ‖ ℓ (u32 BE)
// ‖ v (u64 BE) ‖ 20 zero bytes ‖ 37 parent labels)). Layer 1 hashes its 6 DRG parents (same layer)
// cycled to 37; later layers add the 8 expander parents from layer ℓ−1 and cycle all 14.
#pragma once
#include "ff/bls12_381.hpp"
#include "filecoin/porep/parents_cache.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace cuzk::filecoin {

inline constexpr size_t LABEL_PARENTS = 37; //!< vanilla/proof.rs TOTAL_PARENTS
inline constexpr size_t LABEL_PREFIX_BYTES = 64;
inline constexpr size_t LABEL_INPUT_BYTES = LABEL_PREFIX_BYTES + LABEL_PARENTS * 32;

//! Every layer's labels, layer-major, 32 bytes a label (the Fr LE repr; always canonical).
class Labels {
public:
  Labels() = default;
  Labels(size_t layers, uint64_t nodes) : layers_(layers), nodes_(nodes), data_(layers * nodes * 32) {}

  size_t Layers() const { return layers_; }
  uint64_t Nodes() const { return nodes_; }
  //! layer is 1-based (1..Layers()), as in the spec and the labelling proofs
  const uint8_t *Label(size_t layer, uint64_t node) const { return data_.data() + ((layer - 1) * nodes_ + node) * 32; }
  uint8_t *Label(size_t layer, uint64_t node) { return data_.data() + ((layer - 1) * nodes_ + node) * 32; }
  Digest32 LabelBytes(size_t layer, uint64_t node) const;
  ff::Fr LabelFr(size_t layer, uint64_t node) const;
  std::span<const uint8_t> Layer(size_t layer) const { return {Label(layer, 0), nodes_ * 32}; }

private:
  size_t layers_ = 0;
  uint64_t nodes_ = 0;
  std::vector<uint8_t> data_;
};

//! The label of one node from its 37 (already cycled) parent labels; node 0 passes no parents
//! (it hashes the 64-byte prefix alone). Used to check labelling and encoding proofs.
Digest32 ComputeLabel(const Digest32 &replica_id, uint32_t layer, uint64_t node, std::span<const Digest32> parents);

//! The 37 parent labels a node of layer `layer` whose parents cache row is `row` hashes, gathered
//! from `labels` (layers `layer` and, for layer ≥ 2, `layer − 1`): what a labelling proof carries.
std::array<Digest32, LABEL_PARENTS> LabelParents(const Labels &labels, std::span<const uint32_t, GRAPH_PARENTS> row,
                                                 size_t layer);

//! How a layer is labelled. Hashing is one dependency chain per layer (node v needs v−1), so at
//! most one thread hashes; kPipelined adds a second thread that gathers each node's parent labels
//! into a ring of input buffers up to LABEL_PIPELINE_DEPTH nodes ahead (the expander parents, in
//! the previous layer, and the DRG parents already labelled that far back), leaving the hashing
//! thread only the near DRG parents, which are in cache. kSingle gathers in the hashing thread,
//! with prefetches a few nodes ahead. The pipeline depth is large (5 MiB of buffers) so that on an
//! oversubscribed machine, where either thread can lose the CPU for a scheduler slice, the other
//! still has milliseconds of work. kSingle is the default because it measured as fast or faster on
//! our shared 2-core VM (8MiB, medians of 3 at load ~14: 1.63 s vs 1.87 s wall, 0.64 vs 0.73
//! CPU-s): SHA-256 is ~80% of a label, so the helper can win at most the gather's ~20%, and only
//! on a core nobody else wants.
enum class LabelThreading { kSingle, kPipelined };
inline constexpr uint64_t LABEL_PIPELINE_DEPTH = 4096;

//! Labels every layer; both modes give identical labels. kInvalidArgument when layers is 0.
Expected<Labels> GenerateLabels(const ParentsCache &parents, const Digest32 &replica_id, size_t layers,
                                LabelThreading threading = LabelThreading::kSingle);

} // namespace cuzk::filecoin

// src/filecoin/porep/label_circuit.cpp
#include "filecoin/porep/label_circuit.hpp"

#include "gadgets/multipack.hpp"
#include "gadgets/sha256.hpp"

#include <cassert>
#include <string>

namespace cuzk::filecoin {

using gadgets::Boolean;

namespace {

constexpr size_t NODE_BITS = 256; // one 32-byte node in the label buffer

void PadTo(std::vector<Boolean> &bits, size_t multiple) {
  while (bits.size() % multiple != 0) bits.push_back(Boolean::Constant(false));
}

} // namespace

gadgets::AllocatedNum CreateLabelCircuit(r1cs::ConstraintSystem &cs, std::span<const Boolean> replica_id,
                                         std::span<const std::vector<Boolean>> parents,
                                         const gadgets::UInt32 &layer_index, const gadgets::UInt64 &node) {
  assert(replica_id.size() >= 32 && replica_id.size() <= NODE_BITS);
  assert(parents.size() == LABEL_PARENTS);
  std::vector<Boolean> buffer;
  buffer.reserve((2 + LABEL_PARENTS) * NODE_BITS);
  buffer.assign(replica_id.begin(), replica_id.end());
  PadTo(buffer, NODE_BITS);
  const std::array<Boolean, 32> layer_bits = layer_index.BitsBe();
  const std::array<Boolean, 64> node_bits = node.BitsBe();
  buffer.insert(buffer.end(), layer_bits.begin(), layer_bits.end());
  buffer.insert(buffer.end(), node_bits.begin(), node_bits.end());
  PadTo(buffer, 2 * NODE_BITS);
  for (const std::vector<Boolean> &parent : parents) {
    assert(parent.size() <= NODE_BITS);
    buffer.insert(buffer.end(), parent.begin(), parent.end());
    PadTo(buffer, NODE_BITS);
  }
  assert(buffer.size() == (2 + LABEL_PARENTS) * NODE_BITS);

  std::vector<Boolean> digest;
  {
    r1cs::Namespace ns(cs, "hash");
    digest = gadgets::Sha256(cs, buffer);
  }
  // digest bytes MSB-first → LSB-first: the first 254 bits are the LE integer with the top two
  // bits of byte 31 dropped, which is the vanilla label's `& 0x3f`
  const std::vector<Boolean> le = gadgets::ReverseBitNumbering(std::move(digest));
  r1cs::Namespace ns(cs, "result_num");
  return gadgets::PackBits(cs, std::span<const Boolean>(le).first(gadgets::MULTIPACK_CHUNK_BITS));
}

std::vector<std::vector<Boolean>> ExpandLabelParents(const std::vector<std::vector<Boolean>> &parents) {
  assert(!parents.empty());
  std::vector<std::vector<Boolean>> expanded;
  expanded.reserve(LABEL_PARENTS);
  while (expanded.size() < LABEL_PARENTS) expanded.push_back(parents[expanded.size() % parents.size()]);
  return expanded;
}

std::vector<Boolean> LabelParentBits(r1cs::ConstraintSystem &cs, const gadgets::AllocatedNum &value) {
  return gadgets::ReverseBitNumbering(value.ToBitsLe(cs));
}

gadgets::AllocatedNum LayerLabelCircuit(r1cs::ConstraintSystem &cs, std::span<const Boolean> replica_id,
                                        std::span<const gadgets::AllocatedNum> drg_values,
                                        std::span<const gadgets::AllocatedNum> exp_values, uint32_t layer,
                                        const gadgets::UInt64 &challenge) {
  assert(layer >= 1 && (layer == 1) == exp_values.empty());
  const bool names = cs.WantsNames();
  std::vector<std::vector<Boolean>> parents;
  parents.reserve(drg_values.size() + exp_values.size());
  for (const gadgets::AllocatedNum &v : drg_values) {
    r1cs::Namespace ns(cs, names ? "drg_parent_" + std::to_string(parents.size()) + "_bits" : std::string());
    parents.push_back(LabelParentBits(cs, v));
  }
  for (const gadgets::AllocatedNum &v : exp_values) {
    r1cs::Namespace ns(cs, names ? "exp_parent_" + std::to_string(parents.size()) + "_bits" : std::string());
    parents.push_back(LabelParentBits(cs, v));
  }
  const std::vector<std::vector<Boolean>> expanded = ExpandLabelParents(parents);
  r1cs::Namespace ns(cs, "create_label");
  return CreateLabelCircuit(cs, replica_id, expanded, gadgets::UInt32::Constant(layer), challenge);
}

} // namespace cuzk::filecoin

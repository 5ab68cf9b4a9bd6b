// src/gpu/scalar_split.cpp — see scalar_split.hpp.
//
// The plan is on the prover's critical path when it outlasts the device's H step (a 32 GiB
// partition: three splits of 130 M values), so the counting and the packing run over blocks of
// values in parallel (r1cs::Packer).
#include "gpu/scalar_split.hpp"

#include <stdexcept>

namespace cuzk::gpu {

void SplitScalars(r1cs::ValueSource values, const r1cs::DensityTracker *density, ScalarSplit &out) {
  // counting pass: the plan is chosen before anything large is written
  const r1cs::Packer packer(values, density);
  if (packer.Selected() > UINT32_MAX) throw std::length_error("SplitScalars: more than 2^32 - 1 bases");
  out.n = packer.Selected();
  out.packed.Clear();
  out.dense.clear();
  out.scalars = {};
  // gathering the tail's bases costs a copy of each; past half the points one Pippenger is cheaper
  out.use_batch_add = r1cs::WorthPacking(packer.Selected(), packer.Tail());
  if (out.use_batch_add) {
    packer.Pack(out.packed);
    return;
  }
  if (!density && !values.Packed()) {
    out.scalars = values.Values();
    return;
  }
  out.dense.resize(out.n);
  packer.Gather(out.dense);
  out.scalars = out.dense;
}

} // namespace cuzk::gpu

// src/groth16/fixed_base_multiplier.cpp — the CPU fixed-base multiplier (fixed_base_multiplier.hpp).
#include "groth16/fixed_base_multiplier.hpp"

#include "ec/fixed_base.hpp"

#include <tbb/parallel_for.h>

namespace cuzk::groth16 {
namespace {

// Scalars-to-points with a shared fixed-base table, in parallel chunks.
template <class C> Status MulMany(std::span<const Fr> scalars, std::span<ec::Affine<C>> out) {
  if (out.size() != scalars.size())
    return InvalidArgument("fixed-base: " + std::to_string(scalars.size()) + " scalars, " + std::to_string(out.size()) +
                           " outputs");
  if (scalars.empty()) return {};
  const ec::FixedBaseTable<C> table(ec::Jacobian<C>::Generator(), ec::FixedBaseTable<C>::WindowFor(scalars.size()));
  constexpr size_t CHUNK = 1024; // amortises each window's inversion; small enough to balance threads
  tbb::parallel_for(size_t(0), (scalars.size() + CHUNK - 1) / CHUNK, [&](size_t c) {
    const size_t start = c * CHUNK, n = std::min(CHUNK, scalars.size() - start);
    table.MulBatch(scalars.subspan(start, n), out.subspan(start, n));
  });
  return {};
}

} // namespace

Status CpuFixedBaseMultiplier::MulG1(std::span<const Fr> scalars, std::span<G1Affine> out) const {
  return MulMany<ec::G1Curve>(scalars, out);
}
Status CpuFixedBaseMultiplier::MulG2(std::span<const Fr> scalars, std::span<G2Affine> out) const {
  return MulMany<ec::G2Curve>(scalars, out);
}

} // namespace cuzk::groth16

// src/groth16/fixed_base_multiplier.hpp — the setup's scalars-to-points step behind an interface, so
// that a device implementation (src/gpu/setup_multiplier.hpp) can replace the CPU one without this
// layer depending on it (DESIGN.md layers).
#pragma once
#include "base/expected.hpp"
#include "groth16/parameters.hpp"

#include <span>
#include <string>

namespace cuzk::groth16 {

//! out[i] = [scalars[i]]·generator in affine form, for the G1 and the G2 generator. Affine points
//! are unique, so every correct implementation writes the same bytes.
class FixedBaseMultiplier {
public:
  virtual ~FixedBaseMultiplier() = default;
  //! "cpu", "gpu 0 (NVIDIA H200)", ...: for reports
  virtual std::string Name() const = 0;
  //! out.size() == scalars.size(); an error names what failed (a device error, memory)
  virtual Status MulG1(std::span<const Fr> scalars, std::span<G1Affine> out) const = 0;
  virtual Status MulG2(std::span<const Fr> scalars, std::span<G2Affine> out) const = 0;
};

//! ec::FixedBaseTable on every core (oneTBB), a table per call sized for its count.
class CpuFixedBaseMultiplier final : public FixedBaseMultiplier {
public:
  std::string Name() const override { return "cpu"; }
  Status MulG1(std::span<const Fr> scalars, std::span<G1Affine> out) const override;
  Status MulG2(std::span<const Fr> scalars, std::span<G2Affine> out) const override;
};

} // namespace cuzk::groth16

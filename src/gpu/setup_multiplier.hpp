// src/gpu/setup_multiplier.hpp — the Groth16 setup's fixed-base multiplications on one GPU
// (groth16/fixed_base_multiplier.hpp over gpu/fixed_base.hpp).
#pragma once
#include "gpu/device.hpp"
#include "gpu/fixed_base.hpp"
#include "groth16/fixed_base_multiplier.hpp"

#include <memory>

namespace cuzk::gpu {

//! The generators' tables are built on first use and kept for the multiplier's lifetime: a setup
//! multiplies five G1 queries and one G2 query by the same two bases. Not for concurrent use.
class GpuFixedBaseMultiplier final : public groth16::FixedBaseMultiplier {
public:
  explicit GpuFixedBaseMultiplier(const Device &dev, unsigned window = FixedBaseMul<ec::G1Curve>::DEFAULT_WINDOW);
  ~GpuFixedBaseMultiplier() override;
  std::string Name() const override;
  //! CudaError and friends are caught and returned as errors naming the device
  Status MulG1(std::span<const ff::Fr> scalars, std::span<ec::G1Affine> out) const override;
  Status MulG2(std::span<const ff::Fr> scalars, std::span<ec::G2Affine> out) const override;

private:
  Device dev_;
  unsigned window_;
  mutable std::unique_ptr<FixedBaseMul<ec::G1Curve>> g1_;
  mutable std::unique_ptr<FixedBaseMul<ec::G2Curve>> g2_;
};

} // namespace cuzk::gpu

// src/gpu/setup_multiplier.cpp — GpuFixedBaseMultiplier (setup_multiplier.hpp).
#include "gpu/setup_multiplier.hpp"

#include <exception>

namespace cuzk::gpu {
namespace {

// Below this many scalars the table (a few hundred thousand additions on the host) costs more
// than it saves: the vk's handful of points and the inputs' ic go through a narrow window.
constexpr size_t SMALL_BATCH = 4096;
constexpr unsigned SMALL_WINDOW = 4;

template <class C>
Status Run(const Device &dev, unsigned window, std::unique_ptr<FixedBaseMul<C>> &table, std::span<const ff::Fr> scalars,
           std::span<ec::Affine<C>> out) {
  try {
    if (scalars.size() < SMALL_BATCH) {
      FixedBaseMul<C>(dev, ec::Affine<C>::Generator(), SMALL_WINDOW).Mul(scalars, out);
      return {};
    }
    if (!table) table = std::make_unique<FixedBaseMul<C>>(dev, ec::Affine<C>::Generator(), window);
    table->Mul(scalars, out);
    return {};
  } catch (const std::exception &e) {
    return MakeError(ErrorCode::kInternal,
                     "gpu " + std::to_string(dev.Ordinal()) + " fixed-base multiplication: " + e.what());
  }
}

} // namespace

GpuFixedBaseMultiplier::GpuFixedBaseMultiplier(const Device &dev, unsigned window) : dev_(dev), window_(window) {}
GpuFixedBaseMultiplier::~GpuFixedBaseMultiplier() = default;

std::string GpuFixedBaseMultiplier::Name() const {
  try {
    return "gpu " + std::to_string(dev_.Ordinal()) + " (" + dev_.Info().name + ")";
  } catch (const std::exception &) {
    return "gpu " + std::to_string(dev_.Ordinal());
  }
}

Status GpuFixedBaseMultiplier::MulG1(std::span<const ff::Fr> scalars, std::span<ec::G1Affine> out) const {
  return Run<ec::G1Curve>(dev_, window_, g1_, scalars, out);
}
Status GpuFixedBaseMultiplier::MulG2(std::span<const ff::Fr> scalars, std::span<ec::G2Affine> out) const {
  return Run<ec::G2Curve>(dev_, window_, g2_, scalars, out);
}

} // namespace cuzk::gpu

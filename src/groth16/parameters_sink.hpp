// src/groth16/parameters_sink.hpp — where a setup puts the parameters, section by section in the
// .params file's order, so that a 32 GiB circuit's (~47 GB) never has to be held whole.
#pragma once
#include "base/expected.hpp"
#include "groth16/parameters.hpp"

#include <vector>

namespace cuzk::groth16 {

class ParametersSink {
public:
  virtual ~ParametersSink() = default;
  //! first, once
  virtual Status Vk(const VerifyingKey &vk) = 0;
  //! then h, l, a and b_g1, in this order
  virtual Status G1Section(std::vector<G1Affine> points) = 0;
  //! last: b_g2
  virtual Status G2Section(std::vector<G2Affine> points) = 0;
};

//! Collects everything into one Parameters.
class ParametersCollector final : public ParametersSink {
public:
  Status Vk(const VerifyingKey &vk) override {
    params_.vk = vk;
    return {};
  }
  Status G1Section(std::vector<G1Affine> points) override {
    std::vector<G1Affine> *order[] = {&params_.h, &params_.l, &params_.a, &params_.b_g1};
    if (g1_sections_ >= 4) return InvalidArgument("parameters: more than four G1 sections");
    *order[g1_sections_++] = std::move(points);
    return {};
  }
  Status G2Section(std::vector<G2Affine> points) override {
    params_.b_g2 = std::move(points);
    return {};
  }
  Parameters Take() { return std::move(params_); }

private:
  Parameters params_;
  int g1_sections_ = 0;
};

} // namespace cuzk::groth16

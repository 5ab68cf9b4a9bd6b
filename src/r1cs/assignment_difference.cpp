// src/r1cs/assignment_difference.cpp — the first difference between two proving assignments.
#include "r1cs/assignment_difference.hpp"

#include <bit>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace cuzk::r1cs {
namespace {

std::string VectorDifference(std::span<const ff::Fr> x, std::span<const ff::Fr> y, const char *name) {
  if (x.size() != y.size())
    return std::string(name) + ": lengths " + std::to_string(x.size()) + " and " + std::to_string(y.size());
  for (size_t i = 0; i < x.size(); i++)
    if (x[i] != y[i]) return std::string(name) + "[" + std::to_string(i) + "] differs";
  return "";
}

// word by word: bits past Size() are zero (density.hpp), so equal words are equal bits
std::string DensityDifference(const DensityTracker &x, const DensityTracker &y, const char *name) {
  if (x.Size() != y.Size())
    return std::string(name) + ": sizes " + std::to_string(x.Size()) + " and " + std::to_string(y.Size());
  if (x.Count() != y.Count())
    return std::string(name) + ": counts " + std::to_string(x.Count()) + " and " + std::to_string(y.Count());
  const auto xw = x.Words(), yw = y.Words();
  for (size_t w = 0; w < xw.size() && w < yw.size(); w++)
    if (const uint64_t diff = xw[w] ^ yw[w]; diff != 0)
      return std::string(name) + ": bit " + std::to_string(w * 64 + size_t(std::countr_zero(diff))) + " differs";
  return "";
}

} // namespace

std::string AssignmentDifference(const ProvingAssignment &x, const ProvingAssignment &y) {
  for (const std::string &d :
       {VectorDifference(x.a, y.a, "a"), VectorDifference(x.b, y.b, "b"), VectorDifference(x.c, y.c, "c"),
        VectorDifference(x.input_assignment, y.input_assignment, "inputs"),
        VectorDifference(x.aux_assignment, y.aux_assignment, "aux"),
        DensityDifference(x.a_aux_density, y.a_aux_density, "a_aux_density"),
        DensityDifference(x.b_input_density, y.b_input_density, "b_input_density"),
        DensityDifference(x.b_aux_density, y.b_aux_density, "b_aux_density")})
    if (!d.empty()) return d;
  return "";
}

} // namespace cuzk::r1cs

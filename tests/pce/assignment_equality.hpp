// tests/pce/assignment_equality.hpp — two proving assignments compared element for element: what
// "PCE synthesis equals generic synthesis" means (a, b, c, both assignments, all three densities).
#pragma once
#include "r1cs/proving_assignment.hpp"

#include <gtest/gtest.h>

#include <string>

namespace cuzk::test {

inline ::testing::AssertionResult SameDensity(const r1cs::DensityTracker &x, const r1cs::DensityTracker &y,
                                              const char *name) {
  if (x.Size() != y.Size())
    return ::testing::AssertionFailure() << name << ": sizes " << x.Size() << " and " << y.Size();
  if (x.Count() != y.Count())
    return ::testing::AssertionFailure() << name << ": counts " << x.Count() << " and " << y.Count();
  for (size_t i = 0; i < x.Size(); i++)
    if (x.Get(i) != y.Get(i)) return ::testing::AssertionFailure() << name << ": bit " << i << " differs";
  return ::testing::AssertionSuccess();
}

inline ::testing::AssertionResult SameVector(const std::vector<ff::Fr> &x, const std::vector<ff::Fr> &y,
                                             const char *name) {
  if (x.size() != y.size())
    return ::testing::AssertionFailure() << name << ": lengths " << x.size() << " and " << y.size();
  for (size_t i = 0; i < x.size(); i++)
    if (x[i] != y[i]) return ::testing::AssertionFailure() << name << "[" << i << "] differs";
  return ::testing::AssertionSuccess();
}

//! every field of the two assignments that the prover reads is equal
inline ::testing::AssertionResult SameAssignment(const r1cs::ProvingAssignment &x, const r1cs::ProvingAssignment &y) {
  for (auto r : {SameVector(x.a, y.a, "a"), SameVector(x.b, y.b, "b"), SameVector(x.c, y.c, "c"),
                 SameVector(x.input_assignment, y.input_assignment, "inputs"),
                 SameVector(x.aux_assignment, y.aux_assignment, "aux"),
                 SameDensity(x.a_aux_density, y.a_aux_density, "a_aux_density"),
                 SameDensity(x.b_input_density, y.b_input_density, "b_input_density"),
                 SameDensity(x.b_aux_density, y.b_aux_density, "b_aux_density")})
    if (!r) return r;
  return ::testing::AssertionSuccess();
}

} // namespace cuzk::test

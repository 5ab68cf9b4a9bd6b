// src/r1cs/assignment_difference.hpp — two proving assignments compared element for element: what
// "this synthesis path equals generic synthesis" means for pre-compiled circuits, reserved buffers and
// parallel synthesis (a, b, c, both assignments, all three densities: everything the prover reads).
// Benchmarks report the difference and tests assert there is none, so both judge by one definition.
#pragma once
#include "r1cs/proving_assignment.hpp"

#include <string>

namespace cuzk::r1cs {

//! The first difference, in the order a, b, c, inputs, aux, a_aux_density, b_input_density,
//! b_aux_density ("a: lengths 3 and 4", "aux[7] differs", "b_aux_density: bit 9 differs"); "" when
//! the two are equal.
std::string AssignmentDifference(const ProvingAssignment &x, const ProvingAssignment &y);

} // namespace cuzk::r1cs

// src/r1cs/witness_cs.cpp
#include "r1cs/witness_cs.hpp"

#include "r1cs/huge_pages.hpp"

namespace cuzk::r1cs {

void WitnessCS::Reserve(size_t inputs, size_t aux) {
  input_assignment.reserve(inputs);
  const Fr *before = aux_assignment.data();
  aux_assignment.reserve(aux);
  if (aux_assignment.data() != before || aux_assignment.size() == 0)
    AdviseHugePages(aux_assignment.data(), aux_assignment.capacity() * sizeof(Fr));
}

} // namespace cuzk::r1cs

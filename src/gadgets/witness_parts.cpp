// src/gadgets/witness_parts.cpp
#include "gadgets/witness_parts.hpp"

#include <tbb/task_arena.h>

namespace cuzk::filecoin {

bool WitnessIsSequential() { return tbb::this_task_arena::max_concurrency() <= 1; }

WitnessParts::WitnessParts(const r1cs::WitnessCS &like, size_t n) : parts_(n) {
  for (r1cs::WitnessCS &part : parts_) part.SetNativeGadgets(like.NativeGadgets());
}

void WitnessParts::AppendTo(r1cs::WitnessCS &w) {
  size_t inputs = w.input_assignment.size(), aux = w.aux_assignment.size();
  for (const r1cs::WitnessCS &part : parts_) {
    inputs += part.input_assignment.size() - 1;
    aux += part.aux_assignment.size();
  }
  w.Reserve(inputs, aux);
  for (r1cs::WitnessCS &part : parts_) {
    w.Extend(part);
    std::vector<ff::Fr>().swap(part.aux_assignment);
    std::vector<ff::Fr>().swap(part.input_assignment);
  }
}

void FirstError::Rethrow() const {
  for (const std::exception_ptr &e : errors_)
    if (e) std::rethrow_exception(e);
}

} // namespace cuzk::filecoin

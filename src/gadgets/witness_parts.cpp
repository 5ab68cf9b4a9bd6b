// src/gadgets/witness_parts.cpp
#include "gadgets/witness_parts.hpp"

#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <cstddef>

namespace cuzk::filecoin {

bool WitnessIsSequential() { return tbb::this_task_arena::max_concurrency() <= 1; }

WitnessParts::WitnessParts(const r1cs::WitnessCS &like, size_t n) : parts_(n) {
  for (r1cs::WitnessCS &part : parts_) part.SetNativeGadgets(like.NativeGadgets());
}

void WitnessParts::AppendTo(r1cs::WitnessCS &w) {
  // each part's place in w: inputs are a few per part and go in order; aux values are copied by
  // the threads in parallel, each part to its own offset
  std::vector<size_t> at(parts_.size() + 1);
  size_t inputs = w.input_assignment.size();
  at[0] = w.aux_assignment.size();
  for (size_t i = 0; i < parts_.size(); i++) {
    inputs += parts_[i].input_assignment.size() - 1;
    at[i + 1] = at[i] + parts_[i].aux_assignment.size();
  }
  w.Reserve(inputs, at.back());
  for (r1cs::WitnessCS &part : parts_) {
    w.input_assignment.insert(w.input_assignment.end(), part.input_assignment.begin() + 1, part.input_assignment.end());
    w.CountConstraints(part.NumConstraints());
    std::vector<ff::Fr>().swap(part.input_assignment);
  }
  w.aux_assignment.resize(at.back());
  tbb::parallel_for(size_t(0), parts_.size(), [&](size_t i) {
    std::vector<ff::Fr> &aux = parts_[i].aux_assignment;
    std::copy(aux.begin(), aux.end(), w.aux_assignment.begin() + std::ptrdiff_t(at[i]));
    std::vector<ff::Fr>().swap(aux);
  });
}

void FirstError::Rethrow() const {
  for (const std::exception_ptr &e : errors_)
    if (e) std::rethrow_exception(e);
}

} // namespace cuzk::filecoin

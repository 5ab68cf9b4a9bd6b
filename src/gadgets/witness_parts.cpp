// src/gadgets/witness_parts.cpp
#include "gadgets/witness_parts.hpp"

#include <tbb/parallel_for.h>

#include <algorithm>
#include <string>

namespace cuzk::filecoin {

namespace {

// Exceptions of groups run in any order, rethrown as sequential synthesis would meet them.
class FirstError {
public:
  explicit FirstError(size_t n) : errors_(n) {}
  template <class F> void Run(size_t i, F &&f) {
    try {
      f();
    } catch (...) {
      errors_[i] = std::current_exception();
    }
  }
  void Rethrow() const {
    for (const std::exception_ptr &e : errors_)
      if (e) std::rethrow_exception(e);
  }

private:
  std::vector<std::exception_ptr> errors_;
};

std::vector<r1cs::WitnessCS> MakeParts(const r1cs::WitnessCS &like, size_t n) {
  std::vector<r1cs::WitnessCS> parts(n);
  for (r1cs::WitnessCS &part : parts) part.SetNativeGadgets(like.NativeGadgets());
  return parts;
}

} // namespace

void SynthesizeGroups(r1cs::WitnessCS &w, size_t groups, std::span<const size_t> max_aux,
                      r1cs::FunctionRef<void(size_t, r1cs::WitnessCS *)> group) {
  const size_t per_group = max_aux.size();
  if (groups == 0 || per_group == 0) return;
  std::vector<r1cs::WitnessCS> parts = MakeParts(w, groups * per_group);

  // group 0 into parts of its own: their sizes are every group's
  for (size_t k = 0; k < per_group; k++) parts[k].Reserve(16, max_aux[k]);
  group(0, parts.data());
  std::vector<size_t> size(per_group);
  size_t group_aux = 0;
  for (size_t k = 0; k < per_group; k++) group_aux += size[k] = parts[k].NumAux();

  // every other group's place in w, written by the threads in parallel; w's storage grows once
  const size_t base = w.NumAux();
  w.Reserve(w.NumInputs(), base + groups * group_aux);
  ff::Fr *const region = w.AppendAux(groups * group_aux);
  FirstError errors(groups);
  tbb::parallel_for(size_t(0), groups, [&](size_t g) {
    r1cs::WitnessCS *own = parts.data() + g * per_group;
    ff::Fr *at = region + g * group_aux;
    if (g == 0) {
      for (size_t k = 0; k < per_group; k++) {
        at = std::copy(own[k].aux_assignment.begin(), own[k].aux_assignment.end(), at);
        own[k].aux_assignment = r1cs::FrVector();
      }
      return;
    }
    errors.Run(g, [&] {
      for (size_t k = 0; k < per_group; k++) {
        own[k].WriteInto(at, size[k]);
        at += size[k];
      }
      group(g, own);
      for (size_t k = 0; k < per_group; k++)
        if (own[k].NumAux() != size[k])
          throw r1cs::SynthesisError("witness part " + std::to_string(k) + " of sub-circuit " + std::to_string(g) +
                                     " has " + std::to_string(own[k].NumAux()) +
                                     " aux values where sub-circuit 0's has " + std::to_string(size[k]) +
                                     ": the sub-circuits differ in shape");
    });
  });
  errors.Rethrow();
  // inputs are a few per part, in order
  for (r1cs::WitnessCS &part : parts) {
    w.input_assignment.insert(w.input_assignment.end(), part.input_assignment.begin() + 1, part.input_assignment.end());
    w.CountConstraints(part.NumConstraints());
  }
}

} // namespace cuzk::filecoin

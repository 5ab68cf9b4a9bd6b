// src/filecoin/witness_parts.hpp — the pieces of a parallel witness (filecoin/porep_witness.hpp,
// post_witness.hpp, snap_witness.hpp): independent sub-circuits synthesised into WitnessCS systems of
// their own on the caller's oneTBB threads, then appended in order.
//
// Appending a part renumbers its variables exactly as sequential synthesis numbers them (each part
// has its own ONE, which WitnessCS::Extend drops). A part may read numbers and bits allocated in the
// system it follows (a prefix): a witness system builds no constraint, so only their values matter.
#pragma once
#include "r1cs/witness_cs.hpp"

#include <cstddef>
#include <exception>
#include <vector>

namespace cuzk::filecoin {

//! Whether the caller allows only one thread (then a witness is synthesised straight into its system,
//! with no parts to copy).
bool WitnessIsSequential();

class WitnessParts {
public:
  //! n empty parts that take `like`'s native-gadget setting
  WitnessParts(const r1cs::WitnessCS &like, size_t n);

  r1cs::WitnessCS &operator[](size_t i) { return parts_[i]; }
  size_t Size() const { return parts_.size(); }

  //! Appends every part to w in order, w's storage reserved once for all of them, each part freed
  //! once appended.
  void AppendTo(r1cs::WitnessCS &w);

private:
  std::vector<r1cs::WitnessCS> parts_;
};

//! Exceptions of parts run in any order, rethrown as sequential synthesis would meet them: the one of
//! the lowest-numbered failing part.
class FirstError {
public:
  explicit FirstError(size_t n) : errors_(n) {}

  //! runs f(), keeping what it throws as part i's error
  template <class F> void Run(size_t i, F &&f) {
    try {
      f();
    } catch (...) {
      errors_[i] = std::current_exception();
    }
  }
  bool Failed(size_t i) const { return errors_[i] != nullptr; }
  //! rethrows the error of the lowest-numbered failing part, if any
  void Rethrow() const;

private:
  std::vector<std::exception_ptr> errors_;
};

} // namespace cuzk::filecoin

// src/gadgets/witness_parts.hpp — the pieces of a parallel witness (filecoin/porep_witness.hpp,
// post_witness.hpp, snap_witness.hpp): independent sub-circuits synthesised into WitnessCS systems of
// their own on the caller's oneTBB threads, then appended in order.
//
// Appending a part renumbers its variables exactly as sequential synthesis numbers them (each part
// has its own ONE, which WitnessCS::Extend drops). A part may read numbers and bits allocated in the
// system it follows (a prefix): a witness system builds no constraint, so only their values matter.
#pragma once
#include "gadgets/sha256_witness.hpp"
#include "r1cs/witness_cs.hpp"

#include <cstddef>
#include <exception>
#include <vector>

namespace cuzk::filecoin {

//! Upper bounds for WitnessParts::Reserve: a Poseidon hash allocates at most 1,385 values (arity 36);
//! a Poseidon PoR level that plus its index bits, siblings and insertion (under 64); a SHA-256 PoR
//! level two children's bits, two compressions, the packing and the insertion.
inline constexpr size_t POSEIDON_MAX_AUX = 1385;
inline constexpr size_t POR_LEVEL_MAX_AUX = POSEIDON_MAX_AUX + 64;
inline constexpr size_t SHA_POR_LEVEL_MAX_AUX = 2 * 256 + 2 * gadgets::SHA256_COMPRESSION_MAX_AUX + 64;

//! Whether the caller allows only one thread (then a witness is synthesised straight into its system,
//! with no parts to copy).
bool WitnessIsSequential();

class WitnessParts {
public:
  //! n empty parts that take `like`'s native-gadget setting
  WitnessParts(const r1cs::WitnessCS &like, size_t n);

  r1cs::WitnessCS &operator[](size_t i) { return parts_[i]; }
  //! Reserves part i for at least `aux` values: an upper bound, so that the part never regrows (each
  //! regrowth copies it and, for large parts, maps and unmaps memory, which other threads pay for in
  //! TLB shootdowns). Only address space: pages are touched as values are written.
  void Reserve(size_t i, size_t aux) { parts_[i].Reserve(RESERVED_INPUTS, aux); }
  size_t Size() const { return parts_.size(); }

  //! Appends every part to w in order, w's storage reserved once for all of them; the parts' aux
  //! values are copied on the caller's threads, each part freed once copied.
  void AppendTo(r1cs::WitnessCS &w);

private:
  static constexpr size_t RESERVED_INPUTS = 64;
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

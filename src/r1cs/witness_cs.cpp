// src/r1cs/witness_cs.cpp
#include "r1cs/witness_cs.hpp"

#include "r1cs/huge_pages.hpp"

#include <algorithm>
#include <string>

namespace cuzk::r1cs {

namespace {

[[noreturn]] void ThrowPlaceFull(size_t size, size_t wanted) {
  throw SynthesisError("a witness part allocated more than the " + std::to_string(size) +
                       " aux values its place holds (" + std::to_string(wanted) +
                       "): its sub-circuit differs in shape from the first one's");
}

} // namespace

void WitnessCS::Extend(const WitnessCS &other) {
  input_assignment.insert(input_assignment.end(), other.input_assignment.begin() + 1, other.input_assignment.end());
  const size_t n = other.NumAux();
  const Fr *from = other.place_ ? other.place_ : other.aux_assignment.data();
  std::copy(from, from + n, AppendAux(n));
  num_constraints_ += other.num_constraints_;
}

void WitnessCS::Reserve(size_t inputs, size_t aux) {
  input_assignment.reserve(inputs);
  if (place_) return;
  const Fr *before = aux_assignment.data();
  aux_assignment.reserve(aux);
  if (aux_assignment.data() != before || aux_assignment.size() == 0)
    AdviseHugePages(aux_assignment.data(), aux_assignment.capacity() * sizeof(Fr));
}

Fr *WitnessCS::AppendAux(size_t n) {
  if (place_) {
    if (place_size_ - place_used_ < n) ThrowPlaceFull(place_size_, place_used_ + n);
    Fr *at = place_ + place_used_;
    place_used_ += n;
    return at;
  }
  const size_t size = aux_assignment.size();
  // doubling, as push_back would, but through Reserve so that a large vector lands on huge pages
  if (aux_assignment.capacity() - size < n) Reserve(0, std::max(2 * aux_assignment.capacity(), size + n));
  aux_assignment.resize(size + n); // unwritten (FrVector): the caller writes them
  return aux_assignment.data() + size;
}

Fr *WitnessCS::AuxSpace(size_t most) {
  space_ = most;
  const size_t room = place_ ? place_size_ - place_used_ : aux_assignment.capacity() - aux_assignment.size();
  space_spare_ = room < most;
  if (!space_spare_) return AppendAux(most); // CommitAux gives back what goes unused
  // Less room than the bound: the values wait in spare_ until their count is known. In a place, the
  // bound may pass its end; in a vector reserved for exactly the witness (the engine reserves the
  // recorded shape), growing for the bound would copy the whole witness into one twice its size.
  if (spare_.size() < most) spare_.resize(most);
  return spare_.data();
}

void WitnessCS::CommitAux(size_t k) {
  if (k > space_) throw SynthesisError("a native gadget wrote more aux values than the room it asked for");
  if (space_spare_)
    std::copy(spare_.data(), spare_.data() + k, AppendAux(k));
  else if (place_)
    place_used_ -= space_ - k;
  else
    aux_assignment.resize(aux_assignment.size() - (space_ - k));
  space_ = 0;
  space_spare_ = false;
}

void WitnessCS::WriteInto(Fr *at, size_t size) {
  aux_assignment = FrVector();
  place_ = at;
  place_size_ = size;
  place_used_ = 0;
}

} // namespace cuzk::r1cs

// src/r1cs/packed_values.hpp — field values of which most are 0 or 1, kept as a bitmap of the ones
// and a list of the others.
//
// ~97% of a Filecoin PoRep partition's aux values are bits (the SHA-256 gadgets' intermediate
// bits): as field elements its witness is 4.2 GB, packed ~0.16 GB. A partition waiting for its
// GPU prover holds its witness packed (ProvingAssignment::PackAux), and the GPU backend sends the
// packed form over PCIe and unpacks it on the device; the L, A and B MSMs' plans are the same
// form over the variables each MSM takes (gpu/scalar_split.hpp), made by the same Packer.
#pragma once
#include "ff/bls12_381.hpp"
#include "r1cs/assignment.hpp"
#include "r1cs/density.hpp"

#include <concepts>
#include <cstdint>
#include <span>
#include <vector>

namespace cuzk::r1cs {

struct PackedValues {
  size_t n = 0;                     //!< values
  std::vector<uint64_t> ones;       //!< ⌈n/64⌉ words; bit j % 64 of word j / 64 set iff value j = 1
  size_t ones_count = 0;            //!< values equal to 1
  std::vector<uint32_t> tail_index; //!< j with value j ∉ {0, 1}, ascending
  std::vector<ff::Fr> tail_value;   //!< value j for those j

  //! bytes held by the vectors (their capacity)
  uint64_t Bytes() const;
  //! no values, the vectors' capacity kept
  void Clear();
  //! value j (a binary search of the tail: for checks, not for loops)
  ff::Fr At(size_t j) const;
  //! the n values
  void UnpackTo(std::span<ff::Fr> out) const;
  FrVector Unpack() const;
};

//! Where a Packer reads values: a plain vector, or values already packed.
class ValueSource {
public:
  ValueSource(std::span<const ff::Fr> values) : values_(values), size_(values.size()) {}
  template <class V>
  requires std::convertible_to<const V &, std::span<const ff::Fr>> ValueSource(const V &values)
      : ValueSource(std::span<const ff::Fr>(values)) {}
  ValueSource(const PackedValues &packed) : packed_(&packed), size_(packed.n) {}
  size_t Size() const { return size_; }
  const PackedValues *Packed() const { return packed_; }
  std::span<const ff::Fr> Values() const { return values_; }

private:
  std::span<const ff::Fr> values_;
  const PackedValues *packed_ = nullptr;
  size_t size_ = 0;
};

//! Selects the values whose density bit is set (all of them without a density) and counts them,
//! in parallel over blocks; then packs or gathers the selection. The j-th selected value is value j
//! of the result: the prover's A and B point sets hold points only for variables that occur.
class Packer {
public:
  //! the counting pass. Throws std::invalid_argument when the density's length is not the source's.
  Packer(ValueSource source, const DensityTracker *density);

  size_t Selected() const { return total_.n; }
  size_t Ones() const { return total_.ones; }
  //! selected values that are neither 0 nor 1
  size_t Tail() const { return total_.tail; }

  //! The selection packed. Throws std::length_error past 2^32 − 1 selected values (tail indices are
  //! 32-bit, as the device reads them).
  void Pack(PackedValues &out) const;
  //! The selection as field elements, into out (Selected() of them).
  void Gather(std::span<ff::Fr> out) const;

  struct Count {
    size_t n = 0, ones = 0, tail = 0; //!< a block's selected values, ones among them, others among them
  };

private:
  ValueSource source_;
  const DensityTracker *density_;
  std::vector<Count> first_; //!< per block: the selection before it (exclusive prefix sums)
  Count total_;
};

//! values packed whole: what Packer without a density packs, in one pass over them. Throws
//! std::length_error past 2^32 − 1 values.
PackedValues Pack(std::span<const ff::Fr> values);

//! whether a sample of the values (4096 evenly spaced) is under 3/8 neither 0 nor 1: a witness of
//! field elements (WindowPoSt's) is not packed in vain, at the cost of a few thousand reads
bool LooksWorthPacking(std::span<const ff::Fr> values);

//! whether values with `tail` of `n` neither 0 nor 1 are worth packing: the packed form costs a
//! 36-byte tail entry per such value against 32 bytes for every value unpacked, and the device
//! plans batch addition for the ones only below half (gpu/scalar_split.hpp)
inline bool WorthPacking(size_t n, size_t tail) { return n > 0 && 2 * tail <= n; }

} // namespace cuzk::r1cs

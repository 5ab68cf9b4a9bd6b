// src/r1cs/assignment.hpp — the storage of the large per-variable and per-constraint vectors of a
// synthesis (a witness's aux values; a, b, c), which are always written whole after they are sized.
#pragma once
#include "ff/bls12_381.hpp"

#include <memory>
#include <new>
#include <type_traits>
#include <utility>
#include <vector>

namespace cuzk::r1cs {

//! std::allocator, except that a value constructed with no arguments is default-initialised: for a
//! trivial type, left as the memory was. So resize(n) reserves and sizes without writing, and a
//! vector about to be filled is touched first by the threads that fill it, not zeroed by one thread
//! beforehand (a 32 GiB PoRep partition's aux is 4.2 GB, its a, b, c 12.5 GB).
template <class T> class DefaultInitAllocator : public std::allocator<T> {
public:
  template <class U> struct rebind { using other = DefaultInitAllocator<U>; };
  DefaultInitAllocator() = default;
  template <class U> DefaultInitAllocator(const DefaultInitAllocator<U> &) noexcept {}

  template <class U> void construct(U *p) noexcept(std::is_nothrow_default_constructible_v<U>) {
    ::new (static_cast<void *>(p)) U;
  }
  template <class U, class... Args> void construct(U *p, Args &&...args) {
    ::new (static_cast<void *>(p)) U(std::forward<Args>(args)...);
  }
};

//! A vector of field elements whose resize leaves new elements unwritten: the caller writes every one.
using FrVector = std::vector<ff::Fr, DefaultInitAllocator<ff::Fr>>;
static_assert(std::is_trivially_default_constructible_v<ff::Fr>, "FrVector relies on Fr being trivial");

} // namespace cuzk::r1cs

// src/r1cs/huge_pages.hpp — transparent huge pages for the large vectors synthesis writes once, front
// to back, into fresh memory (a witness; a, b, c): with 4 KiB pages their first-touch faults cost as
// much as the writing (one fault per 128 field elements).
#pragma once
#include <cstddef>
#include <vector>

namespace cuzk::r1cs {

//! MADV_HUGEPAGE over the whole pages inside [p, p + bytes). Advice only: a kernel without
//! transparent huge pages (or with them off) refuses it, and the memory stays on small pages.
void AdviseHugePages(void *p, size_t bytes);

//! v resized to n values (zeroed, unless its allocator leaves them unwritten: r1cs/assignment.hpp), its
//! storage first reserved and advised onto huge pages when it was empty: for a vector about to be
//! filled whole
template <class T, class A> void ResizeOnHugePages(std::vector<T, A> &v, size_t n) {
  if (v.empty() && n > v.capacity()) {
    v.reserve(n);
    AdviseHugePages(v.data(), v.capacity() * sizeof(T));
  }
  v.resize(n);
}

} // namespace cuzk::r1cs

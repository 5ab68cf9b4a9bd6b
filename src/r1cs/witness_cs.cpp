// src/r1cs/witness_cs.cpp
#include "r1cs/witness_cs.hpp"

#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>

namespace cuzk::r1cs {

namespace {

// Below this a range holds no whole huge page worth asking for.
constexpr size_t HUGE_PAGE_BYTES = size_t(2) << 20;

// MADV_HUGEPAGE over the whole pages inside [p, p + bytes). Advice only: a kernel without
// transparent huge pages (or with them off) refuses it, and the memory stays on small pages.
void AdviseHugePages(void *p, size_t bytes) {
  if (bytes < 2 * HUGE_PAGE_BYTES) return;
  const uintptr_t page = uintptr_t(sysconf(_SC_PAGESIZE));
  const uintptr_t begin = (uintptr_t(p) + page - 1) & ~(page - 1);
  const uintptr_t end = (uintptr_t(p) + bytes) & ~(page - 1);
  if (end > begin) (void)madvise(reinterpret_cast<void *>(begin), end - begin, MADV_HUGEPAGE);
}

} // namespace

void WitnessCS::Reserve(size_t inputs, size_t aux) {
  input_assignment.reserve(inputs);
  const Fr *before = aux_assignment.data();
  aux_assignment.reserve(aux);
  if (aux_assignment.data() != before || aux_assignment.size() == 0)
    AdviseHugePages(aux_assignment.data(), aux_assignment.capacity() * sizeof(Fr));
}

} // namespace cuzk::r1cs

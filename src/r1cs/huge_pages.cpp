// src/r1cs/huge_pages.cpp
#include "r1cs/huge_pages.hpp"

#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>

namespace cuzk::r1cs {

namespace {

// Below this a range holds no whole huge page worth asking for.
constexpr size_t HUGE_PAGE_BYTES = size_t(2) << 20;

} // namespace

void AdviseHugePages(void *p, size_t bytes) {
  if (bytes < 2 * HUGE_PAGE_BYTES) return;
  const uintptr_t page = uintptr_t(sysconf(_SC_PAGESIZE));
  const uintptr_t begin = (uintptr_t(p) + page - 1) & ~(page - 1);
  const uintptr_t end = (uintptr_t(p) + bytes) & ~(page - 1);
  if (end > begin) (void)madvise(reinterpret_cast<void *>(begin), end - begin, MADV_HUGEPAGE);
}

} // namespace cuzk::r1cs

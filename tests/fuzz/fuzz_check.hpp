// tests/fuzz/fuzz_check.hpp — what every target does when its contract is broken: print the
// broken rule and abort, which libFuzzer reports as a crash and saves the input that did it.
#pragma once
#include <cstdio>
#include <cstdlib>

//! Aborts with `why` when cond is false.
#define CUZK_FUZZ_CHECK(cond, why)                                                                                     \
  do {                                                                                                                 \
    if (!(cond)) {                                                                                                     \
      std::fprintf(stderr, "fuzz contract broken at %s:%d: %s (%s)\n", __FILE__, __LINE__, why, #cond);                \
      std::abort();                                                                                                    \
    }                                                                                                                  \
  } while (0)

// tests/common/expect_error.hpp — the check that a call failed for the reason a test expects: its
// Expected holds an error whose message names that reason.
#pragma once
#include "base/expected.hpp"

#include <gtest/gtest.h>

#include <string>

namespace cuzk::test {

//! `r` is an error whose message contains `needle`
template <class T> void ExpectError(const Expected<T> &r, const std::string &needle) {
  ASSERT_FALSE(r.HasValue()) << "expected an error containing \"" << needle << "\"";
  EXPECT_NE(r.ErrorMessage().find(needle), std::string::npos) << r.ErrorMessage();
}

} // namespace cuzk::test

// tests/filecoin/core/parameter_cache_test.cpp — the parameter directory when none is configured:
// $FIL_PROOFS_PARAMETER_CACHE, as rust-fil-proofs reads it, else its default.
#include "filecoin/core/parameter_names.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <optional>
#include <string>

namespace cuzk::filecoin {
namespace {

// Sets the variable for one test and puts back what was there.
class ParameterCacheEnv : public ::testing::Test {
protected:
  void SetUp() override {
    if (const char *v = std::getenv("FIL_PROOFS_PARAMETER_CACHE")) saved_ = v;
  }
  void TearDown() override {
    if (saved_)
      setenv("FIL_PROOFS_PARAMETER_CACHE", saved_->c_str(), 1);
    else
      unsetenv("FIL_PROOFS_PARAMETER_CACHE");
  }

private:
  std::optional<std::string> saved_;
};

TEST_F(ParameterCacheEnv, TheVariableWhenSet) {
  setenv("FIL_PROOFS_PARAMETER_CACHE", "/srv/params", 1);
  EXPECT_EQ(DefaultParameterCache(), "/srv/params");
}

TEST_F(ParameterCacheEnv, RustFilProofsDefaultWhenUnsetOrEmpty) {
  unsetenv("FIL_PROOFS_PARAMETER_CACHE");
  EXPECT_EQ(DefaultParameterCache(), "/var/tmp/filecoin-proof-parameters");
  setenv("FIL_PROOFS_PARAMETER_CACHE", "", 1);
  EXPECT_EQ(DefaultParameterCache(), "/var/tmp/filecoin-proof-parameters");
}

} // namespace
} // namespace cuzk::filecoin

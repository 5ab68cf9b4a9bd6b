// tests/common/curves.hpp — the curves the typed suites of ec and msm run over: BLS12-381's G1
// and G2, in that order.
#pragma once
#include "ec/ec.hpp"

#include <gtest/gtest.h>

namespace cuzk::test {

using Curves = ::testing::Types<ec::G1Curve, ec::G2Curve>;

} // namespace cuzk::test

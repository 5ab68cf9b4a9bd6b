// tests/base/hex_test.cpp — base::Hex: two lower-case digits per byte, in order, every nibble value.
#include "base/hex.hpp"

#include <gtest/gtest.h>

#include <array>
#include <vector>

namespace cuzk::base {
namespace {

TEST(Hex, DigitsInOrder) {
  EXPECT_EQ(Hex({}), "");
  const std::array<uint8_t, 9> bytes = {0x00, 0x01, 0x23, 0x45, 0x67, 0x89, 0xab, 0xcd, 0xef};
  EXPECT_EQ(Hex(bytes), "000123456789abcdef");
  const std::vector<uint8_t> high = {0xff, 0x10, 0x0f};
  EXPECT_EQ(Hex(high), "ff100f");
}

} // namespace
} // namespace cuzk::base

// tests/filecoin/core/bincode_reader_test.cpp — the bincode v1 primitives: little-endian fixed-width
// integers, fixed arrays, Vec lengths checked against the expected shape and the bytes left, and
// trailing bytes rejected; every failure names what was read and where.
#include "filecoin/core/bincode.hpp"

#include <gtest/gtest.h>

#include <array>

using namespace cuzk::filecoin;

TEST(Bincode, WriterIsLittleEndianFixedWidth) {
  BincodeWriter w;
  w.U32(0x01020304);
  w.U64(0x1122334455667788ull);
  const std::array<uint8_t, 3> fixed{9, 8, 7};
  w.Fixed(fixed);
  w.Len(2);
  const std::vector<uint8_t> expected{4, 3, 2, 1, 0x88, 0x77, 0x66, 0x55, 0x44, 0x33, 0x22, 0x11,
                                      9, 8, 7, 2, 0,    0,    0,    0,    0,    0,    0};
  EXPECT_EQ(w.Bytes(), expected);
}

TEST(Bincode, ReaderRoundTripAndErrors) {
  BincodeWriter w;
  w.U32(7);
  w.U64(uint64_t(1) << 40);
  w.Len(3);
  const std::vector<uint8_t> bytes = w.Take();
  BincodeReader r(bytes);
  EXPECT_EQ(r.U32("tag").Value(), 7u);
  EXPECT_EQ(r.U64("value").Value(), uint64_t(1) << 40);
  EXPECT_EQ(r.Offset(), 12u);
  // a length of 3 elements of ≥ 1 byte with no bytes left is truncated input
  auto n = r.Len("items", 1, 100);
  ASSERT_FALSE(n.HasValue());
  EXPECT_EQ(n.Code(), cuzk::ErrorCode::kBadLength);
  EXPECT_NE(n.ErrorMessage().find("items at byte 20"), std::string::npos) << n.ErrorMessage();
  EXPECT_TRUE(r.Finish("value").IsOk());

  BincodeReader t{std::span(bytes).subspan(0, 6)};
  EXPECT_TRUE(t.U32("a").HasValue());
  auto e = t.U64("b");
  ASSERT_FALSE(e.HasValue());
  EXPECT_NE(e.ErrorMessage().find("needs 8 bytes, 2 left"), std::string::npos) << e.ErrorMessage();
}

TEST(Bincode, LengthsAreCheckedBeforeUse) {
  BincodeWriter w;
  w.Len(uint64_t(1) << 62); // hostile: would be 2^67 bytes of 32-byte elements
  w.Len(5);
  w.Len(2);
  for (int i = 0; i < 2; i++) w.U64(i);
  const auto bytes = w.Take();
  BincodeReader r(bytes);
  auto huge = r.Len("hashes", 32, SIZE_MAX);
  ASSERT_FALSE(huge.HasValue());
  EXPECT_EQ(huge.Code(), cuzk::ErrorCode::kBadLength);
  BincodeReader r2(bytes);
  auto capped = r2.Len("hashes", 0, 1000);
  ASSERT_FALSE(capped.HasValue());
  EXPECT_NE(capped.ErrorMessage().find("exceeds the expected maximum 1000"), std::string::npos);
  BincodeReader r3{std::span(bytes).subspan(8)};
  auto wrong = r3.ExactLen("path", 9, 16);
  ASSERT_FALSE(wrong.IsOk());
  EXPECT_NE(wrong.ErrorMessage().find("length 5, expected 9"), std::string::npos);
  BincodeReader r4{std::span(bytes).subspan(16)};
  EXPECT_TRUE(r4.ExactLen("two", 2, 8).IsOk());
  EXPECT_EQ(r4.U64("0").Value(), 0u);
  EXPECT_FALSE(r4.Finish("value").IsOk()); // one u64 left over
  BincodeReader r5{std::span(bytes).subspan(16)};
  EXPECT_FALSE(r5.ExactLen("two", 2, 9).IsOk()); // 2 × 9 > 16 bytes left
}

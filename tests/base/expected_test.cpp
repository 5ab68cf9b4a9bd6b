// tests/base/expected_test.cpp — Expected<T> and Status: the value or the error (code and message),
// the helpers that make errors, and the misuse that must fail loudly rather than read garbage.
#include "base/expected.hpp"

#include <gtest/gtest.h>

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace cuzk {
namespace {

Expected<int> Half(int x) {
  if (x % 2 != 0) return MakeError(ErrorCode::kInvalidArgument, std::to_string(x) + " is odd");
  return x / 2;
}

Status CheckLength(size_t n) {
  if (n != 32) return MakeError(ErrorCode::kBadLength, std::to_string(n) + " bytes, expected 32");
  return Status::Ok();
}

TEST(Expected, ValueOrError) {
  const Expected<int> ok = Half(8);
  ASSERT_TRUE(ok.HasValue());
  EXPECT_TRUE(bool(ok));
  EXPECT_EQ(ok.Value(), 4);
  EXPECT_EQ(*ok, 4);
  EXPECT_EQ(ok.ErrorMessage(), "");

  const Expected<int> bad = Half(7);
  ASSERT_FALSE(bad.HasValue());
  EXPECT_FALSE(bool(bad));
  EXPECT_EQ(bad.Code(), ErrorCode::kInvalidArgument);
  EXPECT_EQ(bad.GetError().code, ErrorCode::kInvalidArgument);
  EXPECT_EQ(bad.ErrorMessage(), "7 is odd");
  EXPECT_EQ(bad.GetError().message, "7 is odd");
}

TEST(Expected, WrongAlternativeThrows) {
  const Expected<int> ok = Half(2);
  const Expected<int> bad = Half(3);
  EXPECT_THROW((void)bad.Value(), std::bad_variant_access);
  EXPECT_THROW((void)ok.GetError(), std::bad_variant_access);
  EXPECT_THROW((void)ok.Code(), std::bad_variant_access);
}

TEST(Expected, MoveOnlyValueAndRvalueAccess) {
  Expected<std::unique_ptr<int>> p = std::make_unique<int>(5);
  ASSERT_TRUE(p.HasValue());
  EXPECT_EQ(**p, 5);
  std::unique_ptr<int> taken = std::move(p).Value();
  EXPECT_EQ(*taken, 5);
  // Value() on a temporary returns by value, so a range-for over it does not dangle
  int sum = 0;
  for (int x : Expected<std::vector<int>>(std::vector<int>{1, 2, 3}).Value()) sum += x;
  EXPECT_EQ(sum, 6);
  EXPECT_EQ(Expected<std::string>(MakeError(ErrorCode::kNotFound, "x")).GetError().message, "x");
}

TEST(Expected, ErrorPassesThroughKeepingItsCode) {
  auto quarter = [](int x) -> Expected<int> {
    const Expected<int> h = Half(x);
    if (!h) return Prefixed(h.GetError(), "quarter: ");
    return Half(*h);
  };
  EXPECT_EQ(*quarter(8), 2);
  const Expected<int> bad = quarter(6);
  ASSERT_FALSE(bad.HasValue());
  EXPECT_EQ(bad.Code(), ErrorCode::kInvalidArgument);
  EXPECT_EQ(bad.ErrorMessage(), "3 is odd");
  const Expected<int> prefixed = quarter(5);
  EXPECT_EQ(prefixed.Code(), ErrorCode::kInvalidArgument);
  EXPECT_EQ(prefixed.ErrorMessage(), "quarter: 5 is odd");
}

TEST(Status, OkOrError) {
  const Status ok = CheckLength(32);
  EXPECT_TRUE(ok.IsOk());
  EXPECT_TRUE(bool(ok));
  EXPECT_EQ(ok.ErrorMessage(), "");
  EXPECT_TRUE(Status().IsOk());
  EXPECT_TRUE(Status::Ok().IsOk());
  EXPECT_THROW((void)ok.GetError(), std::bad_optional_access);

  const Status bad = CheckLength(31);
  EXPECT_FALSE(bad.IsOk());
  EXPECT_FALSE(bool(bad));
  EXPECT_EQ(bad.Code(), ErrorCode::kBadLength);
  EXPECT_EQ(bad.ErrorMessage(), "31 bytes, expected 32");
  // a failed Status turns into a failed Expected of any type, code and message kept
  const Expected<std::string> carried = bad.GetError();
  EXPECT_EQ(carried.Code(), ErrorCode::kBadLength);
  EXPECT_EQ(carried.ErrorMessage(), "31 bytes, expected 32");
}

TEST(Error, Helpers) {
  const Error a = InvalidArgument("key length 65");
  EXPECT_EQ(a.code, ErrorCode::kInvalidArgument);
  EXPECT_EQ(a.message, "key length 65");
  const Error b = Prefixed(MakeError(ErrorCode::kNonCanonical, "≥ r"), "comm_d: ");
  EXPECT_EQ(b.code, ErrorCode::kNonCanonical);
  EXPECT_EQ(b.message, "comm_d: ≥ r");
}

TEST(ErrorCode, Names) {
  const std::pair<ErrorCode, std::string_view> names[] = {
      {ErrorCode::kBadLength, "kBadLength"},         {ErrorCode::kNonCanonical, "kNonCanonical"},
      {ErrorCode::kBadArity, "kBadArity"},           {ErrorCode::kInvalidArgument, "kInvalidArgument"},
      {ErrorCode::kNotFound, "kNotFound"},           {ErrorCode::kFailedPrecondition, "kFailedPrecondition"},
      {ErrorCode::kUnavailable, "kUnavailable"},     {ErrorCode::kResourceExhausted, "kResourceExhausted"},
      {ErrorCode::kInternal, "kInternal"},           {ErrorCode::kNotOnCurve, "kNotOnCurve"},
      {ErrorCode::kNotInSubgroup, "kNotInSubgroup"},
  };
  for (const auto &[code, name] : names) EXPECT_EQ(ErrorCodeName(code), name);
}

} // namespace
} // namespace cuzk

// src/base/expected.hpp — a value or an error message, for failures that are expected (bad bytes,
// wrong lengths) and so must not be exceptions (STYLE.md house rule 6). C++20 has no std::expected.
#pragma once
#include <cassert>
#include <optional>
#include <string>
#include <utility>

namespace cuzk {

//! The error half of an Expected: a human-readable message saying what was wrong and where.
struct Error {
  std::string message;
};

template <class T> class Expected {
public:
  Expected(T value) : value_(std::move(value)) {}
  Expected(Error error) : error_(std::move(error.message)) {}

  bool HasValue() const { return value_.has_value(); }
  explicit operator bool() const { return HasValue(); }
  T &Value() & {
    assert(value_);
    return *value_;
  }
  const T &Value() const & {
    assert(value_);
    return *value_;
  }
  T &&Value() && {
    assert(value_);
    return std::move(*value_);
  }
  T *operator->() { return &Value(); }
  const T *operator->() const { return &Value(); }
  T &operator*() & { return Value(); }
  const T &operator*() const & { return Value(); }
  //! empty when HasValue()
  const std::string &ErrorMessage() const { return error_; }

private:
  std::optional<T> value_;
  std::string error_;
};

//! An operation that returns nothing but can fail: empty message means success.
class Status {
public:
  Status() = default;
  Status(Error error) : error_(std::move(error.message)), failed_(true) {}
  static Status Ok() { return Status(); }
  bool IsOk() const { return !failed_; }
  explicit operator bool() const { return IsOk(); }
  const std::string &ErrorMessage() const { return error_; }

private:
  std::string error_;
  bool failed_ = false;
};

} // namespace cuzk

// src/hash/result.hpp — value-returning errors for the hash layer.
//
// Bad input (wrong lengths, non-canonical field bytes, unsupported arities) is an expected
// failure, so it comes back as a value (house rule 6), never as an exception. C++20 has no
// std::expected; Result<T> is the small subset we need.
#pragma once
#include <string>
#include <utility>
#include <variant>

namespace cuzk::hash {

enum class ErrorCode {
  kBadLength,    //!< an input or output buffer has the wrong size
  kNonCanonical, //!< 32 bytes that encode an integer ≥ r, so no Fr element
  kBadArity,     //!< a Poseidon arity without Filecoin constants
  kBadArgument,  //!< any other out-of-range parameter (key length, digest length, seek offset)
};

struct Error {
  ErrorCode code;
  std::string message;
};

//! Either a T or an Error. Accessing the wrong alternative is a programmer error (asserts via std::get).
template <class T> class [[nodiscard]] Result {
public:
  Result(T value) : v_(std::move(value)) {}
  Result(Error error) : v_(std::move(error)) {}

  bool ok() const { return v_.index() == 0; }
  explicit operator bool() const { return ok(); }
  const T &value() const & { return std::get<0>(v_); }
  T &value() & { return std::get<0>(v_); }
  //! by value: `for (auto &x : F().value())` must not refer into the destroyed temporary
  T value() && { return std::get<0>(std::move(v_)); }
  const T &operator*() const & { return value(); }
  const T *operator->() const { return &value(); }
  const Error &error() const { return std::get<1>(v_); }

private:
  std::variant<T, Error> v_;
};

//! Result of an operation that writes into caller-owned memory.
using Status = Result<std::monostate>;
inline Status Ok() { return Status(std::monostate{}); }

inline Error MakeError(ErrorCode code, std::string message) { return Error{code, std::move(message)}; }
//! kBadArgument: the code of most range, count and shape checks
inline Error BadArgument(std::string message) { return MakeError(ErrorCode::kBadArgument, std::move(message)); }
//! `error` with `prefix` (the step or field it came from) before its message, its code kept
inline Error Prefixed(const Error &error, const std::string &prefix) {
  return MakeError(error.code, prefix + error.message);
}

} // namespace cuzk::hash

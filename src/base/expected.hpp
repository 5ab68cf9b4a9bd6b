// src/base/expected.hpp — the one error type: a value or an error (a code and a message naming what is
// wrong), for failures that are expected (bad bytes, wrong lengths, missing parameters) and so must
// not be exceptions (STYLE.md house rule 6). C++20 has no std::expected; Expected<T> is the subset
// the tree needs, Status its form for operations that return nothing.
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>

namespace cuzk {

//! What kind of failure an Error is: callers branch on it (the engine maps it to a gRPC code), so
//! a message alone is not enough.
enum class ErrorCode {
  kBadLength,          //!< an input or output buffer has the wrong size
  kNonCanonical,       //!< bytes that encode no element (an integer ≥ r for Fr, a coordinate ≥ p, bad point flags)
  kNotOnCurve,         //!< a point encoding whose coordinates are not on the curve (or x³ + b has no root)
  kNotInSubgroup,      //!< a point on the curve but outside the order-r subgroup
  kBadArity,           //!< a Poseidon arity without Filecoin constants
  kInvalidArgument,    //!< any other malformed or out-of-range input (counts, shapes, field values, ids)
  kNotFound,           //!< a file, job or circuit that does not exist
  kFailedPrecondition, //!< a valid request the current state refuses (evicting parameters in use)
  kUnavailable,        //!< nothing can serve it now (shutting down, no usable GPU left)
  kResourceExhausted,  //!< a budget is used up (queued requests, memory)
  kInternal,           //!< our side failed: I/O, a CUDA call, an exception from a circuit
};

//! The code's name as written above ("kBadLength"), for logs and test messages.
constexpr std::string_view ErrorCodeName(ErrorCode code) {
  switch (code) {
  case ErrorCode::kBadLength:
    return "kBadLength";
  case ErrorCode::kNonCanonical:
    return "kNonCanonical";
  case ErrorCode::kNotOnCurve:
    return "kNotOnCurve";
  case ErrorCode::kNotInSubgroup:
    return "kNotInSubgroup";
  case ErrorCode::kBadArity:
    return "kBadArity";
  case ErrorCode::kInvalidArgument:
    return "kInvalidArgument";
  case ErrorCode::kNotFound:
    return "kNotFound";
  case ErrorCode::kFailedPrecondition:
    return "kFailedPrecondition";
  case ErrorCode::kUnavailable:
    return "kUnavailable";
  case ErrorCode::kResourceExhausted:
    return "kResourceExhausted";
  case ErrorCode::kInternal:
    return "kInternal";
  }
  return "unknown";
}

//! The error half of an Expected: what kind of failure, and a human-readable message saying what
//! was wrong and where.
struct Error {
  Error(ErrorCode error_code, std::string error_message) : code(error_code), message(std::move(error_message)) {}

  ErrorCode code;
  std::string message;
};

inline Error MakeError(ErrorCode code, std::string message) { return Error{code, std::move(message)}; }
//! kInvalidArgument: the code of most range, count and shape checks
inline Error InvalidArgument(std::string message) { return MakeError(ErrorCode::kInvalidArgument, std::move(message)); }
//! `error` with `prefix` (the step or field it came from) before its message, its code kept
inline Error Prefixed(const Error &error, const std::string &prefix) {
  return MakeError(error.code, prefix + error.message);
}

//! Either a T or an Error. Reading the alternative that is not there is a programmer error; it
//! throws std::bad_variant_access (std::get), in release builds too, so a test that expects an
//! error and gets a value fails instead of reading garbage.
template <class T> class [[nodiscard]] Expected {
public:
  Expected(T value) : v_(std::in_place_index<0>, std::move(value)) {}
  Expected(Error error) : v_(std::in_place_index<1>, std::move(error)) {}

  bool HasValue() const { return v_.index() == 0; }
  explicit operator bool() const { return HasValue(); }
  T &Value() & { return std::get<0>(v_); }
  const T &Value() const & { return std::get<0>(v_); }
  //! by value: `for (auto &x : F().Value())` must not refer into the destroyed temporary
  T Value() && { return std::get<0>(std::move(v_)); }
  T *operator->() { return &Value(); }
  const T *operator->() const { return &Value(); }
  T &operator*() & { return Value(); }
  const T &operator*() const & { return Value(); }
  //! only when !HasValue()
  const Error &GetError() const & { return std::get<1>(v_); }
  Error GetError() && { return std::get<1>(std::move(v_)); }
  ErrorCode Code() const { return GetError().code; }
  //! empty when HasValue()
  const std::string &ErrorMessage() const {
    static const std::string none;
    return HasValue() ? none : GetError().message;
  }

private:
  std::variant<T, Error> v_;
};

//! An operation that returns nothing but can fail.
class [[nodiscard]] Status {
public:
  Status() = default;
  Status(Error error) : error_(std::move(error)) {}
  static Status Ok() { return Status(); }
  bool IsOk() const { return !error_.has_value(); }
  explicit operator bool() const { return IsOk(); }
  //! only when !IsOk(); throws std::bad_optional_access otherwise, as Expected does
  const Error &GetError() const & { return error_.value(); }
  Error GetError() && { return std::move(error_).value(); }
  ErrorCode Code() const { return GetError().code; }
  //! empty when IsOk()
  const std::string &ErrorMessage() const {
    static const std::string none;
    return IsOk() ? none : error_->message;
  }

private:
  std::optional<Error> error_;
};

} // namespace cuzk

// src/server/bearer_token.cpp — the token file, the constant-time compare, the per-call check.
#include "server/bearer_token.hpp"

#include "server/secret_file.hpp"

#include <array>
#include <cctype>
#include <iterator>
#include <openssl/crypto.h>
#include <openssl/sha.h>
#include <spdlog/spdlog.h>

namespace cuzk::server {
namespace {

constexpr std::string_view WHITESPACE = " \t\r\n\v\f";

std::array<unsigned char, SHA256_DIGEST_LENGTH> Digest(std::string_view text) {
  std::array<unsigned char, SHA256_DIGEST_LENGTH> out{};
  SHA256(reinterpret_cast<const unsigned char *>(text.data()), text.size(), out.data());
  return out;
}

// RFC 7235 §2.1: the scheme name is case-insensitive.
bool StartsWithBearer(std::string_view value) {
  constexpr std::string_view SCHEME = "bearer ";
  if (value.size() < SCHEME.size()) return false;
  for (size_t i = 0; i < SCHEME.size(); i++) {
    if (std::tolower(static_cast<unsigned char>(value[i])) != SCHEME[i]) return false;
  }
  return true;
}

} // namespace

Expected<std::string> ReadTokenFile(const std::string &path) {
  auto text = ReadConfigFile("listen.token_file", path, /*secret=*/true);
  if (!text) return text;
  std::string_view token = *text;
  const auto first = token.find_first_not_of(WHITESPACE);
  token = first == std::string_view::npos ? std::string_view{} : token.substr(first);
  token = token.substr(0, token.find_last_not_of(WHITESPACE) + 1);
  const std::string what = "listen.token_file " + path;
  if (token.empty()) {
    return InvalidArgument(what + " is empty (write a token into it, e.g. openssl rand -hex 32)");
  }
  for (char c : token) {
    if (c < 0x21 || c > 0x7e) {
      return InvalidArgument(what +
                             " holds a character a gRPC metadata value cannot carry (use printable ASCII, no spaces)");
    }
  }
  if (token.size() < MIN_TOKEN_CHARS) {
    return InvalidArgument(what + " holds fewer than " + std::to_string(MIN_TOKEN_CHARS) +
                           " characters, too few to resist guessing (e.g. openssl rand -hex 32)");
  }
  return std::string(token);
}

bool TokenMatches(std::string_view expected, std::string_view presented) {
  const auto a = Digest(expected), b = Digest(presented);
  return CRYPTO_memcmp(a.data(), b.data(), a.size()) == 0;
}

grpc::Status BearerTokenProcessor::Reject(const char *why) {
  // a hostile client can be refused millions of times: log the 1st, 2nd, 4th, 8th, ... refusal
  const uint64_t n = ++rejected_;
  if ((n & (n - 1)) == 0)
    spdlog::warn("refused {} call(s) on a TCP listener for a bad bearer token (latest: {})", n, why);
  return {grpc::StatusCode::UNAUTHENTICATED, why};
}

grpc::Status BearerTokenProcessor::Process(const InputMetadata &auth_metadata, grpc::AuthContext *,
                                           OutputMetadata *consumed_auth_metadata, OutputMetadata *) {
  const auto [begin, end] = auth_metadata.equal_range("authorization");
  if (begin == end) {
    return Reject("missing bearer token: this listener requires 'authorization: Bearer <token>' metadata on every "
                  "call (cuzk-bench --token-file)");
  }
  if (std::next(begin) != end) return Reject("more than one authorization metadata entry");
  const std::string_view value(begin->second.data(), begin->second.size());
  if (!StartsWithBearer(value)) return Reject("authorization metadata is not of the form 'Bearer <token>'");
  std::string_view presented = value.substr(7);
  const auto first = presented.find_first_not_of(WHITESPACE);
  presented = first == std::string_view::npos ? std::string_view{} : presented.substr(first);
  if (!TokenMatches(token_, presented)) return Reject("invalid bearer token");
  consumed_auth_metadata->emplace("authorization", std::string(value));
  return grpc::Status::OK;
}

} // namespace cuzk::server

// src/server/bearer_token.hpp — the bearer token a TCP listener requires on every call.
//
// A client sends `authorization: Bearer <token>` metadata (RFC 6750 §2.1; what gRPC's
// AccessTokenCredentials and Go's oauth.TokenSource send). The token lives in a file named by
// listen.token_file, read once at start.
#pragma once
#include "base/expected.hpp"

#include <grpcpp/security/auth_metadata_processor.h>

#include <atomic>
#include <cstdint>
#include <string>
#include <string_view>

namespace cuzk::server {

//! Fewer characters than this are refused: a short token can be guessed over the network.
inline constexpr size_t MIN_TOKEN_CHARS = 16;

//! Reads a token file: surrounding whitespace trimmed (so `openssl rand -hex 32 > token` works).
//! An error (naming the file, never the token) when it is unreadable, readable by
//! others than owner and group, empty, shorter than MIN_TOKEN_CHARS, or holds characters a gRPC
//! metadata value cannot carry (anything but printable ASCII without spaces).
Expected<std::string> ReadTokenFile(const std::string &path);

//! Whether `presented` equals `expected`, in time independent of their contents and lengths: both
//! are hashed (SHA-256) and the digests compared with CRYPTO_memcmp, so neither a mismatch's
//! position nor the token's length leaks to a client timing its rejections.
bool TokenMatches(std::string_view expected, std::string_view presented);

//! Runs before every call of the listener it is attached to, before the handler and before the
//! request message is read: a call without exactly one `authorization: Bearer <token>` carrying
//! the token is UNAUTHENTICATED (the message says what was wrong, never echoes what was sent).
//! The authorization entry is consumed, so handlers never see it.
class BearerTokenProcessor final : public grpc::AuthMetadataProcessor {
public:
  explicit BearerTokenProcessor(std::string token) : token_(std::move(token)) {}

  //! The check is a hash and a compare: cheap enough for gRPC's transport thread.
  bool IsBlocking() const override { return false; }

  grpc::Status Process(const InputMetadata &auth_metadata, grpc::AuthContext *context,
                       OutputMetadata *consumed_auth_metadata, OutputMetadata *response_metadata) override;

  //! Calls refused so far.
  uint64_t rejected() const { return rejected_.load(); }

private:
  grpc::Status Reject(const char *why);

  const std::string token_;
  std::atomic<uint64_t> rejected_{0};
};

} // namespace cuzk::server

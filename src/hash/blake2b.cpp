// src/hash/blake2b.cpp — BLAKE2b through OpenSSL's digest and MAC, with the portable fallback
// for unkeyed short digests (see blake2b.hpp for why).
#include "hash/blake2b.hpp"

#include "hash/blake2b_portable.hpp"
#include "hash/openssl_util.hpp"

#include <openssl/core_names.h>
#include <openssl/params.h>

#include <optional>
#include <string>

namespace cuzk::hash {

using detail::OpenSslFatal;

// Exactly one of the three is in use, chosen by (key, out_len) in Create().
struct Blake2bHasher::Backend {
  EVP_MD_CTX *md = nullptr;   // unkeyed, 64 bytes
  EVP_MAC_CTX *mac = nullptr; // keyed
  std::optional<detail::Blake2bState> portable;

  ~Backend() {
    EVP_MD_CTX_free(md);
    EVP_MAC_CTX_free(mac);
  }
};

Blake2bHasher::Blake2bHasher(size_t out_len, std::unique_ptr<Backend> backend)
    : out_len_(out_len), backend_(std::move(backend)) {}
Blake2bHasher::Blake2bHasher(Blake2bHasher &&) noexcept = default;
Blake2bHasher &Blake2bHasher::operator=(Blake2bHasher &&) noexcept = default;
Blake2bHasher::~Blake2bHasher() = default;

Expected<Blake2bHasher> Blake2bHasher::Create(size_t out_len, std::span<const uint8_t> key) {
  if (out_len < 1 || out_len > BLAKE2B_MAX_OUT)
    return MakeError(ErrorCode::kInvalidArgument,
                     "BLAKE2b output length must be 1..64, got " + std::to_string(out_len));
  if (key.size() > BLAKE2B_MAX_KEY)
    return MakeError(ErrorCode::kInvalidArgument,
                     "BLAKE2b key must be at most 64 bytes, got " + std::to_string(key.size()));
  auto b = std::make_unique<Backend>();
  if (!key.empty()) {
    b->mac = EVP_MAC_CTX_new(detail::Blake2bMac());
    if (b->mac == nullptr) OpenSslFatal("EVP_MAC_CTX_new");
    size_t size = out_len;
    OSSL_PARAM params[] = {OSSL_PARAM_construct_size_t(OSSL_MAC_PARAM_SIZE, &size), OSSL_PARAM_construct_end()};
    if (EVP_MAC_init(b->mac, key.data(), key.size(), params) != 1) OpenSslFatal("BLAKE2BMAC init");
  } else if (out_len == BLAKE2B_MAX_OUT) {
    b->md = EVP_MD_CTX_new();
    if (b->md == nullptr) OpenSslFatal("EVP_MD_CTX_new");
    if (EVP_DigestInit_ex2(b->md, detail::Blake2b512Md(), nullptr) != 1) OpenSslFatal("BLAKE2b-512 init");
  } else {
    b->portable.emplace(out_len, key);
  }
  return Blake2bHasher(out_len, std::move(b));
}

Blake2bHasher &Blake2bHasher::Update(std::span<const uint8_t> data) {
  if (backend_->mac != nullptr) {
    if (EVP_MAC_update(backend_->mac, data.data(), data.size()) != 1) OpenSslFatal("BLAKE2BMAC update");
  } else if (backend_->md != nullptr) {
    if (EVP_DigestUpdate(backend_->md, data.data(), data.size()) != 1) OpenSslFatal("BLAKE2b update");
  } else {
    backend_->portable->Update(data);
  }
  return *this;
}

Status Blake2bHasher::Finalize(std::span<uint8_t> out) {
  if (out.size() != out_len_)
    return MakeError(ErrorCode::kBadLength, "BLAKE2b: output buffer of " + std::to_string(out.size()) +
                                                " bytes for a " + std::to_string(out_len_) + "-byte digest");
  if (backend_->mac != nullptr) {
    size_t len = 0;
    if (EVP_MAC_final(backend_->mac, out.data(), &len, out.size()) != 1 || len != out_len_)
      OpenSslFatal("BLAKE2BMAC final");
  } else if (backend_->md != nullptr) {
    unsigned int len = 0;
    if (EVP_DigestFinal_ex(backend_->md, out.data(), &len) != 1 || len != out_len_) OpenSslFatal("BLAKE2b final");
  } else {
    backend_->portable->Final(out.data());
  }
  return Status::Ok();
}

Digest64 Blake2b512(std::span<const uint8_t> data) {
  // The hot Feistel path: reuse this thread's digest context instead of allocating one.
  EVP_MD_CTX *ctx = detail::ThreadMdCtx();
  Digest64 out;
  unsigned int len = 0;
  if (EVP_DigestInit_ex2(ctx, detail::Blake2b512Md(), nullptr) != 1 ||
      EVP_DigestUpdate(ctx, data.data(), data.size()) != 1 || EVP_DigestFinal_ex(ctx, out.data(), &len) != 1 ||
      len != 64)
    OpenSslFatal("BLAKE2b-512");
  return out;
}

Digest32 Blake2b256(std::span<const uint8_t> data) {
  detail::Blake2bState s(32, {});
  s.Update(data);
  Digest32 out;
  s.Final(out.data());
  return out;
}

Status Blake2b(std::span<const uint8_t> key, std::span<const uint8_t> data, std::span<uint8_t> out) {
  auto h = Blake2bHasher::Create(out.size(), key);
  if (!h) return h.GetError();
  h.Value().Update(data);
  return h.Value().Finalize(out);
}

} // namespace cuzk::hash

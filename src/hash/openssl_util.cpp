// src/hash/openssl_util.cpp — the process-wide OpenSSL handles of openssl_util.hpp.
#include "hash/openssl_util.hpp"

#include <cstdio>
#include <cstdlib>
#include <memory>

namespace cuzk::hash::detail {

void OpenSslFatal(const char *what) {
  std::fprintf(stderr, "cuzk::hash: OpenSSL failure: %s\n", what);
  std::abort();
}

namespace {
EVP_MD *FetchMd(const char *name) {
  EVP_MD *md = EVP_MD_fetch(nullptr, name, nullptr);
  if (md == nullptr) OpenSslFatal(name);
  return md;
}
} // namespace

// Function-local statics: initialised once, thread-safely (C++11 magic statics). The handles
// live for the whole process, like OpenSSL's own default provider.
const EVP_MD *Sha256Md() {
  static EVP_MD *md = FetchMd("SHA256");
  return md;
}

const EVP_MD *Blake2b512Md() {
  static EVP_MD *md = FetchMd("BLAKE2B-512");
  return md;
}

EVP_MAC *Blake2bMac() {
  static EVP_MAC *mac = [] {
    EVP_MAC *m = EVP_MAC_fetch(nullptr, "BLAKE2BMAC", nullptr);
    if (m == nullptr) OpenSslFatal("BLAKE2BMAC");
    return m;
  }();
  return mac;
}

EVP_MD_CTX *ThreadMdCtx() {
  struct Deleter {
    void operator()(EVP_MD_CTX *c) const { EVP_MD_CTX_free(c); }
  };
  thread_local std::unique_ptr<EVP_MD_CTX, Deleter> ctx(EVP_MD_CTX_new());
  if (!ctx) OpenSslFatal("EVP_MD_CTX_new");
  return ctx.get();
}

} // namespace cuzk::hash::detail

// src/hash/openssl_util.hpp — internal: OpenSSL algorithm handles fetched once per process.
//
// EVP_MD_fetch/EVP_MAC_fetch look up a provider implementation by name, which costs far more than
// hashing 64 bytes; fetching once and reusing the handle keeps the per-call overhead of a node
// hash small. Not part of the layer's public API.
#pragma once
#include <openssl/evp.h>

namespace cuzk::hash::detail {

//! Process-wide SHA-256 implementation (never null; aborts the program if OpenSSL lacks it).
const EVP_MD *Sha256Md();
//! Process-wide BLAKE2b-512 digest.
const EVP_MD *Blake2b512Md();
//! Process-wide keyed BLAKE2b MAC (variable output length).
EVP_MAC *Blake2bMac();
//! This thread's reusable digest context (no allocation per hash on hot paths).
EVP_MD_CTX *ThreadMdCtx();

//! Reports an OpenSSL failure that cannot be caused by input (allocation, missing provider)
//! and aborts: these are environment faults, not expected errors.
[[noreturn]] void OpenSslFatal(const char *what);

} // namespace cuzk::hash::detail

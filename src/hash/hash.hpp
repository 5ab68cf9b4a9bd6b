// src/hash/hash.hpp — the public header of the hash layer: SHA-256 (and Filecoin's trunc254
// node hash), BLAKE2b, ChaCha keystreams and neptune-compatible Poseidon.
#pragma once
#include "base/expected.hpp"
#include "hash/blake2b.hpp"
#include "hash/chacha.hpp"
#include "hash/poseidon.hpp"
#include "hash/poseidon_constants.hpp"
#include "hash/sha256.hpp"

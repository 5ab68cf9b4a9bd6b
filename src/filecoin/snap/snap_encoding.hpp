// src/filecoin/snap/snap_encoding.hpp — the SnapDeals encoding relation (spec/post-snap-poseidon.md
// §4.2): phi = P2_GEN(comm_d_new, comm_r_old), rho(high) = P2_GEN(phi, high) where high is the top h
// bits of a node index, new replica = sector key + data·rho, and back: data = (new − key)·rho⁻¹.
// P2_GEN is Poseidon arity 2 with the Custom(Arbitrary(1)) tag 2^40 (§2.4).
#pragma once
#include "base/expected.hpp"
#include "ff/bls12_381.hpp"
#include "filecoin/core/snap_config.hpp"
#include "hash/sha256.hpp"

#include <cstdint>
#include <span>
#include <vector>

namespace cuzk::filecoin {

//! P2_GEN(a, b).
ff::Fr SnapGenRandomness(const ff::Fr &a, const ff::Fr &b);
//! phi from the 32-byte comm_d_new (a trimmed SHA-256 root, so always < r; kNonCanonical otherwise).
Expected<ff::Fr> SnapPhi(const hash::Digest32 &comm_d_new, const ff::Fr &comm_r_old);
//! rho for the `high` value of a node (node index >> (log2(nodes) − h)).
ff::Fr SnapRho(const ff::Fr &phi, uint64_t high);
//! rho of node `node` for config's h.
ff::Fr SnapRhoOfNode(const SnapConfig &config, const ff::Fr &phi, uint64_t node);

//! The 2^h rhos, indexed by high; inverted when `inverse` (for decoding: one batch inversion).
std::vector<ff::Fr> SnapRhos(const ff::Fr &phi, size_t h, bool inverse = false);

//! Nodes of fr32-padded data as field elements (32 bytes LE each); kBadLength unless the size is a
//! multiple of 32, kNonCanonical for a node ≥ r (data that was not fr32-padded).
Expected<std::vector<ff::Fr>> NodesFromBytes(std::span<const uint8_t> bytes);
//! The 32-byte LE reprs of nodes, concatenated.
std::vector<uint8_t> NodesToBytes(std::span<const ff::Fr> nodes);

//! new[i] = key[i] + data[i]·rho(i), in parallel. kBadLength unless both have config.sector_nodes nodes.
Expected<std::vector<ff::Fr>> SnapEncode(const SnapConfig &config, std::span<const ff::Fr> sector_key,
                                         std::span<const ff::Fr> data, const ff::Fr &phi);
//! data[i] = (new[i] − key[i])·rho(i)⁻¹. kBadLength as SnapEncode.
Expected<std::vector<ff::Fr>> SnapDecode(const SnapConfig &config, std::span<const ff::Fr> replica,
                                         std::span<const ff::Fr> sector_key, const ff::Fr &phi);

} // namespace cuzk::filecoin

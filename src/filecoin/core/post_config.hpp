// src/filecoin/core/post_config.hpp — the parameters of WindowPoSt and WinningPoSt per registered proof
// (spec/post-snap-poseidon.md §3.1), in the two views upstream keeps apart:
//  * PoStConfig: what the vanilla prover sees. WindowPoSt: 10 challenges per sector and
//    2 / 2349 / 2300 sectors per partition; WinningPoSt: one sector with 66 challenges.
//  * FallbackPoStParams: the FallbackPoSt scheme's public params, which fix the circuit and name
//    the Groth16 parameter file. WindowPoSt: the same numbers; WinningPoSt: 66 pseudo-sectors of
//    one challenge each (`winning_post_setup_params`).
#pragma once
#include "base/expected.hpp"
#include "filecoin/core/api_version.hpp"
#include "filecoin/core/porep_config.hpp"
#include "filecoin/core/registered_post_proof.hpp"
#include "filecoin/core/tree_shape.hpp"

#include <cstddef>
#include <cstdint>
#include <string>

namespace cuzk::filecoin {

inline constexpr size_t WINDOW_POST_CHALLENGE_COUNT = 10;
inline constexpr size_t WINNING_POST_CHALLENGE_COUNT = 66;
inline constexpr size_t WINNING_POST_SECTOR_COUNT = 1;

struct PoStConfig {
  RegisteredPoStProof proof;
  PoStType type;
  ApiVersion api_version;
  uint64_t sector_size;
  TreeShape tree_shape;   //!< tree_r_last's (TreeShapeForNodes)
  size_t challenge_count; //!< per sector: 10 (window) or 66 (winning)
  size_t sector_count;    //!< window: sectors per partition; winning: 1

  uint64_t SectorNodes() const { return sector_size / NODE_SIZE; }
};

PoStConfig PoStConfigFor(RegisteredPoStProof proof);

//! FallbackPoSt's public params (storage-proofs-post vanilla.rs `PublicParams`).
struct FallbackPoStParams {
  uint64_t sector_size = 0;
  size_t challenge_count = 0; //!< challenges per (pseudo-)sector
  size_t sector_count = 0;    //!< (pseudo-)sectors per partition
  ApiVersion api_version = ApiVersion::kV1_0_0;
  TreeShape tree_shape;

  uint64_t SectorNodes() const { return sector_size / NODE_SIZE; }
  //! "FallbackPoSt::PublicParams{sector_size: N, challenge_count: C, sector_count: S}" (no version:
  //! V1 and V1_2 share their parameters).
  std::string Identifier() const;
  //! "v28-proof-of-spacetime-fallback-merkletree-poseidon_hasher-B-S-T-<sha256(Identifier()) hex>",
  //! the Groth16 parameter file name without extension (spec/vectors.md §9).
  std::string ParameterCacheId() const;
};

//! The circuit params of a config: window → (10, sectors per partition); winning → 66 pseudo-
//! sectors × 1 challenge.
FallbackPoStParams FallbackParamsOf(const PoStConfig &config);

//! WindowPoSt partitions for `sectors` sectors: ⌈sectors / sector_count⌉, at least 1. WinningPoSt: 1.
size_t PoStPartitionCount(const PoStConfig &config, size_t sectors);

} // namespace cuzk::filecoin

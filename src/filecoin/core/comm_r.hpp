// src/filecoin/core/comm_r.hpp — a sealed sector's replica commitment from its two tree roots,
// shared by PoSt (each challenged sector) and SnapDeals (the old and the new replica).
#pragma once
#include "ff/bls12_381.hpp"

namespace cuzk::filecoin {

//! comm_r = Poseidon2_MerkleTree(comm_c, comm_r_last).
ff::Fr PoStCommR(const ff::Fr &comm_c, const ff::Fr &comm_r_last);

} // namespace cuzk::filecoin

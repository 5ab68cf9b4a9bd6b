// src/gpu/witness_unpack.cuh — a witness sent to the device packed, and unpacked there.
//
// ~97% of a Filecoin partition's aux values are 0 or 1 (scalar_split.hpp). The L MSM's plan
// (ScalarSplit over every aux value) already holds them as a bitmap of ones and a tail of
// (index, value) for the rest, so a partition whose a, b, c are evaluated on the device sends that
// instead of the values: for a 32 GiB PoRep partition ~160 MB instead of ~4 GB over PCIe. The
// device writes every value from the bitmap (1 or 0), then the tail over it.
#pragma once
#include "gpu/field.cuh"

#include <cstdint>

namespace cuzk::gpu {

//! value i of the packed witness before its tail is scattered: 1 where the bitmap says so, else 0
CUZK_HD Fr WitnessFromBits(const uint64_t *ones, uint64_t i) {
  return (ones[i / 64] >> (i % 64)) & 1 ? Fr::One() : Fr::Zero();
}

} // namespace cuzk::gpu

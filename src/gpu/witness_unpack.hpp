// src/gpu/witness_unpack.hpp — host entry to witness_unpack.cuh's kernel.
#pragma once
#include "ff/bls12_381.hpp"
#include "gpu/resources.hpp"

#include <cstdint>

namespace cuzk::gpu {

//! out[i] = bit i of ones (⌈n/64⌉ words) as 0 or 1, for i < n, then out[tail_index[k]] =
//! tail_value[k] for k < tail (indices < n). Device memory; queued on s.
void UnpackWitness(const uint64_t *ones, uint64_t n, const uint32_t *tail_index, const ff::Fr *tail_value,
                   uint64_t tail, ff::Fr *out, const Stream &s);

} // namespace cuzk::gpu

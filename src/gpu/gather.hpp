// src/gpu/gather.hpp — dst[j] = src[index[j]] for curve points in device memory.
//
// The GPU prover's tail MSMs run over the few bases whose scalar is neither 0 nor 1; those bases
// are scattered through the resident SRS, so they are gathered into a compact array first (on
// the device: the SRS never travels back over PCIe).
#pragma once
#include "ec/point.hpp"
#include "gpu/resources.hpp"

#include <cstdint>

namespace cuzk::gpu {

//! Queued on s; src, index (m entries, each a valid position in src) and dst are device memory.
void GatherPoints(const ec::G1Affine *src, const uint32_t *index, size_t m, ec::G1Affine *dst, const Stream &s);
void GatherPoints(const ec::G2Affine *src, const uint32_t *index, size_t m, ec::G2Affine *dst, const Stream &s);

} // namespace cuzk::gpu

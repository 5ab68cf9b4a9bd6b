// src/gpu/pce_matrix.hpp — one matrix of a pre-compiled circuit as the device evaluation reads it.
//
// Apart from pce_rows.cuh (the device bodies) so that host headers (pce_device.hpp) name it
// without pulling the device field types into their users.
#pragma once
#include "pce/pre_compiled.hpp"

#include <cstdint>

namespace cuzk::gpu {

//! One matrix in device memory (or, for the host twin, host memory): pre_compiled.hpp's streams.
struct PceMatrix {
  uint64_t rows = 0;
  const uint8_t *row_info = nullptr;
  const uint32_t *long_lengths = nullptr;
  const pce::BlockStart *blocks = nullptr; //!< BlockCount(rows) entries
  const uint32_t *columns = nullptr;
  const uint16_t *coeff_index = nullptr;
};

} // namespace cuzk::gpu

// src/gpu/pce_eval.cu — a = A·w, b = B·w, c = C·w of a resident pre-compiled circuit (pce_device.hpp).
//
// One CUDA block per block of BLOCK_ROWS rows, the three matrices side by side in one grid
// (blockIdx.y), so a launch has ~95 k blocks for a 32 GiB PoRep partition and no tail of one matrix
// waits for another. The per-thread bodies, and why long rows go to whole warps: pce_rows.cuh.
#include "gpu/pce_device.hpp"
#include "gpu/pce_rows.cuh"

#include <cub/block/block_scan.cuh>

namespace cuzk::gpu {
namespace {

struct PceLaunch {
  PceMatrix m[3];
  Fr *out[3];
};

static_assert(pce::BLOCK_ROWS <= 65536, "a block's long rows are listed by u16 index");

__global__ void __launch_bounds__(PCE_THREADS)
    PceEvaluateKernel(PceLaunch launch, const Fr *coefficients, const Fr *inputs, const Fr *aux) {
  const PceMatrix &m = launch.m[blockIdx.y];
  const uint64_t block = blockIdx.x;
  if (block * pce::BLOCK_ROWS >= m.rows) return; // the whole CUDA block leaves together
  using Scan32 = cub::BlockScan<uint32_t, PCE_THREADS>;
  using Scan64 = cub::BlockScan<uint64_t, PCE_THREADS>;
  __shared__ typename Scan32::TempStorage scan32;
  __shared__ typename Scan64::TempStorage scan64;
  __shared__ PceBlockOffsets off;
  __shared__ uint16_t warp_rows[pce::BLOCK_ROWS]; // the block's long rows, in no particular order
  __shared__ uint32_t warp_row_count;

  const unsigned t = threadIdx.x;
  if (t == 0) warp_row_count = 0;
  const pce::BlockStart start = m.blocks[block];
  const uint8_t *info = m.row_info + block * pce::BLOCK_ROWS;
  const uint32_t rows = PceRowsInBlock(m, block);

  uint32_t long_before = 0;
  Scan32(scan32).ExclusiveSum(PceLongRowsOfRun(info, rows, t), long_before);
  const uint32_t *long_lengths = m.long_lengths + start.long_index + long_before;
  const PceRunTotals mine = PceRunLengths(info, rows, t, long_lengths);
  // both totals in one scan: coefficient indices never outnumber entries, and a block's entries
  // fit 32 bits (DevicePce::Upload), so the low half never carries into the high one
  uint64_t before = 0;
  Scan64(scan64).ExclusiveSum((uint64_t(mine.entries) << 32) | mine.coeffs, before);
  PceWriteOffsets(info, rows, t, long_lengths, PceRunTotals{uint32_t(before >> 32), uint32_t(before)}, off);
  __syncthreads();

  Fr *out = launch.out[blockIdx.y] + block * pce::BLOCK_ROWS;
  for (uint32_t r = t; r < rows; r += PCE_THREADS) {
    if (PceRowEntries(off, r) > PCE_SHORT_ROW)
      warp_rows[atomicAdd(&warp_row_count, 1u)] = uint16_t(r);
    else
      out[r] = PceEvaluateRow(m, start, off, info, r, coefficients, inputs, aux);
  }
  __syncthreads();
  // the long rows, one warp each (the loop is uniform within a warp: every lane shuffles)
  const unsigned lane = t % PCE_WARP;
  for (uint32_t i = t / PCE_WARP; i < warp_row_count; i += PCE_THREADS / PCE_WARP) {
    const uint32_t r = warp_rows[i];
    Fr acc = PceEvaluateRowSlice(m, start, off, info, r, lane, PCE_WARP, coefficients, inputs, aux);
    // field addition is exact, so any order of the lanes' sums gives the CPU's value
    for (unsigned d = PCE_WARP / 2; d > 0; d /= 2) {
      Fr other;
      for (int w = 0; w < Fr::N; w++) other.v[w] = __shfl_down_sync(0xffffffffu, acc.v[w], d);
      acc += other;
    }
    if (lane == 0) out[r] = acc;
  }
}

} // namespace

void EvaluatePceOnDevice(const DevicePce &pce, const ff::Fr *inputs, const ff::Fr *aux, ff::Fr *a, ff::Fr *b, ff::Fr *c,
                         const Stream &s) {
  const uint64_t rows = pce.NumConstraints();
  if (rows == 0) return;
  const uint64_t blocks = pce::BlockCount(rows) - 1;
  if (blocks > 0x7fffffffu) throw std::length_error("EvaluatePceOnDevice: more row blocks than a grid holds");
  PceLaunch launch;
  Fr *outs[3] = {reinterpret_cast<Fr *>(a), reinterpret_cast<Fr *>(b), reinterpret_cast<Fr *>(c)};
  for (int k = 0; k < 3; k++) {
    launch.m[k] = pce.Matrix(k);
    launch.out[k] = outs[k];
  }
  s.Dev().MakeCurrent();
  PceEvaluateKernel<<<dim3(unsigned(blocks), 3), PCE_THREADS, 0, s.Get()>>>(
      // ff::Fr and gpu::Fr have the same bytes (field.cuh)
      launch, reinterpret_cast<const Fr *>(pce.Coefficients()), reinterpret_cast<const Fr *>(inputs),
      reinterpret_cast<const Fr *>(aux));
  CUZK_CUDA_CHECK_LAUNCH();
}

} // namespace cuzk::gpu

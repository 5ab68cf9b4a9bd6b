// src/gpu/witness_unpack.cu — see witness_unpack.hpp.
#include "gpu/witness_unpack.cuh"
#include "gpu/witness_unpack.hpp"

#include <stdexcept>

namespace cuzk::gpu {
namespace {

constexpr unsigned THREADS = 256;

__global__ void BitsKernel(const uint64_t *ones, uint64_t n, Fr *out) {
  const uint64_t i = uint64_t(blockIdx.x) * THREADS + threadIdx.x;
  if (i < n) out[i] = WitnessFromBits(ones, i);
}

__global__ void ScatterKernel(const uint32_t *tail_index, const Fr *tail_value, uint64_t tail, Fr *out) {
  const uint64_t k = uint64_t(blockIdx.x) * THREADS + threadIdx.x;
  if (k < tail) out[tail_index[k]] = tail_value[k];
}

unsigned Blocks(uint64_t n) {
  const uint64_t b = (n + THREADS - 1) / THREADS;
  if (b > 0x7fffffffu) throw std::length_error("UnpackWitness: more values than a grid covers");
  return unsigned(b);
}

} // namespace

void UnpackWitness(const uint64_t *ones, uint64_t n, const uint32_t *tail_index, const ff::Fr *tail_value,
                   uint64_t tail, ff::Fr *out, const Stream &s) {
  s.Dev().MakeCurrent();
  Fr *o = reinterpret_cast<Fr *>(out);
  if (n) {
    BitsKernel<<<Blocks(n), THREADS, 0, s.Get()>>>(ones, n, o);
    CUZK_CUDA_CHECK_LAUNCH();
  }
  if (tail) {
    // after the bits, in stream order: the tail's values overwrite their zeros
    ScatterKernel<<<Blocks(tail), THREADS, 0, s.Get()>>>(tail_index, reinterpret_cast<const Fr *>(tail_value), tail, o);
    CUZK_CUDA_CHECK_LAUNCH();
  }
}

} // namespace cuzk::gpu

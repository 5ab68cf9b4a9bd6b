// src/gpu/ntt.cu — kernels and orchestration of the device NTT (see ntt.hpp, ntt_pass.cuh, ntt_schedule.hpp).
#include "gpu/ntt.hpp"
#include "gpu/ntt_kernels.cuh"
#include "gpu/ntt_pass.cuh"
#include "gpu/ntt_tiled.cuh"

#include <stdexcept>

namespace cuzk::gpu {

namespace {

constexpr unsigned NTT_BLOCK = 256;

__global__ void __launch_bounds__(NTT_PASS_THREADS)
    BitReverseTileKernel(Fr *x, unsigned log_n, PowTable scale, bool before) {
  extern __shared__ uint4 tile[];
  DeviceBlock<NttBitReverseTile::Thread> blk;
  blk.smem = reinterpret_cast<uint32_t *>(tile);
  NttBitReverseTile::Run(blk, x, log_n, scale, before, blockIdx.x);
}

__global__ void BitReverseScaleKernel(Fr *x, unsigned log_n, PowTable scale, bool scale_before) {
  const uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= (uint32_t(1) << log_n)) return;
  BitReverseScaleThread(x, i, log_n, scale, scale_before);
}

unsigned Blocks(size_t threads) { return unsigned((threads + NTT_BLOCK - 1) / NTT_BLOCK); }

void BitReverseScale(Fr *x, unsigned log_n, const PowTable &scale, bool before, cudaStream_t st) {
  if (log_n >= NttBitReverseTile::MIN_LOG) {
    BitReverseTileKernel<<<NttBitReverseTile::Blocks(log_n), NTT_PASS_THREADS, NttBitReverseTile::SMEM_BYTES, st>>>(
        x, log_n, scale, before);
    CUZK_CUDA_CHECK_LAUNCH();
    return;
  }
  BitReverseScaleKernel<<<Blocks(size_t(1) << log_n), NTT_BLOCK, 0, st>>>(x, log_n, scale, before);
  CUZK_CUDA_CHECK_LAUNCH();
}

//! swaps (i, rev(i)) of W-uint4 elements, both below count
template <unsigned W> __global__ void BitReverseWordsKernel(uint4 *p, uint32_t count, unsigned log_n) {
  const uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= count) return;
  const uint32_t j = BitReverse(i, log_n);
  if (j <= i || j >= count) return;
  uint4 *a = p + size_t(i) * W, *b = p + size_t(j) * W;
  CUZK_UNROLL
  for (unsigned w = 0; w < W; w++) {
    const uint4 t = a[w];
    a[w] = b[w];
    b[w] = t;
  }
}

} // namespace

NttDomain::NttDomain(const Device &dev, unsigned log_n) : dev_(dev), log_n_(log_n), storage_(dev, 0) {
  if (log_n < 1 || log_n > NTT_MAX_LOG) throw std::invalid_argument("NttDomain: log_n must be in 1..28");
  host_ = BuildNttTables(log_n);
  storage_ = DeviceBuffer<ff::Fr>(dev_, host_.all.size());
  Stream s(dev_);
  storage_.CopyFromHost(host_.all, s);
  s.Synchronize();
  host_.all = {};
  tables_ = ResolveNttTables(host_, reinterpret_cast<const Fr *>(storage_.Data()));
  dev_.MakeCurrent();
  SetTiledPassAttributes();
  CUZK_CUDA_CHECK(cudaFuncSetAttribute(BitReverseTileKernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                       int(NttBitReverseTile::SMEM_BYTES)));
}

std::vector<NttStep> NttDomain::TransformPlan(ff::Fr *data, NttKind kind, ff::Fr *scratch) const {
  if (scratch != nullptr && scratch < data + Size() && data < scratch + Size())
    throw std::invalid_argument("NttDomain::Transform: scratch overlaps the data");
  return TransformSteps(tables_, log_n_, reinterpret_cast<Fr *>(data), kind, reinterpret_cast<Fr *>(scratch));
}

std::vector<NttStep> NttDomain::HPlan(ff::Fr *a, ff::Fr *b, ff::Fr *c, bool natural_out, bool derived_c) const {
  return HSteps(tables_, log_n_, reinterpret_cast<Fr *>(a), reinterpret_cast<Fr *>(b), reinterpret_cast<Fr *>(c),
                natural_out, derived_c);
}

void NttDomain::Launch(std::span<const NttStep> steps, const Stream &s) const {
  dev_.MakeCurrent();
  const cudaStream_t st = s.Get();
  for (const NttStep &step : steps) {
    if (step.bit_reverse)
      BitReverseScale(step.x, log_n_, step.br_scale, step.br_before, st);
    else
      LaunchTiledPass(step.bits, step.pass, st);
  }
}

void NttDomain::Transform(ff::Fr *data, NttKind kind, const Stream &s, ff::Fr *scratch) const {
  dev_.MakeCurrent();
  Launch(TransformPlan(data, kind, scratch), s);
}

void NttDomain::ComputeH(ff::Fr *a, ff::Fr *b, ff::Fr *c, const Stream &s, bool natural_out) const {
  dev_.MakeCurrent();
  Launch(HPlan(a, b, c, natural_out), s);
}

void BitReverseInPlace(void *data, size_t elem_bytes, size_t count, unsigned log_n, const Stream &s) {
  if (count == 0) return;
  if (log_n < 1 || log_n > NTT_MAX_LOG || count > (size_t(1) << log_n))
    throw std::invalid_argument("BitReverseInPlace: count exceeds 2^log_n");
  s.Dev().MakeCurrent();
  auto *p = static_cast<uint4 *>(data);
  const uint32_t c = uint32_t(count);
  switch (elem_bytes) {
  case 96:
    BitReverseWordsKernel<6><<<Blocks(count), NTT_BLOCK, 0, s.Get()>>>(p, c, log_n);
    break;
  case 192:
    BitReverseWordsKernel<12><<<Blocks(count), NTT_BLOCK, 0, s.Get()>>>(p, c, log_n);
    break;
  default:
    throw std::invalid_argument("BitReverseInPlace: elements of 96 or 192 bytes");
  }
  CUZK_CUDA_CHECK_LAUNCH();
}

} // namespace cuzk::gpu

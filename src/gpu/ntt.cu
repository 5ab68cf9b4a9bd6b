// src/gpu/ntt.cu — kernels and orchestration of the device NTT (see ntt.hpp,
// ntt_pass.cuh, ntt_schedule.hpp).
#include "gpu/ntt.hpp"
#include "gpu/ntt_kernels.cuh"
#include "gpu/ntt_pass.cuh"
#include "gpu/ntt_tiled.cuh"

#include <cstdlib>
#include <cstring>
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

template <unsigned S, bool DIT>
__global__ void __launch_bounds__(NTT_BLOCK) RadixKernel(Fr *x, unsigned log_n, unsigned log_h, PowTable tw) {
  const uint32_t t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= (uint32_t(1) << (log_n - S))) return;
  NttRadixThread<S, DIT>(x, t, log_n, log_h, tw);
}

__global__ void BitReverseScaleKernel(Fr *x, unsigned log_n, PowTable scale, bool scale_before) {
  const uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= (uint32_t(1) << log_n)) return;
  BitReverseScaleThread(x, i, log_n, scale, scale_before);
}

__global__ void ScaleBitReversedKernel(Fr *x, unsigned log_n, PowTable scale) {
  const uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= (uint32_t(1) << log_n)) return;
  ScaleBitReversedThread(x, i, log_n, scale);
}

__global__ void QuotientKernel(Fr *a, const Fr *b, const Fr *c, unsigned log_n, Fr z_inv) {
  const uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= (uint32_t(1) << log_n)) return;
  QuotientThread(a, b, c, i, z_inv);
}

unsigned Blocks(size_t threads) { return unsigned((threads + NTT_BLOCK - 1) / NTT_BLOCK); }

template <bool DIT>
void LaunchPass(Fr *x, unsigned log_n, unsigned log_h, unsigned s, const PowTable &tw, cudaStream_t st) {
  const unsigned blocks = Blocks(size_t(1) << (log_n - s));
  switch (s) {
  case 1:
    RadixKernel<1, DIT><<<blocks, NTT_BLOCK, 0, st>>>(x, log_n, log_h, tw);
    break;
  case 2:
    RadixKernel<2, DIT><<<blocks, NTT_BLOCK, 0, st>>>(x, log_n, log_h, tw);
    break;
  case 3:
    RadixKernel<3, DIT><<<blocks, NTT_BLOCK, 0, st>>>(x, log_n, log_h, tw);
    break;
  default:
    throw std::logic_error("NTT pass radix out of range");
  }
  CUZK_CUDA_CHECK_LAUNCH();
}

//! natural → bit-reversed, half-spans n/2 … 1
void Dif(Fr *x, unsigned log_n, const PowTable &tw, cudaStream_t st) {
  for (unsigned r = log_n; r > 0;) {
    const unsigned s = r < NTT_MAX_RADIX_LOG ? r : NTT_MAX_RADIX_LOG;
    LaunchPass<false>(x, log_n, r - s, s, tw, st);
    r -= s;
  }
}

//! bit-reversed → natural, half-spans 1 … n/2
void Dit(Fr *x, unsigned log_n, const PowTable &tw, cudaStream_t st) {
  for (unsigned lh = 0; lh < log_n;) {
    const unsigned s = log_n - lh < NTT_MAX_RADIX_LOG ? log_n - lh : NTT_MAX_RADIX_LOG;
    LaunchPass<true>(x, log_n, lh, s, tw, st);
    lh += s;
  }
}

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

bool LegacyRequested() {
  const char *v = std::getenv("CUZK_NTT_LEGACY");
  return v && std::strcmp(v, "1") == 0;
}

//! CUZK_NTT_RADIX=4: 4 elements a thread (more resident warps, twice the
//! exchanges); default 8
unsigned RadixLogRequested() {
  const char *v = std::getenv("CUZK_NTT_RADIX");
  return v && std::strcmp(v, "4") == 0 ? 2 : 3;
}

} // namespace

NttDomain::NttDomain(const Device &dev, unsigned log_n) : dev_(dev), log_n_(log_n), storage_(dev, 0) {
  if (log_n < 1 || log_n > NTT_MAX_LOG) throw std::invalid_argument("NttDomain: log_n must be in 1..28");
  tiled_ = !LegacyRequested();
  host_ = BuildNttTables(log_n);
  storage_ = DeviceBuffer<ff::Fr>(dev_, host_.all.size());
  Stream s(dev_);
  storage_.CopyFromHost(host_.all, s);
  s.Synchronize();
  host_.all = {};
  tables_ = ResolveNttTables(host_, reinterpret_cast<const Fr *>(storage_.Data()));
  dev_.MakeCurrent();
  radix_log_ = RadixLogRequested();
  if (radix_log_ == 3)
    SetTiledPassAttributes<3>();
  else
    SetTiledPassAttributes<2>();
  CUZK_CUDA_CHECK(cudaFuncSetAttribute(BitReverseTileKernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                       int(NttBitReverseTile::SMEM_BYTES)));
}

std::vector<NttStep> NttDomain::TransformPlan(ff::Fr *data, NttKind kind) const {
  return TransformSteps(tables_, log_n_, reinterpret_cast<Fr *>(data), kind);
}

std::vector<NttStep> NttDomain::HPlan(ff::Fr *a, ff::Fr *b, ff::Fr *c, bool natural_out) const {
  return HSteps(tables_, log_n_, reinterpret_cast<Fr *>(a), reinterpret_cast<Fr *>(b), reinterpret_cast<Fr *>(c),
                natural_out);
}

void NttDomain::Launch(std::span<const NttStep> steps, const Stream &s) const {
  dev_.MakeCurrent();
  const cudaStream_t st = s.Get();
  for (const NttStep &step : steps) {
    if (step.bit_reverse)
      BitReverseScale(step.x, log_n_, step.br_scale, step.br_before, st);
    else if (radix_log_ == 3)
      LaunchTiledPass<3>(step.bits, step.pass, st);
    else
      LaunchTiledPass<2>(step.bits, step.pass, st);
  }
}

void NttDomain::Transform(ff::Fr *data, NttKind kind, const Stream &s) const {
  dev_.MakeCurrent();
  if (!tiled_) return LegacyTransform(data, kind, s);
  Launch(TransformPlan(data, kind), s);
}

void NttDomain::ComputeH(ff::Fr *a, ff::Fr *b, ff::Fr *c, const Stream &s, bool natural_out) const {
  dev_.MakeCurrent();
  if (!tiled_) {
    LegacyH(a, b, c, s);
    if (!natural_out) BitReverseScale(reinterpret_cast<Fr *>(a), log_n_, PowTable{}, false, s.Get());
    return;
  }
  Launch(HPlan(a, b, c, natural_out), s);
}

void NttDomain::LegacyTransform(ff::Fr *data, NttKind kind, const Stream &s) const {
  Fr *x = reinterpret_cast<Fr *>(data);
  const cudaStream_t st = s.Get();
  const NttTables &t = tables_;
  switch (kind) {
  case NttKind::kForward:
    BitReverseScale(x, log_n_, PowTable{}, true, st);
    Dit(x, log_n_, t.omega, st);
    break;
  case NttKind::kCosetForward:
    BitReverseScale(x, log_n_, t.coset, true, st);
    Dit(x, log_n_, t.omega, st);
    break;
  case NttKind::kInverse:
    Dif(x, log_n_, t.omega_inv, st);
    BitReverseScale(x, log_n_, t.ninv, false, st);
    break;
  case NttKind::kCosetInverse:
    Dif(x, log_n_, t.omega_inv, st);
    BitReverseScale(x, log_n_, t.coset_inv_ninv, false, st);
    break;
  }
}

void NttDomain::LegacyH(ff::Fr *a, ff::Fr *b, ff::Fr *c, const Stream &s) const {
  const cudaStream_t st = s.Get();
  const unsigned blocks = Blocks(Size());
  for (ff::Fr *v : {a, b, c}) {
    Fr *x = reinterpret_cast<Fr *>(v);
    // interpolate (coefficients come out bit-reversed), shift to the coset
    // while they are still bit-reversed, and evaluate with the order-restoring
    // DIT: no permutation pass
    Dif(x, log_n_, tables_.omega_inv, st);
    ScaleBitReversedKernel<<<blocks, NTT_BLOCK, 0, st>>>(x, log_n_, tables_.coset_ninv);
    CUZK_CUDA_CHECK_LAUNCH();
    Dit(x, log_n_, tables_.omega, st);
  }
  QuotientKernel<<<blocks, NTT_BLOCK, 0, st>>>(reinterpret_cast<Fr *>(a), reinterpret_cast<const Fr *>(b),
                                               reinterpret_cast<const Fr *>(c), log_n_, ToDevice<Fr>(host_.z_inv));
  CUZK_CUDA_CHECK_LAUNCH();
  LegacyTransform(a, NttKind::kCosetInverse, s);
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

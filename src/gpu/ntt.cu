// src/gpu/ntt.cu — kernels and orchestration of the device NTT (see ntt.hpp, ntt_kernels.cuh).
#include "gpu/ntt.hpp"
#include "gpu/ntt_kernels.cuh"

#include <stdexcept>

namespace cuzk::gpu {

namespace {

constexpr unsigned NTT_BLOCK = 256;

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
  BitReverseScaleKernel<<<Blocks(size_t(1) << log_n), NTT_BLOCK, 0, st>>>(x, log_n, scale, before);
  CUZK_CUDA_CHECK_LAUNCH();
}

} // namespace

NttDomain::NttDomain(const Device &dev, unsigned log_n) : dev_(dev), log_n_(log_n), storage_(dev, 0) {
  if (log_n < 1 || log_n > NTT_MAX_LOG) throw std::invalid_argument("NttDomain: log_n must be in 1..28");
  const ff::Fr one = ff::Fr::One();
  const ff::Fr omega = DomainRoot(log_n), omega_inv = omega.Inverse();
  const ff::Fr g = CosetGenerator(), g_inv = g.Inverse();
  const ff::Fr n_inv = ff::Fr::FromUint(uint64_t(1) << log_n).Inverse();
  // Z(x) = x^n − 1 takes the single value g^n − 1 on the coset g·<ω>
  z_inv_ = (g.Pow(uint64_t(1) << log_n) - one).Inverse();

  std::vector<ff::Fr> all;
  auto add = [&](const HostPowTable &t) {
    TableRef r;
    r.lo_bits = t.lo_bits;
    r.hi = all.size();
    all.insert(all.end(), t.hi.begin(), t.hi.end());
    r.lo = all.size();
    all.insert(all.end(), t.lo.begin(), t.lo.end());
    return r;
  };
  omega_ = add(BuildPowTable(omega, log_n - 1, one));
  omega_inv_ = add(BuildPowTable(omega_inv, log_n - 1, one));
  coset_ = add(BuildPowTable(g, log_n, one));
  coset_ninv_ = add(BuildPowTable(g, log_n, n_inv));
  coset_inv_ninv_ = add(BuildPowTable(g_inv, log_n, n_inv));
  ninv_.hi = all.size();
  ninv_.constant = true;
  all.push_back(n_inv);

  storage_ = DeviceBuffer<ff::Fr>(dev_, all.size());
  Stream s(dev_);
  storage_.CopyFromHost(all, s);
  s.Synchronize();
}

namespace {
PowTable Ref(const DeviceBuffer<ff::Fr> &storage, size_t hi, size_t lo, uint32_t lo_bits, bool constant) {
  const Fr *base = reinterpret_cast<const Fr *>(storage.Data());
  PowTable t;
  t.hi = base + hi;
  t.lo = constant ? nullptr : base + lo;
  t.lo_bits = lo_bits;
  return t;
}
} // namespace

void NttDomain::Transform(ff::Fr *data, NttKind kind, const Stream &s) const {
  dev_.MakeCurrent();
  auto T = [&](const TableRef &r) { return Ref(storage_, r.hi, r.lo, r.lo_bits, r.constant); };
  Fr *x = reinterpret_cast<Fr *>(data);
  const cudaStream_t st = s.Get();
  switch (kind) {
  case NttKind::kForward:
    BitReverseScale(x, log_n_, PowTable{}, true, st);
    Dit(x, log_n_, T(omega_), st);
    break;
  case NttKind::kCosetForward:
    BitReverseScale(x, log_n_, T(coset_), true, st);
    Dit(x, log_n_, T(omega_), st);
    break;
  case NttKind::kInverse:
    Dif(x, log_n_, T(omega_inv_), st);
    BitReverseScale(x, log_n_, T(ninv_), false, st);
    break;
  case NttKind::kCosetInverse:
    Dif(x, log_n_, T(omega_inv_), st);
    BitReverseScale(x, log_n_, T(coset_inv_ninv_), false, st);
    break;
  }
}

void NttDomain::ComputeH(ff::Fr *a, ff::Fr *b, ff::Fr *c, const Stream &s) const {
  dev_.MakeCurrent();
  auto T = [&](const TableRef &r) { return Ref(storage_, r.hi, r.lo, r.lo_bits, r.constant); };
  const cudaStream_t st = s.Get();
  const unsigned blocks = Blocks(Size());
  for (ff::Fr *v : {a, b, c}) {
    Fr *x = reinterpret_cast<Fr *>(v);
    // interpolate (coefficients come out bit-reversed), shift to the coset while they are
    // still bit-reversed, and evaluate with the order-restoring DIT: no permutation pass
    Dif(x, log_n_, T(omega_inv_), st);
    ScaleBitReversedKernel<<<blocks, NTT_BLOCK, 0, st>>>(x, log_n_, T(coset_ninv_));
    CUZK_CUDA_CHECK_LAUNCH();
    Dit(x, log_n_, T(omega_), st);
  }
  QuotientKernel<<<blocks, NTT_BLOCK, 0, st>>>(reinterpret_cast<Fr *>(a), reinterpret_cast<const Fr *>(b),
                                               reinterpret_cast<const Fr *>(c), log_n_, ToDevice<Fr>(z_inv_));
  CUZK_CUDA_CHECK_LAUNCH();
  Transform(a, NttKind::kCosetInverse, s);
}

} // namespace cuzk::gpu

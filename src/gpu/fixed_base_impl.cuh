// src/gpu/fixed_base_impl.cuh — FixedBaseMul<C> (fixed_base.hpp): the host-built table and the
// chunked round trips; included by fixed_base_g1.cu and fixed_base_g2.cu, one curve each.
#pragma once
#include "ec/fixed_base.hpp"
#include "gpu/cuda_check.hpp"
#include "gpu/fixed_base.hpp"
#include "gpu/fixed_base_kernels.cuh"

#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

namespace cuzk::gpu {

namespace fixed_base {
namespace {

constexpr unsigned BLOCK = 128;
//! points each thread of ToAffineKernel normalises with one inversion
constexpr size_t POINTS_PER_INVERSION = 32;
//! device memory left to others (the runtime, a concurrent prover) when sizing a chunk
constexpr size_t RESERVE_BYTES = size_t(512) << 20;

unsigned Blocks(size_t threads) { return unsigned((threads + BLOCK - 1) / BLOCK); }

} // namespace
} // namespace fixed_base

template <class C>
FixedBaseMul<C>::FixedBaseMul(const Device &dev, const ec::Affine<C> &base, unsigned window)
    : dev_(dev), window_(window), num_windows_(ff::Fr::NUM_BITS / window + 1) {
  using DA = typename DevicePoint<C>::AffineT;
  static_assert(sizeof(DA) == sizeof(ec::Affine<C>) && sizeof(gpu::Fr) == sizeof(ff::Fr));
  if (window < 2 || window > 16)
    throw std::invalid_argument("FixedBaseMul: window " + std::to_string(window) + " outside 2..16");
  if (base.IsInfinity()) throw std::invalid_argument("FixedBaseMul: the base is the point at infinity");
  // the host's table for the same window has the layout the kernels read, and the same row count
  const ec::FixedBaseTable<C> host(ec::Jacobian<C>::FromAffine(base), window);
  const std::span<const ec::Affine<C>> table = host.Table();
  if (host.NumWindows() != num_windows_) throw std::logic_error("FixedBaseMul: window count differs from the host's");
  dev_.MakeCurrent();
  CUZK_CUDA_CHECK(cudaMalloc(&table_, table.size() * sizeof(DA)));
  CUZK_CUDA_CHECK(cudaMemcpy(table_, table.data(), table.size() * sizeof(DA), cudaMemcpyHostToDevice));
}

template <class C> FixedBaseMul<C>::~FixedBaseMul() {
  if (!table_) return;
  try {
    dev_.MakeCurrent();
  } catch (...) {
  }
  cudaFree(table_); // a destructor cannot report; a failing free leaves a sticky error the next call reports
}

template <class C>
void FixedBaseMul<C>::Mul(std::span<const ff::Fr> scalars, std::span<ec::Affine<C>> out, size_t max_chunk) const {
  using F = typename DevicePoint<C>::Field;
  using DA = typename DevicePoint<C>::AffineT;
  using DX = typename DevicePoint<C>::XyzzT;
  if (out.size() != scalars.size())
    throw std::invalid_argument("FixedBaseMul: " + std::to_string(scalars.size()) + " scalars but " +
                                std::to_string(out.size()) + " outputs");
  const size_t n = scalars.size();
  if (n == 0) return;
  dev_.MakeCurrent();
  constexpr size_t per_point = sizeof(gpu::Fr) + sizeof(DX) + sizeof(F) + sizeof(DA);
  size_t free_bytes = 0, total_bytes = 0;
  CUZK_CUDA_CHECK(cudaMemGetInfo(&free_bytes, &total_bytes));
  if (free_bytes <= fixed_base::RESERVE_BYTES + per_point)
    throw std::runtime_error("FixedBaseMul: " + std::to_string(free_bytes >> 20) + " MiB free on device " +
                             std::to_string(dev_.Ordinal()) + ", too little for one chunk");
  size_t chunk = std::min(n, (free_bytes - fixed_base::RESERVE_BYTES) / per_point);
  if (max_chunk) chunk = std::min(chunk, max_chunk);

  gpu::Fr *d_scalars = nullptr;
  DX *d_xyzz = nullptr;
  F *d_prefix = nullptr;
  DA *d_out = nullptr;
  auto release = [&] {
    cudaFree(d_scalars);
    cudaFree(d_xyzz);
    cudaFree(d_prefix);
    cudaFree(d_out);
  };
  try {
    CUZK_CUDA_CHECK(cudaMalloc(&d_scalars, chunk * sizeof(gpu::Fr)));
    CUZK_CUDA_CHECK(cudaMalloc(&d_xyzz, chunk * sizeof(DX)));
    CUZK_CUDA_CHECK(cudaMalloc(&d_prefix, chunk * sizeof(F)));
    CUZK_CUDA_CHECK(cudaMalloc(&d_out, chunk * sizeof(DA)));
    for (size_t start = 0; start < n; start += chunk) {
      const size_t m = std::min(chunk, n - start);
      CUZK_CUDA_CHECK(cudaMemcpy(d_scalars, scalars.data() + start, m * sizeof(gpu::Fr), cudaMemcpyHostToDevice));
      fixed_base::MulKernel<F><<<fixed_base::Blocks(m), fixed_base::BLOCK>>>(
          d_scalars, m, static_cast<const DA *>(table_), window_, unsigned(num_windows_), d_xyzz);
      CUZK_CUDA_CHECK_LAUNCH();
      const size_t stride = (m + fixed_base::POINTS_PER_INVERSION - 1) / fixed_base::POINTS_PER_INVERSION;
      fixed_base::ToAffineKernel<F>
          <<<fixed_base::Blocks(stride), fixed_base::BLOCK>>>(d_xyzz, m, stride, d_prefix, d_out);
      CUZK_CUDA_CHECK_LAUNCH();
      CUZK_CUDA_CHECK(cudaMemcpy(out.data() + start, d_out, m * sizeof(DA), cudaMemcpyDeviceToHost));
    }
  } catch (...) {
    release();
    throw;
  }
  release();
}

} // namespace cuzk::gpu

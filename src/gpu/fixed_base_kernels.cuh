// src/gpu/fixed_base_kernels.cuh — kernels of the fixed-base multiplier (fixed_base.hpp).
#pragma once
#include "gpu/fixed_base_body.cuh"

namespace cuzk::gpu::fixed_base {

template <class F>
__global__ void MulKernel(const Fr *scalars, size_t n, const Affine<F> *table, unsigned window, unsigned num_windows,
                          Xyzz<F> *out) {
  const size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i >= n) return;
  out[i] = MulOne(scalars[i], table, window, num_windows);
}

//! Thread t normalises points t, t + stride, t + 2·stride, ... < n with one inversion; prefix
//! holds the running products between the two passes (one field element per point).
template <class F>
__global__ void ToAffineKernel(const Xyzz<F> *in, size_t n, size_t stride, F *prefix, Affine<F> *out) {
  const size_t t = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (t >= stride || t >= n) return;
  const size_t count = (n - 1 - t) / stride + 1;
  F acc = F::One();
  for (size_t j = 0; j < count; j++) {
    const size_t i = t + j * stride;
    prefix[i] = acc;
    acc = acc * Denominator(in[i]);
  }
  F inv = Invert(acc); // 1 / Π denominators; never zero: infinities contribute one
  for (size_t j = count; j-- > 0;) {
    const size_t i = t + j * stride;
    const Xyzz<F> p = in[i];
    out[i] = ToAffine(p, inv * prefix[i]); // inv·prefix[i] = 1 / denominator of i
    inv = inv * Denominator(p);
  }
}

} // namespace cuzk::gpu::fixed_base

// tests/gpu/ntt_test_util.hpp — one device transform of a host vector, for the NTT tests.
#pragma once
#include "ff/bls12_381.hpp"
#include "gpu/ntt.hpp"

#include <vector>

namespace cuzk::gpu::test {

//! copies `in` to the device, applies `kind` there and returns the result
inline std::vector<ff::Fr> RunOnDevice(const NttDomain &dom, const std::vector<ff::Fr> &in, NttKind kind,
                                       const Stream &s) {
  DeviceBuffer<ff::Fr> buf(dom.Dev(), in.size());
  buf.CopyFromHost(in, s);
  dom.Transform(buf.Data(), kind, s);
  std::vector<ff::Fr> out(in.size());
  buf.CopyToHost(out, s);
  s.Synchronize();
  return out;
}

} // namespace cuzk::gpu::test

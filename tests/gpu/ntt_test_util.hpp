// tests/gpu/ntt_test_util.hpp — one device transform of a host vector, for the NTT tests.
#pragma once
#include "ff/bls12_381.hpp"
#include "gpu/ntt.hpp"

#include <vector>

namespace cuzk::gpu::test {

//! copies `in` to the device, applies `kind` there and returns the result; out_of_place: through a scratch buffer
//! (the bit reversal fused into a pass), else in place
inline std::vector<ff::Fr> RunOnDevice(const NttDomain &dom, const std::vector<ff::Fr> &in, NttKind kind,
                                       const Stream &s, bool out_of_place = false) {
  DeviceBuffer<ff::Fr> buf(dom.Dev(), in.size()), scratch(dom.Dev(), out_of_place ? in.size() : 0);
  buf.CopyFromHost(in, s);
  dom.Transform(buf.Data(), kind, s, out_of_place ? scratch.Data() : nullptr);
  std::vector<ff::Fr> out(in.size());
  buf.CopyToHost(out, s);
  s.Synchronize();
  return out;
}

} // namespace cuzk::gpu::test

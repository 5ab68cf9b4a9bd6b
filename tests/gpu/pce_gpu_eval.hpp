// tests/gpu/pce_gpu_eval.hpp — a pre-compiled circuit evaluated on a device, brought back, for the
// GPU tests that compare it with pce::EvaluateAll (the CPU reference).
#pragma once
#include "gpu/pce_device.hpp"
#include "gpu/resources.hpp"
#include "pce/evaluate.hpp"

#include <gtest/gtest.h>

#include <array>
#include <stdexcept>
#include <string>
#include <vector>

namespace cuzk::gpu::test {

using Abc = std::array<std::vector<ff::Fr>, 3>;

//! a, b, c of circuit for the witness, on dev (upload excluded from *kernel_ms when given)
inline Abc EvaluateOnDevice(const Device &dev, const pce::PreCompiledCircuit &circuit, std::span<const ff::Fr> inputs,
                            std::span<const ff::Fr> aux, float *kernel_ms = nullptr) {
  Stream s(dev);
  auto resident = DevicePce::Upload(dev, circuit, s);
  if (!resident) throw std::runtime_error(resident.ErrorMessage());
  const size_t rows = circuit.NumConstraints();
  DeviceBuffer<ff::Fr> din(dev, inputs.size()), daux(dev, aux.size() + 1), dout(dev, 3 * rows + 1);
  din.CopyFromHost(inputs, s);
  daux.CopyFromHost(aux, s);
  Event start(dev), end(dev);
  start.Record(s);
  EvaluatePceOnDevice(**resident, din.Data(), daux.Data(), dout.Data(), dout.Data() + rows, dout.Data() + 2 * rows, s);
  end.Record(s);
  Abc out;
  for (int k = 0; k < 3; k++) {
    out[k].resize(rows);
    dout.CopyToHost(out[k], s, k * rows);
  }
  s.Synchronize();
  if (kernel_ms) *kernel_ms = end.MillisSince(start);
  return out;
}

inline Abc EvaluateOnHost(const pce::PreCompiledCircuit &circuit, std::span<const ff::Fr> inputs,
                          std::span<const ff::Fr> aux) {
  Abc out;
  for (auto &v : out) v.assign(circuit.NumConstraints(), ff::Fr::Zero());
  pce::EvaluateAll(circuit, inputs, aux, out[0].data(), out[1].data(), out[2].data());
  return out;
}

inline ::testing::AssertionResult SameAbc(const Abc &gpu, const Abc &cpu) {
  for (int k = 0; k < 3; k++) {
    if (gpu[k].size() != cpu[k].size()) return ::testing::AssertionFailure() << "abc"[k] << ": lengths differ";
    for (size_t i = 0; i < cpu[k].size(); i++)
      if (gpu[k][i] != cpu[k][i])
        return ::testing::AssertionFailure() << "abc"[k] << "[" << i << "] differs (of " << cpu[k].size() << ")";
  }
  return ::testing::AssertionSuccess();
}

} // namespace cuzk::gpu::test

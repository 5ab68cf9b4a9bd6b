// src/gpu/groth16_backend.hpp — the Groth16 prover's heavy phase (ProveStart) on one GPU.
//
// Per circuit: a, b, c are uploaded once and H = (a·b − c)/Z is formed by the device NTTs
// (NttDomain::ComputeH) without leaving the device; the H coefficients feed the H MSM in place.
// The witness MSMs (L, A, B_G1 in G1 and B_G2 in G2, density-filtered like the CPU backend) sum
// the points whose scalar is 1 by batch addition and run Pippenger over the rest (scalar_split.hpp).
// Bases come from the device's SrsCache when the parameters fit its budget, and are streamed from
// host memory per MSM otherwise. For the same (r, s), ProveFinish of these partial proofs gives
// byte-identical proofs to the CPU backend's: every MSM is the same group element.
//
// GpuTuning (tuning.hpp) is given at construction: its MSM knobs go to every Msm the backend makes, and
// derive_c (off by default) forms c = a∘b on the device instead of copying it (a satisfied R1CS has
// c_i = a_i·b_i on every row); an unsatisfied witness then gives another (equally invalid) proof than
// the CPU backend's.
//
// An assignment whose a, b, c are deferred to a pre-compiled circuit (pce/deferred.hpp) has them
// formed on the device: the circuit's matrices are made resident in the device's DevicePceCache
// (once per device), the witness (inputs and aux) is uploaded instead of a, b, c, and the
// evaluation kernel writes a, b, c where ComputeH reads them. When the circuit does not fit the
// cache, or the assignment is deferred to something else, a, b, c are evaluated on the host and
// uploaded as for any other assignment: the same proof either way.
//
// One backend is one prover worker: it owns a stream and its scratch, and is used by one thread
// at a time. Its device is explicit; ProveStart makes it current in the calling thread and holds
// the device's lock (DeviceLock) while kernels run, so workers of one GPU overlap their host work.
#pragma once
#include "gpu/device.hpp"
#include "gpu/srs_cache.hpp"
#include "gpu/tuning.hpp"
#include "groth16/prover.hpp"

#include <functional>
#include <memory>

namespace cuzk::gpu {

class DevicePceCache; // gpu/pce_device.hpp

class GpuBackend final : public groth16::ProverBackend {
public:
  //! srs_cache: the device's shared cache (its device must be dev); null makes a private one
  //! whose budget is half the device's free memory now. pce_cache: the device's shared cache of
  //! pre-compiled circuits (its device must be dev); null makes a private one of an eighth.
  explicit GpuBackend(const Device &dev, std::shared_ptr<SrsCache> srs_cache = nullptr,
                      std::shared_ptr<DevicePceCache> pce_cache = nullptr, const GpuTuning &tuning = {});
  ~GpuBackend() override;
  GpuBackend(const GpuBackend &) = delete;
  GpuBackend &operator=(const GpuBackend &) = delete;

  //! Shape mismatches and device failures (CUDA errors, out of memory) are errors naming the
  //! device; nothing throws.
  Expected<std::vector<groth16::PartialProof>> ProveStart(const groth16::Parameters &params,
                                                          std::span<const r1cs::ProvingAssignment> assignments,
                                                          groth16::ProverTimings *timings = nullptr) override;

  const Device &Dev() const;
  const GpuTuning &Tuning() const;
  SrsCache &Cache() const;
  DevicePceCache &PceCache() const;
  //! how many assignments with deferred a, b, c were evaluated on the device, and on the host
  //! (their circuit did not fit the device's cache): for tests and the bench
  size_t DeferredOnDevice() const;
  size_t DeferredOnHost() const;
  //! device bytes of this worker's scratch (NTT buffers, MSM sort space, gathers), not the SRS
  size_t ScratchBytes() const;

  struct Impl;

private:
  std::unique_ptr<Impl> impl_;
};

//! Builds one prover worker's backend for dev, in the worker's thread (dev already current).
using BackendFactory = std::function<std::unique_ptr<groth16::ProverBackend>(const Device &)>;

//! GpuBackends with `tuning`; the backends of one device (by UUID) share one SrsCache of srs_budget_bytes (0: half
//! of the device's free memory when its first backend is made) and one DevicePceCache (an eighth). cuzk-daemon
//! makes each GPU's engine workers with it.
BackendFactory GpuBackendFactory(const GpuTuning &tuning = {}, size_t srs_budget_bytes = 0);

} // namespace cuzk::gpu

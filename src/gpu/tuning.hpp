// src/gpu/tuning.hpp — what can be tuned in the CUDA backend, as plain values that the caller passes down:
// cuzk-daemon fills GpuTuning from cuzk.toml's [gpus] (gpus.msm_window_bits, gpus.msm_profile, gpus.derive_c), the
// benchmarks from their flags; GpuBackendFactory hands it to every GpuBackend, which gives `msm` to its Msm objects.
// Nothing in src/gpu reads the environment. The defaults are the measured best (BENCHMARKS.md); the alternatives
// that measured worse (the c ≤ log2 n − 6 window rule, items in bucket order, the geometric NTT twist) were removed.
// Host-only, without CUDA headers, so the emulation tests (tests/gpu_emulation) build everywhere.
#pragma once

namespace cuzk::gpu {

//! Knobs of the device MSM (msm.hpp).
struct MsmTuning {
  //! c for every run; 0: MsmWindowBits(n) (msm_window.hpp), the cost model. For experiments
  //! (scripts/gpu/probe-msm.sh): one forced width serves every size, so it loses somewhere.
  unsigned window_bits = 0;
  bool profile = false; //!< per-phase CUDA-event times of every run on stderr
  bool operator==(const MsmTuning &) const = default;
};

//! Knobs of the Groth16 backend (groth16_backend.hpp).
struct GpuTuning {
  MsmTuning msm;
  //! c = a∘b formed on the device instead of copied (a satisfied R1CS has c_i = a_i·b_i on every row): 4.3 GB
  //! less PCIe a 32 GiB partition, −14 ms (1%) in the steady state of two workers and +7 ms alone (BENCHMARKS.md,
  //! GPU). Off by default: the prover then relies on the witness satisfying the circuit (an unsatisfied one
  //! gives another invalid proof than the CPU backend's).
  bool derive_c = false;
  bool operator==(const GpuTuning &) const = default;
};

//! the widths gpus.msm_window_bits accepts besides 0: MsmWindowBits' range
inline constexpr unsigned MSM_MIN_WINDOW_BITS = 4, MSM_MAX_WINDOW_BITS = 22;

} // namespace cuzk::gpu

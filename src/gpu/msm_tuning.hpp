// src/gpu/msm_tuning.hpp — the knobs of the device MSM (msm.hpp). Host-only, without CUDA
// headers, so the emulation tests (tests/gpu_emulation) build everywhere.
#pragma once
#include "gpu/msm_window.hpp"

namespace cuzk::gpu {

//! Knobs of the device MSM. The defaults are the measured best; FromEnv lets experiments
//! (scripts/gpu-probe-msm.sh) override them: CUZK_MSM_WINDOW=c, CUZK_MSM_PROFILE=1,
//! CUZK_MSM_ORDER=0, CUZK_MSM_WINDOW_RULE=capped (the old width rule).
struct MsmTuning {
  unsigned window_bits = 0; //!< c; 0: Msm::WindowBits(n, window_rule)
  MsmWindowRule window_rule = MsmWindowRule::kCostModel;
  bool profile = false; //!< per-phase CUDA-event times of every run on stderr
  //! hand the accumulation's work items to threads longest first (msm_kernels.cuh step 3), so a
  //! warp's threads add about as many points each
  bool order_items = true;
  static MsmTuning FromEnv(); //!< the defaults, overridden by the environment
};

} // namespace cuzk::gpu

// src/gpu/msm_tuning.cpp — MsmTuning::FromEnv (msm.hpp): environment overrides for experiments.
#include "gpu/msm.hpp"

#include <cstdlib>
#include <cstring>

namespace cuzk::gpu {

MsmTuning MsmTuning::FromEnv() {
  MsmTuning base;
  if (const char *w = std::getenv("CUZK_MSM_WINDOW"); w && *w) base.window_bits = unsigned(std::atoi(w));
  if (const char *p = std::getenv("CUZK_MSM_PROFILE"); p && *p) base.profile = std::strcmp(p, "0") != 0;
  if (const char *s = std::getenv("CUZK_MSM_STRIPES"); s && *s) base.stripes = std::strcmp(s, "0") != 0;
  return base;
}

} // namespace cuzk::gpu

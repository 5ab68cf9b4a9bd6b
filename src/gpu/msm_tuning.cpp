// src/gpu/msm_tuning.cpp — MsmTuning::FromEnv (msm_tuning.hpp): environment overrides for experiments.
#include "gpu/msm_tuning.hpp"

#include <cstdlib>
#include <cstring>

namespace cuzk::gpu {

MsmTuning MsmTuning::FromEnv() {
  MsmTuning base;
  if (const char *w = std::getenv("CUZK_MSM_WINDOW"); w && *w) base.window_bits = unsigned(std::atoi(w));
  if (const char *p = std::getenv("CUZK_MSM_PROFILE"); p && *p) base.profile = std::strcmp(p, "0") != 0;
  if (const char *o = std::getenv("CUZK_MSM_ORDER"); o && *o) base.order_items = std::strcmp(o, "0") != 0;
  if (const char *r = std::getenv("CUZK_MSM_WINDOW_RULE"); r && *r)
    base.window_rule = std::strcmp(r, "capped") == 0 ? MsmWindowRule::kCapped : MsmWindowRule::kCostModel;
  return base;
}

} // namespace cuzk::gpu

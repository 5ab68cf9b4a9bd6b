// src/gpu/cuda_check.hpp — every CUDA runtime call is checked and names itself on failure.
//
// CUZK_CUDA_CHECK(expr) throws gpu::CudaError, whose message is
// "<error name>: <error string> at <expr>@<file>:<line>". Exceptions are the error channel
// inside src/gpu and its callers in the engine; they abort the one job that hit them (house
// rule 6) and are turned into status values at the engine boundary.
#pragma once
#include <cuda_runtime_api.h>

#include <stdexcept>
#include <string>

namespace cuzk::gpu {

class CudaError : public std::runtime_error {
public:
  CudaError(cudaError_t code, const std::string &what) : std::runtime_error(what), code_(code) {}
  cudaError_t Code() const { return code_; }

private:
  cudaError_t code_;
};

namespace detail {
[[noreturn]] void ThrowCudaError(cudaError_t code, const char *expr, const char *file, int line);
inline void CheckCuda(cudaError_t code, const char *expr, const char *file, int line) {
  if (code != cudaSuccess) ThrowCudaError(code, expr, file, line);
}
} // namespace detail

} // namespace cuzk::gpu

#define CUZK_CUDA_CHECK(expr) ::cuzk::gpu::detail::CheckCuda((expr), #expr, __FILE__, __LINE__)
//! after a kernel launch: reports launch-configuration errors at the launch site
#define CUZK_CUDA_CHECK_LAUNCH() CUZK_CUDA_CHECK(cudaGetLastError())

// apps/cuzk-bench/pce_gpu_bench.hpp — pce-bench's GPU half: a pre-compiled circuit evaluated on a
// device (src/gpu/pce_device.hpp), timed and compared with the CPU evaluation element for element.
#pragma once
#include "pce/pre_compiled.hpp"
#include "r1cs/proving_assignment.hpp"

#include <span>
#include <string>

namespace cuzk::bench {

struct GpuEvaluation {
  std::string skipped;         //!< why it did not run (no CUDA in this build, no device); "" when it ran
  std::string error;           //!< a device error
  double upload_s = 0;         //!< the matrices to the device (once per device in the engine)
  double witness_upload_s = 0; //!< inputs and aux to the device (per partition)
  double median_ms = 0;        //!< the kernel alone (a, b, c from the resident witness), median of the runs
  double min_ms = 0;
  size_t device_bytes = 0; //!< the resident matrices
  std::string difference;  //!< "" when a, b, c equal the reference's element for element
};

//! Uploads circuit to device 0, evaluates it `runs` times from the witness and compares the last
//! result with reference's a, b, c (a CPU evaluation of the same witness).
GpuEvaluation BenchGpuEvaluation(const pce::PreCompiledCircuit &circuit, const r1cs::ProvingAssignment &reference,
                                 size_t runs);

} // namespace cuzk::bench

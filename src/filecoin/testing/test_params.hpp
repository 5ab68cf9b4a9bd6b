// src/filecoin/testing/test_params.hpp — local, insecure Groth16 parameters for the blank circuits of
// PoRep, WindowPoSt, WinningPoSt and SnapDeals, written under the official file names
// (DESIGN.md "Test parameters"; spec/porep.md §1, spec/vectors.md §9; the names are
// filecoin/core/parameter_names.hpp's) so that the daemon loads test and real parameters the same way.
//
// Whoever ran the setup knows its secrets and can forge proofs: these files are for tests only.
// The real ones come from Filecoin's phase-2 MPC and have the same names; a directory that
// already holds both files of a circuit is reused as it is (a cache), whatever made them.
#pragma once
#include "base/expected.hpp"
#include "filecoin/core/parameter_names.hpp"
#include "groth16/setup.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace cuzk::filecoin {

struct TestParamsRequest {
  CircuitKind kind = CircuitKind::kPorep;
  uint64_t sector_size = 0; //!< bytes: one of the five published sizes
  std::string dir;          //!< created when missing
  //! seeds the setup's secrets (reproducible files); unset → std::random_device
  std::optional<uint64_t> seed;
  //! the fixed-base multiplications (e.g. src/gpu's GpuFixedBaseMultiplier); nullptr = the CPU's
  const groth16::FixedBaseMultiplier *multiplier = nullptr;
};

struct TestParamFiles {
  std::string cache_id; //!< the file stem
  std::string params_path, vk_path;
  bool generated = false; //!< false: both files were already in the directory
  size_t constraints = 0; //!< of the blank circuit (0 when reused)
  size_t inputs = 0;      //!< public inputs with ONE (0 when reused)
  double synthesis_s = 0; //!< recording the blank circuit
  double setup_s = 0;     //!< the setup, writing the .params file included (it streams, section by section)
  double write_s = 0;     //!< encoding and writing both files (within setup_s for the .params), and renaming
  size_t params_bytes = 0;
  groth16::SetupTimings timings; //!< phases of the setup
};

//! Returns the files of request.kind/sector_size in request.dir, running the setup over the blank
//! circuit only when one of the two is missing. Files are written under temporary names and
//! renamed, so a concurrent or interrupted run never leaves a torn file under the official name.
//! kInvalidArgument for an unknown size, a directory that cannot be created, or a failed setup/write.
Expected<TestParamFiles> EnsureTestParameters(const TestParamsRequest &request);

} // namespace cuzk::filecoin

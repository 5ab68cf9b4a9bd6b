// src/pce/recorder.hpp — records a circuit's R1CS straight into the compact pre-compiled form.
//
// A ConstraintSystem that keeps no values (value callbacks are never called) and appends each
// constraint's three rows to A, B and C as it is enforced, interning coefficients as it goes, so
// a 32 GiB PoRep partition is recorded in a few GB rather than the ~26 GB of Fr-valued CSR. Zero
// coefficients (terms that cancelled) are dropped, as density tracking drops them, so the
// recorded densities are exactly the ones synthesis into a ProvingAssignment tracks.
#pragma once
#include "base/expected.hpp"
#include "pce/pre_compiled.hpp"
#include "r1cs/constraint_system.hpp"
#include "r1cs/density.hpp"

#include <atomic>
#include <unordered_map>
#include <vector>

namespace cuzk::pce {

class Recorder final : public r1cs::ConstraintSystem {
public:
  Recorder();

  bool WantsValues() const override { return false; }
  size_t NumInputs() const override { return num_inputs_; }
  size_t NumAux() const override { return num_aux_; }
  size_t NumConstraints() const override { return rows_; }

  //! Synthesis stops (a SynthesisError) at the next constraint once *stop is true: a recording can
  //! take as long as a partition's synthesis, and shutdown must not wait for it.
  void SetStopFlag(const std::atomic<bool> *stop) { stop_ = stop; }

  //! The recorded circuit, labelled with shape_key. Call once: the recorder's buffers move into it.
  std::shared_ptr<const PreCompiledCircuit> Finish(std::string shape_key);

  struct MatrixBuffers {
    std::vector<uint8_t> row_info;
    std::vector<uint32_t> long_lengths;
    std::vector<BlockStart> blocks;
    std::vector<uint32_t> columns;
    std::vector<uint16_t> coeff_index;
  };

protected:
  r1cs::Variable AllocVariable(r1cs::VarKind kind, std::string_view name, r1cs::ValueFn value) override;
  void AddConstraint(std::string_view name, const r1cs::LinearCombination &a, const r1cs::LinearCombination &b,
                     const r1cs::LinearCombination &c) override;

private:
  struct FrHash {
    size_t operator()(const Fr &x) const {
      uint64_t h = x.l[0] * 0x9e3779b97f4a7c15ull;
      for (size_t i = 1; i < Fr::N; i++) h = (h ^ x.l[i]) * 0x9e3779b97f4a7c15ull;
      return size_t(h ^ (h >> 29));
    }
  };
  uint16_t Intern(const Fr &coeff);
  void AppendRow(MatrixBuffers &m, const r1cs::LinearCombination &lc, r1cs::DensityTracker *inputs,
                 r1cs::DensityTracker *aux);

  MatrixBuffers a_, b_, c_;
  std::vector<Fr> coefficients_;
  std::unordered_map<Fr, uint16_t, FrHash> interned_;
  r1cs::DensityTracker a_aux_, b_input_, b_aux_;
  uint64_t num_inputs_ = 1; // ONE
  uint64_t num_aux_ = 0;
  uint64_t rows_ = 0;
  const std::atomic<bool> *stop_ = nullptr;
};

//! Records a circuit by running its synthesis on a Recorder. An Error (never an exception) when
//! synthesis throws or the circuit does not fit the form (over 65536 distinct coefficients, or
//! over 2^30 variables in a space).
template <class Synthesize>
Expected<std::shared_ptr<const PreCompiledCircuit>> Record(Synthesize &&synthesize, std::string shape_key,
                                                           const std::atomic<bool> *stop = nullptr) {
  try {
    Recorder recorder;
    recorder.SetStopFlag(stop);
    synthesize(static_cast<r1cs::ConstraintSystem &>(recorder));
    return recorder.Finish(std::move(shape_key));
  } catch (const std::exception &e) {
    return MakeError(ErrorCode::kInternal, std::string("recording the circuit failed: ") + e.what());
  }
}

} // namespace cuzk::pce

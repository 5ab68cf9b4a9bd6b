// tests/gpu_emulation/pce_eval_emulation_test.cpp — the device evaluation of pre-compiled circuits
// (src/gpu/pce_rows.cuh, launched by pce_eval.cu) run on the host: the kernel's four phases over
// every thread of every block, with a host exclusive scan where the kernel scans the block and a host
// sum of a long row's 32 lane slices where the kernel's warp shuffles them, against
// pce::EvaluateMatrix element for element. Runs everywhere, CI included.
#include "gpu/pce_rows.cuh"
#include "gpu_test_util.hpp"
#include "pce/evaluate.hpp"
#include "pce/recorder.hpp"
#include "pce_circuits.hpp"
#include "r1cs/witness_cs.hpp"

#include <gtest/gtest.h>

#include <memory>
#include <numeric>

using namespace cuzk;
using namespace cuzk::gpu;

namespace {

struct TwinResult {
  std::vector<ff::Fr> out;
  std::string error; //!< a block whose offsets disagree with its BlockStart
};

// pce_eval.cu's PceEvaluateKernel with every CUDA block a loop iteration and every thread a loop
TwinResult TwinEvaluate(const pce::MatrixView &v, std::span<const ff::Fr> coefficients, std::span<const ff::Fr> inputs,
                        std::span<const ff::Fr> aux) {
  PceMatrix m;
  m.rows = v.rows;
  m.row_info = v.row_info.data();
  m.long_lengths = v.long_lengths.data();
  m.blocks = v.blocks.data();
  m.columns = v.columns.data();
  m.coeff_index = v.coeff_index.data();
  const auto *dc = reinterpret_cast<const Fr *>(coefficients.data());
  const auto *di = reinterpret_cast<const Fr *>(inputs.data());
  const auto *da = reinterpret_cast<const Fr *>(aux.data());
  TwinResult r;
  r.out.assign(v.rows, ff::Fr::Zero());
  auto off = std::make_unique<PceBlockOffsets>();
  const uint64_t blocks = pce::BlockCount(v.rows) - 1;
  for (uint64_t block = 0; block < blocks; block++) {
    const pce::BlockStart start = m.blocks[block];
    const uint8_t *info = m.row_info + block * pce::BLOCK_ROWS;
    const uint32_t rows = PceRowsInBlock(m, block);
    std::vector<uint32_t> longs(PCE_THREADS), long_before(PCE_THREADS);
    for (unsigned t = 0; t < PCE_THREADS; t++) longs[t] = PceLongRowsOfRun(info, rows, t);
    std::exclusive_scan(longs.begin(), longs.end(), long_before.begin(), 0u);
    std::vector<uint64_t> packed(PCE_THREADS), before(PCE_THREADS);
    for (unsigned t = 0; t < PCE_THREADS; t++) {
      const PceRunTotals tot = PceRunLengths(info, rows, t, m.long_lengths + start.long_index + long_before[t]);
      packed[t] = (uint64_t(tot.entries) << 32) | tot.coeffs;
    }
    std::exclusive_scan(packed.begin(), packed.end(), before.begin(), uint64_t(0));
    for (unsigned t = 0; t < PCE_THREADS; t++)
      PceWriteOffsets(info, rows, t, m.long_lengths + start.long_index + long_before[t],
                      PceRunTotals{uint32_t(before[t] >> 32), uint32_t(before[t])}, *off);
    const pce::BlockStart &next = m.blocks[block + 1];
    const uint64_t coeffs_total = (packed.back() + before.back()) & 0xffffffffu;
    if (off->entry[rows] != next.entry - start.entry || coeffs_total != next.coeff - start.coeff ||
        long_before.back() + longs.back() != next.long_index - start.long_index) {
      r.error = "block " + std::to_string(block) + ": its rows' offsets do not end at the next BlockStart";
      return r;
    }
    // short rows one thread each; a long row by the 32 lanes of a warp, each every 32nd entry, summed
    for (uint32_t row = 0; row < rows; row++) {
      Fr value = Fr::Zero();
      if (PceRowEntries(*off, row) > PCE_SHORT_ROW) {
        for (uint32_t lane = 0; lane < PCE_WARP; lane++)
          value += PceEvaluateRowSlice(m, start, *off, info, row, lane, PCE_WARP, dc, di, da);
      } else {
        value = PceEvaluateRow(m, start, *off, info, row, dc, di, da);
      }
      r.out[block * pce::BLOCK_ROWS + row] = ToHost<ff::Fr>(value);
    }
  }
  return r;
}

void ExpectTwinEqualsCpu(const pce::PreCompiledCircuit &c, const r1cs::WitnessCS &w, const std::string &what) {
  const pce::MatrixView *views[3] = {&c.A(), &c.B(), &c.C()};
  for (int k = 0; k < 3; k++) {
    std::vector<ff::Fr> cpu(c.NumConstraints());
    pce::EvaluateMatrix(*views[k], c.Coefficients(), w.input_assignment, w.aux_assignment, cpu.data());
    const TwinResult twin = TwinEvaluate(*views[k], c.Coefficients(), w.input_assignment, w.aux_assignment);
    ASSERT_TRUE(twin.error.empty()) << what << " "
                                    << "ABC"[k] << ": " << twin.error;
    for (size_t i = 0; i < cpu.size(); i++)
      ASSERT_TRUE(twin.out[i] == cpu[i]) << what << ": "
                                         << "abc"[k] << "[" << i << "] differs";
  }
}

template <class C> void Check(const C &circuit, const std::string &what) {
  auto recorded = pce::Record([&](r1cs::ConstraintSystem &cs) { circuit.Synthesize(cs); }, what);
  ASSERT_TRUE(recorded) << recorded.ErrorMessage();
  r1cs::WitnessCS w;
  circuit.Synthesize(w);
  ExpectTwinEqualsCpu(**recorded, w, what);
}

TEST(GpuPceEvalEmulation, EveryRowFormEqualsCpu) {
  for (uint64_t seed = 1; seed <= 3; seed++) Check(test::PceFormCircuit{seed, 9000}, "forms " + std::to_string(seed));
}

// the circuit has what the test claims to cover: unit and other rows, long ones of both, a block of long rows
TEST(GpuPceEvalEmulation, FormCircuitHasEveryForm) {
  const test::PceFormCircuit circuit{1, 9000};
  auto recorded = pce::Record([&](r1cs::ConstraintSystem &cs) { circuit.Synthesize(cs); }, "forms");
  ASSERT_TRUE(recorded);
  const pce::MatrixView &a = (*recorded)->A();
  size_t unit = 0, other = 0, long_unit = 0, long_other = 0, long_in_block_1 = 0;
  for (uint64_t r = 0; r < a.rows; r++) {
    const bool is_long = (a.row_info[r] & pce::LENGTH_MASK) == pce::LONG_ROW;
    const bool is_unit = a.row_info[r] & pce::UNIT_ROW;
    (is_unit ? unit : other)++;
    if (is_long) (is_unit ? long_unit : long_other)++;
    if (is_long && r >= 4096 && r < 8192) long_in_block_1++;
  }
  EXPECT_GT(unit, 100u);
  EXPECT_GT(other, 100u);
  EXPECT_GT(long_unit, 100u);
  EXPECT_GT(long_other, 100u);
  EXPECT_GT(long_in_block_1, 2500u);
}

TEST(GpuPceEvalEmulation, BlockBoundaries) {
  // one row, one block exactly, one row past it, and a block of long rows ending the matrix
  for (uint32_t rows : {1u, 4095u, 4096u, 4097u, 8192u})
    Check(test::PceFormCircuit{rows, rows}, std::to_string(rows) + " rows");
}

TEST(GpuPceEvalEmulation, EmptyCircuit) { Check(test::PceFormCircuit{9, 0}, "no rows"); }

} // namespace

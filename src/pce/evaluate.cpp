// src/pce/evaluate.cpp
#include "pce/evaluate.hpp"

#include "r1cs/huge_pages.hpp"

#include <string>

#include <tbb/parallel_for.h>

namespace cuzk::pce {
namespace {

// One block of rows. Witness values of Filecoin circuits are mostly bits, and coefficients mostly
// ±1 or powers of two, so multiplications are skipped where a factor is 0 or ±1.
void EvaluateBlock(const MatrixView &m, const Fr *coefficients, const Fr *inputs, const Fr *aux, uint64_t block,
                   Fr *out) {
  const BlockStart &start = m.blocks[block];
  uint64_t e = start.entry, q = start.coeff, li = start.long_index;
  const uint64_t row_end = std::min(m.rows, (block + 1) * BLOCK_ROWS);
  const uint32_t *columns = m.columns.data();
  const uint16_t *coeff_index = m.coeff_index.data();
  for (uint64_t r = block * BLOCK_ROWS; r < row_end; r++) {
    const uint8_t info = m.row_info[r];
    uint64_t length = info & LENGTH_MASK;
    if (length == LONG_ROW) length = m.long_lengths[li++];
    Fr acc = Fr::Zero();
    const uint64_t end = e + length;
    if (info & UNIT_ROW) {
      for (; e < end; e++) {
        const uint32_t col = columns[e];
        const Fr &v = (col & AUX_BIT) ? aux[col & INDEX_MASK] : inputs[col & INDEX_MASK];
        if (col & NEG_BIT)
          acc -= v;
        else
          acc += v;
      }
    } else {
      for (; e < end; e++, q++) {
        const uint32_t col = columns[e];
        const Fr &v = (col & AUX_BIT) ? aux[col & INDEX_MASK] : inputs[col & INDEX_MASK];
        const uint16_t ci = coeff_index[q];
        if (ci == COEFF_PLUS_ONE) {
          acc += v;
        } else if (ci == COEFF_MINUS_ONE) {
          acc -= v;
        } else if (v.IsZero()) {
        } else if (v.IsOne()) {
          acc += coefficients[ci];
        } else {
          acc += coefficients[ci] * v;
        }
      }
    }
    out[r] = acc;
  }
}

} // namespace

void EvaluateMatrix(const MatrixView &m, std::span<const Fr> coefficients, std::span<const Fr> inputs,
                    std::span<const Fr> aux, Fr *out) {
  const uint64_t blocks = m.blocks.empty() ? 0 : m.blocks.size() - 1;
  tbb::parallel_for(uint64_t(0), blocks,
                    [&](uint64_t b) { EvaluateBlock(m, coefficients.data(), inputs.data(), aux.data(), b, out); });
}

void EvaluateAll(const PreCompiledCircuit &pce, std::span<const Fr> inputs, std::span<const Fr> aux, Fr *a, Fr *b,
                 Fr *c) {
  const uint64_t rows = pce.NumConstraints();
  const MatrixView *matrices[3] = {&pce.A(), &pce.B(), &pce.C()};
  Fr *outputs[3] = {a, b, c};
  // one loop over the blocks of all three matrices, so that threads are never idle between them
  const uint64_t per_matrix = rows == 0 ? 0 : BlockCount(rows) - 1;
  tbb::parallel_for(uint64_t(0), 3 * per_matrix, [&](uint64_t i) {
    const uint64_t k = i / per_matrix;
    EvaluateBlock(*matrices[k], pce.Coefficients().data(), inputs.data(), aux.data(), i % per_matrix, outputs[k]);
  });
}

Status CheckWitness(const PreCompiledCircuit &pce, const r1cs::WitnessCS &witness) {
  if (witness.NumInputs() != pce.NumInputs() || witness.NumAux() != pce.NumAux() ||
      witness.NumConstraints() != pce.NumConstraints())
    return InvalidArgument("the witness has " + std::to_string(witness.NumInputs()) + " inputs, " +
                           std::to_string(witness.NumAux()) + " aux variables and " +
                           std::to_string(witness.NumConstraints()) + " constraints; the pre-compiled circuit " +
                           pce.ShapeKey() + " has " + std::to_string(pce.NumInputs()) + ", " +
                           std::to_string(pce.NumAux()) + " and " + std::to_string(pce.NumConstraints()));
  return Status::Ok();
}

Status Evaluate(const PreCompiledCircuit &pce, r1cs::WitnessCS &&witness, r1cs::ProvingAssignment &out) {
  if (auto s = CheckWitness(pce, witness); !s) return s;
  if (out.NumInputs() != 1 || out.NumAux() != 0 || out.NumConstraints() != 0 || out.IsDeferred())
    return InvalidArgument("pce::Evaluate needs an empty proving assignment");
  const uint64_t rows = pce.NumConstraints();
  // a, b, c (12.5 GB for a 32 GiB PoRep partition) are sized unwritten, on huge pages: every row is
  // written once below, first touched by the thread that evaluates its block
  r1cs::ResizeOnHugePages(out.a, rows);
  r1cs::ResizeOnHugePages(out.b, rows);
  r1cs::ResizeOnHugePages(out.c, rows);
  EvaluateAll(pce, witness.input_assignment, witness.aux_assignment, out.a.data(), out.b.data(), out.c.data());
  out.input_assignment = std::move(witness.input_assignment);
  out.aux_assignment = std::move(witness.aux_assignment);
  out.a_aux_density.Assign(pce.AAuxDensity(), pce.NumAux());
  out.b_input_density.Assign(pce.BInputDensity(), pce.NumInputs());
  out.b_aux_density.Assign(pce.BAuxDensity(), pce.NumAux());
  return Status::Ok();
}

} // namespace cuzk::pce

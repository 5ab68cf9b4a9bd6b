// src/pce/recorder.cpp
#include "pce/recorder.hpp"

#include <string>

namespace cuzk::pce {

Recorder::Recorder() {
  b_input_.AddElement(); // ONE
  coefficients_ = {Fr::One(), -Fr::One()};
  interned_.emplace(Fr::One(), COEFF_PLUS_ONE);
  interned_.emplace(-Fr::One(), COEFF_MINUS_ONE);
}

r1cs::Variable Recorder::AllocVariable(r1cs::VarKind kind, std::string_view, r1cs::ValueFn) {
  if (kind == r1cs::VarKind::kInput) {
    if (num_inputs_ >= MAX_VARIABLES) throw r1cs::SynthesisError("pce: more than 2^30 inputs");
    b_input_.AddElement();
    return r1cs::Variable::Input(uint32_t(num_inputs_++));
  }
  if (num_aux_ >= MAX_VARIABLES) throw r1cs::SynthesisError("pce: more than 2^30 aux variables");
  a_aux_.AddElement();
  b_aux_.AddElement();
  return r1cs::Variable::Aux(uint32_t(num_aux_++));
}

uint16_t Recorder::Intern(const Fr &coeff) {
  if (coeff.IsOne()) return COEFF_PLUS_ONE;
  auto [it, inserted] = interned_.try_emplace(coeff, uint16_t(coefficients_.size()));
  if (inserted) {
    if (coefficients_.size() >= MAX_COEFFICIENTS)
      throw r1cs::SynthesisError("pce: more than " + std::to_string(MAX_COEFFICIENTS) + " distinct coefficients");
    coefficients_.push_back(coeff);
  }
  return it->second;
}

void Recorder::AppendRow(MatrixBuffers &m, const r1cs::LinearCombination &lc, r1cs::DensityTracker *inputs,
                         r1cs::DensityTracker *aux) {
  if (rows_ % BLOCK_ROWS == 0) m.blocks.push_back({m.columns.size(), m.coeff_index.size(), m.long_lengths.size()});
  const size_t first = m.columns.size();
  bool unit = true;
  // the columns first (with the sign of ±1 terms), then, if some coefficient is not ±1, the
  // coefficient indices of the whole row and the signs taken off the columns again
  auto add = [&](const r1cs::Term &t, uint32_t column, r1cs::DensityTracker *density) {
    if (t.coeff.IsZero()) return;
    if (density) density->Inc(t.index);
    const uint16_t ci = Intern(t.coeff);
    if (ci > COEFF_MINUS_ONE) unit = false;
    m.columns.push_back(column | (ci == COEFF_MINUS_ONE ? NEG_BIT : 0));
    m.coeff_index.push_back(ci); // kept only for a non-unit row, below
  };
  for (const r1cs::Term &t : lc.Inputs()) add(t, t.index, inputs);
  for (const r1cs::Term &t : lc.Aux()) add(t, t.index | AUX_BIT, aux);
  const size_t length = m.columns.size() - first;
  if (unit) {
    m.coeff_index.resize(m.coeff_index.size() - length);
  } else {
    for (size_t k = first; k < m.columns.size(); k++) m.columns[k] &= ~NEG_BIT;
  }
  uint8_t info = unit ? UNIT_ROW : 0;
  if (length >= LONG_ROW) {
    info |= LONG_ROW;
    m.long_lengths.push_back(uint32_t(length));
  } else {
    info |= uint8_t(length);
  }
  m.row_info.push_back(info);
}

void Recorder::AddConstraint(std::string_view, const r1cs::LinearCombination &a, const r1cs::LinearCombination &b,
                             const r1cs::LinearCombination &c) {
  if (stop_ && stop_->load(std::memory_order_relaxed)) throw r1cs::SynthesisError("recording stopped");
  AppendRow(a_, a, nullptr, &a_aux_);
  AppendRow(b_, b, &b_input_, &b_aux_);
  AppendRow(c_, c, nullptr, nullptr);
  rows_++;
}

namespace {

struct OwnedStorage {
  Recorder::MatrixBuffers a, b, c;
  std::vector<Fr> coefficients;
  std::vector<uint64_t> a_aux, b_input, b_aux;
};

template <class T> uint64_t Bytes(const std::vector<T> &v) { return v.capacity() * sizeof(T); }

MatrixView View(const Recorder::MatrixBuffers &m, uint64_t rows) {
  return {rows, m.row_info, m.long_lengths, m.blocks, m.columns, m.coeff_index};
}

} // namespace

std::shared_ptr<const PreCompiledCircuit> Recorder::Finish(std::string shape_key) {
  auto storage = std::make_shared<OwnedStorage>();
  for (MatrixBuffers *m : {&a_, &b_, &c_}) {
    m->blocks.push_back({m->columns.size(), m->coeff_index.size(), m->long_lengths.size()});
    m->row_info.shrink_to_fit();
    m->long_lengths.shrink_to_fit();
    m->blocks.shrink_to_fit();
    m->columns.shrink_to_fit();
    m->coeff_index.shrink_to_fit();
  }
  storage->a = std::move(a_);
  storage->b = std::move(b_);
  storage->c = std::move(c_);
  storage->coefficients = std::move(coefficients_);
  storage->a_aux.assign(a_aux_.Words().begin(), a_aux_.Words().end());
  storage->b_input.assign(b_input_.Words().begin(), b_input_.Words().end());
  storage->b_aux.assign(b_aux_.Words().begin(), b_aux_.Words().end());

  PreCompiledCircuit::Parts p;
  p.shape_key = std::move(shape_key);
  p.num_inputs = num_inputs_;
  p.num_aux = num_aux_;
  p.a = View(storage->a, rows_);
  p.b = View(storage->b, rows_);
  p.c = View(storage->c, rows_);
  p.coefficients = storage->coefficients;
  p.a_aux_density = storage->a_aux;
  p.b_input_density = storage->b_input;
  p.b_aux_density = storage->b_aux;
  for (const MatrixBuffers *m : {&storage->a, &storage->b, &storage->c})
    p.storage_bytes +=
        Bytes(m->row_info) + Bytes(m->long_lengths) + Bytes(m->blocks) + Bytes(m->columns) + Bytes(m->coeff_index);
  p.storage_bytes +=
      Bytes(storage->coefficients) + Bytes(storage->a_aux) + Bytes(storage->b_input) + Bytes(storage->b_aux);
  p.storage = std::move(storage);

  return std::make_shared<const PreCompiledCircuit>(std::move(p));
}

} // namespace cuzk::pce

// src/r1cs/recording_cs.hpp — records the shape of a circuit: A, B, C as sparse matrices.
//
// One row per constraint in enforcement order, merged terms sorted inputs first then aux by
// index (LinearCombination's order). This is what parameter generation evaluates at τ and what
// pre-compiled circuits (src/pce) store. Values are not needed: callbacks are never called.
#pragma once
#include "r1cs/constraint_system.hpp"

#include <cstdint>
#include <vector>

namespace cuzk::r1cs {

//! A column of a recorded matrix: a variable packed as index | AUX_BIT for aux variables.
struct Column {
  static constexpr uint32_t AUX_BIT = 0x80000000u;
  static constexpr uint32_t Pack(Variable v) { return v.IsAux() ? (v.index | AUX_BIT) : v.index; }
  static constexpr Variable Unpack(uint32_t c) {
    return (c & AUX_BIT) ? Variable::Aux(c & ~AUX_BIT) : Variable::Input(c);
  }
};

//! Compressed sparse rows: row r holds entries [row_start[r], row_start[r+1]).
struct SparseMatrix {
  std::vector<uint64_t> row_start{0};
  std::vector<uint32_t> columns; //!< Column::Pack'ed variables
  std::vector<Fr> values;

  size_t NumRows() const { return row_start.size() - 1; }
  void AppendRow(const LinearCombination &lc);
};

class RecordingCS final : public ConstraintSystem {
public:
  bool WantsValues() const override { return false; }

  size_t NumInputs() const override { return num_inputs_; }
  size_t NumAux() const override { return num_aux_; }
  size_t NumConstraints() const override { return a.NumRows(); }

  SparseMatrix a, b, c;

protected:
  Variable AllocVariable(VarKind kind, std::string_view, ValueFn) override {
    return kind == VarKind::kInput ? Variable::Input(uint32_t(num_inputs_++)) : Variable::Aux(uint32_t(num_aux_++));
  }
  void AddConstraint(std::string_view, const LinearCombination &la, const LinearCombination &lb,
                     const LinearCombination &lc) override {
    a.AppendRow(la);
    b.AppendRow(lb);
    c.AppendRow(lc);
  }

private:
  size_t num_inputs_ = 1; // ONE
  size_t num_aux_ = 0;
};

inline void SparseMatrix::AppendRow(const LinearCombination &lc) {
  for (const Term &t : lc.Inputs()) {
    columns.push_back(Column::Pack(Variable::Input(t.index)));
    values.push_back(t.coeff);
  }
  for (const Term &t : lc.Aux()) {
    columns.push_back(Column::Pack(Variable::Aux(t.index)));
    values.push_back(t.coeff);
  }
  row_start.push_back(columns.size());
}

} // namespace cuzk::r1cs

// src/pce/pre_compiled.hpp — a circuit's R1CS recorded once, in the compact form evaluation reads.
//
// A Filecoin partition circuit has the same matrices for every sector of its kind and size (the
// published parameters fix them), so they are recorded once (pce/recorder.hpp) and each partition
// is then synthesised as "witness, then A·w, B·w, C·w" (pce/evaluate.hpp).
//
// The form is chosen for memory: a 32 GiB PoRep partition has ~722 M non-zeros.
//  - A column is a u32: the variable index, AUX_BIT for aux variables, and NEG_BIT, the sign of a
//    unit coefficient in a unit row.
//  - Coefficients are interned: the few distinct values (±1, ±2^k, Poseidon constants) are stored
//    once, and each entry of a non-unit row names its value by a u16 index. Index 0 is +1 and 1 is −1.
//  - A row is one byte: its length (up to 126; LONG_ROW means "the next entry of long_lengths")
//    and UNIT_ROW when every coefficient is ±1. Unit rows store no coefficient indices at all: the
//    sign lives in the column. SHA-256's boolean and XOR constraints are almost all such rows.
//  - Every BLOCK_ROWS rows a block records where its entries, coefficient indices and long
//    lengths start, so blocks are evaluated independently (in parallel) without a pass over the rows.
// Densities (which variables occur in A, in B) are stored as LSB-first bit words, as the prover
// needs them. The storage is owned (after recording) or a read-only file mapping (after loading).
#pragma once
#include "ff/ff.hpp"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>

namespace cuzk::pce {

using ff::Fr;

inline constexpr uint32_t AUX_BIT = 0x80000000u;
inline constexpr uint32_t NEG_BIT = 0x40000000u;
inline constexpr uint32_t INDEX_MASK = 0x3fffffffu;
//! variables per space, at most (so that the index leaves room for AUX_BIT and NEG_BIT)
inline constexpr uint64_t MAX_VARIABLES = uint64_t(INDEX_MASK) + 1;
inline constexpr uint8_t UNIT_ROW = 0x80;
inline constexpr uint8_t LENGTH_MASK = 0x7f;
inline constexpr uint8_t LONG_ROW = 0x7f;
inline constexpr uint16_t COEFF_PLUS_ONE = 0;
inline constexpr uint16_t COEFF_MINUS_ONE = 1;
inline constexpr size_t MAX_COEFFICIENTS = 65536;
inline constexpr uint64_t BLOCK_ROWS = 4096;

//! Where block b of a matrix starts in each of its streams.
struct BlockStart {
  uint64_t entry;      //!< index into columns
  uint64_t coeff;      //!< index into coeff_index
  uint64_t long_index; //!< index into long_lengths
};

//! One side (A, B or C) of the R1CS: a read-only view into the circuit's storage.
struct MatrixView {
  uint64_t rows = 0;
  std::span<const uint8_t> row_info;      //!< rows: length | UNIT_ROW
  std::span<const uint32_t> long_lengths; //!< the lengths of LONG_ROW rows, in row order
  std::span<const BlockStart> blocks;     //!< ceil(rows / BLOCK_ROWS) + 1 (the last: the ends)
  std::span<const uint32_t> columns;      //!< nnz: index | AUX_BIT | NEG_BIT
  std::span<const uint16_t> coeff_index;  //!< one per entry of a non-unit row
  uint64_t Nnz() const { return columns.size(); }
};

//! The recorded circuit. Immutable; shared by every partition that evaluates it.
class PreCompiledCircuit {
public:
  struct Parts {
    std::string shape_key;
    uint64_t num_inputs = 0; //!< ONE included
    uint64_t num_aux = 0;
    MatrixView a, b, c;
    std::span<const Fr> coefficients;
    std::span<const uint64_t> a_aux_density, b_input_density, b_aux_density;
    std::shared_ptr<const void> storage; //!< keeps every span above alive
    uint64_t storage_bytes = 0;
  };
  explicit PreCompiledCircuit(Parts parts) : p_(std::move(parts)) {}

  //! what it was recorded for: circuit id and format version (pce/pce_file.hpp checks it at load)
  const std::string &ShapeKey() const { return p_.shape_key; }
  uint64_t NumInputs() const { return p_.num_inputs; }
  uint64_t NumAux() const { return p_.num_aux; }
  uint64_t NumConstraints() const { return p_.a.rows; }
  const MatrixView &A() const { return p_.a; }
  const MatrixView &B() const { return p_.b; }
  const MatrixView &C() const { return p_.c; }
  std::span<const Fr> Coefficients() const { return p_.coefficients; }
  std::span<const uint64_t> AAuxDensity() const { return p_.a_aux_density; }
  std::span<const uint64_t> BInputDensity() const { return p_.b_input_density; }
  std::span<const uint64_t> BAuxDensity() const { return p_.b_aux_density; }
  uint64_t Nnz() const { return p_.a.Nnz() + p_.b.Nnz() + p_.c.Nnz(); }
  //! bytes of memory its storage holds (counted in the engine's budget)
  uint64_t MemoryBytes() const { return p_.storage_bytes; }
  const Parts &AllParts() const { return p_; }

private:
  Parts p_;
};

//! Words needed for a density of n bits.
constexpr uint64_t DensityWords(uint64_t n) { return (n + 63) / 64; }
//! Blocks of a matrix with `rows` rows, the closing one included.
constexpr uint64_t BlockCount(uint64_t rows) { return (rows + BLOCK_ROWS - 1) / BLOCK_ROWS + 1; }

} // namespace cuzk::pce

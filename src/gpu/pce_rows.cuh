// src/gpu/pce_rows.cuh — the per-thread bodies of the device evaluation of a pre-compiled circuit.
//
// A matrix is stored as pce/pre_compiled.hpp lays it out: one byte of row_info per row, the
// columns and coefficient indices of all rows back to back, and every BLOCK_ROWS rows a BlockStart
// saying where that block's entries, coefficient indices and long lengths begin. The kernel
// (pce_eval.cu) gives each block of rows to one CUDA block of PCE_THREADS threads, in two halves:
//  1. offsets: thread t reads the row_info of its run of PCE_ROWS_PER_THREAD consecutive rows;
//     a block scan of its LONG_ROW count gives where its long lengths start, a block scan of its
//     entry and coefficient-index totals where its entries start. It writes each of its rows'
//     offsets (relative to the BlockStart) into shared memory.
//  2. rows: thread t evaluates the short rows among t, t + PCE_THREADS, …: neighbouring threads read
//     neighbouring columns and write neighbouring outputs, so both are coalesced. A row longer than
//     PCE_SHORT_ROW is left to a whole warp instead (its lanes take every 32nd entry, then the warp
//     adds their sums): with one lane per row, a warp waits for its longest row while the others
//     idle, and Filecoin circuits mix rows of 1–3 entries with packing rows of 32–256 (measured: 7 of
//     a warp's 32 lanes active on average, 81 ms for a 32 GiB PoRep partition).
// The bodies are CUZK_HD so that tests/gpu_emulation runs them on the host, phase by phase with
// a host scan between, against pce::EvaluateMatrix: the results must be equal element for element,
// hence every addition and product here is the exact field operation the CPU does (results are
// canonical Montgomery words, so skipping a product by 0 or 1 changes no bits).
#pragma once
#include "gpu/field.cuh"
#include "gpu/pce_matrix.hpp"
#include "pce/pre_compiled.hpp"

#include <cstdint>

namespace cuzk::gpu {

inline constexpr unsigned PCE_THREADS = 256;
inline constexpr unsigned PCE_WARP = 32;
//! rows with more entries are evaluated by a whole warp
inline constexpr uint32_t PCE_SHORT_ROW = 8;
inline constexpr unsigned PCE_ROWS_PER_THREAD = unsigned(pce::BLOCK_ROWS) / PCE_THREADS;
static_assert(PCE_ROWS_PER_THREAD * PCE_THREADS == pce::BLOCK_ROWS, "a block's rows split evenly over its threads");

//! Where each row of one block starts, relative to the block's BlockStart (shared memory). u32:
//! DevicePce refuses a circuit with a block of 2^32 entries or more.
struct PceBlockOffsets {
  uint32_t entry[pce::BLOCK_ROWS + 1]; //!< entry[rows] is the block's entry count
  uint32_t coeff[pce::BLOCK_ROWS];
};

//! a thread run's entries and coefficient indices (also: the exclusive prefix of the runs before it)
struct PceRunTotals {
  uint32_t entries = 0;
  uint32_t coeffs = 0;
};

CUZK_HD uint32_t PceRowsInBlock(const PceMatrix &m, uint64_t block) {
  const uint64_t left = m.rows - block * pce::BLOCK_ROWS;
  return uint32_t(left < pce::BLOCK_ROWS ? left : pce::BLOCK_ROWS);
}

//! Phase 1 of thread t: how many rows of its run are LONG_ROW. info: the block's row_info.
CUZK_HD uint32_t PceLongRowsOfRun(const uint8_t *info, uint32_t rows, unsigned t) {
  uint32_t n = 0;
  const uint32_t first = t * PCE_ROWS_PER_THREAD;
  for (uint32_t k = 0; k < PCE_ROWS_PER_THREAD; k++) {
    const uint32_t r = first + k;
    if (r < rows && (info[r] & pce::LENGTH_MASK) == pce::LONG_ROW) n++;
  }
  return n;
}

//! The length of a row whose info byte is `info`; a long row takes the next of `long_lengths`.
CUZK_HD uint32_t PceRowLength(uint8_t info, const uint32_t *&long_lengths) {
  const uint32_t short_length = info & pce::LENGTH_MASK;
  return short_length == pce::LONG_ROW ? *long_lengths++ : short_length;
}

//! Phase 2 of thread t: its run's entry and coefficient-index totals. long_lengths: its first long row's.
CUZK_HD PceRunTotals PceRunLengths(const uint8_t *info, uint32_t rows, unsigned t, const uint32_t *long_lengths) {
  PceRunTotals tot;
  const uint32_t first = t * PCE_ROWS_PER_THREAD;
  for (uint32_t k = 0; k < PCE_ROWS_PER_THREAD; k++) {
    const uint32_t r = first + k;
    if (r >= rows) break;
    const uint32_t len = PceRowLength(info[r], long_lengths);
    tot.entries += len;
    if (!(info[r] & pce::UNIT_ROW)) tot.coeffs += len; // unit rows store no coefficient indices
  }
  return tot;
}

//! Phase 3 of thread t: its rows' offsets, from `before` (the runs before it, from the block scan).
//! The run holding the block's last row also writes the closing entry offset.
CUZK_HD void PceWriteOffsets(const uint8_t *info, uint32_t rows, unsigned t, const uint32_t *long_lengths,
                             PceRunTotals before, PceBlockOffsets &off) {
  const uint32_t first = t * PCE_ROWS_PER_THREAD;
  for (uint32_t k = 0; k < PCE_ROWS_PER_THREAD; k++) {
    const uint32_t r = first + k;
    if (r >= rows) break;
    off.entry[r] = before.entries;
    off.coeff[r] = before.coeffs;
    const uint32_t len = PceRowLength(info[r], long_lengths);
    before.entries += len;
    if (!(info[r] & pce::UNIT_ROW)) before.coeffs += len;
    if (r + 1 == rows) off.entry[rows] = before.entries;
  }
}

CUZK_HD const Fr &PceWitness(const Fr *inputs, const Fr *aux, uint32_t column) {
  return (column & pce::AUX_BIT) ? aux[column & pce::INDEX_MASK] : inputs[column & pce::INDEX_MASK];
}

CUZK_HD uint32_t PceRowEntries(const PceBlockOffsets &off, uint32_t r) { return off.entry[r + 1] - off.entry[r]; }

//! Phase 4: Σ coeff·w over entries first, first + stride, … of row r of the block (local index);
//! the whole row with first 0 and stride 1. ±1 coefficients (the sign bit of a unit row's column,
//! indices 0 and 1 otherwise) are additions; a witness value 0 or 1 (most of a Filecoin witness:
//! bits) needs no product either.
CUZK_HD Fr PceEvaluateRowSlice(const PceMatrix &m, const pce::BlockStart &start, const PceBlockOffsets &off,
                               const uint8_t *info, uint32_t r, uint32_t first, uint32_t stride, const Fr *coefficients,
                               const Fr *inputs, const Fr *aux) {
  const uint32_t e0 = off.entry[r], len = off.entry[r + 1] - e0;
  const uint32_t *col = m.columns + start.entry + e0;
  Fr acc = Fr::Zero();
  if (info[r] & pce::UNIT_ROW) {
    for (uint32_t k = first; k < len; k += stride) {
      const uint32_t c = col[k];
      const Fr v = PceWitness(inputs, aux, c);
      if (c & pce::NEG_BIT)
        acc -= v;
      else
        acc += v;
    }
    return acc;
  }
  const uint16_t *ci = m.coeff_index + start.coeff + off.coeff[r];
  const Fr one = Fr::One();
  for (uint32_t k = first; k < len; k += stride) {
    const Fr v = PceWitness(inputs, aux, col[k]);
    const uint16_t i = ci[k];
    if (i == pce::COEFF_PLUS_ONE) {
      acc += v;
    } else if (i == pce::COEFF_MINUS_ONE) {
      acc -= v;
    } else if (v.IsZero()) {
    } else if (v == one) {
      acc += coefficients[i];
    } else {
      acc += coefficients[i] * v;
    }
  }
  return acc;
}

CUZK_HD Fr PceEvaluateRow(const PceMatrix &m, const pce::BlockStart &start, const PceBlockOffsets &off,
                          const uint8_t *info, uint32_t r, const Fr *coefficients, const Fr *inputs, const Fr *aux) {
  return PceEvaluateRowSlice(m, start, off, info, r, 0, 1, coefficients, inputs, aux);
}

} // namespace cuzk::gpu

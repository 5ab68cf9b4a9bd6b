// src/gadgets/poseidon_witness_ifma.hpp — the Poseidon circuit's witness values for eight hashes at
// once, one per lane of AVX-512 IFMA registers (ff/fr_ifma.hpp).
//
// The permutation is gadgets/poseidon_witness.cpp's, step for step, with every value it writes
// written in the same order; only the arithmetic is vectorised. The mixing layers are lazy dot
// products (one reduction per output element). The state elements 1..t−1, which no partial round
// writes, are formed once per block of partial rounds (each round's element 0 is then one dot product
// over the block's S-box outputs), kept below 2r, and reduced after the last block. The constants are
// converted once per cached constants object (per arity), into value form (round keys) and
// multiplier form (matrix entries, and the blocks' cross terms).
#pragma once
#include "gadgets/poseidon_witness.hpp"

#include <cstddef>
#include <span>

namespace cuzk::gadgets {

//! Whether PoseidonWitnessValues takes the vector path: the CPU has AVX-512 IFMA
//! (ff::ifma::CpuHasIfma()) and SetPoseidonVectorPath(false) is not in effect.
bool PoseidonIfmaAvailable();
//! Turns the vector path off (the daemon's CUZK_DISABLE_IFMA=1, witness_bench --no-ifma: for
//! comparisons) or back on, for the whole process; the values written are the same either way.
void SetPoseidonVectorPath(bool on);

//! Writes every job's values, as PoseidonWitnessValuesScalar does, eight jobs per pass; a last pass
//! of fewer jobs fills its spare lanes with copies of its first job and stores nothing for them.
//! Needs ff::ifma::CpuHasIfma() (whatever SetPoseidonVectorPath says, so tests can compare both paths);
//! in builds without the IFMA path it runs the scalar one.
void PoseidonWitnessValuesIfma(const hash::PoseidonConstants &constants, const Fr &tag,
                               std::span<const PoseidonWitnessJob> jobs);

//! A last group of fewer than eight jobs goes to the vector path from this many jobs on: a pass
//! costs about one scalar hash at width 9 and 1.3 at width 3 (bench/poseidon_witness_bench.cpp,
//! BM_LastPass), so from two jobs on it is the cheaper one at every width.
inline constexpr size_t POSEIDON_IFMA_MIN_JOBS = 2;

} // namespace cuzk::gadgets

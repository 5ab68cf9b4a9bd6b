// src/gpu/ntt_schedule.hpp — the tables of one NTT domain and the pass sequences of the transforms and of Groth16's H
// step, as data: ntt.cu launches them, the emulation test runs the same list on the host (ntt_pass.cuh's bodies), so
// the schedule itself is tested without a GPU.
#pragma once
#include "gpu/ntt_pass.cuh"

#include <array>
#include <vector>

namespace cuzk::gpu {

enum class NttKind { kForward, kInverse, kCosetForward, kCosetInverse };

//! Host copies of every table of a 2^log_n domain, in one array (uploaded as one allocation).
struct NttTableData {
  struct Ref {
    size_t hi = 0, lo = 0;
    uint32_t lo_bits = 0;
    bool constant = false;
  };
  std::vector<ff::Fr> all;
  size_t w512 = 0, w512_inv = 0;
  size_t roots = 0, roots_inv = 0; //!< ω_(2^roots_log)^k and its inverse's, k < 2^roots_log (when roots_log > 0)
  uint32_t roots_log = 0;
  Ref omega, omega_inv, coset, coset_ninv, coset_inv_ninv, h_final, ninv, nz_inv;
  ff::Fr coset_steps[3],
      coset_inv_steps[3]; //!< g^(±2^(log_n − RL)) for RL = 1, 2, 3 (NttPass)
  ff::Fr z_inv;           //!< 1 / (g^n − 1): Z on the coset
};

//! root_table_log caps the twist table (NttPassArgs::roots) at 2^min(log_n, root_table_log) entries; 0: none (the
//! tests use it to reach the lookups above the table at small sizes)
NttTableData BuildNttTables(unsigned log_n, unsigned root_table_log = NTT_ROOT_TABLE_LOG);

//! the tables resolved against where `all` lives (device memory, or host memory in tests)
struct NttTables {
  const Fr *w512 = nullptr, *w512_inv = nullptr;
  const Fr *roots = nullptr, *roots_inv = nullptr; //!< null when there is no twist table
  uint32_t roots_log = 0;
  PowTable omega, omega_inv, coset, coset_ninv, coset_inv_ninv, h_final, ninv, nz_inv;
  Fr coset_steps[3], coset_inv_steps[3];
};
NttTables ResolveNttTables(const NttTableData &d, const Fr *base);

//! One kernel launch: a tiled pass (ntt_pass.cuh) of `bits` stages, or a bit-reversal permutation fused with a scaling
//! by br_scale (of the input's natural index when br_before, else the output's).
struct NttStep {
  bool bit_reverse = false;
  unsigned bits = 0;
  NttPassArgs pass;
  Fr *x = nullptr; // bit reversal only
  PowTable br_scale;
  bool br_before = false;
};

//! HSteps gives a's steps first, then b's, then c's, then the quotient's; these are where a's, b's and c's shares end.
//! A caller may launch each vector's share as soon as that vector is on the device. With derived_c the shares come
//! as a's, c's, b's (see HSteps).
std::array<size_t, 3> HStepShareEnds(unsigned log_n, bool derived_c = false);

//! on x (2^log_n elements), natural order in and out. Without scratch in place, with a bit-reversal pass; with scratch
//! (2^log_n elements, not x; its contents are lost) out of place through it, the permutation fused into a pass.
std::vector<NttStep> TransformSteps(const NttTables &t, unsigned log_n, Fr *x, NttKind kind, Fr *scratch = nullptr);
//! H = (a·b − c)/Z on the coset, back in coefficients, into a (b, c overwritten); natural order, or bit-reversed (h_j
//! at position rev(j)) when !natural_out. In natural order the quotient's passes run through b, the last scattering
//! into a (from 2^10 up; below, one pass and a bit reversal).
//! derived_c: for a satisfied R1CS, whose c is a∘b row by row, c is not copied to the device but formed there: c must
//! hold a copy of a when the steps start, and c's share runs before b's, its first pass loading c·b (b untransformed).
std::vector<NttStep> HSteps(const NttTables &t, unsigned log_n, Fr *a, Fr *b, Fr *c, bool natural_out,
                            bool derived_c = false);

} // namespace cuzk::gpu

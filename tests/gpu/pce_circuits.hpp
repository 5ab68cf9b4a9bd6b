// tests/gpu/pce_circuits.hpp — circuits with every row form of pce/pre_compiled.hpp, for the device
// evaluation's tests (tests/gpu_emulation/pce_eval_emulation_test.cpp on the host, pce_device_test.cpp
// on a GPU).
#pragma once
#include "r1cs/constraint_system.hpp"

#include <cstdint>
#include <random>
#include <utility>
#include <vector>

namespace cuzk::gpu::test {

//! Rows of every kind: empty, unit rows of both signs, rows with other coefficients, long rows (over
//! 126 terms) of both kinds, and a stretch of one whole block of long rows; inputs and ONE among the
//! terms; witness values 0, 1 and neither. `rows` not a multiple of BLOCK_ROWS leaves a partial last block.
struct PceFormCircuit {
  uint64_t seed = 1;
  uint32_t rows = 9000;
  void Synthesize(r1cs::ConstraintSystem &cs) const {
    using ff::Fr;
    using r1cs::ConstraintSystem;
    using r1cs::LinearCombination;
    using r1cs::Variable;
    std::mt19937_64 rng(seed);
    std::vector<Variable> vars;
    for (int i = 0; i < 400; i++) {
      const uint64_t kind = rng() % 4;
      const Fr v = kind == 0 ? Fr::Zero() : kind == 1 ? Fr::One() : Fr::Random(rng);
      vars.push_back(i % 41 == 0 ? cs.AllocInput("in", [&] { return v; }) : cs.Alloc("x", [&] { return v; }));
    }
    for (uint32_t row = 0; row < rows; row++) {
      const bool long_block = row >= 4096 && row < 8192 && row % 3 != 0; // mostly long rows in block 1
      LinearCombination lc[3];
      for (int side = 0; side < 3; side++) {
        const int shape = int(rng() % 8);
        const size_t terms = long_block   ? 200 + rng() % 60
                             : shape == 0 ? 0
                             : shape == 1 ? 127 + rng() % 250
                                          : 1 + rng() % 6;
        const bool unit = rng() % 2 == 0;
        // distinct variables per row (a partial shuffle): repeated ones would be merged by the
        // recorder, shortening the row and making sums of coefficients (too many distinct values)
        std::vector<uint32_t> pick(vars.size() + 1);
        for (uint32_t i = 0; i < pick.size(); i++) pick[i] = i;
        for (size_t t = 0; t < terms; t++) {
          std::swap(pick[t], pick[t + rng() % (pick.size() - t)]);
          const Variable v = pick[t] == vars.size() ? ConstraintSystem::One() : vars[pick[t]];
          const uint64_t c = rng() % 5;
          const Fr coeff = unit     ? (c % 2 ? -Fr::One() : Fr::One())
                           : c == 0 ? Fr::One()
                           : c == 1 ? -Fr::One()
                           : c == 2 ? Fr::FromUint(uint64_t(1) << (rng() % 62))
                           : c == 3 ? -Fr::FromUint(uint64_t(1) << (rng() % 62))
                                    : Fr::FromUint(rng() % 5000 + 2);
          lc[side].Add(v, coeff);
        }
      }
      cs.Enforce("row", lc[0], lc[1], lc[2]);
    }
  }
};

} // namespace cuzk::gpu::test

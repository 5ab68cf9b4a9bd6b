// src/r1cs/sample_circuits.hpp — small circuits with known shape, for tests, benchmarks and the
// external oracles (snarkjs): they exercise inputs interleaved with aux, namespaces, merged and
// cancelling terms, and variables absent from A or B (so density filtering matters).
#pragma once
#include "r1cs/constraint_system.hpp"

#include <random>
#include <string>
#include <vector>

namespace cuzk::r1cs {

//! x³ + x + 5 = out, with out public (the circom/snarkjs textbook example).
struct CubeCircuit {
  Fr x;
  static Fr Output(const Fr &x) { return x * x * x + x + Fr::FromUint(5); }
  void Synthesize(ConstraintSystem &cs) const {
    Variable vx = cs.Alloc("x", [&] { return x; });
    Variable x2 = cs.Alloc("x^2", [&] { return x * x; });
    cs.Enforce("square", vx, vx, x2);
    Variable x3 = cs.Alloc("x^3", [&] { return x * x * x; });
    cs.Enforce("cube", x2, vx, x3);
    Variable out = cs.AllocInput("out", [&] { return Output(x); });
    cs.Enforce("sum", LinearCombination(x3).Add(vx).Add(ConstraintSystem::One(), Fr::FromUint(5)),
               ConstraintSystem::One(), out);
  }
};

//! v₀ = x (public), v_{i+1} = v_i · (v_i + i); the last value is public too.
struct MulChainCircuit {
  Fr x;
  size_t length = 8;

  static Fr Output(Fr v, size_t length) {
    for (size_t i = 0; i < length; i++) v = v * (v + Fr::FromUint(i));
    return v;
  }
  void Synthesize(ConstraintSystem &cs) const {
    Variable in = cs.AllocInput("x", [&] { return x; });
    Fr value = x;
    Variable v = cs.Alloc("v0", [&] { return x; });
    cs.Enforce("bind x", in, ConstraintSystem::One(), v);
    for (size_t i = 0; i < length; i++) {
      Namespace ns(cs, cs.WantsNames() ? "step " + std::to_string(i) : std::string());
      Fr next = cs.WantsValues() ? value * (value + Fr::FromUint(i)) : Fr::Zero();
      Variable w = cs.Alloc("v", [&] { return next; });
      cs.Enforce("mul", v, LinearCombination(v).Add(ConstraintSystem::One(), Fr::FromUint(i)), w);
      v = w;
      value = next;
    }
    Variable out = cs.AllocInput("out", [&] { return value; });
    cs.Enforce("output", v, ConstraintSystem::One(), out);
  }
};

//! A Filecoin-like witness: nearly every aux value is a bit, a few are full field elements, so the
//! GPU prover takes its batch-addition path. Bits occur in A and B (b·b = b), in A only (b·1 = b)
//! or in B only (1·b = b), so both density filters drop points; a third of the inputs are 0 or 1.
struct BitsCircuit {
  size_t num_bits = 1000;
  size_t num_inputs = 3;
  uint64_t seed = 1;

  void Synthesize(ConstraintSystem &cs) const {
    std::mt19937_64 rng(seed);
    for (size_t i = 0; i < num_inputs; i++) {
      const Fr v = i % 3 == 0 ? Fr::FromUint(rng() & 1) : Fr::Random(rng);
      Variable x = cs.AllocInput("input", [&] { return v; });
      cs.Enforce("input used", x, ConstraintSystem::One(), x);
    }
    for (size_t i = 0; i < num_bits; i++) {
      // every 16th variable is a full field element (the "tail" of the MSMs)
      const Fr v = i % 16 == 5 ? Fr::Random(rng) : Fr::FromUint(rng() & 1);
      Variable b = cs.Alloc("bit", [&] { return v; });
      switch (i % 3) {
      case 0:
        if (i % 16 == 5)
          cs.Enforce("square", b, b, cs.Alloc("square", [&] { return v * v; }));
        else
          cs.Enforce("boolean", b, b, b);
        break;
      case 1:
        cs.Enforce("A only", b, ConstraintSystem::One(), b);
        break;
      default:
        cs.Enforce("B only", ConstraintSystem::One(), b, b);
        break;
      }
    }
  }
};

//! A satisfied random R1CS: each constraint multiplies two random sparse combinations of earlier
//! variables into a new aux variable. The shape depends only on the seed; values on value_seed.
class RandomCircuit {
public:
  RandomCircuit(size_t num_constraints, size_t num_inputs, uint64_t seed, uint64_t value_seed = 1)
      : num_inputs_(num_inputs), value_seed_(value_seed) {
    std::mt19937_64 rng(seed);
    shape_.resize(num_constraints);
    for (size_t i = 0; i < num_constraints; i++) {
      // variable space so far: ONE, num_inputs inputs, i aux; some terms cancel on purpose
      const size_t vars = 1 + num_inputs + i;
      for (auto *side : {&shape_[i].a, &shape_[i].b}) {
        const size_t terms = 1 + rng() % 3;
        for (size_t t = 0; t < terms; t++) side->push_back({uint32_t(rng() % vars), uint32_t(rng() % 5)});
        if (rng() % 16 == 0) side->push_back({side->front().var, CANCEL});
      }
    }
  }

  void Synthesize(ConstraintSystem &cs) const {
    std::mt19937_64 vrng(value_seed_);
    // by position: ONE, the inputs, then the products (independent of the system's numbering,
    // so the circuit can follow others in one system)
    std::vector<Variable> vars{ConstraintSystem::One()};
    std::vector<Fr> values{Fr::One()};
    for (size_t i = 0; i < num_inputs_; i++) {
      Fr v = Fr::Random(vrng);
      vars.push_back(cs.AllocInput("input", [&] { return v; }));
      values.push_back(v);
    }
    for (const Row &row : shape_) {
      LinearCombination a, b;
      Fr va = Build(row.a, vars, values, a), vb = Build(row.b, vars, values, b);
      Fr value = va * vb;
      Variable c = cs.Alloc("product", [&] { return value; });
      cs.Enforce("random", a, b, c);
      vars.push_back(c);
      values.push_back(value);
    }
  }

private:
  static constexpr uint32_t CANCEL = 0xffffffffu;
  struct Entry {
    uint32_t var;   //!< position in the variable list (ONE, inputs, aux in order)
    uint32_t coeff; //!< small coefficient, or CANCEL: subtract the term's own coefficient sum
  };
  struct Row {
    std::vector<Entry> a, b;
  };

  // Builds lc from the entries and returns its value. Coefficients are 1..5, never 0; CANCEL
  // entries leave a zero-coefficient term behind.
  static Fr Build(const std::vector<Entry> &entries, const std::vector<Variable> &vars, const std::vector<Fr> &values,
                  LinearCombination &lc) {
    Fr acc = Fr::Zero();
    for (const Entry &e : entries) {
      Fr c;
      if (e.coeff == CANCEL) {
        c = Fr::Zero();
        for (const Entry &f : entries)
          if (f.var == e.var && f.coeff != CANCEL) c -= Fr::FromUint(f.coeff + 1);
      } else {
        c = Fr::FromUint(e.coeff + 1);
      }
      lc.Add(vars[e.var], c);
      acc += c * values[e.var];
    }
    return acc;
  }

  size_t num_inputs_;
  uint64_t value_seed_;
  std::vector<Row> shape_;
};

} // namespace cuzk::r1cs

// tests/gadgets/sha256_witness_test.cpp — the native witness path of the SHA-256 compression
// (gadgets/sha256_witness.hpp) against the gadget itself: for inputs mixing allocated, negated and
// constant bits, and states that are constants (the IV), allocated or mixed, the same aux vector
// as the gadget gives a ProvingAssignment and a WitnessCS with native gadgets off, the same
// constraint count, the same result bits (kind, variable, value), and a witness that satisfies the
// recorded R1CS. Whole hashes (padding, several blocks) likewise.
#include "gadgets/sha256.hpp"
#include "hash/sha256.hpp"
#include "r1cs/proving_assignment.hpp"
#include "r1cs/recording_cs.hpp"
#include "r1cs/witness_cs.hpp"

#include "recorded_eval.hpp"

#include <gtest/gtest.h>

#include <functional>
#include <random>

namespace cuzk::gadgets {
namespace {

// How a test bit is made: constant, an allocated bit, or the negation of one.
enum class BitKind : uint8_t { kConstant, kIs, kNot };

struct BitSpec {
  BitKind kind;
  bool value;
};

// The bits of a spec list, allocated into cs in order (allocated and negated ones get a variable).
std::vector<Boolean> MakeBits(ConstraintSystem &cs, const std::vector<BitSpec> &specs) {
  std::vector<Boolean> bits;
  for (const BitSpec &s : specs) {
    switch (s.kind) {
    case BitKind::kConstant:
      bits.push_back(Boolean::Constant(s.value));
      break;
    case BitKind::kIs:
      bits.push_back(Boolean::Is(AllocatedBit::Alloc(cs, s.value)));
      break;
    case BitKind::kNot: // the variable holds ¬value
      bits.push_back(Boolean::NotOf(AllocatedBit::Alloc(cs, !s.value)));
      break;
    }
  }
  return bits;
}

// n bits, each constant with probability p_const and negated with probability p_not otherwise
std::vector<BitSpec> RandomSpecs(size_t n, double p_const, double p_not, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> u(0, 1);
  std::vector<BitSpec> specs(n);
  for (BitSpec &s : specs) {
    const double x = u(rng);
    s.kind = x < p_const ? BitKind::kConstant : x < p_const + p_not ? BitKind::kNot : BitKind::kIs;
    s.value = rng() & 1;
  }
  return specs;
}

struct Outcome {
  std::vector<Fr> inputs;
  r1cs::FrVector aux;
  size_t constraints = 0;
  std::vector<Boolean> result;
};

// Runs `gadget` (which makes its own input bits) into a fresh system of each kind.
template <class CS> Outcome Run(CS &cs, const std::function<std::vector<Boolean>(ConstraintSystem &)> &gadget) {
  Outcome o;
  o.result = gadget(cs);
  o.inputs = cs.input_assignment;
  o.aux = cs.aux_assignment;
  o.constraints = cs.NumConstraints();
  return o;
}

bool SameBits(const std::vector<Boolean> &x, const std::vector<Boolean> &y) {
  if (x.size() != y.size()) return false;
  for (size_t i = 0; i < x.size(); i++) {
    if (x[i].GetKind() != y[i].GetKind() || x[i].Value() != y[i].Value()) return false;
    if (!x[i].IsConstant() && !(x[i].Bit().Var() == y[i].Bit().Var())) return false;
  }
  return true;
}

// The native path against the gadget on every system, and the recorded constraints.
void ExpectSameAsGadget(const std::function<std::vector<Boolean>(ConstraintSystem &)> &gadget,
                        const std::string &what) {
  r1cs::ProvingAssignment pa;
  const Outcome reference = Run(pa, gadget);
  r1cs::WitnessCS slow;
  slow.SetNativeGadgets(false);
  const Outcome per_variable = Run(slow, gadget);
  r1cs::WitnessCS fast;
  ASSERT_TRUE(fast.NativeGadgets());
  const Outcome native = Run(fast, gadget);

  EXPECT_EQ(per_variable.aux, reference.aux) << what;
  EXPECT_EQ(native.aux, reference.aux) << what;
  EXPECT_EQ(native.inputs, reference.inputs) << what;
  EXPECT_EQ(per_variable.constraints, reference.constraints) << what;
  EXPECT_EQ(native.constraints, reference.constraints) << what;
  EXPECT_TRUE(SameBits(native.result, reference.result)) << what;
  EXPECT_TRUE(SameBits(per_variable.result, reference.result)) << what;

  r1cs::RecordingCS rec;
  (void)gadget(rec);
  ASSERT_EQ(rec.NumAux(), native.aux.size()) << what;
  EXPECT_EQ(test::FirstUnsatisfied(rec, native.inputs, native.aux), std::nullopt) << what;
}

std::vector<Boolean> Flatten(const std::array<UInt32, 8> &words) {
  std::vector<Boolean> bits;
  for (const UInt32 &w : words) bits.insert(bits.end(), w.Bits().begin(), w.Bits().end());
  return bits;
}

// 8 state words from 256 bit specs (LSB first in each word)
std::array<UInt32, 8> MakeState(ConstraintSystem &cs, const std::vector<BitSpec> &specs) {
  const std::vector<Boolean> bits = MakeBits(cs, specs);
  std::array<UInt32, 8> state;
  for (size_t k = 0; k < 8; k++) state[k] = UInt32::FromBits(std::span<const Boolean>(bits).subspan(32 * k, 32));
  return state;
}

TEST(Sha256Witness, CompressionFromTheIvEqualsTheGadget) {
  // all allocated, then growing shares of constants and negations (constants reach every fast arm
  // of ch and maj through the message schedule and the IV)
  const std::pair<double, double> mixes[] = {{0, 0}, {0, 0.5}, {0.1, 0.2}, {0.5, 0.25}, {0.9, 0.05}, {1, 0}};
  uint64_t seed = 1;
  for (const auto &[p_const, p_not] : mixes) {
    const std::vector<BitSpec> specs = RandomSpecs(512, p_const, p_not, seed++);
    ExpectSameAsGadget(
        [&](ConstraintSystem &cs) {
          const std::vector<Boolean> input = MakeBits(cs, specs);
          return Flatten(Sha256CompressionFunction(cs, input, Sha256Iv()));
        },
        "constants " + std::to_string(p_const) + ", negations " + std::to_string(p_not));
  }
}

TEST(Sha256Witness, CompressionFromAllocatedOrMixedStatesEqualsTheGadget) {
  const std::pair<double, double> mixes[] = {{0, 0}, {0, 0.5}, {0.3, 0.3}, {0.8, 0.1}};
  uint64_t seed = 100;
  for (const auto &[p_const, p_not] : mixes) {
    const std::vector<BitSpec> input_specs = RandomSpecs(512, p_const, p_not, seed++);
    const std::vector<BitSpec> state_specs = RandomSpecs(256, p_const, p_not, seed++);
    ExpectSameAsGadget(
        [&](ConstraintSystem &cs) {
          const std::array<UInt32, 8> state = MakeState(cs, state_specs);
          const std::vector<Boolean> input = MakeBits(cs, input_specs);
          return Flatten(Sha256CompressionFunction(cs, input, state));
        },
        "state constants " + std::to_string(p_const) + ", negations " + std::to_string(p_not));
  }
}

TEST(Sha256Witness, WholeHashesEqualTheGadgetAndOpenSsl) {
  // the padding block is constant; the label hash's shape (constant runs inside allocated ones)
  // and lengths of one to three blocks
  for (size_t bytes : {0, 1, 55, 56, 64, 119, 160}) {
    std::mt19937_64 rng(bytes);
    std::vector<uint8_t> message(bytes);
    for (auto &b : message) b = uint8_t(rng());
    std::vector<BitSpec> specs;
    for (size_t i = 0; i < 8 * bytes; i++) {
      const bool v = (message[i / 8] >> (7 - i % 8)) & 1;
      specs.push_back({i % 97 < 20 ? BitKind::kConstant : BitKind::kIs, v});
    }
    ExpectSameAsGadget([&](ConstraintSystem &cs) { return Sha256(cs, MakeBits(cs, specs)); },
                       std::to_string(bytes) + " bytes");
    r1cs::WitnessCS w;
    const std::vector<Boolean> digest = Sha256(w, MakeBits(w, specs));
    const hash::Digest32 expected = hash::Sha256(message);
    for (size_t i = 0; i < 256; i++)
      ASSERT_EQ(digest[i].Value(), bool((expected[i / 8] >> (7 - i % 8)) & 1)) << bytes << " bytes, bit " << i;
  }
}

TEST(Sha256Witness, AppendsAfterEarlierValuesAndAcrossRegrowth) {
  // a system that already holds values (variables numbered after them) and no spare capacity
  const std::vector<BitSpec> specs = RandomSpecs(512, 0.05, 0.1, 9);
  ExpectSameAsGadget(
      [&](ConstraintSystem &cs) {
        for (int i = 0; i < 1000; i++) (void)AllocatedBit::Alloc(cs, i & 1);
        const std::vector<Boolean> input = MakeBits(cs, specs);
        std::array<UInt32, 8> state = Sha256CompressionFunction(cs, input, Sha256Iv());
        state = Sha256CompressionFunction(cs, input, state);
        return Flatten(state);
      },
      "two chained compressions after 1000 bits");
}

} // namespace
} // namespace cuzk::gadgets

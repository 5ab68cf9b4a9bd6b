// tests/r1cs/packed_values_test.cpp — packed values unpack to what was packed, element for element, at
// every size around a word and a block boundary; packing a selection from packed values equals
// packing it from the plain ones; a proving assignment packs its aux values only when that is smaller,
// and refuses to grow while they are packed.
#include "r1cs/packed_values.hpp"
#include "r1cs/proving_assignment.hpp"
#include "r1cs/sample_circuits.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

namespace cuzk::r1cs {
namespace {

// values of which about `other_percent` % are neither 0 nor 1, the rest split between 0 and 1
std::vector<Fr> Mixed(size_t n, unsigned other_percent, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<Fr> v(n);
  for (auto &x : v) {
    const unsigned r = unsigned(rng() % 100);
    x = r < other_percent ? Fr::Random(rng) : (r % 2 ? Fr::One() : Fr::Zero());
  }
  return v;
}

DensityTracker RandomDensity(size_t n, uint64_t seed) {
  std::mt19937_64 rng(seed);
  DensityTracker d;
  for (size_t i = 0; i < n; i++) {
    d.AddElement();
    if (rng() % 3) d.Inc(i);
  }
  return d;
}

void ExpectSame(const PackedValues &a, const PackedValues &b) {
  EXPECT_EQ(a.n, b.n);
  EXPECT_EQ(a.ones_count, b.ones_count);
  EXPECT_TRUE(a.ones == b.ones);
  EXPECT_TRUE(a.tail_index == b.tail_index);
  EXPECT_TRUE(a.tail_value == b.tail_value);
}

// the sizes around a bitmap word (64) and a parallel block (2^16) where packing splits its work
const size_t SIZES[] = {0, 1, 63, 64, 65, 127, 4097, (1u << 16) - 1, 1u << 16, (1u << 16) + 1, 3 * (1u << 16) + 5};

TEST(PackedValues, UnpackGivesWhatWasPacked) {
  for (size_t n : SIZES) {
    const std::vector<Fr> v = Mixed(n, 5, n + 1);
    const PackedValues p = Pack(v);
    ASSERT_EQ(p.n, n);
    EXPECT_EQ(p.ones.size(), (n + 63) / 64);
    EXPECT_EQ(size_t(std::count(v.begin(), v.end(), Fr::One())), p.ones_count) << n;
    EXPECT_TRUE(std::is_sorted(p.tail_index.begin(), p.tail_index.end())) << n;
    for (size_t t = 0; t < p.tail_index.size(); t++) {
      const Fr &x = v[p.tail_index[t]];
      EXPECT_TRUE(!x.IsZero() && x != Fr::One() && x == p.tail_value[t]) << n << " tail " << t;
    }
    const FrVector u = p.Unpack();
    ASSERT_EQ(u.size(), n);
    EXPECT_TRUE(std::equal(u.begin(), u.end(), v.begin())) << n;
    for (size_t j = 0; j < n; j += 1 + n / 50) EXPECT_EQ(p.At(j), v[j]) << n << " at " << j;
    // the one-pass pack equals the counting Packer's
    PackedValues counted;
    Packer(std::span<const Fr>(v), nullptr).Pack(counted);
    ExpectSame(p, counted);
  }
}

TEST(PackedValues, ASampleTellsBitsFromFieldElements) {
  EXPECT_TRUE(LooksWorthPacking(Mixed(100000, 5, 1)));
  EXPECT_TRUE(LooksWorthPacking(Mixed(100000, 30, 2)));
  EXPECT_FALSE(LooksWorthPacking(Mixed(100000, 60, 3)));
  EXPECT_FALSE(LooksWorthPacking(Mixed(100000, 100, 4)));
  EXPECT_TRUE(LooksWorthPacking(Mixed(1000, 100, 5))) << "too few to sample: the exact count decides";
  // a field-element witness is not packed, however it is sampled
  ProvingAssignment dense;
  RandomCircuit(5000, 3, 6).Synthesize(dense);
  EXPECT_FALSE(dense.PackAux());
}

TEST(PackedValues, AllOfOneKind) {
  const size_t n = 1000;
  for (const Fr &x : {Fr::Zero(), Fr::One(), Fr::FromUint(7)}) {
    const std::vector<Fr> v(n, x);
    const PackedValues p = Pack(v);
    EXPECT_EQ(p.ones_count, x == Fr::One() ? n : 0);
    EXPECT_EQ(p.tail_index.size(), x == Fr::FromUint(7) ? n : 0);
    const FrVector u = p.Unpack();
    EXPECT_TRUE(std::equal(u.begin(), u.end(), v.begin()));
  }
  FrVector wrong(3);
  EXPECT_THROW(Pack(std::vector<Fr>(5, Fr::One())).UnpackTo(wrong), std::invalid_argument);
}

TEST(PackedValues, SelectionFromPackedEqualsSelectionFromPlain) {
  for (size_t n : SIZES) {
    const std::vector<Fr> v = Mixed(n, 20, 7 * n + 3);
    const PackedValues packed = Pack(v);
    const DensityTracker density = RandomDensity(n, n + 11);
    std::vector<Fr> selected;
    for (size_t i = 0; i < n; i++)
      if (density.Get(i)) selected.push_back(v[i]);

    const Packer from_plain(std::span<const Fr>(v), &density), from_packed(packed, &density);
    ASSERT_EQ(from_plain.Selected(), selected.size());
    EXPECT_EQ(from_packed.Selected(), selected.size());
    EXPECT_EQ(from_plain.Ones(), from_packed.Ones());
    EXPECT_EQ(from_plain.Tail(), from_packed.Tail());
    PackedValues a, b;
    from_plain.Pack(a);
    from_packed.Pack(b);
    ExpectSame(a, b);
    ExpectSame(a, Pack(selected));

    std::vector<Fr> ga(selected.size()), gb(selected.size());
    from_plain.Gather(ga);
    from_packed.Gather(gb);
    EXPECT_TRUE(ga == selected) << n;
    EXPECT_TRUE(gb == selected) << n;

    // without a density, a packed source packs to itself and gathers to the values
    PackedValues again;
    Packer(packed, nullptr).Pack(again);
    ExpectSame(again, packed);
    std::vector<Fr> all(n);
    Packer(packed, nullptr).Gather(all);
    EXPECT_TRUE(all == v) << n;
  }
  DensityTracker short_density = RandomDensity(10, 1);
  const std::vector<Fr> v(11, Fr::One());
  EXPECT_THROW(Packer(std::span<const Fr>(v), &short_density), std::invalid_argument);
}

TEST(PackedValues, AssignmentPacksItsWitnessWhenMostlyBits) {
  ProvingAssignment pa;
  BitsCircuit{.num_bits = 5000, .num_inputs = 3, .seed = 3}.Synthesize(pa);
  const FrVector plain = pa.aux_assignment;
  const size_t aux = pa.NumAux();
  const uint64_t plain_bytes = plain.size() * sizeof(Fr);
  ASSERT_TRUE(pa.PackAux());
  EXPECT_TRUE(pa.aux_packed);
  EXPECT_TRUE(pa.aux_assignment.empty());
  EXPECT_EQ(pa.aux_assignment.capacity(), 0u) << "the plain values are freed";
  EXPECT_EQ(pa.NumAux(), aux);
  EXPECT_LT(pa.packed_aux.Bytes() * 5, plain_bytes);
  FrVector scratch;
  const std::span<const Fr> values = pa.AuxValues(scratch);
  EXPECT_TRUE(std::equal(values.begin(), values.end(), plain.begin(), plain.end()));
  EXPECT_EQ(pa.AuxSource().Packed(), &pa.packed_aux);
  EXPECT_TRUE(pa.PackAux()) << "packing twice is nothing";
  // a packed assignment takes no more variables
  EXPECT_THROW(pa.Alloc("x", [] { return Fr::One(); }), SynthesisError);
  ProvingAssignment other;
  BitsCircuit{.num_bits = 64}.Synthesize(other);
  EXPECT_THROW(other.Extend(pa), SynthesisError);
  pa.UnpackAux();
  EXPECT_FALSE(pa.aux_packed);
  EXPECT_TRUE(pa.aux_assignment == plain);
  // packed again, its buffer handed over emptied instead of freed
  FrVector storage;
  const Fr *buffer = pa.aux_assignment.data();
  ASSERT_TRUE(pa.PackAux(&storage));
  EXPECT_EQ(storage.data(), buffer);
  EXPECT_TRUE(storage.empty());
  EXPECT_GE(storage.capacity(), aux);
  pa.UnpackAux();
  EXPECT_TRUE(pa.aux_assignment == plain);
  EXPECT_EQ(pa.packed_aux.Bytes(), 0u);

  // random values: packing would be larger, so the assignment keeps them
  ProvingAssignment dense;
  RandomCircuit(2000, 3, 5).Synthesize(dense);
  const FrVector before = dense.aux_assignment;
  EXPECT_FALSE(dense.PackAux());
  EXPECT_FALSE(dense.aux_packed);
  EXPECT_TRUE(dense.aux_assignment == before);
  FrVector unused;
  EXPECT_EQ(dense.AuxValues(unused).data(), dense.aux_assignment.data()) << "no copy when not packed";
}

} // namespace
} // namespace cuzk::r1cs

// tests/gadgets/por_test.cpp — the PoR gadget: storage-proofs-core's por_circuit test counts for
// every shape (public and private root, Poseidon and SHA-256), spec/porep.md §3.3's production
// PoRep/PoSt path costs, satisfied witnesses whose computed root and public inputs equal the
// native values (src/hash), wrong roots and falsified paths rejected, blank circuits counting
// the same, por_no_challenge_input, and bad shapes as errors.
#include "gadgets/por.hpp"

#include "hash/poseidon.hpp"
#include "hash/sha256.hpp"
#include "r1cs/test_cs.hpp"

#include <gtest/gtest.h>

#include <random>
#include <vector>

using namespace cuzk;
using namespace cuzk::gadgets;
using ff::Fr;

namespace {

// trunc254(SHA-256(children's 32-byte LE reprs)) as Fr: the native SHA node of any arity
Fr NativeShaNode(const std::vector<Fr> &children) {
  std::vector<uint8_t> bytes;
  for (const Fr &c : children) {
    const hash::Digest32 d = hash::FrToBytesLE(c);
    bytes.insert(bytes.end(), d.begin(), d.end());
  }
  const hash::Digest32 h = hash::Sha256Trunc254(bytes);
  return *hash::FrFromBytesLE(h);
}

Fr NativeNode(MerkleHasher hasher, const std::vector<Fr> &children) {
  return hasher == MerkleHasher::kPoseidon ? *hash::PoseidonHashMerkle(children) : NativeShaNode(children);
}

struct Instance {
  Fr leaf;
  uint64_t leaf_index = 0;
  std::vector<PorPathLevel> path;
  Fr root;
};

// A random leaf and path of the given arities at a random position, and the root the native
// hash gives when folding the path (the per-level index convention of spec §1.2).
Instance RandomInstance(MerkleHasher hasher, const std::vector<size_t> &arities, uint64_t seed) {
  std::mt19937_64 rng(seed);
  Instance in;
  in.leaf = Fr::Random(rng);
  Fr cur = in.leaf;
  uint64_t stride = 1;
  for (size_t arity : arities) {
    PorPathLevel level{arity, uint32_t(rng() % arity), {}};
    for (size_t i = 0; i + 1 < arity; i++) level.siblings.push_back(Fr::Random(rng));
    std::vector<Fr> row = level.siblings;
    row.insert(row.begin() + level.index, cur);
    cur = NativeNode(hasher, row);
    in.leaf_index += level.index * stride;
    stride *= arity;
    in.path.push_back(std::move(level));
  }
  in.root = cur;
  return in;
}

struct Shape {
  const char *name;
  MerkleHasher hasher;
  std::vector<size_t> arities; // bottom-up: base levels, then sub, then top
  size_t public_root_count;
};

// storage-proofs-core/tests/por_circuit.rs: 64·(base tree count) leaves, public root
const std::vector<Shape> POSEIDON_SHAPES = {
    {"U2", MerkleHasher::kPoseidon, {2, 2, 2, 2, 2, 2}, 1887},
    {"U4", MerkleHasher::kPoseidon, {4, 4, 4}, 1164},
    {"U8", MerkleHasher::kPoseidon, {8, 8}, 1063},
    {"8-2", MerkleHasher::kPoseidon, {8, 8, 2}, 1377},
    {"8-8", MerkleHasher::kPoseidon, {8, 8, 8}, 1593},
    {"8-4-2", MerkleHasher::kPoseidon, {8, 8, 4, 2}, 1764},
    {"8-2-4", MerkleHasher::kPoseidon, {8, 8, 2, 4}, 1764},
    {"8-8-2", MerkleHasher::kPoseidon, {8, 8, 8, 2}, 1907},
};

void CheckInstance(const Shape &shape, bool private_root, size_t expected) {
  const Instance in = RandomInstance(shape.hasher, shape.arities, 100 + expected);
  r1cs::TestCS cs;
  const AllocatedNum computed =
      PorCircuit(cs, shape.hasher, PorRoot::Val(in.leaf), in.path, PorRoot::Val(in.root), private_root);
  EXPECT_EQ(cs.NumConstraints(), expected) << shape.name;
  ASSERT_TRUE(cs.IsSatisfied()) << shape.name << ": " << cs.WhichIsUnsatisfied().value_or("");
  EXPECT_EQ(computed.Value(), in.root) << shape.name;
  // inputs: ONE, the packed path bits (= the leaf index), then the root unless private
  ASSERT_EQ(cs.NumInputs(), private_root ? 2u : 3u) << shape.name;
  EXPECT_EQ(cs.input_assignment[1], Fr::FromUint(in.leaf_index)) << shape.name;
  if (!private_root) {
    EXPECT_EQ(cs.input_assignment[2], in.root) << shape.name;
  }
}

} // namespace

TEST(Por, PoseidonPublicRootCountsSatisfiedAndEqualNative) {
  for (const Shape &shape : POSEIDON_SHAPES) CheckInstance(shape, false, shape.public_root_count);
}

TEST(Por, PoseidonPrivateRootCounts) {
  // por_circuit.rs private root: U2 1,886, U4 1,163, U8 1,062
  CheckInstance(POSEIDON_SHAPES[0], true, 1886);
  CheckInstance(POSEIDON_SHAPES[1], true, 1163);
  CheckInstance(POSEIDON_SHAPES[2], true, 1062);
}

TEST(Por, ProductionTreeRPathCosts) {
  // spec/porep.md §3.3 (private root, Poseidon, 8-ary base): 2KiB 2 levels, 8MiB 6, 512MiB 8,
  // 32GiB 9 + sub 8, 64GiB 9 + sub 8 + top 2; counted blank, as parameter generation does
  const std::vector<std::pair<std::vector<size_t>, size_t>> cases = {
      {std::vector<size_t>(2, 8), 1062},  {std::vector<size_t>(6, 8), 3182},         {std::vector<size_t>(8, 8), 4242},
      {std::vector<size_t>(10, 8), 5302}, {{8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 2}, 5616},
  };
  for (const auto &[arities, expected] : cases) {
    r1cs::TestCS cs(false);
    (void)PorCircuit(cs, MerkleHasher::kPoseidon, PorRoot::Val(Fr::Zero()), BlankPorPath(arities),
                     PorRoot::Val(Fr::Zero()), true);
    EXPECT_EQ(cs.NumConstraints(), expected) << arities.size() << " levels";
  }
}

TEST(Por, Sha256PublicRootU2) {
  // por_circuit.rs: SHA-256 U2 (64 leaves) = 272,295 = 6·(1 + 2 + 45,379) + 3
  CheckInstance({"sha U2", MerkleHasher::kSha256, {2, 2, 2, 2, 2, 2}, 0}, false, 272295);
}

TEST(Por, Sha256WiderArities) {
  // por_circuit.rs also runs SHA-256 over 4- and 8-ary trees: U4 216,258 and U8 250,987
  const Shape u4{"sha U4", MerkleHasher::kSha256, {4, 4, 4}, 0};
  const Shape u8{"sha U8", MerkleHasher::kSha256, {8, 8}, 0};
  r1cs::TestCS cs4(false), cs8(false);
  (void)PorCircuit(cs4, u4.hasher, PorRoot::Val(Fr::Zero()), BlankPorPath(u4.arities), PorRoot::Val(Fr::Zero()), false);
  (void)PorCircuit(cs8, u8.hasher, PorRoot::Val(Fr::Zero()), BlankPorPath(u8.arities), PorRoot::Val(Fr::Zero()), false);
  EXPECT_EQ(cs4.NumConstraints(), 216258u);
  EXPECT_EQ(cs8.NumConstraints(), 250987u);
  CheckInstance(u4, false, 216258); // and a satisfied U4 witness whose root equals the native one
}

TEST(Por, BlankCircuitCountsTheSame) {
  for (const Shape &shape : POSEIDON_SHAPES) {
    r1cs::TestCS cs(false);
    (void)PorCircuit(cs, shape.hasher, PorRoot::Val(Fr::Zero()), BlankPorPath(shape.arities), PorRoot::Val(Fr::Zero()),
                     false);
    EXPECT_EQ(cs.NumConstraints(), shape.public_root_count) << shape.name;
    EXPECT_EQ(cs.NumInputs(), 3u);
  }
}

TEST(Por, ExistingValueAndRootAllocateNothing) {
  // PoRep's use (spec/porep.md §3.3): value and root are Root::Var of existing numbers
  const Shape &shape = POSEIDON_SHAPES[5]; // 8-4-2
  const Instance in = RandomInstance(shape.hasher, shape.arities, 9);
  r1cs::TestCS cs;
  const AllocatedNum leaf = AllocatedNum::Alloc(cs, in.leaf);
  const AllocatedNum root = AllocatedNum::Alloc(cs, in.root);
  const size_t aux_before = cs.NumAux();
  (void)PorCircuit(cs, shape.hasher, PorRoot::Var(leaf), in.path, PorRoot::Var(root), true);
  EXPECT_TRUE(cs.IsSatisfied()) << cs.WhichIsUnsatisfied().value_or("");
  EXPECT_EQ(cs.NumConstraints(), 1764u - 1);
  // one aux per level constraint (2·530 + 387 + 314) plus the 7 + 7 + 3 + 1 siblings; no leaf or root
  EXPECT_EQ(cs.NumAux() - aux_before, 1761u + 18u);
}

TEST(Por, WrongRootOrPathIsUnsatisfied) {
  const Shape &shape = POSEIDON_SHAPES[7]; // 8-8-2
  const Instance in = RandomInstance(shape.hasher, shape.arities, 21);
  {
    r1cs::TestCS cs;
    (void)PorCircuit(cs, shape.hasher, PorRoot::Val(in.leaf), in.path, PorRoot::Val(in.root + Fr::One()), false);
    EXPECT_FALSE(cs.IsSatisfied());
    EXPECT_NE(cs.WhichIsUnsatisfied().value_or("").find("enforce root is correct"), std::string::npos);
  }
  {
    // a sibling swapped for another value, or the wrong position, leads elsewhere
    std::vector<PorPathLevel> path = in.path;
    path[1].siblings[3] += Fr::One();
    r1cs::TestCS cs;
    (void)PorCircuit(cs, shape.hasher, PorRoot::Val(in.leaf), path, PorRoot::Val(in.root), false);
    EXPECT_FALSE(cs.IsSatisfied());
    path = in.path;
    path[0].index = (path[0].index + 1) % 8;
    r1cs::TestCS cs2;
    (void)PorCircuit(cs2, shape.hasher, PorRoot::Val(in.leaf), path, PorRoot::Val(in.root), false);
    EXPECT_FALSE(cs2.IsSatisfied());
  }
}

TEST(Por, NoChallengeInputVariant) {
  // SnapDeals' por_no_challenge_input over an 8-8-2 tree: 3·(22 + 505) + (2 + 311) + 1, no input
  const std::vector<size_t> arities = {8, 8, 8, 2};
  const Instance in = RandomInstance(MerkleHasher::kPoseidon, arities, 33);
  r1cs::TestCS cs;
  std::vector<AllocatedBit> bits;
  for (size_t b = 0; b < 10; b++) bits.push_back(AllocatedBit::Alloc(cs, (in.leaf_index >> b) & 1));
  const AllocatedNum leaf = AllocatedNum::Alloc(cs, in.leaf);
  std::vector<std::vector<AllocatedNum>> path_values;
  for (const PorPathLevel &level : in.path) {
    path_values.emplace_back();
    for (const Fr &s : level.siblings) path_values.back().push_back(AllocatedNum::Alloc(cs, s));
  }
  const AllocatedNum root = AllocatedNum::Alloc(cs, in.root);
  const size_t before = cs.NumConstraints();
  PorNoChallengeInput(cs, MerkleHasher::kPoseidon, bits, leaf, path_values, root);
  EXPECT_EQ(cs.NumConstraints() - before, 3 * (22 + 505) + (2 + 311) + 1u);
  EXPECT_EQ(cs.NumInputs(), 1u);
  EXPECT_TRUE(cs.IsSatisfied()) << cs.WhichIsUnsatisfied().value_or("");

  const AllocatedNum wrong_root = AllocatedNum::Alloc(cs, in.root + Fr::One());
  PorNoChallengeInput(cs, MerkleHasher::kPoseidon, bits, leaf, path_values, wrong_root);
  EXPECT_FALSE(cs.IsSatisfied());
  EXPECT_THROW(PorNoChallengeInput(cs, MerkleHasher::kPoseidon, std::span<const AllocatedBit>(bits.data(), 9), leaf,
                                   path_values, root),
               r1cs::SynthesisError);
}

TEST(Por, BadShapesAreErrors) {
  r1cs::TestCS cs(false);
  const PorRoot zero = PorRoot::Val(Fr::Zero());
  auto run = [&](std::vector<PorPathLevel> path, MerkleHasher hasher = MerkleHasher::kPoseidon) {
    (void)PorCircuit(cs, hasher, zero, path, zero, false);
  };
  EXPECT_THROW(run({{3, 0, {Fr::Zero(), Fr::Zero()}}}), r1cs::SynthesisError);  // not a power of two
  EXPECT_THROW(run({{32, 0, std::vector<Fr>(31)}}), r1cs::SynthesisError);      // no Poseidon constants
  EXPECT_THROW(run({{8, 0, std::vector<Fr>(6)}}), r1cs::SynthesisError);        // too few siblings
  EXPECT_THROW(run({{8, 8, std::vector<Fr>(7)}}), r1cs::SynthesisError);        // index out of range
  EXPECT_THROW(run({{1, 0, {}}}, MerkleHasher::kSha256), r1cs::SynthesisError); // arity 1
}

// tests/hash/poseidon_test.cpp — Poseidon: generated constants against the published check values,
// every neptune / filecoin-hashers vector of spec/post-snap-poseidon.md §2.8, plain == optimised
// on seeded random inputs, batch == single, and bad input.
#include "hash/poseidon.hpp"

#include <gtest/gtest.h>

#include <random>
#include <thread>
#include <vector>

using namespace cuzk::hash;
using cuzk::ff::Fr;

namespace {

// Test vectors are written as four little-endian u64 limbs, limb 0 first (spec §2.8).
Fr Limbs(uint64_t l0, uint64_t l1, uint64_t l2, uint64_t l3) { return Fr::FromCanonical({l0, l1, l2, l3}); }

std::vector<Fr> Iota(size_t n) {
  std::vector<Fr> v;
  for (size_t i = 0; i < n; i++) v.push_back(Fr::FromUint(i));
  return v;
}

const PoseidonConstants &Constants(size_t arity) {
  auto c = GetPoseidonConstants(arity);
  EXPECT_TRUE(c.HasValue());
  return **c;
}

struct Vector {
  size_t arity;
  Fr expected;
};

} // namespace

// ---- constants ------------------------------------------------------------------------------------

TEST(PoseidonConstants, RoundNumbersMatchNeptuneTable) {
  // spec §2.1: R_P by width (neptune round_numbers.rs test table); R_F = 8 everywhere
  const std::vector<std::pair<size_t, unsigned>> table = {{3, 55},  {5, 56},  {9, 57}, {12, 57},
                                                          {17, 59}, {25, 59}, {37, 60}};
  for (auto [t, rp] : table) {
    const PoseidonRoundNumbers rn = StandardRoundNumbers(t);
    EXPECT_EQ(rn.full, 8u) << "t=" << t;
    EXPECT_EQ(rn.partial, rp) << "t=" << t;
  }
}

TEST(PoseidonConstants, GrainMatchesPublishedValues) {
  // spec §2.2: t = 9 first constant and file length; t = 3 first three constants
  const auto rc9 = GrainRoundConstants(9, 8, 57);
  ASSERT_EQ(rc9.size(), 585u);
  EXPECT_EQ(rc9[0], Fr::FromHex("6ce90d12c4045fe08c3caddb776dd84ac52b4ae7e48cd49443984154f2f4c2f9"));
  const auto &c3 = Constants(2);
  ASSERT_EQ(c3.round_constants.size(), 63u * 3);
  EXPECT_EQ(c3.round_constants[0], Fr::FromHex("669f064bfa3ae17a23bd51861dbb4a24501eac92a2758b36a7320a009d6ed3d8"));
  EXPECT_EQ(c3.round_constants[1], Fr::FromHex("0a61a8defbacca36e4537ff2c84fa66ceee67c9645ac27346e72ab842b9d3f15"));
  EXPECT_EQ(c3.round_constants[2], Fr::FromHex("21e9cefa24b89d09f91b1e8a45df275b17292b4e1aaa49301e234771128165d5"));
}

TEST(PoseidonConstants, CauchyMdsIsSymmetricAndInverted) {
  for (size_t arity : POSEIDON_ARITIES) {
    const auto &c = Constants(arity);
    const size_t t = c.width;
    for (size_t i = 0; i < t; i++)
      for (size_t j = 0; j < t; j++) {
        EXPECT_EQ(c.mds.At(i, j) * Fr::FromUint(i + j + t), Fr::One());
        EXPECT_EQ(c.mds.At(i, j), c.mds.At(j, i));
      }
    EXPECT_EQ(Mul(c.mds, c.mds_inverse), FrMatrix::Identity(t)) << "arity " << arity;
  }
}

TEST(PoseidonConstants, OptimisedFormMatchesPublishedValues) {
  // spec §2.6, t = 3
  const auto &c = Constants(2);
  ASSERT_EQ(c.compressed_round_constants.size(), 79u);
  EXPECT_EQ(c.compressed_round_constants[3],
            Fr::FromHex("0bfc421d38531805382624c9d2d2d02b1f2f5590316c401b2f5f56ca2f12a0d1"));
  EXPECT_EQ(c.compressed_round_constants[15],
            Fr::FromHex("15ea0de59c6ae7c8b21fd309ef84aba77c2d8e8139c9c08f5cca2138d161fdfd"));
  EXPECT_EQ(c.pre_sparse.At(0, 0), Fr::FromUint(3).Inverse());
  EXPECT_EQ(c.pre_sparse.At(0, 1), Fr::FromHex("69321c24c1cca37406c6aa610cf3eae4365bec86202785510ef2a763f5e42c3e"));
  EXPECT_EQ(c.pre_sparse.At(0, 2), Fr::FromHex("0d90801cabee4bb8d1fc3ae4f4fefac93b1105ad4e18f2907e485df9b0d18295"));
}

TEST(PoseidonConstants, ShapesForEveryArity) {
  for (size_t arity : POSEIDON_ARITIES) {
    const auto &c = Constants(arity);
    EXPECT_EQ(c.arity, arity);
    EXPECT_EQ(c.width, arity + 1);
    EXPECT_EQ(c.round_constants.size(), (c.full_rounds + c.partial_rounds) * c.width);
    EXPECT_EQ(c.compressed_round_constants.size(), c.full_rounds * c.width + c.partial_rounds);
    ASSERT_EQ(c.sparse.size(), c.partial_rounds);
    for (const auto &s : c.sparse) {
      EXPECT_EQ(s.w_hat.size(), c.width);
      EXPECT_EQ(s.v_rest.size(), c.width - 1);
    }
  }
  // spec §2.6: the pre-sparse matrix is not symmetric (for t = 3, 5, 9)
  for (size_t arity : {2, 4, 8}) {
    const auto &c = Constants(arity);
    EXPECT_NE(c.pre_sparse, Transpose(c.pre_sparse)) << "arity " << arity;
  }
}

TEST(PoseidonConstants, CacheIsSharedAcrossThreads) {
  std::vector<const PoseidonConstants *> seen(8, nullptr);
  std::vector<std::thread> threads;
  for (size_t i = 0; i < seen.size(); i++) threads.emplace_back([&, i] { seen[i] = *GetPoseidonConstants(16); });
  for (auto &th : threads) th.join();
  for (auto *p : seen) EXPECT_EQ(p, seen[0]);
}

TEST(PoseidonConstants, RegeneratedConstantsAreIdentical) {
  const PoseidonConstants fresh = GeneratePoseidonConstants(8);
  const auto &cached = Constants(8);
  EXPECT_EQ(fresh.round_constants, cached.round_constants);
  EXPECT_EQ(fresh.compressed_round_constants, cached.compressed_round_constants);
  EXPECT_EQ(fresh.pre_sparse, cached.pre_sparse);
}

// ---- known answers --------------------------------------------------------------------------------

TEST(PoseidonVectors, NeptuneMerkleTreeHashValues) {
  // neptune src/poseidon.rs::hash_values: preimage [0, 1, …, arity−1], MerkleTree tag
  const std::vector<Vector> vectors = {
      {2, Limbs(0x2e203c369a02e7ff, 0xa6fba9339d05a69d, 0x739e0fd902efe161, 0x396508d75e76a56b)},
      {4, Limbs(0x019814ff6662075d, 0xfb6b4605bf1327ec, 0x00db3c6579229399, 0x58a54b10a9e5848a)},
      {8, Limbs(0x2a9934f56d38a5e6, 0x4b682e9d9cc4aed9, 0x1201004211677077, 0x2394611da3a5de55)},
      {11, Limbs(0xcee3bbc32b693163, 0x09f3dcd8ccb08fc1, 0x6ca537e232ebe87a, 0x0c0fc1b2e5227f28)},
      {16, Limbs(0x1291c74060266d37, 0x5b8dbc6d30680a6f, 0xc1c2fb5a6f871e63, 0x2d3ae2663381ae8a)},
      {24, Limbs(0xd7ef3569f585b321, 0xc3e779f6468815b1, 0x066f39bf783f3d9f, 0x63beb8831f11ae15)},
      {36, Limbs(0x4473606dfa4e8140, 0x75cd368df8a8ac3c, 0x540a30e03c10bbaa, 0x699303082a6e5d5f)},
  };
  for (const auto &v : vectors) {
    auto h = PoseidonHashMerkle(Iota(v.arity));
    ASSERT_TRUE(h.HasValue());
    EXPECT_EQ(*h, v.expected) << "arity " << v.arity;
    // the plain permutation gives the same digest
    std::vector<Fr> state = Iota(v.arity);
    state.insert(state.begin(), MerkleTreeTag(v.arity));
    PoseidonPermutePlain(Constants(v.arity), state);
    EXPECT_EQ(state[1], v.expected) << "plain, arity " << v.arity;
  }
}

TEST(PoseidonVectors, NeptuneConstantLengthHashValues) {
  // ConstantLength(4) over [0, 1, 2, 3]; arity 2 absorbs through the sponge (two permutations)
  const std::vector<Vector> vectors = {
      {2, Limbs(0x1e12d20d3b71ec56, 0x7fb97ce0b8f66322, 0xc923003920c488d4, 0x19e8a3fe6c2df9ff)},
      {4, Limbs(0x8935b00a07909d45, 0x4984de08542c9977, 0x39443980077d7593, 0x3a21a6ae86754a29)},
      {8, Limbs(0x370a94532f818897, 0x203e3c7c4a85c1f9, 0xcad8b9f8aeb1578f, 0x5c6de4b69de9d792)},
      {11, Limbs(0xe9b0cb7d6496f73b, 0x7d2807d793af9582, 0xef841b6bf51a5a39, 0x02550c3a2113c7ca)},
      {16, Limbs(0x6a1e563d359c1bdd, 0x6b4493d5d40be9d3, 0x275a6eb04a0ecb37, 0x30ec6fa0fec08504)},
      {24, Limbs(0xc540772c5968a299, 0xe2e556352af20f97, 0x15ed0a6b8faba5aa, 0x327bdee6fa2b22b6)},
      {36, Limbs(0x7d89cddb70217dcd, 0x02ae71d3d04f0b32, 0xfe52151f29c50f99, 0x626bdae6cad79307)},
  };
  for (const auto &v : vectors) {
    auto h = PoseidonHashConstantLength(v.arity, Iota(4));
    ASSERT_TRUE(h.HasValue());
    EXPECT_EQ(*h, v.expected) << "arity " << v.arity;
  }
}

TEST(PoseidonVectors, FilecoinHashersH2AndTreeRoot) {
  const Fr one = Fr::One(), zero = Fr::Zero();
  auto h10 = PoseidonHashMerkle(std::vector<Fr>{one, zero});
  ASSERT_TRUE(h10.HasValue());
  EXPECT_EQ(*h10, Limbs(0xb339ff6079800b5e, 0xec5907b3dc3094af, 0x93c003cc74a24f26, 0x042f94ffbe786bc3));
  auto h01 = PoseidonHashMerkle(std::vector<Fr>{zero, one});
  auto root = PoseidonHashMerkle(std::vector<Fr>{*h10, *h01});
  EXPECT_EQ(*root, Limbs(0xefbb8be3e291e671, 0x77cc72b8cb2b5ad2, 0x30eb6385ae6b74ae, 0x1effebb7b26ad9eb));
}

TEST(PoseidonVectors, FilecoinHashersHashMd) {
  auto h = PoseidonHashMd(std::vector<Fr>(71, Fr::One()));
  ASSERT_TRUE(h.HasValue());
  EXPECT_EQ(*h, Limbs(0x351c54133b332c90, 0xc26f6d625f4e8195, 0x5fd9623643ed9622, 0x59f42220e09ff6f7));
}

TEST(PoseidonVectors, SnapDealsGenRandomnessTag) {
  // spec §2.4 and §2.8: tag 2^40, arity 2; phi(comm_d = 0, comm_r_old = 1), then rho(phi, 5)
  EXPECT_EQ(SnapDealsGenRandomnessTag(), Fr::FromHex("10000000000"));
  EXPECT_EQ(*CustomTag(1), SnapDealsGenRandomnessTag());
  auto phi = PoseidonHash(std::vector<Fr>{Fr::Zero(), Fr::One()}, SnapDealsGenRandomnessTag());
  ASSERT_TRUE(phi.HasValue());
  EXPECT_EQ(*phi, Fr::FromHex("314a35c4e7f0924ead1fc58134a0fe25e3580bea397367c7e5a74ec4bc077758"));
  auto rho = PoseidonHash(std::vector<Fr>{*phi, Fr::FromUint(5)}, SnapDealsGenRandomnessTag());
  EXPECT_EQ(*rho, Fr::FromHex("0074280afaaa5f4d68d60a5931b88450f7ccbf596d3688dcb9cdbc77bc8698cb"));
}

TEST(PoseidonVectors, DomainTags) {
  EXPECT_EQ(MerkleTreeTag(2), Fr::FromUint(3));
  EXPECT_EQ(MerkleTreeTag(8), Fr::FromUint(255));
  EXPECT_EQ(MerkleTreeTag(36), Fr::FromUint((uint64_t(1) << 36) - 1));
  EXPECT_EQ(ConstantLengthTag(4), Fr::FromHex("40000000000000000"));
}

// ---- properties -----------------------------------------------------------------------------------

TEST(PoseidonProperties, PlainEqualsOptimisedOnRandomStates) {
  std::mt19937_64 rng(20261130);
  for (size_t arity : POSEIDON_ARITIES) {
    const auto &c = Constants(arity);
    for (int iter = 0; iter < 8; iter++) {
      std::vector<Fr> a(c.width);
      for (auto &x : a) x = Fr::Random(rng);
      std::vector<Fr> b = a;
      PoseidonPermutePlain(c, a);
      PoseidonPermute(c, b);
      EXPECT_EQ(a, b) << "arity " << arity << " iteration " << iter; // the whole state, not just element 1
    }
  }
}

TEST(PoseidonProperties, HashEqualsPlainPermutationOnRandomPreimages) {
  // covers the hash path, which computes only the output column in the terminal round
  std::mt19937_64 rng(99);
  for (size_t arity : POSEIDON_ARITIES) {
    for (int iter = 0; iter < 4; iter++) {
      std::vector<Fr> pre(arity);
      for (auto &x : pre) x = Fr::Random(rng);
      std::vector<Fr> state = pre;
      state.insert(state.begin(), MerkleTreeTag(arity));
      PoseidonPermutePlain(Constants(arity), state);
      EXPECT_EQ(*PoseidonHashMerkle(pre), state[1]) << "arity " << arity;
    }
  }
}

TEST(PoseidonProperties, ConstantLengthSpongeAddsBlocksAndPermutesPartialLastBlock) {
  // 5 inputs at arity 2: [L·2^64, x0, x1] → P → +x2, +x3 → P → +x4 (element 2 keeps its value) → P
  std::mt19937_64 rng(5);
  std::vector<Fr> x(5);
  for (auto &v : x) v = Fr::Random(rng);
  const auto &c = Constants(2);
  std::vector<Fr> s = {ConstantLengthTag(5), x[0], x[1]};
  PoseidonPermutePlain(c, s);
  s[1] += x[2];
  s[2] += x[3];
  PoseidonPermutePlain(c, s);
  s[1] += x[4];
  PoseidonPermutePlain(c, s);
  EXPECT_EQ(*PoseidonHashConstantLength(2, x), s[1]);
}

TEST(PoseidonProperties, BatchEqualsSingle) {
  std::mt19937_64 rng(7);
  for (size_t arity : {2, 8, 11}) {
    const size_t n = 300;
    std::vector<Fr> in(arity * n);
    for (auto &x : in) x = Fr::Random(rng);
    std::vector<Fr> out(n);
    ASSERT_TRUE(PoseidonHashBatch(arity, in, out).IsOk());
    for (size_t i = 0; i < n; i += 37)
      EXPECT_EQ(out[i], *PoseidonHashMerkle(std::span<const Fr>(in).subspan(arity * i, arity)));
  }
}

TEST(PoseidonProperties, BytesApiMatchesFieldApi) {
  std::vector<uint8_t> bytes(64, 0);
  bytes[0] = 1; // [Fr(1), Fr(0)] as LE reprs
  auto h = PoseidonHashBytes(bytes);
  ASSERT_TRUE(h.HasValue());
  EXPECT_EQ(*h, FrToBytesLE(Limbs(0xb339ff6079800b5e, 0xec5907b3dc3094af, 0x93c003cc74a24f26, 0x042f94ffbe786bc3)));
}

// ---- bad input ------------------------------------------------------------------------------------

TEST(PoseidonBadInput, UnsupportedArity) {
  for (size_t arity : {0, 1, 3, 5, 37}) {
    auto h = PoseidonHashMerkle(Iota(arity));
    ASSERT_FALSE(h.HasValue());
    EXPECT_EQ(h.Code(), cuzk::ErrorCode::kBadArity);
    EXPECT_NE(h.ErrorMessage().find("arity"), std::string::npos);
  }
  EXPECT_FALSE(PoseidonHashConstantLength(3, Iota(4)).HasValue());
  std::vector<Fr> out(1);
  EXPECT_EQ(PoseidonHashBatch(5, Iota(5), out).Code(), cuzk::ErrorCode::kBadArity);
}

TEST(PoseidonBadInput, WrongLengths) {
  std::vector<Fr> out(3);
  EXPECT_EQ(PoseidonHashBatch(2, Iota(5), out).Code(), cuzk::ErrorCode::kBadLength);
  EXPECT_EQ(PoseidonHashBytes(std::vector<uint8_t>(63)).Code(), cuzk::ErrorCode::kBadLength);
  EXPECT_EQ(PoseidonHashBytes(std::vector<uint8_t>(96)).Code(), cuzk::ErrorCode::kBadLength); // arity 3
  EXPECT_EQ(PoseidonHashMd(Iota(1)).Code(), cuzk::ErrorCode::kBadLength);
  EXPECT_EQ(PoseidonHashConstantLength(2, {}).Code(), cuzk::ErrorCode::kBadLength);
  EXPECT_EQ(FrFromBytesLE(std::vector<uint8_t>(31)).Code(), cuzk::ErrorCode::kBadLength);
  EXPECT_EQ(CustomTag(0).Code(), cuzk::ErrorCode::kInvalidArgument);
  EXPECT_EQ(CustomTag(257).Code(), cuzk::ErrorCode::kInvalidArgument);
}

TEST(PoseidonBadInput, NonCanonicalBytes) {
  // r itself (little-endian) is the smallest non-canonical value; r − 1 is the largest valid one
  Digest32 r;
  for (size_t i = 0; i < 32; i++) r[i] = uint8_t(Fr::MODULUS[i / 8] >> (8 * (i % 8)));
  EXPECT_EQ(FrFromBytesLE(r).Code(), cuzk::ErrorCode::kNonCanonical);
  Digest32 r_minus_1 = r;
  r_minus_1[0] -= 1; // r ends in 0x01, no borrow
  EXPECT_TRUE(FrFromBytesLE(r_minus_1).HasValue());

  std::vector<uint8_t> pre(64, 0);
  std::copy(r.begin(), r.end(), pre.begin() + 32);
  auto h = PoseidonHashBytes(pre);
  ASSERT_FALSE(h.HasValue());
  EXPECT_EQ(h.Code(), cuzk::ErrorCode::kNonCanonical);
  EXPECT_NE(h.ErrorMessage().find("element 1"), std::string::npos);
  std::fill(pre.begin() + 32, pre.end(), 0xff);
  EXPECT_EQ(PoseidonHashBytes(pre).Code(), cuzk::ErrorCode::kNonCanonical);
}

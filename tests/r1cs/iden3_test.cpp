// tests/r1cs/iden3_test.cpp — circom/snarkjs .r1cs/.wtns import: the cube example of
// spec/oracles.md §1 (the bytes snarkjs accepts), and every malformation giving an error.
#include "r1cs/iden3.hpp"
#include "r1cs/test_cs.hpp"

#include <gtest/gtest.h>

namespace cuzk::r1cs {
namespace {

using Bytes = std::vector<uint8_t>;

void PutLE(Bytes &b, uint64_t v, size_t n) {
  for (size_t i = 0; i < n; i++) b.push_back(uint8_t(v >> (8 * i)));
}
void PutFr(Bytes &b, const Fr &v) {
  uint8_t t[32];
  v.ToBytesLE(t);
  b.insert(b.end(), t, t + 32);
}
void PutPrime(Bytes &b) {
  for (size_t i = 0; i < 32; i++) b.push_back(uint8_t(Fr::MODULUS[i / 8] >> (8 * (i % 8))));
}
Bytes Section(uint32_t type, const Bytes &body) {
  Bytes s;
  PutLE(s, type, 4);
  PutLE(s, body.size(), 8);
  s.insert(s.end(), body.begin(), body.end());
  return s;
}
Bytes File(const char *magic, uint32_t version, const std::vector<Bytes> &sections) {
  Bytes f(magic, magic + 4);
  PutLE(f, version, 4);
  PutLE(f, sections.size(), 4);
  for (const Bytes &s : sections) f.insert(f.end(), s.begin(), s.end());
  return f;
}

using Lc = std::vector<std::pair<uint32_t, Fr>>;
void PutLc(Bytes &b, const Lc &lc) {
  PutLE(b, lc.size(), 4);
  for (auto &[w, c] : lc) {
    PutLE(b, w, 4);
    PutFr(b, c);
  }
}

// x³ + x + 5 = out; wires 0 = one, 1 = out (public output), 2 = x, 3 = x², 4 = x³
Bytes CubeR1cs() {
  Fr one = Fr::One();
  std::vector<std::array<Lc, 3>> cons = {
      {Lc{{2, one}}, Lc{{2, one}}, Lc{{3, one}}},
      {Lc{{3, one}}, Lc{{2, one}}, Lc{{4, one}}},
      {Lc{{0, Fr::FromUint(5)}, {2, one}, {4, one}}, Lc{{0, one}}, Lc{{1, one}}},
  };
  Bytes hdr;
  PutLE(hdr, 32, 4);
  PutPrime(hdr);
  for (uint32_t v : {5u, 1u, 0u, 1u}) PutLE(hdr, v, 4);
  PutLE(hdr, 5, 8);
  PutLE(hdr, cons.size(), 4);
  Bytes body;
  for (auto &c : cons)
    for (auto &lc : c) PutLc(body, lc);
  Bytes labels;
  for (uint64_t i = 0; i < 5; i++) PutLE(labels, i, 8);
  return File("r1cs", 1, {Section(1, hdr), Section(2, body), Section(3, labels)});
}

Bytes CubeWtns(uint64_t x) {
  Bytes hdr;
  PutLE(hdr, 32, 4);
  PutPrime(hdr);
  PutLE(hdr, 5, 4);
  Bytes body;
  for (uint64_t v : {uint64_t(1), x * x * x + x + 5, x, x * x, x * x * x}) PutFr(body, Fr::FromUint(v));
  return File("wtns", 2, {Section(1, hdr), Section(2, body)});
}

TEST(Iden3, CubeParsesAndIsSatisfied) {
  auto r1cs = ParseIden3R1cs(CubeR1cs());
  ASSERT_TRUE(r1cs) << r1cs.ErrorMessage();
  EXPECT_EQ(r1cs->num_wires, 5u);
  EXPECT_EQ(r1cs->NumPublic(), 1u);
  EXPECT_EQ(r1cs->NumConstraints(), 3u);
  auto w = ParseIden3Wtns(CubeWtns(3));
  ASSERT_TRUE(w) << w.ErrorMessage();
  auto circuit = Iden3Circuit::Make(std::move(*r1cs), std::move(*w));
  ASSERT_TRUE(circuit) << circuit.ErrorMessage();
  TestCS cs;
  circuit->Synthesize(cs);
  EXPECT_TRUE(cs.IsSatisfied());
  EXPECT_EQ(cs.NumInputs(), 2u);
  EXPECT_EQ(cs.NumAux(), 3u);
  EXPECT_EQ(cs.input_assignment[1], Fr::FromUint(35));
}

TEST(Iden3, WrongWitnessIsUnsatisfied) {
  auto r1cs = ParseIden3R1cs(CubeR1cs());
  auto w = ParseIden3Wtns(CubeWtns(3));
  ASSERT_TRUE(r1cs && w);
  (*w)[1] = Fr::FromUint(36);
  auto circuit = Iden3Circuit::Make(std::move(*r1cs), std::move(*w));
  TestCS cs;
  circuit->Synthesize(cs);
  EXPECT_FALSE(cs.IsSatisfied());
}

TEST(Iden3, EveryTruncationIsAnError) {
  Bytes r = CubeR1cs(), w = CubeWtns(3);
  for (size_t n = 0; n < r.size(); n++) {
    auto p = ParseIden3R1cs(std::span(r.data(), n));
    EXPECT_FALSE(p) << n;
    if (!p) EXPECT_FALSE(p.ErrorMessage().empty());
  }
  for (size_t n = 0; n < w.size(); n++) EXPECT_FALSE(ParseIden3Wtns(std::span(w.data(), n))) << n;
}

TEST(Iden3, CorruptionsAreErrors) {
  auto expect_error = [](const Bytes &b, const std::string &needle) {
    auto p = ParseIden3R1cs(b);
    ASSERT_FALSE(p);
    EXPECT_NE(p.ErrorMessage().find(needle), std::string::npos) << p.ErrorMessage();
  };
  Bytes good = CubeR1cs();
  // header offsets: magic 0..4, version 4..8, nsections 8..12, section type 12..16, size 16..24,
  // n8 24..28, prime 28..60, nWires 60..64
  Bytes b = good;
  b[0] = 'x';
  expect_error(b, "magic");
  b = good;
  b[4] = 7;
  expect_error(b, "version");
  b = good;
  b[28] ^= 1;
  expect_error(b, "prime");
  b = good;
  b[24] = 48;
  expect_error(b, "field size");
  b = good;
  b[60] = 2; // two wires: the constraints use wire 4
  expect_error(b, "wire");
  b = good;
  b[16 + 7] = 0x7f; // header section claims a huge size
  expect_error(b, "claims");
  // a coefficient ≥ r: the first coefficient starts after the body header and term count + wire
  size_t body = 12 + 12 + 4 + 32 + 16 + 8 + 4; // file header, section 1 header, body of section 1
  b = good;
  for (size_t i = 0; i < 32; i++) b[body + 12 + 4 + 4 + i] = 0xff;
  expect_error(b, "coefficient");
  // a term count that cannot fit
  b = good;
  b[body + 12 + 3] = 0x40;
  expect_error(b, "terms");

  Bytes w = CubeWtns(3);
  w[24 + 4 + 32] = 6; // six values announced, five present
  EXPECT_FALSE(ParseIden3Wtns(w));
  auto r1cs = ParseIden3R1cs(good);
  EXPECT_FALSE(Iden3Circuit::Make(std::move(*r1cs), std::vector<Fr>(4, Fr::One())));
}

TEST(Iden3, MissingFileIsAnError) { EXPECT_FALSE(ReadWholeFile("/nonexistent/x.r1cs")); }

} // namespace
} // namespace cuzk::r1cs

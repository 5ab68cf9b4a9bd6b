// tests/oracle/dump_ec.cpp — seeded curve cases for check.mjs / @noble/curves: G1/G2 arithmetic,
// the ZCash encodings, and a differential fuzz of the decoders (mutated encodings must be accepted
// or rejected exactly as noble does, and decode to the same point).
#include "oracle_cases.hpp"

#include "ec/encoding.hpp"

namespace {

using namespace cuzk;
using namespace cuzk::oracle;
using ff::Fr;

constexpr int CASES = 16;

std::vector<Fr> Scalars(std::mt19937_64 &rng) {
  std::vector<Fr> v = {Fr::Zero(), Fr::One(), Fr::FromUint(2), -Fr::One()};
  for (int i = 0; i < CASES; i++) v.push_back(Fr::Random(rng));
  return v;
}

template <class C> void CurveCases(CaseWriter &w, std::string_view name, std::mt19937_64 &rng) {
  using J = ec::Jacobian<C>;
  const std::string g(name);
  const J gen = J::Generator();
  auto ks = Scalars(rng);
  for (size_t i = 0; i < ks.size(); i++) {
    const Fr &k = ks[i];
    const J p = gen * k;
    w.Emit(g + ".mul_gen", Vals(k), Vals(p));
    w.Emit(g + ".dbl", Vals(p), Vals(p.Double()));

    // the special cases of addition: distinct points, equal points, opposite points, infinity
    const Fr &other = ks[(i * 5 + 1) % ks.size()];
    for (const J &q : {gen * other, p, -p, J::Infinity()}) {
      w.Emit(g + ".add", Vals(p, q), Vals(p + q));
      // mixed addition takes q affine and p in a Jacobian form with Z ≠ 1
      w.Emit(g + ".add", Vals(p, q), Vals(p.Double().AddMixed(q.ToAffine()) - p));
    }

    const Fr s = Fr::Random(rng);
    w.Emit(g + ".mul", Vals(p, s), Vals(p * s));
  }
}

template <class C> std::string Encode(const ec::Affine<C> &p, bool compressed) {
  if (compressed) {
    auto b = ec::ToCompressed<C>(p);
    return BytesHex(b.data(), b.size());
  }
  auto b = ec::ToUncompressed<C>(p);
  return BytesHex(b.data(), b.size());
}

//! one random corruption: a flag bit, a random bit anywhere, a random byte, or x replaced by junk
void Mutate(std::vector<uint8_t> &b, std::mt19937_64 &rng) {
  switch (rng() % 4) {
  case 0:
    b[0] ^= uint8_t(0x20 << (rng() % 3));
    break;
  case 1:
    b[rng() % b.size()] ^= uint8_t(1 << (rng() % 8));
    break;
  case 2:
    b[rng() % b.size()] = uint8_t(rng());
    break;
  default:
    for (size_t i = 1; i < 48; i++) b[i] = uint8_t(rng());
  }
}

template <class C> void EncodingCases(CaseWriter &w, std::string_view name, std::mt19937_64 &rng) {
  using J = ec::Jacobian<C>;
  const std::string g(name);
  std::vector<ec::Affine<C>> points = {ec::Affine<C>::Infinity(), ec::Affine<C>::Generator()};
  for (int i = 0; i < CASES; i++) points.push_back((J::Generator() * Fr::Random(rng)).ToAffine());
  for (const auto &p : points) {
    for (bool compressed : {true, false}) {
      const std::string enc = Encode(p, compressed);
      w.Emit(g + (compressed ? ".compress" : ".uncompress"), Vals(p), {enc});
      for (int m = 0; m < 4; m++) {
        std::vector<uint8_t> b(enc.size() / 2);
        for (size_t i = 0; i < b.size(); i++) b[i] = uint8_t(std::stoi(enc.substr(2 * i, 2), nullptr, 16));
        if (m) Mutate(b, rng); // m = 0: the valid encoding itself
        auto r = compressed ? ec::FromCompressed<C>(b) : ec::FromUncompressed<C>(b);
        w.Emit(g + (compressed ? ".decode_compressed" : ".decode_uncompressed"), {BytesHex(b.data(), b.size())},
               r ? Vals(*r) : Strings{});
      }
    }
  }
}

} // namespace

int main(int argc, char **argv) {
  std::mt19937_64 rng(SeedFromArgs(argc, argv));
  CaseWriter w;
  CurveCases<ec::G1Curve>(w, "g1", rng);
  CurveCases<ec::G2Curve>(w, "g2", rng);
  EncodingCases<ec::G1Curve>(w, "g1", rng);
  EncodingCases<ec::G2Curve>(w, "g2", rng);
  return 0;
}

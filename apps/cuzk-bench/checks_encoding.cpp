// apps/cuzk-bench/checks_encoding.cpp — known answers of the ZCash point encodings
// (src/ec/encoding.hpp; spec/porep.md §6): the generators, infinity, bellperson's compatibility
// vector, and the rejections (flags, non-canonical x, off the curve, outside the subgroup).
#include "selftest.hpp"

#include "base/hex.hpp"
#include "ec/ec.hpp"
#include "ec/encoding.hpp"

#include <random>

namespace cuzk::bench {

namespace {

std::vector<uint8_t> Bytes(const std::string &hex) {
  std::vector<uint8_t> b(hex.size() / 2);
  for (size_t i = 0; i < b.size(); i++) b[i] = uint8_t(std::stoi(hex.substr(2 * i, 2), nullptr, 16));
  return b;
}

// the generators' compressed forms (spec/oracles.md; @noble/curves gives the same bytes)
constexpr const char *G1_GEN_COMPRESSED =
    "97f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac586c55e83ff97a1aeffb3af00adb22c6bb";
constexpr const char *G2_GEN_COMPRESSED =
    "93e02b6052719f607dacd3a088274f65596bd0d09920b61ab5da61bbdc7f5049334cf11213945d57e5ac7d055d042b7e"
    "024aa2b2f08f0a91260805272dc51051c6e47ad4fa403b02b4510b647ae3d1770bac0326a805bbefd48056c8c121bdb8";
// bellperson tests/compatibility.rs::test_compat (spec/vectors.md §10)
constexpr const char *COMPAT_G1 =
    "b9f71ce42cc2b38f597eb72205c75185149bfe23e20ced0ff3cb97c7e94944c72fbd92b5b08eb76dfa1a98fe7cf0ce7e";
constexpr const char *COMPAT_G2 =
    "b8b6d9d77834f37ffddfbd086c5ea84d1e8ad9016f62ef676fb7ef7d7af14a2cedc2cab574f79862f85af32cbdaf9980"
    "029aba36b7ead7798090003a78a369f171f10ea64352fe3da7653919b1093e751ba25ef252d526aef678786f2453ca6f";

template <class C> CheckResult Generator(const char *expected) {
  const auto g = ec::Affine<C>::Generator();
  const auto c = ec::ToCompressed<C>(g);
  if (base::Hex(c) != expected) return {false, std::string(C::NAME) + " generator compresses to " + base::Hex(c)};
  auto back = ec::FromCompressed<C>(c);
  if (!back || *back != g) return {false, std::string(C::NAME) + " generator does not decode back"};
  const auto u = ec::ToUncompressed<C>(g);
  auto back_u = ec::FromUncompressed<C>(u);
  if (!back_u || *back_u != g) return {false, std::string(C::NAME) + " uncompressed round trip failed"};
  // infinity: 0xc0 then zeros compressed, 0x40 then zeros uncompressed
  const auto inf = ec::ToCompressed<C>(ec::Affine<C>::Infinity());
  const auto inf_u = ec::ToUncompressed<C>(ec::Affine<C>::Infinity());
  bool zeros = true;
  for (size_t i = 1; i < inf.size(); i++) zeros &= inf[i] == 0;
  for (size_t i = 1; i < inf_u.size(); i++) zeros &= inf_u[i] == 0;
  return Expect(inf[0] == 0xc0 && inf_u[0] == 0x40 && zeros, std::string(C::NAME) + " infinity encoding wrong");
}

template <class C> CheckResult RandomRoundTrips() {
  std::mt19937_64 rng(9);
  for (int i = 0; i < 16; i++) {
    const auto p = (ec::Jacobian<C>::Generator() * ff::Fr::Random(rng)).ToAffine();
    auto c = ec::FromCompressed<C>(ec::ToCompressed<C>(p));
    auto u = ec::FromUncompressed<C>(ec::ToUncompressed<C>(p));
    if (!c || *c != p || !u || *u != p) {
      return {false, std::string(C::NAME) + " random point does not round-trip"};
    }
  }
  return {};
}

CheckResult CompatVector() {
  const auto g1 = Bytes(COMPAT_G1), g2 = Bytes(COMPAT_G2);
  auto p = ec::FromCompressed<ec::G1Curve>(g1);
  auto q = ec::FromCompressed<ec::G2Curve>(g2);
  if (!p || !q)
    return {false, std::string("bellperson compat points rejected: ") + p.ErrorMessage() + " / " + q.ErrorMessage()};
  return Expect(base::Hex(ec::ToCompressed<ec::G1Curve>(*p)) == COMPAT_G1 &&
                    base::Hex(ec::ToCompressed<ec::G2Curve>(*q)) == COMPAT_G2,
                "bellperson compat points do not re-encode to the same bytes");
}

CheckResult Rejections() {
  auto g = Bytes(G1_GEN_COMPRESSED);
  // the code and the words of the message that tell this rejection from the others of its code
  auto expect = [](const std::vector<uint8_t> &b, ErrorCode code, const char *needle, const char *what) {
    auto r = ec::FromCompressed<ec::G1Curve>(b);
    if (r) return CheckResult{false, std::string(what) + ": accepted"};
    return Expect(r.Code() == code && r.ErrorMessage().find(needle) != std::string::npos,
                  std::string(what) + ": got " + std::string(ErrorCodeName(r.Code())) + " (" + r.ErrorMessage() + ")");
  };
  if (auto r = expect(std::vector<uint8_t>(g.begin(), g.end() - 1), ErrorCode::kBadLength, "wrong length", "47 bytes");
      !r.ok)
    return r;
  auto no_flag = g;
  no_flag[0] &= 0x7f;
  if (auto r = expect(no_flag, ErrorCode::kNonCanonical, "compression flag (0x80) not set", "no compression flag");
      !r.ok)
    return r;
  auto big_x = std::vector<uint8_t>(48, 0xff);
  big_x[0] = 0x9f; // compressed, x = 2^381 − 1 ≥ p
  if (auto r = expect(big_x, ErrorCode::kNonCanonical, "not below p", "x ≥ p"); !r.ok) return r;
  auto inf_junk = std::vector<uint8_t>(48, 0);
  inf_junk[0] = 0xc0;
  inf_junk[47] = 1;
  if (auto r = expect(inf_junk, ErrorCode::kNonCanonical, "infinity flag set but", "infinity with a non-zero x"); !r.ok)
    return r;
  // x = 0: y² = 4 has the root 2, so (0, 2) is on the curve but not in the order-r subgroup
  auto x0 = std::vector<uint8_t>(48, 0);
  x0[0] = 0xa0;
  if (auto r = expect(x0, ErrorCode::kNotInSubgroup, "not in the prime-order subgroup", "(0, ±2)"); !r.ok) return r;
  return Expect(ec::FromCompressedUnchecked<ec::G1Curve>(x0).HasValue(), "unchecked decoder rejected (0, ±2)");
}

} // namespace

std::vector<Check> EncodingChecks() {
  return {
      {"ec", "G1 generator/infinity encodings (97f1d3a7…)", [] { return Generator<ec::G1Curve>(G1_GEN_COMPRESSED); }},
      {"ec", "G2 generator/infinity encodings (93e02b60…)", [] { return Generator<ec::G2Curve>(G2_GEN_COMPRESSED); }},
      {"ec", "G1/G2 random points round-trip (48/96/96/192 B)",
       [] {
         auto r = RandomRoundTrips<ec::G1Curve>();
         return r.ok ? RandomRoundTrips<ec::G2Curve>() : r;
       }},
      {"ec", "bellperson compatibility vector decodes and re-encodes", CompatVector},
      {"ec", "decoder rejects length, flags, x ≥ p, junk infinity, subgroup", Rejections},
  };
}

} // namespace cuzk::bench

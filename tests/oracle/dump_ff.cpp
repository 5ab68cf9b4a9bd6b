// tests/oracle/dump_ff.cpp — seeded field cases (Fr, Fp, Fp2, Fp6, Fp12) for check.mjs / @noble/curves.
#include "oracle_cases.hpp"

#include <algorithm>
#include <array>

namespace {

using namespace cuzk;
using namespace cuzk::oracle;
using ff::Fp;
using ff::Fp12;
using ff::Fp2;
using ff::Fp6;
using ff::Fr;

constexpr int PRIME_CASES = 48;
constexpr int TOWER_CASES = 12;

//! random elements plus the edges where carries and reductions go wrong: 0, 1, 2, p − 1, p − 2
template <class F> std::vector<F> Samples(std::mt19937_64 &rng, int n) {
  std::vector<F> v = {F::Zero(), F::One(), F::FromUint(2), -F::One(), -F::FromUint(2)};
  for (int i = 0; i < n; i++) v.push_back(F::Random(rng));
  return v;
}

template <class F> void PrimeFieldCases(CaseWriter &w, std::string_view name, std::mt19937_64 &rng) {
  const std::string p(name);
  auto xs = Samples<F>(rng, PRIME_CASES);
  for (size_t i = 0; i < xs.size(); i++) {
    const F &a = xs[i];
    const F &b = xs[(i * 7 + 3) % xs.size()];
    w.Emit(p + ".add", Vals(a, b), Vals(a + b));
    w.Emit(p + ".sub", Vals(a, b), Vals(a - b));
    w.Emit(p + ".mul", Vals(a, b), Vals(a * b));
    w.Emit(p + ".sqr", Vals(a), Vals(a.Square()));
    w.Emit(p + ".neg", Vals(a), Vals(-a));
    w.Emit(p + ".inv", Vals(a), Vals(a.Inverse()));
    w.Emit(p + ".legendre", Vals(a), {std::to_string(a.Legendre())});
    auto r = a.Sqrt();
    w.Emit(p + ".sqrt", Vals(a), r ? Vals(*r) : Strings{});
    const uint64_t e = rng();
    w.Emit(p + ".pow", Vals(a, std::to_string(e)), Vals(a.Pow(e)));

    std::array<uint8_t, F::NUM_BYTES> le{}, be{};
    a.ToBytesLE(le.data());
    a.ToBytesBE(be.data());
    w.Emit(p + ".to_bytes_le", Vals(a), {BytesHex(le.data(), le.size())});
    w.Emit(p + ".to_bytes_be", Vals(a), {BytesHex(be.data(), be.size())});
  }
  // decoding must reject every value ≥ modulus: random bytes (mostly out of range for Fp's
  // 381 of 384 bits), the modulus itself and the all-ones string
  for (int i = 0; i < PRIME_CASES; i++) {
    std::array<uint8_t, F::NUM_BYTES> bytes{};
    for (auto &x : bytes) x = uint8_t(rng());
    if (i == 0) bytes.fill(0xff);
    if (i == 1) {
      for (size_t j = 0; j < F::NUM_BYTES; j++) bytes[j] = uint8_t(F::MODULUS[j / 8] >> (8 * (j % 8)));
    }
    if (i % 4 == 2) bytes[F::NUM_BYTES - 1] &= 0x3f; // top byte of a little-endian string: often in range
    auto le = F::FromBytesLE(bytes.data());
    w.Emit(p + ".from_bytes_le", {BytesHex(bytes.data(), bytes.size())}, le ? Vals(*le) : Strings{});
    std::reverse(bytes.begin(), bytes.end());
    auto be = F::FromBytesBE(bytes.data());
    w.Emit(p + ".from_bytes_be", {BytesHex(bytes.data(), bytes.size())}, be ? Vals(*be) : Strings{});
  }
}

Fp2 RandomFp2(std::mt19937_64 &rng) { return {Fp::Random(rng), Fp::Random(rng)}; }
Fp6 RandomFp6(std::mt19937_64 &rng) { return {RandomFp2(rng), RandomFp2(rng), RandomFp2(rng)}; }
Fp12 RandomFp12(std::mt19937_64 &rng) { return {RandomFp6(rng), RandomFp6(rng)}; }

void TowerCases(CaseWriter &w, std::mt19937_64 &rng) {
  for (int i = 0; i < TOWER_CASES; i++) {
    Fp2 a = RandomFp2(rng), b = RandomFp2(rng);
    if (i == 0) a = Fp2{Fp::Zero(), Fp::One()}; // u
    w.Emit("fp2.mul", Vals(a, b), Vals(a * b));
    w.Emit("fp2.sqr", Vals(a), Vals(a.Square()));
    w.Emit("fp2.inv", Vals(a), Vals(a.Inverse()));
    w.Emit("fp2.frob1", Vals(a), Vals(a.Frobenius(1)));
    // a square always has a root, a random element has one half of the time
    Fp2 s = a.Square();
    auto r = s.Sqrt();
    w.Emit("fp2.sqrt", Vals(s), r ? Vals(*r) : Strings{});
    auto r2 = b.Sqrt();
    w.Emit("fp2.sqrt", Vals(b), r2 ? Vals(*r2) : Strings{});

    Fp6 c = RandomFp6(rng), d = RandomFp6(rng);
    w.Emit("fp6.mul", Vals(c, d), Vals(c * d));
    w.Emit("fp6.sqr", Vals(c), Vals(c.Square()));
    w.Emit("fp6.inv", Vals(c), Vals(c.Inverse()));
    for (unsigned k = 1; k <= 3; k++) w.Emit("fp6.frob" + std::to_string(k), Vals(c), Vals(c.Frobenius(k)));

    Fp12 f = RandomFp12(rng), g = RandomFp12(rng);
    w.Emit("fp12.mul", Vals(f, g), Vals(f * g));
    w.Emit("fp12.sqr", Vals(f), Vals(f.Square()));
    w.Emit("fp12.inv", Vals(f), Vals(f.Inverse()));
    w.Emit("fp12.conj", Vals(f), Vals(f.Conjugate()));
    for (unsigned k = 1; k <= 3; k++) w.Emit("fp12.frob" + std::to_string(k), Vals(f), Vals(f.Frobenius(k)));
  }
}

} // namespace

int main(int argc, char **argv) {
  std::mt19937_64 rng(SeedFromArgs(argc, argv));
  CaseWriter w;
  PrimeFieldCases<Fr>(w, "fr", rng);
  PrimeFieldCases<Fp>(w, "fp", rng);
  TowerCases(w, rng);
  return 0;
}

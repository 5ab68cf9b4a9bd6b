// tests/r1cs/iden3_bytes.hpp — builds iden3 .r1cs/.wtns bytes for tests: the x³ + x + 5 = out
// example of spec/oracles.md §1 (the bytes snarkjs accepts), written from the format description.
#pragma once
#include "ff/bls12_381.hpp"

#include <array>
#include <cstdint>
#include <utility>
#include <vector>

namespace cuzk::r1cs::test_bytes {

using ff::Fr;

using Bytes = std::vector<uint8_t>;

inline void PutLE(Bytes &b, uint64_t v, size_t n) {
  for (size_t i = 0; i < n; i++) b.push_back(uint8_t(v >> (8 * i)));
}
inline void PutFr(Bytes &b, const Fr &v) {
  uint8_t t[32];
  v.ToBytesLE(t);
  b.insert(b.end(), t, t + 32);
}
inline void PutPrime(Bytes &b) {
  for (size_t i = 0; i < 32; i++) b.push_back(uint8_t(Fr::MODULUS[i / 8] >> (8 * (i % 8))));
}
inline Bytes Section(uint32_t type, const Bytes &body) {
  Bytes s;
  PutLE(s, type, 4);
  PutLE(s, body.size(), 8);
  s.insert(s.end(), body.begin(), body.end());
  return s;
}
inline Bytes File(const char *magic, uint32_t version, const std::vector<Bytes> &sections) {
  Bytes f(magic, magic + 4);
  PutLE(f, version, 4);
  PutLE(f, sections.size(), 4);
  for (const Bytes &s : sections) f.insert(f.end(), s.begin(), s.end());
  return f;
}

using Lc = std::vector<std::pair<uint32_t, Fr>>;
inline void PutLc(Bytes &b, const Lc &lc) {
  PutLE(b, lc.size(), 4);
  for (auto &[w, c] : lc) {
    PutLE(b, w, 4);
    PutFr(b, c);
  }
}

// x³ + x + 5 = out; wires 0 = one, 1 = out (public output), 2 = x, 3 = x², 4 = x³
inline Bytes CubeR1cs() {
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

inline Bytes CubeWtns(uint64_t x) {
  Bytes hdr;
  PutLE(hdr, 32, 4);
  PutPrime(hdr);
  PutLE(hdr, 5, 4);
  Bytes body;
  for (uint64_t v : {uint64_t(1), x * x * x + x + 5, x, x * x, x * x * x}) PutFr(body, Fr::FromUint(v));
  return File("wtns", 2, {Section(1, hdr), Section(2, body)});
}

} // namespace cuzk::r1cs::test_bytes

// tests/oracle/oracle_cases.hpp — how the dump programs hand values to the node oracles.
//
// Each dump program writes JSON Lines, one case per line: {"op":"fr.mul","in":[...],"out":[...]}.
// Every value is a string: field elements as canonical big-endian hex of fixed width (no 0x),
// byte strings (encodings) as lowercase hex. Composite values are flattened in the order
// @noble/curves uses (Fp2 c0,c1; Fp6 c0,c1,c2; Fp12 c0,c1; affine points x then y), so the
// checker can rebuild them with fromBigTuple/fromBigTwelve. An empty "out" means "no value"
// (a non-residue's square root, a rejected encoding). The checker (check.mjs) recomputes every
// case with the oracle and compares the strings exactly.
#pragma once
#include "ec/ec.hpp"
#include "ff/ff.hpp"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <string_view>
#include <vector>

namespace cuzk::oracle {

using Strings = std::vector<std::string>;

inline std::string BytesHex(const uint8_t *p, size_t n) {
  static const char *digits = "0123456789abcdef";
  std::string s;
  s.reserve(2 * n);
  for (size_t i = 0; i < n; i++) {
    s.push_back(digits[p[i] >> 4]);
    s.push_back(digits[p[i] & 15]);
  }
  return s;
}

//! canonical big-endian hex without the 0x prefix
template <class P, class W> std::string Hex(const ff::Mont<P, W> &x) { return x.ToHex().substr(2); }

template <class P, class W> void Flatten(Strings &s, const ff::Mont<P, W> &x) { s.push_back(Hex(x)); }
inline void Flatten(Strings &s, const ff::Fp2 &x) {
  Flatten(s, x.c0);
  Flatten(s, x.c1);
}
inline void Flatten(Strings &s, const ff::Fp6 &x) {
  Flatten(s, x.c0);
  Flatten(s, x.c1);
  Flatten(s, x.c2);
}
inline void Flatten(Strings &s, const ff::Fp12 &x) {
  Flatten(s, x.c0);
  Flatten(s, x.c1);
}
template <class C> void Flatten(Strings &s, const ec::Affine<C> &p) {
  Flatten(s, p.x);
  Flatten(s, p.y);
}
template <class C> void Flatten(Strings &s, const ec::Jacobian<C> &p) { Flatten(s, p.ToAffine()); }
inline void Flatten(Strings &s, const std::string &x) { s.push_back(x); }

//! the flattened strings of any number of values
template <class... T> Strings Vals(const T &...xs) {
  Strings s;
  (Flatten(s, xs), ...);
  return s;
}

//! writes the cases of one dump program to stdout
class CaseWriter {
public:
  void Emit(std::string_view op, const Strings &in, const Strings &out) {
    std::string line = "{\"op\":\"";
    line.append(op);
    line += "\",\"in\":";
    AppendArray(line, in);
    line += ",\"out\":";
    AppendArray(line, out);
    line += "}\n";
    std::fwrite(line.data(), 1, line.size(), stdout);
    count_++;
  }
  size_t Count() const { return count_; }

private:
  static void AppendArray(std::string &line, const Strings &xs) {
    line += '[';
    for (size_t i = 0; i < xs.size(); i++) {
      if (i) line += ',';
      line += '"';
      line += xs[i]; // hex and decimal digits only: nothing to escape
      line += '"';
    }
    line += ']';
  }
  size_t count_ = 0;
};

//! `prog [seed]`: the seed of the case generator (default 1), so a failure is reproducible
inline uint64_t SeedFromArgs(int argc, char **argv) { return argc > 1 ? std::strtoull(argv[1], nullptr, 0) : 1; }

} // namespace cuzk::oracle

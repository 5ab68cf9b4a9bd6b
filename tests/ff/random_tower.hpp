// tests/ff/random_tower.hpp — random Fp2, Fp6 and Fp12 elements for the tower tests, drawn
// coefficient by coefficient (c0 first) from the test's generator, so its seed fixes them all.
#pragma once
#include "ff/ff.hpp"

#include <random>

namespace cuzk::test {

inline ff::Fp2 RandomFp2(std::mt19937_64 &rng) { return {ff::Fp::Random(rng), ff::Fp::Random(rng)}; }
inline ff::Fp6 RandomFp6(std::mt19937_64 &rng) { return {RandomFp2(rng), RandomFp2(rng), RandomFp2(rng)}; }
inline ff::Fp12 RandomFp12(std::mt19937_64 &rng) { return {RandomFp6(rng), RandomFp6(rng)}; }

} // namespace cuzk::test

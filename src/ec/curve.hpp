// src/ec/curve.hpp — the two groups of BLS12-381 as short Weierstrass curves y² = x³ + b.
//
// G1 over Fp with b = 4; G2 over Fp2 (the M-type sextic twist) with b = 4(u + 1).
// Generators are the standard ones (ZCash / IETF pairing-friendly-curves draft).
#pragma once
#include "ff/ff.hpp"

namespace cuzk::ec {

using ff::Fp;
using ff::Fp2;
using ff::Fr;

struct G1Curve {
  using Field = Fp;
  static constexpr size_t COMPRESSED_BYTES = 48;
  static constexpr size_t UNCOMPRESSED_BYTES = 96;
  static constexpr Field B() { return Fp::FromUint(4); }
  static constexpr Field GenX() {
    return Fp::FromHex(
        "17f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac586c55e83ff97a1aeffb3af00adb22c6bb");
  }
  static constexpr Field GenY() {
    return Fp::FromHex(
        "08b3f481e3aaa0f1a09e30ed741d8ae4fcf5e095d5d00af600db18cb2c04b3edd03cc744a2888ae40caa232946c5e7e1");
  }
  static constexpr const char *NAME = "G1";
};

struct G2Curve {
  using Field = Fp2;
  static constexpr size_t COMPRESSED_BYTES = 96;
  static constexpr size_t UNCOMPRESSED_BYTES = 192;
  static constexpr Field B() { return {Fp::FromUint(4), Fp::FromUint(4)}; }
  static constexpr Field GenX() {
    return {
        Fp::FromHex("024aa2b2f08f0a91260805272dc51051c6e47ad4fa403b02b4510b647ae3d1770bac0326a805bbefd48056c8c121bdb8"),
        Fp::FromHex(
            "13e02b6052719f607dacd3a088274f65596bd0d09920b61ab5da61bbdc7f5049334cf11213945d57e5ac7d055d042b7e")};
  }
  static constexpr Field GenY() {
    return {
        Fp::FromHex("0ce5d527727d6e118cc9cdc6da2e351aadfd9baa8cbdd3a76d429a695160d12c923ac9cc3baca289e193548608b82801"),
        Fp::FromHex(
            "0606c4a02ea734cc32acd2b02bc28b99cb3e287e85a763af267492ab572e99ab3f370d275cec1da1aaa9075ff05f79be")};
  }
  static constexpr const char *NAME = "G2";
};

} // namespace cuzk::ec

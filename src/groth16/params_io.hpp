// src/groth16/params_io.hpp — bellperson's `.vk` and `.params` files (spec/porep.md §6).
//
//   vk:     alpha_g1, beta_g1 (G1), beta_g2, gamma_g2 (G2), delta_g1 (G1), delta_g2 (G2),
//           u32 BE ic_len, ic_len × G1
//   params: vk, then h, l, a, b_g1 (G1) and b_g2 (G2), each a u32 BE length and the points
// Points are uncompressed ZCash encodings (G1 96 B, G2 192 B). Readers bound every length by the
// bytes actually present before allocating, and report the section and the point index of any
// failure; as bellperson, points at infinity are rejected everywhere. Files are memory-mapped
// and their large sections decoded in parallel. Bytes after the b_g2 section are allowed in a
// `.params` file (phase-2 MPC outputs append their transcript there) and counted.
#pragma once
#include "base/expected.hpp"
#include "groth16/parameters.hpp"
#include "groth16/parameters_sink.hpp"

#include <memory>

#include <span>
#include <string>
#include <vector>

namespace cuzk::groth16 {

//! kChecked: canonical, on the curve, in the subgroup. kUnchecked: canonical coordinates and flags
//! only, for files we trust (rust-fil-proofs loads its cached params this way).
enum class PointChecks { kChecked, kUnchecked };

//! Who wrote a .params file. kBellperson: points at infinity are an error everywhere.
//! kSnarkjsExport: `snarkjs zkey export bellman` (spec/oracles.md §1), which writes an infinity as
//! zero bytes without the 0x40 flag and keeps the infinities of a, b_g1 and b_g2 that bellperson
//! filters out; those are dropped on reading, which leaves bellperson's density-filtered vectors
//! (a variable's A_i(τ) or B_i(τ) is zero exactly when it does not occur). Infinity anywhere else
//! (vk, h, l) is still an error.
enum class ParamsSource { kBellperson, kSnarkjsExport };

std::vector<uint8_t> SerializeVerifyingKey(const VerifyingKey &vk);
//! the whole .params layout in memory (tests, small circuits; files use WriteParametersFile)
std::vector<uint8_t> SerializeParameters(const Parameters &params);

//! exactly one verifying key, no trailing bytes
Expected<VerifyingKey> ParseVerifyingKey(std::span<const uint8_t> bytes, PointChecks checks = PointChecks::kChecked);
//! trailing_bytes (optional) receives the number of bytes after the b_g2 section
Expected<Parameters> ParseParameters(std::span<const uint8_t> bytes, PointChecks checks,
                                     size_t *trailing_bytes = nullptr, ParamsSource source = ParamsSource::kBellperson);

Status WriteVerifyingKeyFile(const std::string &path, const VerifyingKey &vk);
Status WriteParametersFile(const std::string &path, const Parameters &params);
//! Writes a .params file section by section as a setup makes them (GenerateParametersStreaming), so
//! that only one section is in memory; the sections must come in the file's order. Close reports
//! a failed write; without Close the file is left incomplete.
class ParametersFileWriter final : public ParametersSink {
public:
  explicit ParametersFileWriter(const std::string &path);
  ~ParametersFileWriter() override;
  Status Vk(const VerifyingKey &vk) override;
  Status G1Section(std::vector<G1Affine> points) override;
  Status G2Section(std::vector<G2Affine> points) override;
  Status Close();
  size_t BytesWritten() const;

private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

Expected<VerifyingKey> ReadVerifyingKeyFile(const std::string &path, PointChecks checks = PointChecks::kChecked);
Expected<Parameters> ReadParametersFile(const std::string &path, PointChecks checks, size_t *trailing_bytes = nullptr,
                                        ParamsSource source = ParamsSource::kBellperson);

} // namespace cuzk::groth16

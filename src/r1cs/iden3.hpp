// src/r1cs/iden3.hpp — circom/snarkjs `.r1cs` and `.wtns` files as a circuit we can prove.
//
// Both are iden3 "binfiles" (spec/oracles.md §1): magic, u32 version, u32 section count, then
// sections {u32 type, u64 size, body}, all little-endian, field elements as 32-byte canonical
// integers. Parsing is checked: every length is bounded by the bytes present, the prime must be
// BLS12-381's r, wire indices and field elements must be in range; failures are messages.
// Wire 0 is ONE, then outputs, public inputs (our inputs 1..), then private wires (our aux).
#pragma once
#include "base/expected.hpp"
#include "r1cs/constraint_system.hpp"
#include "r1cs/recording_cs.hpp"

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace cuzk::r1cs {

struct Iden3R1cs {
  uint32_t num_wires = 0;
  uint32_t num_pub_out = 0;
  uint32_t num_pub_in = 0;
  uint32_t num_prv_in = 0;
  uint64_t num_labels = 0;
  //! one row per constraint; columns are wire indices (not Column-packed)
  SparseMatrix a, b, c;

  size_t NumConstraints() const { return a.NumRows(); }
  //! public wires after ONE: outputs then public inputs
  uint32_t NumPublic() const { return num_pub_out + num_pub_in; }
};

Expected<Iden3R1cs> ParseIden3R1cs(std::span<const uint8_t> bytes);
//! the witness: one value per wire, wire 0 = 1
Expected<std::vector<Fr>> ParseIden3Wtns(std::span<const uint8_t> bytes);
//! whole file into memory (these files are small next to Groth16 parameters)
Expected<std::vector<uint8_t>> ReadWholeFile(const std::string &path);

//! An imported R1CS as a circuit; with a witness (one value per wire) it can be proved.
class Iden3Circuit final : public CircuitInterface {
public:
  //! witness may be empty (shape only, for parameter generation); else it must have num_wires
  //! values (checked by Make)
  static Expected<Iden3Circuit> Make(Iden3R1cs r1cs, std::vector<Fr> witness);
  void Synthesize(ConstraintSystem &cs) const override;
  const Iden3R1cs &R1cs() const { return r1cs_; }

private:
  Iden3Circuit(Iden3R1cs r1cs, std::vector<Fr> witness) : r1cs_(std::move(r1cs)), witness_(std::move(witness)) {}
  Iden3R1cs r1cs_;
  std::vector<Fr> witness_;
};

} // namespace cuzk::r1cs

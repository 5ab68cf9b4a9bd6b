// src/filecoin/post/post_circuit_parts.hpp — the FallbackPoSt circuit cut into its independent pieces:
// each (pseudo-)sector reads nothing of the others, and within a sector each challenge's PoR reads
// only the sector's comm_r_last. SynthesizePoStCircuit is, for each sector in order,
// SynthesizePoStSectorPrefix then SynthesizePoStChallenge for each challenge; the parallel witness
// (filecoin/post_witness.hpp) synthesises each sector's prefix and each challenge into systems of
// their own, the challenges' paths of several sectors climbed together (gadgets/por_witness.hpp).
#pragma once
#include "filecoin/post/post_circuit.hpp"
#include "gadgets/num.hpp"

namespace cuzk::filecoin {

//! Throws the r1cs::SynthesisError SynthesizePoStCircuit throws first when the input does not have
//! params.sector_count sectors.
void CheckPoStSectorCount(const PoStCircuitInput &input);

//! A sector's comm_r_last, comm_c, comm_r (inputized) and comm_r = H(comm_c, comm_r_last); returns
//! comm_r_last. Throws r1cs::SynthesisError when the sector's leaf or path count is not
//! challenge_count.
gadgets::AllocatedNum SynthesizePoStSectorPrefix(r1cs::ConstraintSystem &cs, const PoStSectorWitness &sector,
                                                 size_t challenge_count);

//! The PoR of challenge i of a sector (namespace "challenge_inclusion_i") against its comm_r_last.
//! Throws r1cs::SynthesisError for a path of the wrong shape.
void SynthesizePoStChallenge(r1cs::ConstraintSystem &cs, const PoStSectorWitness &sector, size_t i,
                             const gadgets::AllocatedNum &comm_r_last);

} // namespace cuzk::filecoin

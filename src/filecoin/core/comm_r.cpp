// src/filecoin/core/comm_r.cpp — comm_r is one arity-2 Poseidon Merkle hash.
#include "filecoin/core/comm_r.hpp"

#include "hash/poseidon.hpp"

#include <array>

namespace cuzk::filecoin {

ff::Fr PoStCommR(const ff::Fr &comm_c, const ff::Fr &comm_r_last) {
  const std::array<ff::Fr, 2> preimage{comm_c, comm_r_last};
  return hash::PoseidonHashMerkle(preimage).Value(); // arity 2 always has constants
}

} // namespace cuzk::filecoin

// src/filecoin/core/replica_id.cpp — note the sector id is big-endian here while most Filecoin
// integers are little-endian (params.rs writes it with to_be_bytes).
#include "filecoin/core/replica_id.hpp"

#include <array>
#include <cstring>

namespace cuzk::filecoin {

Digest32 ReplicaId(const Digest32 &prover_id, uint64_t sector_id, const Digest32 &ticket, const Digest32 &comm_d,
                   const PorepId &porep_id) {
  std::array<uint8_t, 32 + 8 + 32 + 32 + 32> msg{};
  uint8_t *p = msg.data();
  std::memcpy(p, prover_id.data(), 32);
  p += 32;
  for (int i = 0; i < 8; i++) p[i] = uint8_t(sector_id >> (56 - 8 * i));
  p += 8;
  std::memcpy(p, ticket.data(), 32);
  p += 32;
  std::memcpy(p, comm_d.data(), 32);
  p += 32;
  std::memcpy(p, porep_id.data(), 32);
  return hash::Sha256Trunc254(msg);
}

} // namespace cuzk::filecoin

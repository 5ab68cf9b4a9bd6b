// tests/oracle/dump_filecoin.cpp — seeded commP and commitment-CID cases (src/filecoin) for
// check.mjs, recomputed by @web3-storage/data-segment (Piece.fromPayload) and multiformats
// (ops_filecoin.mjs). Payload sizes straddle the 65-byte floor, fr32's 127-byte quantum and
// powers of two; contents are seeded random bytes, all-zero and all-one.
#include "oracle_cases.hpp"

#include "filecoin/core/comm_d.hpp"
#include "filecoin/core/commitment_cid.hpp"

namespace {

using namespace cuzk;
using namespace cuzk::oracle;

} // namespace

int main(int argc, char **argv) {
  std::mt19937_64 rng(SeedFromArgs(argc, argv));
  CaseWriter w;
  const size_t sizes[] = {65, 100, 127, 128, 254, 1000, 1016, 2032, 4065, 65024, size_t(100000 + rng() % 100000)};
  for (size_t n : sizes) {
    for (int fill = 0; fill < 3; fill++) {
      std::vector<uint8_t> payload(n, fill == 1 ? 0xff : 0);
      if (fill == 2) {
        for (auto &b : payload) b = uint8_t(rng());
      }
      const auto piece = filecoin::CommP(payload);
      w.Emit("commp", {BytesHex(payload.data(), payload.size())},
             {BytesHex(piece.root.data(), piece.root.size()), std::to_string(piece.padded_size)});
      const filecoin::Commitment d{filecoin::CommitmentKind::kUnsealed, piece.root};
      w.Emit("cid.comm_d", {BytesHex(piece.root.data(), piece.root.size())}, {filecoin::CommitmentToCid(d)});
    }
  }
  for (int i = 0; i < 8; i++) {
    filecoin::Commitment r{filecoin::CommitmentKind::kSealed, {}};
    for (auto &b : r.digest) b = uint8_t(rng());
    r.digest[31] &= 0x3f; // a canonical Fr repr, as comm_r always is
    w.Emit("cid.comm_r", {BytesHex(r.digest.data(), r.digest.size())}, {filecoin::CommitmentToCid(r)});
  }
  return 0;
}

// tests/fuzz/snap_fuzzer.cpp — libFuzzer target for the SnapDeals vanilla proof decoder: bincode of
// PartitionProof (what Curio sends per partition).
//
// Input: one selector byte, then the payload. The selector's low bit picks the expected shape: the
// 2KiB update proof's (64 nodes) or upstream's 16KiB test size (512 nodes, tree_r 8-8-0, shaped
// like 32GiB). Seeds: tests/fuzz/seeds.cpp.
//
// Contract: the decoder returns (never crashes, never hangs); an accepted proof re-encodes to exactly
// the payload; a rejection carries a message.
#include "filecoin/snap/snap_bincode.hpp"

#include "fuzz_check.hpp"

#include <algorithm>
#include <cstdint>
#include <span>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  using namespace cuzk::filecoin;
  if (size == 0) return 0;
  static const SnapConfig CONFIGS[2] = {SnapConfigFor(RegisteredUpdateProof::k2KiBV1), SnapConfigForNodes(512).Value()};
  const SnapConfig &config = CONFIGS[data[0] & 1];
  const std::span<const uint8_t> payload(data + 1, size - 1);
  auto proof = DecodeSnapPartitionProof(payload, config);
  if (!proof) {
    CUZK_FUZZ_CHECK(!proof.ErrorMessage().empty(), "a rejected SnapDeals proof has no message");
    return 0;
  }
  const auto bytes = EncodeSnapPartitionProof(*proof);
  CUZK_FUZZ_CHECK(std::ranges::equal(bytes, payload), "an accepted SnapDeals proof does not re-encode to its bytes");
  return 0;
}

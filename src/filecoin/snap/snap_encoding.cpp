// src/filecoin/snap/snap_encoding.cpp — rho depends only on a node's top h bits, so the 2^h distinct
// values are computed once (≤ 4096 hashes) and the per-node work is one multiply-add.
#include "filecoin/snap/snap_encoding.hpp"

#include "ff/batch_inverse.hpp"
#include "hash/poseidon.hpp"

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include <array>
#include <string>

namespace cuzk::filecoin {

namespace {

Error BadLength(std::string message) { return MakeError(ErrorCode::kBadLength, std::move(message)); }

Status CheckNodes(const SnapConfig &config, size_t a, size_t b, const char *what) {
  if (a != config.sector_nodes || b != config.sector_nodes)
    return BadLength(std::string("SnapDeals ") + what + ": " + std::to_string(a) + " and " + std::to_string(b) +
                     " nodes, the sector has " + std::to_string(config.sector_nodes));
  return Status::Ok();
}

//! f(i) for every i < n, in parallel.
template <class F> void ForEachNode(size_t n, F &&f) {
  tbb::parallel_for(tbb::blocked_range<size_t>(0, n, 1 << 12), [&](const tbb::blocked_range<size_t> &r) {
    for (size_t i = r.begin(); i < r.end(); i++) f(i);
  });
}

} // namespace

ff::Fr SnapGenRandomness(const ff::Fr &a, const ff::Fr &b) {
  static const ff::Fr tag = hash::SnapDealsGenRandomnessTag();
  static const hash::PoseidonConstants &c = *hash::GetPoseidonConstants(2).Value();
  const std::array<ff::Fr, 2> preimage{a, b};
  return hash::PoseidonHashWith(c, preimage, tag);
}

Expected<ff::Fr> SnapPhi(const hash::Digest32 &comm_d_new, const ff::Fr &comm_r_old) {
  auto d = hash::FrFromBytesLE(comm_d_new);
  if (!d) return MakeError(d.Code(), "comm_d_new: " + d.ErrorMessage());
  return SnapGenRandomness(*d, comm_r_old);
}

ff::Fr SnapRho(const ff::Fr &phi, uint64_t high) { return SnapGenRandomness(phi, ff::Fr::FromUint(high)); }

ff::Fr SnapRhoOfNode(const SnapConfig &config, const ff::Fr &phi, uint64_t node) {
  return SnapRho(phi, node >> (config.ChallengeBitLen() - config.h));
}

std::vector<ff::Fr> SnapRhos(const ff::Fr &phi, size_t h, bool inverse) {
  std::vector<ff::Fr> rhos(size_t(1) << h);
  ForEachNode(rhos.size(), [&](size_t high) { rhos[high] = SnapRho(phi, high); });
  if (inverse) {
    std::vector<ff::Fr> scratch(ff::BatchInverseScratchSize(rhos.size()));
    ff::BatchInverse<ff::Fr>(rhos, scratch);
  }
  return rhos;
}

Expected<std::vector<ff::Fr>> NodesFromBytes(std::span<const uint8_t> bytes) {
  if (bytes.size() % 32 != 0) return BadLength("data of " + std::to_string(bytes.size()) + " bytes is not whole nodes");
  std::vector<ff::Fr> nodes(bytes.size() / 32);
  for (size_t i = 0; i < nodes.size(); i++) {
    auto x = ff::Fr::FromBytesLE(bytes.data() + 32 * i);
    if (!x)
      return MakeError(ErrorCode::kNonCanonical, "data node " + std::to_string(i) + " is ≥ r (not fr32-padded data)");
    nodes[i] = *x;
  }
  return nodes;
}

std::vector<uint8_t> NodesToBytes(std::span<const ff::Fr> nodes) {
  std::vector<uint8_t> out(32 * nodes.size());
  for (size_t i = 0; i < nodes.size(); i++) nodes[i].ToBytesLE(out.data() + 32 * i);
  return out;
}

Expected<std::vector<ff::Fr>> SnapEncode(const SnapConfig &config, std::span<const ff::Fr> sector_key,
                                         std::span<const ff::Fr> data, const ff::Fr &phi) {
  if (auto s = CheckNodes(config, sector_key.size(), data.size(), "encode"); !s) return s.GetError();
  const std::vector<ff::Fr> rhos = SnapRhos(phi, config.h);
  const size_t shift = config.ChallengeBitLen() - config.h;
  std::vector<ff::Fr> out(sector_key.size());
  ForEachNode(out.size(), [&](size_t i) { out[i] = sector_key[i] + data[i] * rhos[i >> shift]; });
  return out;
}

Expected<std::vector<ff::Fr>> SnapDecode(const SnapConfig &config, std::span<const ff::Fr> replica,
                                         std::span<const ff::Fr> sector_key, const ff::Fr &phi) {
  if (auto s = CheckNodes(config, replica.size(), sector_key.size(), "decode"); !s) return s.GetError();
  const std::vector<ff::Fr> inv = SnapRhos(phi, config.h, true);
  const size_t shift = config.ChallengeBitLen() - config.h;
  std::vector<ff::Fr> out(replica.size());
  ForEachNode(out.size(), [&](size_t i) { out[i] = (replica[i] - sector_key[i]) * inv[i >> shift]; });
  return out;
}

} // namespace cuzk::filecoin

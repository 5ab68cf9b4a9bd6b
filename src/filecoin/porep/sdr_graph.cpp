// src/filecoin/porep/sdr_graph.cpp — written from spec/porep.md §2.3–§2.4 (drgraph.rs BucketGraph,
// feistel.rs, stacked graph.rs); checked against the parent-cache digests of spec/vectors.md §3.
#include "filecoin/porep/sdr_graph.hpp"

#include "hash/blake2b.hpp"
#include "hash/chacha.hpp"
#include "hash/sha256.hpp"

#include <algorithm>
#include <bit>
#include <cstring>
#include <string_view>
#include <vector>

namespace cuzk::filecoin {

namespace {

hash::Digest32 TaggedSha(std::string_view tag, const PorepId &porep_id) {
  std::vector<uint8_t> msg(tag.begin(), tag.end());
  msg.insert(msg.end(), porep_id.begin(), porep_id.end());
  return hash::Sha256(msg);
}

unsigned FeistelHalfBits(uint64_t domain) {
  unsigned h = 1;
  while ((uint64_t(1) << (2 * h)) < domain) h++;
  return h;
}

} // namespace

DrgSeed DeriveDrgSeed(const PorepId &porep_id) {
  const hash::Digest32 d = TaggedSha("Filecoin_DRSample", porep_id);
  DrgSeed seed;
  std::memcpy(seed.data(), d.data(), seed.size());
  return seed;
}

FeistelKeys DeriveFeistelKeys(const PorepId &porep_id) {
  const hash::Digest32 d = TaggedSha("Filecoin_Feistel", porep_id);
  FeistelKeys keys{};
  for (size_t k = 0; k < 4; k++)
    for (size_t i = 0; i < 8; i++) keys[k] |= uint64_t(d[8 * k + i]) << (8 * i);
  return keys;
}

FeistelPermutation::FeistelPermutation(uint64_t domain, const FeistelKeys &keys)
    : domain_(domain), half_bits_(FeistelHalfBits(domain)), right_mask_((uint64_t(1) << half_bits_) - 1), keys_(keys) {
  if (half_bits_ <= TABULATE_MAX_HALF_BITS) {
    const uint64_t size = uint64_t(1) << half_bits_;
    table_.resize(FEISTEL_ROUNDS * size);
    for (size_t round = 0; round < FEISTEL_ROUNDS; round++)
      for (uint64_t r = 0; r < size; r++) table_[round * size + r] = RoundHash(r, keys_[round]);
  }
}

uint64_t FeistelPermutation::Round(size_t round, uint64_t r) const {
  return table_.empty() ? RoundHash(r, keys_[round]) : table_[(uint64_t(round) << half_bits_) + r];
}

uint64_t FeistelPermutation::RoundHash(uint64_t r, uint64_t key) const {
  std::array<uint8_t, 16> in;
  for (int i = 0; i < 8; i++) {
    in[i] = uint8_t(r >> (56 - 8 * i));
    in[8 + i] = uint8_t(key >> (56 - 8 * i));
  }
  const hash::Digest64 h = hash::Blake2b512(in);
  uint64_t f = 0;
  for (int i = 0; i < 8; i++) f = (f << 8) | h[i];
  return f & right_mask_;
}

uint64_t FeistelPermutation::Encode(uint64_t x) const {
  uint64_t l = (x >> half_bits_) & right_mask_, r = x & right_mask_;
  for (size_t i = 0; i < FEISTEL_ROUNDS; i++) {
    const uint64_t next_r = l ^ Round(i, r);
    l = r;
    r = next_r;
  }
  return (l << half_bits_) | r;
}

uint64_t FeistelPermutation::Decode(uint64_t x) const {
  uint64_t l = (x >> half_bits_) & right_mask_, r = x & right_mask_;
  for (size_t i = FEISTEL_ROUNDS; i-- > 0;) {
    const uint64_t prev_l = r ^ Round(i, l);
    r = l;
    l = prev_l;
  }
  return (l << half_bits_) | r;
}

uint64_t FeistelPermutation::Permute(uint64_t x) const {
  uint64_t y = Encode(x);
  while (y >= domain_) y = Encode(y);
  return y;
}

uint64_t FeistelPermutation::InvertPermute(uint64_t x) const {
  uint64_t y = Decode(x);
  while (y >= domain_) y = Decode(y);
  return y;
}

SdrGraph::SdrGraph(uint64_t nodes, const PorepId &porep_id, ApiVersion api_version)
    : nodes_(nodes), porep_id_(porep_id), api_version_(api_version),
      drg_seed_(DeriveDrgSeed(porep_id)), feistel_{DeriveFeistelKeys(porep_id),
                                                   FeistelPermutation(nodes * EXPANDER_PARENTS,
                                                                      DeriveFeistelKeys(porep_id))} {}

Expected<SdrGraph> SdrGraph::Create(uint64_t nodes, const PorepId &porep_id, ApiVersion api_version) {
  if (nodes < 2 || nodes > (uint64_t(1) << 32))
    return MakeError(ErrorCode::kInvalidArgument, "SDR graph: " + std::to_string(nodes) + " nodes is outside 2..2^32");
  return SdrGraph(nodes, porep_id, api_version);
}

void SdrGraph::DrgParents(uint64_t v, std::span<uint32_t, DRG_PARENTS> out) const {
  if (v < 2) {
    std::fill(out.begin(), out.end(), 0);
    return;
  }
  std::array<uint8_t, 32> seed;
  std::memcpy(seed.data(), drg_seed_.data(), drg_seed_.size());
  for (int i = 0; i < 4; i++) seed[28 + i] = uint8_t(v >> (8 * i));
  auto rng = hash::ChaCha8Rng::FromSeed(seed);
  // Bucket sampling (drgraph.rs): meta-node v·m' with m' = DRG_PARENTS − 1; a bucket b picks a
  // distance in [2^(b-1), 2^b) back from it, so near parents are as likely as far ones.
  const uint64_t m_prime = DRG_PARENTS - 1;
  const uint64_t meta = v * m_prime;
  const uint64_t buckets = std::bit_width(meta - 1); // ceil(log2(meta)), meta ≥ 10
  const bool legacy = api_version_ == ApiVersion::kV1_0_0;
  const size_t first_slot = legacy ? 0 : 1;
  for (size_t k = 0; k < m_prime; k++) {
    const uint64_t b = rng.NextU64() % buckets + 1;
    const uint64_t hi = std::min(meta, uint64_t(1) << b);
    const uint64_t lo = std::max<uint64_t>(2, hi >> 1);
    const uint64_t dist = lo + rng.NextU64() % (hi - lo + 1);
    uint64_t p = (meta - dist) / m_prime;
    if (p == v) p = v - 1;
    out[first_slot + k] = uint32_t(p);
  }
  out[legacy ? m_prime : 0] = uint32_t(v - 1);
}

void SdrGraph::ExpanderParents(uint64_t v, std::span<uint32_t, EXPANDER_PARENTS> out) const {
  const bool legacy = api_version_ == ApiVersion::kV1_0_0;
  for (size_t i = 0; i < EXPANDER_PARENTS; i++) {
    const uint64_t permuted = feistel_.perm.Permute(v * EXPANDER_PARENTS + i);
    // V1_0_0 truncated the permuted value to u32 before dividing (the 64GiB pathology).
    out[i] = legacy ? uint32_t(permuted) / EXPANDER_PARENTS : uint32_t(permuted / EXPANDER_PARENTS);
  }
}

void SdrGraph::Parents(uint64_t v, std::span<uint32_t, GRAPH_PARENTS> out) const {
  DrgParents(v, out.subspan<0, DRG_PARENTS>());
  ExpanderParents(v, out.subspan<DRG_PARENTS, EXPANDER_PARENTS>());
}

std::string SdrGraph::Identifier() const {
  return "stacked_graph::StackedGraph{expansion_degree: " + std::to_string(EXPANDER_PARENTS) +
         " base_graph: drgraph::BucketGraph{size: " + std::to_string(nodes_) +
         "; degree: " + std::to_string(DRG_PARENTS) + "; hasher: poseidon_hasher} }";
}

} // namespace cuzk::filecoin

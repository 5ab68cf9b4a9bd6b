// src/filecoin/porep/parents_cache.cpp — the in-memory form is the file form (u32 little-endian on the
// little-endian hosts we build for), so saving and hashing need no conversion.
#include "filecoin/porep/parents_cache.hpp"

#include "base/hex.hpp"
#include "hash/sha256.hpp"

#include <tbb/parallel_for.h>

#include <bit>
#include <fstream>

namespace cuzk::filecoin {

static_assert(std::endian::native == std::endian::little, "the parents cache file is u32 little-endian");

namespace {

std::span<const uint8_t> AsBytes(std::span<const uint32_t> v) {
  return {reinterpret_cast<const uint8_t *>(v.data()), v.size_bytes()};
}

} // namespace

ParentsCache ParentsCache::Build(const SdrGraph &graph) {
  ParentsCache c;
  c.rows_.resize(graph.Nodes() * GRAPH_PARENTS);
  tbb::parallel_for(tbb::blocked_range<uint64_t>(0, graph.Nodes(), 1024), [&](const tbb::blocked_range<uint64_t> &r) {
    for (uint64_t v = r.begin(); v != r.end(); v++)
      graph.Parents(v, std::span<uint32_t, GRAPH_PARENTS>(c.rows_.data() + v * GRAPH_PARENTS, GRAPH_PARENTS));
  });
  return c;
}

Expected<ParentsCache> ParentsCache::Load(const std::filesystem::path &file, uint64_t nodes) {
  std::ifstream in(file, std::ios::binary);
  if (!in) return MakeError(ErrorCode::kInvalidArgument, "cannot open parents cache " + file.string());
  in.seekg(0, std::ios::end);
  const uint64_t size = uint64_t(in.tellg());
  const uint64_t want = nodes * GRAPH_PARENTS * sizeof(uint32_t);
  if (size != want)
    return MakeError(ErrorCode::kBadLength, "parents cache " + file.string() + " has " + std::to_string(size) +
                                                " bytes, expected " + std::to_string(want));
  in.seekg(0);
  ParentsCache c;
  c.rows_.resize(nodes * GRAPH_PARENTS);
  if (!in.read(reinterpret_cast<char *>(c.rows_.data()), std::streamsize(want)))
    return MakeError(ErrorCode::kInvalidArgument, "short read from parents cache " + file.string());
  for (uint64_t i = 0; i < c.rows_.size(); i++)
    if (c.rows_[i] >= nodes)
      return MakeError(ErrorCode::kInvalidArgument,
                       "parents cache " + file.string() + ": entry " + std::to_string(i) + " points past the graph");
  return c;
}

Digest32 ParentsCache::Sha256Digest() const { return hash::Sha256(AsBytes(rows_)); }

Status ParentsCache::Save(const std::filesystem::path &file) const {
  std::ofstream out(file, std::ios::binary | std::ios::trunc);
  const auto bytes = AsBytes(rows_);
  if (!out || !out.write(reinterpret_cast<const char *>(bytes.data()), std::streamsize(bytes.size())))
    return MakeError(ErrorCode::kInvalidArgument, "cannot write parents cache " + file.string());
  return Status::Ok();
}

std::string ParentsCacheFileStem(const SdrGraph &graph) {
  hash::Sha256Hasher h;
  const std::string tag = "poseidon_hasher";
  const std::string id = graph.Identifier();
  h.Update({reinterpret_cast<const uint8_t *>(tag.data()), tag.size()});
  h.Update({reinterpret_cast<const uint8_t *>(id.data()), id.size()});
  for (uint64_t k : graph.GetFeistelKeys()) {
    uint8_t b[8];
    for (int i = 0; i < 8; i++) b[i] = uint8_t(k >> (8 * i));
    h.Update(b);
  }
  const uint32_t n = uint32_t(graph.Nodes());
  uint8_t nb[4];
  for (int i = 0; i < 4; i++) nb[i] = uint8_t(n >> (8 * i));
  h.Update(nb);
  const Digest32 d = h.Finalize();
  return "v28-sdr-parent-" + base::Hex(d);
}

} // namespace cuzk::filecoin

// src/filecoin/testing/seal_store.cpp — plain files, one job each; seal.meta is text so that an operator
// can read which sector a directory holds.
#include "filecoin/testing/seal_store.hpp"

#include "base/hex.hpp"
#include "filecoin/core/fr32.hpp"
#include "filecoin/core/replica_id.hpp"
#include "hash/poseidon.hpp"

#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace cuzk::filecoin {

namespace {

Error Bad(std::string message) { return MakeError(ErrorCode::kInvalidArgument, std::move(message)); }

bool ParseHex32(const std::string &s, Digest32 &out) {
  if (s.size() != 64) return false;
  for (size_t i = 0; i < 32; i++) {
    unsigned v = 0;
    for (size_t k = 0; k < 2; k++) {
      const char c = s[2 * i + k];
      const int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
      if (d < 0) return false;
      v = v * 16 + unsigned(d);
    }
    out[i] = uint8_t(v);
  }
  return true;
}

Status WriteFile(const std::filesystem::path &file, std::span<const uint8_t> bytes) {
  std::ofstream out(file, std::ios::binary | std::ios::trunc);
  if (!out || !out.write(reinterpret_cast<const char *>(bytes.data()), std::streamsize(bytes.size())))
    return Bad("cannot write " + file.string());
  return Status::Ok();
}

Expected<std::vector<uint8_t>> ReadFile(const std::filesystem::path &file, uint64_t expected_size) {
  std::ifstream in(file, std::ios::binary);
  if (!in) return Bad("cannot open " + file.string());
  in.seekg(0, std::ios::end);
  const uint64_t size = uint64_t(in.tellg());
  if (size != expected_size)
    return MakeError(ErrorCode::kBadLength, file.string() + " has " + std::to_string(size) + " bytes, expected " +
                                                std::to_string(expected_size));
  in.seekg(0);
  std::vector<uint8_t> bytes(size);
  if (!in.read(reinterpret_cast<char *>(bytes.data()), std::streamsize(size)))
    return Bad("short read of " + file.string());
  return bytes;
}

std::filesystem::path LayerFile(const std::filesystem::path &dir, size_t layer) {
  return dir / ("layer-" + std::to_string(layer) + ".dat");
}

//! seal.meta as key → value; kInvalidArgument for a line without a value or a repeated key.
Expected<std::map<std::string, std::string>> ReadMeta(const std::filesystem::path &file) {
  std::ifstream in(file);
  if (!in) return Bad("cannot open " + file.string());
  std::map<std::string, std::string> kv;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    const size_t sp = line.find(' ');
    if (sp == std::string::npos) return Bad(file.string() + ": line without a value: " + line);
    if (!kv.emplace(line.substr(0, sp), line.substr(sp + 1)).second)
      return Bad(file.string() + ": repeated key " + line.substr(0, sp));
  }
  return kv;
}

struct MetaReader {
  const std::map<std::string, std::string> &kv;
  std::string error;

  const std::string *Get(const std::string &key) {
    auto it = kv.find(key);
    if (it == kv.end()) {
      if (error.empty()) error = "seal.meta: missing key " + key;
      return nullptr;
    }
    return &it->second;
  }
  uint64_t U64(const std::string &key) {
    const std::string *v = Get(key);
    if (v == nullptr) return 0;
    uint64_t x = 0;
    size_t used = 0;
    try {
      x = std::stoull(*v, &used);
    } catch (...) {
      used = 0;
    }
    if (used == 0 || used != v->size()) {
      if (error.empty()) error = "seal.meta: " + key + " is not an unsigned integer: " + *v;
    }
    return x;
  }
  Digest32 D32(const std::string &key) {
    Digest32 d{};
    const std::string *v = Get(key);
    if (v != nullptr && !ParseHex32(*v, d) && error.empty()) error = "seal.meta: " + key + " is not 64 hex digits";
    return d;
  }
};

} // namespace

Status SaveSealedSector(const SealedSector &s, const std::filesystem::path &dir) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) return Bad("cannot create " + dir.string() + ": " + ec.message());
  const PorepConfig &c = s.config;
  std::ostringstream meta;
  meta << "registered_proof " << (c.proof ? std::to_string(uint64_t(*c.proof)) : std::string("none")) << "\n"
       << "nodes " << c.nodes << "\nlayers " << c.layers << "\npartitions " << c.partitions
       << "\nchallenges_per_partition " << c.challenges_per_partition << "\nshape_base " << c.shape.base
       << "\nshape_sub " << c.shape.sub << "\nshape_top " << c.shape.top << "\nporep_id " << base::Hex(c.porep_id)
       << "\napi_version " << unsigned(c.api_version) << "\nfeature " << unsigned(c.feature) << "\nprover_id "
       << base::Hex(s.inputs.prover_id) << "\nsector_id " << s.inputs.sector_id << "\nticket "
       << base::Hex(s.inputs.ticket) << "\nreplica_id " << base::Hex(s.replica_id) << "\ncomm_d " << base::Hex(s.comm_d)
       << "\ncomm_c " << base::Hex(s.comm_c) << "\ncomm_r_last " << base::Hex(s.comm_r_last) << "\ncomm_r "
       << base::Hex(s.comm_r) << "\n";
  const std::string m = meta.str();
  auto st = WriteFile(dir / "seal.meta", {reinterpret_cast<const uint8_t *>(m.data()), m.size()});
  if (!st) return st;
  // tree_d's leaves are the padded data
  std::vector<uint8_t> bytes(c.sector_size);
  for (uint64_t v = 0; v < c.nodes; v++) {
    auto p = s.tree_d.Prove(v);
    if (!p) return p.GetError();
    std::copy(p->leaf.begin(), p->leaf.end(), bytes.begin() + v * NODE_SIZE);
  }
  if (!(st = WriteFile(dir / "data.dat", bytes))) return st;
  for (size_t l = 1; l <= c.layers; l++)
    if (!(st = WriteFile(LayerFile(dir, l), s.labels.Layer(l)))) return st;
  for (uint64_t v = 0; v < c.nodes; v++) {
    auto p = s.tree_r_last.Prove(v);
    if (!p) return p.GetError();
    p->leaf.ToBytesLE(bytes.data() + v * NODE_SIZE);
  }
  return WriteFile(dir / "sealed.dat", bytes);
}

Expected<SealedSector> LoadSealedSector(const std::filesystem::path &dir) {
  auto kv = ReadMeta(dir / "seal.meta");
  if (!kv) return kv.GetError();
  MetaReader r{*kv, {}};
  PorepConfig c;
  const std::string *proof = r.Get("registered_proof");
  if (proof != nullptr && *proof != "none") {
    const uint64_t id = r.U64("registered_proof");
    auto p = SealProofFromId(id);
    if (!p) return p.GetError();
    c.proof = *p;
  }
  c.nodes = r.U64("nodes");
  c.sector_size = c.nodes * NODE_SIZE;
  c.layers = r.U64("layers");
  c.partitions = r.U64("partitions");
  c.challenges_per_partition = r.U64("challenges_per_partition");
  c.shape = TreeShape{r.U64("shape_base"), r.U64("shape_sub"), r.U64("shape_top")};
  c.porep_id = r.D32("porep_id");
  const uint64_t api = r.U64("api_version"), feature = r.U64("feature");
  SealInputs in;
  in.prover_id = r.D32("prover_id");
  in.sector_id = r.U64("sector_id");
  in.ticket = r.D32("ticket");
  const Digest32 replica_id = r.D32("replica_id"), comm_d = r.D32("comm_d"), comm_c = r.D32("comm_c"),
                 comm_r_last = r.D32("comm_r_last"), comm_r = r.D32("comm_r");
  if (!r.error.empty()) return Bad(r.error);
  if (api > uint64_t(ApiVersion::kV1_2_0) || feature > uint64_t(PorepFeature::kNonInteractive))
    return Bad("seal.meta: unknown api_version or feature");
  c.api_version = ApiVersion(api);
  c.feature = PorepFeature(feature);
  // the same checks a test configuration gets (node count, shape fits)
  auto checked = TestPorepConfig(c.nodes, c.layers, c.shape, c.porep_id, c.api_version, c.partitions,
                                 c.challenges_per_partition, c.feature);
  if (!checked) return Bad("seal.meta: " + checked.ErrorMessage());
  if (c.proof && c.sector_size != GetSealProofInfo(*c.proof).sector_size)
    return Bad("seal.meta: " + std::to_string(c.nodes) + " nodes do not match the registered proof");

  auto data = ReadFile(dir / "data.dat", c.sector_size);
  if (!data) return data.GetError();
  auto graph = SdrGraph::Create(c.nodes, c.porep_id, c.api_version);
  if (!graph) return graph.GetError();
  // Re-sealing from the data would redo the labelling; instead the stored labels are taken and
  // the trees rebuilt, which SealSector's tree steps do given labels.
  Labels labels(c.layers, c.nodes);
  for (size_t l = 1; l <= c.layers; l++) {
    auto layer = ReadFile(LayerFile(dir, l), c.sector_size);
    if (!layer) return layer.GetError();
    std::copy(layer->begin(), layer->end(), labels.Label(l, 0));
  }
  auto s = SealFromLabels(c, *data, in, std::move(labels));
  if (!s) return s.GetError();
  const std::pair<const char *, std::pair<const Digest32 *, const Digest32 *>> checks[] = {
      {"comm_d", {&s->comm_d, &comm_d}}, {"replica_id", {&s->replica_id, &replica_id}},
      {"comm_c", {&s->comm_c, &comm_c}}, {"comm_r_last", {&s->comm_r_last, &comm_r_last}},
      {"comm_r", {&s->comm_r, &comm_r}},
  };
  for (const auto &[name, pair] : checks)
    if (*pair.first != *pair.second)
      return Bad(std::string("sealed sector in ") + dir.string() + ": rebuilt " + name + " " + base::Hex(*pair.first) +
                 " differs from seal.meta's " + base::Hex(*pair.second));
  return s;
}

Expected<SealedSector> SealDataFile(const PorepConfig &config, const std::filesystem::path &file,
                                    const SealInputs &inputs) {
  std::error_code ec;
  const uint64_t size = std::filesystem::file_size(file, ec);
  if (ec) return Bad("cannot read data file " + file.string() + ": " + ec.message());
  if (size > Fr32UnpaddedCapacity(config.sector_size))
    return MakeError(ErrorCode::kBadLength, "data file " + file.string() + " has " + std::to_string(size) +
                                                " bytes; a sector of " + std::to_string(config.sector_size) +
                                                " holds " + std::to_string(Fr32UnpaddedCapacity(config.sector_size)));
  auto bytes = ReadFile(file, size);
  if (!bytes) return bytes.GetError();
  return SealUnpadded(config, *bytes, inputs);
}

} // namespace cuzk::filecoin

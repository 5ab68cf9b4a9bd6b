// src/pce/pce_file.cpp
#include "pce/pce_file.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <cerrno>
#include <cstring>
#include <new>
#include <string>
#include <vector>

#include <fcntl.h>
#include <openssl/evp.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <tbb/parallel_for.h>
#include <unistd.h>

namespace cuzk::pce {
namespace {

static_assert(std::endian::native == std::endian::little, "pce files are little-endian, as the machine is");
static_assert(sizeof(BlockStart) == 24);

constexpr char MAGIC[8] = {'C', 'U', 'Z', 'K', 'P', 'C', 'E', '\n'};
constexpr uint64_t ALIGN = 64;
constexpr uint64_t CHUNK = uint64_t(64) << 20;

// The arrays, in file order: per matrix (A, B, C) its five streams, then the coefficients and the
// three densities.
constexpr size_t SECTIONS = 3 * 5 + 4;

struct Section {
  uint64_t offset;
  uint64_t bytes;
};

struct Header {
  char magic[8];
  uint32_t version;
  uint32_t header_bytes;
  uint64_t num_inputs;
  uint64_t num_aux;
  uint64_t rows;
  uint64_t payload_bytes;
  uint32_t shape_key_length;
  uint32_t reserved;
  char shape_key[MAX_SHAPE_KEY];
  Section sections[SECTIONS];
  uint8_t checksum[32];
};
static_assert(sizeof(Header) <= FILE_HEADER_BYTES);

// Incremental SHA-256 through OpenSSL's EVP interface.
class Sha256 {
public:
  Sha256() : ctx_(EVP_MD_CTX_new()) {
    if (!ctx_ || EVP_DigestInit_ex(ctx_, EVP_sha256(), nullptr) != 1) throw std::bad_alloc();
  }
  ~Sha256() { EVP_MD_CTX_free(ctx_); }
  Sha256(const Sha256 &) = delete;
  Sha256 &operator=(const Sha256 &) = delete;
  void Update(const void *data, size_t n) { EVP_DigestUpdate(ctx_, data, n); }
  std::array<uint8_t, 32> Final() {
    std::array<uint8_t, 32> out{};
    unsigned len = 0;
    EVP_DigestFinal_ex(ctx_, out.data(), &len);
    return out;
  }

private:
  EVP_MD_CTX *ctx_;
};

struct Array {
  const void *data;
  uint64_t bytes;
};

template <class T> Array Of(std::span<const T> s) { return {s.data(), s.size_bytes()}; }

std::vector<Array> Arrays(const PreCompiledCircuit &p) {
  std::vector<Array> out;
  for (const MatrixView *m : {&p.A(), &p.B(), &p.C()}) {
    out.push_back(Of(m->row_info));
    out.push_back(Of(m->long_lengths));
    out.push_back(Of(m->blocks));
    out.push_back(Of(m->columns));
    out.push_back(Of(m->coeff_index));
  }
  out.push_back(Of(p.Coefficients()));
  out.push_back(Of(p.AAuxDensity()));
  out.push_back(Of(p.BInputDensity()));
  out.push_back(Of(p.BAuxDensity()));
  return out;
}

// SHA-256 of the header (checksum zeroed) and of each 64 MiB chunk's digest. feed(begin, end, sha)
// hashes payload bytes [begin, end): from a mapping when loading, gathered from the arrays when saving.
template <class Feed> std::array<uint8_t, 32> Checksum(const Header &header, uint64_t bytes, const Feed &feed) {
  const uint64_t chunks = (bytes + CHUNK - 1) / CHUNK;
  std::vector<std::array<uint8_t, 32>> digests(chunks);
  tbb::parallel_for(uint64_t(0), chunks, [&](uint64_t i) {
    Sha256 sha;
    feed(i * CHUNK, std::min(bytes, (i + 1) * CHUNK), sha);
    digests[i] = sha.Final();
  });
  Header h = header;
  std::memset(h.checksum, 0, sizeof(h.checksum));
  Sha256 sha;
  sha.Update(&h, sizeof(h));
  for (const auto &d : digests) sha.Update(d.data(), d.size());
  return sha.Final();
}

std::string Errno(const std::string &what) { return what + ": " + std::strerror(errno); }

bool WriteAll(int fd, const void *data, uint64_t bytes) {
  const auto *p = static_cast<const uint8_t *>(data);
  while (bytes > 0) {
    const ssize_t n = ::write(fd, p, std::min<uint64_t>(bytes, uint64_t(1) << 30));
    if (n < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    p += n;
    bytes -= uint64_t(n);
  }
  return true;
}

struct Mapping {
  void *base = nullptr;
  size_t bytes = 0;
  ~Mapping() {
    if (base) ::munmap(base, bytes);
  }
};

} // namespace

Status Save(const PreCompiledCircuit &pce, const std::filesystem::path &path) {
  if (pce.ShapeKey().size() > MAX_SHAPE_KEY)
    return InvalidArgument("pce: shape key longer than " + std::to_string(MAX_SHAPE_KEY));
  const std::vector<Array> arrays = Arrays(pce);
  Header h{};
  std::memcpy(h.magic, MAGIC, sizeof(MAGIC));
  h.version = FILE_FORMAT_VERSION;
  h.header_bytes = FILE_HEADER_BYTES;
  h.num_inputs = pce.NumInputs();
  h.num_aux = pce.NumAux();
  h.rows = pce.NumConstraints();
  h.shape_key_length = uint32_t(pce.ShapeKey().size());
  std::memcpy(h.shape_key, pce.ShapeKey().data(), pce.ShapeKey().size());
  uint64_t offset = FILE_HEADER_BYTES;
  for (size_t i = 0; i < SECTIONS; i++) {
    h.sections[i] = {offset, arrays[i].bytes};
    offset = (offset + arrays[i].bytes + ALIGN - 1) / ALIGN * ALIGN;
  }
  h.payload_bytes = offset - FILE_HEADER_BYTES;

  // The payload is hashed from memory as it will lie in the file (one contiguous copy would double
  // the memory of a 5 GB circuit): each chunk gathers its bytes from the arrays and the padding.
  const auto gather = [&](uint64_t begin, uint64_t end, Sha256 &sha) {
    static const uint8_t zeros[ALIGN] = {};
    begin += FILE_HEADER_BYTES;
    end += FILE_HEADER_BYTES;
    for (size_t i = 0; i < SECTIONS && begin < end; i++) {
      const uint64_t s_begin = h.sections[i].offset, s_end = s_begin + h.sections[i].bytes;
      const uint64_t next = i + 1 < SECTIONS ? h.sections[i + 1].offset : offset;
      if (next <= begin) continue;
      if (begin < s_end) {
        const uint64_t n = std::min(end, s_end) - begin;
        sha.Update(static_cast<const uint8_t *>(arrays[i].data) + (begin - s_begin), n);
        begin += n;
      }
      for (uint64_t n; begin < std::min(end, next); begin += n) { // alignment padding
        n = std::min<uint64_t>(std::min(end, next) - begin, ALIGN);
        sha.Update(zeros, n);
      }
    }
  };
  const auto sum = Checksum(h, h.payload_bytes, gather);
  std::memcpy(h.checksum, sum.data(), sum.size());

  std::error_code ec;
  if (path.has_parent_path()) std::filesystem::create_directories(path.parent_path(), ec);
  const std::filesystem::path tmp = path.string() + ".tmp." + std::to_string(::getpid());
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) return MakeError(ErrorCode::kInternal, Errno("pce: cannot create " + tmp.filename().string()));
  auto fail = [&](const std::string &what) {
    const Status s = MakeError(ErrorCode::kInternal, Errno("pce: " + what + " " + tmp.filename().string()));
    ::close(fd);
    ::unlink(tmp.c_str());
    return s;
  };
  std::vector<uint8_t> header_block(FILE_HEADER_BYTES, 0);
  std::memcpy(header_block.data(), &h, sizeof(h));
  if (!WriteAll(fd, header_block.data(), header_block.size())) return fail("cannot write");
  static const uint8_t pad[ALIGN] = {};
  for (size_t i = 0; i < SECTIONS; i++) {
    if (!WriteAll(fd, arrays[i].data, arrays[i].bytes)) return fail("cannot write");
    const uint64_t next = i + 1 < SECTIONS ? h.sections[i + 1].offset : offset;
    if (!WriteAll(fd, pad, next - (h.sections[i].offset + arrays[i].bytes))) return fail("cannot write");
  }
  if (::fsync(fd) != 0) return fail("cannot sync");
  if (::close(fd) != 0) {
    ::unlink(tmp.c_str());
    return MakeError(ErrorCode::kInternal, Errno("pce: cannot close " + tmp.filename().string()));
  }
  std::filesystem::rename(tmp, path, ec);
  if (ec) {
    ::unlink(tmp.c_str());
    return MakeError(ErrorCode::kInternal, "pce: cannot rename " + tmp.filename().string() + ": " + ec.message());
  }
  if (const int dir = ::open(path.has_parent_path() ? path.parent_path().c_str() : ".", O_RDONLY | O_DIRECTORY);
      dir >= 0) {
    ::fsync(dir);
    ::close(dir);
  }
  return Status::Ok();
}

Expected<std::shared_ptr<const PreCompiledCircuit>> Load(const std::filesystem::path &path,
                                                         std::string_view expected_shape_key) {
  const std::string name = path.filename().string();
  auto bad = [&](const std::string &what) { return InvalidArgument("pce file " + name + ": " + what); };
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return bad(std::string("cannot open: ") + std::strerror(errno));
  struct stat st {};
  if (::fstat(fd, &st) != 0 || st.st_size < off_t(FILE_HEADER_BYTES)) {
    ::close(fd);
    return bad("truncated: shorter than its header");
  }
  auto mapping = std::make_shared<Mapping>();
  mapping->bytes = size_t(st.st_size);
  mapping->base = ::mmap(nullptr, mapping->bytes, PROT_READ, MAP_PRIVATE, fd, 0);
  ::close(fd);
  if (mapping->base == MAP_FAILED) {
    mapping->base = nullptr;
    return bad(std::string("cannot map: ") + std::strerror(errno));
  }
  const auto *bytes = static_cast<const uint8_t *>(mapping->base);
  Header h;
  std::memcpy(&h, bytes, sizeof(h));
  if (std::memcmp(h.magic, MAGIC, sizeof(MAGIC)) != 0) return bad("not a cuzk pre-compiled circuit (bad magic)");
  if (h.version != FILE_FORMAT_VERSION)
    return bad("format version " + std::to_string(h.version) + ", this build reads version " +
               std::to_string(FILE_FORMAT_VERSION));
  if (h.header_bytes != FILE_HEADER_BYTES || h.shape_key_length > MAX_SHAPE_KEY ||
      std::any_of(bytes + sizeof(Header), bytes + FILE_HEADER_BYTES, [](uint8_t b) { return b != 0; }))
    return bad("corrupt header");
  const std::string_view key(h.shape_key, h.shape_key_length);
  if (key != expected_shape_key)
    return bad("recorded for " + std::string(key) + ", not for " + std::string(expected_shape_key));
  if (h.payload_bytes != mapping->bytes - FILE_HEADER_BYTES)
    return bad("truncated or extended: " + std::to_string(mapping->bytes) + " bytes, the header says " +
               std::to_string(FILE_HEADER_BYTES + h.payload_bytes));
  // offset first: past the end, mapping->bytes - s.offset would wrap and let any length through
  for (const Section &s : h.sections)
    if (s.offset % ALIGN != 0 || s.offset < FILE_HEADER_BYTES || s.offset > mapping->bytes ||
        s.bytes > mapping->bytes - s.offset)
      return bad("corrupt section table");
  const auto direct = [&](uint64_t begin, uint64_t end, Sha256 &sha) {
    sha.Update(bytes + FILE_HEADER_BYTES + begin, end - begin);
  };
  if (Checksum(h, h.payload_bytes, direct) != std::to_array(h.checksum))
    return bad("checksum mismatch (the file is corrupt)");

  // sections → views, each checked for a whole number of elements of its type
  size_t next = 0;
  bool sizes_ok = true;
  auto take = [&]<class T>(std::span<const T> &out) {
    const Section &s = h.sections[next++];
    if (s.bytes % sizeof(T) != 0) sizes_ok = false;
    out = std::span<const T>(reinterpret_cast<const T *>(bytes + s.offset), s.bytes / sizeof(T));
  };
  PreCompiledCircuit::Parts p;
  p.shape_key = std::string(key);
  p.num_inputs = h.num_inputs;
  p.num_aux = h.num_aux;
  for (MatrixView *m : {&p.a, &p.b, &p.c}) {
    m->rows = h.rows;
    take(m->row_info);
    take(m->long_lengths);
    take(m->blocks);
    take(m->columns);
    take(m->coeff_index);
  }
  take(p.coefficients);
  take(p.a_aux_density);
  take(p.b_input_density);
  take(p.b_aux_density);
  if (!sizes_ok) return bad("corrupt section sizes");
  p.storage_bytes = mapping->bytes;
  p.storage = std::move(mapping);
  auto pce = std::make_shared<const PreCompiledCircuit>(std::move(p));
  if (Status s = Validate(*pce); !s) return bad(s.ErrorMessage());
  return pce;
}

Status Validate(const PreCompiledCircuit &pce) {
  const uint64_t rows = pce.NumConstraints();
  if (pce.NumInputs() == 0 || pce.NumInputs() > MAX_VARIABLES || pce.NumAux() > MAX_VARIABLES)
    return InvalidArgument("variable counts out of range");
  if (pce.Coefficients().size() < 2 || pce.Coefficients().size() > MAX_COEFFICIENTS ||
      !pce.Coefficients()[COEFF_PLUS_ONE].IsOne() || pce.Coefficients()[COEFF_MINUS_ONE] != -Fr::One())
    return InvalidArgument("bad coefficient table");
  for (const Fr &c : pce.Coefficients())
    if (!ff::big::Less(c.l, Fr::MODULUS)) return InvalidArgument("a coefficient is not a field element");
  auto density_ok = [](std::span<const uint64_t> words, uint64_t n) {
    if (words.size() != DensityWords(n)) return false;
    return n % 64 == 0 || words.empty() || (words.back() >> (n % 64)) == 0;
  };
  if (!density_ok(pce.AAuxDensity(), pce.NumAux()) || !density_ok(pce.BInputDensity(), pce.NumInputs()) ||
      !density_ok(pce.BAuxDensity(), pce.NumAux()))
    return InvalidArgument("density sizes do not match the variable counts");
  const char *names[3] = {"A", "B", "C"};
  const MatrixView *matrices[3] = {&pce.A(), &pce.B(), &pce.C()};
  for (int k = 0; k < 3; k++) {
    const MatrixView &m = *matrices[k];
    const std::string name = names[k];
    if (m.rows != rows || m.row_info.size() != rows || m.blocks.size() != BlockCount(rows))
      return InvalidArgument("matrix " + name + ": row or block count mismatch");
    const BlockStart &last = m.blocks.back();
    if (last.entry != m.columns.size() || last.coeff != m.coeff_index.size() ||
        last.long_index != m.long_lengths.size())
      return InvalidArgument("matrix " + name + ": stream lengths do not match its blocks");
    std::atomic<bool> ok{true};
    const uint64_t blocks = m.blocks.size() - 1;
    tbb::parallel_for(uint64_t(0), blocks, [&](uint64_t b) {
      BlockStart at = m.blocks[b];
      const BlockStart &end = m.blocks[b + 1];
      if (at.entry > end.entry || at.coeff > end.coeff || at.long_index > end.long_index) {
        ok = false;
        return;
      }
      const uint64_t row_end = std::min(rows, (b + 1) * BLOCK_ROWS);
      for (uint64_t r = b * BLOCK_ROWS; r < row_end; r++) {
        uint64_t length = m.row_info[r] & LENGTH_MASK;
        if (length == LONG_ROW) {
          if (at.long_index >= end.long_index) {
            ok = false;
            return;
          }
          length = m.long_lengths[at.long_index++];
        }
        const bool unit = m.row_info[r] & UNIT_ROW;
        if (length > end.entry - at.entry || (!unit && length > end.coeff - at.coeff)) {
          ok = false;
          return;
        }
        for (uint64_t e = at.entry; e < at.entry + length; e++) {
          const uint32_t col = m.columns[e];
          const uint64_t limit = (col & AUX_BIT) ? pce.NumAux() : pce.NumInputs();
          if ((col & INDEX_MASK) >= limit || (!unit && (col & NEG_BIT))) {
            ok = false;
            return;
          }
        }
        if (!unit)
          for (uint64_t q = at.coeff; q < at.coeff + length; q++)
            if (m.coeff_index[q] >= pce.Coefficients().size()) {
              ok = false;
              return;
            }
        at.entry += length;
        if (!unit) at.coeff += length;
      }
      if (at.entry != end.entry || at.coeff != end.coeff || at.long_index != end.long_index) ok = false;
    });
    if (!ok)
      return InvalidArgument("matrix " + name +
                             ": rows do not match their blocks, or name variables or coefficients "
                             "that do not exist");
  }
  return Status::Ok();
}

} // namespace cuzk::pce

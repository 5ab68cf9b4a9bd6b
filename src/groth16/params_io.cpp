// src/groth16/params_io.cpp
#include "groth16/params_io.hpp"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <memory>

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <tbb/parallel_for.h>

namespace cuzk::groth16 {

namespace {

template <class C> constexpr size_t BYTES = C::UNCOMPRESSED_BYTES;

void PutU32BE(std::vector<uint8_t> &out, uint32_t v) {
  for (int s = 24; s >= 0; s -= 8) out.push_back(uint8_t(v >> s));
}

template <class C> void PutPoint(std::vector<uint8_t> &out, const ec::Affine<C> &p) {
  auto b = ec::ToUncompressed(p);
  out.insert(out.end(), b.begin(), b.end());
}

// Encodes points in parallel chunks; calls sink(bytes) in order.
template <class C, class Sink> void EncodeSection(std::span<const ec::Affine<C>> pts, Sink &&sink) {
  constexpr size_t CHUNK = 1 << 16;
  std::vector<uint8_t> buf;
  for (size_t start = 0; start < pts.size(); start += CHUNK) {
    const size_t n = std::min(CHUNK, pts.size() - start);
    buf.resize(n * BYTES<C>);
    tbb::parallel_for(tbb::blocked_range<size_t>(0, n, 1024), [&](const tbb::blocked_range<size_t> &r) {
      for (size_t i = r.begin(); i < r.end(); i++) {
        auto b = ec::ToUncompressed(pts[start + i]);
        std::memcpy(buf.data() + i * BYTES<C>, b.data(), BYTES<C>);
      }
    });
    sink(std::span<const uint8_t>(buf));
  }
}

void AppendVk(std::vector<uint8_t> &out, const VerifyingKey &vk) {
  PutPoint(out, vk.alpha_g1);
  PutPoint(out, vk.beta_g1);
  PutPoint(out, vk.beta_g2);
  PutPoint(out, vk.gamma_g2);
  PutPoint(out, vk.delta_g1);
  PutPoint(out, vk.delta_g2);
  PutU32BE(out, uint32_t(vk.ic.size()));
  for (const auto &p : vk.ic) PutPoint(out, p);
}

// Bounds-checked big-endian reader; each failure names what it was reading.
class Reader {
public:
  Reader(std::span<const uint8_t> b, PointChecks checks) : b_(b), checks_(checks) {}
  size_t Remaining() const { return b_.size() - pos_; }

  Status U32(uint32_t &v, const char *what) {
    if (Remaining() < 4) return Truncated(what, 4);
    v = 0;
    for (int i = 0; i < 4; i++) v = (v << 8) | b_[pos_ + i];
    pos_ += 4;
    return {};
  }

  template <class C> Status Point(ec::Affine<C> &out, const char *what) {
    if (Remaining() < BYTES<C>) return Truncated(what, BYTES<C>);
    auto bytes = b_.subspan(pos_, BYTES<C>);
    auto r =
        checks_ == PointChecks::kChecked ? ec::FromUncompressed<C>(bytes) : ec::FromUncompressedUnchecked<C>(bytes);
    if (!r) return Prefixed(r.GetError(), std::string(what) + ": ");
    if (r->IsInfinity())
      return InvalidArgument(std::string(what) + ": point at infinity (offset " + std::to_string(pos_) + ")");
    out = *r;
    pos_ += BYTES<C>;
    return {};
  }

  //! drop_zero_points: skip the points written as all-zero bytes (snarkjs's infinity in a, b_g1, b_g2)
  template <class C> Status Section(std::vector<ec::Affine<C>> &out, const char *what, bool drop_zero_points = false) {
    uint32_t n = 0;
    if (auto s = U32(n, what); !s) return s;
    const uint64_t need = uint64_t(n) * BYTES<C>;
    if (need > Remaining())
      return InvalidArgument(std::string(what) + ": length " + std::to_string(n) + " needs " + std::to_string(need) +
                             " bytes, only " + std::to_string(Remaining()) + " left (truncated or corrupt length)");
    auto bytes = b_.subspan(pos_, size_t(n) * BYTES<C>);
    const size_t consumed = bytes.size();
    std::vector<uint8_t> kept;
    if (drop_zero_points) {
      kept.reserve(bytes.size());
      for (size_t i = 0; i < n; i++) {
        auto point = bytes.subspan(i * BYTES<C>, BYTES<C>);
        if (std::any_of(point.begin(), point.end(), [](uint8_t x) { return x != 0; }))
          kept.insert(kept.end(), point.begin(), point.end());
      }
      bytes = kept;
      n = uint32_t(kept.size() / BYTES<C>);
    }
    out.resize(n);
    auto st = checks_ == PointChecks::kChecked ? ec::BatchFromUncompressed<C>(bytes, std::span(out))
                                               : ec::BatchFromUncompressedUnchecked<C>(bytes, std::span(out));
    if (!st) return Prefixed(st.GetError(), what); // "[index]: …" follows the field's name
    for (size_t i = 0; i < out.size(); i++) {
      if (out[i].IsInfinity())
        return InvalidArgument(std::string(what) + "[" + std::to_string(i) + "]: point at infinity");
    }
    pos_ += consumed;
    return {};
  }

private:
  Status Truncated(const char *what, size_t need) const {
    return InvalidArgument(std::string(what) + ": truncated at offset " + std::to_string(pos_) + " (need " +
                           std::to_string(need) + " bytes, " + std::to_string(Remaining()) + " left)");
  }

  std::span<const uint8_t> b_;
  size_t pos_ = 0;
  PointChecks checks_;
};

Status ReadVk(Reader &r, VerifyingKey &vk) {
  if (auto s = r.Point(vk.alpha_g1, "vk.alpha_g1"); !s) return s;
  if (auto s = r.Point(vk.beta_g1, "vk.beta_g1"); !s) return s;
  if (auto s = r.Point(vk.beta_g2, "vk.beta_g2"); !s) return s;
  if (auto s = r.Point(vk.gamma_g2, "vk.gamma_g2"); !s) return s;
  if (auto s = r.Point(vk.delta_g1, "vk.delta_g1"); !s) return s;
  if (auto s = r.Point(vk.delta_g2, "vk.delta_g2"); !s) return s;
  return r.Section(vk.ic, "vk.ic");
}

// Read-only mapping of a whole file, unmapped on destruction.
class MappedFile {
public:
  static Expected<std::unique_ptr<MappedFile>> Open(const std::string &path) {
    int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return MakeError(ErrorCode::kNotFound, path + ": cannot open (" + std::strerror(errno) + ")");
    struct stat st;
    if (::fstat(fd, &st) != 0) {
      ::close(fd);
      return MakeError(ErrorCode::kInternal, path + ": cannot stat");
    }
    auto m = std::unique_ptr<MappedFile>(new MappedFile());
    m->size_ = size_t(st.st_size);
    if (m->size_ > 0) {
      void *p = ::mmap(nullptr, m->size_, PROT_READ, MAP_PRIVATE, fd, 0);
      if (p == MAP_FAILED) {
        ::close(fd);
        return MakeError(ErrorCode::kInternal, path + ": mmap failed (" + std::strerror(errno) + ")");
      }
      m->data_ = static_cast<const uint8_t *>(p);
    }
    ::close(fd);
    return m;
  }
  ~MappedFile() {
    if (data_) ::munmap(const_cast<uint8_t *>(data_), size_);
  }
  std::span<const uint8_t> Bytes() const { return {data_, size_}; }

private:
  MappedFile() = default;
  const uint8_t *data_ = nullptr;
  size_t size_ = 0;
};

class FileWriter {
public:
  explicit FileWriter(const std::string &path) : path_(path), f_(std::fopen(path.c_str(), "wb")) {}
  ~FileWriter() {
    if (f_) std::fclose(f_);
  }
  bool Ok() const { return f_ && ok_; }
  void Write(std::span<const uint8_t> b) {
    if (f_ && ok_ && std::fwrite(b.data(), 1, b.size(), f_) != b.size()) ok_ = false;
    if (ok_) written_ += b.size();
  }
  size_t Written() const { return written_; }
  Status Close() {
    if (!f_) return MakeError(ErrorCode::kInternal, path_ + ": cannot create");
    bool closed = std::fclose(f_) == 0;
    f_ = nullptr;
    if (!ok_ || !closed) return MakeError(ErrorCode::kInternal, path_ + ": write failed");
    return {};
  }

private:
  std::string path_;
  std::FILE *f_;
  bool ok_ = true;
  size_t written_ = 0;
};

template <class C> void WriteSection(FileWriter &w, std::span<const ec::Affine<C>> pts) {
  std::vector<uint8_t> len;
  PutU32BE(len, uint32_t(pts.size()));
  w.Write(len);
  EncodeSection<C>(pts, [&](std::span<const uint8_t> b) { w.Write(b); });
}

} // namespace

std::vector<uint8_t> SerializeVerifyingKey(const VerifyingKey &vk) {
  std::vector<uint8_t> out;
  AppendVk(out, vk);
  return out;
}

std::vector<uint8_t> SerializeParameters(const Parameters &p) {
  std::vector<uint8_t> out;
  AppendVk(out, p.vk);
  auto section = [&](const auto &pts) {
    using C = typename std::decay_t<decltype(pts)>::value_type::Curve;
    PutU32BE(out, uint32_t(pts.size()));
    EncodeSection<C>(pts, [&](std::span<const uint8_t> b) { out.insert(out.end(), b.begin(), b.end()); });
  };
  section(p.h);
  section(p.l);
  section(p.a);
  section(p.b_g1);
  section(p.b_g2);
  return out;
}

Expected<VerifyingKey> ParseVerifyingKey(std::span<const uint8_t> bytes, PointChecks checks) {
  Reader r(bytes, checks);
  VerifyingKey vk;
  if (auto s = ReadVk(r, vk); !s) return s.GetError();
  if (r.Remaining() != 0) return InvalidArgument("vk: " + std::to_string(r.Remaining()) + " unexpected bytes after ic");
  return vk;
}

Expected<Parameters> ParseParameters(std::span<const uint8_t> bytes, PointChecks checks, size_t *trailing_bytes,
                                     ParamsSource source) {
  Reader r(bytes, checks);
  Parameters p;
  const bool drop = source == ParamsSource::kSnarkjsExport;
  if (auto s = ReadVk(r, p.vk); !s) return s.GetError();
  if (auto s = r.Section(p.h, "params.h"); !s) return s.GetError();
  if (auto s = r.Section(p.l, "params.l"); !s) return s.GetError();
  if (auto s = r.Section(p.a, "params.a", drop); !s) return s.GetError();
  if (auto s = r.Section(p.b_g1, "params.b_g1", drop); !s) return s.GetError();
  if (auto s = r.Section(p.b_g2, "params.b_g2", drop); !s) return s.GetError();
  if (trailing_bytes) *trailing_bytes = r.Remaining();
  return p;
}

Status WriteVerifyingKeyFile(const std::string &path, const VerifyingKey &vk) {
  FileWriter w(path);
  w.Write(SerializeVerifyingKey(vk));
  return w.Close();
}

Status WriteParametersFile(const std::string &path, const Parameters &p) {
  FileWriter w(path);
  w.Write(SerializeVerifyingKey(p.vk));
  WriteSection<ec::G1Curve>(w, p.h);
  WriteSection<ec::G1Curve>(w, p.l);
  WriteSection<ec::G1Curve>(w, p.a);
  WriteSection<ec::G1Curve>(w, p.b_g1);
  WriteSection<ec::G2Curve>(w, p.b_g2);
  return w.Close();
}

struct ParametersFileWriter::Impl {
  explicit Impl(const std::string &path) : w(path) {}
  FileWriter w;
  int stage = 0; //!< 0: vk next, 1..4: G1 section next, 5: b_g2 next, 6: done
  Status Next(int expected, const char *what) {
    if (stage != expected) return InvalidArgument(std::string("params writer: ") + what + " out of order");
    if (!w.Ok()) return w.Close();
    stage++;
    return {};
  }
};

ParametersFileWriter::ParametersFileWriter(const std::string &path) : impl_(std::make_unique<Impl>(path)) {}
ParametersFileWriter::~ParametersFileWriter() = default;

Status ParametersFileWriter::Vk(const VerifyingKey &vk) {
  if (Status s = impl_->Next(0, "vk"); !s) return s;
  impl_->w.Write(SerializeVerifyingKey(vk));
  return {};
}
Status ParametersFileWriter::G1Section(std::vector<G1Affine> points) {
  if (impl_->stage < 1 || impl_->stage > 4) return InvalidArgument("params writer: G1 section out of order");
  if (Status s = impl_->Next(impl_->stage, "G1 section"); !s) return s;
  WriteSection<ec::G1Curve>(impl_->w, points);
  return {};
}
Status ParametersFileWriter::G2Section(std::vector<G2Affine> points) {
  if (Status s = impl_->Next(5, "b_g2"); !s) return s;
  WriteSection<ec::G2Curve>(impl_->w, points);
  return {};
}
Status ParametersFileWriter::Close() {
  if (impl_->stage != 6)
    return InvalidArgument("params writer: closed after " + std::to_string(impl_->stage) + " of 6 parts");
  return impl_->w.Close();
}
size_t ParametersFileWriter::BytesWritten() const { return impl_->w.Written(); }

Expected<VerifyingKey> ReadVerifyingKeyFile(const std::string &path, PointChecks checks) {
  auto m = MappedFile::Open(path);
  if (!m) return m.GetError();
  auto vk = ParseVerifyingKey((*m)->Bytes(), checks);
  if (!vk) return Prefixed(vk.GetError(), path + ": ");
  return vk;
}

Expected<Parameters> ReadParametersFile(const std::string &path, PointChecks checks, size_t *trailing_bytes,
                                        ParamsSource source) {
  auto m = MappedFile::Open(path);
  if (!m) return m.GetError();
  auto p = ParseParameters((*m)->Bytes(), checks, trailing_bytes, source);
  if (!p) return Prefixed(p.GetError(), path + ": ");
  return p;
}

} // namespace cuzk::groth16

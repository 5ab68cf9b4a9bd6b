// src/filecoin/core/bincode.cpp — fixed-width little-endian integers (bincode v1 `fixint` encoding,
// the default of bincode::serialize / deserialize).
#include "filecoin/core/bincode.hpp"

#include <algorithm>
#include <string>

namespace cuzk::filecoin {

namespace {

void PutLe(std::vector<uint8_t> &out, uint64_t v, int bytes) {
  for (int i = 0; i < bytes; i++) out.push_back(uint8_t(v >> (8 * i)));
}

uint64_t GetLe(const uint8_t *p, int bytes) {
  uint64_t v = 0;
  for (int i = bytes - 1; i >= 0; i--) v = (v << 8) | p[i];
  return v;
}

} // namespace

void BincodeWriter::U32(uint32_t v) { PutLe(out_, v, 4); }
void BincodeWriter::U64(uint64_t v) { PutLe(out_, v, 8); }
void BincodeWriter::Fixed(std::span<const uint8_t> bytes) { out_.insert(out_.end(), bytes.begin(), bytes.end()); }

Error BincodeReader::Fail(ErrorCode code, std::string_view what, std::string_view why) const {
  return MakeError(code,
                   "bincode: " + std::string(what) + " at byte " + std::to_string(pos_) + ": " + std::string(why));
}

Status BincodeReader::Need(size_t n, std::string_view what) const {
  if (Remaining() < n)
    return Fail(ErrorCode::kBadLength, what,
                "needs " + std::to_string(n) + " bytes, " + std::to_string(Remaining()) + " left (truncated input)");
  return Status::Ok();
}

Expected<uint32_t> BincodeReader::U32(std::string_view what) {
  if (auto s = Need(4, what); !s) return s.GetError();
  const uint32_t v = uint32_t(GetLe(in_.data() + pos_, 4));
  pos_ += 4;
  return v;
}

Expected<uint64_t> BincodeReader::U64(std::string_view what) {
  if (auto s = Need(8, what); !s) return s.GetError();
  const uint64_t v = GetLe(in_.data() + pos_, 8);
  pos_ += 8;
  return v;
}

Status BincodeReader::Fixed(std::span<uint8_t> out, std::string_view what) {
  if (auto s = Need(out.size(), what); !s) return s;
  std::copy_n(in_.data() + pos_, out.size(), out.data());
  pos_ += out.size();
  return Status::Ok();
}

Expected<size_t> BincodeReader::Len(std::string_view what, size_t min_elem_bytes, size_t max_count) {
  const size_t at = pos_;
  auto n = U64(what);
  if (!n) return n.GetError();
  if (*n > max_count) {
    pos_ = at;
    return Fail(ErrorCode::kBadLength, what,
                "length " + std::to_string(*n) + " exceeds the expected maximum " + std::to_string(max_count));
  }
  // n ≤ max_count keeps the product small; min_elem_bytes is a struct size.
  if (min_elem_bytes != 0 && *n > Remaining() / min_elem_bytes)
    return Fail(ErrorCode::kBadLength, what,
                "length " + std::to_string(*n) + " needs at least " + std::to_string(*n * min_elem_bytes) + " bytes, " +
                    std::to_string(Remaining()) + " left (truncated input)");
  return size_t(*n);
}

Status BincodeReader::ExactLen(std::string_view what, size_t expected, size_t min_elem_bytes) {
  const size_t at = pos_;
  auto n = U64(what);
  if (!n) return n.GetError();
  if (*n != expected) {
    pos_ = at;
    return Fail(ErrorCode::kBadLength, what, "length " + std::to_string(*n) + ", expected " + std::to_string(expected));
  }
  if (min_elem_bytes != 0 && expected > Remaining() / min_elem_bytes)
    return Fail(ErrorCode::kBadLength, what,
                std::to_string(expected) + " elements need at least " + std::to_string(expected * min_elem_bytes) +
                    " bytes, " + std::to_string(Remaining()) + " left (truncated input)");
  return Status::Ok();
}

Status BincodeReader::Finish(std::string_view what) const {
  if (Remaining() != 0)
    return Fail(ErrorCode::kBadLength, what,
                std::to_string(Remaining()) + " trailing bytes after the end of the value");
  return Status::Ok();
}

} // namespace cuzk::filecoin

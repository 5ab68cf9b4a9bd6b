// src/pce/pce_file.hpp — pre-compiled circuits on disk: versioned, checksummed, memory-mapped.
//
// A file holds one circuit: a 4 KiB header (magic, format version, counts, the shape key it was
// recorded for, where each array lies, a checksum), then the arrays of pre_compiled.hpp, each
// 64-byte aligned, in the machine's (little-endian) layout, so loading is an mmap and a check,
// not a decode. The checksum is SHA-256 over the header and the SHA-256 digests of the payload's
// 64 MiB chunks (hashed in parallel). Files are written to a temporary name, synced and renamed,
// so a crash leaves the old file or none, never half of one.
//
// A file that is truncated, corrupt, of another format version or recorded for another shape is
// rejected with an error saying which; the caller then records the circuit again.
#pragma once
#include "base/expected.hpp"
#include "pce/pre_compiled.hpp"

#include <filesystem>
#include <memory>
#include <string_view>

namespace cuzk::pce {

//! Bumped whenever the file layout changes.
inline constexpr uint32_t FILE_FORMAT_VERSION = 1;
inline constexpr uint64_t FILE_HEADER_BYTES = 4096;
inline constexpr size_t MAX_SHAPE_KEY = 512;

//! Writes pce to path atomically (a temporary file beside it, fsync, rename).
Status Save(const PreCompiledCircuit &pce, const std::filesystem::path &path);

//! Maps the file at path and checks it: header, bounds, checksum, the shape key (must equal
//! expected_shape_key) and the structure (Validate). The circuit's storage is the mapping.
Expected<std::shared_ptr<const PreCompiledCircuit>> Load(const std::filesystem::path &path,
                                                         std::string_view expected_shape_key);

//! Checks that evaluating pce cannot read out of bounds: row lengths add up to each block's
//! entries, columns name variables that exist, coefficient indices name stored coefficients,
//! density words have no bits past their variable count.
Status Validate(const PreCompiledCircuit &pce);

} // namespace cuzk::pce

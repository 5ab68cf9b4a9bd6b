// tests/fuzz/pce_fuzzer.cpp — libFuzzer target for the .pce file reader (src/pce/pce_file.hpp): a
// pre-compiled circuit is read back from disk, where another process (or a disk) may have changed it.
//
// Input: the file's bytes. The target writes the matching checksum into them (pce_checksum.hpp), the
// file to a temporary path, and loads it for the shape key its header names. Seeds:
// tests/fuzz/seeds.cpp (small recorded circuits).
//
// Contract: Load returns (never crashes, never hangs); a rejection carries a message; an accepted
// circuit can be evaluated (A·w, B·w, C·w over a witness of its variable counts) without reading
// outside its arrays or the witness, which is what pce::Validate promises the evaluator.
#include "pce/evaluate.hpp"
#include "pce/pce_file.hpp"

#include "fuzz_check.hpp"
#include "pce_checksum.hpp"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <unistd.h>

namespace {

const std::filesystem::path &FilePath() {
  static const std::filesystem::path path =
      std::filesystem::temp_directory_path() / ("cuzk-pce-fuzz-" + std::to_string(::getpid()) + ".pce");
  return path;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  using namespace cuzk;
  std::vector<uint8_t> file(data, data + size);
  cuzk::fuzz::FixPceChecksum(file);
  std::ofstream(FilePath(), std::ios::binary | std::ios::trunc)
      .write(reinterpret_cast<const char *>(file.data()), std::streamsize(file.size()));
  // the shape key as the header names it, so that mutations get past the key check
  using namespace cuzk::fuzz;
  std::string key;
  if (file.size() >= PCE_KEY_AT + pce::MAX_SHAPE_KEY) {
    uint32_t length = 0;
    std::memcpy(&length, file.data() + PCE_KEY_LENGTH_AT, sizeof(length));
    key.assign(reinterpret_cast<const char *>(file.data() + PCE_KEY_AT), std::min<size_t>(length, pce::MAX_SHAPE_KEY));
  }
  auto loaded = pce::Load(FilePath(), key);
  std::filesystem::remove(FilePath());
  if (!loaded) {
    CUZK_FUZZ_CHECK(!loaded.ErrorMessage().empty(), "a rejected .pce file has no message");
    return 0;
  }
  const pce::PreCompiledCircuit &circuit = **loaded;
  std::vector<ff::Fr> inputs(circuit.NumInputs(), ff::Fr::One()), aux(circuit.NumAux(), ff::Fr::One());
  std::vector<ff::Fr> a(circuit.NumConstraints()), b(a.size()), c(a.size());
  pce::EvaluateAll(circuit, inputs, aux, a.data(), b.data(), c.data());
  return 0;
}

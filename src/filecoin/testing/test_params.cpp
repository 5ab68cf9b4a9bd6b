// src/filecoin/testing/test_params.cpp — test parameter files: official names, blank circuits, a cached
// directory (filecoin/testing/test_params.hpp).
#include "filecoin/testing/test_params.hpp"

#include "base/elapsed.hpp"
#include "filecoin/core/post_config.hpp"
#include "filecoin/core/snap_config.hpp"
#include "filecoin/porep/stacked_circuit.hpp"
#include "filecoin/post/post_circuit.hpp"
#include "filecoin/snap/snap_circuit.hpp"
#include "groth16/groth16.hpp"

#include <chrono>
#include <filesystem>
#include <random>
#include <unistd.h>

namespace cuzk::filecoin {
namespace {

using base::SecondsSince;

// Records the blank circuit, runs the setup, writes both files under temporary names and renames
// them (the .vk last, so a reader that sees the .vk finds the .params complete).
template <class Circuit>
Expected<TestParamFiles> Generate(const Circuit &circuit, TestParamFiles files, const TestParamsRequest &request) {
  auto start = std::chrono::steady_clock::now();
  r1cs::RecordingCS shape;
  try {
    circuit.Synthesize(shape);
  } catch (const r1cs::SynthesisError &e) {
    return MakeError(ErrorCode::kInvalidArgument, std::string("blank circuit synthesis failed: ") + e.what());
  }
  files.synthesis_s = SecondsSince(start);
  files.constraints = shape.NumConstraints();
  files.inputs = shape.NumInputs();

  // the .params file is written as the setup makes its sections: a 32 GiB circuit's is ~47 GB
  start = std::chrono::steady_clock::now();
  const std::string suffix = ".tmp." + std::to_string(::getpid());
  std::error_code ec;
  auto discard = [&] {
    std::filesystem::remove(files.params_path + suffix, ec);
    std::filesystem::remove(files.vk_path + suffix, ec);
  };
  std::mt19937_64 rng(request.seed ? *request.seed : (uint64_t(std::random_device{}()) << 32) ^ std::random_device{}());
  const groth16::ToxicWaste secrets = groth16::ToxicWaste::Random(rng);
  // the vk is kept for its own file; the sections go to the .params file
  struct Tee final : groth16::ParametersSink {
    groth16::ParametersFileWriter file;
    groth16::VerifyingKey vk;
    explicit Tee(const std::string &path) : file(path) {}
    cuzk::Status Vk(const groth16::VerifyingKey &v) override {
      vk = v;
      return file.Vk(v);
    }
    cuzk::Status G1Section(std::vector<groth16::G1Affine> p) override { return file.G1Section(std::move(p)); }
    cuzk::Status G2Section(std::vector<groth16::G2Affine> p) override { return file.G2Section(std::move(p)); }
  } sink(files.params_path + suffix);
  cuzk::Status made = groth16::GenerateParametersStreaming(shape, secrets, sink, request.multiplier, &files.timings);
  if (made) made = sink.file.Close();
  if (!made) {
    discard();
    return MakeError(ErrorCode::kInvalidArgument, files.cache_id + ": setup failed: " + made.ErrorMessage());
  }
  files.params_bytes = sink.file.BytesWritten();
  files.setup_s = SecondsSince(start);

  start = std::chrono::steady_clock::now();
  const cuzk::Status vk_written = groth16::WriteVerifyingKeyFile(files.vk_path + suffix, sink.vk);
  if (!vk_written) {
    discard();
    return MakeError(ErrorCode::kInvalidArgument, files.cache_id + ": write failed: " + vk_written.ErrorMessage());
  }
  std::filesystem::rename(files.params_path + suffix, files.params_path, ec);
  if (!ec) std::filesystem::rename(files.vk_path + suffix, files.vk_path, ec);
  if (ec) return MakeError(ErrorCode::kInvalidArgument, files.cache_id + ": rename failed: " + ec.message());
  files.write_s = files.timings.sink_s + SecondsSince(start);
  files.generated = true;
  return files;
}

} // namespace

Expected<TestParamFiles> EnsureTestParameters(const TestParamsRequest &request) {
  auto size = RegisteredProofsForSize(request.sector_size);
  if (!size) return size.GetError();
  const SizeProofs &s = *size;
  auto cache_id = ParameterCacheIdFor(request.kind, request.sector_size);
  if (!cache_id) return cache_id.GetError();

  std::error_code ec;
  std::filesystem::create_directories(request.dir, ec);
  if (ec) return MakeError(ErrorCode::kInvalidArgument, "cannot create " + request.dir + ": " + ec.message());
  TestParamFiles files;
  files.cache_id = *cache_id;
  const std::filesystem::path dir(request.dir);
  files.params_path = (dir / (files.cache_id + ".params")).string();
  files.vk_path = (dir / (files.cache_id + ".vk")).string();
  if (std::filesystem::exists(files.params_path) && std::filesystem::exists(files.vk_path)) return files;

  switch (request.kind) {
  case CircuitKind::kPorep: {
    auto blank = BlankStackedCircuitInput(PorepConfigFor(s.porep));
    if (!blank) return blank.GetError();
    return Generate(StackedCircuit{std::move(blank).Value()}, std::move(files), request);
  }
  case CircuitKind::kWindowPoSt:
  case CircuitKind::kWinningPoSt: {
    const auto proof = request.kind == CircuitKind::kWindowPoSt ? s.window : s.winning;
    auto blank = BlankPoStCircuitInput(FallbackParamsOf(PoStConfigFor(proof)));
    if (!blank) return blank.GetError();
    return Generate(PoStCircuit{std::move(blank).Value()}, std::move(files), request);
  }
  case CircuitKind::kSnap: {
    auto blank = BlankSnapCircuitInput(SnapConfigFor(s.snap));
    if (!blank) return blank.GetError();
    return Generate(SnapCircuit{std::move(blank).Value()}, std::move(files), request);
  }
  }
  return MakeError(ErrorCode::kInvalidArgument, "unknown parameter kind");
}

} // namespace cuzk::filecoin

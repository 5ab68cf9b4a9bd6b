// tests/engine/engine_fixture.hpp — real circuits, real parameters and a real handler for engine tests.
//
// The circuit is r1cs::MulChainCircuit (public inputs x and the chain's output); parameters come from
// groth16::GenerateParameters and are written, with their .vk, to a temporary parameter directory
// under test names ("test-chain-<length>"). ChainHandler is a complete ProofKindHandler for it: a
// request's vanilla_proofs each hold one 8-byte little-endian x (one partition each) and
// registered_proof is the chain length. For tests that must control timing, a request with
// sector_number = HOLD makes its partitions' synthesis wait at the handler's Gate first.
#pragma once
#include "engine/engine.hpp"
#include "groth16/groth16.hpp"
#include "r1cs/sample_circuits.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <condition_variable>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <mutex>
#include <optional>
#include <random>
#include <span>
#include <string>
#include <vector>

namespace cuzk::engine::testing {

using ff::Fr;

//! synthesis threads wait here until the test opens it
class Gate {
public:
  void Wait() {
    std::unique_lock lock(mu_);
    waiting_++;
    cv_.notify_all();
    cv_.wait(lock, [&] { return open_; });
    waiting_--;
  }
  void Open() {
    std::lock_guard lock(mu_);
    open_ = true;
    cv_.notify_all();
  }
  int Waiting() {
    std::lock_guard lock(mu_);
    return waiting_;
  }
  //! blocks until n threads wait at the gate
  void AwaitWaiters(int n) {
    std::unique_lock lock(mu_);
    cv_.wait(lock, [&] { return waiting_ >= n; });
  }

private:
  std::mutex mu_;
  std::condition_variable cv_;
  bool open_ = false;
  int waiting_ = 0;
};

inline constexpr uint64_t HOLD = 0x401d;

inline std::string ChainId(size_t length) { return "test-chain-" + std::to_string(length); }

class ChainHandler final : public ProofKindHandler {
public:
  static constexpr size_t MAX_CHAIN_LENGTH = 1 << 14;
  std::shared_ptr<Gate> gate = std::make_shared<Gate>();
  //! a deliberately wrong handler, for self-check tests: claims out + 1 as the public output
  bool lie_about_output = false;
  //! a handler bug, for tests: throws from synthesis
  bool throw_in_synthesis = false;
  //! non-empty: partitions name their shape "<pce_key>-<length>" for pre-compiled synthesis
  std::string pce_key;
  //! syntheses running now, and the most seen at once
  std::shared_ptr<std::atomic<int>> active = std::make_shared<std::atomic<int>>(0);
  std::shared_ptr<std::atomic<int>> max_active = std::make_shared<std::atomic<int>>(0);

  Expected<std::vector<PartitionWork>> Plan(const ProofRequest &request) const override {
    const size_t length = size_t(request.registered_proof);
    // the GPU engine tests prove chains of up to 9000 links; longer ones would only slow a test's setup
    if (length == 0 || length > MAX_CHAIN_LENGTH)
      return cuzk::InvalidArgument("chain length " + std::to_string(length) + " out of range");
    std::vector<PartitionWork> parts;
    for (size_t i = 0; i < request.vanilla_proofs.size(); i++) {
      const auto &bytes = request.vanilla_proofs[i];
      if (bytes.size() != 8)
        return cuzk::InvalidArgument("vanilla_proofs[" + std::to_string(i) + "] has " + std::to_string(bytes.size()) +
                                     " bytes, expected 8");
      uint64_t v = 0;
      for (int b = 0; b < 8; b++) v |= uint64_t(bytes[b]) << (8 * b);
      const Fr x = Fr::FromUint(v);
      PartitionWork w;
      w.circuit_id = ChainId(length);
      Fr out = r1cs::MulChainCircuit::Output(x, length);
      if (lie_about_output) out += Fr::One();
      w.public_inputs = {x, out};
      const bool hold = request.sector_number == HOLD;
      w.synthesize = [x, length, hold, gate = gate, fail = throw_in_synthesis, active = active,
                      max_active = max_active](r1cs::ConstraintSystem &pa) {
        const int now = ++*active;
        for (int seen = *max_active; now > seen && !max_active->compare_exchange_weak(seen, now);) {
        }
        if (hold) gate->Wait();
        --*active;
        if (fail) throw r1cs::SynthesisError("test circuit refuses");
        r1cs::MulChainCircuit{x, length}.Synthesize(pa);
      };
      if (!pce_key.empty()) w.pce_key = pce_key + "-" + std::to_string(length);
      parts.push_back(std::move(w));
    }
    return parts;
  }
};

inline std::vector<uint8_t> U64Bytes(uint64_t v) {
  std::vector<uint8_t> b(8);
  for (int i = 0; i < 8; i++) b[i] = uint8_t(v >> (8 * i));
  return b;
}

//! a request for `partitions` chains of `length` starting at xs 1000·seed + i
inline ProofRequest ChainRequest(std::string id, size_t length, size_t partitions, uint64_t seed = 1,
                                 Priority priority = Priority::NORMAL) {
  ProofRequest r;
  r.request_id = std::move(id);
  r.proof_kind = ProofKind::POREP_SEAL_COMMIT;
  r.registered_proof = length;
  r.priority = priority;
  for (size_t i = 0; i < partitions; i++) r.vanilla_proofs.push_back(U64Bytes(1000 * seed + i));
  return r;
}

//! a temporary parameter directory holding test-chain-<length> for each length (setup run once per process)
class ParamDir {
public:
  explicit ParamDir(std::vector<size_t> lengths) {
    char tmpl[] = "/tmp/cuzk-engine-test-XXXXXX";
    dir_ = mkdtemp(tmpl);
    for (size_t length : lengths) {
      const groth16::Parameters &p = Params(length);
      const std::string stem = (std::filesystem::path(dir_) / ChainId(length)).string();
      EXPECT_TRUE(groth16::WriteParametersFile(stem + ".params", p).IsOk());
      EXPECT_TRUE(groth16::WriteVerifyingKeyFile(stem + ".vk", p.vk).IsOk());
      files_[ChainId(length)] = ChainId(length);
    }
  }
  ~ParamDir() { std::filesystem::remove_all(dir_); }
  const std::string &Path() const { return dir_; }
  const std::map<std::string, std::string> &Files() const { return files_; }

  static const groth16::Parameters &Params(size_t length) {
    static std::mutex mu;
    static std::map<size_t, groth16::Parameters> cache;
    std::lock_guard lock(mu);
    auto it = cache.find(length);
    if (it == cache.end()) {
      std::mt19937_64 rng(length);
      auto p = groth16::GenerateParameters(r1cs::MulChainCircuit{Fr::One(), length}, rng);
      EXPECT_TRUE(p) << p.ErrorMessage();
      it = cache.emplace(length, std::move(p).Value()).first;
    }
    return it->second;
  }

private:
  std::string dir_;
  std::map<std::string, std::string> files_;
};

//! a test suite over one ParamDir of test-chain-<length> for each of Lengths, made once for the suite
//! (writing parameter files is the slow part of these tests) and removed after its last test
template <size_t... Lengths> class ParamDirTest : public ::testing::Test {
protected:
  static void SetUpTestSuite() { dir_ = new ParamDir({Lengths...}); }
  static void TearDownTestSuite() {
    delete dir_;
    dir_ = nullptr;
  }
  static inline ParamDir *dir_ = nullptr;
};

//! ParamDirTest whose engines prove PoRep requests with one ChainHandler, handler_
template <size_t... Lengths> class ChainEngineTest : public ParamDirTest<Lengths...> {
protected:
  std::unique_ptr<Engine> StartEngine(const EngineConfig &config) {
    auto engine = std::make_unique<Engine>(config);
    engine->RegisterHandler(ProofKind::POREP_SEAL_COMMIT, handler_);
    return engine;
  }
  std::shared_ptr<ChainHandler> handler_ = std::make_shared<ChainHandler>();
};

//! the working memory one partition of test-chain-<length> is charged
inline uint64_t ChainPartitionEstimate(size_t length) {
  const auto &p = ParamDir::Params(length);
  return EstimatePartitionBytes(p.h.size() + 1, p.l.size(), p.vk.ic.size());
}

//! a test's prover backend: the real CPU backend, behind Before, which runs first in every ProveStart
//! (to record, wait or fail) and fails that call with the error it returns
class HookedCpuBackend : public groth16::ProverBackend {
public:
  Expected<std::vector<groth16::PartialProof>> ProveStart(const groth16::Parameters &params,
                                                          std::span<const r1cs::ProvingAssignment> assignments,
                                                          groth16::ProverTimings *timings) final {
    if (std::optional<Error> error = Before(assignments)) return std::move(*error);
    return cpu_.ProveStart(params, assignments, timings);
  }

protected:
  virtual std::optional<Error> Before(std::span<const r1cs::ProvingAssignment> assignments) = 0;

private:
  groth16::CpuBackend cpu_;
};

//! config for a small engine over a ParamDir
inline EngineConfig SmallConfig(const ParamDir &dir, uint32_t synthesis_workers = 1) {
  EngineConfig c;
  c.param_dir = dir.Path();
  c.param_files = dir.Files();
  c.synthesis_workers = synthesis_workers;
  c.working_memory_bytes = uint64_t(1) << 30;
  c.devices = {CpuDevice(1)};
  return c;
}

//! checks every 192-byte proof of a chain request independently of the engine's self-check
inline void ExpectChainProofsVerify(const ProofResult &result, const ProofRequest &request) {
  ASSERT_EQ(result.status, ProofStatus::COMPLETED) << result.error_message;
  ASSERT_EQ(result.proof.size(), request.vanilla_proofs.size() * groth16::PROOF_BYTES);
  const size_t length = size_t(request.registered_proof);
  const auto pvk = groth16::PrepareVerifyingKey(ParamDir::Params(length).vk);
  auto proofs = groth16::DecodeProofs(result.proof);
  ASSERT_TRUE(proofs) << proofs.ErrorMessage();
  for (size_t i = 0; i < proofs->size(); i++) {
    uint64_t v = 0;
    for (int b = 0; b < 8; b++) v |= uint64_t(request.vanilla_proofs[i][b]) << (8 * b);
    const Fr x = Fr::FromUint(v);
    const std::vector<Fr> inputs{x, r1cs::MulChainCircuit::Output(x, length)};
    auto ok = groth16::VerifyProof(pvk, (*proofs)[i], inputs);
    ASSERT_TRUE(ok) << ok.ErrorMessage();
    EXPECT_TRUE(*ok) << "partition " << i;
    // a proof verified against another partition's inputs must fail: partitions are not swapped
    if (proofs->size() > 1) {
      const Fr y = Fr::FromUint(v + 1);
      EXPECT_FALSE(
          *groth16::VerifyProof(pvk, (*proofs)[i], std::vector<Fr>{y, r1cs::MulChainCircuit::Output(y, length)}));
    }
  }
}

} // namespace cuzk::engine::testing

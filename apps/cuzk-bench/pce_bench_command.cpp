// apps/cuzk-bench/pce_bench_command.cpp — `pce-bench`: generic synthesis against pre-compiled
// synthesis (src/pce) for the partitions of one request, each step timed and the results compared
// element for element.
//
//   cuzk-bench pce-bench --request DIR/request.txt [--partitions N] [--threads T] [--runs R]
//                        [--save DIR] [--json FILE]
//
// The request (any `single` flags, or a request file from `gen-vanilla`, --virtual included) is
// planned by the daemon's own handlers (engine/filecoin_handlers.hpp), so the partitions, their
// shapes and their synthesis functions are the ones the engine proves. For the first N partitions:
//   generic   synthesis into a ProvingAssignment (the reference path);
//   record    the shape recorded from partition 0 (pce::Record), once;
//   save/load with --save: the file written to DIR and mapped back (its size and both times);
//   witness   the partition's witness (its generator, or synthesis into a WitnessCS);
//   evaluate  A·w, B·w, C·w on 1 thread and on T threads (default: all), medians of R runs;
//   gpu       when built with CUDA and a device exists (--no-gpu skips it): the circuit uploaded to
//             device 0 (timed apart, as the engine does it once per device), the witness uploaded,
//             then the evaluation kernel alone timed over max(R, 5) runs (median, min), and its a, b, c
//             compared with the CPU evaluation's element for element (a difference fails the command);
// then a, b, c, the input and aux assignments and the three densities of the generic and the
// pre-compiled results are compared; any difference fails the command (exit 1). Peak memory is
// the process's VmHWM. The two paths share nothing but the circuit's synthesis function.
#include "base/elapsed.hpp"
#include "engine/engine.hpp"
#include "engine/filecoin_handlers.hpp"
#include "pce/evaluate.hpp"
#include "pce/pce_file.hpp"
#include "pce/recorder.hpp"
#include "pce_gpu_bench.hpp"
#include "prove_request.hpp"
#include "r1cs/assignment_difference.hpp"
#include "server/request_conversion.hpp"

#include <CLI/CLI.hpp>
#include <tbb/info.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

namespace cuzk::bench {
namespace {

struct PceBenchOptions {
  ProveArgs request;
  size_t partitions = 1;
  int threads = 0;
  size_t runs = 3;
  std::string save_dir;
  std::string json;
  bool no_gpu = false;
};

double PeakBytes() {
  std::ifstream status("/proc/self/status");
  std::string key;
  double kib = 0;
  while (status >> key) {
    if (key == "VmHWM:") {
      status >> kib;
      return kib * 1024;
    }
    status.ignore(1 << 20, '\n');
  }
  return 0;
}

double Median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0 : v[v.size() / 2];
}

int RunPceBench(const PceBenchOptions &o) {
  auto proto = BuildRequest(o.request);
  if (!proto) {
    std::cerr << "error: " << proto.ErrorMessage() << "\n";
    return 2;
  }
  if (const std::string invalid = server::ValidateSubmit(*proto); !invalid.empty()) {
    std::cerr << "error: " << invalid << "\n";
    return 2;
  }
  const engine::ProofRequest request = server::ToEngineRequest(*proto);
  std::shared_ptr<const engine::ProofKindHandler> handler;
  switch (request.proof_kind) {
  case engine::ProofKind::POREP_SEAL_COMMIT:
    handler = engine::MakePorepC2Handler();
    break;
  case engine::ProofKind::WINNING_POST:
    handler = engine::MakePoStHandler(false);
    break;
  case engine::ProofKind::WINDOW_POST_PARTITION:
    handler = engine::MakePoStHandler(true);
    break;
  case engine::ProofKind::SNAP_DEALS_UPDATE:
    handler = engine::MakeSnapHandler();
    break;
  default:
    std::cerr << "error: no handler for this proof kind\n";
    return 2;
  }
  auto t0 = std::chrono::steady_clock::now();
  auto plan = handler->Plan(request);
  if (!plan) {
    std::cerr << "error: " << plan.ErrorMessage() << "\n";
    return 2;
  }
  const double plan_s = base::SecondsSince(t0);
  const int threads = o.threads > 0 ? o.threads : tbb::info::default_concurrency();
  const std::vector<engine::PartitionWork> &parts = *plan;
  std::cerr << "pce-bench: " << parts.size() << " partition(s) of " << parts[0].circuit_id << " (planned, vanilla "
            << "proofs verified, in " << plan_s << " s); shape " << parts[0].pce_key << "\n";

  t0 = std::chrono::steady_clock::now();
  auto recorded = pce::Record(parts[0].synthesize, parts[0].pce_key);
  const double record_s = base::SecondsSince(t0);
  if (!recorded) {
    std::cerr << "error: " << recorded.ErrorMessage() << "\n";
    return 1;
  }
  std::shared_ptr<const pce::PreCompiledCircuit> circuit = *recorded;
  std::ostringstream json;
  json << "{\"circuit\":\"" << parts[0].circuit_id << "\",\"constraints\":" << circuit->NumConstraints()
       << ",\"inputs\":" << circuit->NumInputs() << ",\"aux\":" << circuit->NumAux() << ",\"nnz\":" << circuit->Nnz()
       << ",\"coefficients\":" << circuit->Coefficients().size() << ",\"pce_bytes\":" << circuit->MemoryBytes()
       << ",\"record_s\":" << record_s << ",\"threads\":" << threads;
  std::cerr << "record: " << record_s << " s; " << circuit->NumConstraints() << " constraints, " << circuit->Nnz()
            << " non-zeros (A " << circuit->A().Nnz() << ", B " << circuit->B().Nnz() << ", C " << circuit->C().Nnz()
            << "), " << circuit->Coefficients().size() << " distinct coefficients, " << circuit->MemoryBytes() / 1e6
            << " MB in memory\n";
  if (!o.save_dir.empty()) {
    // the name the engine loads at first use: <official parameter file stem>.pce (engine/pce_cache.hpp)
    const std::string stem = engine::SrsFileStem(parts[0].circuit_id);
    const auto path = std::filesystem::path(o.save_dir) / ((stem.empty() ? parts[0].circuit_id : stem) + ".pce");
    t0 = std::chrono::steady_clock::now();
    if (Status s = pce::Save(*circuit, path); !s) {
      std::cerr << "error: " << s.ErrorMessage() << "\n";
      return 1;
    }
    const double save_s = base::SecondsSince(t0);
    t0 = std::chrono::steady_clock::now();
    auto loaded = pce::Load(path, parts[0].pce_key);
    const double load_s = base::SecondsSince(t0);
    if (!loaded) {
      std::cerr << "error: " << loaded.ErrorMessage() << "\n";
      return 1;
    }
    circuit = *loaded; // evaluate from the mapping, as the engine does after a restart
    const uint64_t file_bytes = std::filesystem::file_size(path);
    std::cerr << "file: " << path.string() << ", " << file_bytes / 1e6 << " MB; save " << save_s << " s, load (map + "
              << "checksum + validation) " << load_s << " s\n";
    json << ",\"file_bytes\":" << file_bytes << ",\"save_s\":" << save_s << ",\"load_s\":" << load_s;
  }

  bool all_match = true;
  json << ",\"partitions\":[";
  for (size_t k = 0; k < std::min(o.partitions, parts.size()); k++) {
    const engine::PartitionWork &work = parts[k];
    t0 = std::chrono::steady_clock::now();
    auto generic = std::make_unique<r1cs::ProvingAssignment>();
    work.synthesize(*generic);
    const double generic_s = base::SecondsSince(t0);

    // [0]: one thread, [1]: `threads` threads
    std::vector<double> witness_s[2], eval_s[2];
    std::unique_ptr<r1cs::ProvingAssignment> through;
    for (size_t run = 0; run < o.runs; run++) {
      for (int w = 0; w < 2; w++) {
        if (w == 1 && threads == 1) {
          witness_s[1].push_back(witness_s[0].back());
          eval_s[1].push_back(eval_s[0].back());
          continue;
        }
        tbb::task_arena arena(w == 0 ? 1 : threads);
        r1cs::WitnessCS witness;
        witness.Reserve(circuit->NumInputs(), circuit->NumAux());
        t0 = std::chrono::steady_clock::now();
        arena.execute([&] { work.witness ? work.witness(witness) : work.synthesize(witness); });
        witness_s[w].push_back(base::SecondsSince(t0));
        auto out = std::make_unique<r1cs::ProvingAssignment>();
        Status s;
        t0 = std::chrono::steady_clock::now();
        arena.execute([&] { s = pce::Evaluate(*circuit, std::move(witness), *out); });
        eval_s[w].push_back(base::SecondsSince(t0));
        if (!s) {
          std::cerr << "error: partition " << k << ": " << s.ErrorMessage() << "\n";
          return 1;
        }
        through = std::move(out);
      }
    }
    const std::string diff = r1cs::AssignmentDifference(*through, *generic);
    all_match &= diff.empty();
    GpuEvaluation g;
    if (o.no_gpu)
      g.skipped = "--no-gpu";
    else
      g = BenchGpuEvaluation(*circuit, *through, std::max<size_t>(o.runs, 5));
    std::cerr << "partition " << k << ": generic " << generic_s << " s; witness " << Median(witness_s[0])
              << " s on 1 thread, " << Median(witness_s[1]) << " s on " << threads << "; evaluation "
              << Median(eval_s[0]) << " s on 1 thread, " << Median(eval_s[1]) << " s on " << threads << "; "
              << (diff.empty() ? "MATCH (a, b, c, assignments, densities)" : "MISMATCH: " + diff) << "\n";
    if (g.skipped.empty()) {
      const bool ok = g.error.empty() && g.difference.empty();
      all_match &= ok;
      std::cerr << "partition " << k << ": gpu evaluation " << g.median_ms << " ms median (min " << g.min_ms
                << " ms, kernel only); matrices upload " << g.upload_s << " s (" << g.device_bytes / 1e6
                << " MB on the device), witness upload " << g.witness_upload_s << " s; "
                << (!g.error.empty() ? "ERROR: " + g.error
                    : ok             ? std::string("MATCH (a, b, c equal the CPU evaluation's)")
                                     : "MISMATCH: " + g.difference)
                << "\n";
    } else {
      std::cerr << "partition " << k << ": gpu evaluation skipped (" << g.skipped << ")\n";
    }
    json << (k ? "," : "") << "{\"partition\":" << k << ",\"generic_s\":" << generic_s
         << ",\"witness_1_s\":" << Median(witness_s[0]) << ",\"witness_n_s\":" << Median(witness_s[1])
         << ",\"eval_1_s\":" << Median(eval_s[0]) << ",\"eval_n_s\":" << Median(eval_s[1]);
    if (g.skipped.empty())
      json << ",\"gpu_eval_ms\":" << g.median_ms << ",\"gpu_eval_min_ms\":" << g.min_ms
           << ",\"gpu_upload_s\":" << g.upload_s << ",\"gpu_witness_upload_s\":" << g.witness_upload_s
           << ",\"gpu_pce_bytes\":" << g.device_bytes
           << ",\"gpu_match\":" << (g.error.empty() && g.difference.empty() ? "true" : "false");
    json << ",\"match\":" << (diff.empty() ? "true" : "false") << "}";
  }
  json << "],\"peak_bytes\":" << PeakBytes() << ",\"match\":" << (all_match ? "true" : "false") << "}";
  std::cout << json.str() << "\n";
  if (!o.json.empty()) std::ofstream(o.json) << json.str() << "\n";
  return all_match ? 0 : 1;
}

} // namespace

void AddPceBenchCommand(CLI::App &app, int &exit_code) {
  auto options = std::make_shared<PceBenchOptions>();
  auto *cmd = app.add_subcommand("pce-bench", "generic vs pre-compiled synthesis of a request's partitions: "
                                              "timings, sizes and an element-for-element comparison");
  AddProveFlags(*cmd, options->request, true); // --partition: a WindowPoSt request names its partition
  cmd->add_option("--partitions", options->partitions, "partitions to synthesise both ways (default 1)");
  cmd->add_option("--threads", options->threads, "threads of the parallel evaluation (default: all)");
  cmd->add_option("--runs", options->runs, "witness and evaluation runs per partition; medians (default 3)");
  cmd->add_option("--save", options->save_dir, "write the recording to DIR and evaluate from the file mapped back");
  cmd->add_option("--json", options->json, "also write the JSON summary to FILE");
  cmd->add_flag("--no-gpu", options->no_gpu, "skip the GPU evaluation (timed on device 0 when there is one)");
  cmd->callback([options, &exit_code] { exit_code = RunPceBench(*options); });
}

} // namespace cuzk::bench

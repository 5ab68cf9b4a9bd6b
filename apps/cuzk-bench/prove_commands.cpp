// apps/cuzk-bench/prove_commands.cpp — `single` (one Prove, its result and timings) and `batch`
// (N proofs, J at a time: per-proof lines as they finish, then throughput and latency percentiles).
#include "client.hpp"
#include "latency_stats.hpp"
#include "prove_request.hpp"
#include "timeline/timeline.hpp"

#include <CLI/CLI.hpp>
#include <atomic>
#include <cstdio>
#include <fstream>
#include <grpcpp/grpcpp.h>
#include <iostream>
#include <mutex>
#include <sstream>
#include <thread>

namespace cuzk::bench {
namespace {

namespace v1 = cuzk::v1;
using Clock = std::chrono::steady_clock;

struct SingleOptions {
  ProveArgs prove;
  double timeout_s = 0;  //!< client deadline; 0 = none
  std::string proof_out; //!< write the proof bytes here
  std::string timeline;  //!< draw the partitions' timeline (SVG) here
};

struct BatchOptions {
  ProveArgs prove;
  unsigned count = 3;
  unsigned concurrency = 1;
  double timeout_s = 0;
  std::string json_path; //!< also write every proof's timings and the summary here
  std::string timeline;  //!< draw every proof's partitions (SVG) here
};

struct Outcome {
  bool rpc_ok = false;
  grpc::Status rpc;
  v1::AwaitProofResponse result;
  double wall_ms = 0;
  double submitted_s = 0; //!< when it was sent, on the batch's clock
};

Outcome ProveOnce(v1::ProvingEngine::Stub &stub, const v1::SubmitProofRequest &submit, double timeout_s) {
  grpc::ClientContext ctx;
  if (timeout_s > 0) {
    ctx.set_deadline(std::chrono::system_clock::now() +
                     std::chrono::milliseconds(static_cast<int64_t>(timeout_s * 1000)));
  }
  v1::ProveRequest request;
  *request.mutable_submit() = submit;
  v1::ProveResponse response;
  Outcome out;
  auto start = Clock::now();
  out.rpc = stub.Prove(&ctx, request, &response);
  out.wall_ms = MsSince(start);
  out.rpc_ok = out.rpc.ok();
  out.result = response.result();
  return out;
}

// A JSON string literal (error messages come from the daemon and may hold anything).
std::string JsonString(const std::string &text) {
  std::string out = "\"";
  for (unsigned char c : text) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof(buf), "\\u%04x", c);
      out += buf;
    } else {
      out += static_cast<char>(c);
    }
  }
  return out + "\"";
}

// The daemon's per-partition timings of one proof, placed at `submitted_s` on the picture's clock.
void AppendTraces(const std::string &label, const Outcome &out, std::vector<PartitionTrace> &traces) {
  for (const auto &t : out.result.partition_timings()) {
    traces.push_back(PartitionTrace{
        label, t.partition(), t.device(), t.pre_compiled(), out.submitted_s, t.synthesis_start_ms(),
        t.synthesis_end_ms(), t.prove_start_ms(), t.device_end_ms(), t.prove_end_ms(), t.self_check_end_ms(),
        t.abc_evaluation() == v1::ABC_EVALUATION_DEVICE        ? PartitionTrace::Abc::kDevice
        : t.abc_evaluation() == v1::ABC_EVALUATION_PROVER_HOST ? PartitionTrace::Abc::kProverHost
                                                               : PartitionTrace::Abc::kSynthesis,
        t.held_bytes(), t.witness_packed()});
  }
}

// Writes the SVG and prints the summary; false when the file cannot be written.
bool WriteTimeline(const std::string &path, const std::string &title, const std::vector<PartitionTrace> &traces) {
  std::cout << TimelineSummary(traces);
  std::ofstream svg(path);
  svg << TimelineSvg(traces, title);
  if (!svg) {
    std::cerr << "error: cannot write " << path << "\n";
    return false;
  }
  std::cout << "timeline:   " << path << "\n";
  return true;
}

// One proof of a batch as a JSON object (times in milliseconds).
std::string JsonRow(const std::string &request_id, const Outcome &out) {
  const auto &r = out.result;
  std::ostringstream row;
  row << "{\"request_id\":" << JsonString(request_id)
      << ",\"status\":" << JsonString(out.rpc_ok ? StatusName(r.status()) : "RPC_ERROR")
      << ",\"wall_ms\":" << out.wall_ms << ",\"queue_ms\":" << r.queue_wait_ms()
      << ",\"srs_load_ms\":" << r.srs_load_ms() << ",\"synthesis_ms\":" << r.synthesis_ms()
      << ",\"prove_ms\":" << r.gpu_compute_ms() << ",\"total_ms\":" << r.total_ms()
      << ",\"error\":" << JsonString(out.rpc_ok ? r.error_message() : out.rpc.error_message()) << "}";
  return row.str();
}

int RunSingle(const ClientOptions &client, const SingleOptions &options) {
  auto request = BuildRequest(options.prove);
  if (!request) {
    std::cerr << "error: " << request.ErrorMessage() << "\n";
    return 2;
  }
  request->set_request_id(options.prove.request_id.empty() ? NewRequestId() : options.prove.request_id);
  auto stub = Connect(client);
  if (!stub) return 2;
  std::cerr << "proving " << ProofKindName(request->proof_kind()) << " (request " << request->request_id() << ", "
            << request->ByteSizeLong() << " bytes) on " << client.addr << "\n";
  Outcome out = ProveOnce(*stub, *request, options.timeout_s);
  if (!out.rpc_ok) {
    PrintRpcError("Prove", out.rpc);
    return 1;
  }
  const auto &r = out.result;
  std::cout << "=== Proof Result ===\n"
            << "status:     " << StatusName(r.status()) << "\n"
            << "job_id:     " << r.job_id() << "\n"
            << "total:      " << r.total_ms() << " ms\n"
            << "queue:      " << r.queue_wait_ms() << " ms\n"
            << "srs load:   " << r.srs_load_ms() << " ms\n"
            << "synthesis:  " << r.synthesis_ms() << " ms\n"
            << "prove:      " << r.gpu_compute_ms() << " ms\n"
            << "wall:       " << static_cast<uint64_t>(out.wall_ms) << " ms\n";
  if (!options.timeline.empty()) {
    std::vector<PartitionTrace> traces;
    AppendTraces("#1", out, traces);
    if (!WriteTimeline(options.timeline, ProofKindName(request->proof_kind()) + " " + r.job_id(), traces)) return 2;
  }
  if (r.status() == v1::AwaitProofResponse::COMPLETED) {
    std::cout << "proof:      " << r.proof().size() << " bytes (" << r.proof().size() / 192 << " x 192)\n";
    // long proofs (PoRep: 1920 B) are shortened as the reference does
    if (r.proof().size() > 256) {
      std::cout << ToHex(r.proof().substr(0, 128)) << "...\n";
    } else {
      std::cout << ToHex(r.proof()) << "\n";
    }
    if (!options.proof_out.empty()) {
      std::ofstream(options.proof_out, std::ios::binary) << r.proof();
      std::cout << "written to  " << options.proof_out << "\n";
    }
    return 0;
  }
  std::cout << "error:      " << r.error_message() << "\n";
  return 1;
}

int RunBatch(const ClientOptions &client, const BatchOptions &options) {
  auto request = BuildRequest(options.prove);
  if (!request) {
    std::cerr << "error: " << request.ErrorMessage() << "\n";
    return 2;
  }
  auto stub = Connect(client);
  if (!stub) return 2;
  const unsigned n = options.count;
  std::cerr << "batch: " << n << " x " << ProofKindName(request->proof_kind()) << ", " << options.concurrency
            << " at a time, on " << client.addr << "\n";
  std::atomic<unsigned> next{0}, done{0};
  std::mutex mutex;
  std::vector<double> wall_s, prove_s, queue_s;
  std::vector<std::string> json_rows;
  std::vector<PartitionTrace> traces;
  unsigned completed = 0, failed = 0;
  auto start = Clock::now();
  auto worker = [&] {
    for (unsigned i = next++; i < n; i = next++) {
      v1::SubmitProofRequest submit = *request;
      submit.set_request_id(options.prove.request_id.empty() ? NewRequestId()
                                                             : options.prove.request_id + "-" + std::to_string(i));
      const double sent_s = MsSince(start) / 1000;
      Outcome out = ProveOnce(*stub, submit, options.timeout_s);
      out.submitted_s = sent_s;
      std::lock_guard lock(mutex);
      unsigned k = ++done;
      const auto &r = out.result;
      json_rows.push_back(JsonRow(submit.request_id(), out));
      AppendTraces("#" + std::to_string(i + 1), out, traces);
      if (!out.rpc_ok) {
        failed++;
        std::printf("[%u/%u] RPC ERROR — %.1fs: code %d: %s\n", k, n, out.wall_ms / 1000,
                    static_cast<int>(out.rpc.error_code()), out.rpc.error_message().c_str());
      } else {
        bool ok = r.status() == v1::AwaitProofResponse::COMPLETED;
        ok ? completed++ : failed++;
        wall_s.push_back(out.wall_ms / 1000);
        if (ok) {
          prove_s.push_back(r.gpu_compute_ms() / 1000.0);
          queue_s.push_back(r.queue_wait_ms() / 1000.0);
        }
        std::printf("[%u/%u] %s — %.1fs (prove=%llums, queue=%llums, srs=%llums, synth=%llums, total=%llums)%s%s\n", k,
                    n, StatusName(r.status()).c_str(), out.wall_ms / 1000,
                    static_cast<unsigned long long>(r.gpu_compute_ms()),
                    static_cast<unsigned long long>(r.queue_wait_ms()),
                    static_cast<unsigned long long>(r.srs_load_ms()), static_cast<unsigned long long>(r.synthesis_ms()),
                    static_cast<unsigned long long>(r.total_ms()), ok ? "" : ": ", ok ? "" : r.error_message().c_str());
      }
      std::fflush(stdout);
    }
  };
  std::vector<std::thread> threads;
  for (unsigned t = 0; t < std::max(1u, options.concurrency); t++) threads.emplace_back(worker);
  for (auto &t : threads) t.join();
  double total_s = MsSince(start) / 1000;
  std::printf("=== Batch Summary ===\n");
  std::printf("proofs:      %u (completed %u, failed %u)\n", n, completed, failed);
  std::printf("total time:  %.2f s\n", total_s);
  std::printf("wall:        %s\n", FormatSummary(Summarize(wall_s), "s").c_str());
  std::printf("prove:       %s\n", FormatSummary(Summarize(prove_s), "s").c_str());
  std::printf("queue:       %s\n", FormatSummary(Summarize(queue_s), "s").c_str());
  if (completed > 0) {
    std::printf("throughput:  %.2f proofs/min, %.3f s/proof\n", completed * 60.0 / total_s, total_s / completed);
  }
  if (!options.timeline.empty() && !WriteTimeline(options.timeline,
                                                  std::to_string(n) + " x " + ProofKindName(request->proof_kind()) +
                                                      ", " + std::to_string(options.concurrency) + " at a time",
                                                  traces))
    return 2;
  if (!options.json_path.empty()) {
    std::ofstream json(options.json_path);
    json << "{\"kind\":\"" << ProofKindName(request->proof_kind()) << "\",\"count\":" << n
         << ",\"concurrency\":" << options.concurrency << ",\"completed\":" << completed << ",\"failed\":" << failed
         << ",\"total_s\":" << total_s << ",\"proofs_per_min\":" << (total_s > 0 ? completed * 60.0 / total_s : 0.0)
         << ",\"proofs\":[";
    for (size_t i = 0; i < json_rows.size(); i++) json << (i ? "," : "") << json_rows[i];
    json << "]}\n";
    if (!json) {
      std::cerr << "error: cannot write " << options.json_path << "\n";
      return 2;
    }
  }
  return failed == 0 ? 0 : 1;
}

} // namespace

void AddProveCommands(CLI::App &app, const std::shared_ptr<ClientOptions> &client, int &exit_code) {
  auto single = std::make_shared<SingleOptions>();
  auto *s = app.add_subcommand("single", "prove once and print the result, the proof and the timings");
  AddProveFlags(*s, single->prove, true);
  s->add_option("--timeout", single->timeout_s, "give up after this many seconds (0 = wait)")->capture_default_str();
  s->add_option("-o,--out", single->proof_out, "write the proof bytes to this file");
  s->add_option(
      "--timeline", single->timeline,
      "draw each partition's stages (queued, synthesis, waiting, device, finish, self-check) to this SVG file "
      "and print them");
  s->callback([client, single, &exit_code] { exit_code = RunSingle(*client, *single); });

  auto batch = std::make_shared<BatchOptions>();
  auto *b = app.add_subcommand("batch", "prove N times, J at a time; throughput and latency percentiles");
  // --partition too: gen-vanilla's request files name one, and a WindowPoSt batch needs it
  AddProveFlags(*b, batch->prove, true);
  b->add_option("-c,--count", batch->count, "number of proofs")->capture_default_str()->check(CLI::Range(1u, 1000000u));
  b->add_option("-j,--concurrency", batch->concurrency, "proofs in flight at once")
      ->capture_default_str()
      ->check(CLI::Range(1u, 4096u));
  b->add_option("--timeout", batch->timeout_s, "per-proof client timeout in seconds (0 = wait)")->capture_default_str();
  b->add_option("--json", batch->json_path, "also write per-proof timings and the summary to this JSON file");
  b->add_option("--timeline", batch->timeline,
                "draw every proof's partitions over time to this SVG file and print them");
  b->callback([client, batch, &exit_code] { exit_code = RunBatch(*client, *batch); });
}

} // namespace cuzk::bench

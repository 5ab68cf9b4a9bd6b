// apps/cuzk-bench/stress_command.cpp — `stress`: mixed proof kinds at given rates for a duration.
//
// Each --mix KIND:PER_MINUTE:FILE[:REGISTERED_PROOF] entry (FILE a C1, a vanilla proof, or a request
// file *.txt whose every flag then applies to that kind alone) issues Prove calls at a fixed interval
// (open loop: arrivals do not wait for earlier proofs, as Curio's tasks do not), up to
// --max-in-flight calls at once; a tick that finds the limit reached is counted as skipped. A
// progress line every --progress seconds, then per-kind latency percentiles — e.g. whether
// WinningPoSt keeps its latency while PoRep saturates the provers.
#include "client.hpp"
#include "latency_stats.hpp"
#include "prove_request.hpp"

#include <CLI/CLI.hpp>
#include <atomic>
#include <cstdio>
#include <grpcpp/grpcpp.h>
#include <iostream>
#include <mutex>
#include <thread>

namespace cuzk::bench {
namespace {

namespace v1 = cuzk::v1;
using Clock = std::chrono::steady_clock;

struct StressOptions {
  std::vector<std::string> mix;
  double duration_s = 60;
  unsigned max_in_flight = 64;
  double progress_s = 10;
  ProveArgs common; //!< miner id, randomness, commitments, sector size: shared by every kind
};

// One --mix entry, parsed: what to send and how often.
struct MixEntry {
  std::string name;
  v1::SubmitProofRequest request;
  double interval_s = 0;
};

// A kind's request and its counters, shared by its generator and its calls; its atomics and mutex
// cannot move, which is why ParseMix returns a MixEntry instead.
struct KindStats {
  explicit KindStats(MixEntry entry)
      : name(std::move(entry.name)), request(std::move(entry.request)), interval_s(entry.interval_s) {}

  const std::string name;
  const v1::SubmitProofRequest request;
  const double interval_s;
  std::atomic<unsigned> sent{0}, completed{0}, failed{0}, skipped{0};
  std::mutex mutex;
  std::vector<double> latency_s; //!< completed proofs, wall time of the call
  std::string last_error;
};

Expected<MixEntry> ParseMix(const std::string &entry, const StressOptions &options) {
  std::vector<std::string> parts;
  size_t start = 0;
  for (size_t colon; (colon = entry.find(':', start)) != std::string::npos; start = colon + 1) {
    parts.push_back(entry.substr(start, colon - start));
  }
  parts.push_back(entry.substr(start));
  if (parts.size() < 3 || parts.size() > 4) {
    return InvalidArgument("--mix '" + entry + "': expected KIND:PER_MINUTE:FILE[:REGISTERED_PROOF]");
  }
  ProveArgs args = options.common;
  args.type = parts[0];
  double per_minute = 0;
  try {
    per_minute = std::stod(parts[1]);
    if (parts.size() == 4) args.registered_proof = std::stoull(parts[3]);
  } catch (const std::exception &) {
    return InvalidArgument("--mix '" + entry + "': rate and registered proof must be numbers");
  }
  if (!(per_minute > 0)) return InvalidArgument("--mix '" + entry + "': the rate must be > 0 proofs per minute");
  auto kind = ParseProofType(args.type);
  if (!kind) return InvalidArgument("--mix '" + entry + "': unknown proof type '" + args.type + "'");
  if (parts[2].ends_with(".txt")) {
    // a request file (gen-vanilla's request.txt): the request whole, with its own randomness and
    // commitments, so that kinds from different sectors mix
    args.request_path = parts[2];
    args.cmd = nullptr;
  } else {
    (*kind == v1::POREP_SEAL_COMMIT ? args.c1_path : args.vanilla_path) = parts[2];
  }
  auto request = BuildRequest(args);
  if (!request) return std::move(request).GetError();
  if (request->proof_kind() != *kind) {
    return InvalidArgument("--mix '" + entry + "': the request file is for another proof kind");
  }
  return MixEntry{ProofKindName(*kind), std::move(request).Value(), 60.0 / per_minute};
}

int RunStress(const ClientOptions &client, const StressOptions &options) {
  std::vector<std::unique_ptr<KindStats>> kinds;
  for (const auto &entry : options.mix) {
    auto parsed = ParseMix(entry, options);
    if (!parsed) {
      std::cerr << "error: " << parsed.ErrorMessage() << "\n";
      return 2;
    }
    kinds.push_back(std::make_unique<KindStats>(std::move(parsed).Value()));
  }
  auto stub = Connect(client);
  if (!stub) return 2;
  std::atomic<unsigned> in_flight{0};
  std::mutex threads_mutex;
  std::vector<std::thread> calls;
  const auto start = Clock::now();
  const auto end =
      start + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(options.duration_s));

  auto issue = [&](KindStats &k) {
    if (in_flight >= options.max_in_flight) {
      k.skipped++;
      return;
    }
    in_flight++;
    k.sent++;
    std::lock_guard lock(threads_mutex);
    calls.emplace_back([&stub, &k, &in_flight] {
      v1::ProveRequest request;
      *request.mutable_submit() = k.request;
      request.mutable_submit()->set_request_id(NewRequestId());
      v1::ProveResponse response;
      grpc::ClientContext ctx;
      auto t0 = Clock::now();
      grpc::Status status = stub->Prove(&ctx, request, &response);
      double wall_s = MsSince(t0) / 1000;
      bool ok = status.ok() && response.result().status() == v1::AwaitProofResponse::COMPLETED;
      {
        std::lock_guard lock(k.mutex);
        if (ok) {
          k.latency_s.push_back(wall_s);
        } else {
          k.last_error = status.ok() ? response.result().error_message() : status.error_message();
        }
      }
      (ok ? k.completed : k.failed)++;
      in_flight--;
    });
  };

  std::vector<std::thread> generators;
  for (auto &k : kinds) {
    generators.emplace_back([&, kp = k.get()] {
      for (unsigned tick = 0;; tick++) {
        auto at =
            start + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(tick * kp->interval_s));
        if (at >= end) return;
        std::this_thread::sleep_until(at);
        issue(*kp);
      }
    });
  }
  std::cerr << "stress: " << kinds.size() << " kind(s) for " << options.duration_s << " s on " << client.addr << "\n";
  const auto step = std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(options.progress_s));
  auto next = start + step;
  while (Clock::now() < end || in_flight > 0) {
    std::this_thread::sleep_until(std::min(next, Clock::now() + std::chrono::milliseconds(200)));
    if (Clock::now() < next) continue;
    next += step;
    std::fprintf(stderr, "t=%5.0fs", MsSince(start) / 1000);
    for (auto &k : kinds) {
      std::fprintf(stderr, "  %s: sent %u done %u failed %u", k->name.c_str(), k->sent.load(), k->completed.load(),
                   k->failed.load());
    }
    std::fprintf(stderr, "  in flight %u\n", in_flight.load());
  }
  for (auto &g : generators) g.join();
  {
    std::lock_guard lock(threads_mutex);
    for (auto &t : calls) t.join();
  }
  double total_s = MsSince(start) / 1000;
  std::printf("=== Stress Summary (%.1f s) ===\n", total_s);
  unsigned failures = 0;
  for (auto &k : kinds) {
    failures += k->failed;
    std::printf("%-13s sent %u, completed %u, failed %u, skipped %u (max in flight); %.2f proofs/min\n",
                k->name.c_str(), k->sent.load(), k->completed.load(), k->failed.load(), k->skipped.load(),
                k->completed * 60.0 / total_s);
    std::printf("%-13s latency %s\n", "", FormatSummary(Summarize(k->latency_s), "s").c_str());
    if (!k->last_error.empty()) std::printf("%-13s last error: %s\n", "", k->last_error.c_str());
  }
  return failures == 0 ? 0 : 1;
}

} // namespace

void AddStressCommand(CLI::App &app, const std::shared_ptr<ClientOptions> &client, int &exit_code) {
  auto options = std::make_shared<StressOptions>();
  auto *s = app.add_subcommand("stress", "mixed proof kinds at given rates for a duration; per-kind latency");
  s->add_option("-m,--mix", options->mix,
                "KIND:PER_MINUTE:FILE[:REGISTERED_PROOF], repeatable (FILE: --c1 for porep, --vanilla otherwise, "
                "or a request file *.txt, which gen-vanilla writes, for the whole request)")
      ->required();
  s->add_option("-d,--duration", options->duration_s, "seconds of arrivals")->capture_default_str();
  s->add_option("--max-in-flight", options->max_in_flight, "calls outstanding at most")->capture_default_str();
  s->add_option("--progress", options->progress_s, "seconds between progress lines")->capture_default_str();
  s->add_option("--miner-id", options->common.miner_id, "miner actor id")->capture_default_str();
  s->add_option("--sector-num", options->common.sector_num, "sector number")->capture_default_str();
  s->add_option("--randomness", options->common.randomness_hex, "PoSt randomness, 32 bytes hex (default zeros)");
  s->add_option("--comm-r-old", options->common.comm_r_old_hex, "SnapDeals: old comm_r, 32 bytes hex");
  s->add_option("--comm-r-new", options->common.comm_r_new_hex, "SnapDeals: new comm_r, 32 bytes hex");
  s->add_option("--comm-d-new", options->common.comm_d_new_hex, "SnapDeals: new comm_d, 32 bytes hex");
  s->callback([client, options, &exit_code] { exit_code = RunStress(*client, *options); });
}

} // namespace cuzk::bench

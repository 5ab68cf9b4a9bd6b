// bench/witness_bench.cpp — the witness of ONE partition (issue 19): generic synthesis into the
// Groth16 ProvingAssignment and into r1cs::WitnessCS, against the parallel witness generators
// (filecoin/porep_witness.hpp, post_witness.hpp, snap_witness.hpp), with the gadgets' native witness
// paths off and on, on 1..N threads.
//
//   witness_bench --kind porep|winning|wpost|snap --size 2KiB|8MiB|512MiB|32GiB|64GiB
//       [--partition K] [--sectors N] [--threads 1,2,...] [--runs R] [--modes m1,m2,...] [--workers W]
//       [--no-ifma] [--json FILE]
//
// Modes (each run R times into a fresh system; medians):
//   pa              generic synthesis into a ProvingAssignment (reserved from a counting pass), 1 thread
//   generic         generic synthesis into a WitnessCS, native gadgets off: the per-variable path
//   generic-native  generic synthesis into a WitnessCS, native SHA-256 / Poseidon (step 3 alone)
//   parallel        the witness generator, native gadgets off (the parallel split alone), per --threads
//   fast            the witness generator with native gadgets: what the engine runs, per --threads;
//                   then its aux values packed (r1cs::Pack, reported as mode "pack"; "pack-counting" is
//                   the two-pass Packer, the slow path it replaced, checked equal)
//   sector          (porep) every partition of the sector, witness then pack, on --workers threads of
//                   their own (default 2, the engine's synthesis workers) sharing one arena of --threads:
//                   the wall time of a sector's synthesis when the GPU evaluates a, b, c (the engine's
//                   deferral of a, b, c, ~0.03 s a partition, is not in it). Each worker reuses its
//                   witness buffer, as the engine's workers do. Not compared with generic
//                   synthesis (the other modes and the tests do that); each witness's size is checked.
// --no-ifma runs the witness's Poseidon hashes one at a time even where the CPU has AVX-512 IFMA (the
// path before the vector one, for comparisons; gadgets/poseidon_witness_ifma.hpp).
// Thread counts are tbb::task_arena limits around the call; generic synthesis is sequential. Each run
// reports wall and process CPU seconds (a loaded machine inflates the first, not the second).
// Every witness mode's assignments are compared element for element with the generic one (the
// first run of each); a mismatch exits non-zero. WitnessCS is reserved with the partition's shape
// (as the engine's shape cache does) unless --no-reserve.
//
// The vanilla proof comes from virtual sectors (filecoin/testing/virtual_partition.hpp) and is
// verified before its circuit is synthesised. Not a Google Benchmark program: a 32 GiB partition is
// seconds to minutes per run, so repetition is explicit; the output is one JSON object (stdout and
// --json) and readable lines on stderr, with the share of the aux values that are bits, the size a
// packed witness would have (bits as bits, other values as a 4-byte index and the value), and the
// process's peak RSS (which holds the reference witness beside the one measured).
#include "base/elapsed.hpp"
#include "filecoin/porep/porep_c2.hpp"
#include "filecoin/porep/porep_witness.hpp"
#include "filecoin/post/post_circuit.hpp"
#include "filecoin/post/post_witness.hpp"
#include "filecoin/snap/snap_circuit.hpp"
#include "filecoin/snap/snap_witness.hpp"
#include "filecoin/testing/virtual_partition.hpp"
#include "gadgets/poseidon_witness_ifma.hpp"
#include "r1cs/packed_values.hpp"
#include "r1cs/proving_assignment.hpp"
#include "r1cs/shape_cs.hpp"
#include "r1cs/witness_cs.hpp"

#include "run_stats.hpp"

#include <malloc.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <memory>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace {

using namespace cuzk;
using namespace cuzk::filecoin;
using cuzk::bench::CpuSeconds;
using cuzk::bench::Median;
using cuzk::bench::PeakRssKiB;

[[noreturn]] void Die(const std::string &why) {
  std::fprintf(stderr, "witness_bench: %s\n", why.c_str());
  std::exit(1);
}

std::vector<std::string> SplitList(const std::string &s) {
  std::vector<std::string> out;
  std::stringstream in(s);
  std::string item;
  while (std::getline(in, item, ','))
    if (!item.empty()) out.push_back(item);
  return out;
}

size_t ToNumber(const std::string &what, const std::string &v) {
  char *end = nullptr;
  const unsigned long long n = std::strtoull(v.c_str(), &end, 10);
  if (v.empty() || *end != '\0') Die(what + ": not a number: " + v);
  return size_t(n);
}

struct Options {
  std::string kind = "porep";
  std::string size = "2KiB";
  size_t partition = 0;
  size_t sectors = 0; // 0: the partition's full sector count
  std::vector<size_t> threads = {1, 2};
  size_t runs = 3;
  std::vector<std::string> modes = {"pa", "generic", "generic-native", "parallel", "fast"};
  size_t workers = 2;
  bool reserve = true;
  std::string json;
};

Options Parse(int argc, char **argv) {
  Options o;
  for (int i = 1; i < argc; i++) {
    const std::string arg = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) Die(arg + " needs a value");
      return argv[++i];
    };
    if (arg == "--kind")
      o.kind = value();
    else if (arg == "--size")
      o.size = value();
    else if (arg == "--partition")
      o.partition = ToNumber(arg, value());
    else if (arg == "--sectors")
      o.sectors = ToNumber(arg, value());
    else if (arg == "--threads") {
      o.threads.clear();
      for (const std::string &t : SplitList(value())) o.threads.push_back(std::max<size_t>(1, ToNumber(arg, t)));
    } else if (arg == "--runs")
      o.runs = std::max<size_t>(1, ToNumber(arg, value()));
    else if (arg == "--modes")
      o.modes = SplitList(value());
    else if (arg == "--workers")
      o.workers = std::max<size_t>(1, ToNumber(arg, value()));
    else if (arg == "--no-ifma")
      gadgets::SetPoseidonVectorPath(false); // the witness's Poseidon one hash at a time, as without AVX-512 IFMA
    else if (arg == "--no-reserve")
      o.reserve = false;
    else if (arg == "--json")
      o.json = value();
    else
      Die("unknown argument " + arg + " (see the header of bench/witness_bench.cpp)");
  }
  if (o.kind != "porep" && o.kind != "winning" && o.kind != "wpost" && o.kind != "snap")
    Die("--kind takes porep, winning, wpost or snap");
  for (const std::string &m : o.modes)
    if (m != "pa" && m != "generic" && m != "generic-native" && m != "parallel" && m != "fast" && m != "sector")
      Die("unknown mode " + m);
  if (o.kind != "porep" && std::find(o.modes.begin(), o.modes.end(), "sector") != o.modes.end())
    Die("mode sector is for --kind porep");
  return o;
}

size_t SizeIndex(const std::string &size) {
  if (const auto index = ProductionSizeIndex(size)) return *index;
  Die("--size takes 2KiB, 8MiB, 512MiB, 32GiB or 64GiB");
}

// A partition: generic synthesis into any system, and the witness generator.
struct Partition {
  std::function<void(r1cs::ConstraintSystem &)> synthesize;
  std::function<void(r1cs::WitnessCS &)> witness;
  std::string what;
  std::vector<std::function<void(r1cs::WitnessCS &)>> sector; //!< every partition's witness (PoRep)
};

Partition PorepPartition(const Options &o, size_t size) {
  auto job = VirtualPorepC2Job(ProductionSealProof(size));
  if (!job) Die(job.ErrorMessage());
  if (o.partition >= job->partitions.size())
    Die("--partition " + std::to_string(o.partition) + ": the C1 has " + std::to_string(job->partitions.size()));
  std::vector<std::shared_ptr<StackedCircuitInput>> inputs;
  for (auto &partition : job->partitions)
    inputs.push_back(std::make_shared<StackedCircuitInput>(std::move(partition.circuit.input)));
  Partition p;
  for (const auto &each : inputs) p.sector.push_back([each](r1cs::WitnessCS &w) { WitnessStackedCircuit(w, *each); });
  const auto input = inputs[o.partition];
  p.synthesize = [input](r1cs::ConstraintSystem &cs) { SynthesizeStackedCircuit(cs, *input); };
  p.witness = [input](r1cs::WitnessCS &w) { WitnessStackedCircuit(w, *input); };
  p.what = "PoRep " + o.size + " partition " + std::to_string(o.partition) + " (virtual sector)";
  return p;
}

Partition PoStPartitionOf(const Options &o, size_t size, bool winning) {
  const PoStConfig config = PoStConfigFor(winning ? ProductionWinningPoStProof(size) : ProductionWindowPoStProof(size));
  const size_t full = config.sector_count;
  const size_t count = o.sectors == 0 ? full : o.sectors;
  if (count > full) Die("--sectors: a partition holds at most " + std::to_string(full));
  // --sectors: the first `count` sectors alone, as their own circuit
  auto made = MakeVirtualPoStPartition(config, count);
  if (!made) Die(made.ErrorMessage());
  auto input = std::make_shared<PoStCircuitInput>(std::move(made).Value().input);
  Partition p;
  p.synthesize = [input](r1cs::ConstraintSystem &cs) { SynthesizePoStCircuit(cs, *input); };
  p.witness = [input](r1cs::WitnessCS &w) { WitnessPoStCircuit(w, *input); };
  p.what = std::string(winning ? "WinningPoSt " : "WindowPoSt ") + o.size + ", " +
           std::to_string(input->sectors.size()) + " circuit sector(s) (virtual sectors)";
  return p;
}

Partition SnapPartition(const Options &o, size_t size) {
  const SnapConfig config = SnapConfigFor(ProductionUpdateProof(size));
  if (o.partition >= config.partition_count)
    Die("--partition " + std::to_string(o.partition) + ": " + o.size + " has " +
        std::to_string(config.partition_count));
  auto made = MakeVirtualSnapPartition(config, o.partition);
  if (!made) Die(made.ErrorMessage());
  auto input = std::make_shared<SnapCircuitInput>(std::move(made).Value().input);
  Partition p;
  p.synthesize = [input](r1cs::ConstraintSystem &cs) { SynthesizeSnapCircuit(cs, *input); };
  p.witness = [input](r1cs::WitnessCS &w) { WitnessSnapCircuit(w, *input); };
  p.what = "SnapDeals " + o.size + " partition " + std::to_string(o.partition) + " (virtual update)";
  return p;
}

struct Timing {
  std::string mode;
  size_t threads = 1;
  std::vector<double> seconds;
  std::vector<double> cpu_seconds;
};

} // namespace

int main(int argc, char **argv) {
  const Options o = Parse(argc, argv);
  const size_t size = SizeIndex(o.size);
  if (o.sectors != 0 && o.kind != "wpost") Die("--sectors is for --kind wpost");
  const auto made = std::chrono::steady_clock::now();
  const Partition part = o.kind == "porep"  ? PorepPartition(o, size)
                         : o.kind == "snap" ? SnapPartition(o, size)
                                            : PoStPartitionOf(o, size, o.kind == "winning");
  std::fprintf(stderr, "%s: vanilla proof made and verified in %.2f s\n", part.what.c_str(), base::SecondsSince(made));
  malloc_trim(0);

  r1cs::ShapeCS shape_cs;
  part.synthesize(shape_cs);
  const r1cs::AssignmentShape shape = shape_cs.Shape();
  std::fprintf(stderr, "  %zu constraints, %zu inputs, %zu aux\n", shape.constraints, shape.inputs, shape.aux);

  // the reference the witness modes are compared with: generic synthesis, native gadgets off (not
  // needed by the sector mode alone)
  const bool compared = std::any_of(o.modes.begin(), o.modes.end(), [](const std::string &m) { return m != "sector"; });
  r1cs::WitnessCS reference;
  reference.SetNativeGadgets(false);
  if (compared) part.synthesize(reference);
  // what a packed witness (the bits as bits, the other values as index and value) would hold
  size_t bits = 0;
  for (const ff::Fr &v : reference.aux_assignment) bits += v.IsZero() || v.IsOne();
  if (!compared) bits = shape.aux; // unknown: not counted
  const size_t dense = shape.aux - bits;
  const double full_mb = double(shape.aux) * sizeof(ff::Fr) / 1e6;
  const double packed_mb = (double((shape.aux + 63) / 64 * 8) + double(dense) * (sizeof(ff::Fr) + 4)) / 1e6;
  if (compared)
    std::fprintf(stderr, "  aux: %zu bits (%.1f%%), %zu other values; %.1f MB as field elements, %.1f MB packed\n",
                 bits, 100.0 * double(bits) / double(std::max<size_t>(shape.aux, 1)), dense, full_mb, packed_mb);
  int status = 0;
  auto check = [&](const r1cs::WitnessCS &w, const std::string &what) {
    if (w.input_assignment == reference.input_assignment && w.aux_assignment == reference.aux_assignment &&
        w.NumConstraints() == reference.NumConstraints())
      return;
    std::fprintf(stderr, "  MISMATCH: %s differs from generic synthesis\n", what.c_str());
    status = 1;
  };

  std::vector<Timing> results;
  for (const std::string &mode : o.modes) {
    const bool threaded = mode == "parallel" || mode == "fast" || mode == "sector";
    for (size_t threads : o.threads) {
      if (!threaded && threads != o.threads.front()) continue; // generic synthesis is sequential
      Timing r{mode, threaded ? threads : 1, {}, {}};
      // the fast witness is then packed, as the engine does for a partition left to a GPU
      Timing pack{"pack", r.threads, {}, {}};
      Timing counted{"pack-counting", r.threads, {}, {}}; // the two-pass Packer it replaced, for comparison
      tbb::task_arena arena(int(r.threads));
      for (size_t run = 0; run < o.runs; run++) {
        double seconds = 0, cpu = 0;
        if (mode == "sector") {
          std::atomic<size_t> next{0}, wrong{0};
          std::atomic<uint64_t> packed_bytes{0};
          const auto start = std::chrono::steady_clock::now();
          const double cpu_start = CpuSeconds();
          std::vector<std::thread> workers;
          for (size_t k = 0; k < o.workers; k++)
            workers.emplace_back([&] {
              // as the engine, a worker writes each witness into the buffer the last one left, its pages
              // mapped already
              r1cs::FrVector buffer;
              arena.execute([&] {
                for (size_t i; (i = next++) < part.sector.size();) {
                  r1cs::WitnessCS w;
                  w.aux_assignment = std::move(buffer);
                  w.Reserve(shape.inputs, shape.aux);
                  part.sector[i](w);
                  const r1cs::PackedValues packed = r1cs::Pack(w.aux_assignment);
                  wrong += w.NumAux() != shape.aux || packed.n != shape.aux;
                  packed_bytes += packed.Bytes();
                  buffer = std::move(w.aux_assignment);
                  buffer.clear();
                }
              });
            });
          for (std::thread &t : workers) t.join();
          seconds = base::SecondsSince(start);
          cpu = CpuSeconds() - cpu_start;
          if (run == 0)
            std::fprintf(stderr, "  sector: %zu partitions on %zu worker(s), %.1f MB packed in all\n",
                         part.sector.size(), o.workers, double(packed_bytes.load()) / 1e6);
          if (wrong) {
            std::fprintf(stderr, "  MISMATCH: %zu partition witness(es) of another size than partition 0's shape\n",
                         wrong.load());
            status = 1;
          }
        } else if (mode == "pa") {
          r1cs::ProvingAssignment pa;
          pa.Reserve(shape);
          const auto start = std::chrono::steady_clock::now();
          const double cpu_start = CpuSeconds();
          arena.execute([&] { part.synthesize(pa); });
          seconds = base::SecondsSince(start);
          cpu = CpuSeconds() - cpu_start;
          if (run == 0 &&
              (pa.input_assignment != reference.input_assignment || pa.aux_assignment != reference.aux_assignment)) {
            std::fprintf(stderr, "  MISMATCH: the proving assignment differs from the witness\n");
            status = 1;
          }
        } else {
          r1cs::WitnessCS w;
          w.SetNativeGadgets(mode == "generic-native" || mode == "fast");
          if (o.reserve) w.Reserve(shape.inputs, shape.aux);
          const auto start = std::chrono::steady_clock::now();
          const double cpu_start = CpuSeconds();
          arena.execute([&] {
            if (threaded)
              part.witness(w);
            else
              part.synthesize(w);
          });
          seconds = base::SecondsSince(start);
          cpu = CpuSeconds() - cpu_start;
          if (run == 0) check(w, mode + " on " + std::to_string(r.threads) + " thread(s)");
          if (mode == "fast") {
            r1cs::PackedValues packed;
            const auto pack_start = std::chrono::steady_clock::now();
            const double pack_cpu = CpuSeconds();
            arena.execute([&] { packed = r1cs::Pack(w.aux_assignment); });
            pack.seconds.push_back(base::SecondsSince(pack_start));
            pack.cpu_seconds.push_back(CpuSeconds() - pack_cpu);
            r1cs::PackedValues again;
            const auto counted_start = std::chrono::steady_clock::now();
            const double counted_cpu = CpuSeconds();
            arena.execute([&] { r1cs::Packer(std::span<const ff::Fr>(w.aux_assignment), nullptr).Pack(again); });
            counted.seconds.push_back(base::SecondsSince(counted_start));
            counted.cpu_seconds.push_back(CpuSeconds() - counted_cpu);
            if (again.tail_index != packed.tail_index || again.ones != packed.ones) {
              std::fprintf(stderr, "  MISMATCH: the one-pass pack differs from the counting Packer's\n");
              status = 1;
            }
            if (packed.tail_index.size() != dense || packed.n != shape.aux) {
              std::fprintf(stderr, "  MISMATCH: the packed witness has %zu other values, not %zu\n",
                           packed.tail_index.size(), dense);
              status = 1;
            }
          }
        }
        r.seconds.push_back(seconds);
        r.cpu_seconds.push_back(cpu);
        malloc_trim(0);
      }
      for (const Timing *t : {&r, &pack, &counted}) {
        if (t->seconds.empty()) continue;
        std::fprintf(stderr, "  %-15s %2zu thread(s): median %.4f s wall, %.4f s CPU over %zu runs\n", t->mode.c_str(),
                     t->threads, Median(t->seconds), Median(t->cpu_seconds), t->seconds.size());
      }
      results.push_back(std::move(r));
      if (!pack.seconds.empty()) results.push_back(std::move(pack));
      if (!counted.seconds.empty()) results.push_back(std::move(counted));
    }
  }

  std::ostringstream json;
  json << "{\"kind\":\"" << o.kind << "\",\"size\":\"" << o.size << "\",\"what\":\"" << part.what
       << "\",\"constraints\":" << shape.constraints << ",\"inputs\":" << shape.inputs << ",\"aux\":" << shape.aux
       << ",\"aux_bits\":" << bits << ",\"full_mb\":" << full_mb << ",\"packed_mb\":" << packed_mb
       << ",\"reserve\":" << (o.reserve ? "true" : "false") << ",\"workers\":" << o.workers
       << ",\"partitions\":" << part.sector.size() << ",\"results\":[";
  for (size_t i = 0; i < results.size(); i++) {
    const Timing &r = results[i];
    json << (i ? "," : "") << "{\"mode\":\"" << r.mode << "\",\"threads\":" << r.threads
         << ",\"median_s\":" << Median(r.seconds) << ",\"median_cpu_s\":" << Median(r.cpu_seconds) << ",\"runs_s\":[";
    for (size_t k = 0; k < r.seconds.size(); k++) json << (k ? "," : "") << r.seconds[k];
    json << "]}";
  }
  json << "],\"peak_rss_mb\":" << double(PeakRssKiB()) / 1e3 << ",\"equal\":" << (status == 0 ? "true" : "false")
       << "}";
  std::printf("%s\n", json.str().c_str());
  if (!o.json.empty()) std::ofstream(o.json) << json.str() << "\n";
  return status;
}

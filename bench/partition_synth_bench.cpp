// bench/partition_synth_bench.cpp — synthesis of ONE production partition into the Groth16
// ProvingAssignment (the prover's path: exactly what ProveStart consumes), issues 5 and 6: rate
// (constraints per second, wall and CPU), peak memory before and after synthesis, and the bytes
// the assignment holds (a, b, c, aux, input, densities).
//
//   partition_synth_bench --kind porep|wpost|snap --size 2KiB|8MiB|512MiB|32GiB|64GiB
//       [--partition K] [--sectors N] [--chunks N] [--reserve count|none] [--runs R] [--json FILE]
//
// The vanilla proof comes from virtual sectors (filecoin/testing/virtual_partition.hpp) and is
// verified before its circuit is synthesised. Counts are checked on the way against spec/porep.md
// §4.2 and spec/post-snap-poseidon.md §5; a mismatch exits non-zero.
//   --reserve count  (default) a counting pass (r1cs/shape_cs.hpp) first, timed on its own, then the
//                    assignment is sized once (ProvingAssignment::Reserve); none: vectors grow by doubling
//   --sectors N      WindowPoSt only: the first N of the partition's sectors (a partition with fewer
//                    sectors is padded to the full count by repeating the last, spec §3.4), to measure
//                    how the 32 GiB memory scales without its 4 GB
//   --chunks N       WindowPoSt only: N > 0 synthesises sectors in N parallel groups (upstream's
//                    synthesize_extendable, filecoin/post/post_circuit.hpp); 0 (default) is the engine's path
//   --runs R         R syntheses, each into a fresh assignment; rates are medians, peak memory the max
// Single-threaded as the engine runs it: one synthesis worker per partition (engine/pipeline.cpp),
// and no circuit parallelises internally; the reported CPU/wall ratio shows it.
//
// Peak memory: ru_maxrss (never resets) and /proc/self/status VmHWM, which this program resets
// (/proc/self/clear_refs "5") after the vanilla proof is made, so the "synthesis" VmHWM is the peak
// of the synthesis alone on top of what was resident then.
//
// Not a Google Benchmark program: one 32 GiB synthesis is minutes and ~17 GB, so the repetition is
// explicit (--runs) and the output is one JSON object (stdout and --json) plus readable lines on stderr.
#include "filecoin/porep/porep_c2.hpp"
#include "filecoin/post/post_circuit.hpp"
#include "filecoin/snap/snap_circuit.hpp"
#include "filecoin/testing/virtual_partition.hpp"
#include "r1cs/proving_assignment.hpp"
#include "r1cs/shape_cs.hpp"

#include "run_stats.hpp"

#include <malloc.h>
#include <sys/resource.h>
#include <tbb/info.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace {

using namespace cuzk;
using namespace cuzk::filecoin;
using cuzk::bench::CpuSeconds;
using cuzk::bench::Median;

constexpr double MB = 1e6;

[[noreturn]] void Die(const std::string &why) {
  std::fprintf(stderr, "partition_synth_bench: %s\n", why.c_str());
  std::exit(1);
}

struct Options {
  std::string kind = "porep";
  std::string size = "2KiB";
  size_t partition = 0;
  size_t sectors = 0; // 0: the partition's full sector count
  size_t chunks = 0;
  bool reserve = true;
  size_t runs = 1;
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
    auto number = [&]() -> size_t {
      const std::string v = value();
      char *end = nullptr;
      const unsigned long long n = std::strtoull(v.c_str(), &end, 10);
      if (v.empty() || *end != '\0') Die(arg + ": not a number: " + v);
      return size_t(n);
    };
    if (arg == "--kind")
      o.kind = value();
    else if (arg == "--size")
      o.size = value();
    else if (arg == "--partition")
      o.partition = number();
    else if (arg == "--sectors")
      o.sectors = number();
    else if (arg == "--chunks")
      o.chunks = number();
    else if (arg == "--reserve") {
      const std::string v = value();
      if (v != "count" && v != "none") Die("--reserve takes count or none");
      o.reserve = v == "count";
    } else if (arg == "--runs")
      o.runs = std::max<size_t>(1, number());
    else if (arg == "--json")
      o.json = value();
    else
      Die("unknown argument " + arg + " (see the header of bench/partition_synth_bench.cpp)");
  }
  if (o.kind != "porep" && o.kind != "wpost" && o.kind != "snap") Die("--kind takes porep, wpost or snap");
  return o;
}

// index of a sector size in the spec's tables: 2KiB, 8MiB, 512MiB, 32GiB, 64GiB
size_t SizeIndex(const std::string &size) {
  if (const auto index = ProductionSizeIndex(size)) return *index;
  Die("--size takes 2KiB, 8MiB, 512MiB, 32GiB or 64GiB");
}

// Constraints per partition, spec/porep.md §4.2 and spec/post-snap-poseidon.md §5 (WindowPoSt per
// full partition; SnapDeals per partition), in SizeIndex order.
constexpr uint64_t POREP_CONSTRAINTS[] = {2687921, 3844929, 4423433, 130278541, 131185849};
constexpr uint64_t WPOST_CONSTRAINTS[] = {21866, 64266, 85466, 125279217, 129887900};
constexpr uint64_t SNAP_CONSTRAINTS[] = {1705039, 10007503, 57450479, 81049499, 85006101};

// ---- memory and time ----

struct MemSample {
  double rss = 0, hwm = 0, maxrss = 0; // bytes
  size_t threads = 0;
};

MemSample SampleMemory() {
  MemSample m;
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line)) {
    std::istringstream in(line);
    std::string key;
    double value = 0;
    in >> key >> value;
    if (key == "VmRSS:") m.rss = value * 1024;
    if (key == "VmHWM:") m.hwm = value * 1024;
    if (key == "Threads:") m.threads = size_t(value);
  }
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  m.maxrss = double(usage.ru_maxrss) * 1024; // KiB on Linux
  return m;
}

// VmHWM := VmRSS from now on (proc(5), clear_refs "5"); false where the kernel refuses it
bool ResetPeak() {
  std::ofstream f("/proc/self/clear_refs");
  if (!f) return false;
  f << "5";
  f.flush();
  return bool(f);
}

struct Clock {
  std::chrono::steady_clock::time_point wall = std::chrono::steady_clock::now();
  double cpu = CpuSeconds();
  double Wall() const { return std::chrono::duration<double>(std::chrono::steady_clock::now() - wall).count(); }
  double Cpu() const { return CpuSeconds() - cpu; }
};

// ---- the partition to synthesise, per kind ----

struct Partition {
  std::function<void(r1cs::ConstraintSystem &)> synthesize;
  //! the parallel PoSt path needs the ProvingAssignment itself
  std::function<void(r1cs::ProvingAssignment &)> synthesize_assignment;
  std::vector<ff::Fr> public_inputs; //!< verifier side, ONE excluded
  uint64_t expected_constraints = 0;
  std::string what;
};

Partition PorepPartition(const Options &o, size_t size) {
  auto job = VirtualPorepC2Job(ProductionSealProof(size));
  if (!job) Die(job.ErrorMessage());
  if (o.partition >= job->partitions.size())
    Die("--partition " + std::to_string(o.partition) + ": the C1 has " + std::to_string(job->partitions.size()));
  auto part = std::make_shared<PorepC2Partition>(std::move(job->partitions[o.partition]));
  Partition p;
  p.public_inputs = part->public_inputs;
  p.synthesize = [part](r1cs::ConstraintSystem &cs) { part->circuit.Synthesize(cs); };
  p.expected_constraints = POREP_CONSTRAINTS[size];
  p.what = "PoRep " + o.size + " partition " + std::to_string(o.partition) + " of " +
           std::to_string(job->partitions.size()) + " (virtual sector, C1 verified by PreparePorepC2)";
  return p;
}

Partition WindowPoStPartition(const Options &o, size_t size) {
  const PoStConfig config = PoStConfigFor(ProductionWindowPoStProof(size));
  const size_t full = config.sector_count;
  const size_t count = o.sectors == 0 ? full : o.sectors;
  if (count > full) Die("--sectors: a partition holds at most " + std::to_string(full));
  // the first `count` sectors alone (their own circuit; the padding repeats the last of them)
  auto made = MakeVirtualPoStPartition(config, count);
  if (!made) Die(made.ErrorMessage());
  VirtualPoStPartition built = std::move(made).Value();
  auto shared = std::make_shared<PoStCircuitInput>(std::move(built.input));
  std::vector<PoStPublicSector> publics(built.partition.sectors.begin(), built.partition.sectors.begin() + count);
  auto inputs = FallbackPoStPublicInputs(shared->params, built.randomness, publics, 0);
  if (!inputs) Die("public inputs: " + inputs.ErrorMessage());
  Partition p;
  p.public_inputs = std::move(inputs).Value();
  p.synthesize = [shared](r1cs::ConstraintSystem &cs) { SynthesizePoStCircuit(cs, *shared); };
  if (o.chunks > 0)
    p.synthesize_assignment = [shared, chunks = o.chunks](r1cs::ProvingAssignment &pa) {
      SynthesizePoStCircuitParallel(pa, *shared, chunks);
    };
  // Window = S·(313 + 10·PoR) (spec §5): the count is linear in the sectors
  p.expected_constraints = WPOST_CONSTRAINTS[size] / full * count;
  p.what = "WindowPoSt " + o.size + ", " + std::to_string(count) + " of " + std::to_string(full) +
           " sectors (virtual sectors, vanilla verified)";
  return p;
}

Partition SnapPartition(const Options &o, size_t size) {
  const SnapConfig config = SnapConfigFor(ProductionUpdateProof(size));
  if (o.partition >= config.partition_count)
    Die("--partition " + std::to_string(o.partition) + ": " + o.size + " has " +
        std::to_string(config.partition_count));
  auto made = MakeVirtualSnapPartition(config, o.partition);
  if (!made) Die(made.ErrorMessage());
  VirtualSnapPartition built = std::move(made).Value();
  auto inputs = SnapCircuitPublicInputs(config, built.public_inputs);
  if (!inputs) Die("public inputs: " + inputs.ErrorMessage());
  auto shared = std::make_shared<SnapCircuitInput>(std::move(built.input));
  Partition p;
  p.public_inputs = std::move(inputs).Value();
  p.synthesize = [shared](r1cs::ConstraintSystem &cs) { SynthesizeSnapCircuit(cs, *shared); };
  p.expected_constraints = SNAP_CONSTRAINTS[size];
  p.what = "SnapDeals " + o.size + " partition " + std::to_string(o.partition) + " of " +
           std::to_string(config.partition_count) + " (virtual update, vanilla verified)";
  return p;
}

// ---- one synthesis ----

struct Bytes {
  uint64_t a = 0, b = 0, c = 0, aux = 0, input = 0, density = 0; // capacity: what is allocated
  uint64_t used = 0;                                             // size: what the prover reads
  uint64_t Total() const { return a + b + c + aux + input + density; }
};

Bytes BytesOf(const r1cs::ProvingAssignment &pa) {
  constexpr uint64_t FR = sizeof(ff::Fr);
  Bytes x;
  x.a = pa.a.capacity() * FR;
  x.b = pa.b.capacity() * FR;
  x.c = pa.c.capacity() * FR;
  x.aux = pa.aux_assignment.capacity() * FR;
  x.input = pa.input_assignment.capacity() * FR;
  x.density = pa.a_aux_density.CapacityBytes() + pa.b_input_density.CapacityBytes() + pa.b_aux_density.CapacityBytes();
  x.used = (3 * pa.a.size() + pa.aux_assignment.size() + pa.input_assignment.size()) * FR +
           (pa.a_aux_density.Size() + pa.b_input_density.Size() + pa.b_aux_density.Size()) / 8;
  return x;
}

struct Run {
  double count_wall = 0, count_cpu = 0;
  double synth_wall = 0, synth_cpu = 0;
  MemSample after;
  Bytes bytes;
  r1cs::AssignmentShape shape;
  size_t a_aux_count = 0, b_input_count = 0, b_aux_count = 0;
};

Run SynthesizeOnce(const Options &o, const Partition &part, std::vector<std::string> &errors) {
  Run run;
  std::optional<r1cs::AssignmentShape> hint;
  if (o.reserve) {
    Clock clock;
    r1cs::ShapeCS shape;
    part.synthesize(shape);
    run.count_wall = clock.Wall();
    run.count_cpu = clock.Cpu();
    hint = shape.Shape();
  }
  {
    r1cs::ProvingAssignment pa;
    Clock clock;
    if (hint) pa.Reserve(*hint);
    if (part.synthesize_assignment)
      part.synthesize_assignment(pa);
    else
      part.synthesize(pa);
    run.synth_wall = clock.Wall();
    run.synth_cpu = clock.Cpu();
    run.after = SampleMemory();
    run.bytes = BytesOf(pa);
    run.shape = pa.Shape();
    run.a_aux_count = pa.a_aux_density.Count();
    run.b_input_count = pa.b_input_density.Count();
    run.b_aux_count = pa.b_aux_density.Count();

    if (pa.NumConstraints() != part.expected_constraints)
      errors.push_back(std::to_string(pa.NumConstraints()) + " constraints, the spec says " +
                       std::to_string(part.expected_constraints));
    if (pa.NumInputs() != part.public_inputs.size() + 1)
      errors.push_back(std::to_string(pa.NumInputs()) + " inputs, the verifier computes " +
                       std::to_string(part.public_inputs.size() + 1));
    else
      for (size_t i = 0; i < part.public_inputs.size(); i++)
        if (pa.input_assignment[i + 1] != part.public_inputs[i]) {
          errors.push_back("input " + std::to_string(i + 1) + " differs from the verifier's");
          break;
        }
    if (hint &&
        (hint->constraints != run.shape.constraints || hint->aux != run.shape.aux || hint->inputs != run.shape.inputs))
      errors.push_back("the counting pass's shape differs from the synthesis's");
  }
  malloc_trim(0); // the next run starts from what the partition itself holds
  return run;
}

} // namespace

int main(int argc, char **argv) {
  const Options o = Parse(argc, argv);
  const size_t size = SizeIndex(o.size);
  if (o.sectors != 0 && o.kind != "wpost") Die("--sectors is for --kind wpost");
  if (o.chunks != 0 && o.kind != "wpost") Die("--chunks is for --kind wpost");

  const MemSample at_start = SampleMemory();
  Clock vanilla_clock;
  Partition part = o.kind == "porep"   ? PorepPartition(o, size)
                   : o.kind == "wpost" ? WindowPoStPartition(o, size)
                                       : SnapPartition(o, size);
  const double vanilla_wall = vanilla_clock.Wall(), vanilla_cpu = vanilla_clock.Cpu();
  malloc_trim(0); // the C1, the other partitions and the trees are gone: count only what stays
  const MemSample before = SampleMemory();
  const bool peak_reset = ResetPeak();
  std::fprintf(stderr,
               "%s\n  vanilla proof + verification: %.1f s wall, %.1f s CPU; resident %.0f MB (peak so far %.0f MB)\n",
               part.what.c_str(), vanilla_wall, vanilla_cpu, before.rss / MB, before.maxrss / MB);

  std::vector<std::string> errors;
  std::vector<Run> runs;
  for (size_t r = 0; r < o.runs; r++) {
    runs.push_back(SynthesizeOnce(o, part, errors));
    const Run &x = runs.back();
    std::fprintf(stderr, "  run %zu: %zu constraints in %.2f s wall, %.2f s CPU (%.2f M/s wall)%s\n", r + 1,
                 x.shape.constraints, x.synth_wall, x.synth_cpu, double(x.shape.constraints) / x.synth_wall / 1e6,
                 o.reserve ? (", counting pass " + std::to_string(x.count_wall) + " s wall, " +
                              std::to_string(x.count_cpu) + " s CPU")
                                 .c_str()
                           : "");
  }
  const MemSample after = SampleMemory();
  std::vector<double> wall, cpu, count_wall, count_cpu;
  for (const Run &x : runs) {
    wall.push_back(x.synth_wall);
    cpu.push_back(x.synth_cpu);
    count_wall.push_back(x.count_wall);
    count_cpu.push_back(x.count_cpu);
  }
  const Run &last = runs.back();
  const double n = double(last.shape.constraints);
  const size_t threads = o.chunks > 0 ? size_t(tbb::info::default_concurrency()) : 1;

  std::ostringstream j;
  j.setf(std::ios::fixed);
  j.precision(3);
  j << "{\"kind\":\"" << o.kind << "\",\"size\":\"" << o.size << "\",\"partition\":" << o.partition << ",\"what\":\""
    << part.what << "\",\"reserve\":\"" << (o.reserve ? "count" : "none") << "\",\"runs\":" << o.runs
    << ",\"synthesis_threads\":" << threads << ",\"chunks\":" << o.chunks
    << ",\"hardware_threads\":" << std::thread::hardware_concurrency() << ",\"constraints\":" << last.shape.constraints
    << ",\"expected_constraints\":" << part.expected_constraints << ",\"inputs\":" << last.shape.inputs
    << ",\"aux\":" << last.shape.aux << ",\"density\":{\"a_aux\":" << last.a_aux_count
    << ",\"b_input\":" << last.b_input_count << ",\"b_aux\":" << last.b_aux_count << "}"
    << ",\"vanilla_s\":{\"wall\":" << vanilla_wall << ",\"cpu\":" << vanilla_cpu << "}"
    << ",\"count_pass_s\":{\"wall\":" << Median(count_wall) << ",\"cpu\":" << Median(count_cpu) << "}"
    << ",\"synthesis_s\":{\"wall\":" << Median(wall) << ",\"cpu\":" << Median(cpu) << "}"
    << ",\"constraints_per_s\":{\"wall\":" << n / Median(wall) << ",\"cpu\":" << n / Median(cpu) << "}"
    << ",\"assignment_bytes\":{\"a\":" << last.bytes.a << ",\"b\":" << last.bytes.b << ",\"c\":" << last.bytes.c
    << ",\"aux\":" << last.bytes.aux << ",\"input\":" << last.bytes.input << ",\"densities\":" << last.bytes.density
    << ",\"total\":" << last.bytes.Total() << ",\"used\":" << last.bytes.used << "}"
    << ",\"memory_bytes\":{\"start_rss\":" << at_start.rss << ",\"before_rss\":" << before.rss
    << ",\"before_maxrss\":" << before.maxrss << ",\"before_vmhwm\":" << before.hwm
    << ",\"synthesis_vmhwm\":" << (peak_reset ? after.hwm : -1.0) << ",\"after_maxrss\":" << after.maxrss
    << ",\"with_assignment_rss\":" << last.after.rss << "}"
    << ",\"errors\":" << errors.size() << "}";
  std::printf("%s\n", j.str().c_str());
  if (!o.json.empty()) std::ofstream(o.json) << j.str() << "\n";

  std::fprintf(stderr,
               "  %zu constraints (spec %llu), %zu inputs, %zu aux; median of %zu: %.2f s wall, %.2f s CPU → %.2f M/s "
               "wall, %.2f M/s CPU, %zu thread(s)\n"
               "  assignment: %.0f MB allocated (a %.0f, b %.0f, c %.0f, aux %.0f, input %.3f, densities %.1f), %.0f "
               "MB used\n"
               "  peak RSS: %.0f MB before synthesis, %.0f MB after (ru_maxrss); synthesis VmHWM %.0f MB%s\n",
               size_t(n), (unsigned long long)part.expected_constraints, last.shape.inputs, last.shape.aux, o.runs,
               Median(wall), Median(cpu), n / Median(wall) / 1e6, n / Median(cpu) / 1e6, threads,
               last.bytes.Total() / MB, last.bytes.a / MB, last.bytes.b / MB, last.bytes.c / MB, last.bytes.aux / MB,
               last.bytes.input / MB, last.bytes.density / MB, last.bytes.used / MB, before.maxrss / MB,
               after.maxrss / MB, after.hwm / MB, peak_reset ? "" : " (not reset: VmHWM includes the vanilla step)");
  for (const std::string &e : errors) std::fprintf(stderr, "  MISMATCH: %s\n", e.c_str());
  return errors.empty() ? 0 : 2;
}

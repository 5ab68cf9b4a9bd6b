// tests/filecoin_long/virtual_post_test.cpp — a full WindowPoSt 32GiB partition on virtual sectors
// (issue 6): 2349 sectors, each with its own sparse tree_r_last of the 32GiB shape (real leaves
// exactly at its challenges), random comm_c and comm_r = H(comm_c, comm_r_last). The vanilla
// partition proof passes FallbackPoSt verification, and the partition's circuit (125,279,217
// constraints, 25,840 inputs) satisfies every constraint with the verifier's public inputs.
// One synthesis of the whole partition into StreamingCheckCS (tests/common/counting_cs.hpp), which
// checks each constraint as it comes and keeps a bounded window of values. Time and peak RSS are
// printed.
#include "filecoin/post_circuit.hpp"
#include "filecoin/virtual_post.hpp"

#include "common/counting_cs.hpp"

#include <gtest/gtest.h>
#include <sys/resource.h>

#include <chrono>
#include <cstdio>

using namespace cuzk;
using namespace cuzk::filecoin;
using cuzk::test::StreamingCheckCS;

namespace {

double SecondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

double PeakRssMiB() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return double(usage.ru_maxrss) / 1024.0; // KiB on Linux
}

} // namespace

TEST(VirtualPoStLong, Window32GiBFullPartition) {
  const PoStConfig cfg = PoStConfigFor(RegisteredPoStProof::kWindow32GiBV1_2);
  ASSERT_EQ(cfg.sector_count, 2349u);
  Digest32 randomness{};
  for (size_t i = 0; i < 32; i++) randomness[i] = uint8_t(37 * i + 5);
  randomness[31] &= 0x3f;
  std::vector<uint64_t> ids;
  for (uint64_t i = 0; i < cfg.sector_count; i++) ids.push_back(5000 + 7 * i);

  auto start = std::chrono::steady_clock::now();
  const auto sectors = VirtualPoStSectors(cfg, randomness, ids, 2349).value();
  std::vector<PoStReplica> replicas;
  for (const auto &s : sectors) replicas.push_back(s.Replica());
  const auto vanilla = GenerateFallbackVanillaProofs(cfg, randomness, replicas);
  ASSERT_TRUE(vanilla.ok()) << vanilla.error().message;
  const PoStPartition part = PoStPartitionFromVanilla(cfg, *vanilla).value();
  const auto verified = VerifyPoStPartition(part, randomness);
  ASSERT_TRUE(verified.ok()) << verified.error().message;
  std::printf("virtual sectors + vanilla proofs + verification: %.1f s\n", SecondsSince(start));
  std::fflush(stdout);

  // every public comm_r is its virtual sector's
  for (size_t i = 0; i < sectors.size(); i++) ASSERT_EQ(part.sectors[i].comm_r, sectors[i].Public().comm_r);
  const auto publics = FallbackPoStPublicInputs(part.params, randomness, part.sectors, 0).value();
  ASSERT_EQ(publics.size() + 1, 25840u);

  const PoStCircuitInput input = PoStCircuitInputFromPartition(part).value();
  start = std::chrono::steady_clock::now();
  // A 2^20-value window (32 MiB) is ~20 sectors' worth; a sector's constraints use nothing of the
  // sectors before it, so nothing needs pinning.
  StreamingCheckCS cs(size_t(1) << 20, 0);
  SynthesizePoStCircuit(cs, input);
  const double check_s = SecondsSince(start);
  EXPECT_EQ(cs.NumConstraints(), 125279217u);
  ASSERT_TRUE(cs.IsSatisfied()) << *cs.FirstFailure();
  ASSERT_EQ(cs.NumInputs(), 25840u);
  for (size_t i = 0; i < publics.size(); i++) ASSERT_EQ(cs.inputs[i + 1], publics[i]) << "input " << i;
  std::printf("checked 125,279,217 constraints (%zu aux; farthest reach %zu): %.1f s; peak RSS %.0f MiB\n", cs.NumAux(),
              cs.MaxReach(), check_s, PeakRssMiB());
}
